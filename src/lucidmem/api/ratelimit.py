"""Token buckets of the REST server, behind one small interface.

A bucket holds up to ``burst`` tokens and gains ``rate`` per second; a request takes one.
The server keeps three kinds (see :mod:`lucidmem.api.deps`): reads and writes per API key,
and failed authentications per client address. :class:`RateLimiter` is what the server
needs; :class:`TokenBuckets` keeps the buckets in this process (the embedded default), and
:class:`lucidmem.store.server_state.PostgresServerState` keeps them in PostgreSQL, so every
worker of ``lucidmem serve --workers N`` takes from the same buckets. Both use the pure
arithmetic of :func:`refill` and :func:`wait_for`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

__all__ = ["MAX_BUCKETS", "RateLimiter", "TokenBuckets", "refill", "wait_for"]

MAX_BUCKETS = 10_000
"""Buckets :class:`TokenBuckets` keeps before dropping the full ones (a full bucket is the
same as none), so many client addresses cannot grow the process without bound."""


def refill(tokens: float, last: float, now: float, rate: float, burst: int) -> float:
    """Tokens of a bucket that held ``tokens`` at ``last``, at ``now`` (never above ``burst``;
    a clock that went back adds nothing)."""
    return min(float(burst), tokens + max(0.0, now - last) * rate)


def wait_for(tokens: float, rate: float) -> float:
    """Seconds until a bucket holding ``tokens`` has one whole token (0.0: it has one now)."""
    return 0.0 if tokens >= 1.0 else (1.0 - tokens) / rate


class RateLimiter(Protocol):
    """Where the server's buckets live."""

    def take(self, bucket: str, rate: float, burst: int) -> float:
        """Take a token from ``bucket``: 0.0 if granted, else the seconds to wait for one."""
        ...

    def wait(self, bucket: str, rate: float, burst: int) -> float:
        """The seconds until ``bucket`` has a token (0.0: now), taking none."""
        ...

    def close(self) -> None:
        """Release what the limiter holds (connections)."""
        ...


class TokenBuckets:
    """Buckets in this process (thread-safe); ``rate``/``burst`` are the defaults of
    :meth:`take` when a call names none."""

    def __init__(self, rate: float = 1.0, burst: int = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._state: dict[str, tuple[float, float, float, int]] = {}  # tokens, at, rate, burst
        self._lock = threading.Lock()

    def _tokens(self, bucket: str, rate: float, burst: int, now: float) -> float:
        tokens, last, _, _ = self._state.get(bucket, (float(burst), now, rate, burst))
        return refill(tokens, last, now, rate, burst)

    def take(self, bucket: str, rate: float | None = None, burst: int | None = None) -> float:
        """Take a token for ``bucket``: 0.0 if granted, else the seconds to wait for one."""
        rate = self.rate if rate is None else rate
        burst = self.burst if burst is None else burst
        with self._lock:
            now = self._clock()
            tokens = self._tokens(bucket, rate, burst, now)
            wait = wait_for(tokens, rate)
            self._state[bucket] = (tokens - 1.0 if wait == 0.0 else tokens, now, rate, burst)
            if len(self._state) > MAX_BUCKETS:
                self._drop_full(now)
            return wait

    def wait(self, bucket: str, rate: float, burst: int) -> float:
        with self._lock:
            return wait_for(self._tokens(bucket, rate, burst, self._clock()), rate)

    def _drop_full(self, now: float) -> None:
        self._state = {k: v for k, v in self._state.items()
                       if refill(v[0], v[1], now, v[2], v[3]) < v[3]}

    def __len__(self) -> int:
        return len(self._state)

    def close(self) -> None:
        with self._lock:
            self._state.clear()
