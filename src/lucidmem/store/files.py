"""Files lucidmem writes next to its databases: private modes, and sealed with the store's key.

Datasets, insights, model checkpoints: every file is created ``0600`` and every directory
``0700`` (:func:`private_dir`, :func:`write_private`), so other accounts on the machine read
nothing. When the context has an encryption key, the bytes are sealed (:func:`seal`) with
AES-256-GCM under a key derived from the store's key, so a copied data directory holds no
plaintext; :func:`read_side_file` opens sealed and plain files alike.

Layout of a sealed file: :data:`MAGIC` (8 bytes), a 16-byte salt, a 12-byte nonce, then the
ciphertext with its 16-byte tag. The file key is HMAC-SHA256 of the SQLCipher key (a raw key
as given; a passphrase stretched with PBKDF2 over the salt, cached per process) and
:data:`_PURPOSE`, so the database key itself never encrypts anything but the database.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections.abc import Sequence
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ..errors import EncryptionError, StoreError
from ..text import index_text
from .keys import SALT_BYTES, derive_passphrase, is_raw_key

__all__ = ["DIR_MODE", "FILE_MODE", "MAGIC", "byte_matcher", "erasure_pattern", "is_sealed",
           "private_dir", "read_side_file", "seal", "unseal", "write_private", "write_side_file"]

MAGIC = b"LMSEAL01"
FILE_MODE = 0o600
DIR_MODE = 0o700
_NONCE_BYTES = 12
_PURPOSE = b"lucidmem side file v1"


def _file_key(key: str, salt: bytes) -> bytes:
    raw = bytes.fromhex(key) if is_raw_key(key) else bytes.fromhex(derive_passphrase(key, salt))
    return hmac.new(raw, _PURPOSE, hashlib.sha256).digest()


def is_sealed(data: bytes) -> bool:
    """True when ``data`` starts like a sealed file."""
    return data[: len(MAGIC)] == MAGIC


def seal(data: bytes, key: str) -> bytes:
    """``data`` encrypted and authenticated under ``key`` (see the module's layout)."""
    salt = os.urandom(SALT_BYTES)
    nonce = os.urandom(_NONCE_BYTES)
    return MAGIC + salt + nonce + AESGCM(_file_key(key, salt)).encrypt(nonce, data, MAGIC)


def unseal(data: bytes, key: str | None, *, name: str = "file") -> bytes:
    """The plaintext of a sealed file (plain files are returned as they are)."""
    if not is_sealed(data):
        return data
    if not key:
        raise EncryptionError(f"{name} is encrypted; set LUCIDMEM_ENCRYPTION_KEY to the key of "
                              "its store to read it.")
    start = len(MAGIC)
    salt = data[start : start + SALT_BYTES]
    nonce = data[start + SALT_BYTES : start + SALT_BYTES + _NONCE_BYTES]
    body = data[start + SALT_BYTES + _NONCE_BYTES :]
    try:
        return AESGCM(_file_key(key, salt)).decrypt(nonce, body, MAGIC)
    except (InvalidTag, ValueError) as exc:
        raise EncryptionError(f"cannot decrypt {name}: the encryption key is wrong or the file "
                              "was altered. Check LUCIDMEM_ENCRYPTION_KEY.") from exc


def private_dir(path: Path) -> Path:
    """``path`` as a directory, creating it and missing parents ``0700`` (existing ones are
    left as they are)."""
    missing: list[Path] = []
    probe = path
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    try:
        for folder in reversed(missing):
            folder.mkdir(mode=DIR_MODE, exist_ok=True)
            os.chmod(folder, DIR_MODE)
    except OSError as exc:
        raise StoreError(f"cannot create the directory {path}: {exc}. Set LUCIDMEM_DATA_DIR "
                         "to a writable directory.") from exc
    return path


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file, then rename), mode ``0600``."""
    private_dir(path.parent)
    tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, FILE_MODE)
        tmp.replace(path)
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc}") from exc


def write_side_file(path: Path, data: bytes, key: str | None) -> None:
    """Write a side file: sealed under ``key`` when there is one, always ``0600``."""
    write_private(path, seal(data, key) if key else data)


def read_side_file(path: Path, key: str | None) -> bytes:
    """The plaintext of a side file written by :func:`write_side_file` (or a plain one)."""
    return unseal(path.read_bytes(), key, name=str(path))



_ID_CHARS = "A-Za-z0-9_.:@+-"


def erasure_pattern(ids: Sequence[str], texts: Sequence[str] = ()) -> str | None:
    """A case-insensitive regular expression (Python and PostgreSQL alike) matching any of
    ``ids`` as a whole id (``u1`` does not match inside ``u10``) or any of ``texts``, also in
    the form the full-text index stores it. ``None`` when there is nothing to look for."""
    words = {t.lower() for t in texts if t.strip()} | {
        index_text(t).lower() for t in texts if index_text(t).strip()}
    parts = [f"(^|[^{_ID_CHARS}]){re.escape(i.lower())}($|[^{_ID_CHARS}])"
             for i in sorted(set(ids)) if i]
    parts += [re.escape(w) for w in sorted(words)]
    return "|".join(parts) or None


def byte_matcher(pattern: str) -> re.Pattern[bytes]:
    """:func:`erasure_pattern` compiled for scanning bytes (UTF-8), case-insensitive."""
    return re.compile(pattern.encode("utf-8", "surrogatepass"), re.IGNORECASE)
