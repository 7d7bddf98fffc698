"""Incremental learning state and JSON forms of the projections kept in the store.

:class:`LearningState` keeps time-decayed sums so that the seed's learning metrics (sentiment,
engagement, quality) update in O(1) per feedback: with a reference time ``ref``, the decayed
sum ``S = Σ wᵢ·0.5^((ref − tᵢ)/h)·xᵢ`` moves to a later ``t`` by one multiplication. The result
equals :func:`~lucidmem.agents.rewards.learning_metrics` over the same events (tested).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from typing import Any

from lucidmem.agents.feedback_model import FeedbackEvent, ImplicitFeedback
from lucidmem.agents.projections import (
    ActionRecord,
    AgentAction,
    BehaviourHistory,
    FeedbackAggregation,
    HighQualityInteraction,
    Relationship,
)
from lucidmem.agents.rewards import (
    DEFAULT_HALF_LIFE,
    ENGAGEMENT_QUALITY_WEIGHT,
    SENTIMENT_QUALITY_WEIGHT,
    LearningMetrics,
    calculate_reward,
    clamp,
    engagement_value,
    feedback_weight,
)
from lucidmem.clock import from_epoch, to_epoch

__all__ = [
    "LearningState",
    "aggregation_from_data",
    "aggregation_to_data",
    "history_from_data",
    "history_to_data",
    "relationship_from_data",
    "relationship_to_data",
]

MAX_SENTIMENT_SAMPLES = 400
SAMPLE_SPACING_SECONDS = 3600.0  # one sentiment sample per hour is enough for a 7-day rule


@dataclass(slots=True)
class LearningState:
    """Decayed sums behind the learning metrics, counters and the sentiment history."""

    half_life: float = DEFAULT_HALF_LIFE.total_seconds()
    ref: float | None = None
    s_num: float = 0.0
    s_den: float = 0.0
    e_num: float = 0.0
    e_den: float = 0.0
    feedback_count: int = 0
    signal_count: int = 0
    positive_count: int = 0
    since_policy_update: int = 0
    version: int = 0
    paused: bool = False
    pause_reason: str = ""
    samples: list[tuple[float, float]] = field(default_factory=list)

    def _decay(self, seconds: float) -> float:
        return math.pow(0.5, seconds / self.half_life) if seconds > 0 else 1.0

    def _advance(self, at: float) -> float:
        """Move ``ref`` forward to ``at`` if later; the decay factor of a sample at ``at``."""
        if self.ref is None:
            self.ref = at
            return 1.0
        if at > self.ref:
            f = self._decay(at - self.ref)
            self.s_num, self.s_den, self.e_num, self.e_den = (
                self.s_num * f, self.s_den * f, self.e_num * f, self.e_den * f)
            self.ref = at
            return 1.0
        return self._decay(self.ref - at)

    def add(self, event: FeedbackEvent) -> float:
        """Fold one feedback event; returns its reward."""
        at = to_epoch(event.created_at)
        d = self._advance(at)
        w = feedback_weight(event) * d
        reward = calculate_reward(event)
        if isinstance(event.payload, ImplicitFeedback):
            self.e_num += w * engagement_value(event.payload)
            self.e_den += w
            self.signal_count += 1
        else:
            self.s_num += w * reward
            self.s_den += w
            self.feedback_count += 1
            self.positive_count += reward > 0
        return reward

    def reset_sums(self) -> None:
        """Forget the decayed sums and counts (before a refold after an update)."""
        self.ref, self.s_num, self.s_den, self.e_num, self.e_den = None, 0.0, 0.0, 0.0, 0.0
        self.feedback_count = self.signal_count = self.positive_count = 0

    def metrics(self, now: float) -> LearningMetrics:
        """The learning metrics at ``now`` (same formula as ``rewards.learning_metrics``)."""
        f = self._decay(now - self.ref) if self.ref is not None and now > self.ref else 1.0
        sentiment = self.s_num / self.s_den if self.s_den * f > 0 else None
        engagement = self.e_num / self.e_den if self.e_den * f > 0 else None
        parts: list[tuple[float, float]] = []
        if sentiment is not None:
            parts.append((SENTIMENT_QUALITY_WEIGHT, (sentiment + 1.0) / 2.0))
        if engagement is not None:
            parts.append((ENGAGEMENT_QUALITY_WEIGHT, engagement))
        total = sum(w for w, _ in parts)
        quality = sum(w * v for w, v in parts) / total if total > 0 else 0.5
        return LearningMetrics(
            sentiment=clamp(sentiment) if sentiment is not None else 0.0,
            engagement=clamp(engagement, 0.0) if engagement is not None else 0.0,
            quality=clamp(quality, 0.0),
            feedback_count=self.feedback_count,
            signal_count=self.signal_count,
        )

    def sample(self, now: float) -> None:
        """Record the current sentiment for the learning-pause rule (hourly, capped)."""
        if self.s_den <= 0:
            return
        value = self.metrics(now).sentiment
        if self.samples and now - self.samples[-1][0] < SAMPLE_SPACING_SECONDS:
            if self.samples[-1][1] < -0.5 <= value or value < -0.5 <= self.samples[-1][1]:
                self.samples.append((now, value))  # keep every crossing of the threshold
            else:
                self.samples[-1] = (self.samples[-1][0], value)
        else:
            self.samples.append((now, value))
        del self.samples[:-MAX_SENTIMENT_SAMPLES]

    def to_data(self) -> dict[str, Any]:
        """JSON form."""
        data = asdict(self)
        data["samples"] = [list(s) for s in self.samples]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> LearningState:
        """Inverse of :meth:`to_data` (a fresh state for ``None``)."""
        if not data:
            return cls()
        values = dict(data)
        values["samples"] = [(float(a), float(b)) for a, b in values.get("samples", [])]
        return cls(**values)


def aggregation_to_data(agg: FeedbackAggregation) -> dict[str, Any]:
    """JSON form of the feedback aggregation projection."""
    data = {k: getattr(agg, k) for k in FeedbackAggregation.__dataclass_fields__}
    last = agg.last_feedback_at
    data["last_feedback_at"] = None if last is None else to_epoch(last)
    data["high_quality_interactions"] = [
        [h.source_id, h.feedback_score, to_epoch(h.at)] for h in agg.high_quality_interactions]
    return data


def aggregation_from_data(agent_id: str, data: Mapping[str, Any] | None) -> FeedbackAggregation:
    """Inverse of :func:`aggregation_to_data`."""
    if not data:
        return FeedbackAggregation(agent_id)
    values = dict(data)
    last = values.get("last_feedback_at")
    values["last_feedback_at"] = None if last is None else from_epoch(last)
    values["high_quality_interactions"] = tuple(
        HighQualityInteraction(s, float(score), from_epoch(at))
        for s, score, at in values.get("high_quality_interactions", []))
    return FeedbackAggregation(**values)


def history_to_data(history: BehaviourHistory) -> dict[str, Any]:
    """JSON form of the behaviour history projection."""
    return {
        "agent_id": history.agent_id,
        "size": history.size,
        "last_n_actions": [
            [r.action.action_id, r.action.action_type, to_epoch(r.action.at), list(r.action.traits),
             r.reward_sum, r.reward_count] for r in history.last_n_actions],
        "action_counts": dict(history.action_counts),
        "rewarded_counts": dict(history.rewarded_counts),
        "success_counts": dict(history.success_counts),
    }


def history_from_data(agent_id: str, data: Mapping[str, Any] | None) -> BehaviourHistory:
    """Inverse of :func:`history_to_data`."""
    if not data:
        return BehaviourHistory(agent_id)
    actions = tuple(
        ActionRecord(AgentAction(aid, agent_id, kind, from_epoch(at), tuple(traits)), float(s),
                     int(n))
        for aid, kind, at, traits, s, n in data["last_n_actions"])
    return BehaviourHistory(agent_id, int(data["size"]), actions, dict(data["action_counts"]),
                            dict(data["rewarded_counts"]), dict(data["success_counts"]))


def relationship_to_data(rel: Relationship, last_feedback_at: float | None) -> dict[str, Any]:
    """JSON form of one relationship, with when its user last gave feedback."""
    return {
        "agent_id": rel.agent_id, "user_id": rel.user_id,
        "interaction_count": rel.interaction_count, "duration_sum": rel.duration_sum,
        "invitations_count": rel.invitations_count, "returns_count": rel.returns_count,
        "last_seen_at": None if rel.last_seen_at is None else to_epoch(rel.last_seen_at),
        "last_feedback_at": last_feedback_at,
        "relationship_strength": rel.relationship_strength,
    }


def relationship_from_data(
    agent_id: str, user_id: str, data: Mapping[str, Any] | None
) -> tuple[Relationship, float | None]:
    """Inverse of :func:`relationship_to_data`."""
    if not data:
        return Relationship(agent_id, user_id), None
    seen = data.get("last_seen_at")
    rel = Relationship(agent_id, user_id, int(data["interaction_count"]),
                       float(data["duration_sum"]), int(data["invitations_count"]),
                       int(data["returns_count"]), None if seen is None else from_epoch(seen))
    return rel, data.get("last_feedback_at")


def decayed_window(days: float) -> timedelta:
    """A timedelta of ``days`` (helper for callers configuring half lives)."""
    return timedelta(days=days)


def fold_learning(events: Iterable[FeedbackEvent], state: LearningState) -> LearningState:
    """Fold ``events`` (any order) into ``state`` and return it."""
    for event in sorted(events, key=lambda e: e.created_at):
        state.add(event)
    return state
