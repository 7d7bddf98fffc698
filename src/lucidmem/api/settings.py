"""Settings of the REST server: API keys and limits (``LUCIDMEM_API_*``).

Keys come from ``LUCIDMEM_API_ADMIN_KEY``, ``LUCIDMEM_API_USER_KEYS`` (JSON
object user → key) and/or a keys file (``LUCIDMEM_API_KEYS_FILE``, JSON or
TOML)::

    admin_key = "sha256:9f86d08188…"      # or the key itself
    [users]
    maya = "k-maya-…"
    sam = "sha256:…"

A value ``sha256:<hex>`` is the SHA-256 of the key, so the file need not hold
the keys themselves. Keys are compared by their SHA-256 digest.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from ..errors import ConfigurationError
from ..scope import validate_id

__all__ = ["ADMIN", "KeyRing", "Principal", "ServerSettings", "digest"]

ADMIN = "*admin*"


class ServerSettings(BaseSettings):
    """Keys and limits of ``lucidmem serve``."""

    model_config = SettingsConfigDict(env_prefix="LUCIDMEM_API_", extra="ignore", frozen=True)

    admin_key: SecretStr | None = None
    user_keys: dict[str, SecretStr] = Field(default_factory=dict)
    keys_file: Path | None = None
    max_body_bytes: int = Field(1_048_576, ge=1024, description="Larger bodies get 413.")
    write_rate: float = Field(10.0, gt=0, description="Sustained writes per second per key.")
    write_burst: int = Field(60, ge=1, description="Writes a key may make at once.")
    read_rate: float = Field(50.0, gt=0, description="Sustained reads per second per key.")
    read_burst: int = Field(200, ge=1, description="Reads a key may make at once.")
    auth_failure_rate: float = Field(
        0.5, gt=0, description="Failed authentications per second a client address may make "
        "in the long run; beyond them it gets 429 (even with a right key) until it waits.")
    auth_failure_burst: int = Field(
        20, ge=1, description="Failed authentications a client address may make at once.")
    context_refresh_seconds: float = Field(
        1.0, ge=0, description="How often the server looks again for contexts an admin "
        "created (a user key may only use contexts that exist).")
    log_level: str = "INFO"


def digest(key: str) -> str:
    """The SHA-256 hex digest keys are stored and compared as."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _stored(value: str) -> str:
    return value[len("sha256:"):].lower() if value.startswith("sha256:") else digest(value)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request is from: one user, or the admin (``user_id == ADMIN``).

    ``contexts`` are the contexts a user key may use; ``None``: the contexts that exist
    (the default one included), never a new one — creating a context is an admin act.
    """

    user_id: str
    key_digest: str
    contexts: frozenset[str] | None = None

    @property
    def is_admin(self) -> bool:
        return self.user_id == ADMIN


class KeyRing:
    """API key digest → principal."""

    def __init__(self, admin_key: str | None = None, user_keys: dict[str, str] | None = None):
        self._by_digest: dict[str, Principal] = {}
        if admin_key:
            self._add(ADMIN, admin_key)
        for user, key in (user_keys or {}).items():
            validate_id(user)
            self._add(user, key)

    def _add(self, user_id: str, key: str) -> None:
        if not key or len(key) < 8:
            raise ConfigurationError(f"the API key of {user_id!r} is shorter than 8 characters")
        stored = _stored(key)
        if stored in self._by_digest:
            raise ConfigurationError(f"{user_id!r} shares its API key with another principal")
        self._by_digest[stored] = Principal(user_id, stored)

    def __len__(self) -> int:
        return len(self._by_digest)

    def lookup(self, presented: str | None) -> Principal | None:
        """The principal of a presented key, ``None`` for a missing or unknown one."""
        if not presented:
            return None
        return self._by_digest.get(digest(presented))

    @classmethod
    def from_settings(cls, settings: ServerSettings) -> KeyRing:
        """Keys from the settings and, when set, the keys file."""
        admin = settings.admin_key.get_secret_value() if settings.admin_key else None
        users = {u: k.get_secret_value() for u, k in settings.user_keys.items()}
        if settings.keys_file is not None:
            path = Path(settings.keys_file)
            try:
                text = path.read_text("utf-8")
                data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
            except (OSError, ValueError) as exc:
                raise ConfigurationError(f"cannot read the keys file {path}: {exc}") from None
            admin = data.get("admin_key", admin)
            file_users = data.get("users", {})
            if not isinstance(file_users, dict):
                raise ConfigurationError(f"{path}: 'users' must map user ids to keys")
            users.update({str(u): str(k) for u, k in file_users.items()})
        return cls(admin, users)
