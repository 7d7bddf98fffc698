"""Reciprocal rank fusion and the recency bonus: pure functions, no I/O.

RRF (Cormack, Clarke & Büttcher, SIGIR 2009): each leg contributes
``weight / (k + rank)`` for every item it ranks, ranks starting at 1; items
are ordered by the sum. It needs no score calibration between legs, which is
why BM25 and cosine similarity can be fused without normalising either.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["DEFAULT_RRF_K", "FusedHit", "recency_bonus", "reciprocal_rank_fusion"]

DEFAULT_RRF_K = 60.0
"""The k of the original RRF paper."""


@dataclass(slots=True)
class FusedHit:
    id: str
    score: float
    ranks: dict[str, int] = field(default_factory=dict)
    contributions: dict[str, float] = field(default_factory=dict)


def reciprocal_rank_fusion(
    rankings: Mapping[str, Sequence[str]],
    *,
    k: float = DEFAULT_RRF_K,
    weights: Mapping[str, float] | None = None,
) -> list[FusedHit]:
    """Fuse ranked id lists (best first) into one list, best first.

    Ties are broken by the order in which ids were first seen, so the result
    is deterministic.
    """
    fused: dict[str, FusedHit] = {}
    for leg, ids in rankings.items():
        weight = 1.0 if weights is None else weights.get(leg, 1.0)
        if weight == 0:
            continue
        for rank, item_id in enumerate(ids, start=1):
            hit = fused.setdefault(item_id, FusedHit(item_id, 0.0))
            contribution = weight / (k + rank)
            hit.score += contribution
            hit.ranks[leg] = rank
            hit.contributions[leg] = contribution
    return sorted(fused.values(), key=lambda h: -h.score)


def recency_bonus(age_days: float, *, weight: float, half_life_days: float) -> float:
    """``weight × 0.5^(age / half_life)``: a bonus that halves every half-life."""
    if weight == 0:
        return 0.0
    return weight * math.pow(0.5, max(age_days, 0.0) / half_life_days)
