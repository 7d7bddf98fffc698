"""The seed's hourly learning aggregates, computed from what the store holds.

aico seed, "Aggregated hourly (metric_type: behavioral_memory_aggregate)":

- **skill accuracy**: share of feedback events with a positive reward
  (``AVG(CASE WHEN reward > 0 THEN 1.0 ELSE 0.0 END)``; target > 0.7);
- **user satisfaction**: the mean over users of each user's mean reward (target > 0.5);
- **adaptation speed**: interactions a user needed before the positive rate of
  their last ``window`` (10) rated interactions reached 70 % (target < 10);
- **skill retention** ("confidence score stability over time"): the mean over
  (user, skill) of the variance of the skill's confidence over time — its
  confidence before its first feedback, then after each feedback (low = stable;
  target < 0.1 after 50 uses).

Feedback is read from records of the kinds in :data:`FEEDBACK_KINDS` (reward
in ``data["reward"]`` or ``data["metadata"]["reward"]``). Each feedback event of
behaviour learning also records the skill's confidence before and after it
(``data["old_confidence"]``, ``data["confidence"]``): the confidence series are
read from those events, in time order. (They used to be read from the audit
trail of ``skill_stats``, which is written without audit rows, so skill retention
was always ``None``.) An aggregate whose data does not exist reports ``None``:
with no rated interaction in the window the first two are ``None``; adaptation
speed stays ``None`` until some user reaches the target rate, skill retention
until some skill has a confidence series (events from before confidences were
recorded have none).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..records import Kind
from ..store.base import Query, Store

__all__ = [
    "FEEDBACK_KINDS",
    "Aggregates",
    "FeedbackEvent",
    "compute_aggregates",
    "interactions_to_target",
    "read_aggregates",
]

FEEDBACK_KINDS = (Kind.FEEDBACK_EVENT,)
"""Written by behaviour learning (``lucidmem.behaviour``), one per feedback."""
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
    """Read the feedback records of every user of ``store`` and aggregate them."""
    window: list[FeedbackEvent] = []
    history: list[FeedbackEvent] = []
    confidences: dict[str, list[float]] = {}
    for user in store.user_ids():
        for record in store.find(Query(user_id=user, kinds=FEEDBACK_KINDS)):  # time order
            reward = _number(record.data, "reward")
            if reward is None:
                continue
            skill = record.data.get("skill_id")
            skill_id = skill if isinstance(skill, str) else None
            event = FeedbackEvent(user, record.occurred_at, reward, skill_id)
            history.append(event)
            if start <= record.occurred_at <= end:
                window.append(event)
            after = _number(record.data, "confidence", "confidence_score")
            if skill_id is None or after is None:
                continue
            series = confidences.setdefault(f"{user}/{skill_id}", [])
            before = _number(record.data, "old_confidence")
            if not series and before is not None:
                series.append(before)
            series.append(after)
    return compute_aggregates(window, history, confidences, start=start, end=end)
