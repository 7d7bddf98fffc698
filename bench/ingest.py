"""Ingest speed: ``add`` per call, turns/s end to end (vectors drained), raw embedding.

Generates a corpus of conversation turns of about 100 and about 1,000 characters
(deterministic, seeded), then for each length:

* raw embedding: the bundled embedder alone on what ``add`` embeds for those turns (each
  turn with the one before it), in batches;
* end to end: a fresh :class:`lucidmem.Memory` on disk with the default settings, one
  ``add`` per turn in conversations of 20 turns, then ``flush`` until every vector is
  stored and every turn's facts extracted (both happen after ``add`` returns); prints
  turns/s over the whole run and ``add``'s p50/p95 per call.

The last line is ``turns_per_s_1000=<value>`` (end to end, 1,000 characters).

    PYTHONPATH=src python bench/ingest.py                 # 2,000 turns per length
    PYTHONPATH=src python bench/ingest.py --turns 200     # a shorter run
    PYTHONPATH=src python bench/ingest.py --facts-in-add  # extraction inside add
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.embedding.turns import embed_turns

SEED = 14
TURNS_PER_CONVERSATION = 20
RAW_BATCH = 32
NAMES = ["Ana", "Bruno", "Chen", "Dara", "Emeka", "Farah", "Goran", "Hana", "Ines", "Jonas"]
PLACES = ["the bakery", "the climbing gym", "Lisbon", "the office", "the lake", "my sister's",
          "the night market", "the library", "the clinic", "the train station"]
TOPICS = ["the quarterly budget", "a new puppy", "marathon training", "the kitchen renovation",
          "a Python refactor", "vegetarian recipes", "the school play", "tax deadlines",
          "a trip to Kyoto", "learning the violin", "the garden irrigation", "job interviews"]
TEMPLATES = [
    "On {day} I met {name} at {place} and we talked about {topic} for a while.",
    "{name} thinks {topic} will take longer than planned, mostly because of {place}.",
    "Remind me that {name} prefers to meet at {place} when we discuss {topic}.",
    "I'm not sure about {topic} yet; {name} said we could decide at {place} on {day}.",
    "Yesterday at {place}, {name} showed me notes on {topic} that were surprisingly good.",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def make_turn(rng: random.Random, chars: int) -> str:
    """A turn of about ``chars`` characters made of plausible sentences."""
    sentences: list[str] = []
    while sum(len(s) + 1 for s in sentences) < chars:
        sentences.append(rng.choice(TEMPLATES).format(
            day=rng.choice(DAYS), name=rng.choice(NAMES), place=rng.choice(PLACES),
            topic=rng.choice(TOPICS)))
    return " ".join(sentences)[:chars].rstrip()


def corpus(turns: int, chars: int) -> list[list[dict[str, str]]]:
    """Conversations of ``TURNS_PER_CONVERSATION`` alternating user/assistant turns."""
    rng = random.Random(SEED + chars)
    out: list[list[dict[str, str]]] = []
    for start in range(0, turns, TURNS_PER_CONVERSATION):
        size = min(TURNS_PER_CONVERSATION, turns - start)
        out.append([{"role": "user" if i % 2 == 0 else "assistant",
                     "content": make_turn(rng, chars)} for i in range(size)])
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def raw_embedding(embedder: E5Embedder, conversations: list[list[dict[str, str]]]) -> float:
    """Turns/s of the embedder alone on what ``add`` embeds (each turn in context of the one
    before it, long turns as chunks), in batches of up to ``RAW_BATCH`` turns."""
    count = 0
    started = time.perf_counter()
    for conversation in conversations:
        spoken = [m["content"] for m in conversation]
        for start in range(0, len(spoken), RAW_BATCH):
            part = spoken[start : start + RAW_BATCH]
            embed_turns(embedder.embed_passages, part, spoken[start - 1] if start else None, None)
            count += len(part)
    return count / (time.perf_counter() - started)


def end_to_end(embedder: E5Embedder, conversations: list[list[dict[str, str]]],
               data: Path, settings: Settings) -> tuple[float, list[float], float]:
    """(turns/s with vectors drained, seconds per add call, seconds of the final flush)."""
    latencies: list[float] = []
    with Memory(data, settings=settings, embedder=embedder) as memory:
        started = time.perf_counter()
        for number, conversation in enumerate(conversations):
            for message in conversation:
                t0 = time.perf_counter()
                memory.add([message], user_id="bench", conversation_id=f"c{number}")  # type: ignore[list-item]
                latencies.append(time.perf_counter() - t0)
        added = time.perf_counter()
        memory.flush()
        finished = time.perf_counter()
    return len(latencies) / (finished - started), latencies, finished - added


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=2000, help="turns per length")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--facts", default=None,
                        help="fact extractor (default: the settings' default; 'none' = off)")
    parser.add_argument("--sync", action="store_true",
                        help="embed inside add (LUCIDMEM_EMBEDDING__BACKGROUND=false)")
    parser.add_argument("--facts-in-add", action="store_true",
                        help="extract facts inside add (LUCIDMEM_FACTS__BACKGROUND=false)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores {os.cpu_count()}, load average {load:.1f}, turns per length {args.turns}, "
          f"embedding {'synchronous' if args.sync else 'background'}, "
          f"facts {args.facts or 'default'}{' inside add' if args.facts_in_add else ''}")
    options: dict[str, object] = {"embedding": {"background": not args.sync}}
    facts: dict[str, object] = {"background": not args.facts_in_add}
    if args.facts is not None:
        facts["extractor"] = args.facts
    options["facts"] = facts
    settings = Settings(**options)  # type: ignore[arg-type]
    embedder = E5Embedder()
    result = 0.0
    for chars in args.sizes:
        conversations = corpus(args.turns, chars)
        raw = raw_embedding(embedder, conversations)
        with tempfile.TemporaryDirectory() as tmp:
            rate, latencies, drain = end_to_end(embedder, conversations, Path(tmp), settings)
        print(f"{chars:>5} chars: end to end {rate:.1f} turns/s (final flush {drain:.1f} s); "
              f"add p50 {1000 * statistics.median(latencies):.1f} ms, "
              f"p95 {1000 * percentile(latencies, 0.95):.1f} ms; "
              f"raw embedding {raw:.1f} turns/s")
        if chars == 1000:
            result = rate
    print(f"turns_per_s_1000={result:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
