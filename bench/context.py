"""Context assembly latency (M6) at 10k memories for one user, everything on.

Synthetic data as in ``bench/scale.py``: Zipf-vocabulary sentences with random
unit vectors for stored passages, the real model for every query. The user has
20 recent turns in working memory and behaviour learning enabled (so every
assembly also selects a skill, writing a trajectory step). Fact records are
not included: the facts capability has not landed in this tree yet.

    python bench/context.py                     # 10k memories, 200 assemblies
    python bench/context.py --size 2000 --runs 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from scale import WORDS, RandomPassages, sentence


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--budget", type=int, default=1500)
    args = parser.parse_args()
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp, \
            Memory(tmp, embedder=RandomPassages(E5Embedder())) as memory:
        for start in range(0, args.size, 1000):
            memory.add([{"role": "user", "content": sentence(rng)}
                        for _ in range(min(1000, args.size - start))],
                       user_id="u", timestamp=1_600_000_000 + start)
        now = memory.kernel.now()
        memory.add([{"role": "user" if i % 2 == 0 else "assistant", "content": sentence(rng)}
                    for i in range(20)], user_id="u", conversation_id="live",
                   timestamp=now - 60)
        memory.skills.enable(user_id="u")
        memory.build_context("warm up", user_id="u", token_budget=args.budget)
        totals: list[float] = []
        parts: dict[str, list[float]] = {}
        tokens: list[int] = []
        for i in range(args.runs):
            message = f"{rng.choice(WORDS)} {rng.choice(WORDS)} and the trip with my sister {i}"
            t0 = time.perf_counter()
            ctx = memory.build_context(message, user_id="u", token_budget=args.budget,
                                         conversation_id="live")
            totals.append((time.perf_counter() - t0) * 1000)
            tokens.append(ctx.total_tokens)
            for part in ctx.parts:
                parts.setdefault(part.name, []).append(part.ms)
        print(f"context assembly, {args.size} memories + 20 recent turns, budget {args.budget}, "
              f"{args.runs} runs (skill selection on)")
        print(f"  total: p50 {statistics.median(totals):.1f} ms, p95 {pct(totals, 0.95):.1f} ms,"
              f" max {max(totals):.1f} ms; tokens used p50 {statistics.median(tokens):.0f}")
        for name, values in parts.items():
            print(f"  {name:>14}: p50 {statistics.median(values):.2f} ms, "
                  f"p95 {pct(values, 0.95):.2f} ms")


if __name__ == "__main__":
    main()
