"""Which contexts a user key may use: those its admin allowed, else those that exist.

A context is created by its first write; letting any key name any context would let one
user open an unbounded number of stores (each a database file or schema, and its open
descriptors). So a user key uses only the contexts that exist (the default context
included, so a fresh server works) or, when its admin listed some at creation, only those;
the admin key may name any context, and naming a new one creates it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..errors import ForbiddenError
from .settings import Principal

__all__ = ["KnownContexts"]


class KnownContexts:
    """The contexts that exist, looked up again at most every ``refresh_seconds`` when a
    name is not among those already seen."""

    def __init__(self, list_contexts: Callable[[], list[str]], default: str, *,
                 refresh_seconds: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._list = list_contexts
        self._default = default
        self._refresh_seconds = refresh_seconds
        self._clock = clock
        self._seen: set[str] = {default}
        self._checked: float | None = None
        self._lock = threading.Lock()

    def exists(self, name: str) -> bool:
        """Whether context ``name`` exists (or is the default context)."""
        if name in self._seen:
            return True
        with self._lock:
            now = self._clock()
            if self._checked is None or now - self._checked >= self._refresh_seconds:
                self._seen |= set(self._list())
                self._checked = now
            return name in self._seen

    def check(self, principal: Principal, name: str) -> None:
        """Refuse (403) a user key naming a context it may not use."""
        if principal.is_admin:
            return
        if principal.contexts is not None:
            if name not in principal.contexts:
                allowed = ", ".join(sorted(principal.contexts)) or "none"
                raise ForbiddenError(f"this API key may not use context {name!r} (it may use: "
                                     f"{allowed}); pass ?context= with one of them")
            return
        if not self.exists(name):
            raise ForbiddenError(f"context {name!r} does not exist; an admin creates a context "
                                 "(its first write with the admin key), then user keys may use it")
