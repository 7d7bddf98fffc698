"""One thread or every thread for a search query: the embedder's policies side by side.

A single short text (a query) can be embedded on one OpenMP thread or on all of them; the
vector is the same, the time depends on the machine and its load. ``E5Embedder`` takes
``short_text_threads="one" | "all" | "timed"`` ("timed", the default, measures its own calls
and keeps the faster). This bench runs the policies interleaved on the same LoCoMo questions:

1. the question's embedding alone, each policy on each question in turn;
2. whole searches on an ingested LoCoMo store (``bench/locomo.py --store S`` makes one), the
   store opened once with an embedder that switches policy on every search; the question is
   varied by trailing spaces so the query cache never answers.

    python bench/query_threads.py --store S            # both parts
    python bench/query_threads.py                      # the embedding alone

The store is only read (searches update access statistics: use a copy you can throw away).
Run it on a quiet machine: latencies under load measure the load.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from locomo import CATEGORY_NAMES, DEFAULT_DATA
from lucidmem import Memory
from lucidmem.embedding.base import Matrix
from lucidmem.embedding.e5 import SHORT_TEXT_THREADS, E5Embedder


class Switch:
    """An embedder that forwards to one of several (identical vectors, other timing)."""

    def __init__(self, embedders: dict[str, E5Embedder]) -> None:
        self.embedders = embedders
        self.current = next(iter(embedders))

    @property
    def name(self) -> str:
        return self.embedders[self.current].name

    @property
    def dimension(self) -> int:
        return self.embedders[self.current].dimension

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self.embedders[self.current].embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self.embedders[self.current].embed_passages(texts)


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"p50 {ordered[len(ordered) // 2]:.1f} ms, "
            f"p95 {ordered[int(len(ordered) * 0.95)]:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--store", type=Path, default=None,
                        help="an ingested LoCoMo store (bench/locomo.py --store S)")
    parser.add_argument("--questions", type=int, default=300)
    args = parser.parse_args()
    samples = json.loads(args.data.read_text())
    questions = [(str(s["sample_id"]), str(qa["question"])) for s in samples for qa in s["qa"]
                 if int(qa["category"]) in CATEGORY_NAMES][: args.questions]
    embedders = {policy: E5Embedder(short_text_threads=policy) for policy in SHORT_TEXT_THREADS}

    times: dict[str, list[float]] = {policy: [] for policy in embedders}
    for n, (_, question) in enumerate(questions):
        order = list(embedders) if n % 2 else list(reversed(list(embedders)))
        for policy in order:
            started = time.perf_counter()
            embedders[policy].embed_queries([question])
            times[policy].append((time.perf_counter() - started) * 1000)
    print(f"the question's embedding alone, {len(questions)} LoCoMo questions, interleaved:")
    for policy, values in times.items():
        print(f"  {policy:>5}: {percentiles(values)}")

    if args.store is not None:
        switch = Switch({policy: embedders[policy] for policy in ("one", "timed")})
        searches: dict[str, list[float]] = {policy: [] for policy in switch.embedders}
        with Memory(args.store, embedder=switch) as memory:
            memory.search("warm up", user_id=questions[0][0], limit=20)
            for n, (user, question) in enumerate(questions):
                order = list(searches) if n % 2 else list(reversed(list(searches)))
                for k, policy in enumerate(order):
                    switch.current = policy
                    text = question + " " * (k + 1)  # never a query-cache hit
                    started = time.perf_counter()
                    memory.search(text, user_id=user, limit=20)
                    searches[policy].append((time.perf_counter() - started) * 1000)
        print(f"whole searches (second stage on, query embedding included), "
              f"{len(questions)} questions, interleaved:")
        for policy, values in searches.items():
            print(f"  {policy:>5}: {percentiles(values)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
