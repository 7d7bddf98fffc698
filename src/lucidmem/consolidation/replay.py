"""Prioritized experience replay, reconsolidation and user sharding (capabilities M9, M11).

Source: ``seeds/aico-adaptive-memory-system.md``: *Replay Prioritization Algorithm*,
*Memory Reconsolidation Strategy (with variant limits)*, *Variant Cleanup*, the
``memory.consolidation`` / ``memory.temporal`` configuration block and *Consolidation
Parallelization with User Sharding*.

Decisions where the seed is ambiguous or self-contradictory (tested in ``test_replay.py``):

1. **Sampling exponent.** The seed's code samples with ``random.choices(weights=priorities)``
   while its configuration sets ``priority_alpha: 0.6``, the exponent of Prioritized
   Experience Replay (Schaul et al. 2016): ``P(i) = p_i ** a / sum_k p_k ** a``. We follow the
   configuration and the paper (default ``alpha = 0.6``); ``alpha = 1.0`` is the seed's code.
2. **Without replacement.** ``random.choices`` draws with replacement, so one experience can
   fill a batch several times. We draw without replacement: successive draws, each with
   probability proportional to the weights of what is left (implemented as the exponential
   race of Efraimidis and Spirakis: keep the ``k`` smallest ``E_i / w_i``, ``E_i ~ Exp(1)``).
   A batch larger than the candidates returns every candidate with a positive weight.
3. **Ties.** A new fact supersedes only if *strictly* more confident (seed: ``>``); an equal
   one becomes a variant. With the variant limit reached it replaces the weakest variant only
   if strictly stronger, else it is discarded. Equal-confidence variants: the smallest id is
   the weakest, so decisions are deterministic. If a fact already has more variants than the
   limit, a new one never adds to them.
4. **Sharding.** The seed enumerates the user list and takes ``index % 7 == weekday``. Indices
   shift when users join or leave, so a user can be skipped or run twice in a week. The
   default ``"hash"`` strategy assigns each user a fixed day from SHA-256 of the user id
   (stable across processes and membership changes; never Python's salted ``hash()``);
   ``"index"`` is the seed's perfectly balanced sorted-index modulo. Day 0 is Monday, as in
   the seed (``datetime.weekday()``).
"""

from __future__ import annotations

import enum
import hashlib
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal, TypeAlias

import numpy as np

from lucidmem.errors import InvalidInputError

__all__ = [
    "FEEDBACK_BONUS",
    "MAX_CONCURRENT_USERS",
    "MAX_FACT_VARIANTS",
    "PRIORITY_ALPHA",
    "RECENCY_FLOOR_DAYS",
    "REPLAY_BATCH_SIZE",
    "SHARD_CYCLE_DAYS",
    "VARIANT_CLEANUP_CONFIDENCE",
    "VARIANT_CLEANUP_DAYS",
    "ReconsolidationAction",
    "ReconsolidationDecision",
    "ReplayCandidate",
    "Rng",
    "Variant",
    "reconsolidate",
    "replay_priority",
    "sample_without_replacement",
    "sampling_probabilities",
    "select_for_replay",
    "shard_day",
    "shard_of",
    "users_for_date",
    "variant_expired",
]

FEEDBACK_BONUS = 1.0
"""Added to the priority of an interaction that has user feedback (seed: ``+1.0``)."""
RECENCY_FLOOR_DAYS = 1.0
"""Recency bonus is ``1 / max(1, days_since)`` (seed: "avoid division by zero")."""
PRIORITY_ALPHA = 0.6
"""PER exponent on priorities when sampling (seed config: ``priority_alpha: 0.6``)."""
REPLAY_BATCH_SIZE = 100
"""Experiences replayed per user per cycle (seed config: ``replay_batch_size: 100``)."""
MAX_FACT_VARIANTS = 3
"""Variants kept per fact (seed config: ``max_fact_variants: 3``)."""
VARIANT_CLEANUP_DAYS = 90.0
"""Low-confidence variants older than this are deleted (seed: ``variant_cleanup_days``)."""
VARIANT_CLEANUP_CONFIDENCE = 0.3
"""Variants below this confidence are "low-confidence" (seed cleanup query: ``< 0.3``)."""
SHARD_CYCLE_DAYS = 7
"""Each user is consolidated once per this many days (seed: ``user_sharding_cycle_days``)."""
MAX_CONCURRENT_USERS = 4
"""Users consolidated at once (seed: ``asyncio.Semaphore(4)``); used by the scheduler."""

Rng: TypeAlias = random.Random | np.random.Generator
"""A seedable random source: ``random.Random(seed)`` or ``numpy.random.default_rng(seed)``."""


# --------------------------------------------------------------------------- replay


def replay_priority(importance: float, days_since: float, has_feedback: bool) -> float:
    """``|importance| + 1 / max(1, days_since) + (1.0 if has_feedback else 0.0)``.

    Seed *Replay Prioritization Algorithm*. Negative ``days_since`` (clock skew) gets the
    full recency bonus of 1.0. The result lies in ``(0, |importance| + 2]``.
    """
    if not math.isfinite(importance):
        raise InvalidInputError(f"importance={importance!r} must be finite", field="importance")
    if not math.isfinite(days_since):
        raise InvalidInputError(
            f"days_since={days_since!r} must be a finite number of days", field="days_since"
        )
    recency = 1.0 / max(RECENCY_FLOOR_DAYS, days_since)
    return abs(importance) + recency + (FEEDBACK_BONUS if has_feedback else 0.0)


def sampling_probabilities(
    priorities: Sequence[float], *, alpha: float = PRIORITY_ALPHA
) -> list[float]:
    """PER sampling distribution ``p_i ** alpha / sum_k p_k ** alpha`` (Schaul et al. 2016)."""
    weights = _powered(priorities, alpha)
    total = math.fsum(weights)
    if total == 0.0:
        raise InvalidInputError(
            "all priorities are zero; at least one must be positive", field="priorities"
        )
    return [w / total for w in weights]


def sample_without_replacement(weights: Sequence[float], k: int, rng: Rng) -> list[int]:
    """Indices of ``k`` draws without replacement, in draw order.

    Each draw picks a remaining index with probability proportional to its weight
    (Efraimidis-Spirakis exponential race). Zero weights are never drawn; ``k`` larger than
    the number of positive weights returns all of them.
    """
    if k < 0:
        raise InvalidInputError(f"k={k} must be zero or more", field="k")
    for w in weights:
        if not (w >= 0.0 and math.isfinite(w)):
            raise InvalidInputError(
                f"weight {w!r} must be a non-negative finite number", field="weights"
            )
    positive = [i for i, w in enumerate(weights) if w > 0.0]
    if isinstance(rng, np.random.Generator):
        races = [float(e) for e in rng.exponential(size=len(positive))]
    else:
        races = [rng.expovariate(1.0) for _ in positive]
    keyed = sorted((e / weights[i], i) for e, i in zip(races, positive, strict=True))
    return [i for _, i in keyed[:k]]


@dataclass(frozen=True, slots=True)
class ReplayCandidate:
    """One experience that may be replayed."""

    item_id: str
    importance: float
    days_since: float
    has_feedback: bool = False

    @property
    def priority(self) -> float:
        """:func:`replay_priority` of this candidate."""
        return replay_priority(self.importance, self.days_since, self.has_feedback)


def select_for_replay(
    candidates: Sequence[ReplayCandidate],
    rng: Rng,
    *,
    batch_size: int = REPLAY_BATCH_SIZE,
    alpha: float = PRIORITY_ALPHA,
) -> list[ReplayCandidate]:
    """A replay batch: weighted sampling without replacement by ``priority ** alpha``."""
    if batch_size < 0:
        raise InvalidInputError(f"batch_size={batch_size} must be zero or more", field="batch_size")
    if not candidates:
        return []
    weights = _powered([c.priority for c in candidates], alpha)
    return [candidates[i] for i in sample_without_replacement(weights, batch_size, rng)]


def _powered(priorities: Sequence[float], alpha: float) -> list[float]:
    if not (alpha >= 0.0 and math.isfinite(alpha)):
        raise InvalidInputError(f"alpha={alpha!r} must be a non-negative number", field="alpha")
    for p in priorities:
        if not (p >= 0.0 and math.isfinite(p)):
            raise InvalidInputError(
                f"priority {p!r} must be a non-negative finite number; use replay_priority()",
                field="priorities",
            )
    return [p**alpha if p > 0.0 else 0.0 for p in priorities]


# --------------------------------------------------------------------------- reconsolidation


class ReconsolidationAction(enum.Enum):
    """What to do with a new fact that conflicts with an existing one."""

    SUPERSEDE = "supersede"
    """Update the existing fact; the old version is marked superseded."""
    ADD_VARIANT = "add_variant"
    """Store the new fact as a variant linked to the existing one."""
    REPLACE_VARIANT = "replace_variant"
    """Replace the weakest variant (``replaced_variant_id``) with the new fact."""
    DISCARD = "discard"
    """The new fact is weaker than the fact and every variant: drop it."""


@dataclass(frozen=True, slots=True)
class Variant:
    """An existing variant of a fact."""

    variant_id: str
    confidence: float


@dataclass(frozen=True, slots=True)
class ReconsolidationDecision:
    """The outcome of :func:`reconsolidate`."""

    action: ReconsolidationAction
    replaced_variant_id: str | None = None
    reason: str = ""


def reconsolidate(
    new_confidence: float,
    existing_confidence: float,
    variants: Sequence[Variant] = (),
    *,
    max_variants: int = MAX_FACT_VARIANTS,
) -> ReconsolidationDecision:
    """Seed ``reconsolidate_fact``: supersede, add a variant, replace the weakest, or discard."""
    _check_confidence(new_confidence, "new_confidence")
    _check_confidence(existing_confidence, "existing_confidence")
    for v in variants:
        _check_confidence(v.confidence, "variants")
    if max_variants < 0:
        raise InvalidInputError(
            f"max_variants={max_variants} must be zero or more", field="max_variants"
        )
    if new_confidence > existing_confidence:
        return ReconsolidationDecision(
            ReconsolidationAction.SUPERSEDE,
            reason=f"new confidence {new_confidence:g} > existing {existing_confidence:g}",
        )
    if len(variants) < max_variants:
        return ReconsolidationDecision(
            ReconsolidationAction.ADD_VARIANT,
            reason=f"{len(variants)} of {max_variants} variants used",
        )
    if not variants:
        return ReconsolidationDecision(
            ReconsolidationAction.DISCARD, reason="variants are disabled (max_variants=0)"
        )
    weakest = min(variants, key=lambda v: (v.confidence, v.variant_id))
    if new_confidence > weakest.confidence:
        return ReconsolidationDecision(
            ReconsolidationAction.REPLACE_VARIANT,
            replaced_variant_id=weakest.variant_id,
            reason=f"new confidence {new_confidence:g} > weakest variant {weakest.confidence:g}",
        )
    return ReconsolidationDecision(
        ReconsolidationAction.DISCARD,
        reason=f"new confidence {new_confidence:g} <= weakest variant {weakest.confidence:g}",
    )


def variant_expired(
    confidence: float,
    age_days: float,
    *,
    min_confidence: float = VARIANT_CLEANUP_CONFIDENCE,
    max_age_days: float = VARIANT_CLEANUP_DAYS,
) -> bool:
    """Seed *Variant Cleanup*: delete a variant with ``confidence < 0.3`` older than 90 days."""
    _check_confidence(confidence, "confidence")
    if math.isnan(age_days):
        raise InvalidInputError("age_days must be a number, not NaN", field="age_days")
    return confidence < min_confidence and age_days > max_age_days


def _check_confidence(value: float, name: str) -> None:
    if not (0.0 <= value <= 1.0):
        raise InvalidInputError(f"{name}: confidence {value!r} must lie in [0, 1]", field=name)


# --------------------------------------------------------------------------- sharding


def shard_day(day: date, *, cycle_days: int = SHARD_CYCLE_DAYS) -> int:
    """Which shard runs on ``day``: ``(ordinal - 1) % cycle`` (= ``weekday()`` for 7)."""
    _check_cycle(cycle_days)
    return (day.toordinal() - 1) % cycle_days


def shard_of(user_id: str, *, cycle_days: int = SHARD_CYCLE_DAYS) -> int:
    """The fixed shard of ``user_id``: first 8 bytes of SHA-256 (big-endian) mod ``cycle``."""
    _check_cycle(cycle_days)
    digest = hashlib.sha256(user_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % cycle_days


def users_for_date(
    user_ids: Iterable[str],
    day: date,
    *,
    cycle_days: int = SHARD_CYCLE_DAYS,
    strategy: Literal["hash", "index"] = "hash",
) -> list[str]:
    """The users to consolidate on ``day``, sorted; every user once per ``cycle_days`` days.

    ``"hash"``: users whose :func:`shard_of` is today's shard. ``"index"``: the seed's
    ``i % 7 == weekday`` over the sorted, de-duplicated user ids.
    """
    today = shard_day(day, cycle_days=cycle_days)
    users = sorted(set(user_ids))
    if strategy == "hash":
        return [u for u in users if shard_of(u, cycle_days=cycle_days) == today]
    if strategy == "index":
        return [u for i, u in enumerate(users) if i % cycle_days == today]
    raise InvalidInputError(
        f"strategy={strategy!r} is unknown; use 'hash' or 'index'", field="strategy"
    )


def _check_cycle(cycle_days: int) -> None:
    if cycle_days < 1:
        raise InvalidInputError(f"cycle_days={cycle_days} must be at least 1", field="cycle_days")
