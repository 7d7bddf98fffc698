"""The one validation of feedback arguments, shared by ``memory.skills``, REST and MCP.

Pure: no store, no embedder. Every front end that accepts a reward calls
:func:`validate_feedback` before anything else, so the same input gets the same
:class:`~lucidmem.errors.InvalidInputError` (``field`` names the argument) everywhere.
"""

from __future__ import annotations

from typing import NamedTuple

from lucidmem.behaviour.feedback_classifier import FEEDBACK_CATEGORIES, MAX_FEEDBACK_CHARS
from lucidmem.errors import InvalidInputError, TextTooLongError
from lucidmem.scope import check_unicode

__all__ = ["REWARDS", "CheckedFeedback", "check_message", "validate_feedback"]

REWARDS: tuple[int, ...] = (-1, 0, 1)
"""Thumbs down, neutral, thumbs up."""


class CheckedFeedback(NamedTuple):
    """Feedback arguments that passed :func:`validate_feedback` (free text stripped; blank
    free text becomes ``None``)."""

    reward: int
    reason: str | None
    free_text: str | None


def validate_feedback(reward: object, reason: object = None,
                      free_text: object = None) -> CheckedFeedback:
    """Check a reward (-1, 0 or 1; not a bool), a reason (a feedback category or None) and
    free text (at most :data:`MAX_FEEDBACK_CHARS` characters, or None).

    Raises :class:`~lucidmem.errors.InvalidInputError` with ``field`` set to ``reward``,
    ``reason`` or ``free_text``.
    """
    if isinstance(reward, bool) or not isinstance(reward, int) or reward not in REWARDS:
        raise InvalidInputError(
            f"reward must be -1 (thumbs down), 0 (neutral) or 1 (thumbs up), got {reward!r}",
            field="reward")
    if reason is not None and reason not in FEEDBACK_CATEGORIES:
        raise InvalidInputError(
            f"reason {reason!r} is not a feedback category; use one of: "
            f"{', '.join(FEEDBACK_CATEGORIES)}", field="reason")
    if free_text is not None:
        if not isinstance(free_text, str):
            raise InvalidInputError("free_text must be text", field="free_text")
        if len(free_text) > MAX_FEEDBACK_CHARS:
            raise InvalidInputError(
                f"free_text has {len(free_text)} characters; shorten it to "
                f"{MAX_FEEDBACK_CHARS} or fewer", field="free_text")
    text = free_text.strip() or None if isinstance(free_text, str) else None
    return CheckedFeedback(reward, reason if isinstance(reason, str) else None, text)


def check_message(value: object, limit: int, field: str = "message") -> str:
    """``value`` if it is a message to choose a skill for: non-empty valid Unicode text of at
    most ``limit`` characters."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{field} must be non-empty text", field=field)
    if len(value) > limit:
        raise TextTooLongError(
            f"{field} has {len(value)} characters; the limit is {limit}: send a shorter "
            "message or raise max_message_chars (LUCIDMEM_MAX_MESSAGE_CHARS)", field=field)
    return check_unicode(value, field)
