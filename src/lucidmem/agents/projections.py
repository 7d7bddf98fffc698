"""The four learning projections as pure folds over events.

Seed: ``seeds/agent-feedback-rlhf.md`` — "Required Projections (RL Service)": Agent Summary,
Feedback Aggregation (with ``high_quality_interactions`` for training datasets), Relationship
Strength, Behaviour History; and "Policy Update Flow" step 3 (rolling statistics).

Each projection is a frozen value; ``apply_*`` returns the next value for one event (events
for another agent are ignored), ``fold_*`` folds a stream. Folds see *final* events: after a
feedback update within its dedup window, recompute from the stored events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import reduce
from types import MappingProxyType
from typing import TypeVar, cast

from lucidmem.agents.feedback_model import FeedbackEvent, ImplicitFeedback
from lucidmem.agents.policy import Action, RewardedBehaviour
from lucidmem.agents.rewards import (
    RewardWeights,
    calculate_reward,
    engagement_value,
    feedback_weight,
    relationship_strength,
)
from lucidmem.errors import InvalidInputError

__all__ = ["HIGH_QUALITY_MIN_REWARD", "SUCCESS_MIN_SESSION_SECONDS"]
__all__ += ["AgentChanged", "AgentSummary", "apply_agent_change", "fold_agent_summary"]
__all__ += ["FeedbackAggregation", "HighQualityInteraction", "SessionEnded"]
__all__ += ["apply_feedback", "fold_feedback_aggregation"]
__all__ += ["Relationship", "RoomJoined", "apply_relationship", "fold_relationships"]
__all__ += ["ActionRecord", "AgentAction", "BehaviourHistory", "apply_behaviour"]
__all__ += ["fold_behaviour_history", "to_rewarded_behaviour"]

HIGH_QUALITY_MIN_REWARD = 0.5  # a thumbs up (0.8) qualifies, a "like" (0.4) alone does not
MAX_HIGH_QUALITY = 1000  # most recent high-quality interactions kept (datasets use 50–500)
SUCCESS_MIN_SESSION_SECONDS = 180.0  # a session succeeds when not abandoned and > 3 min
DEFAULT_HISTORY_SIZE = 100
_ACTION_VALUES = frozenset(a.value for a in Action)
_WEIGHTS = RewardWeights()
_T = TypeVar("_T")


def _pick(new: _T | None, old: _T) -> _T:
    return old if new is None else new


@dataclass(frozen=True, slots=True)
class AgentChanged:
    """``agent.created`` / ``agent.updated`` / ``agent.personality.updated``; None = unchanged."""

    agent_id: str
    at: datetime
    owner_id: str | None = None
    traits: Mapping[str, float] | None = None
    tone_weights: Mapping[str, float] | None = None
    autonomy_level: float | None = None
    mood: str | None = None
    archetype: str | None = None


@dataclass(frozen=True, slots=True)
class AgentSummary:
    """Seed "Agent Summary Projection"."""

    agent_id: str
    owner_id: str
    traits: Mapping[str, float]
    tone_weights: Mapping[str, float]
    autonomy_level: float
    mood: str | None
    archetype: str | None
    updated_at: datetime


def apply_agent_change(summary: AgentSummary | None, event: AgentChanged) -> AgentSummary:
    """Merge one change; trait and tone mappings are merged key by key."""
    if summary is None:
        if event.owner_id is None:
            raise InvalidInputError(
                "owner_id: the first event of an agent must name its owner", field="owner_id"
            )
        summary = AgentSummary(event.agent_id, event.owner_id, {}, {}, 0.0, None, None, event.at)
    elif event.agent_id != summary.agent_id:
        return summary
    return AgentSummary(
        agent_id=summary.agent_id,
        owner_id=event.owner_id or summary.owner_id,
        traits=MappingProxyType({**summary.traits, **(event.traits or {})}),
        tone_weights=MappingProxyType({**summary.tone_weights, **(event.tone_weights or {})}),
        autonomy_level=_pick(event.autonomy_level, summary.autonomy_level),
        mood=_pick(event.mood, summary.mood),
        archetype=_pick(event.archetype, summary.archetype),
        updated_at=max(summary.updated_at, event.at),
    )


def fold_agent_summary(agent_id: str, events: Iterable[AgentChanged]) -> AgentSummary | None:
    """The summary of ``agent_id`` after ``events`` (``None`` if it never appeared)."""
    mine = (e for e in events if e.agent_id == agent_id)
    return reduce(apply_agent_change, mine, cast("AgentSummary | None", None))


@dataclass(frozen=True, slots=True)
class SessionEnded:
    """``session.ended`` between a user and an agent."""

    agent_id: str
    user_id: str
    at: datetime
    duration_seconds: float
    abandoned: bool = False


@dataclass(frozen=True, slots=True)
class HighQualityInteraction:
    """A message whose feedback reward reached :data:`HIGH_QUALITY_MIN_REWARD`."""

    source_id: str
    feedback_score: float
    at: datetime


@dataclass(frozen=True, slots=True)
class FeedbackAggregation:
    """Seed "Feedback Aggregation Projection", with the running sums that make it incremental."""

    agent_id: str
    positive_count: int = 0
    negative_count: int = 0
    total_count: int = 0
    weighted_reward_sum: float = 0.0
    weight_sum: float = 0.0
    engagement_sum: float = 0.0
    engagement_count: int = 0
    sessions: int = 0
    successful_sessions: int = 0
    last_feedback_at: datetime | None = None
    high_quality_interactions: tuple[HighQualityInteraction, ...] = ()

    @property
    def avg_score(self) -> float:
        """Weighted mean reward in [-1, 1] (0 without feedback)."""
        return self.weighted_reward_sum / self.weight_sum if self.weight_sum > 0 else 0.0

    @property
    def engagement_score(self) -> float:
        """Mean engagement of implicit signals in [0, 1] (0 without signals)."""
        return self.engagement_sum / self.engagement_count if self.engagement_count else 0.0

    @property
    def conversation_success_rate(self) -> float:
        """Share of ended sessions that succeeded (0 without sessions)."""
        return self.successful_sessions / self.sessions if self.sessions else 0.0


def _add_high_quality(
    items: tuple[HighQualityInteraction, ...], new: HighQualityInteraction, cap: int
) -> tuple[HighQualityInteraction, ...]:
    same = [i for i in items if i.source_id == new.source_id]
    best = max([new, *same], key=lambda i: i.feedback_score)
    return (*(i for i in items if i.source_id != new.source_id), best)[-cap:]


def apply_feedback(
    agg: FeedbackAggregation,
    event: FeedbackEvent | SessionEnded,
    *,
    weights: RewardWeights = _WEIGHTS,
    high_quality_min: float = HIGH_QUALITY_MIN_REWARD,
    max_high_quality: int = MAX_HIGH_QUALITY,
) -> FeedbackAggregation:
    """Fold one feedback event or ended session into the aggregation."""
    if event.agent_id != agg.agent_id:
        return agg
    if isinstance(event, SessionEnded):
        success = not event.abandoned and event.duration_seconds > SUCCESS_MIN_SESSION_SECONDS
        return replace(
            agg, sessions=agg.sessions + 1, successful_sessions=agg.successful_sessions + success
        )
    reward = calculate_reward(event, weights)
    weight = feedback_weight(event, weights)
    last = _pick(agg.last_feedback_at, event.created_at)
    engagement_sum, engagement_count = agg.engagement_sum, agg.engagement_count
    if isinstance(event.payload, ImplicitFeedback):
        engagement_sum += engagement_value(event.payload)
        engagement_count += 1
    high_quality = agg.high_quality_interactions
    if reward >= high_quality_min:
        item = HighQualityInteraction(event.source_id, reward, event.created_at)
        high_quality = _add_high_quality(high_quality, item, max_high_quality)
    return replace(
        agg,
        positive_count=agg.positive_count + (reward > 0),
        negative_count=agg.negative_count + (reward < 0),
        total_count=agg.total_count + 1,
        weighted_reward_sum=agg.weighted_reward_sum + weight * reward,
        weight_sum=agg.weight_sum + weight,
        engagement_sum=engagement_sum,
        engagement_count=engagement_count,
        last_feedback_at=max(last, event.created_at),
        high_quality_interactions=high_quality,
    )


def fold_feedback_aggregation(
    agent_id: str, events: Iterable[FeedbackEvent | SessionEnded]
) -> FeedbackAggregation:
    """The aggregation of ``agent_id`` after ``events`` (default weights)."""
    return reduce(apply_feedback, events, FeedbackAggregation(agent_id))


@dataclass(frozen=True, slots=True)
class RoomJoined:
    """``room.joined``: the user joined a room with the agent; ``invited`` if they invited it."""

    agent_id: str
    user_id: str
    at: datetime
    invited: bool = False


@dataclass(frozen=True, slots=True)
class Relationship:
    """Seed "Relationship Strength Projection" for one (agent, user) pair."""

    agent_id: str
    user_id: str
    interaction_count: int = 0
    duration_sum: float = 0.0
    invitations_count: int = 0
    returns_count: int = 0
    last_seen_at: datetime | None = None

    @property
    def session_duration_avg(self) -> float:
        """Mean session length in seconds."""
        return self.duration_sum / self.interaction_count if self.interaction_count else 0.0

    @property
    def relationship_strength(self) -> float:
        """:func:`relationship_strength` of this pair, in [0, 1)."""
        n, avg = self.interaction_count, self.session_duration_avg
        return relationship_strength(n, avg, self.returns_count, self.invitations_count)


def apply_relationship(rel: Relationship, event: RoomJoined | SessionEnded) -> Relationship:
    """Fold one event; a join by a user seen before counts as a return."""
    if (event.agent_id, event.user_id) != (rel.agent_id, rel.user_id):
        return rel
    seen = max(_pick(rel.last_seen_at, event.at), event.at)
    if isinstance(event, SessionEnded):
        return replace(
            rel,
            interaction_count=rel.interaction_count + 1,
            duration_sum=rel.duration_sum + event.duration_seconds,
            last_seen_at=seen,
        )
    return replace(
        rel,
        invitations_count=rel.invitations_count + event.invited,
        returns_count=rel.returns_count + (rel.last_seen_at is not None),
        last_seen_at=seen,
    )


def fold_relationships(
    events: Iterable[RoomJoined | SessionEnded],
) -> dict[tuple[str, str], Relationship]:
    """Every (agent, user) relationship in ``events``."""
    result: dict[tuple[str, str], Relationship] = {}
    for event in events:
        key = (event.agent_id, event.user_id)
        rel = result.get(key) or Relationship(event.agent_id, event.user_id)
        result[key] = apply_relationship(rel, event)
    return result


@dataclass(frozen=True, slots=True)
class AgentAction:
    """``ai.message.reply`` and other agent actions; ``traits`` the traits it expressed."""

    action_id: str
    agent_id: str
    action_type: str
    at: datetime
    traits: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One remembered action and the rewards of the feedback it received."""

    action: AgentAction
    reward_sum: float = 0.0
    reward_count: int = 0

    @property
    def reward(self) -> float | None:
        """Mean reward, or ``None`` when nobody reacted yet."""
        return self.reward_sum / self.reward_count if self.reward_count else None


@dataclass(frozen=True, slots=True)
class BehaviourHistory:
    """Seed "Behavior History Projection": the last n actions and per-type statistics."""

    agent_id: str
    size: int = DEFAULT_HISTORY_SIZE
    last_n_actions: tuple[ActionRecord, ...] = ()
    action_counts: Mapping[str, int] = field(default_factory=dict)
    rewarded_counts: Mapping[str, int] = field(default_factory=dict)
    success_counts: Mapping[str, int] = field(default_factory=dict)

    @property
    def action_type_distribution(self) -> dict[str, float]:
        """Share of each action type among all actions seen."""
        total = sum(self.action_counts.values())
        return {k: v / total for k, v in sorted(self.action_counts.items())} if total else {}

    @property
    def success_rate_per_action(self) -> dict[str, float]:
        """Share of positive rewards among the rewards of each action type."""
        return {
            k: self.success_counts.get(k, 0) / n for k, n in sorted(self.rewarded_counts.items())
        }


def _bump(counts: Mapping[str, int], key: str, by: int = 1) -> dict[str, int]:
    result = dict(counts)
    result[key] = result.get(key, 0) + by
    return result


def apply_behaviour(
    history: BehaviourHistory,
    event: AgentAction | FeedbackEvent,
    *,
    weights: RewardWeights = _WEIGHTS,
) -> BehaviourHistory:
    """Record an action, or add a feedback's reward to the action with ``action_id ==
    source_id`` among the last n (feedback on older or unknown actions is ignored)."""
    if event.agent_id != history.agent_id:
        return history
    if isinstance(event, AgentAction):
        records = (*history.last_n_actions, ActionRecord(event))[-history.size :]
        return replace(
            history,
            last_n_actions=records,
            action_counts=_bump(history.action_counts, event.action_type),
        )
    for i, record in enumerate(history.last_n_actions):
        if record.action.action_id == event.source_id:
            reward = calculate_reward(event, weights)
            updated = replace(
                record, reward_sum=record.reward_sum + reward, reward_count=record.reward_count + 1
            )
            records = (*history.last_n_actions[:i], updated, *history.last_n_actions[i + 1 :])
            kind = record.action.action_type
            return replace(
                history,
                last_n_actions=records,
                rewarded_counts=_bump(history.rewarded_counts, kind),
                success_counts=_bump(history.success_counts, kind, int(reward > 0)),
            )
    return history


def fold_behaviour_history(
    agent_id: str,
    events: Iterable[AgentAction | FeedbackEvent],
    *,
    size: int = DEFAULT_HISTORY_SIZE,
) -> BehaviourHistory:
    """The behaviour history of ``agent_id`` after ``events`` (default weights)."""
    return reduce(apply_behaviour, events, BehaviourHistory(agent_id, size=size))


def to_rewarded_behaviour(history: BehaviourHistory) -> RewardedBehaviour:
    """Mean reward per expressed trait and per :class:`~lucidmem.agents.policy.Action` type."""
    trait_sums: dict[str, list[float]] = {}
    action_sums: dict[Action, list[float]] = {}
    for record in history.last_n_actions:
        reward = record.reward
        if reward is None:
            continue
        for trait in record.action.traits:
            trait_sums.setdefault(trait, []).append(reward)
        if record.action.action_type in _ACTION_VALUES:
            action_sums.setdefault(Action(record.action.action_type), []).append(reward)
    return RewardedBehaviour(
        trait_rewards={t: sum(v) / len(v) for t, v in sorted(trait_sums.items())},
        action_rewards={a: sum(v) / len(v) for a, v in action_sums.items()},
    )
