"""The maths of behavioural learning as small pure functions.

Every constant is the seed's number, kept as a named module-level default. Seed:
aico-adaptive-memory-system.md —

* "Context Bucketing" / ``_hash_context``: bucket = hash(intent_sentiment_time) mod 100
  (here with hashlib, because Python's ``hash()`` is salted per process);
* "Skill Trigger Matching" (``match_trigger``): 0.40 intent + 0.15 time of day +
  0.15 sentiment + 0.30 topic similarity; "skill_matching": threshold 0.5, 5 candidates;
* "Thompson Sampling" (``ThompsonSamplingSelector``): Beta(alpha, beta), prior 1/1, neutral
  feedback does not update;
* "Meta-Learning Framework" (``update_preferences`` / ``compute_alignment``): move toward
  the skill on positive feedback and away on negative, learning rate 0.1, clamp [0, 1];
  alignment = 1 - distance / √16;
* "Confidence Score Update Formula": adaptive EMA, alpha 0.3 under 10 uses else 0.1,
  target 0.5 + 0.3·reward, clamp [0.2, 0.9];
* "Exploration Rate": ε = max(0.05, 0.1 · 0.95^feedback_count);
* "Hybrid Skill Selection Algorithm": final = 0.4 trigger + 0.3 sampled + 0.3 alignment;
* "Memory Pressure Handling": evict by confidence (x 1.5 for base skills) ascending, then
  least recently used, 10 at a time.

Not in the seed, and why (measured in ``bench/adaptation.py``, see docs/behaviour.md):
the seed's rule draws from Beta(α, β) on *every* selection and gives the hand-written
trigger match a fixed 40 %, so a new user needs ~28 interactions to reach a 70 % positive
rate where an oracle that knows the user model needs ~10. The ``adaptive`` strategy keeps
every seed term and constant but (1) lets the trigger's weight fade as the user's own
feedback in the bucket grows (:func:`trigger_weight`: 0.4 · h / (h + n), h = 1), and
(2) exploits on the Beta posterior mean (:func:`posterior_mean`) and explores, with the
seed's ε, by a Thompson draw instead of a blind pick (:func:`adaptive_final_score`).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lucidmem.errors import InvalidInputError

__all__ = [
    "BASE_SKILL_EVICTION_WEIGHT",
    "CONFIDENCE_ALPHA_ESTABLISHED",
    "CONFIDENCE_ALPHA_NEW",
    "CONFIDENCE_MAX",
    "CONFIDENCE_MIN",
    "CONFIDENCE_TARGET_CENTRE",
    "CONFIDENCE_TARGET_SPAN",
    "DEFAULT_BUCKETS",
    "E5_SIMILARITY_CEILING",
    "E5_SIMILARITY_FLOOR",
    "ESTABLISHED_USES",
    "EVICTION_BATCH",
    "EXPLORATION_DECAY",
    "FINAL_ALIGNMENT_WEIGHT",
    "FINAL_SAMPLED_WEIGHT",
    "FINAL_TRIGGER_WEIGHT",
    "INITIAL_CONFIDENCE",
    "INITIAL_EXPLORATION",
    "INTENT_WEIGHT",
    "MATCH_THRESHOLD",
    "MAX_CANDIDATES",
    "MIN_EXPLORATION",
    "PREFERENCE_LEARNING_RATE",
    "PRIOR_ALPHA",
    "PRIOR_BETA",
    "SENTIMENT_WEIGHT",
    "TIME_WEIGHT",
    "TOPIC_WEIGHT",
    "TRIGGER_EVIDENCE_HALF",
    "EvictionCandidate",
    "adaptive_final_score",
    "applicable_candidates",
    "apply_preference_delta",
    "context_bucket",
    "cosine_similarity",
    "eviction_order",
    "eviction_priority",
    "exploration_rate",
    "final_score",
    "posterior_mean",
    "preference_alignment",
    "rescale_similarity",
    "should_explore",
    "thompson_sample",
    "trigger_match_score",
    "trigger_weight",
    "update_beta",
    "update_confidence",
    "update_preference",
]

DEFAULT_BUCKETS: Final[int] = 100
INTENT_WEIGHT: Final[float] = 0.40
TIME_WEIGHT: Final[float] = 0.15
SENTIMENT_WEIGHT: Final[float] = 0.15
TOPIC_WEIGHT: Final[float] = 0.30
MATCH_THRESHOLD: Final[float] = 0.5
MAX_CANDIDATES: Final[int] = 5
#: e5 cosine similarities crowd into a narrow band; :func:`rescale_similarity` stretches it
#: to [0, 1] before it is used as the 30 % topic term. Measured with multilingual-e5-small
#: (message vs. the centroid of a skill's topic phrases): related 0.85-0.91, unrelated
#: 0.77-0.83.
E5_SIMILARITY_FLOOR: Final[float] = 0.80
E5_SIMILARITY_CEILING: Final[float] = 0.92
PRIOR_ALPHA: Final[float] = 1.0
PRIOR_BETA: Final[float] = 1.0
PREFERENCE_LEARNING_RATE: Final[float] = 0.1
INITIAL_CONFIDENCE: Final[float] = 0.5
CONFIDENCE_ALPHA_NEW: Final[float] = 0.3
CONFIDENCE_ALPHA_ESTABLISHED: Final[float] = 0.1
ESTABLISHED_USES: Final[int] = 10
CONFIDENCE_TARGET_CENTRE: Final[float] = 0.5
CONFIDENCE_TARGET_SPAN: Final[float] = 0.3
CONFIDENCE_MIN: Final[float] = 0.2
CONFIDENCE_MAX: Final[float] = 0.9
INITIAL_EXPLORATION: Final[float] = 0.1
EXPLORATION_DECAY: Final[float] = 0.95
MIN_EXPLORATION: Final[float] = 0.05
FINAL_TRIGGER_WEIGHT: Final[float] = 0.4
FINAL_SAMPLED_WEIGHT: Final[float] = 0.3
FINAL_ALIGNMENT_WEIGHT: Final[float] = 0.3
#: Not in the seed: after this many feedback events of the user in a bucket, the trigger
#: match keeps half of its 40 % weight (:func:`trigger_weight`). Measured in
#: bench/adaptation.py: 0.5 and 1.0 tie (reach70 11-12), 2.0 is one interaction slower.
TRIGGER_EVIDENCE_HALF: Final[float] = 1.0
BASE_SKILL_EVICTION_WEIGHT: Final[float] = 1.5
EVICTION_BATCH: Final[int] = 10

_REWARDS: Final[frozenset[int]] = frozenset({-1, 0, 1})


def _check_reward(reward: int) -> int:
    if isinstance(reward, bool) or reward not in _REWARDS:
        raise InvalidInputError(
            f"reward must be -1 (thumbs down), 0 (neutral) or 1 (thumbs up), got {reward!r}",
            field="reward",
        )
    return int(reward)


def _vector(values: ArrayLike, field: str) -> NDArray[np.float64]:
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim != 1:
        raise InvalidInputError(f"{field} must be a 1-D vector, got shape {arr.shape}", field=field)
    return arr


# --- context bucket -------------------------------------------------------------------


def context_bucket(
    intent: str, sentiment: str, time_of_day: str, buckets: int = DEFAULT_BUCKETS
) -> int:
    """Stable bucket id in ``[0, buckets)`` for an (intent, sentiment, time of day) context.

    The key is the seed's ``f"{intent}_{sentiment}_{time_of_day}"`` (each part stripped and
    lower-cased); its SHA-256 digest, read as a big-endian integer from the first 8 bytes,
    is taken modulo ``buckets``. Identical in every process and on every machine, unlike
    the seed's ``hash()``.
    """
    if isinstance(buckets, bool) or not isinstance(buckets, int) or buckets < 1:
        raise InvalidInputError(f"buckets must be a positive integer, got {buckets!r}")
    key = "_".join(part.strip().lower() for part in (intent, sentiment, time_of_day))
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % buckets


# --- trigger matching ------------------------------------------------------------------


def cosine_similarity(a: ArrayLike, b: ArrayLike) -> float:
    """Cosine of the angle between two vectors (0.0 if either is all zeros)."""
    va, vb = _vector(a, "a"), _vector(b, "b")
    if va.shape != vb.shape:
        raise InvalidInputError(f"vectors differ in length: {va.shape[0]} vs {vb.shape[0]}")
    norm = float(np.linalg.norm(va) * np.linalg.norm(vb))
    return 0.0 if norm == 0.0 else float(va @ vb) / norm


def rescale_similarity(
    cosine: float, floor: float = E5_SIMILARITY_FLOOR, ceiling: float = E5_SIMILARITY_CEILING
) -> float:
    """Map a cosine from the embedder's working band ``[floor, ceiling]`` onto [0, 1].

    Not in the seed: its mpnet model spreads similarities over [0, 1], e5 does not (unrelated
    texts still score ≈ 0.8), so without this the 30 % topic term would be nearly constant.
    """
    if ceiling <= floor:
        raise InvalidInputError(f"ceiling ({ceiling}) must be above floor ({floor})")
    return min(1.0, max(0.0, (cosine - floor) / (ceiling - floor)))


def trigger_match_score(
    intent_match: bool,
    time_match: bool,
    sentiment_match: bool,
    topic_similarity: float,
    *,
    intent_weight: float = INTENT_WEIGHT,
    time_weight: float = TIME_WEIGHT,
    sentiment_weight: float = SENTIMENT_WEIGHT,
    topic_weight: float = TOPIC_WEIGHT,
) -> float:
    """Seed ``match_trigger``: 0.40·intent + 0.15·time + 0.15·sentiment + 0.30·topic.

    The three matches are all-or-nothing; ``topic_similarity`` is clamped to [0, 1] (pass
    a rescaled cosine, see :func:`rescale_similarity`). Result in [0, 1].
    """
    topic = min(1.0, max(0.0, float(topic_similarity)))
    return (
        intent_weight * bool(intent_match)
        + time_weight * bool(time_match)
        + sentiment_weight * bool(sentiment_match)
        + topic_weight * topic
    )


def applicable_candidates(
    scores: Mapping[str, float],
    threshold: float = MATCH_THRESHOLD,
    max_candidates: int = MAX_CANDIDATES,
) -> list[tuple[str, float]]:
    """Skills whose trigger score is ≥ ``threshold``, best first, at most ``max_candidates``.

    Ties are broken by skill id so the result is deterministic. An empty list means
    "nothing applicable": the caller falls back to the default skill.
    """
    passing = [(skill_id, s) for skill_id, s in scores.items() if s >= threshold]
    passing.sort(key=lambda item: (-item[1], item[0]))
    return passing[:max_candidates]


# --- Thompson sampling -----------------------------------------------------------------


def thompson_sample(alpha: float, beta: float, rng: np.random.Generator) -> float:
    """One draw from Beta(alpha, beta) with a seedable numpy ``Generator``."""
    if not (alpha > 0 and beta > 0 and math.isfinite(alpha) and math.isfinite(beta)):
        raise InvalidInputError(f"Beta parameters must be positive, got alpha={alpha}, beta={beta}")
    return float(rng.beta(alpha, beta))


def posterior_mean(alpha: float, beta: float) -> float:
    """Mean of Beta(alpha, beta): alpha / (alpha + beta), the expected thumbs-up rate."""
    if not (alpha > 0 and beta > 0 and math.isfinite(alpha) and math.isfinite(beta)):
        raise InvalidInputError(f"Beta parameters must be positive, got alpha={alpha}, beta={beta}")
    return alpha / (alpha + beta)


def update_beta(alpha: float, beta: float, reward: int) -> tuple[float, float]:
    """Posterior after one feedback: +1 to alpha on reward 1, +1 to beta on reward -1.

    Reward 0 (neutral) leaves both unchanged, as in the seed's ``update_from_feedback``
    ("Neutral feedback doesn't update statistics"): it carries no success/failure signal.
    """
    r = _check_reward(reward)
    if r > 0:
        return alpha + 1.0, beta
    if r < 0:
        return alpha, beta + 1.0
    return alpha, beta


# --- preference vectors ----------------------------------------------------------------


def preference_alignment(pref: ArrayLike, skill_dims: ArrayLike) -> float:
    """1 - ‖pref - skill‖ / √n (n = 16): 1 for identical vectors, 0 for opposite corners."""
    p, s = _vector(pref, "pref"), _vector(skill_dims, "skill_dims")
    if p.shape != s.shape:
        raise InvalidInputError(f"pref has {p.shape[0]} values, skill_dims {s.shape[0]}")
    return 1.0 - float(np.linalg.norm(p - s)) / math.sqrt(p.shape[0])


def update_preference(
    pref: ArrayLike,
    skill_dims: ArrayLike,
    reward: int,
    learning_rate: float = PREFERENCE_LEARNING_RATE,
) -> NDArray[np.float64]:
    """new = clip(pref + reward·lr·(skill - pref), 0, 1); reward 0 returns a copy of pref."""
    r = _check_reward(reward)
    p, s = _vector(pref, "pref"), _vector(skill_dims, "skill_dims")
    if p.shape != s.shape:
        raise InvalidInputError(f"pref has {p.shape[0]} values, skill_dims {s.shape[0]}")
    if r == 0:
        return p.copy()
    return np.clip(p + r * learning_rate * (s - p), 0.0, 1.0)


def apply_preference_delta(pref: ArrayLike, delta: ArrayLike) -> NDArray[np.float64]:
    """clip(pref + delta, 0, 1): applies the adjustments derived from free-text feedback."""
    p, d = _vector(pref, "pref"), _vector(delta, "delta")
    if p.shape != d.shape:
        raise InvalidInputError(f"pref has {p.shape[0]} values, delta {d.shape[0]}")
    return np.clip(p + d, 0.0, 1.0)


# --- confidence and exploration --------------------------------------------------------


def update_confidence(
    conf: float,
    reward: int,
    uses: int,
    *,
    alpha_new: float = CONFIDENCE_ALPHA_NEW,
    alpha_established: float = CONFIDENCE_ALPHA_ESTABLISHED,
    established_uses: int = ESTABLISHED_USES,
    low: float = CONFIDENCE_MIN,
    high: float = CONFIDENCE_MAX,
) -> float:
    """Seed adaptive EMA: new = alpha·(0.5 + 0.3·reward) + (1 - alpha)·conf, clamped to [0.2, 0.9].

    alpha is 0.3 while ``uses`` (the skill's usage count for this user when the feedback
    arrives) is under 10, else 0.1. Reward 0 leaves the confidence unchanged.
    """
    r = _check_reward(reward)
    if r == 0:
        return conf
    alpha = alpha_new if uses < established_uses else alpha_established
    target = CONFIDENCE_TARGET_CENTRE + CONFIDENCE_TARGET_SPAN * r
    return max(low, min(high, alpha * target + (1.0 - alpha) * conf))


def exploration_rate(
    feedback_count: int,
    initial: float = INITIAL_EXPLORATION,
    decay: float = EXPLORATION_DECAY,
    floor: float = MIN_EXPLORATION,
) -> float:
    """ε = max(0.05, 0.1 · 0.95^feedback_count) — decays only with feedback events."""
    if feedback_count < 0:
        raise InvalidInputError(f"feedback_count must be ≥ 0, got {feedback_count}")
    return max(floor, initial * decay**feedback_count)


def should_explore(feedback_count: int, rng: np.random.Generator) -> bool:
    """ε-greedy coin: True with probability :func:`exploration_rate` (feedback_count)."""
    return bool(rng.random() < exploration_rate(feedback_count))


def final_score(
    trigger: float,
    sampled: float,
    alignment: float,
    *,
    trigger_weight: float = FINAL_TRIGGER_WEIGHT,
    sampled_weight: float = FINAL_SAMPLED_WEIGHT,
    alignment_weight: float = FINAL_ALIGNMENT_WEIGHT,
) -> float:
    """0.4·trigger match + 0.3·Thompson sample + 0.3·preference alignment."""
    return trigger_weight * trigger + sampled_weight * sampled + alignment_weight * alignment


def trigger_weight(
    bucket_feedback: int,
    initial: float = FINAL_TRIGGER_WEIGHT,
    half: float = TRIGGER_EVIDENCE_HALF,
) -> float:
    """Weight of the trigger match after ``bucket_feedback`` feedback events in the bucket.

    ``initial · half / (half + n)``: the seed's 0.4 for a new user, 0.2 after one feedback
    (with ``half`` = 1), 0.1 after three. The trigger is a hand-written prior about what
    fits a context; the user's own thumbs up and down are better evidence about *this*
    user, so the prior gives way to them as they accumulate.
    """
    if bucket_feedback < 0:
        raise InvalidInputError(f"bucket_feedback must be ≥ 0, got {bucket_feedback}")
    if half <= 0:
        raise InvalidInputError(f"half must be > 0, got {half}")
    return initial * half / (half + bucket_feedback)


def adaptive_final_score(
    trigger: float,
    learned: float,
    alignment: float,
    bucket_feedback: int,
    *,
    half: float = TRIGGER_EVIDENCE_HALF,
    trigger_weight_initial: float = FINAL_TRIGGER_WEIGHT,
    learned_weight: float = FINAL_SAMPLED_WEIGHT,
    alignment_weight: float = FINAL_ALIGNMENT_WEIGHT,
) -> float:
    """(w·trigger + 0.3·learned + 0.3·alignment) / (w + 0.6), w = :func:`trigger_weight`.

    ``learned`` is the Beta posterior mean when exploiting and a Thompson draw when
    exploring. Renormalised so the score stays in [0, 1]; with no feedback in the bucket
    (w = 0.4) it equals the seed's :func:`final_score`.
    """
    w = trigger_weight(bucket_feedback, trigger_weight_initial, half)
    total = w + learned_weight + alignment_weight
    return (w * trigger + learned_weight * learned + alignment_weight * alignment) / total


# --- eviction --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EvictionCandidate:
    """One row of the seed's ``user_skill_confidence ⋈ skills`` eviction query."""

    skill_id: str
    confidence: float
    is_base: bool
    last_used_at: float  # POSIX seconds; 0.0 for never used


def eviction_priority(
    confidence: float, is_base: bool, base_weight: float = BASE_SKILL_EVICTION_WEIGHT
) -> float:
    """Sort key of the eviction query: confidence, x 1.5 for base skills. Lower goes first."""
    return confidence * base_weight if is_base else confidence


def eviction_order(
    candidates: Iterable[EvictionCandidate], limit: int = EVICTION_BATCH
) -> list[str]:
    """Skill ids to evict: ORDER BY priority ASC, last_used_at ASC LIMIT ``limit``."""
    ranked = sorted(
        candidates,
        key=lambda c: (eviction_priority(c.confidence, c.is_base), c.last_used_at, c.skill_id),
    )
    return [c.skill_id for c in ranked[:limit]]
