"""Build ``facts/data/sentence_breaks.json`` from the truth set's dev turns (reproducible).

    PYTHONPATH=src python -m lucidmem.facts.break_training           # the shipped model
    PYTHONPATH=src python -m lucidmem.facts.break_training --check   # only cross-fits

Every user turn of the dev half of ``bench/data/truth`` (but the conversations held out of
all tuning, :data:`HELD_OUT`) and the package's slot examples joined in threes
(:func:`slot_lines`), each once more in small letters, are read with their full stops and
exclamation marks taken out: each gap a stop was taken from ends a sentence, every other
open gap (:func:`lucidmem.facts.sentence_breaks.open_gap`) does not. A logistic model over
:func:`lucidmem.facts.sentence_breaks.gap_features` is fitted by AdaGrad in a fixed order
(deterministic: run twice, it writes the same file). Features seen fewer than five times are
left out, and weights smaller than ``--prune`` (0.1). ``--check`` fits on the conversations of
even numbers (and the examples) and reads the odd ones, then the other way round, and prints
how many of the cut gaps had a stop (precision) and how many stops were found (recall). Never
run at start-up; the package ships the result.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from lucidmem.facts.sentence_breaks import (
    DEFAULT_THRESHOLD,
    MODEL_FILE,
    BreakModel,
    gap_features,
    open_gap,
)

__all__ = ["HELD_OUT", "fit", "gaps_of", "main", "slot_lines", "turns"]

TRUTH = Path(__file__).resolve().parents[3] / "bench" / "data" / "truth"
"""The truth set of a source checkout."""

DATA = Path(__file__).resolve().parent / "data"
OUT = DATA / MODEL_FILE

HELD_OUT = frozenset({
    "en-59", "en-60", "de-58", "de-59", "fr-56", "fr-57", "nl-54", "nl-55",
    "es-56", "es-57", "it-56", "it-57", "pt-56", "pt-57", "zh-56", "zh-57"})
"""The dev conversations written in stop 54 (AS+AT) and held out of all tuning since: the
model never reads them."""

_STOPPED = re.compile(r"[.!]+$")
_NOT_AN_END = re.compile(r"(?i)^(?:st|dr|dra|mr|mrs|ms|prof|sr|sra|etc|e\.g|i\.e|nr|no|ca|"
                         r"z\.b|bzw|usw|av|avda|\d{1,2})\.$")
"""Abbreviations and German ordinals ("am 12. Juli"): their period ends no sentence."""


def turns(parity: int | None = None) -> list[tuple[str, str]]:
    """The dev users' turns as ``(text, language)``, but :data:`HELD_OUT`'s and the Chinese
    ones (Chinese sentences end at their own marks); with ``parity`` only the conversations
    whose number has that parity."""
    out: list[tuple[str, str]] = []
    for path in sorted(TRUTH.glob("*_dev.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            conv = json.loads(line)
            if conv["id"] in HELD_OUT or conv["language"] == "zh":
                continue
            if parity is not None and int(conv["id"].split("-")[1]) % 2 != parity:
                continue
            out.extend((turn["content"], conv["language"]) for session in conv["sessions"]
                       for turn in session["turns"] if turn["role"] == "user")
    return out


def slot_lines() -> list[tuple[str, str]]:
    """The package's slot examples (``facts/data/slots``, ``slots_chat``) in threes, joined
    with stops in a fixed shuffled order: each line is a sentence, so they say where a sentence
    starts and ends in words the dev turns may not have ("because" is inside a line, never at
    its end)."""
    out: list[tuple[str, str]] = []
    for folder in ("slots", "slots_chat"):
        for path in sorted((DATA / folder).glob("*.txt")):
            lang = path.stem
            if lang == "zh":
                continue
            lines = [line.split("\t", 1)[1].strip().rstrip(".!")
                     for line in path.read_text("utf-8").splitlines()
                     if "\t" in line and not line.startswith("#")]
            random.Random(f"{folder}/{lang}").shuffle(lines)
            out.extend((". ".join(lines[i:i + 3]) + ".", lang) for i in range(0, len(lines), 3))
    return out


def gaps_of(text: str, lang: str) -> Iterable[tuple[list[str], int]]:
    """``text`` with its stops taken out, as ``(features, label)`` of each open gap."""
    words, ends = [], []
    for word in text.split():
        ended = _STOPPED.search(word) is not None and _NOT_AN_END.match(word) is None
        words.append(_STOPPED.sub("", word) if ended else word)
        ends.append(int(ended))
    words = [w for w in words if w]
    for i in range(len(words) - 1):
        if open_gap(words, i):
            yield gap_features(words, i, lang), ends[i]


def _rows(texts: Sequence[tuple[str, str]]) -> list[tuple[list[str], int]]:
    both = [*texts, *((t.lower(), lang) for t, lang in texts)]
    return [row for text, lang in both for row in gaps_of(text, lang)]


def fit(rows: Sequence[tuple[list[str], int]], *, epochs: int = 3, rate: float = 0.2,
        l2: float = 1e-5, min_count: int = 5) -> dict[str, float]:
    """AdaGrad on the logistic loss, the rows in a fixed shuffled order; features seen fewer than
    ``min_count`` times are left out."""
    counts = Counter(f for features, _ in rows for f in features)
    weights: dict[str, float] = {}
    squares: dict[str, float] = {}
    order = list(range(len(rows)))
    random.Random(0).shuffle(order)  # a fixed order, not the turns' own
    for _ in range(epochs):
        for index in order:
            features, label = rows[index]
            kept = [f for f in features if counts[f] >= min_count]
            z = sum(weights.get(f, 0.0) for f in kept)
            error = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - label
            for f in kept:
                w = weights.get(f, 0.0)
                g = error + l2 * w
                squares[f] = squares.get(f, 1e-8) + g * g
                weights[f] = w - rate * g / math.sqrt(squares[f])
    return weights


def _check(threshold: float, prune: float) -> None:
    found = cut = stops = 0
    for parity in (0, 1):
        model = BreakModel({f: w for f, w in fit(_rows(turns(1 - parity) + slot_lines())).items()
                            if abs(w) >= prune})
        for text, lang in turns(parity):
            for features, label in gaps_of(text, lang):
                z = sum(model.weights.get(f, 0.0) for f in features)
                said = z >= math.log(threshold / (1 - threshold))
                found += said and label
                cut += said
                stops += label
    print(f"cross-fitted at {threshold}: precision {found / max(cut, 1):.3f} ({found}/{cut}), "
          f"recall {found / max(stops, 1):.3f} ({found}/{stops})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only cross-fit and report")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--prune", type=float, default=0.1,
                        help="leave out weights smaller than this (the file stays small)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not 0.0 < args.threshold < 1.0:
        parser.error(f"--threshold must be between 0 and 1 (exclusive), not {args.threshold}")
    if not TRUTH.is_dir():
        raise SystemExit(f"{TRUTH} not found: run from a source checkout")
    if args.check:
        _check(args.threshold, args.prune)
        return 0
    texts = turns()
    examples = slot_lines()
    weights = fit(_rows(texts + examples))
    kept = {f: round(w, 3) for f, w in sorted(weights.items()) if abs(w) >= args.prune}
    args.out.write_text(json.dumps({"source": "bench/data/truth dev users' turns, "
                                              f"{len(texts)} (held-out batch left out), and "
                                              f"the slot examples in {len(examples)} threes",
                                    "weights": kept}, ensure_ascii=False, sort_keys=True,
                                   separators=(",", ":")) + "\n", "utf-8")
    print(f"{args.out}: {len(kept)} weights from {len(texts)} turns and {len(examples)} threes "
          "of slot examples")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
