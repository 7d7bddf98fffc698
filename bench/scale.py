"""Search latency for one user at 10k and 100k stored turns.

Synthetic data: sentences drawn from a Zipf-distributed vocabulary (so BM25
sees realistic posting-list lengths). Stored passages get random unit vectors
instead of real embeddings — search latency does not depend on what the
vectors say, and embedding 100k passages would take half an hour on two
cores — while every *query* is embedded by the real default model, so the
figures include query embedding. Everything goes through the public API.

    python bench/scale.py                 # 10k and 100k
    python bench/scale.py --sizes 10000   # just one size
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Sequence

import numpy as np

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.embedding.base import Matrix, normalise_rows

WORDS = [f"w{i}" for i in range(5000)] + [
    "coffee", "berlin", "sister", "vegan", "allergy", "peanut", "guitar", "trip", "lisbon",
    "nurse", "hospital", "cat", "jazz", "tea", "dentist", "german", "morning", "birthday",
]


class RandomPassages:
    """Real E5 for queries, random unit vectors for stored passages (see module docstring)."""

    def __init__(self, real: E5Embedder, seed: int = 7) -> None:
        self._real = real
        self._rng = np.random.default_rng(seed)

    @property
    def name(self) -> str:
        return self._real.name

    @property
    def dimension(self) -> int:
        return self._real.dimension

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._real.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return normalise_rows(self._rng.standard_normal((len(texts), self.dimension)))


def sentence(rng: random.Random) -> str:
    length = rng.randint(6, 24)
    return " ".join(WORDS[min(int(rng.paretovariate(1.1)) - 1, len(WORDS) - 1)]
                    if rng.random() < 0.9 else rng.choice(WORDS) for _ in range(length))


def run(size: int, queries: int, embedder: RandomPassages,
        presets: tuple[str | None, ...] = (None,)) -> None:
    rng = random.Random(size)
    with tempfile.TemporaryDirectory() as tmp, Memory(tmp, embedder=embedder) as memory:
        started = time.perf_counter()
        batch = 1000
        for start in range(0, size, batch):
            memory.add([{"role": "user", "content": sentence(rng)}
                        for _ in range(min(batch, size - start))],
                       user_id="u", timestamp=1_700_000_000 + start)
        ingest = time.perf_counter() - started
        memory.search("warm up", user_id="u")
        words = ["coffee berlin", "sister vegan birthday", "trip to lisbon with the cat",
                 "what did the nurse say about the hospital", "jazz in the morning"]
        asked = [f"{words[i % len(words)]} {rng.choice(WORDS)}" for i in range(queries)]
        times: dict[str | None, list[float]] = {p: [] for p in presets}
        for query in asked:  # the presets alternate, so load changes hit them alike
            for preset in presets:
                t0 = time.perf_counter()
                memory.search(query, user_id="u", limit=10, preset=preset)
                times[preset].append((time.perf_counter() - t0) * 1000)
        for preset in presets:
            ordered = sorted(times[preset])
            p50 = statistics.median(ordered)
            p95 = ordered[int(len(ordered) * 0.95)]
            print(f"{size:>7} turns: ingest {size / ingest:,.0f} turns/s (random vectors); "
                  f"preset {preset or 'default'}: search p50 {p50:.1f} ms, p95 {p95:.1f} ms "
                  f"over {queries} queries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--presets", default="default",
                        help="comma-separated presets measured side by side, e.g. "
                        "default,fused (default: the settings' preset)")
    args = parser.parse_args()
    embedder = RandomPassages(E5Embedder())
    presets = tuple(None if p == "default" else p for p in args.presets.split(","))
    for size in args.sizes:
        run(size, args.queries, embedder, presets)


if __name__ == "__main__":
    main()
