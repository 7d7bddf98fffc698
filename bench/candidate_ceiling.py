"""Ceilings of candidate sources: the share of LoCoMo evidence among a search's candidates.

Before building a new way to find candidates, this measures how much evidence it could add at
best: for every LoCoMo question (categories 1–4) the share of its evidence turns held by the
set of candidates (a fact counts for the turns it was read from), averaged. Arms:

- ``fused80`` / ``fused100`` / ``fused120``: the first N fused hits (BM25 + vectors, RRF);
  the second stage re-orders the first 80.
- ``ranked20``: the first 20 after the second stage (the R@20 the benchmark reports).
- ``prf-<feedback>-<mode>-q<quota>``: a second BM25 hop (pseudo-relevance feedback, RM3-like):
  the 10 rarest-weighted words (idf over the user's memory, weighted by the feedback hit's
  rank) of the first 5 or 10 fused or ranked hits, searched alone (``exp``) or with the
  question's words (``qexp``); up to ``quota`` new hits join the 80.
- ``…-swap<quota>`` (rank7): the same new hits in place of the last ``quota`` of the 80, so the
  second stage would order no more candidates than now.
- ``vprf-<feedback>-b<beta>-<add|swap><quota>`` (rank7): a second vector hop, the question's
  vector plus ``beta`` × the mean vector of the first 5 fused / 5 or 10 ranked hits (Rocchio).
- ``rare-<feedback>-<add|swap><quota>`` (rank7): hits sharing a rare word (held by 2–4 records
  of the user, not asked) with the feedback hits, by idf weighted by the feedback hit's rank.
- ``session-best1/2``: the best one or two hits by cosine of every session join the 80.
- ``decomp``: questions naming two people, or joining two parts with "and", are split into
  sub-queries (one per name, or the two halves) searched alone; up to 10 new hits each join.

    python bench/candidate_ceiling.py --store S            # S ingested by bench/locomo.py
    python bench/candidate_ceiling.py --store S --conversations 2

Never writes to the store beyond what a search does (access counts).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import CATEGORY_NAMES, DEFAULT_DATA, evidence_ids
from lucidmem import Memory
from lucidmem.records import Record
from lucidmem.store.base import Query
from lucidmem.text import STOPWORDS, query_terms, tokens

EXPANSION_TERMS = 10
SUB_QUERY_QUOTA = 10
RARE = 4  # a word held by at most this many of the user's records


def share(ids: Iterable[str], cover: dict[str, set[str]], evidence: set[str]) -> float:
    got: set[str] = set()
    for i in ids:
        got |= cover.get(i, set())
    return len(got & evidence) / len(evidence)


def coverage(records: list[Record]) -> dict[str, set[str]]:
    """Record id → the LoCoMo dia ids it holds (a fact: those of its source turns)."""
    dia_of = {r.id: str((r.data.get("metadata") or {}).get("dia_id"))
              for r in records if r.kind == "turn"}
    return {r.id: ({dia_of[r.id]} if r.kind == "turn" else
                   {dia_of[t] for t in r.data.get("source_turn_ids") or () if t in dia_of})
            for r in records}


def expansion(feedback: list[str], words: dict[str, list[str]], df: Counter[str],
              idf: dict[str, float], asked: set[str]) -> list[str]:
    """The feedback hits' words not in the question, by idf weighted by the hit's rank."""
    score: Counter[str] = Counter()
    for rank, item_id in enumerate(feedback):
        for w in set(words.get(item_id, ())):
            if w in STOPWORDS or w in asked or len(w) < 3 or w.isdigit() or df[w] < 2:
                continue
            score[w] += idf[w] / math.sqrt(rank + 1)
    return [w for w, _ in score.most_common(EXPANSION_TERMS)]


def sub_queries(question: str) -> list[str]:
    """One per name when the question names two or more; else the halves around " and "."""
    names = [w.strip("?,.'s") for w in question.split()[1:] if w[:1].isupper()]
    names = [n for n in dict.fromkeys(names) if n.casefold() not in STOPWORDS]
    if len(names) >= 2:
        rest = [w for w in question.split() if w.strip("?,.'s") not in names]
        return [" ".join([*rest, n]) for n in names]
    if re.search(r"\band\b", question):
        left, _, right = question.partition(" and ")
        return [p for p in (left, right) if p.strip()]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", type=int, default=None)
    args = parser.parse_args()
    samples = json.loads(args.data.read_text())[: args.conversations]
    arms: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    sizes: dict[str, list[int]] = defaultdict(list)
    with Memory(args.store) as memory:
        store = memory.kernel.store(None)
        for sample in samples:
            user = sample["sample_id"]
            records = [r for r in store.find(Query(user_id=user)) if r.status == "active"]
            cover = coverage(records)
            known = set().union(*(cover[r.id] for r in records if r.kind == "turn"))
            words = {r.id: tokens(f"{r.text} {r.keywords}") for r in records}
            df: Counter[str] = Counter()
            for w in words.values():
                df.update(set(w))
            idf = {w: math.log((len(records) + 1) / (c + 0.5)) for w, c in df.items()}
            holders: dict[str, list[str]] = defaultdict(list)
            for r in records:
                for w in set(words[r.id]):
                    if df[w] <= RARE:
                        holders[w].append(r.id)
            with_vector = [r for r in records if r.embedding is not None]
            row_of = {r.id: j for j, r in enumerate(with_vector)}
            matrix = np.vstack([r.embedding for r in with_vector]).astype(np.float32)
            for qa in sample["qa"]:
                category = int(qa["category"])
                if category not in CATEGORY_NAMES:
                    continue
                evidence = set(evidence_ids(qa.get("evidence", []), known))
                if not evidence:
                    continue
                question = qa["question"]
                fused = [h.item.id for h in memory.search(question, user_id=user, limit=120,
                                                          preset="fused")]
                ranked = [h.item.id for h in memory.search(question, user_id=user, limit=20)]
                base = fused[:80]
                taken = set(base)

                def record(name: str, ids: list[str], category: int = category,
                           evidence: set[str] = evidence,
                           cover: dict[str, set[str]] = cover) -> None:
                    for group in (CATEGORY_NAMES[category], "all"):
                        arms[name][group].append(share(ids, cover, evidence))
                    sizes[name].append(len(ids))

                for n in (60, 70, 80, 100, 120):
                    record(f"fused{n}", fused[:n])
                record("ranked20", ranked)
                def pools(name: str, found: list[str], fused: list[str] = fused) -> None:
                    for quota in (10, 20):
                        head = fused[:80 - quota]
                        kept = set(head)
                        record(f"{name}-swap{quota}",
                               head + [i for i in found if i not in kept][:quota])

                asked = set(query_terms(question))
                vector = memory.kernel.embedder.embed_queries([question])[0]
                unit = vector / np.linalg.norm(vector)
                for label, feedback in (("fused5", fused[:5]), ("ranked5", ranked[:5]),
                                        ("ranked10", ranked[:10])):
                    extra = expansion(feedback, words, df, idf, asked)
                    for mode, terms in (("exp", extra), ("qexp", [*asked, *extra])):
                        if not terms:
                            continue
                        found = [h.id for h in store.text_search(Query(user_id=user), terms, 60)]
                        new = [i for i in found if i not in taken]
                        for quota in (10, 20):
                            record(f"prf-{label}-{mode}-q{quota}", base + new[:quota])
                        if mode == "qexp":
                            pools(f"prf-{label}-{mode}", found)
                    vectors = [matrix[row_of[i]] for i in feedback if i in row_of]
                    if vectors:
                        mean = np.mean(vectors, axis=0)
                        mean /= np.linalg.norm(mean)
                        for beta in (0.5, 1.0):
                            order = np.argsort(-(matrix @ (unit + beta * mean)))[:120]
                            found = [with_vector[j].id for j in order]
                            new = [i for i in found if i not in taken]
                            for quota in (10, 20):
                                record(f"vprf-{label}-b{beta}-add{quota}", base + new[:quota])
                            pools(f"vprf-{label}-b{beta}", found)
                    linked: Counter[str] = Counter()
                    for rank, item_id in enumerate(feedback):
                        for w in set(words.get(item_id, ())):
                            if (not 2 <= df[w] <= RARE or w in asked or w in STOPWORDS
                                    or len(w) < 3 or w.isdigit()):
                                continue
                            for other in holders[w]:
                                if other not in feedback:
                                    linked[other] += idf[w] / math.sqrt(rank + 1)
                    found = [i for i, _ in linked.most_common(40)]
                    new = [i for i in found if i not in taken]
                    for quota in (10, 20):
                        record(f"rare-{label}-add{quota}", base + new[:quota])
                    pools(f"rare-{label}", found)
                cosines = matrix @ vector
                best: dict[str | None, list[str]] = defaultdict(list)
                for j in np.argsort(-cosines):
                    session = with_vector[j].conversation_id
                    if len(best[session]) < 2:
                        best[session].append(with_vector[j].id)
                for per in (1, 2):
                    record(f"session-best{per}",
                           base + [i for ids in best.values() for i in ids[:per] if i not in taken])
                extra_ids: list[str] = []
                parts = sub_queries(question)
                for part in parts:
                    sub = [h.item.id for h in memory.search(part, user_id=user, limit=40,
                                                            preset="fused")]
                    extra_ids += [i for i in sub if i not in taken
                                  and i not in extra_ids][:SUB_QUERY_QUOTA]
                record("decomp", base + extra_ids)
                for group in (CATEGORY_NAMES[category], "all"):
                    arms["decomp applies to"][group].append(float(bool(parts)))
            print(f"  {user}", flush=True)
    print("arm".ljust(28) + "all".rjust(7) + "".join(
        n[:9].rjust(11) for n in CATEGORY_NAMES.values()) + "   candidates")
    for name, row in arms.items():
        size = f"{statistics.mean(sizes[name]):8.1f}" if sizes[name] else ""
        print(name.ljust(28) + f"{statistics.mean(row['all']):7.3f}" + "".join(
            f"{statistics.mean(row[c]):11.3f}" for c in CATEGORY_NAMES.values()) + "   " + size)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
