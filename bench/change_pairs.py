"""What a later statement does to a held one, learned from written pairs (a study, not shipped).

``bench/data/change_pairs/<lang>_{dev,test}.jsonl`` (stop 54, eight languages, 250 dev and 100
test pairs each) pair a statement the user made earlier (``held``: "i work nights at the Tesco
in Leith") with something said later (``said``: "friday was my last shift, monday I start at
the Lidl warehouse") and label what the later one does to the earlier: ``ends`` (no longer
true), ``corrects`` (never was), ``retracts`` (taken back), ``keeps`` (a one-off, an addition,
someone else's change, a wish, a complaint …) or ``other`` (another topic). Four writers who read
no lucidmem code wrote them, each test file before its dev file, with other people and places.

This bench fits a softmax over the bundled embedder's vectors of both sides (their product,
their difference and the later statement, standardised; the slot classifier's own fitting
code) on the dev pairs and scores the test pairs: accuracy, per label and language, and how
well "ends, corrects or retracts" is told from the rest (AUC; precision and recall at
thresholds). ``--random-pairs K`` adds K pairs per dev pair whose later statement is taken from
another pair of the same language, labelled ``other`` (the common case in a real conversation:
most later turns have nothing to do with a held fact), and reports how often such pairs on the
test side would be read as a change.

    python bench/change_pairs.py                     # accuracy 0.726, change AUC 0.851
    python bench/change_pairs.py --random-pairs 3    # random pairs read as a change: 0.054 at 0.5

Result (docs/benchmarks.md, "Stop 54"): the pairs are learnable in part, but the same model
does not tell which held facts of the truth set's dev conversations a later turn ended (AUC
about 0.60), so no learned change detector ships.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from lucidmem.embedding import E5Embedder
from lucidmem.facts.slot_training import fit

DATA = Path(__file__).resolve().parent / "data" / "change_pairs"
LABELS = ("ends", "corrects", "retracts", "keeps", "other")
CHANGES = (0, 1, 2)
"""The labels that end the held statement."""
THRESHOLDS = (0.5, 0.7, 0.85)


def pairs(split: str, folder: Path = DATA) -> list[dict[str, Any]]:
    """Every pair of one half, with its language."""
    rows = []
    for path in sorted(folder.glob(f"*_{split}.jsonl")):
        language = path.name.split("_")[0]
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append({**json.loads(line), "lang": language})
    return rows


def random_pairs(rows: Sequence[dict[str, Any]], per_pair: int,
                 seed: int = 0) -> list[dict[str, Any]]:
    """``per_pair`` pairs per row whose later statement comes from another row of the same
    language, labelled ``other``."""
    rng = random.Random(seed)
    by_language: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_language.setdefault(row["lang"], []).append(row)
    out = []
    for row in rows:
        pool = [r for r in by_language[row["lang"]] if r is not row]
        for _ in range(per_pair):
            out.append({"held": row["held"], "said": rng.choice(pool)["said"],
                        "label": "other", "lang": row["lang"]})
    return out


def features(embedder: E5Embedder, rows: Sequence[dict[str, Any]]) -> np.ndarray[Any, Any]:
    held = np.asarray(embedder.embed_passages([r["held"] for r in rows]), dtype=np.float64)
    said = np.asarray(embedder.embed_passages([r["said"] for r in rows]), dtype=np.float64)
    return np.hstack([held * said * 10.0, np.abs(held - said) * 5.0, said])


def auc(scores: np.ndarray[Any, Any], positive: np.ndarray[Any, Any]) -> float:
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(len(scores))
    p, n = int(positive.sum()), int((~positive).sum())
    return float((ranks[positive].sum() - p * (p - 1) / 2) / (p * n))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random-pairs", type=int, default=0, metavar="K",
                        help="add K random 'other' pairs per dev pair (and score K per test pair)")
    args = parser.parse_args(argv)
    train, test = pairs("dev"), pairs("test")
    if not train or not test:
        print(f"no pairs under {DATA}", file=sys.stderr)
        return 1
    embedder = E5Embedder()
    train = train + random_pairs(train, args.random_pairs)
    x = features(embedder, train)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    y = np.array([LABELS.index(r["label"]) for r in train])
    weights, bias = fit((x - mean) / scale, y, len(LABELS), l2=1e-3, steps=1500, rate=1.0)

    def probabilities(rows: Sequence[dict[str, Any]]) -> np.ndarray[Any, Any]:
        logits = ((features(embedder, rows) - mean) / scale) @ weights + bias
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        return np.asarray(p / p.sum(axis=1, keepdims=True))

    p = probabilities(test)
    truth = np.array([LABELS.index(r["label"]) for r in test])
    right = p.argmax(axis=1) == truth
    change, is_change = p[:, list(CHANGES)].sum(axis=1), np.isin(truth, CHANGES)
    print(f"pairs: {len(train)} to fit (dev), {len(test)} scored (test)")
    print(f"accuracy {right.mean():.3f}; change AUC {auc(change, is_change):.3f}")
    for t in THRESHOLDS:
        said = change > t
        precision = is_change[said].mean() if said.any() else 0.0
        print(f"  change above {t}: precision {precision:.3f} "
              f"recall {(said & is_change).sum() / is_change.sum():.3f}")
    print("per label: " + ", ".join(f"{label} {right[truth == i].mean():.2f}"
                                    for i, label in enumerate(LABELS)))
    languages = sorted({r["lang"] for r in test})
    print("per language: " + ", ".join(
        f"{lang} {right[np.array([r['lang'] == lang for r in test])].mean():.2f}"
        for lang in languages))
    if args.random_pairs:
        p_random = probabilities(random_pairs(test, args.random_pairs))
        rates = ", ".join(f"{(p_random[:, list(CHANGES)].sum(axis=1) > t).mean():.3f} at {t}"
                          for t in THRESHOLDS)
        print(f"random pairs read as a change: {rates}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
