"""Sleep-cycle benchmark: consolidation speed, its effects, and crash-resume safety.

Synthetic data: ``--users`` users × ``--days`` days of conversation, ``--turns`` turns a
day, generated from templates (fact statements the offline extractor reads, a weekly
grocery-planning habit, small talk, bulky metadata such as image captions). Stored passages
get deterministic pseudo-random unit vectors derived from a hash of their text
(:class:`HashPassages`) instead of real E5 embeddings, so ingesting is fast and every
process computes the same vectors (the crash test compares two databases). Consolidation
never embeds turns, so its timing does not depend on this choice; the few records it embeds
(inferred preferences) use the same hash vectors.

Prints seconds per 1,000 turns consolidated (target <= 2 s), facts before/after, archived
facts and compaction savings; then kills the job (a real subprocess, SIGKILL) at random
points ``--kills`` times, resumes, and compares with a clean run: ``lost=0 duplicated=0``.

    python bench/consolidation.py                      # 10 users x 60 days x 20 turns
    python bench/consolidation.py --users 3 --days 40 --kills 20
"""

from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from lucidmem import Memory
from lucidmem.embedding.base import Matrix, normalise_rows
from lucidmem.store.base import Query

ROOT = Path(__file__).resolve().parents[1]
START = datetime(2026, 1, 4, 8, 0, tzinfo=UTC)  # a Sunday
FOODS = ["jazz", "sushi", "hiking", "chess", "tea", "coffee", "opera", "tennis", "pizza"]
PLACES = ["Berlin", "Lisbon", "Madrid", "Oslo", "Vienna", "Prague"]
SMALL = ["what's the weather like", "remind me about the meeting", "tell me a joke",
         "how do I fix this bug", "summarise the article", "what time is it in Tokyo",
         "any book recommendations", "help me write an email to my landlord"]


class HashPassages:
    """Unit vectors from a hash of the text: deterministic across processes (see docstring)."""

    name = "bench-hash-384"
    dimension = 384

    def _vectors(self, texts: Sequence[str]) -> Matrix:
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
            rows.append(np.random.default_rng(seed).standard_normal(self.dimension))
        return normalise_rows(np.array(rows, dtype=np.float32).reshape(-1, self.dimension))

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._vectors(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._vectors(texts)


def conversation(rng: random.Random, day: datetime, turns: int) -> list[dict[str, object]]:
    """One day's turns (user/assistant alternating), with facts and a Sunday habit."""
    out: list[dict[str, object]] = []
    for i in range(turns):
        at = day + timedelta(minutes=3 * i)
        if i % 2:
            out.append({"role": "assistant", "content": "Noted. " + rng.choice(SMALL) + "?",
                        "timestamp": at.isoformat()})
            continue
        roll = rng.random()
        if day.weekday() == 6 and i == 0:
            text = "Let's plan the groceries for this week"
        elif roll < 0.15:
            text = f"I love {rng.choice(FOODS)}"
        elif roll < 0.22:
            text = f"I live in {rng.choice(PLACES)}"
        elif roll < 0.27:
            text = f"I'm allergic to {rng.choice(['peanuts', 'cats', 'pollen'])}!"
        else:
            text = rng.choice(SMALL)
        meta = {"source": "app"}
        if rng.random() < 0.3:
            meta["caption"] = "a photo showing " + " ".join(rng.choices(SMALL, k=6))
        out.append({"role": "user", "content": text, "timestamp": at.isoformat(),
                    "metadata": meta})
    return out


def ingest(path: Path, users: int, days: int, turns: int, seed: int) -> tuple[int, datetime]:
    rng = random.Random(seed)
    end = START + timedelta(days=days)
    now = [START]
    total = 0
    with Memory(path, embedder=HashPassages(), clock=lambda: now[0]) as memory:  # type: ignore[arg-type]
        for u in range(users):
            for d in range(days):
                day = START + timedelta(days=d)
                now[0] = day + timedelta(hours=12)
                messages = conversation(rng, day, turns)
                memory.add(messages, user_id=f"user{u}", conversation_id=f"d{d}")  # type: ignore[arg-type]
                total += len(messages)
    return total, end


def state(memory: Memory, user: str) -> dict[str, tuple[object, ...]]:
    out = {}
    for r in memory.kernel.store().find(Query(user_id=user)):
        if r.kind in ("sleep_checkpoint", "sleep_run"):
            continue
        out[r.id] = (r.kind, r.status, r.text, r.version, repr(sorted(r.data.items())),
                     r.embedding is None)
    return out


def crash_test(source: Path, user: str, epoch: float, kills: int, seed: int) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "consolidation"))
    from crash_runner import run_helper  # type: ignore[import-not-found]

    work = Path(tempfile.mkdtemp(prefix="lucidmem-crash-"))
    try:
        clean = work / "clean"
        shutil.copytree(source, clean)
        _, full = run_helper(clean, user, epoch, None, batch=25, embedder="random")
        rng = random.Random(seed)
        done_kills, cycles, lost, duplicated, differing = 0, 0, 0, 0, 0
        started = time.perf_counter()
        while done_kills < kills:
            cycles += 1
            crashed = work / f"crashed{cycles}"
            shutil.copytree(source, crashed)
            while True:
                finished, _ = run_helper(crashed, user, epoch, rng.uniform(0.0, full),
                                         batch=25, embedder="random")
                if finished:
                    break
                done_kills += 1
            run_helper(crashed, user, epoch, None, batch=25, embedder="random")
            with Memory(clean, embedder=HashPassages()) as a, \
                    Memory(crashed, embedder=HashPassages()) as b:  # type: ignore[arg-type]
                want, got = state(a, user), state(b, user)
            lost += len(set(want) - set(got))
            duplicated += len(set(got) - set(want))
            differing += sum(1 for k in set(want) & set(got) if want[k] != got[k])
            shutil.rmtree(crashed)
        print(f"crash test: {done_kills} SIGKILLs over {cycles} resumed runs of {user} "
              f"(clean run {full:.2f} s; {time.perf_counter() - started:.0f} s in all)")
        print(f"lost={lost} duplicated={duplicated} differing={differing}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--turns", type=int, default=20, help="turns per day per user")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        t0 = time.perf_counter()
        total, end = ingest(data, args.users, args.days, args.turns, args.seed)
        print(f"ingested {total} turns ({args.users} users x {args.days} days x {args.turns}) "
              f"in {time.perf_counter() - t0:.1f} s")
        pristine = Path(tmp) / "pristine"
        shutil.copytree(data, pristine)
        with Memory(data, embedder=HashPassages(), clock=lambda: end) as memory:  # type: ignore[arg-type]
            store = memory.kernel.store()
            users = [u for u in store.user_ids()]
            before = sum(store.count(Query(user_id=u, kinds=["fact"], statuses=["active"]))
                         for u in users)
            t0 = time.perf_counter()
            report = memory.sleep.consolidate()
            seconds = time.perf_counter() - t0
            after = sum(store.count(Query(user_id=u, kinds=["fact"], statuses=["active"]))
                        for u in users)
            print(f"consolidated {report.turns} turns of {len(report.users)} users in "
                  f"{seconds:.2f} s = {1000 * seconds / max(1, report.turns):.3f} s per 1,000 "
                  "turns (target <= 2 s)")
            print(f"active facts before={before} after={after}; archived="
                  f"{report.count('archived')}; variants removed="
                  f"{report.count('variants_removed')}; replayed={report.count('replayed')}")
            print(f"compaction: {report.count('compacted')} turns, {report.bytes_saved} bytes "
                  "of turn bodies saved; inferred preferences="
                  f"{report.count('preferences')} triggers={report.count('triggers')}")
            later = end + timedelta(days=200)
        with Memory(data, embedder=HashPassages(), clock=lambda: later) as memory:  # type: ignore[arg-type]
            report = memory.sleep.consolidate()
            print(f"200 days later: archived={report.count('archived')} more facts, "
                  f"compacted {report.count('compacted')} more turns "
                  f"({report.bytes_saved} bytes)")
        crash_test(pristine, "user0", end.timestamp(), args.kills, args.seed)


if __name__ == "__main__":
    main()
