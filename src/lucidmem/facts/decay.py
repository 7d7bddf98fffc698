"""Confidence decay with emotional salience, reinforcement and confidence bands.

Seed: ``emberhearth-memory-research.md`` §2 "Confidence, Decay, and Emotional Salience":

* "CONFIDENCE DECAY MODEL": ``effective_decay = base_decay_rate × (1 − emotional_intensity)``
  with ``base_decay_rate = 0.01`` per day, and
  ``decayed = confidence × (1 − effective_decay) ^ days_since_reinforcement``;
* "Reinforcement Model": ``confidence = max(confidence, (confidence + new) / 2)``, the decay
  clock is reset and the reinforcement count goes up (the store does both);
* "Confidence Thresholds": > 0.8 use freely, 0.5–0.8 hedge, 0.3–0.5 only if highly relevant,
  < 0.3 pruning candidate.

Decay is computed at read time (§3 "Decay is calculated at read time, not stored"); these are
pure functions of numbers. (The aico seed's config lists ``confidence_decay_rate: 0.001``; the
issue fixes 0.01, the emberhearth value, as the default — pass ``base_rate`` to change it.)
"""

from __future__ import annotations

import math
from datetime import datetime
from enum import StrEnum

from lucidmem.errors import InvalidInputError

__all__ = [
    "BASE_DECAY_RATE",
    "HEDGE_THRESHOLD",
    "PRUNE_THRESHOLD",
    "USE_FREELY_THRESHOLD",
    "ConfidenceBand",
    "confidence_band",
    "days_between",
    "decayed_confidence",
    "decayed_confidence_at",
    "effective_decay_rate",
    "half_life_days",
    "reinforce",
]

BASE_DECAY_RATE = 0.01
"""Daily decay of a fact with emotional intensity 0 (emberhearth §2: "1% daily decay")."""

USE_FREELY_THRESHOLD = 0.8
"""Above this (strictly) a fact is used freely."""

HEDGE_THRESHOLD = 0.5
"""From this up to 0.8 inclusive a fact is used with a hedge ("I think you mentioned…")."""

PRUNE_THRESHOLD = 0.3
"""Below this (strictly) a fact is a pruning candidate; from here to 0.5 "only if relevant"."""

_SECONDS_PER_DAY = 86_400.0


class ConfidenceBand(StrEnum):
    """How a fact of a given (decayed) confidence may be used (emberhearth §2 table)."""

    USE_FREELY = "use_freely"
    HEDGE = "hedge"
    ONLY_IF_RELEVANT = "only_if_relevant"
    PRUNE_CANDIDATE = "prune_candidate"


def _check_unit(value: float, name: str) -> None:
    if not 0.0 <= value <= 1.0 or math.isnan(value):
        raise InvalidInputError(f"{name} must lie in [0, 1], got {value}", field=name)


def effective_decay_rate(intensity: float, base_rate: float = BASE_DECAY_RATE) -> float:
    """``base_rate × (1 − intensity)``: intense memories (either valence) decay slower."""
    _check_unit(intensity, "intensity")
    if not 0.0 <= base_rate < 1.0:
        raise InvalidInputError(
            f"base_rate must lie in [0, 1) per day, got {base_rate}", field="base_rate"
        )
    return base_rate * (1.0 - intensity)


def decayed_confidence(
    c: float, days: float, intensity: float, base_rate: float = BASE_DECAY_RATE
) -> float:
    """``c × (1 − base_rate·(1 − intensity)) ^ days``; ``days`` since the last reinforcement.

    Fractional days are allowed. A negative ``days`` (a read before the last reinforcement)
    is refused rather than silently inflating the confidence.
    """
    _check_unit(c, "c")
    if days < 0 or math.isnan(days):
        raise InvalidInputError(
            f"days since reinforcement must be >= 0, got {days}; "
            "read the fact as of a moment after its last reinforcement",
            field="days",
        )
    return c * math.pow(1.0 - effective_decay_rate(intensity, base_rate), days)


def days_between(start: datetime, end: datetime) -> float:
    """Fractional days from ``start`` to ``end`` (both timezone-aware)."""
    for name, moment in (("start", start), ("end", end)):
        if moment.utcoffset() is None:
            raise InvalidInputError(f"{name} must be timezone-aware", field=name)
    return (end - start).total_seconds() / _SECONDS_PER_DAY


def decayed_confidence_at(
    c: float,
    last_reinforced: datetime,
    as_of: datetime,
    intensity: float,
    base_rate: float = BASE_DECAY_RATE,
) -> float:
    """:func:`decayed_confidence` with the days taken from two timezone-aware datetimes."""
    return decayed_confidence(c, days_between(last_reinforced, as_of), intensity, base_rate)


def half_life_days(intensity: float, base_rate: float = BASE_DECAY_RATE) -> float:
    """Days until confidence halves: ``ln 0.5 / ln(1 − rate)``; ``inf`` when nothing decays.

    Seed check: intensity 0.9 → rate 0.001 → ~693 days.
    """
    rate = effective_decay_rate(intensity, base_rate)
    if rate == 0.0:
        return math.inf
    return math.log(0.5) / math.log(1.0 - rate)


def reinforce(c: float, new: float) -> float:
    """``max(c, (c + new) / 2)``: a weaker mention never lowers a fact, a stronger one lifts it
    halfway."""
    _check_unit(c, "c")
    _check_unit(new, "new")
    return max(c, (c + new) / 2.0)


def confidence_band(
    c: float,
    *,
    use_freely: float = USE_FREELY_THRESHOLD,
    hedge: float = HEDGE_THRESHOLD,
    prune: float = PRUNE_THRESHOLD,
) -> ConfidenceBand:
    """The seed's band for ``c``: ``> 0.8`` use freely, ``[0.5, 0.8]`` hedge,
    ``[0.3, 0.5)`` only if highly relevant, ``< 0.3`` pruning candidate.

    The seed writes "0.5 – 0.8" and "0.3 – 0.5"; we read its "> 0.8" and "< 0.3" as strict, so
    0.8 hedges, 0.5 hedges and 0.3 is kept for relevant queries.
    """
    _check_unit(c, "c")
    if not prune <= hedge <= use_freely:
        raise InvalidInputError("band thresholds must satisfy prune <= hedge <= use_freely")
    if c > use_freely:
        return ConfidenceBand.USE_FREELY
    if c >= hedge:
        return ConfidenceBand.HEDGE
    if c >= prune:
        return ConfidenceBand.ONLY_IF_RELEVANT
    return ConfidenceBand.PRUNE_CANDIDATE
