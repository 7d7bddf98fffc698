"""Driver-free types of the server state every API worker shares (see
:mod:`lucidmem.store.server_state` for the PostgreSQL home of it)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["StoredKey", "reaches"]


class StoredKey(NamedTuple):
    """An API key an admin created: the SHA-256 digest of the key (never the key), its
    user, the contexts it may use (``None``: the contexts that exist) and when it was made
    (epoch seconds)."""

    digest: str
    user_id: str
    contexts: tuple[str, ...] | None
    created_at: float


def reaches(key: StoredKey, user_id: str, context: str) -> bool:
    """Whether ``key`` acts for ``user_id`` in ``context``: what forgetting that user there
    revokes (a key limited to other contexts stays)."""
    return key.user_id == user_id and (key.contexts is None or context in key.contexts)
