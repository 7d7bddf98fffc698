"""How agent learning state is kept in the narrow :class:`~lucidmem.store.base.Store`.

Everything is a :class:`~lucidmem.store.base.Record` (made by :func:`lucidmem.records.new_record`)
of one of the kinds below (:class:`lucidmem.records.Kind`) with its fields in the JSON ``data``
body: no table, column or store method is added, so any backend passing the store contract tests
(PostgreSQL included) can hold it. Records that exist once per key get a deterministic id
(:func:`lucidmem.records.stable_id` of the kind and the key) and are replaced in place. None is
searchable or carries an embedding, so none shows up in memory search.

Agent-level state lives in a partition of its own, ``user_id = "~agent:<agent_id>"``. A valid
user id must start with a letter or a digit (:func:`~lucidmem.scope.validate_id`), so no user
can ever name, read or write that partition through the public API: feedback kept there is
visible to its author (reads filter on ``data.author``) and to the agent's learning only.
Events waiting for delivery live in ``~outbox``, global settings in ``~agents``.

=====================  ==========  ========================================================
kind                   partition   one per / holds
=====================  ==========  ========================================================
agent                  ~agent:a    agent: owner, name, role, trust, intensity, base model
agent_feedback         ~agent:a    {user, source, agent, type}: the event, texts, reward
agent_session          ~agent:a    ended session or room join (raw event)
agent_action           ~agent:a    one agent action with the traits it expressed (raw)
agent_projection       ~agent:a    one per projection: aggregation, history, learning state
agent_relationship     ~agent:a    (agent, user): relationship strength projection
agent_ask              ~agent:a    (agent, user): when feedback prompts were last shown
agent_policy           ~agent:a    (agent, version): one record per policy version
agent_policy_current   ~agent:a    agent: pointer to the current version
dataset                ~agent:a    dataset: files, counts, time window, traits
training_job           ~agent:a    job: status, attempts, provider, external id, errors
model_version          ~agent:a    (agent, version): registered fine-tuned model
model_current          ~agent:a    agent: pointer to the serving model version
phrase_rules           ~agents     global or per agent: the compiler's trait → phrase rules
outbox_event           ~outbox     event: topic, payload, delivery status and attempts
handled_event          ~outbox     (handler, event): an idempotent handler saw this event
outcome                subject     raw suggestion outcome (user or ``~agent:a``)
profile                subject     the subject's computed preference profile
=====================  ==========  ========================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from lucidmem.agents.feedback_model import (
    Channel,
    ExplicitFeedback,
    FeedbackEvent,
    FeedbackPayload,
    FeedbackType,
    ImplicitFeedback,
    ReactionFeedback,
    SourceKind,
)
from lucidmem.agents.policy import ActionPolicy, AgentPolicy, ReplyFrequency
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.records import Kind
from lucidmem.store.base import Query, Record, Store

__all__ = [
    "AGENTS_PARTITION",
    "AGENT_PREFIX",
    "OUTBOX_PARTITION",
    "USER_KEYS",
    "event_from_data",
    "event_to_data",
    "partition",
    "policy_from_data",
    "policy_to_data",
    "user_records",
]

AGENTS_PARTITION: Final = "~agents"
OUTBOX_PARTITION: Final = "~outbox"
AGENT_PREFIX: Final = "~agent:"
#: Kinds of an agent's partition that name a user, and the ``data`` key naming them: what
#: ``delete_all`` anonymises and ``export`` includes.
USER_KEYS: Final[Mapping[str, str]] = {Kind.AGENT_FEEDBACK: "author",
                                       Kind.AGENT_SESSION: "user_id"}


def partition(agent_id: str) -> str:
    """The store partition (``user_id``) holding ``agent_id``'s learning state."""
    return f"{AGENT_PREFIX}{agent_id}"


def user_records(store: Store, owner: str, user_id: str) -> list[Record]:
    """The records of partition ``owner`` that name ``user_id`` (:data:`USER_KEYS`)."""
    return [record for kind, key in USER_KEYS.items()
            for record in store.find(Query(user_id=owner, kinds=[kind],
                                           data_equals={key: user_id}, order_by="created_at"))]


def _payload_to_data(payload: FeedbackPayload) -> dict[str, Any]:
    if isinstance(payload, ExplicitFeedback):
        return {"thumbs": payload.thumbs, "rating": payload.rating, "text": payload.text}
    if isinstance(payload, ReactionFeedback):
        return {"reaction": payload.reaction.value}
    return {
        "reply_speed_seconds": payload.reply_speed_seconds,
        "engagement_delta": payload.engagement_delta,
        "message_length": payload.message_length,
        "session_duration_seconds": payload.session_duration_seconds,
        "abandoned": payload.abandoned,
        "reinvited": payload.reinvited,
    }


def _payload_from_data(kind: str, data: Mapping[str, Any]) -> FeedbackPayload:
    if kind == FeedbackType.EXPLICIT:
        return ExplicitFeedback(thumbs=data.get("thumbs"), rating=data.get("rating"),
                                text=data.get("text"))
    if kind == FeedbackType.REACTION:
        return ReactionFeedback(reaction=data["reaction"])
    return ImplicitFeedback(
        reply_speed_seconds=data.get("reply_speed_seconds"),
        engagement_delta=data.get("engagement_delta"),
        message_length=data.get("message_length"),
        session_duration_seconds=data.get("session_duration_seconds"),
        abandoned=bool(data.get("abandoned", False)),
        reinvited=bool(data.get("reinvited", False)),
    )


def event_to_data(event: FeedbackEvent) -> dict[str, Any]:
    """A feedback event as JSON (the seed's ``FeedbackCreatedEvent.data`` fields)."""
    return {
        "id": event.id,
        "author": event.user_id,
        "agent_id": event.agent_id,
        "source_id": event.source_id,
        "channel": event.channel.value,
        "feedback_type": event.feedback_type.value,
        "payload": _payload_to_data(event.payload),
        "created_at": to_epoch(event.created_at),
        "updated_at": None if event.updated_at is None else to_epoch(event.updated_at),
        "source_kind": event.source_kind.value,
        "room_id": event.room_id,
        "contains_abuse": event.contains_abuse,
    }


def event_from_data(data: Mapping[str, Any]) -> FeedbackEvent:
    """Inverse of :func:`event_to_data`."""
    updated = data.get("updated_at")
    return FeedbackEvent(
        id=data["id"],
        user_id=data["author"],
        agent_id=data["agent_id"],
        source_id=data["source_id"],
        channel=Channel(data["channel"]),
        payload=_payload_from_data(data["feedback_type"], data["payload"]),
        created_at=from_epoch(data["created_at"]),
        source_kind=SourceKind(data["source_kind"]),
        room_id=data.get("room_id"),
        contains_abuse=bool(data.get("contains_abuse", False)),
        updated_at=None if updated is None else from_epoch(updated),
    )


def policy_to_data(policy: AgentPolicy) -> dict[str, Any]:
    """An :class:`AgentPolicy` as JSON."""
    rf = policy.actions.reply_frequency
    return {
        "traits": dict(policy.traits),
        "actions": {
            "reply_frequency": {
                "dm_with_owner": rf.dm_with_owner,
                "dm_with_others": rf.dm_with_others,
                "group_small": rf.group_small,
                "group_large": rf.group_large,
            },
            "post_probability": policy.actions.post_probability,
            "invite_probability": policy.actions.invite_probability,
            "max_autonomous_actions_per_day": policy.actions.max_autonomous_actions_per_day,
        },
        "epsilon": policy.epsilon,
        "version": policy.version,
        "updated_by": policy.updated_by,
    }


def policy_from_data(data: Mapping[str, Any]) -> AgentPolicy:
    """Inverse of :func:`policy_to_data`."""
    actions = data["actions"]
    return AgentPolicy(
        traits=dict(data["traits"]),
        actions=ActionPolicy(
            reply_frequency=ReplyFrequency(**actions["reply_frequency"]),
            post_probability=actions["post_probability"],
            invite_probability=actions["invite_probability"],
            max_autonomous_actions_per_day=int(actions["max_autonomous_actions_per_day"]),
        ),
        epsilon=data["epsilon"],
        version=int(data["version"]),
        updated_by=data.get("updated_by", "lucidmem"),
    )
