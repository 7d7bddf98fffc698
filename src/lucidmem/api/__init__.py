"""The REST API (M26): FastAPI over :class:`lucidmem.Memory`. See ``docs/serving.md``."""

from __future__ import annotations

from .app import create_app
from .settings import KeyRing, Principal, ServerSettings

__all__ = ["KeyRing", "Principal", "ServerSettings", "create_app"]
