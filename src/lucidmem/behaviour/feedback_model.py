"""The shipped feedback model: a linear softmax over e5 embeddings + hashed n-grams.

Classes: the five feedback categories and ``none`` (not a complaint). For a text with
e5 query embedding ``e`` and hashed n-gram vector ``h`` (:mod:`.feedback_features`)::

    logits = centre(e) @ w_embed + h @ w_hash + bias        # centre: minus mean, unit length
    probabilities = softmax(logits)

Training (:func:`fit_feedback_model`, run offline by ``scripts/train_feedback_classifier.py``):
L2-regularised cross-entropy with soft targets (a two-label text counts
``1 - secondary_weight`` for its main label and ``secondary_weight`` for the other),
examples weighted so that every main label weighs the same, minimised by FISTA
(Nesterov-accelerated gradient at step 1/L, L from a power iteration) from zero
weights: deterministic, no learning rate to tune. Only n-gram buckets seen in at
least ``min_df`` training texts get a weight; they are stored sparsely.

Storage: one ``.npz`` (numpy, no pickle) with the weights, the label order, the
feature-spec and training-data digests, the Unicode scripts of the training texts, the
decision thresholds and a canary embedding (to recognise the embedder the model was
trained with). :meth:`FeedbackModel.load` checks the feature-spec digest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.feedback_features import (
    HASH_BUCKETS,
    SparseRows,
    feature_spec_hash,
    hashed_rows,
)
from lucidmem.errors import InvalidInputError

__all__ = [
    "EXCLUSIVE_PAIRS",
    "NONE_LABEL",
    "FeedbackModel",
    "centre_rows",
    "decide_labels",
    "fit_feedback_model",
    "soft_targets",
]

NONE_LABEL: Final[str] = "none"
CANARY_TEXT: Final[str] = "The answer was far too long, please keep it short."
#: Labels that contradict each other: when both pass, only the more probable one stays
#: (their adjustments would cancel on verbosity anyway).
EXCLUSIVE_PAIRS: Final[tuple[tuple[str, str], ...]] = (("too_verbose", "too_brief"),)


def decide_labels(probabilities: NDArray[np.floating], labels: Sequence[str],
                  secondary_threshold: float | Sequence[float] | NDArray[np.floating],
                  present: NDArray[np.floating] | None = None) -> tuple[str, ...]:
    """Labels of one text from its softmax row (classes ``labels``, the last ``none``).

    None when ``none`` is the most probable class; otherwise the most probable category,
    then every other category whose presence probability (``present``, one value per
    category; default: the softmax's) reaches its threshold (``secondary_threshold``:
    one for all categories or one per category), most present first, without the weaker
    label of an :data:`EXCLUSIVE_PAIRS` pair.
    """
    prob = np.asarray(probabilities, dtype=np.float64)
    extra = prob[:-1] if present is None else np.asarray(present, dtype=np.float64)
    limits = np.broadcast_to(np.asarray(secondary_threshold, dtype=np.float64),
                             (len(labels) - 1,))
    top = int(np.argmax(prob))
    if top == len(labels) - 1:
        return ()
    chosen: list[str] = [labels[top]]
    for i in sorted(range(len(labels) - 1), key=lambda j: -extra[j]):
        name = labels[i]
        if i == top or extra[i] < limits[i]:
            continue
        if any((name, kept) in EXCLUSIVE_PAIRS or (kept, name) in EXCLUSIVE_PAIRS
               for kept in chosen):
            continue
        chosen.append(name)
    return tuple(chosen)


def centre_rows(rows: NDArray[np.floating], mean: NDArray[np.floating]) -> NDArray[np.float64]:
    """Rows minus ``mean``, renormalised to unit length."""
    centred = np.asarray(rows, dtype=np.float64) - np.asarray(mean, dtype=np.float64)
    norms = np.linalg.norm(centred, axis=1, keepdims=True)
    out: NDArray[np.float64] = centred / np.maximum(norms, 1e-12)
    return out


def _sparse_dot(sparse: SparseRows, cols: NDArray[np.int64], weights: NDArray[np.float64]
                ) -> NDArray[np.float64]:
    """``sparse @ weights`` where value i sits in weight row ``cols[i]`` (-1: none)."""
    keep = cols >= 0
    rows = sparse.row_ids()[keep]
    picked = weights[cols[keep]] * sparse.values[keep][:, None]
    out = np.zeros((sparse.rows, weights.shape[1]), dtype=np.float64)
    np.add.at(out, rows, picked)
    return out


@dataclass(frozen=True)
class FeedbackModel:
    """Weights and metadata of a trained model (see the module docstring)."""

    labels: tuple[str, ...]  # class order; the last one is NONE_LABEL
    mean: NDArray[np.float64]  # (dims,)
    w_embed: NDArray[np.float64]  # (dims, classes)
    bias: NDArray[np.float64]  # (classes,)
    buckets: NDArray[np.int64]  # (k,) sorted n-gram buckets with a weight
    w_hash: NDArray[np.float64]  # (k, classes)
    secondary_threshold: float = 0.3
    # Per-category thresholds (chosen on the dev set); None: secondary_threshold for all.
    label_thresholds: tuple[float, ...] | None = None
    # Optional per-category sigmoid head (label present or not) for the secondary labels.
    ml_embed: NDArray[np.float64] | None = None  # (dims, categories)
    ml_hash: NDArray[np.float64] | None = None  # (k, categories)
    ml_bias: NDArray[np.float64] | None = None  # (categories,)
    scripts: tuple[str, ...] = ()
    spec_hash: str = field(default_factory=feature_spec_hash)
    data_hash: str = ""
    canary_vector: NDArray[np.float64] | None = None
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def categories(self) -> tuple[str, ...]:
        return self.labels[:-1]

    @property
    def thresholds(self) -> tuple[float, ...]:
        """The secondary-label threshold of each category."""
        if self.label_thresholds is not None:
            return self.label_thresholds
        return (self.secondary_threshold,) * len(self.categories)

    def _columns(self, sparse: SparseRows) -> NDArray[np.int64]:
        pos = np.searchsorted(self.buckets, sparse.indices)
        pos = np.minimum(pos, max(len(self.buckets) - 1, 0))
        hit = (self.buckets[pos] == sparse.indices) if len(self.buckets) else \
            np.zeros(sparse.indices.shape, dtype=bool)
        out: NDArray[np.int64] = np.where(hit, pos, -1).astype(np.int64)
        return out

    def _scores(self, embeddings: NDArray[np.floating], texts: Sequence[str]
                ) -> tuple[NDArray[np.float64], NDArray[np.float64] | None]:
        sparse = hashed_rows(texts)
        cols = self._columns(sparse)
        centred = centre_rows(embeddings, self.mean)
        logits: NDArray[np.float64] = (centred @ self.w_embed
                                       + _sparse_dot(sparse, cols, self.w_hash) + self.bias)
        if self.ml_embed is None or self.ml_hash is None or self.ml_bias is None:
            return logits, None
        ml = centred @ self.ml_embed + _sparse_dot(sparse, cols, self.ml_hash) + self.ml_bias
        present: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.clip(ml, -60, 60)))
        return logits, present

    def logits(self, embeddings: NDArray[np.floating], texts: Sequence[str]) -> NDArray[np.float64]:
        """Class logits of texts and their e5 query embeddings (one row per text)."""
        return self._scores(embeddings, texts)[0]

    def predict(self, embeddings: NDArray[np.floating], texts: Sequence[str]
                ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Softmax over :attr:`labels` and, per category, the probability it is present.

        Without a sigmoid head the second array is the softmax's category columns.
        """
        logits, present = self._scores(embeddings, texts)
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        prob: NDArray[np.float64] = exp / exp.sum(axis=1, keepdims=True)
        return prob, (prob[:, :-1] if present is None else present)

    def probabilities(self, embeddings: NDArray[np.floating], texts: Sequence[str]
                      ) -> NDArray[np.float64]:
        """Softmax over :attr:`labels`, one row per text."""
        return self.predict(embeddings, texts)[0]

    def save(self, path: str | Path) -> None:
        """Write the model as a compressed ``.npz`` (n-gram weights as float16)."""
        meta = {
            "labels": list(self.labels), "secondary_threshold": self.secondary_threshold,
            "label_thresholds": (None if self.label_thresholds is None
                                 else list(self.label_thresholds)),
            "scripts": list(self.scripts), "spec_hash": self.spec_hash,
            "data_hash": self.data_hash, "canary_text": CANARY_TEXT, "info": dict(self.info),
        }
        arrays: dict[str, NDArray[Any]] = {
            "meta": np.array(json.dumps(meta, sort_keys=True)),
            "mean": self.mean.astype(np.float32), "w_embed": self.w_embed.astype(np.float32),
            "bias": self.bias.astype(np.float32), "buckets": self.buckets.astype(np.int32),
            "w_hash": self.w_hash.astype(np.float16),
            "canary": (np.zeros(0, dtype=np.float32) if self.canary_vector is None
                       else self.canary_vector.astype(np.float32)),
        }
        if self.ml_embed is not None and self.ml_hash is not None and self.ml_bias is not None:
            arrays.update(ml_embed=self.ml_embed.astype(np.float32),
                          ml_hash=self.ml_hash.astype(np.float16),
                          ml_bias=self.ml_bias.astype(np.float32))
        with open(path, "wb") as handle:
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]  # stubs: allow_pickle

    @classmethod
    def load(cls, path: str | Path | Any) -> FeedbackModel:
        """Read a model written by :meth:`save`; refuses one of another feature spec."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = {k: np.asarray(data[k]) for k in
                          ("mean", "w_embed", "bias", "buckets", "w_hash", "canary")}
                head = {k: np.asarray(data[k]).astype(np.float64)
                        for k in ("ml_embed", "ml_hash", "ml_bias") if k in data.files}
        except (OSError, KeyError, ValueError) as exc:
            raise InvalidInputError(f"cannot read feedback model {path}: {exc}") from None
        if meta.get("spec_hash") != feature_spec_hash():
            raise InvalidInputError(
                f"feedback model {path} was trained with feature spec {meta.get('spec_hash')}, "
                f"this code computes {feature_spec_hash()}; retrain it with "
                "scripts/train_feedback_classifier.py")
        canary = arrays["canary"].astype(np.float64)
        return cls(
            labels=tuple(meta["labels"]), mean=arrays["mean"].astype(np.float64),
            w_embed=arrays["w_embed"].astype(np.float64),
            bias=arrays["bias"].astype(np.float64),
            buckets=arrays["buckets"].astype(np.int64),
            w_hash=arrays["w_hash"].astype(np.float64),
            secondary_threshold=float(meta["secondary_threshold"]),
            label_thresholds=(None if meta.get("label_thresholds") is None
                              else tuple(float(t) for t in meta["label_thresholds"])),
            ml_embed=head.get("ml_embed"), ml_hash=head.get("ml_hash"),
            ml_bias=head.get("ml_bias"), scripts=tuple(meta["scripts"]),
            spec_hash=str(meta["spec_hash"]),
            data_hash=str(meta["data_hash"]),
            canary_vector=canary if canary.size else None, info=meta.get("info", {}),
        )


def soft_targets(labels: Sequence[Sequence[str]], classes: Sequence[str],
                 secondary_weight: float) -> NDArray[np.float64]:
    """Target rows: the main label 1 (or 1 - secondary_weight), the others share the rest."""
    index = {name: i for i, name in enumerate(classes)}
    out = np.zeros((len(labels), len(classes)), dtype=np.float64)
    for row, names in enumerate(labels):
        if not names:
            out[row, index[NONE_LABEL]] = 1.0
            continue
        if len(names) == 1:
            out[row, index[names[0]]] = 1.0
            continue
        out[row, index[names[0]]] = 1.0 - secondary_weight
        for other in names[1:]:
            out[row, index[other]] += secondary_weight / (len(names) - 1)
    return out


class _Design:
    """The training matrix [centred embeddings | scaled n-grams], with fast products."""

    def __init__(self, x_embed: NDArray[np.float64], sparse: SparseRows,
                 cols: NDArray[np.int64], k: int, scale: float) -> None:
        keep = cols >= 0
        self.x = x_embed
        self.n, self.k = x_embed.shape[0], k
        rows, cols_k = sparse.row_ids()[keep], cols[keep]
        vals = sparse.values[keep] * scale
        by_row = np.lexsort((cols_k, rows))  # CSR order
        self.r_rows, self.r_cols, self.r_vals = rows[by_row], cols_k[by_row], vals[by_row]
        by_col = np.lexsort((rows, cols_k))  # CSC order
        self.c_rows, self.c_cols, self.c_vals = rows[by_col], cols_k[by_col], vals[by_col]

    @staticmethod
    def _segment_sum(values: NDArray[np.float64], keys: NDArray[np.int64], size: int
                     ) -> NDArray[np.float64]:
        out = np.zeros((size, values.shape[1]), dtype=np.float64)
        if keys.size:
            starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
            out[keys[starts]] = np.add.reduceat(values, starts, axis=0)
        return out

    def forward(self, we: NDArray[np.float64], wh: NDArray[np.float64],
                b: NDArray[np.float64]) -> NDArray[np.float64]:
        picked = wh[self.r_cols] * self.r_vals[:, None]
        out: NDArray[np.float64] = (self.x @ we + b
                                    + self._segment_sum(picked, self.r_rows, self.n))
        return out

    def backward(self, grad: NDArray[np.float64]
                 ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        picked = grad[self.c_rows] * self.c_vals[:, None]
        return self.x.T @ grad, self._segment_sum(picked, self.c_cols, self.k), grad.sum(axis=0)

    def lipschitz(self, weight: NDArray[np.float64], iterations: int = 30) -> float:
        """Largest eigenvalue of Xᵀ diag(weight) X (X with a column of ones), by power iteration."""
        root = np.sqrt(weight)[:, None]
        ve, vh, vb = np.ones((self.x.shape[1], 1)), np.ones((self.k, 1)), np.ones(1)
        eig = 1.0
        for _ in range(iterations):
            xv = self.forward(ve, vh, vb) * root
            ge, gh, gb = self.backward(xv * root)
            eig = float(np.sqrt((ge ** 2).sum() + (gh ** 2).sum() + (gb ** 2).sum()))
            ve, vh, vb = ge / eig, gh / eig, gb / eig
        return eig


def _fit_head(design: _Design, targets: NDArray[np.float64], weight: NDArray[np.float64], *,
              sigmoid: bool, l2_embed: float, l2_hash: float, steps: int, lipschitz: float
              ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """FISTA on weighted softmax (or per-column sigmoid) cross-entropy + L2."""
    outputs = targets.shape[1]
    # Curvature of the loss per unit of ‖Xv‖²: ≤ 1/2 for softmax, ≤ 1/4 for a sigmoid.
    step = 1.0 / ((0.25 if sigmoid else 0.5) * lipschitz * 1.05 + max(l2_embed, l2_hash))
    we = np.zeros((design.x.shape[1], outputs))
    wh = np.zeros((design.k, outputs))
    b = np.zeros(outputs)
    le, lh, lb, momentum = we.copy(), wh.copy(), b.copy(), 1.0
    for _ in range(steps):
        logits = design.forward(le, lh, lb)
        if sigmoid:
            prob = 1.0 / (1.0 + np.exp(-np.clip(logits, -60, 60)))
        else:
            logits -= logits.max(axis=1, keepdims=True)
            prob = np.exp(logits)
            prob /= prob.sum(axis=1, keepdims=True)
        ge, gh, gb = design.backward(weight[:, None] * (prob - targets))
        new_e = le - step * (ge + l2_embed * le)
        new_h = lh - step * (gh + l2_hash * lh)
        new_b = lb - step * gb
        nxt = (1.0 + np.sqrt(1.0 + 4.0 * momentum * momentum)) / 2.0
        blend = (momentum - 1.0) / nxt
        le, lh, lb = (new_e + blend * (new_e - we), new_h + blend * (new_h - wh),
                      new_b + blend * (new_b - b))
        we, wh, b, momentum = new_e, new_h, new_b, nxt
    return we, wh, b


def fit_feedback_model(
    embeddings: NDArray[np.floating], texts: Sequence[str], labels: Sequence[Sequence[str]],
    categories: Sequence[str], *, l2_embed: float = 3e-4, l2_hash: float = 3e-4,
    hash_scale: float = 1.0, secondary_weight: float = 0.4, min_df: int = 2,
    steps: int = 600, multi_label_head: bool = False,
) -> FeedbackModel:
    """Fit the model on labelled texts (``labels[i]``: main label first; empty: none)."""
    if len(texts) != len(labels) or embeddings.shape[0] != len(texts) or not texts:
        raise InvalidInputError("need one embedding and one label list per text")
    classes = (*categories, NONE_LABEL)
    targets = soft_targets(labels, classes, secondary_weight)
    primary = targets.argmax(axis=1)
    counts = np.bincount(primary, minlength=len(classes)).astype(np.float64)
    if np.any(counts == 0):
        raise InvalidInputError("every class needs at least one example")
    n = len(texts)
    weight = (n / (len(classes) * counts))[primary] / n  # every main label weighs the same

    mean = np.asarray(embeddings, dtype=np.float64).mean(axis=0)
    sparse = hashed_rows(texts)
    df = np.bincount(sparse.indices, minlength=HASH_BUCKETS)
    buckets = np.flatnonzero(df >= min_df).astype(np.int64)
    lookup = np.full(HASH_BUCKETS, -1, dtype=np.int64)
    lookup[buckets] = np.arange(len(buckets))
    design = _Design(centre_rows(embeddings, mean), sparse, lookup[sparse.indices],
                     len(buckets), hash_scale)
    lipschitz = design.lipschitz(weight)
    we, wh, b = _fit_head(design, targets, weight, sigmoid=False, l2_embed=l2_embed,
                          l2_hash=l2_hash, steps=steps, lipschitz=lipschitz)
    me = mh = mb = None
    if multi_label_head:
        present = (targets[:, :-1] > 0).astype(np.float64)
        me, mh, mb = _fit_head(design, present, weight, sigmoid=True, l2_embed=l2_embed,
                               l2_hash=l2_hash, steps=steps, lipschitz=lipschitz)
        mh = mh * hash_scale
    return FeedbackModel(
        labels=classes, mean=mean, w_embed=we, bias=b, buckets=buckets,
        w_hash=wh * hash_scale, ml_embed=me, ml_hash=mh, ml_bias=mb, info={
            "l2_embed": l2_embed, "l2_hash": l2_hash, "hash_scale": hash_scale,
            "secondary_weight": secondary_weight, "min_df": min_df, "steps": steps,
            "multi_label_head": multi_label_head, "examples": n,
        })
