"""Validation of what callers hand to ``Memory.add``: all or nothing.

Every message is checked before anything is embedded or written, so a bad
message in a batch of a hundred leaves the store untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, get_args

from ..clock import parse_time
from ..errors import InvalidInputError, TextTooLongError
from ..scope import check_json, check_unicode
from ..types import MessageDict, Role

__all__ = ["Turn", "normalise_messages"]

ROLES: tuple[str, ...] = get_args(Role)
_ALLOWED_KEYS = {"role", "content", "name", "timestamp", "metadata"}


@dataclass(frozen=True, slots=True)
class Turn:
    role: str
    content: str
    name: str | None
    occurred_at: float
    metadata: dict[str, Any] = field(default_factory=dict)


def normalise_messages(
    messages: str | MessageDict | Sequence[MessageDict] | Sequence[Mapping[str, Any]],
    *,
    default_time: float,
    max_chars: int,
    max_messages: int,
) -> list[Turn]:
    """Validate and normalise ``messages``; raise InvalidInputError naming the first problem."""
    items: Sequence[Any]
    if isinstance(messages, str):
        items = [{"role": "user", "content": messages}]
    elif isinstance(messages, Mapping):
        items = [messages]
    elif isinstance(messages, Sequence):
        items = messages
    else:
        raise InvalidInputError(
            "messages must be a string or a list of {role, content} dicts", field="messages"
        )
    if not items:
        raise InvalidInputError("messages is empty: pass at least one message", field="messages")
    if len(items) > max_messages:
        raise InvalidInputError(
            f"{len(items)} messages in one call; the limit is {max_messages} "
            "(LUCIDMEM_MAX_MESSAGES_PER_ADD). Split the batch or use `lucidmem import`.",
            field="messages",
        )
    return [_turn(i, m, default_time, max_chars) for i, m in enumerate(items)]


def _turn(index: int, message: Mapping[str, Any], default_time: float, max_chars: int) -> Turn:
    where = f"messages[{index}]"
    if not isinstance(message, Mapping):
        raise InvalidInputError(f"{where} must be a dict with 'role' and 'content'",
                                field="messages")
    unknown = set(message) - _ALLOWED_KEYS
    if unknown:
        raise InvalidInputError(
            f"{where} has unknown keys {sorted(unknown)}; allowed: {sorted(_ALLOWED_KEYS)}",
            field="messages",
        )
    role = message.get("role", "user")
    if role not in ROLES:
        raise InvalidInputError(f"{where}.role {role!r} is unknown; use one of {list(ROLES)}",
                                field="role")
    content = message.get("content")
    if not isinstance(content, str) or not content.strip():
        raise InvalidInputError(f"{where}.content is empty; every message needs text",
                                field="content")
    check_unicode(content, "content", f"{where}.content")
    if len(content) > max_chars:
        raise TextTooLongError(
            f"{where}.content has {len(content)} characters; the limit is {max_chars} "
            "(LUCIDMEM_MAX_MESSAGE_CHARS). Split long documents into several messages.",
            field="content",
        )
    name = message.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 128):
        raise InvalidInputError(f"{where}.name must be a non-empty string of at most 128 "
                                "characters", field="name")
    if name is not None:
        check_unicode(name, "name", f"{where}.name")
    metadata = message.get("metadata") or {}
    if not isinstance(metadata, Mapping):
        raise InvalidInputError(f"{where}.metadata must be a dict", field="metadata")
    check_json(dict(metadata), "metadata", f"{where}.metadata")
    raw_time = message.get("timestamp")
    occurred = default_time if raw_time is None else parse_time(raw_time, f"{where}.timestamp")
    return Turn(role=role, content=content.strip(), name=name, occurred_at=occurred,
                metadata=dict(metadata))
