"""A per-key token bucket for write requests (pure arithmetic over a clock)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["TokenBuckets"]


class TokenBuckets:
    """``rate`` tokens per second up to ``burst`` per key; one write takes one token."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._state: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if granted, else the seconds to wait for one."""
        with self._lock:
            now = self._clock()
            tokens, last = self._state.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._state[key] = (tokens - 1.0, now)
                return 0.0
            self._state[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
