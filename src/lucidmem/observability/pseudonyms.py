"""Users in log lines: a keyed hash of the id, never the id.

Metric log lines go wherever the operator's logging sends them, so they name a user by
:func:`pseudonym` — HMAC-SHA256 of the id under the deployment's log key, 16 hex
characters — which lets an operator count and follow one user's events (same id, same
pseudonym, across workers and restarts) without the logs naming anyone, and without a
table of guessed ids reversing it (the key is needed).

The key (:func:`deployment_log_key`): ``settings.log_key`` when set (give every machine of
a deployment the same one), else a random key kept in ``<data_dir>/log.key`` (``0600``,
made the first time a line names a user, shared by every process on that data directory),
else — a data directory in
RAM — a random key for this process.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from ..errors import StoreError
from ..settings import Settings
from ..store.files import FILE_MODE, private_dir

__all__ = ["KEY_BYTES", "LOG_KEY_FILE", "PSEUDONYM_CHARS", "deployment_log_key", "pseudonym"]

KEY_BYTES = 32
LOG_KEY_FILE = "log.key"
PSEUDONYM_CHARS = 16
"""Hex characters kept (64 bits): no two users of a deployment share one by chance."""


def pseudonym(user_id: str, key: bytes) -> str:
    """What log lines say instead of ``user_id``: ``u_`` and the first
    :data:`PSEUDONYM_CHARS` hex characters of HMAC-SHA256(key, user_id)."""
    digest = hmac.new(key, user_id.encode("utf-8"), hashlib.sha256).hexdigest()
    return "u_" + digest[:PSEUDONYM_CHARS]


def deployment_log_key(settings: Settings) -> bytes:
    """The key of :func:`pseudonym` for this deployment (see the module's text)."""
    if settings.log_key is not None:
        return settings.log_key.get_secret_value().encode("utf-8")
    if str(settings.data_dir) == ":memory:":
        return secrets.token_bytes(KEY_BYTES)
    return _key_file(Path(settings.data_dir) / LOG_KEY_FILE)


def _key_file(path: Path) -> bytes:
    """The key in ``path``, made first if there is none. Written to a private temporary
    file and linked into place, so processes starting together all read the one key."""
    try:
        found = path.read_bytes()
        if len(found) == KEY_BYTES:
            return found
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StoreError(f"cannot read the log key {path}: {exc}; set LUCIDMEM_LOG_KEY or "
                         "make the data directory readable") from None
    private_dir(path.parent)
    tmp = path.with_name(f"{path.name}.{secrets.token_hex(8)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        # another process may have made it first (or a damaged one is there): read it
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
        found = path.read_bytes()
    except OSError as exc:
        raise StoreError(f"cannot write the log key {path}: {exc}; set LUCIDMEM_LOG_KEY or "
                         "make the data directory writable") from None
    finally:
        tmp.unlink(missing_ok=True)
    if len(found) != KEY_BYTES:
        raise StoreError(f"the log key {path} is damaged ({len(found)} bytes, not "
                         f"{KEY_BYTES}); delete it (log lines then name users by new "
                         "pseudonyms) or set LUCIDMEM_LOG_KEY")
    return found
