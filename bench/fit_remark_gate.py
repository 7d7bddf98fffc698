"""Fit the offline extractor's remark gate (``lucidmem/facts/data/remark_gate.npz``).

    PYTHONPATH=src python bench/fit_remark_gate.py --exclude en-67,en-68,...   # the shipped fit
    PYTHONPATH=src python bench/fit_remark_gate.py --check                     # CV only

Replays the truth set's DEV half (never the test half; ``--exclude`` leaves out conversations
held out to be scored blind) with every remark kept, and records what the gate reads for each
remark the extractor would store (:func:`lucidmem.facts.remark_gate.remark_features`). A
remark is labelled worth keeping when its text is one of the conversation's expected facts
(:func:`truth_scoring.fact_is_true`) or answers a part of one of its questions; the rest are
the moods, errands and asides a memory should not keep. A logistic regression (standardised
features, L2 ``--l2``, full-batch gradient descent for a fixed number of steps from zeros:
deterministic) is fitted on all of them and written with its standardisation.

It also prints a 5-fold cross-validation grouped by conversation: for each limit, the share
of remarks dropped, and how many of them were labelled worth keeping, so the default limit
(``settings.facts.remark_limit``) is chosen on conversations the fold did not fit on.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lucidmem.facts.extractors import OfflineExtractor
from lucidmem.facts.model import FactCandidate
from lucidmem.facts.remark_gate import (
    GATE_FILE,
    clause_words,
    lasting_probability,
    remark_features,
)
from lucidmem.facts.slots import SlotClassifier, SlotGuess
from truth import replay
from truth_format import data_files, load
from truth_scoring import fact_is_true, group_matches

OUT = Path(__file__).resolve().parents[1] / "src" / "lucidmem" / "facts" / "data" / GATE_FILE
LIMITS = (0.3, 0.4, 0.5, 0.6)
FOLDS = 5


class Recorder:
    """A judge that keeps every remark and writes down what the gate would read."""

    def __init__(self) -> None:
        self.rows: list[tuple[np.ndarray[Any, Any], str]] = []

    def keeps(self, fact: FactCandidate, vector: Any, guess: SlotGuess) -> bool:
        self.rows.append((remark_features(vector, guess, clause_words(fact)), fact.text or ""))
        return True


def _rows(conv: dict[str, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(features, labels) of the remarks of one conversation replayed with every remark."""
    recorder = Recorder()
    replay(conv, False, OfflineExtractor(judge=recorder))
    groups = [g for q in conv["questions"] for g in q.get("expect", [])]
    labels = [int(fact_is_true(text, conv["expected_facts"]) or
                  any(group_matches(g, text) for g in groups)) for _, text in recorder.rows]
    features = np.array([f for f, _ in recorder.rows]) if recorder.rows else np.zeros((0, 0))
    return features, np.array(labels, dtype=np.float64)


def fit(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], l2: float, steps: int,
        rate: float) -> dict[str, Any]:
    """Standardise ``x`` and fit a logistic regression of ``y`` on it."""
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    weights, bias = np.zeros(z.shape[1]), 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(z @ weights + bias)))
        error = p - y
        weights -= rate * (z.T @ error / len(y) + l2 * weights)
        bias -= rate * float(error.mean())
    return {"mean": mean, "scale": scale, "weights": weights, "bias": np.float64(bias)}


def predict(model: dict[str, Any], x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Each row's probability of lasting, by the formula the extractor uses."""
    return np.array([lasting_probability(row, model["mean"], model["scale"], model["weights"],
                                         float(model["bias"])) for row in x])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exclude", default="", help="comma-separated conversation ids "
                        "left out (a blind batch still to be scored)")
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--rate", type=float, default=0.5)
    parser.add_argument("--check", action="store_true", help="cross-validate, write nothing")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    left_out = {i for i in args.exclude.split(",") if i}
    convs = [c for path in data_files() if path.stem.endswith("_dev")
             for _, c in load(path) if c["id"] not in left_out]
    print(f"replaying {len(convs)} dev conversations with every remark kept …", flush=True)
    with Pool(2) as pool:
        per_conv = pool.map(_rows, convs, chunksize=1)
    kept = [(i, f, y) for i, (f, y) in enumerate(per_conv) if len(y)]
    x = np.vstack([f for _, f, _ in kept])
    y = np.concatenate([y for _, _, y in kept])
    group = np.concatenate([np.full(len(y), i % FOLDS) for i, _, y in kept])
    print(f"{len(y)} remarks, {int(y.sum())} worth keeping ({y.mean():.3f})")
    held = np.zeros(len(y))
    for fold in range(FOLDS):
        test = group == fold
        held[test] = predict(fit(x[~test], y[~test], args.l2, args.steps, args.rate), x[test])
    print("5-fold CV by conversation: limit, remarks dropped, of them worth keeping, junk left")
    for limit in LIMITS:
        drop = held < limit
        print(f"  {limit:.1f}  {int(drop.sum()):5d} ({drop.mean():.3f})  "
              f"{int(y[drop].sum()):4d}  {int(((1 - y) * ~drop).sum()):4d} of {int((1 - y).sum())}")
    if args.check:
        return
    model = fit(x, y, args.l2, args.steps, args.rate)
    digest = hashlib.sha256(",".join(sorted(c["id"] for c in convs)).encode()).hexdigest()
    np.savez(args.out, **model, embedder=np.array(SlotClassifier().embedder_name),
             examples=np.int64(len(y)), conversations=np.array(digest))
    print(f"wrote {args.out} ({len(y)} remarks of {len(convs)} conversations)")


if __name__ == "__main__":
    main()
