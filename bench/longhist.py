"""Long-history retrieval: lucidmem's turn recall beside plain BM25 on project-written histories.

Data: bench/data/longhist/{dev,test}.jsonl (twelve histories of 400+ turns, twelve questions
each; see bench/data/longhist/README.md). One lucidmem ``Memory`` per history (in RAM); each
session is added with its turns' own timestamps and ``conversation_id`` = session id, the
clock set to the session's end. Each question is asked with the clock at its ``asked_at``,
once per arm, k = 20:

    lucidmem   the default search (no preset: whatever the settings choose)
    bm25       preset "bm25" (plain BM25)
    vector     preset "vector" (embeddings only)

A hit counts as the turn it is (search hits map back to turns by the ids ``add`` returned) or,
for a derived item such as a fact, as the turns it was extracted from. Per question:

    turn recall@k   share of the evidence turns among the top k hits     (k = 1, 5, 10, 20)
    all@k           1 if every evidence turn is among the top k hits
    session@20      1 if every session holding evidence has a turn among the top 20 hits

averaged per kind and overall, dev and test side by side. Latency is lucidmem's default
search with the query embedding included: "cold" is the first search after a history was
added, "warm" every later one.

Embedding a ~1,000-character turn costs ~0.25 s on a 2-core machine, so passage embeddings are
cached on disk (``--cache``, keyed by embedder and text). The histories share much of their
filler, so the first run embeds ~2,000 distinct passages of ~5,200 (27 min on the shared
development machine at load 10-15, ~0.8 s each); later runs re-ingest everything from the
cache in ~25 s for both halves. Ingest is redone every run, so any change to indexing or
extraction is measured; a change to what gets embedded costs new embeddings once.

    python bench/longhist.py                      # both halves
    python bench/longhist.py --quick              # one English and one German history per half
    python bench/longhist.py --split dev --show-misses   # dev only, with its per-question misses
    python bench/longhist.py --arms lucidmem,bm25,vector,recent

Per-question results are only ever printed for the dev half. The last two lines are
``test_recall@5=<lucidmem>`` and ``test_recall@5_bm25=<bm25>``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parent / "data" / "longhist"
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / \
    "lucidmem-bench" / "longhist"
KINDS = ("single", "temporal", "current", "multi_hop", "aggregation", "first_last")
KS = (1, 5, 10, 20)
K = max(KS)
ARMS = {"lucidmem": None, "bm25": "bm25", "vector": "vector", "recent": "recent"}


# -- every lucidmem call lives in this adapter ------------------------------------------------
class LucidmemAdapter:
    """One lucidmem ``Memory`` for one history: every call to lucidmem is here."""

    def __init__(self, embedder: Any) -> None:
        from lucidmem import Memory
        from lucidmem.clock import ManualClock

        self.clock = ManualClock(datetime.fromisoformat("2000-01-01T00:00:00+00:00"))
        self.memory = Memory(":memory:", embedder=embedder, clock=self.clock)

    def add_session(self, user: str, session: str,
                    turns: Sequence[tuple[str, str, datetime]]) -> list[str]:
        """Store one session's turns; the ids of the stored items, in turn order."""
        self.clock.now = turns[-1][2]
        messages = [{"role": role, "content": text, "timestamp": at}
                    for role, text, at in turns]
        items = self.memory.add(messages, user_id=user, conversation_id=session)  # type: ignore[arg-type]
        return [item.id for item in items]

    def flush(self) -> None:
        """Wait until every added turn has its vector (add returns before the embedder)."""
        self.memory.flush()

    def search(self, user: str, query: str, now: datetime, k: int,
               preset: str | None) -> list[tuple[str, list[str]]]:
        """Ranked hits as (kind, ids of the stored turns the hit stands for)."""
        self.clock.now = now
        hits = self.memory.search(query, user_id=user, preset=preset, limit=k)
        out = []
        for hit in hits:
            item = hit.item
            if item.kind == "turn":
                out.append((item.kind, [item.id]))
            else:
                sources = item.metadata.get("source_turn_ids") or []
                out.append((item.kind, [str(s) for s in sources]))
        return out

    def close(self) -> None:
        self.memory.close()


def default_embedder() -> Any:
    from lucidmem.embedding import embedder_from_settings
    from lucidmem.settings import Settings

    return embedder_from_settings(Settings())
# -- end of the adapter ----------------------------------------------------------------------


class PassageCache:
    """Wraps an embedder; passage vectors are kept on disk by (embedder, text).

    Queries are never cached here (their cost is part of the measured latency)."""

    def __init__(self, inner: Any, directory: Path | None) -> None:
        self.inner = inner
        self.path = None
        self.vectors: dict[str, np.ndarray] = {}
        self.misses = self.hits = 0
        self.seconds = 0.0
        if directory is not None:
            safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{inner.name}-{inner.dimension}")
            self.path = directory / f"passages-{safe}.npz"
            if self.path.exists():
                with np.load(self.path) as data:
                    self.vectors = dict(zip(data["keys"].tolist(), data["rows"], strict=True))
        self._saved = len(self.vectors)

    @property
    def name(self) -> str:
        return str(self.inner.name)

    @property
    def dimension(self) -> int:
        return int(self.inner.dimension)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)  # type: ignore[no-any-return]

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest()[:32] for t in texts]
        todo = sorted({i for i, key in enumerate(keys) if key not in self.vectors})
        if todo:
            started = time.perf_counter()
            rows = self.inner.embed_passages([texts[i] for i in todo])
            self.seconds += time.perf_counter() - started
            for i, row in zip(todo, rows, strict=True):
                self.vectors[keys[i]] = np.asarray(row, dtype=np.float32)
        self.misses += len(todo)
        self.hits += len(texts) - len(todo)
        return np.stack([self.vectors[key] for key in keys]).astype(np.float32)

    def save(self) -> None:
        if self.path is None or len(self.vectors) == self._saved:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = list(self.vectors)
        with tempfile.NamedTemporaryFile(dir=self.path.parent, suffix=".npz",
                                         delete=False) as tmp:
            np.savez(tmp, keys=np.array(keys), rows=np.stack([self.vectors[k] for k in keys]))
        os.replace(tmp.name, self.path)
        self._saved = len(keys)


@dataclass
class QuestionResult:
    history: str
    split: str
    language: str
    qid: str
    kind: str
    ask: str
    evidence: list[str]
    recall: dict[str, dict[int, float]] = field(default_factory=dict)   # arm -> k -> recall
    all_found: dict[str, dict[int, float]] = field(default_factory=dict)
    sessions: dict[str, float] = field(default_factory=dict)            # arm -> session@20
    ranks: dict[str, dict[str, int | None]] = field(default_factory=dict)  # arm -> ev -> rank
    top: dict[str, list[str]] = field(default_factory=dict)             # arm -> top turn keys


@dataclass
class Timings:
    turns: int = 0
    ingest_seconds: float = 0.0
    cold_ms: list[float] = field(default_factory=list)
    warm_ms: list[float] = field(default_factory=list)
    fact_hits: int = 0
    top10_hits: int = 0


def load(split: str) -> list[dict[str, Any]]:
    path = DATA / f"{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def quick_subset(histories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first English and the first German history."""
    picked: dict[str, dict[str, Any]] = {}
    for h in histories:
        picked.setdefault(h["language"], h)
    return [picked[lang] for lang in sorted(picked)]


def run_history(history: dict[str, Any], embedder: PassageCache, arms: list[str],
                timings: Timings) -> list[QuestionResult]:
    user = history["id"]
    adapter = LucidmemAdapter(embedder)
    try:
        turn_of: dict[str, str] = {}       # stored item id -> "sNN:i"
        started = time.perf_counter()
        for session in history["sessions"]:
            turns = [(t["role"], t["content"], datetime.fromisoformat(t["at"]))
                     for t in session["turns"]]
            ids = adapter.add_session(user, session["id"], turns)
            if len(ids) != len(turns):
                raise RuntimeError(f"{user}/{session['id']}: add returned {len(ids)} ids "
                                   f"for {len(turns)} turns")
            turn_of.update({item: f"{session['id']}:{i}" for i, item in enumerate(ids)})
            timings.turns += len(turns)
        adapter.flush()
        timings.ingest_seconds += time.perf_counter() - started
        embedder.save()

        results = []
        first = True
        for q in history["questions"]:
            now = datetime.fromisoformat(q["asked_at"])
            evidence = list(q["evidence"])
            ev_sessions = {e.split(":")[0] for e in evidence}
            res = QuestionResult(history=user, split=history["split"],
                                 language=history["language"], qid=q["id"], kind=q["kind"],
                                 ask=q["ask"], evidence=evidence)
            for arm in arms:
                t0 = time.perf_counter()
                hits = adapter.search(user, q["ask"], now, K, ARMS[arm])
                elapsed = (time.perf_counter() - t0) * 1000
                if arm == "lucidmem":
                    (timings.cold_ms if first else timings.warm_ms).append(elapsed)
                    first = False
                    timings.top10_hits += min(len(hits), 10)
                    timings.fact_hits += sum(1 for kind, _ in hits[:10] if kind != "turn")
                ranked = [[turn_of[i] for i in ids if i in turn_of] for _, ids in hits]
                res.recall[arm], res.all_found[arm] = {}, {}
                for k in KS:
                    found = {t for group in ranked[:k] for t in group} & set(evidence)
                    res.recall[arm][k] = len(found) / len(evidence)
                    res.all_found[arm][k] = float(len(found) == len(evidence))
                hit_sessions = {t.split(":")[0] for group in ranked[:K] for t in group}
                res.sessions[arm] = float(ev_sessions <= hit_sessions)
                res.ranks[arm] = {
                    e: next((r for r, group in enumerate(ranked, start=1) if e in group), None)
                    for e in evidence}
                res.top[arm] = [",".join(group) or "-" for group in ranked[:5]]
            results.append(res)
        return results
    finally:
        adapter.close()


def mean(values: list[float]) -> float:
    return statistics.mean(values) if values else float("nan")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def table(results: dict[str, list[QuestionResult]], arms: list[str], title: str,
          columns: list[tuple[str, Any]], by: str = "kind") -> None:
    """One row per (kind or language, arm); a block of columns per split."""
    splits = [s for s in ("dev", "test") if results.get(s)]
    width = 7 * len(columns)
    print(f"\n{title}")
    head = by.ljust(13) + "arm".ljust(10)
    head += " | ".join(f"{s} (n)".center(width) for s in splits)
    print(head)
    print("".ljust(23) + " | ".join("".join(n.rjust(7) for n, _ in columns) for _ in splits))
    groups = (*KINDS, "overall") if by == "kind" else sorted(
        {getattr(r, by) for rows in results.values() for r in rows})
    for group in groups:
        def member(r: QuestionResult, group: str = group) -> bool:
            return group == "overall" or getattr(r, by) == group

        for a, arm in enumerate(arms):
            label = (f"{group}" if a == 0 else "").ljust(13) + arm.ljust(10)
            blocks = []
            for split in splits:
                rows = [r for r in results[split] if member(r)]
                blocks.append("".join(f"{mean([fn(r, arm) for r in rows]):7.3f}"
                                      for _, fn in columns))
            counts = ", ".join(str(sum(1 for r in results[s] if member(r))) for s in splits)
            print(label + " | ".join(blocks) + (f"   n={counts}" if a == 0 else ""))


def show_misses(results: list[QuestionResult], arms: list[str]) -> None:
    """Dev questions where lucidmem's top 5 holds less evidence than BM25's, or misses some."""
    print("\ndev questions where lucidmem misses evidence at @5 (ranks of each evidence turn "
          "per arm; '-' = not in the top 20)")
    for r in results:
        ours, bm25 = r.recall["lucidmem"][5], r.recall.get("bm25", {}).get(5, 0.0)
        if ours >= 1.0 and ours >= bm25:
            continue
        flag = "LOSES to bm25" if ours < bm25 else ("ties bm25" if ours == bm25 else
                                                     "beats bm25")
        print(f"- {r.qid} [{r.kind}] {r.ask}  (R@5 {ours:.2f} vs bm25 {bm25:.2f}: {flag})")
        for arm in arms:
            ranks = " ".join(f"{e}@{r.ranks[arm][e] or '-'}" for e in r.evidence)
            print(f"    {arm:9s} {ranks}   top5: {' '.join(r.top[arm])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "both"), default="both")
    parser.add_argument("--quick", action="store_true",
                        help="one English and one German history per half")
    parser.add_argument("--histories", default=None,
                        help="comma-separated history ids (e.g. en02,de02)")
    parser.add_argument("--arms", default="lucidmem,bm25,vector",
                        help=f"comma-separated, from {','.join(ARMS)} (lucidmem always runs)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help=f"passage-embedding cache directory (default {DEFAULT_CACHE})")
    parser.add_argument("--no-cache", action="store_true", help="embed everything afresh")
    parser.add_argument("--show-misses", action="store_true",
                        help="print the dev questions lucidmem misses at @5 (never test ones)")
    parser.add_argument("--json", type=Path, default=None,
                        help="write the aggregates (and dev per-question rows) here")
    args = parser.parse_args()

    arms = ["lucidmem", *[a for a in args.arms.split(",") if a and a != "lucidmem"]]
    unknown = [a for a in arms if a not in ARMS]
    if unknown:
        parser.error(f"unknown arm(s) {unknown}; choose from {sorted(ARMS)}")
    splits = ["dev", "test"] if args.split == "both" else [args.split]
    wanted = set(args.histories.split(",")) if args.histories else None

    embedder = PassageCache(default_embedder(), None if args.no_cache else args.cache)
    print(f"embedder {embedder.name} ({embedder.dimension}d); passage cache: "
          f"{embedder.path or 'off'} ({len(embedder.vectors)} vectors)")
    results: dict[str, list[QuestionResult]] = {}
    timings: dict[str, Timings] = {}
    wall = time.perf_counter()
    for split in splits:
        histories = load(split)
        if wanted:
            histories = [h for h in histories if h["id"] in wanted]
        elif args.quick:
            histories = quick_subset(histories)
        timings[split] = Timings()
        results[split] = []
        for history in histories:
            misses, embed_s = embedder.misses, embedder.seconds
            t0 = time.perf_counter()
            results[split] += run_history(history, embedder, arms, timings[split])
            turns = sum(len(s["turns"]) for s in history["sessions"])
            print(f"  {split} {history['id']}: {turns} turns, "
                  f"{len(history['questions'])} questions, {time.perf_counter() - t0:.1f} s "
                  f"({embedder.misses - misses} passages embedded in "
                  f"{embedder.seconds - embed_s:.1f} s)", flush=True)
    embedder.save()

    print()
    for split in splits:
        t = timings[split]
        if not t.turns:
            continue
        print(f"{split}: ingested {t.turns} turns in {t.ingest_seconds:.1f} s "
              f"({t.turns / t.ingest_seconds:.1f} turns/s, embedding from cache where possible); "
              f"search cold p50 {pct(t.cold_ms, 0.5):.0f} ms (max {max(t.cold_ms):.0f}) over "
              f"{len(t.cold_ms)} histories, warm p50 {pct(t.warm_ms, 0.5):.1f} ms, "
              f"p95 {pct(t.warm_ms, 0.95):.1f} ms over {len(t.warm_ms)} searches; "
              f"non-turn items in lucidmem's top 10: {t.fact_hits}/{t.top10_hits}")
    print(f"passage embeddings: {embedder.misses} computed in {embedder.seconds:.1f} s "
          f"({embedder.seconds / max(embedder.misses, 1):.3f} s each), {embedder.hits} from "
          f"cache; wall time {time.perf_counter() - wall:.0f} s")

    def recall(k: int) -> Any:
        return lambda r, arm: r.recall[arm][k]

    def found(k: int) -> Any:
        return lambda r, arm: r.all_found[arm][k]

    table(results, arms, "turn recall@k (share of evidence turns in the top k)",
          [(f"R@{k}", recall(k)) for k in KS])
    table(results, arms, "all evidence found@k, and every evidence session found @20",
          [("All@5", found(5)), ("All@10", found(10)), ("All@20", found(20)),
           ("Ses@20", lambda r, arm: r.sessions[arm])])
    table(results, arms, "turn recall@k by language", [(f"R@{k}", recall(k)) for k in KS],
          by="language")
    if args.show_misses and results.get("dev"):
        show_misses(results["dev"], arms)

    summary = {
        split: {arm: {f"recall@{k}": mean([r.recall[arm][k] for r in rows]) for k in KS}
                | {f"all@{k}": mean([r.all_found[arm][k] for r in rows]) for k in KS}
                | {"session@20": mean([r.sessions[arm] for r in rows]), "n": len(rows)}
                for arm in arms}
        for split, rows in results.items() if rows}
    if args.json:
        dev_rows = [r.__dict__ for r in results.get("dev", [])]
        args.json.write_text(json.dumps({"summary": summary, "dev_questions": dev_rows},
                                        indent=1, default=str))
    last = "test" if results.get("test") else "dev"
    if "bm25" not in arms:
        print(f"{last}_recall@5={summary[last]['lucidmem']['recall@5']:.3f}")
        return 0
    print(f"{last}_recall@5={summary[last]['lucidmem']['recall@5']:.3f}")
    print(f"{last}_recall@5_bm25={summary[last]['bm25']['recall@5']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
