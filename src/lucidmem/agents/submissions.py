"""Feedback submissions: the input and receipt types of the feedback service, and checks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.feedback_model import (
    DedupAction,
    ExplicitFeedback,
    FeedbackEvent,
    FeedbackPayload,
    ImplicitFeedback,
    ReactionFeedback,
)
from lucidmem.errors import InvalidInputError
from lucidmem.scope import check_unicode

__all__ = ["FeedbackReceipt", "FeedbackSubmission", "build_payload",
           "check_example_text"]

MAX_CONTEXT_CHARS = 8000


@dataclass(frozen=True, slots=True)
class FeedbackSubmission:
    """A feedback event plus what the learning needs: the rated exchange and its traits.

    ``message`` / ``response`` are the user's message and the agent's reply that were rated
    (the seed's ``metadata.context``); they feed training datasets after PII scrubbing.
    ``traits`` are the traits the rated reply expressed; with ``action_type`` they record the
    reply in the behaviour history when it was not recorded with ``record_agent_action``.
    """

    event: FeedbackEvent
    message: str | None = None
    response: str | None = None
    traits: tuple[str, ...] = ()
    action_type: str = "reply_dm_with_others"


class FeedbackReceipt(BaseModel):
    """What happened to one submission."""

    model_config = ConfigDict(frozen=True)

    feedback_id: str
    action: DedupAction
    reason: str
    reward: float
    policy_version: int


def check_example_text(name: str, value: str | None) -> None:
    """A feedback's ``message`` or ``response`` (what a dataset example is made of): absent,
    or non-blank valid Unicode text of at most :data:`MAX_CONTEXT_CHARS` characters."""
    if value is not None and (not isinstance(value, str) or len(value) > MAX_CONTEXT_CHARS):
        raise InvalidInputError(f"{name}: expected text of at most {MAX_CONTEXT_CHARS} characters",
                                field=name)
    if value is not None:
        check_unicode(value, name)
        if not value.strip():  # it would become a dataset example that teaches nothing
            raise InvalidInputError(f"{name}: blank text; leave {name} out when there is none",
                                    field=name)


def build_payload(
    thumbs: int | None, rating: int | None, text: str | None, reaction: str | None,
    implicit: Mapping[str, Any] | None,
) -> FeedbackPayload:
    """The one payload the keyword arguments describe (else a clear error)."""
    given = sum(x is not None for x in (reaction, implicit)) + (
        thumbs is not None or rating is not None or text is not None)
    if given != 1:
        raise InvalidInputError(
            "feedback: give exactly one of thumbs/rating/text, reaction, or implicit signals",
            field="feedback")
    if reaction is not None:
        return ReactionFeedback(reaction=reaction)
    if implicit is not None:
        unknown = sorted(set(implicit) - set(ImplicitFeedback.model_fields))
        if unknown:
            raise InvalidInputError(
                f"implicit: unexpected {', '.join(map(str, unknown))}; use "
                f"{', '.join(ImplicitFeedback.model_fields)}", field="implicit")
        return ImplicitFeedback(**dict(implicit))
    return ExplicitFeedback(thumbs=thumbs, rating=rating, text=text)
