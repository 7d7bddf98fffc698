"""The feedback service (M18) and the incrementally maintained projections (M19).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Feedback Collection Flow" and "Learning Processing
Flow": validate, store, publish ``feedback.created``; aggregate, compute learning metrics,
publish ``agent.learning.updated``. Here both run in one call and one store transaction: the
feedback record, the updated projections, a new policy version when one is due, and the
events all commit together (see :mod:`lucidmem.agents.events`).

Deduplication follows :func:`~lucidmem.agents.feedback_model.resolve_duplicate`: the record id
is a hash of ``{user, source, agent, type}``; a resubmission within 5 minutes of the first one
replaces it (and the projections are refolded from the stored events), a later one is refused
with :class:`DuplicateFeedbackError`.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from lucidmem.agents.ask_rules import AskDecision, AskKind, AskState, decide_feedback_ask
from lucidmem.agents.events import FEEDBACK_CREATED
from lucidmem.agents.feedback_model import (
    Channel,
    DedupAction,
    FeedbackEvent,
    SourceKind,
    apply_update,
    resolve_duplicate,
)
from lucidmem.agents.learning import LearningCore, Loaded
from lucidmem.agents.projections import AgentAction, RoomJoined, SessionEnded, apply_relationship
from lucidmem.agents.records import (
    ACTION,
    AGENT_PREFIX,
    ASK,
    FEEDBACK,
    RELATIONSHIP,
    SESSION,
    USER_KEYS,
    event_from_data,
    event_to_data,
    hashed,
    internal,
    partition,
    user_records,
)
from lucidmem.agents.rewards import LearningMetrics, calculate_reward
from lucidmem.agents.state import relationship_from_data, relationship_to_data
from lucidmem.agents.submissions import (
    DuplicateFeedbackError,
    FeedbackReceipt,
    FeedbackSubmission,
    build_payload,
    check_text,
)
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import InvalidInputError
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["DuplicateFeedbackError", "FeedbackAPI", "FeedbackReceipt", "FeedbackSubmission"]

class FeedbackAPI(LearningCore):
    """``Memory`` methods of the agent feedback service."""

    def submit_agent_feedback(
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
            channel=channel,  # type: ignore[arg-type]
            payload=build_payload(thumbs, rating, text, reaction, implicit),
            created_at=from_epoch(self.now()),
            source_kind=source_kind,  # type: ignore[arg-type]
            room_id=room_id, contains_abuse=contains_abuse)
        receipt = self.submit_agent_feedback_batch(
            [FeedbackSubmission(event, message, response, tuple(traits))], context=context)[0]
        if receipt.action is DedupAction.REJECT:
            raise DuplicateFeedbackError(receipt.reason, field="source_id")
        return receipt

    def submit_agent_feedback_batch(
        self, submissions: Sequence[FeedbackSubmission], *, context: str | None = None
    ) -> list[FeedbackReceipt]:
        """Submit many feedback events in one transaction (rejected duplicates are reported).

        Every agent must be registered; nothing is written if one is not.
        """
        store = self.store(context)
        now = self.now()
        by_agent: dict[str, list[int]] = {}
        for i, sub in enumerate(submissions):
            if not isinstance(sub, FeedbackSubmission):
                raise InvalidInputError(f"submissions[{i}]: expected FeedbackSubmission",
                                        field="submissions")
            check_text("message", sub.message)
            check_text("response", sub.response)
            by_agent.setdefault(sub.event.agent_id, []).append(i)
        receipts: list[FeedbackReceipt | None] = [None] * len(submissions)
        loaded = {a: self._load(store, a) for a in by_agent}  # NotFoundError before writing
        records: list[Record] = []
        for agent_id, indexes in by_agent.items():
            state = loaded[agent_id]
            owner = partition(agent_id)
            ids = [self._feedback_id(submissions[i].event) for i in indexes]
            users = {submissions[i].event.user_id for i in indexes}
            rel_ids = {hashed(RELATIONSHIP, agent_id, u): u for u in users}
            stored = {r.id: r for r in store.get(owner, [*dict.fromkeys(ids), *rel_ids])}
            relations: dict[str, Record] = {
                rel_ids[k]: stored.pop(k) for k in list(stored) if k in rel_ids}
            staged: dict[str, Record] = {}
            refold = False
            for i, fid in zip(indexes, ids, strict=True):
                sub = submissions[i]
                event = sub.event
                if event.user_id == state.info.owner_id and event.source_kind is SourceKind.USER:
                    event = replace(event, source_kind=SourceKind.OWNER)
                prior_record = staged.get(fid) or stored.get(fid)
                prior = None if prior_record is None else event_from_data(prior_record.data)
                decision = resolve_duplicate(prior, event)
                if decision.action is DedupAction.REJECT:
                    receipts[i] = FeedbackReceipt(fid, decision.action, decision.reason,
                                                  0.0, state.policy.version)
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
                record = internal(fid, FEEDBACK, owner, data, now, agent_id=agent_id, layer=0,
                                  occurred_at=to_epoch(event.created_at),
                                  conversation_id=event.room_id)
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
                records.append(self._event_record(FEEDBACK_CREATED, {
                    **event_to_data(event), "value": reward, "action": decision.action.value},
                    now, agent_id))
                receipts[i] = FeedbackReceipt(fid, decision.action, decision.reason, reward, 0)
            records += staged.values()
            records += relations.values()
            if refold:
                self._refold(store, state, staged)
            records += self._learn(state, now, len(staged))
        self._commit(context, store, records)
        return [replace(r, policy_version=loaded[submissions[i].event.agent_id].policy.version)
                if r.policy_version == 0 else r for i, r in enumerate(receipts) if r is not None]

    @staticmethod
    def _feedback_id(event: FeedbackEvent) -> str:
        return hashed(FEEDBACK, event.user_id, event.source_id, event.agent_id,
                      event.feedback_type.value)

    def _action_record(self, action: AgentAction, now: float) -> Record:
        data = {"action_id": action.action_id, "action_type": action.action_type,
                "traits": list(action.traits)}
        return internal(hashed(ACTION, action.agent_id, action.action_id), ACTION,
                        partition(action.agent_id), data, now, agent_id=action.agent_id,
                        layer=0, occurred_at=to_epoch(action.at))

    def _touch_relationship(self, current: Record | None, agent_id: str, user_id: str,
                            at: float, now: float) -> Record:
        if current is None:
            rel, _ = relationship_from_data(agent_id, user_id, None)
            current = internal(hashed(RELATIONSHIP, agent_id, user_id), RELATIONSHIP,
                               partition(agent_id), relationship_to_data(rel, None), now,
                               agent_id=agent_id)
        record = current
        last = record.data.get("last_feedback_at")
        record.data = {**record.data, "last_feedback_at": at if last is None else max(last, at)}
        record.updated_at = now
        return record

    def _relationship_record(self, store: Any, agent_id: str, user_id: str,
                             now: float) -> Record:
        rid = hashed(RELATIONSHIP, agent_id, user_id)
        found = store.get(partition(agent_id), [rid])
        if found:
            rec: Record = found[0]
            return rec
        rel, _ = relationship_from_data(agent_id, user_id, None)
        return internal(rid, RELATIONSHIP, partition(agent_id), relationship_to_data(rel, None),
                        now, agent_id=agent_id)

    # -- other raw events -------------------------------------------------------------------
    def record_agent_action(
        self, agent_id: str, action_id: str, *, action_type: str = "reply_dm_with_others",
        traits: Sequence[str] = (), at: datetime | None = None, context: str | None = None,
    ) -> None:
        """Record an agent action (a reply, a post, ...) and the traits it expressed."""
        validate_id(action_id, "action_id")
        store = self.store(context)
        state = self._load(store, agent_id)
        now = self.now()
        when = from_epoch(now if at is None else to_epoch(at))  # a naive ``at`` is UTC
        action = AgentAction(action_id, agent_id, action_type, when, tuple(traits))
        state.apply_action(action)
        self._commit(context, store, [self._action_record(action, now), *state.records(now)])

    def record_agent_session(
        self, agent_id: str, user_id: str, *, duration_seconds: float | None = None,
        abandoned: bool = False, joined: bool = False, invited: bool = False,
        context: str | None = None,
    ) -> float:
        """Record a session end (``duration_seconds``) or a room join (``joined=True``).

        Updates the relationship strength and, for ended sessions, the success rate; returns
        the pair's relationship strength.
        """
        validate_id(user_id)
        store = self.store(context)
        state = self._load(store, agent_id)
        now = self.now()
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
        raw = internal(uuid.uuid4().hex, SESSION, partition(agent_id), {
            "user_id": user_id, "joined": joined, "invited": invited, "abandoned": abandoned,
            "duration_seconds": duration_seconds}, now, agent_id=agent_id, layer=0)
        self._commit(context, store, [raw, record, *state.records(now)])
        return rel.relationship_strength

    # -- reading (privacy: the author only) -------------------------------------------------
    def agent_feedback(
        self, agent_id: str, *, user_id: str, limit: int = 100, context: str | None = None
    ) -> list[FeedbackEvent]:
        """The feedback ``user_id`` gave ``agent_id``, oldest first: only its author reads it."""
        validate_id(user_id)
        store = self.store(context)
        self._agent(store, agent_id)
        found = store.find(Query(user_id=partition(agent_id), kinds=[FEEDBACK],
                                 data_equals={"author": user_id}, limit=limit))
        return [event_from_data(r.data) for r in found]

    def forget_agent_feedback(self, agent_id: str, *, user_id: str,
                              context: str | None = None) -> int:
        """Anonymise a user's feedback to an agent (seed: deletion, anonymised for learning).

        The author and the rated texts are removed; the reward stays in the projections.
        The user's relationship and ask-timing records with the agent are deleted and their
        sessions anonymised. Returns how many feedback events were anonymised.
        """
        validate_id(user_id)
        store = self.store(context)
        self._agent(store, agent_id)
        with store.transaction():
            return self._anonymise(store, agent_id, user_id)

    def _before_delete_user(self, context: str, store: Store, user_id: str) -> None:
        """``delete_all`` forgets the user in every agent's partition too."""
        super()._before_delete_user(context, store, user_id)
        for owner in store.user_ids():
            if owner.startswith(AGENT_PREFIX):
                self._anonymise(store, owner[len(AGENT_PREFIX):], user_id)

    def _anonymise(self, store: Store, agent_id: str, user_id: str) -> int:
        owner = partition(agent_id)
        found = user_records(store, owner, user_id)
        for record in found:
            record.data = {**record.data, USER_KEYS[record.kind]: "anonymous"}
            if record.kind == FEEDBACK:  # the rated texts go too; the reward stays
                record.data.update(message=None, response=None, anonymised=True)
        store.put(found, audit=False)
        store.delete(owner, [hashed(RELATIONSHIP, agent_id, user_id),
                             hashed(ASK, agent_id, user_id)], at=self.now())
        return sum(r.kind == FEEDBACK for r in found)

    def agent_learning(self, agent_id: str, *, context: str | None = None) -> LearningMetrics:
        """Current learning metrics of an agent (sentiment, engagement, quality)."""
        state = self._load(self.store(context), agent_id)
        return state.learning.metrics(self.now())

    def agent_projections(self, agent_id: str, *, context: str | None = None) -> Loaded:
        """The agent's projections (internal learning view: aggregation, history, policy)."""
        return self._load(self.store(context), agent_id)

    # -- when to ask ------------------------------------------------------------------------
    def should_ask_for_feedback(
        self, agent_id: str, user_id: str, *, session_started_at: datetime,
        agent_messages: int, sentiment: float | None = None, mark_shown: bool = True,
        context: str | None = None,
    ) -> AskDecision:
        """The seed's rules for asking ``user_id`` about ``agent_id`` now (M18).

        When the answer is yes and ``mark_shown`` is set, the prompt counts as shown, so it is
        not repeated before its cooldown.
        """
        validate_id(user_id)
        store = self.store(context)
        state = self._load(store, agent_id)
        now = self.now()
        rel_record = self._relationship_record(store, agent_id, user_id, now)
        rel, last_feedback = relationship_from_data(agent_id, user_id, rel_record.data)
        ask_id = hashed(ASK, agent_id, user_id)
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
            store.put([internal(ask_id, ASK, partition(agent_id), shown, now,
                                agent_id=agent_id)], audit=False)
        return decision
