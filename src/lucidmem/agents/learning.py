"""The learning service: projections per agent, policy updates, the learning pause (M19).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Policy Update Flow": on feedback, update the rolling
statistics (the projections), compute trait and action deltas from rewarded behaviour, apply the
safety bounds, save a new policy version and publish. A policy update runs once at least
``policy_update_every`` feedback events arrived since the last one (ours: one reward is too
noisy to move a trait), never while learning is paused (sentiment below −0.5 for 7 days, open
question 17), which also raises an ``agent.alert`` for the owner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from lucidmem.agents.base import AgentInfo, AgentStore
from lucidmem.agents.events import AGENT_ALERT, AGENT_LEARNING_UPDATED, AGENT_POLICY_UPDATED
from lucidmem.agents.feedback_model import FeedbackEvent
from lucidmem.agents.policy import AgentPolicy, learning_pause, update_policy
from lucidmem.agents.projections import (
    AgentAction,
    BehaviourHistory,
    FeedbackAggregation,
    SessionEnded,
    apply_behaviour,
    apply_feedback,
    to_rewarded_behaviour,
)
from lucidmem.agents.records import event_from_data, partition
from lucidmem.agents.state import (
    LearningState,
    aggregation_from_data,
    aggregation_to_data,
    history_from_data,
    history_to_data,
)
from lucidmem.clock import from_epoch
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["DEFAULT_LEARNING_RATE", "DEFAULT_POLICY_UPDATE_EVERY", "Learner", "Loaded"]

_NAMES = ("aggregation", "history", "learning")
DEFAULT_POLICY_UPDATE_EVERY = 10
"""Feedback events between two automatic policy updates."""
DEFAULT_LEARNING_RATE = 0.1
"""The policy updater's learning rate (seed example: humour +0.1)."""


@dataclass(slots=True)
class Loaded:
    """An agent's learning state, read once, changed in memory, written back once."""

    info: AgentInfo
    policy: AgentPolicy
    aggregation: FeedbackAggregation
    history: BehaviourHistory
    learning: LearningState

    def has_action(self, action_id: str) -> bool:
        """Whether the behaviour history remembers ``action_id``."""
        return any(r.action.action_id == action_id for r in self.history.last_n_actions)

    def apply_action(self, action: AgentAction) -> None:
        """Fold an agent action into the behaviour history."""
        self.history = apply_behaviour(self.history, action)

    def apply_session(self, event: SessionEnded) -> None:
        """Fold an ended session into the feedback aggregation."""
        self.aggregation = apply_feedback(self.aggregation, event)

    def apply_feedback(self, event: FeedbackEvent) -> float:
        """Fold a new feedback into every projection; returns its reward."""
        self.aggregation = apply_feedback(self.aggregation, event)
        self.history = apply_behaviour(self.history, event)
        return self.learning.add(event)

    def records(self, now: float) -> list[Record]:
        """The three projection records."""
        agent_id = self.info.agent_id
        bodies = (aggregation_to_data(self.aggregation), history_to_data(self.history),
                  self.learning.to_data())
        return [new_record(stable_id(Kind.AGENT_PROJECTION, agent_id, name),
                           Kind.AGENT_PROJECTION, partition(agent_id), now,
                           {"name": name, "state": body}, layer=2, agent_id=agent_id)
                for name, body in zip(_NAMES, bodies, strict=True)]


class Learner:
    """Loads and folds an agent's state; runs the policy updater and the learning pause.

    Shared by the feedback service, the policies and training (they all read the state it
    loads); it writes nothing itself: it returns the records to commit.
    """

    def __init__(self, agents: AgentStore, *, learning_rate: float = DEFAULT_LEARNING_RATE,
                 policy_update_every: int = DEFAULT_POLICY_UPDATE_EVERY) -> None:
        self._agents = agents
        self._learning_rate = learning_rate
        self._policy_update_every = policy_update_every

    def load(self, store: Store, agent_id: str) -> Loaded:
        """Agent, policy pointer and projections in one read, then the policy version."""
        validate_id(agent_id, "agent_id")
        owner = partition(agent_id)
        agent_key = stable_id(Kind.AGENT, agent_id)
        pointer_key = stable_id(Kind.AGENT_POLICY_CURRENT, agent_id)
        projections = [stable_id(Kind.AGENT_PROJECTION, agent_id, n) for n in _NAMES]
        records = {r.id: r for r in store.get(owner, [agent_key, pointer_key, *projections])}
        if agent_key not in records:
            self._agents.agent(store, agent_id)  # raises the NotFoundError
        info = AgentInfo.from_data(records[agent_key].data)
        version = records[pointer_key].data["version"] if pointer_key in records else None
        found = {r.data["name"]: r.data["state"] for r in records.values()
                 if r.kind == Kind.AGENT_PROJECTION}
        return Loaded(info, self._agents.policy(store, agent_id, version),
                      aggregation_from_data(agent_id, found.get("aggregation")),
                      history_from_data(agent_id, found.get("history")),
                      LearningState.from_data(found.get("learning")))

    @staticmethod
    def feedback_events(store: Store, agent_id: str,
                        staged: Mapping[str, Record] | None = None) -> list[FeedbackEvent]:
        """Every stored feedback of an agent (internal learning call), oldest first."""
        records = {r.id: r for r in store.find(Query(user_id=partition(agent_id),
                                                     kinds=[Kind.AGENT_FEEDBACK]))}
        records.update(staged or {})
        events = [event_from_data(r.data) for r in records.values()]
        return sorted(events, key=lambda e: e.created_at)

    def refold(self, store: Store, state: Loaded, staged: Mapping[str, Record]) -> None:
        """Recompute the projections from the stored events (after a feedback update)."""
        agent_id = state.info.agent_id
        owner = partition(agent_id)
        feedback = self.feedback_events(store, agent_id, staged)
        sessions = [SessionEnded(agent_id, r.data["user_id"], from_epoch(r.occurred_at),
                                 float(r.data["duration_seconds"]), bool(r.data["abandoned"]))
                    for r in store.find(Query(user_id=owner, kinds=[Kind.AGENT_SESSION]))
                    if not r.data.get("joined")]
        actions = [AgentAction(r.data["action_id"], agent_id, r.data["action_type"],
                               from_epoch(r.occurred_at), tuple(r.data["traits"]))
                   for r in store.find(Query(user_id=owner, kinds=[Kind.AGENT_ACTION]))]
        known = {a.action_id for a in actions}
        actions += [r.action for r in state.history.last_n_actions
                    if r.action.action_id not in known]
        timeline: list[FeedbackEvent | SessionEnded | AgentAction] = [*feedback, *sessions,
                                                                      *actions]
        timeline.sort(key=lambda e: (e.created_at if isinstance(e, FeedbackEvent) else e.at))
        aggregation = FeedbackAggregation(agent_id)
        history = BehaviourHistory(agent_id, size=state.history.size)
        for item in timeline:
            if isinstance(item, AgentAction):
                history = apply_behaviour(history, item)
            elif isinstance(item, SessionEnded):
                aggregation = apply_feedback(aggregation, item)
            else:
                aggregation = apply_feedback(aggregation, item)
                history = apply_behaviour(history, item)
        state.aggregation, state.history = aggregation, history
        state.learning.reset_sums()
        for event in feedback:
            state.learning.add(event)

    def learn(self, state: Loaded, now: float, new_feedback: int) -> list[Record]:
        """After feedback: pause check, policy update when due, projections and events."""
        info = state.info
        learning = state.learning
        records: list[Record] = []
        learning.sample(now)
        pause = learning_pause([(from_epoch(t), s) for t, s in learning.samples], from_epoch(now))
        if pause.paused != learning.paused:
            learning.paused, learning.pause_reason = pause.paused, pause.reason
            records.append(self._agents.event(AGENT_ALERT, {
                "agent_id": info.agent_id, "owner_id": info.owner_id,
                "alert": "learning_paused" if pause.paused else "learning_resumed",
                "reason": pause.reason}, now, info.agent_id))
        learning.since_policy_update += new_feedback
        if not learning.paused and learning.since_policy_update >= self._policy_update_every:
            records += self.apply_policy_update(state, now, "feedback")
        learning.version += 1
        metrics = learning.metrics(now)
        agg = state.aggregation
        brevity = state.policy.traits.get("brevity", 0.5)
        records.append(self._agents.event(AGENT_LEARNING_UPDATED, {
            "agentId": info.agent_id, "ownerUserId": info.owner_id,
            "learningMetrics": {
                "sentimentScore": metrics.sentiment, "engagementScore": metrics.engagement,
                "qualityScore": metrics.quality,
                "preferenceWeights": {
                    "communicationStyle": dict(state.policy.traits),
                    "responseLength": "short" if brevity > 0.7 else
                    "long" if brevity < 0.3 else "medium"}},
            "feedbackStats": {"totalFeedback": agg.total_count,
                              "positiveCount": agg.positive_count,
                              "negativeCount": agg.negative_count, "lastUpdated": now},
            "policyVersion": state.policy.version, "paused": learning.paused,
            "version": learning.version, "updatedAt": now}, now, info.agent_id))
        return records + state.records(now)

    def apply_policy_update(self, state: Loaded, now: float, reason: str) -> list[Record]:
        """Run the updater on the rewarded behaviour; a new version only if something moved."""
        state.learning.since_policy_update = 0
        rewarded = replace(
            to_rewarded_behaviour(state.history),
            interactions=state.learning.feedback_count + state.learning.signal_count,
            average_reward=state.aggregation.avg_score)
        update = update_policy(state.policy, rewarded, state.info.bounds,
                               self._learning_rate, updated_by="learning")
        if not (update.trait_deltas or update.action_deltas or update.epsilon_delta):
            return []
        deltas = {"traits": dict(update.trait_deltas),
                  "actions": {a.value: d for a, d in update.action_deltas.items()},
                  "epsilon": update.epsilon_delta}
        state.policy = update.policy
        agent_id = state.info.agent_id
        return [*self._agents.policy_records(agent_id, update.policy, now, reason, deltas),
                self._agents.event(AGENT_POLICY_UPDATED, {
                    "agent_id": agent_id, "version": update.policy.version, "reason": reason,
                    "deltas": deltas}, now, agent_id)]
