"""Typed feedback events, validation and deduplication (pure; no store).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Feedback Service" (data sources), "Event Structure /
FeedbackCreatedEvent", "Data Models / Feedback Model" and "Open Questions #1 Feedback
Deduplication" (unique on ``{userId, sourceId, agentId}``, updates allowed within 5 minutes).

A :class:`FeedbackEvent` carries exactly one payload:

* :class:`ExplicitFeedback` — thumbs up/down *or* a 1–5 star rating, optional free text;
* :class:`ImplicitFeedback` — reply speed, engagement delta, message length, session duration,
  abandonment, re-invitation;
* :class:`ReactionFeedback` — like, love, laugh, wow, sad, dislike.

Each is a frozen pydantic model built with keywords; every constructor validates its input
and raises :class:`~lucidmem.errors.InvalidInputError` naming the field and the fix. Feedback
is private (seed: "Anti-Competition Design"): only its author may read it back
(:func:`is_visible_to`); the agent's learning reads it internally.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from lucidmem.errors import InvalidInputError

__all__ = [
    "DEDUP_UPDATE_WINDOW",
    "MAX_FEEDBACK_TEXT_CHARS",
    "REACTION_VALUES",
    "Channel",
    "DedupAction",
    "DedupDecision",
    "DedupKey",
    "ExplicitFeedback",
    "FeedbackEvent",
    "FeedbackPayload",
    "FeedbackType",
    "ImplicitFeedback",
    "ReactionFeedback",
    "ReactionType",
    "SourceKind",
    "apply_update",
    "dedup_key",
    "is_visible_to",
    "resolve_duplicate",
]

#: Seed, open question 1: "allow updates within 5 minutes" (measured from the first submission).
DEDUP_UPDATE_WINDOW = timedelta(minutes=5)
#: Longest free-text comment accepted (the same cap as the per-turn feedback of M16).
MAX_FEEDBACK_TEXT_CHARS = 300


class FeedbackType(StrEnum):
    """Seed ``feedbackType``."""

    EXPLICIT = "explicit"
    IMPLICIT = "implicit"
    REACTION = "reaction"


class Channel(StrEnum):
    """Seed ``source``: where the feedback was given."""

    CHAT = "chat"
    POST = "post"
    COMMENT = "comment"
    PROFILE = "profile"


class SourceKind(StrEnum):
    """Who gave the feedback: any user, the agent's owner, or another agent (peer learning)."""

    USER = "user"
    OWNER = "owner"
    AGENT = "agent"


class ReactionType(StrEnum):
    """Seed ``reactionType`` (👍 ❤️ 😂 😮 😢 👎)."""

    LIKE = "like"
    LOVE = "love"
    LAUGH = "laugh"
    WOW = "wow"
    SAD = "sad"
    DISLIKE = "dislike"


#: Signed value of each reaction in [-1, 1] (seed: "value: -1 to +1 for reactions"; the seed
#: gives no table, these are ours). "sad" is only mildly negative: it often answers sad news.
REACTION_VALUES: dict[ReactionType, float] = {
    ReactionType.LIKE: 0.5,
    ReactionType.LOVE: 1.0,
    ReactionType.LAUGH: 0.6,
    ReactionType.WOW: 0.3,
    ReactionType.SAD: -0.2,
    ReactionType.DISLIKE: -1.0,
}


def _fail(field_name: str, message: str) -> InvalidInputError:
    return InvalidInputError(f"{field_name}: {message}", field=field_name)


def _check_finite(field_name: str, value: float, *, minimum: float, maximum: float) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise _fail(field_name, f"expected a finite number, got {value!r}")
    if not minimum <= value <= maximum:
        raise _fail(field_name, f"{value} is out of range; pass a value in [{minimum}, {maximum}]")


def _fields(data: Any) -> dict[str, Any] | None:
    """The keyword arguments a before-validator checks (``None``: an instance, leave it)."""
    return data if isinstance(data, dict) else None


class ExplicitFeedback(BaseModel):
    """Thumbs (``+1``/``-1``) or a 1–5 rating, with optional text; text alone is allowed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    thumbs: int | None = None
    rating: int | None = None
    text: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        values = _fields(data)
        if values is None:
            return data
        thumbs, rating, text = values.get("thumbs"), values.get("rating"), values.get("text")
        if thumbs is None and rating is None and not text:
            raise _fail("thumbs", "explicit feedback is empty; give thumbs, a rating or text")
        if thumbs is not None and rating is not None:
            raise _fail("rating", "give either thumbs or a 1-5 rating, not both")
        if thumbs is not None and (isinstance(thumbs, bool) or thumbs not in (1, -1)):
            raise _fail("thumbs", f"{thumbs!r} is not a thumb; pass 1 (up) or -1 (down)")
        if rating is not None and (
            isinstance(rating, bool) or not isinstance(rating, int) or not 1 <= rating <= 5
        ):
            raise _fail("rating", f"{rating!r} is out of range; pass an integer from 1 to 5")
        if text is not None:
            if not isinstance(text, str):
                raise _fail("text", "expected a string")
            if len(text) > MAX_FEEDBACK_TEXT_CHARS:
                raise _fail(
                    "text",
                    f"{len(text)} characters; shorten it to {MAX_FEEDBACK_TEXT_CHARS} or less",
                )
        return data

    @property
    def value(self) -> float:
        """Signed value in [-1, 1]: thumbs ±1; rating r ↦ (r − 3) / 2; text only ↦ 0."""
        if self.thumbs is not None:
            return float(self.thumbs)
        if self.rating is not None:
            return (self.rating - 3) / 2
        return 0.0


class ImplicitFeedback(BaseModel):
    """Implicit conversation signals (seed "Data Sources / Tertiary"); give at least one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reply_speed_seconds: float | None = None
    engagement_delta: float | None = None
    message_length: int | None = None
    session_duration_seconds: float | None = None
    abandoned: bool = False
    reinvited: bool = False

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        values = _fields(data)
        if values is None:
            return data
        reply_speed = values.get("reply_speed_seconds")
        delta = values.get("engagement_delta")
        length = values.get("message_length")
        duration = values.get("session_duration_seconds")
        abandoned, reinvited = values.get("abandoned", False), values.get("reinvited", False)
        if (
            reply_speed is None
            and delta is None
            and length is None
            and duration is None
            and not abandoned
            and not reinvited
        ):
            raise _fail("engagement_delta", "implicit feedback carries no signal; set at least one")
        if reply_speed is not None:
            _check_finite("reply_speed_seconds", reply_speed, minimum=0, maximum=1e9)
        if delta is not None:
            _check_finite("engagement_delta", delta, minimum=-1, maximum=1)
        if length is not None and (
            isinstance(length, bool) or not isinstance(length, int) or length < 0
        ):
            raise _fail("message_length", "expected a non-negative integer (characters)")
        if duration is not None:
            _check_finite("session_duration_seconds", duration, minimum=0, maximum=1e9)
        if not isinstance(abandoned, bool) or not isinstance(reinvited, bool):
            raise _fail("abandoned", "abandoned and reinvited must be booleans")
        return data


class ReactionFeedback(BaseModel):
    """An emoji reaction."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reaction: ReactionType

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        values = _fields(data)
        if values is None:
            return data
        reaction: Any = values.get("reaction")
        try:
            return {**values, "reaction": ReactionType(reaction)}
        except ValueError:
            allowed = ", ".join(r.value for r in ReactionType)
            raise _fail("reaction", f"{reaction!r} is unknown; use one of {allowed}") from None

    @property
    def value(self) -> float:
        """Signed value of the reaction from :data:`REACTION_VALUES`."""
        return REACTION_VALUES[self.reaction]


FeedbackPayload = ExplicitFeedback | ImplicitFeedback | ReactionFeedback


def _check_id(field_name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise _fail(field_name, "must be a non-empty string")


class FeedbackEvent(BaseModel):
    """One feedback event (seed ``FeedbackCreatedEvent.data``), validated on construction.

    ``created_at`` must be timezone-aware. ``contains_abuse`` is set by abuse detection
    upstream and triggers the seed's heavy penalty in the reward.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    user_id: str
    agent_id: str
    source_id: str
    channel: Channel
    payload: FeedbackPayload
    created_at: datetime
    source_kind: SourceKind = SourceKind.USER
    room_id: str | None = None
    contains_abuse: bool = False
    updated_at: datetime | None = None

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        values = _fields(data)
        if values is None:
            return data
        for name in ("id", "user_id", "agent_id", "source_id"):
            _check_id(name, values.get(name))
        if values.get("room_id") is not None:
            _check_id("room_id", values["room_id"])
        channel: Any = values.get("channel")
        try:
            channel = Channel(channel)
        except ValueError:
            allowed = ", ".join(c.value for c in Channel)
            raise _fail("channel", f"{channel!r} is unknown; use one of {allowed}") from None
        kind: Any = values.get("source_kind", SourceKind.USER)
        try:
            kind = SourceKind(kind)
        except ValueError:
            allowed = ", ".join(s.value for s in SourceKind)
            raise _fail("source_kind", f"{kind!r} is unknown; use one of {allowed}") from None
        if not isinstance(values.get("payload"), ExplicitFeedback | ImplicitFeedback |
                          ReactionFeedback):
            raise _fail("payload", "pass ExplicitFeedback, ImplicitFeedback or ReactionFeedback")
        for name in ("created_at", "updated_at"):
            moment = values.get(name)
            if moment is None and name == "updated_at":
                continue
            if not isinstance(moment, datetime) or moment.utcoffset() is None:
                raise _fail(name, "must be a timezone-aware datetime (e.g. datetime.now(UTC))")
        return {**values, "channel": channel, "source_kind": kind}

    @property
    def feedback_type(self) -> FeedbackType:
        """The seed's ``feedbackType``, derived from the payload."""
        if isinstance(self.payload, ExplicitFeedback):
            return FeedbackType.EXPLICIT
        if isinstance(self.payload, ImplicitFeedback):
            return FeedbackType.IMPLICIT
        return FeedbackType.REACTION


def is_visible_to(event: FeedbackEvent, viewer_user_id: str) -> bool:
    """Feedback is private: visible to its author only (the agent's learning reads it inside)."""
    return event.user_id == viewer_user_id


@dataclass(frozen=True, slots=True)
class DedupKey:
    """The seed's unique constraint ``{userId, sourceId, agentId}``, scoped per feedback type.

    The type is part of the key so a thumbs, a reaction and an implicit signal on the same
    message coexist; within one type the seed's rule applies.
    """

    user_id: str
    source_id: str
    agent_id: str
    feedback_type: FeedbackType


def dedup_key(event: FeedbackEvent) -> DedupKey:
    """The deduplication key of ``event``."""
    return DedupKey(event.user_id, event.source_id, event.agent_id, event.feedback_type)


class DedupAction(StrEnum):
    """What the store should do with an incoming event."""

    INSERT = "insert"
    UPDATE = "update"
    REJECT = "reject"


@dataclass(frozen=True, slots=True)
class DedupDecision:
    """The outcome of :func:`resolve_duplicate` with a human-readable reason."""

    action: DedupAction
    reason: str


def resolve_duplicate(
    existing: FeedbackEvent | None,
    incoming: FeedbackEvent,
    *,
    window: timedelta = DEDUP_UPDATE_WINDOW,
) -> DedupDecision:
    """Insert, update or reject ``incoming`` given the stored event with the same key.

    Seed open question 1: unique on ``{userId, sourceId, agentId}``, updates allowed within
    5 minutes of the *first* submission (so repeated edits cannot extend the window).
    """
    if existing is None or dedup_key(existing) != dedup_key(incoming):
        return DedupDecision(DedupAction.INSERT, "no earlier feedback with this key")
    elapsed = incoming.created_at - existing.created_at
    if elapsed < timedelta(0):
        return DedupDecision(DedupAction.REJECT, "older than the stored feedback; kept the newer")
    if elapsed <= window:
        return DedupDecision(
            DedupAction.UPDATE, f"changed {elapsed.total_seconds():.0f}s after submission"
        )
    minutes = window.total_seconds() / 60
    return DedupDecision(
        DedupAction.REJECT,
        f"duplicate feedback: it can only be changed within {minutes:g} minutes of submission",
    )


def apply_update(existing: FeedbackEvent, incoming: FeedbackEvent) -> FeedbackEvent:
    """The stored event after an allowed update: the id and ``created_at`` are kept."""
    if dedup_key(existing) != dedup_key(incoming):
        raise InvalidInputError(
            "incoming: this feedback has another {user, source, agent, type} key; insert it",
            field="incoming",
        )
    return incoming.model_copy(
        update={"id": existing.id, "created_at": existing.created_at,
                "updated_at": incoming.created_at}
    )
