"""Validation of the names that decide where data lives: contexts and ids.

A context name becomes a file name, and user / agent / conversation ids are
stored and compared, so all are restricted to a safe alphabet: no path
separators, no dots at the start, nothing invisible.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import InvalidInputError

__all__ = ["check_json", "check_unicode", "is_user_id", "validate_context",
           "validate_id"]

_CONTEXT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,127}$")


def validate_context(name: str) -> str:
    """Return ``name`` if it is a valid context name, else raise InvalidInputError."""
    if not isinstance(name, str) or not _CONTEXT.fullmatch(name):
        raise InvalidInputError(
            f"invalid context name {name!r}: use 1-64 lowercase letters, digits, '-' or '_', "
            "starting with a letter or digit (e.g. 'personal', 'work').",
            field="context",
        )
    return name


def is_user_id(value: str) -> bool:
    """Whether ``value`` is a valid user id (internal partitions such as ``~agent:x`` are not)."""
    return bool(_ID.fullmatch(value)) and ".." not in value


def validate_id(value: str, field: str = "user_id") -> str:
    """Return ``value`` if it is a valid user/agent/conversation id, else raise."""
    if not isinstance(value, str) or not _ID.fullmatch(value) or ".." in value:
        raise InvalidInputError(
            f"invalid {field} {value!r}: use 1-128 characters from letters, digits and "
            "'_.:@+-', starting with a letter or digit, without '..' or path separators.",
            field=field,
        )
    return value


def check_unicode(value: str, field: str, label: str | None = None) -> str:
    """Return ``value`` if it is valid Unicode text that can be stored and embedded.

    A lone surrogate (``"\\ud800"``, what a broken JSON encoder or a cut UTF-16 string
    leaves behind) cannot be encoded as UTF-8: it is refused here with its position, before
    anything is written, instead of failing deep in the store or the embedder.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInputError(
            f"{label or field} is not valid Unicode: a lone surrogate at position "
            f"{exc.start}; send UTF-8 text (or a correctly paired surrogate)",
            field=field) from None
    return value


def check_json(value: Any, field: str, label: str | None = None) -> None:
    """Refuse a value that is not strict JSON: not serialisable, NaN or infinity, or text
    with a lone surrogate. Stored metadata must read back the same everywhere."""
    try:
        encoded = json.dumps(value, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"{label or field} is not JSON: {exc}", field=field) from exc
    check_unicode(encoded, field, label)
