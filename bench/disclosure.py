"""Progressive disclosure (M7) on LoCoMo: tokens and evidence recall per strategy.

For each question (categories 1-4 with evidence) of the first conversations:

- **full detail**: search top 10 and read every hit as a full record (layer detail);
- **progressive**: search top 10 as snippets, open the top 3 as timelines (each with
  its neighbouring turns), read the top 1 in full detail;
- **full detail at the same budget**: full records of the hits, in rank order, only as
  many as fit in the tokens the progressive strategy used for that question.

Evidence recall = share of the question's evidence turns the reader was shown (in a
snippet, a timeline, or a full record). Data: ../shared/data/locomo10.json (CC BY-NC 4.0).

    python bench/disclosure.py                   # 2 conversations
    python bench/disclosure.py --conversations 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from locomo import CATEGORY_NAMES, DEFAULT_DATA, evidence_ids, ingest
from lucidmem import Memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--k", type=int, default=10)
    args = parser.parse_args()
    samples = json.loads(DEFAULT_DATA.read_text())[: args.conversations]
    totals: dict[str, list[float]] = {"full": [], "progressive": [], "same_budget": []}
    recall: dict[str, list[float]] = {"full": [], "progressive": [], "same_budget": []}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, Memory(tmp) as memory:
        for sample in samples:
            user = str(sample["sample_id"])
            _, known = ingest(memory, sample)
            dia = {i.id: str(i.metadata.get("dia_id"))
                   for i in memory.get_all(user_id=user, limit=10_000)}
            for qa in sample["qa"]:
                if int(qa["category"]) not in CATEGORY_NAMES:
                    continue
                evidence = set(evidence_ids(qa.get("evidence", []), known))
                if not evidence:
                    continue
                search = memory.disclose("search", user_id=user, query=qa["question"], limit=args.k)
                ids = [r.id for r in search.results]
                detail_all = memory.disclose("detail", user_id=user, ids=ids)
                timeline = memory.disclose("timeline", user_id=user, ids=ids[:3])
                detail_top = memory.disclose("detail", user_id=user, ids=ids[:1])
                spent = search.total_tokens + timeline.total_tokens + detail_top.total_tokens
                seen = {dia[i] for i in ids}
                seen |= {dia.get(n.id, "") for r in timeline.results for n in r.neighbours}
                budget_seen: set[str] = set()
                used = 0
                for r in detail_all.results:
                    if used + r.tokens > spent:
                        break
                    used += r.tokens
                    budget_seen.add(dia[r.id])
                totals["full"].append(detail_all.total_tokens)
                totals["progressive"].append(spent)
                totals["same_budget"].append(used)
                for name, shown in (("full", {dia[i] for i in ids}), ("progressive", seen),
                                    ("same_budget", budget_seen)):
                    recall[name].append(len(evidence & shown) / len(evidence))
    questions = len(recall["full"])
    print(f"{questions} LoCoMo questions over {len(samples)} conversations "
          f"({time.perf_counter() - started:.0f} s), k={args.k}")
    labels = {"full": f"full detail of all {args.k} hits",
              "progressive": "search → timeline(3) → detail(1)",
              "same_budget": "full detail within the progressive budget"}
    for name, label in labels.items():
        print(f"  {label:>42}: tokens mean {statistics.fmean(totals[name]):7.0f}, "
              f"median {statistics.median(totals[name]):7.0f}; "
              f"evidence recall {statistics.fmean(recall[name]):.3f}")
    saving = 1 - statistics.fmean(totals["progressive"]) / statistics.fmean(totals["full"])
    print(f"progressive disclosure uses {saving:.0%} fewer tokens than full detail")


if __name__ == "__main__":
    main()
