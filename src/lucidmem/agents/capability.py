"""``memory.agents``: the agent-learning capability of :class:`lucidmem.Memory` (M18–M22).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Feedback Collection Flow" and "Learning Processing
Flow": validate, store, publish ``feedback.created``; aggregate, compute learning metrics,
publish ``agent.learning.updated``. Here both run in one call and one store transaction: the
feedback record, the updated projections, a new policy version when one is due, and the
events all commit together (see :mod:`lucidmem.agents.events`).

Deduplication follows :func:`~lucidmem.agents.feedback_model.resolve_duplicate`: the record id
is a hash of ``{user, source, agent, type}``; a resubmission within 5 minutes of the first one
replaces it (and the projections are refolded from the stored events), a later one is refused
with :class:`~lucidmem.agents.submissions.DuplicateFeedbackError`.

:class:`Agents` is the feedback service itself (agents, feedback, sessions, actions, when to
ask, learning metrics) and holds the capability's other parts, each built here and given what
it needs:

* :attr:`Agents.policy` — :class:`~lucidmem.agents.policies.Policies`: versioned policies,
  rollback, phrase rules, the behaviour compiler (M20);
* :attr:`Agents.training` — :class:`~lucidmem.agents.training.Training`: datasets,
  fine-tuning jobs, the model registry and the training triggers (M21);
* :attr:`Agents.outcomes` — :class:`~lucidmem.agents.outcomes.Outcomes`: suggestion outcomes,
  profiles, insights, ``should_suggest`` (M22);
* :attr:`Agents.events` — the :class:`~lucidmem.agents.events.EventBus` all of them publish on.
"""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from lucidmem.agents.ask_rules import (
    AskDecision,
    AskKind,
    AskState,
    FeedbackIntensity,
    decide_feedback_ask,
)
from lucidmem.agents.base import AgentInfo, AgentStore
from lucidmem.agents.dataset_builder import DatasetBuilder
from lucidmem.agents.events import FEEDBACK_CREATED, EventBus
from lucidmem.agents.feedback_model import (
    Channel,
    DedupAction,
    FeedbackEvent,
    SourceKind,
    apply_update,
    resolve_duplicate,
)
from lucidmem.agents.finetune import RetryPolicy
from lucidmem.agents.forgetting import ANONYMOUS, Traces, outbox_redactions
from lucidmem.agents.jobs import agent_jobs
from lucidmem.agents.learning import (
    DEFAULT_LEARNING_RATE,
    DEFAULT_POLICY_UPDATE_EVERY,
    Learner,
)
from lucidmem.agents.outcomes import Outcomes
from lucidmem.agents.policies import Policies
from lucidmem.agents.policy import DEFAULT_TRAITS, AgentPolicy
from lucidmem.agents.projections import AgentAction, RoomJoined, SessionEnded, apply_relationship
from lucidmem.agents.records import (
    AGENT_PREFIX,
    OUTBOX_PARTITION,
    USER_KEYS,
    event_from_data,
    event_to_data,
    partition,
    user_records,
)
from lucidmem.agents.rewards import LearningMetrics, calculate_reward
from lucidmem.agents.state import relationship_from_data, relationship_to_data
from lucidmem.agents.submissions import (
    FeedbackReceipt,
    FeedbackSubmission,
    build_payload,
    check_example_text,
)
from lucidmem.agents.training import Training
from lucidmem.agents.views import AgentProjections
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import DuplicateFeedbackError, InvalidInputError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scheduler.core import Job
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["Agents"]


class Agents:
    """Agent feedback, learning, behaviour compilation, training data and insights.

    Contract: an agent is registered before anything else is said about it (otherwise
    :class:`~lucidmem.errors.NotFoundError`, and nothing is written). Agent state lives in the
    partition ``~agent:<agent_id>``, which no user id can name: feedback is read back only by
    its author. Every state change and the events announcing it commit in one transaction;
    with ``events.auto_dispatch`` on (the default) they are delivered right after. A naive
    datetime given to a method means UTC (a :class:`~lucidmem.agents.feedback_model.FeedbackEvent`
    built for :meth:`submit_feedback_batch` refuses one instead).

    ``learning_rate`` and ``policy_update_every`` tune the policy updater (``policy_update_every``
    feedback events between two automatic updates); ``training_retry`` sets the retries,
    backoff and polling of fine-tuning jobs.
    """

    def __init__(self, kernel: Kernel, *, learning_rate: float = DEFAULT_LEARNING_RATE,
                 policy_update_every: int = DEFAULT_POLICY_UPDATE_EVERY,
                 training_retry: RetryPolicy | None = None) -> None:
        if policy_update_every < 1:
            raise InvalidInputError("policy_update_every: must be 1 or more",
                                    field="policy_update_every")
        self._kernel = kernel
        self._events = EventBus(kernel.store, kernel.now, kernel.context_name)
        self._agents = AgentStore(kernel, self._events)
        self._learner = Learner(self._agents, learning_rate=learning_rate,
                                policy_update_every=policy_update_every)
        self.policy = Policies(kernel, self._agents, self._learner)
        self._datasets = DatasetBuilder(kernel, self._agents, self._learner, self.policy)
        self.training = Training(kernel, self._agents, self._learner, self.policy,
                                 retry=training_retry, datasets=self._datasets)
        self.outcomes = Outcomes(kernel, self._agents)

    @property
    def events(self) -> EventBus:
        """The event bus: ``memory.agents.events.subscribe("feedback.created", handler)``."""
        return self._events

    def jobs(self) -> builtins.list[Job]:
        """The scheduler jobs: weekly training triggers, outbox dispatch every 5 minutes."""
        return agent_jobs(lambda context: self.training.run_triggers(context=context),
                          lambda context: self.events.dispatch(context=context))

    # -- agents -----------------------------------------------------------------------------
    def register(
        self,
        agent_id: str,
        *,
        owner_id: str,
        name: str,
        description: str = "",
        role: str | None = None,
        trusted: bool = False,
        intensity: FeedbackIntensity | str = FeedbackIntensity.MODERATE,
        base_provider: str = "openai-compatible",
        base_model: str = "default",
        archetype: str | None = None,
        traits: Mapping[str, float] | None = None,
        context: str | None = None,
    ) -> AgentInfo:
        """Register (or update) an agent; its first registration creates policy version 1."""
        validate_id(agent_id, "agent_id")
        validate_id(owner_id, "owner_id")
        try:
            level = FeedbackIntensity(intensity)
        except ValueError:
            raise InvalidInputError(
                f"intensity: {intensity!r} is unknown; use high, moderate, low or off",
                field="intensity") from None
        info = AgentInfo(agent_id=agent_id, owner_id=owner_id, name=name,
                         description=description, role=role, trusted=trusted, intensity=level,
                         base_provider=base_provider, base_model=base_model,
                         archetype=archetype)
        _ = info.config  # validates the name
        store = self._kernel.store(context)
        now = self._kernel.now()
        records = [self._agents.agent_record(info, now)]
        if self._agents.current_policy_version(store, agent_id) is None:
            start = AgentPolicy(traits=dict(traits if traits is not None else DEFAULT_TRAITS))
            records += self._agents.policy_records(agent_id, start, now, "registered")
        elif traits is not None:
            raise InvalidInputError(
                "traits: the agent already has a policy; change it with "
                "memory.agents.policy.set()", field="traits")
        self._agents.commit(context, records)
        return info

    def get(self, agent_id: str, *, context: str | None = None) -> AgentInfo:
        """A registered agent; :class:`~lucidmem.errors.NotFoundError` otherwise."""
        return self._agents.agent(self._kernel.store(context), agent_id)

    def list(self, *, context: str | None = None) -> builtins.list[AgentInfo]:
        """Every registered agent of a context (scans partitions: for jobs and admin)."""
        return self._agents.agents(self._kernel.store(context))

    # -- feedback ---------------------------------------------------------------------------
    def submit_feedback(
        self,
        *,
        user_id: str,
        agent_id: str,
        source_id: str,
        channel: Channel | str = Channel.CHAT,
        thumbs: int | None = None,
        rating: int | None = None,
        text: str | None = None,
        reaction: str | None = None,
        implicit: Mapping[str, Any] | None = None,
        source_kind: SourceKind | str = SourceKind.USER,
        room_id: str | None = None,
        contains_abuse: bool = False,
        message: str | None = None,
        response: str | None = None,
        traits: Sequence[str] = (),
        context: str | None = None,
    ) -> FeedbackReceipt:
        """Submit one feedback (thumbs ±1, a 1–5 rating, text, a reaction or implicit signals).

        Raises :class:`~lucidmem.errors.InvalidInputError` for bad values (e.g. a rating of 6),
        :class:`~lucidmem.errors.NotFoundError` for an unregistered agent and
        :class:`DuplicateFeedbackError` for a resubmission after the 5-minute window.
        """
        validate_id(user_id)
        validate_id(source_id, "source_id")
        event = FeedbackEvent(
            id=uuid.uuid4().hex, user_id=user_id, agent_id=agent_id, source_id=source_id,
            channel=channel, payload=build_payload(thumbs, rating, text, reaction, implicit),
            created_at=from_epoch(self._kernel.now()), source_kind=source_kind,
            room_id=room_id, contains_abuse=contains_abuse)
        receipt = self.submit_feedback_batch(
            [FeedbackSubmission(event, message, response, tuple(traits))], context=context)[0]
        if receipt.action is DedupAction.REJECT:
            raise DuplicateFeedbackError(receipt.reason, field="source_id")
        return receipt

    def submit_feedback_batch(
        self, submissions: Sequence[FeedbackSubmission], *, context: str | None = None
    ) -> builtins.list[FeedbackReceipt]:
        """Submit many feedback events in one transaction (rejected duplicates are reported).

        Every agent must be registered; nothing is written if one is not.
        """
        store = self._kernel.store(context)
        now = self._kernel.now()
        by_agent: dict[str, list[int]] = {}
        for i, sub in enumerate(submissions):
            if not isinstance(sub, FeedbackSubmission):
                raise InvalidInputError(f"submissions[{i}]: expected FeedbackSubmission",
                                        field="submissions")
            check_example_text("message", sub.message)
            check_example_text("response", sub.response)
            by_agent.setdefault(sub.event.agent_id, []).append(i)
        # (feedback id, action, reason, reward, policy version: None = the one after learning)
        receipts: list[tuple[str, DedupAction, str, float, int | None] | None] = \
            [None] * len(submissions)
        loaded = {a: self._learner.load(store, a) for a in by_agent}  # NotFoundError before writing
        records: list[Record] = []
        for agent_id, indexes in by_agent.items():
            state = loaded[agent_id]
            owner = partition(agent_id)
            ids = [self._feedback_id(submissions[i].event) for i in indexes]
            users = {submissions[i].event.user_id for i in indexes}
            rel_ids = {stable_id(Kind.AGENT_RELATIONSHIP, agent_id, u): u for u in users}
            stored = {r.id: r for r in store.get(owner, [*dict.fromkeys(ids), *rel_ids])}
            relations: dict[str, Record] = {
                rel_ids[k]: stored.pop(k) for k in list(stored) if k in rel_ids}
            staged: dict[str, Record] = {}
            refold = False
            for i, fid in zip(indexes, ids, strict=True):
                sub = submissions[i]
                event = sub.event
                if event.user_id == state.info.owner_id and event.source_kind is SourceKind.USER:
                    event = event.model_copy(update={"source_kind": SourceKind.OWNER})
                prior_record = staged.get(fid) or stored.get(fid)
                prior = None if prior_record is None else event_from_data(prior_record.data)
                decision = resolve_duplicate(prior, event)
                if decision.action is DedupAction.REJECT:
                    receipts[i] = (fid, decision.action, decision.reason, 0.0,
                                   state.policy.version)
                    continue
                if decision.action is DedupAction.UPDATE and prior is not None:
                    event = apply_update(prior, event)
                    refold = True
                old = {} if prior_record is None else prior_record.data
                data = {**event_to_data(event),
                        "message": sub.message if sub.message is not None else old.get("message"),
                        "response": sub.response if sub.response is not None
                        else old.get("response"),
                        "reward": calculate_reward(event)}
                record = new_record(fid, Kind.AGENT_FEEDBACK, owner, now, data,
                                    occurred_at=to_epoch(event.created_at), agent_id=agent_id)
                record.conversation_id = event.room_id
                staged[fid] = record
                if sub.traits and not state.has_action(event.source_id):
                    action = AgentAction(event.source_id, agent_id, sub.action_type,
                                         event.created_at, tuple(sub.traits))
                    state.apply_action(action)
                    records.append(self._action_record(action, now))
                reward = state.apply_feedback(event) if decision.action is DedupAction.INSERT \
                    else calculate_reward(event)
                relations[event.user_id] = self._touch_relationship(
                    relations.get(event.user_id), agent_id, event.user_id,
                    to_epoch(event.created_at), now)
                records.append(self._agents.event(FEEDBACK_CREATED, {
                    **event_to_data(event), "value": reward, "action": decision.action.value},
                    now, agent_id))
                receipts[i] = (fid, decision.action, decision.reason, reward, None)
            records += staged.values()
            records += relations.values()
            if refold:
                self._learner.refold(store, state, staged)
            records += self._learner.learn(state, now, len(staged))
        self._agents.commit(context, records)
        return [FeedbackReceipt(
            feedback_id=r[0], action=r[1], reason=r[2], reward=r[3],
            policy_version=loaded[submissions[i].event.agent_id].policy.version if r[4] is None
            else r[4]) for i, r in enumerate(receipts) if r is not None]

    @staticmethod
    def _feedback_id(event: FeedbackEvent) -> str:
        return stable_id(Kind.AGENT_FEEDBACK, event.user_id, event.source_id, event.agent_id,
                         event.feedback_type.value)

    @staticmethod
    def _action_record(action: AgentAction, now: float) -> Record:
        data = {"action_id": action.action_id, "action_type": action.action_type,
                "traits": list(action.traits)}
        return new_record(stable_id(Kind.AGENT_ACTION, action.agent_id, action.action_id),
                          Kind.AGENT_ACTION, partition(action.agent_id), now, data,
                          occurred_at=to_epoch(action.at), agent_id=action.agent_id)

    @staticmethod
    def _touch_relationship(current: Record | None, agent_id: str, user_id: str,
                            at: float, now: float) -> Record:
        if current is None:
            rel, _ = relationship_from_data(agent_id, user_id, None)
            current = new_record(stable_id(Kind.AGENT_RELATIONSHIP, agent_id, user_id),
                                 Kind.AGENT_RELATIONSHIP, partition(agent_id), now,
                                 relationship_to_data(rel, None), layer=2, agent_id=agent_id)
        record = current
        last = record.data.get("last_feedback_at")
        record.data = {**record.data, "last_feedback_at": at if last is None else max(last, at)}
        record.updated_at = now
        return record

    @staticmethod
    def _relationship_record(store: Store, agent_id: str, user_id: str, now: float) -> Record:
        rid = stable_id(Kind.AGENT_RELATIONSHIP, agent_id, user_id)
        found = store.get(partition(agent_id), [rid])
        if found:
            return found[0]
        rel, _ = relationship_from_data(agent_id, user_id, None)
        return new_record(rid, Kind.AGENT_RELATIONSHIP, partition(agent_id), now,
                          relationship_to_data(rel, None), layer=2, agent_id=agent_id)

    # -- other raw events -------------------------------------------------------------------
    def record_action(
        self, agent_id: str, action_id: str, *, action_type: str = "reply_dm_with_others",
        traits: Sequence[str] = (), at: datetime | None = None, context: str | None = None,
    ) -> None:
        """Record an agent action (a reply, a post, ...) and the traits it expressed."""
        validate_id(action_id, "action_id")
        store = self._kernel.store(context)
        state = self._learner.load(store, agent_id)
        now = self._kernel.now()
        when = from_epoch(now if at is None else to_epoch(at))  # a naive ``at`` is UTC
        action = AgentAction(action_id, agent_id, action_type, when, tuple(traits))
        state.apply_action(action)
        self._agents.commit(context, [self._action_record(action, now), *state.records(now)])

    def record_session(
        self, agent_id: str, *, user_id: str, duration_seconds: float | None = None,
        abandoned: bool = False, joined: bool = False, invited: bool = False,
        context: str | None = None,
    ) -> float:
        """Record a session end (``duration_seconds``) or a room join (``joined=True``).

        Updates the relationship strength and, for ended sessions, the success rate; returns
        the pair's relationship strength.
        """
        validate_id(user_id)
        store = self._kernel.store(context)
        state = self._learner.load(store, agent_id)
        now = self._kernel.now()
        at = from_epoch(now)
        event: SessionEnded | RoomJoined
        if joined:
            event = RoomJoined(agent_id, user_id, at, invited)
        else:
            if duration_seconds is None or not 0 <= duration_seconds < 1e9:
                raise InvalidInputError("duration_seconds: give the session length in seconds",
                                        field="duration_seconds")
            event = SessionEnded(agent_id, user_id, at, float(duration_seconds), abandoned)
            state.apply_session(event)
        record = self._relationship_record(store, agent_id, user_id, now)
        rel, last = relationship_from_data(agent_id, user_id, record.data)
        rel = apply_relationship(rel, event)
        record.data = relationship_to_data(rel, last)
        record.updated_at = now
        raw = new_record(uuid.uuid4().hex, Kind.AGENT_SESSION, partition(agent_id), now, {
            "user_id": user_id, "joined": joined, "invited": invited, "abandoned": abandoned,
            "duration_seconds": duration_seconds}, agent_id=agent_id)
        self._agents.commit(context, [raw, record, *state.records(now)])
        return rel.relationship_strength

    # -- reading (privacy: the author only) -------------------------------------------------
    def feedback(
        self, agent_id: str, *, user_id: str, limit: int = 100, context: str | None = None
    ) -> builtins.list[FeedbackEvent]:
        """The feedback ``user_id`` gave ``agent_id``, oldest first: only its author reads it."""
        validate_id(user_id)
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        found = store.find(Query(user_id=partition(agent_id), kinds=[Kind.AGENT_FEEDBACK],
                                 data_equals={"author": user_id}, limit=limit))
        return [event_from_data(r.data) for r in found]

    def forget_feedback(self, agent_id: str, *, user_id: str,
                        context: str | None = None) -> int:
        """Anonymise a user's feedback to an agent (seed: deletion, anonymised for learning).

        The author and the texts (feedback comment, message rated, reply) are removed; the
        reward stays in the projections. The user's relationship and ask-timing records with
        the agent are deleted and their sessions anonymised; their examples leave the agent's
        dataset files and the agent's outbox events stop naming them. Returns how many
        feedback events were anonymised.
        """
        validate_id(user_id)
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        traces = Traces(user_id)
        with store.transaction():
            count = self._anonymise(context, store, agent_id, user_id, traces)
            self._kernel.write(context, OUTBOX_PARTITION,
                               outbox_redactions(store, traces, agent_id=agent_id), audit=False)
        return count

    def on_forget_user(self, context: str, store: Store, user_id: str) -> None:
        """``delete_all`` forgets the user in every agent's partition too (a
        :attr:`~lucidmem.kernel.Kernel.before_forget_user` listener: inside its transaction).

        Their feedback is anonymised (rewards stay, author and texts go), their examples
        leave the agents' dataset files, and outbox events that name them are redacted
        (:mod:`lucidmem.agents.forgetting`)."""
        traces = Traces(user_id)
        for owner in store.user_ids():
            if owner.startswith(AGENT_PREFIX):
                self._anonymise(context, store, owner[len(AGENT_PREFIX):], user_id, traces)
        self._kernel.write(context, OUTBOX_PARTITION, outbox_redactions(store, traces),
                           audit=False)

    def after_forget_user(self, context: str, store: Store, user_id: str) -> None:
        """Regenerate the insights files of ``context`` without the forgotten user (a
        :attr:`~lucidmem.kernel.Kernel.after_forget_user` listener)."""
        self.outcomes.refresh_insights(context=context)

    def _anonymise(self, context: str | None, store: Store, agent_id: str, user_id: str,
                   traces: Traces | None = None) -> int:
        owner = partition(agent_id)
        traces = traces or Traces(user_id)
        found = user_records(store, owner, user_id)
        rated: set[str] = set()
        for record in found:
            if record.kind == Kind.AGENT_FEEDBACK:
                payload = dict(record.data.get("payload") or {})
                traces.add_texts([record.data.get("message"), record.data.get("response"),
                                  payload.get("text")])
                if record.data.get("message") or record.data.get("response"):
                    rated.add(str(record.data["source_id"]))
                traces.sources.add(str(record.data["source_id"]))
        if rated:
            self._kernel.write(context, owner, self._datasets.forget_sources(
                self._kernel.context_name(context), store, agent_id, rated), audit=False)
        for record in found:
            record.data = {**record.data, USER_KEYS[record.kind]: ANONYMOUS}
            if record.kind == Kind.AGENT_FEEDBACK:  # the texts go too; the reward stays
                payload = dict(record.data.get("payload") or {})
                if "text" in payload:
                    payload["text"] = None
                record.data.update(message=None, response=None, payload=payload,
                                   anonymised=True)
        self._kernel.write(context, owner, found, audit=False)
        self._kernel.remove(context, owner, [stable_id(Kind.AGENT_RELATIONSHIP, agent_id, user_id),
                                             stable_id(Kind.AGENT_ASK, agent_id, user_id)],
                            erase=True)
        return sum(r.kind == Kind.AGENT_FEEDBACK for r in found)

    def learning(self, agent_id: str, *, context: str | None = None) -> LearningMetrics:
        """Current learning metrics of an agent (sentiment, engagement, quality)."""
        state = self._learner.load(self._kernel.store(context), agent_id)
        return state.learning.metrics(self._kernel.now())

    def projections(self, agent_id: str, *, context: str | None = None) -> AgentProjections:
        """A snapshot of the agent's learning state: agent, policy, feedback aggregation,
        behaviour history and learning counters (read only; the next feedback moves it)."""
        return AgentProjections.of(self._learner.load(self._kernel.store(context), agent_id))

    # -- when to ask ------------------------------------------------------------------------
    def should_ask_for_feedback(
        self, agent_id: str, *, user_id: str, session_started_at: datetime,
        agent_messages: int, sentiment: float | None = None, mark_shown: bool = True,
        context: str | None = None,
    ) -> AskDecision:
        """The seed's rules for asking ``user_id`` about ``agent_id`` now (M18).

        When the answer is yes and ``mark_shown`` is set, the prompt counts as shown, so it is
        not repeated before its cooldown.
        """
        validate_id(user_id)
        store = self._kernel.store(context)
        state = self._learner.load(store, agent_id)
        now = self._kernel.now()
        rel_record = self._relationship_record(store, agent_id, user_id, now)
        rel, last_feedback = relationship_from_data(agent_id, user_id, rel_record.data)
        ask_id = stable_id(Kind.AGENT_ASK, agent_id, user_id)
        asked = store.get(partition(agent_id), [ask_id])
        shown: dict[str, Any] = dict(asked[0].data) if asked else {}
        if sentiment is None and state.learning.s_den > 0:
            sentiment = state.learning.metrics(now).sentiment

        def at(value: float | None) -> datetime | None:
            return None if value is None else from_epoch(value)

        decision = decide_feedback_ask(AskState(
            now=from_epoch(now), session_started_at=from_epoch(to_epoch(session_started_at)),
            agent_messages_in_session=agent_messages, last_feedback_at=at(last_feedback),
            last_session_ask_at=at(shown.get(AskKind.SESSION.value)),
            last_check_in_at=at(shown.get(AskKind.CHECK_IN.value)), sentiment=sentiment,
            relationship_strength=rel.relationship_strength, intensity=state.info.intensity))
        if decision.ask and mark_shown and decision.kind is not None:
            shown[decision.kind.value] = now
            record = new_record(ask_id, Kind.AGENT_ASK, partition(agent_id), now, shown, layer=2,
                                agent_id=agent_id)
            self._kernel.write(context, partition(agent_id), [record], audit=False)
        return decision
