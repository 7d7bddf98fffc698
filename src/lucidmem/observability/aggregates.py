"""The seed's hourly learning aggregates, computed from what the store holds.

aico seed, "Aggregated hourly (metric_type: behavioral_memory_aggregate)":

- **skill accuracy**: share of feedback events with a positive reward
  (``AVG(CASE WHEN reward > 0 THEN 1.0 ELSE 0.0 END)``; target > 0.7);
- **user satisfaction**: the mean over users of each user's mean reward (target > 0.5);
- **adaptation speed**: interactions a user needed before the positive rate of
  their last ``window`` (10) rated interactions reached 70 % (target < 10);
- **skill retention**: the mean variance of each skill's confidence over its
  recorded versions (low = stable; target < 0.1 after 50 uses).

Feedback is read from records of the kinds in :data:`FEEDBACK_KINDS` (reward
in ``data["reward"]`` or ``data["metadata"]["reward"]``), skills from
:data:`SKILL_KINDS` (confidence in ``data`` or its ``metadata``, its versions
from the audit trail). An aggregate whose data does not exist reports
``None``: with no rated interaction in the window all four are ``None``;
adaptation speed stays ``None`` until some user reaches the target rate.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..store.base import Query, Store

__all__ = [
    "FEEDBACK_KINDS",
    "SKILL_KINDS",
    "Aggregates",
    "FeedbackEvent",
    "compute_aggregates",
    "interactions_to_target",
    "read_aggregates",
]

FEEDBACK_KINDS = ("feedback_event",)
"""Written by behaviour learning (``lucidmem.behaviour``), one per feedback."""
SKILL_KINDS = ("skill_stats",)
"""Per-(user, skill) confidence and counters; each update is a new audited version."""
TARGET_POSITIVE_RATE = 0.7
"""aico seed: new users reach a 70 % positive rate ..."""
ADAPTATION_WINDOW = 10
"""... within 10 interactions."""
ADAPTATION_MIN_INTERACTIONS = 3


@dataclass(frozen=True, slots=True)
class FeedbackEvent:
    """One rated interaction."""

    user_id: str
    at: float
    reward: float
    skill_id: str | None = None


class Aggregates(BaseModel):
    """One window of the seed's learning aggregates (``None`` = no data yet)."""

    model_config = ConfigDict(frozen=True)

    metric_type: str = "behavioral_memory_aggregate"
    window_start: float
    window_end: float
    feedback_events: int
    users: int
    skill_accuracy: float | None
    user_satisfaction: float | None
    adaptation_speed: float | None
    users_adapted: int
    skill_retention: float | None
    skills_tracked: int


def interactions_to_target(rewards: Sequence[float], *, target: float = TARGET_POSITIVE_RATE,
                           window: int = ADAPTATION_WINDOW,
                           min_interactions: int = ADAPTATION_MIN_INTERACTIONS) -> int | None:
    """The first n at which the positive share of the last ``window`` rewards reaches ``target``.

    ``None`` if it never does. At least ``min_interactions`` are needed, so one
    lucky first reply does not count as adapted.
    """
    for n in range(min_interactions, len(rewards) + 1):
        recent = rewards[max(0, n - window):n]
        if sum(1 for r in recent if r > 0) / len(recent) >= target:
            return n
    return None


def compute_aggregates(events: Sequence[FeedbackEvent], history: Sequence[FeedbackEvent],
                       confidences: Mapping[str, Sequence[float]], *, start: float,
                       end: float) -> Aggregates:
    """The aggregates of ``events`` (the window) given every user's full ``history``."""
    by_user: dict[str, list[float]] = {}
    for event in events:
        by_user.setdefault(event.user_id, []).append(event.reward)
    full: dict[str, list[FeedbackEvent]] = {}
    for event in history:
        full.setdefault(event.user_id, []).append(event)
    speeds = [n for user in by_user if (n := interactions_to_target(
        [e.reward for e in sorted(full.get(user, []), key=lambda e: e.at)])) is not None]
    variances = [statistics.pvariance(v) for v in confidences.values() if len(v) >= 2]
    return Aggregates(
        window_start=start, window_end=end, feedback_events=len(events), users=len(by_user),
        skill_accuracy=(sum(1 for e in events if e.reward > 0) / len(events)) if events else None,
        user_satisfaction=statistics.fmean(statistics.fmean(r) for r in by_user.values())
        if by_user else None,
        adaptation_speed=statistics.fmean(speeds) if speeds else None,
        users_adapted=len(speeds),
        skill_retention=statistics.fmean(variances) if variances else None,
        skills_tracked=len(variances),
    )


def _number(data: Mapping[str, Any], *names: str) -> float | None:
    meta = data.get("metadata")
    for source in (data, meta if isinstance(meta, Mapping) else {}):
        for name in names:
            value = source.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(value)
    return None


def read_aggregates(store: Store, *, start: float, end: float) -> Aggregates:
    """Read feedback and skill records of every user of ``store`` and aggregate them."""
    window: list[FeedbackEvent] = []
    history: list[FeedbackEvent] = []
    confidences: dict[str, list[float]] = {}
    for user in store.user_ids():
        for record in store.find(Query(user_id=user, kinds=FEEDBACK_KINDS)):
            reward = _number(record.data, "reward")
            if reward is None:
                continue
            skill = record.data.get("skill_id")
            event = FeedbackEvent(user, record.occurred_at, reward,
                                  skill if isinstance(skill, str) else None)
            history.append(event)
            if start <= record.occurred_at <= end:
                window.append(event)
        for record in store.find(Query(user_id=user, kinds=SKILL_KINDS)):
            series = [c for entry in store.history(user, record.id)
                      if entry.after is not None
                      and (c := _number(entry.after.get("data") or entry.after,
                                        "confidence", "confidence_score")) is not None]
            if series:
                confidences[f"{user}/{record.id}"] = series
    return compute_aggregates(window, history, confidences, start=start, end=end)
