"""API keys an admin creates at run time (``POST /api/v1/keys``), behind one interface.

Keys from the configuration (``LUCIDMEM_API_*``, the keys file) stay in
:class:`~lucidmem.api.settings.KeyRing`; created ones live in a :class:`KeyStore`:
:class:`InProcessKeys` for a single embedded server (they last as long as the process), or
:class:`lucidmem.store.server_state.PostgresServerState` when the server runs on
PostgreSQL, so a key created through one worker works at once on every other. Only the
SHA-256 digest of a key is kept; the key itself is shown once, when it is created.
"""

from __future__ import annotations

import secrets
import threading
from typing import Protocol

from ..store.shared import StoredKey, reaches

__all__ = ["KEY_PREFIX", "InProcessKeys", "KeyStore", "new_key"]

KEY_PREFIX = "lm_"


def new_key() -> str:
    """A fresh API key: ``lm_`` and 43 URL-safe characters (256 random bits)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


class KeyStore(Protocol):
    """Where created API keys are kept."""

    def add_key(self, key: StoredKey) -> None:
        """Record a created key."""
        ...

    def key(self, digest: str) -> StoredKey | None:
        """The created key of ``digest``, if any."""
        ...

    def keys(self, user_id: str | None = None) -> list[StoredKey]:
        """Created keys (of one user when named), oldest first."""
        ...

    def remove_key(self, digest: str) -> bool:
        """Revoke a created key; False when there was none."""
        ...

    def remove_user_keys(self, user_id: str, context: str) -> int:
        """Revoke the created keys of a user forgotten in ``context``: those that may use
        it (listing it, or any context that exists); returns how many."""
        ...

    def close(self) -> None:
        """Release what the store holds."""
        ...


class InProcessKeys:
    """Created keys in this process (the embedded default; lost when it stops)."""

    def __init__(self) -> None:
        self._keys: dict[str, StoredKey] = {}
        self._lock = threading.Lock()

    def add_key(self, key: StoredKey) -> None:
        with self._lock:
            self._keys[key.digest] = key

    def key(self, digest: str) -> StoredKey | None:
        return self._keys.get(digest)

    def keys(self, user_id: str | None = None) -> list[StoredKey]:
        with self._lock:
            found = [k for k in self._keys.values() if user_id is None or k.user_id == user_id]
        return sorted(found, key=lambda k: (k.created_at, k.digest))

    def remove_key(self, digest: str) -> bool:
        with self._lock:
            return self._keys.pop(digest, None) is not None

    def remove_user_keys(self, user_id: str, context: str) -> int:
        with self._lock:
            gone = [d for d, k in self._keys.items() if reaches(k, user_id, context)]
            for found in gone:
                del self._keys[found]
        return len(gone)

    def close(self) -> None:
        """Nothing to release."""
