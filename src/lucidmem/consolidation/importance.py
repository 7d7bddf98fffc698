"""Non-linear message importance (capability M8).

Source: ``seeds/nonlinear-importance-consolidation.md``, *Part 1: Non-Linear Message
Importance* (``calculateImportance``, ``softmax``, ``calculateSemanticDistance``,
``calculateRecencyScore``). Every function here takes numbers (or text / vectors) and returns
numbers; nothing touches a store.

Pipeline, as in the seed::

    features (each in [0, 1])  ->  score_i = weight_i * feature_i
    ->  softmax(scores, T)  with T = 2.0 if activity > 0.7 else 0.5
    ->  combine  ->  ** alpha (0.6)

Decisions where the seed is ambiguous or self-contradictory (tested in
``tests/consolidation/test_importance.py``):

1. **Combining the softmax.** The seed averages the softmax outputs and raises the mean to
   ``alpha``. A softmax always sums to 1, so that mean is ``1/6`` for *every* message and the
   seed's importance is the constant ``(1/6) ** 0.6 = 0.341``. We keep the softmax, the
   temperature and ``alpha`` but read the softmax the way the seed's own research basis
   (attention mechanisms) does: as attention weights over the features, applied to the feature
   values. ``importance = (sum_i softmax_i * feature_i) ** alpha``. The result stays in
   [0, 1]; all-zero features give 0, all-one features give 1; a low temperature lets the
   strongest weighted signal dominate, a high temperature approaches the plain mean.
2. **Recency "half-life".** The seed names its constant ``halfLifeMs = 300000`` but computes
   ``exp(-age / 300000)``, an e-folding time (the score is ``1/e``, not ``1/2``, after 5
   minutes). We keep the formula and call the constant a time constant
   (:data:`RECENCY_TIME_CONSTANT_S`); the true half-life is ``300 * ln 2 = 208`` s. Negative
   ages (a clock that jumped backwards) count as age 0.
3. **Semantic novelty** uses embeddings (the seed's "future: embedding distance"): the mean
   cosine distance to the last :data:`NOVELTY_WINDOW` recent turns, each distance clipped to
   [0, 1]; no recent turns means novelty 1.0 (seed: "First message = novel").
4. **Conversation heat and expertise** are not defined by the seed. Heat is
   ``rate / (rate + 5)`` messages per minute (0.5 at the seed's sigmoid midpoint of 5
   msg/min); expertise match is the share of the message's topics that the assistant covers.
5. **Emotional salience** is not defined either: ``1 - 0.5 ** hits`` where ``hits`` counts
   words of a small multilingual lexicon (en/de/fr/es/it/pt), emotive emoji, and at most one
   hit for exclamation marks.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from lucidmem.errors import InvalidInputError

__all__ = [
    "ACTIVITY_CUTOFF",
    "ALPHA",
    "CALM_TEMPERATURE",
    "DEFAULT_WEIGHTS",
    "EMOTION_LEXICON",
    "HEAT_HALF_RATE",
    "HOT_TEMPERATURE",
    "NOVELTY_WINDOW",
    "RECENCY_TIME_CONSTANT_S",
    "ImportanceFeatures",
    "ImportanceWeights",
    "adaptive_temperature",
    "conversation_heat",
    "emotional_salience",
    "expertise_match",
    "importance",
    "mention_score",
    "recency_score",
    "semantic_novelty",
    "softmax",
]

ALPHA = 0.6
"""Power applied to the combined score (seed: ``const alpha = 0.6``)."""
ACTIVITY_CUTOFF = 0.7
"""Activity level above which the hot temperature is used (seed: ``activityLevel > 0.7``)."""
HOT_TEMPERATURE = 2.0
"""Softmax temperature in busy conversations: flatter, more exploratory (seed: 2.0)."""
CALM_TEMPERATURE = 0.5
"""Softmax temperature in quiet conversations: sharper, more focused (seed: 0.5)."""
RECENCY_TIME_CONSTANT_S = 300.0
"""e-folding time of the recency score, seconds (seed: ``halfLifeMs = 300000``)."""
NOVELTY_WINDOW = 5
"""How many recent turns novelty is measured against (seed: ``recentMessages.slice(0, 5)``)."""
HEAT_HALF_RATE = 5.0
"""Messages per minute at which conversation heat is 0.5 (the threshold sigmoid's x0)."""

FloatArray = npt.NDArray[np.floating]


@dataclass(frozen=True, slots=True)
class ImportanceWeights:
    """Per-feature weights; defaults are the seed's ``weights`` object (Part 1, step 2)."""

    mentioned: float = 3.0
    recency: float = 1.5
    conversation_heat: float = 1.0
    expertise_match: float = 0.8
    semantic_novelty: float = 2.0
    emotional_salience: float = 1.5

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not math.isfinite(value):
                raise InvalidInputError(
                    f"weight {f.name}={value!r} must be a finite number", field=f.name
                )


DEFAULT_WEIGHTS = ImportanceWeights()


@dataclass(frozen=True, slots=True)
class ImportanceFeatures:
    """The six raw feature values of one message, each in [0, 1] (Part 1, step 1)."""

    mentioned: float = 0.0
    recency: float = 0.0
    conversation_heat: float = 0.0
    expertise_match: float = 0.0
    semantic_novelty: float = 0.0
    emotional_salience: float = 0.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not (0.0 <= value <= 1.0):  # also rejects NaN
                raise InvalidInputError(
                    f"feature {f.name}={value!r} must lie in [0, 1]; "
                    "use the feature functions in lucidmem.consolidation.importance",
                    field=f.name,
                )

    def as_tuple(self) -> tuple[float, ...]:
        """Values in the seed's feature order."""
        return tuple(float(getattr(self, f.name)) for f in fields(self))


def _weights_tuple(weights: ImportanceWeights) -> tuple[float, ...]:
    return tuple(float(getattr(weights, f.name)) for f in fields(weights))


# --------------------------------------------------------------------------- softmax


def softmax(scores: Sequence[float], temperature: float = 1.0) -> list[float]:
    """Softmax with temperature: ``exp(s_i / T) / sum_j exp(s_j / T)`` (seed ``softmax``).

    High ``T`` flattens the distribution, low ``T`` sharpens it. Computed with the maximum
    subtracted first, which leaves the result unchanged and avoids overflow.
    """
    if not (temperature > 0.0 and math.isfinite(temperature)):
        raise InvalidInputError(
            f"temperature={temperature!r} must be a positive finite number", field="temperature"
        )
    if len(scores) == 0:
        raise InvalidInputError("softmax needs at least one score", field="scores")
    if not all(math.isfinite(s) for s in scores):
        raise InvalidInputError("softmax scores must be finite numbers", field="scores")
    top = max(scores)
    exps = [math.exp((s - top) / temperature) for s in scores]
    total = math.fsum(exps)
    return [e / total for e in exps]


def adaptive_temperature(
    activity_level: float,
    *,
    cutoff: float = ACTIVITY_CUTOFF,
    hot: float = HOT_TEMPERATURE,
    calm: float = CALM_TEMPERATURE,
) -> float:
    """Seed: ``temperature = activityLevel > 0.7 ? 2.0 : 0.5`` (activity in [0, 1])."""
    _check_unit(activity_level, "activity_level")
    return hot if activity_level > cutoff else calm


# --------------------------------------------------------------------------- features


def mention_score(text: str, assistant_names: Iterable[str], *, addressed: bool = False) -> float:
    """1.0 if the message is addressed to the assistant or names it, else 0.0 (seed
    ``isMentioned``). A name matches as a whole word, case-insensitively, with or without
    a leading ``@``."""
    if addressed:
        return 1.0
    for name in assistant_names:
        name = name.strip()
        if not name:
            continue
        pattern = rf"(?<!\w)@?{re.escape(name)}(?!\w)"
        if re.search(pattern, text, flags=re.IGNORECASE):
            return 1.0
    return 0.0


def recency_score(age_seconds: float, *, time_constant_s: float = RECENCY_TIME_CONSTANT_S) -> float:
    """Seed ``calculateRecencyScore``: ``exp(-age / 300 s)``; negative ages count as 0."""
    if not math.isfinite(age_seconds):
        raise InvalidInputError(f"age_seconds={age_seconds!r} must be finite", field="age_seconds")
    _check_positive(time_constant_s, "time_constant_s")
    return math.exp(-max(0.0, age_seconds) / time_constant_s)


def conversation_heat(messages_per_minute: float, *, half_rate: float = HEAT_HALF_RATE) -> float:
    """Activity level in [0, 1): ``rate / (rate + half_rate)`` (our choice; see module doc)."""
    _check_non_negative(messages_per_minute, "messages_per_minute")
    _check_positive(half_rate, "half_rate")
    return messages_per_minute / (messages_per_minute + half_rate)


def expertise_match(message_topics: Iterable[str], expertise: Iterable[str]) -> float:
    """Share of the message's topics (case-folded) found in the assistant's expertise.

    Seed ``calculateExpertiseOverlap`` (undefined there). No topics gives 0.0.
    """
    topics = {t.strip().casefold() for t in message_topics if t.strip()}
    if not topics:
        return 0.0
    known = {e.strip().casefold() for e in expertise if e.strip()}
    return len(topics & known) / len(topics)


def semantic_novelty(
    message: FloatArray,
    recent: Sequence[FloatArray],
    *,
    window: int = NOVELTY_WINDOW,
) -> float:
    """Mean cosine distance from ``message`` to the last ``window`` recent embeddings.

    Seed ``calculateSemanticDistance`` with embeddings in place of word overlap. ``recent``
    is ordered oldest to newest. Each distance ``1 - cos`` is clipped to [0, 1] (opposite
    vectors are as novel as orthogonal ones). No recent turns: 1.0 ("first message = novel").
    """
    if window < 1:
        raise InvalidInputError(f"window={window} must be at least 1", field="window")
    if len(recent) == 0:
        return 1.0
    m = _unit_vector(message, "message")
    distances = []
    for i, vec in enumerate(recent[-window:]):
        r = _unit_vector(vec, f"recent[{i}]")
        if r.shape != m.shape:
            raise InvalidInputError(
                f"recent embedding has shape {r.shape}, message has {m.shape}; "
                "embed every turn with the same model",
                field="recent",
            )
        cos = float(np.dot(m, r))
        distances.append(min(1.0, max(0.0, 1.0 - cos)))
    return math.fsum(distances) / len(distances)


_LEXICON_BY_LANGUAGE: dict[str, str] = {
    "en": "love loved hate hated angry furious sad happy thrilled excited afraid scared "
    "worried anxious upset cry crying proud sorry lonely miss hurt died death funeral "
    "wedding pregnant divorce urgent emergency amazing terrible awful grateful",
    "de": "liebe hasse wütend traurig glücklich angst sorge sorgen weine stolz vermisse "
    "gestorben tod hochzeit schwanger scheidung dringend furchtbar schrecklich",
    "fr": "aime adore déteste colère triste heureux heureuse peur inquiet inquiète pleure "
    "fier fière mort mariage enceinte divorce urgent terrible",
    "es": "amo odio enojado enfadado feliz miedo preocupado preocupada lloro orgulloso "
    "murió muerte boda embarazada divorcio urgente horrible",
    "it": "amo odio arrabbiato felice paura preoccupato piango orgoglioso morto matrimonio "
    "incinta urgente",
    "pt": "odeio raiva feliz medo preocupado choro orgulhoso morreu casamento grávida urgente",
}
EMOTION_LEXICON: frozenset[str] = frozenset(
    word for words in _LEXICON_BY_LANGUAGE.values() for word in words.split()
)
"""Small multilingual lexicon of emotion words and emotionally loaded life events."""

_EMOTIVE_EMOJI = frozenset("❤💔😢😭😡😠😍🥰😱😨🎉😂😞😔🙏")
_WORD = re.compile(r"\w+")


def emotional_salience(text: str, *, lexicon: frozenset[str] = EMOTION_LEXICON) -> float:
    """``1 - 0.5 ** hits`` (seed ``detectEmotionalContent``, undefined there).

    ``hits`` = lexicon words in the text (each occurrence counts) + emotive emoji + 1 if the
    text contains ``!``. 0 hits -> 0.0, 1 -> 0.5, 2 -> 0.75, 3 -> 0.875.
    """
    words = _WORD.findall(text.casefold())
    hits = sum(1 for w in words if w in lexicon)
    hits += sum(1 for ch in text if ch in _EMOTIVE_EMOJI)
    if "!" in text:
        hits += 1
    return 1.0 - 0.5**hits


# --------------------------------------------------------------------------- combination


def importance(
    features: ImportanceFeatures,
    *,
    activity_level: float,
    weights: ImportanceWeights = DEFAULT_WEIGHTS,
    alpha: float = ALPHA,
) -> float:
    """Importance in [0, 1] (seed ``calculateImportance``, steps 2-5).

    ``scores = weights * features``; ``a = softmax(scores, adaptive_temperature(activity))``;
    ``importance = (sum_i a_i * features_i) ** alpha``. See decision 1 in the module
    docstring for why the softmax weights the features instead of being averaged.
    """
    _check_positive(alpha, "alpha")
    values = features.as_tuple()
    scores = [w * v for w, v in zip(_weights_tuple(weights), values, strict=True)]
    attention = softmax(scores, adaptive_temperature(activity_level))
    pooled = math.fsum(a * v for a, v in zip(attention, values, strict=True))
    return float(min(1.0, max(0.0, pooled)) ** alpha)


# --------------------------------------------------------------------------- validation


def _unit_vector(vec: FloatArray, name: str) -> FloatArray:
    arr = np.asarray(vec, dtype=np.float64)
    if arr.ndim != 1 or arr.size == 0:
        raise InvalidInputError(f"{name} must be a non-empty 1-D embedding", field=name)
    if not np.all(np.isfinite(arr)):
        raise InvalidInputError(f"{name} contains NaN or infinity", field=name)
    norm = float(np.linalg.norm(arr))
    if norm == 0.0:
        raise InvalidInputError(
            f"{name} is a zero vector; cosine distance is undefined for it", field=name
        )
    out: FloatArray = arr / norm
    return out


def _check_unit(value: float, name: str) -> None:
    if not (0.0 <= value <= 1.0):
        raise InvalidInputError(f"{name}={value!r} must lie in [0, 1]", field=name)


def _check_positive(value: float, name: str) -> None:
    if not (value > 0.0 and math.isfinite(value)):
        raise InvalidInputError(f"{name}={value!r} must be a positive finite number", field=name)


def _check_non_negative(value: float, name: str) -> None:
    if not (value >= 0.0 and math.isfinite(value)):
        raise InvalidInputError(
            f"{name}={value!r} must be a non-negative finite number", field=name
        )
