"""Turning a configured encryption key into a SQLCipher ``PRAGMA key`` value.

Two forms are accepted:

* a raw key: exactly 64 hex characters (32 bytes). Opening costs < 1 ms.
* a passphrase: anything else. It is stretched with PBKDF2-HMAC-SHA256
  (:data:`PBKDF2_ITERATIONS`) using the 16-byte salt SQLCipher keeps at the start
  of the database file, then handed to SQLCipher as a raw key. The derived key
  is cached per process, so only the first connection pays the ~0.2 s KDF.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["PBKDF2_ITERATIONS", "SALT_BYTES", "derive_passphrase", "is_raw_key",
           "key_pragma_value"]

PBKDF2_ITERATIONS = 256_000
SALT_BYTES = 16
_RAW_KEY = re.compile(r"^[0-9a-fA-F]{64}$")


def is_raw_key(key: str) -> bool:
    """True when ``key`` is a 32-byte key written as 64 hex characters."""
    return bool(_RAW_KEY.match(key))


@lru_cache(maxsize=64)
def _derive(passphrase: str, salt: bytes) -> str:
    raw = hashlib.pbkdf2_hmac("sha256", passphrase.encode("utf-8"), salt, PBKDF2_ITERATIONS)
    return raw.hex()


def derive_passphrase(passphrase: str, salt: bytes) -> str:
    """The 32-byte key (hex) PBKDF2 stretches ``passphrase`` into over ``salt`` (cached)."""
    return _derive(passphrase, salt)


def _existing_salt(path: Path | None) -> bytes | None:
    if path is None or not path.exists() or path.stat().st_size < SALT_BYTES:
        return None
    with path.open("rb") as handle:
        return handle.read(SALT_BYTES)


def key_pragma_value(key: str, path: Path | None) -> str:
    """The literal to use in ``PRAGMA key = ...`` for ``key`` and database ``path``.

    ``path`` is ``None`` for in-memory databases.
    """
    if is_raw_key(key):
        return f"\"x'{key.lower()}'\""
    salt = _existing_salt(path) or os.urandom(SALT_BYTES)
    return f"\"x'{_derive(key, salt)}{salt.hex()}'\""
