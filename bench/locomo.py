"""LoCoMo evidence recall through lucidmem's public API.

Data: ../shared/data/locomo10.json (Maharana et al., ACL 2024; CC BY-NC 4.0 —
benchmarked here, never shipped in the package). One user per conversation;
each turn is added with its session's date as timestamp (turn i of a session
at date + i seconds) and its ``dia_id`` as metadata. For every question of
categories 1-4 with evidence we search the user's memory and measure

    recall@k = |evidence ∩ dia_ids of the top-k hits| / |evidence|

averaged over questions. Evidence ids are normalised as the data README
advises (``D30:05`` → ``D30:5``; ids that do not exist are dropped).

    python bench/locomo.py                      # full run, default preset
    python bench/locomo.py --preset bm25        # one leg only
    python bench/locomo.py --conversations 2    # quick look
    python bench/locomo.py --store S --consolidate   # after one sleep cycle per user
    python bench/locomo.py --cache ~/.cache/lucidmem-bench/locomo   # passage vectors on disk

With ``--cache`` passage vectors are kept on disk by (embedder, exact text), so a re-run
re-ingests everything (any change to indexing is measured) but embeds only texts it has not
seen (a change to what gets embedded costs new embeddings once).

The last line printed is ``recall@10=<value>``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lucidmem import Memory

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "locomo10.json"
if not DEFAULT_DATA.exists():  # a worktree under /work/wt/<name>
    DEFAULT_DATA = Path("/work/shared/data/locomo10.json")
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (1, 5, 10, 20)
_EVIDENCE = re.compile(r"D\s*:?(\d+)\s*:\s*(\d+)")


def session_turns(conversation: dict[str, object]) -> list[tuple[datetime, list[dict[str, str]]]]:
    sessions = []
    n = 1
    while f"session_{n}" in conversation:
        stamp = datetime.strptime(
            str(conversation[f"session_{n}_date_time"]), "%I:%M %p on %d %B, %Y"
        ).replace(tzinfo=UTC)
        sessions.append((stamp, conversation[f"session_{n}"]))  # type: ignore[arg-type]
        n += 1
    return sessions  # type: ignore[return-value]


def turn_text(turn: dict[str, str]) -> str:
    text = turn["text"]
    if turn.get("blip_caption"):
        text += f" [shares an image: {turn['blip_caption']}]"
    return text


def evidence_ids(raw: list[str], known: set[str]) -> list[str]:
    found = []
    for item in raw:
        for session, number in _EVIDENCE.findall(item):
            dia = f"D{int(session)}:{int(number)}"
            if dia in known and dia not in found:
                found.append(dia)
    return found


def ingest(memory: Memory, sample: dict[str, object]) -> tuple[int, set[str]]:
    user = str(sample["sample_id"])
    conversation = sample["conversation"]
    assert isinstance(conversation, dict)
    count, known = 0, set()
    for index, (stamp, turns) in enumerate(session_turns(conversation), start=1):
        messages = [
            {
                "role": "user",
                "name": turn["speaker"],
                "content": turn_text(turn),
                "timestamp": stamp + timedelta(seconds=i),
                "metadata": {"dia_id": turn["dia_id"]},
            }
            for i, turn in enumerate(turns)
        ]
        memory.add(messages, user_id=user, conversation_id=f"session-{index}")  # type: ignore[arg-type]
        known.update(t["dia_id"] for t in turns)
        count += len(turns)
    return count, known


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--preset", default=None, help="retrieval preset (default: settings)")
    parser.add_argument("--conversations", type=int, default=None, help="only the first N")
    parser.add_argument("--store", type=Path, default=None,
                        help="keep the ingested memory here and reuse it on later runs")
    parser.add_argument("--consolidate", action="store_true",
                        help="run one sleep cycle per user after ingest, then measure")
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep passage vectors here, keyed by embedder and text")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; pass --data", file=sys.stderr)
        return 2
    samples = json.loads(args.data.read_text())[: args.conversations]

    cache = None
    if args.cache is not None:
        from longhist import PassageCache, default_embedder

        cache = PassageCache(default_embedder(), args.cache)
    with tempfile.TemporaryDirectory() as tmp, Memory(args.store or tmp, embedder=cache) as memory:
        known: dict[str, set[str]] = {}
        reuse = args.store is not None and (args.store / "personal.db").exists()
        started = time.perf_counter()
        turns = 0
        for sample in samples:
            if reuse:
                items = memory.get_all(user_id=sample["sample_id"], kinds=["turn"],
                                       limit=10_000)
                ids = {str(i.metadata["dia_id"]) for i in items}
                n = len(items)
            else:
                n, ids = ingest(memory, sample)
            turns += n
            known[sample["sample_id"]] = ids
        memory.flush()  # every vector computed (add returns before the embedder)
        ingest_seconds = time.perf_counter() - started
        if cache is not None:
            cache.save()
            print(f"passage cache: {cache.misses} embedded, {cache.hits} from cache")
        verb = "reused" if reuse else "ingested"
        print(f"{verb} {turns} turns of {len(samples)} conversations in {ingest_seconds:.1f} s "
              f"({turns / ingest_seconds:.0f} turns/s)")
        if args.consolidate:
            started = time.perf_counter()
            for sample in samples:
                report = memory.sleep.consolidate(user_id=sample["sample_id"])
                counts: dict[str, int] = defaultdict(int)
                for user_report in report.users:
                    for step in user_report.steps:
                        for name, value in step.counts.items():
                            counts[name] += value
                print(f"consolidated {sample['sample_id']}: {report.status} {dict(counts)}")
            print(f"consolidation: {time.perf_counter() - started:.1f} s")

        recalls: dict[int, list[float]] = defaultdict(list)
        by_category: dict[int, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
        latencies = []
        for sample in samples:
            user = sample["sample_id"]
            for qa in sample["qa"]:
                category = int(qa["category"])
                if category not in CATEGORY_NAMES:
                    continue
                evidence = evidence_ids(qa.get("evidence", []), known[user])
                if not evidence:
                    continue
                t0 = time.perf_counter()
                hits = memory.search(qa["question"], user_id=user, limit=max(KS),
                                     preset=args.preset)
                latencies.append((time.perf_counter() - t0) * 1000)
                ranked = [h.item.metadata.get("dia_id") for h in hits]
                for k in KS:
                    got = len(set(ranked[:k]) & set(evidence)) / len(evidence)
                    recalls[k].append(got)
                    by_category[category][k].append(got)

    questions = len(recalls[KS[0]])
    print(f"questions: {questions} (categories 1-4 with evidence)")
    header = "category".ljust(22) + "".join(f"R@{k}".rjust(8) for k in KS) + "       n"
    print(header)
    for category in sorted(by_category):
        row = by_category[category]
        label = f"{category} {CATEGORY_NAMES[category]}".ljust(22)
        print(label + "".join(f"{statistics.mean(row[k]):8.3f}" for k in KS)
              + f"{len(row[KS[0]]):8d}")
    print("overall".ljust(22) + "".join(f"{statistics.mean(recalls[k]):8.3f}" for k in KS)
          + f"{questions:8d}")
    ordered = sorted(latencies)
    print(f"search latency: p50 {ordered[len(ordered) // 2]:.1f} ms, "
          f"p95 {ordered[int(len(ordered) * 0.95)]:.1f} ms (query embedding included)")
    print(f"recall@10={statistics.mean(recalls[10]):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
