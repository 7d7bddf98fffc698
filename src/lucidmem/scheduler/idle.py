"""Idle detection (aico *Appendix A*): the machine is idle once CPU use has stayed under
``idle_cpu_percent`` (20 %) for ``idle_seconds`` (5 minutes) of consecutive samples.

CPU use comes from :func:`psutil.cpu_percent` (system-wide, since the previous sample);
tests pass their own ``sample`` and ``clock``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["IdleDetector"]


def _cpu() -> float:
    import psutil  # imported when the scheduler first samples, not with every Memory

    return float(psutil.cpu_percent(interval=None))


class IdleDetector:
    """Tracks how long CPU use has been under a threshold; :meth:`is_idle` samples once."""

    def __init__(self, cpu_percent: float = 20.0, idle_seconds: float = 300.0, *,
                 sample: Callable[[], float] = _cpu,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.cpu_percent = cpu_percent
        self.idle_seconds = idle_seconds
        self._sample = sample
        self._clock = clock
        self._since: float | None = None
        self._lock = threading.Lock()
        self.last_reading: float | None = None

    def observe(self) -> float:
        """Take one CPU sample and update the idle streak; returns the reading (percent)."""
        reading = self._sample()
        now = self._clock()
        with self._lock:
            self.last_reading = reading
            if reading < self.cpu_percent:
                if self._since is None:
                    self._since = now
            else:
                self._since = None
        return reading

    def idle_for(self) -> float:
        """Seconds the current low-CPU streak has lasted (0 when busy)."""
        with self._lock:
            return 0.0 if self._since is None else max(0.0, self._clock() - self._since)

    def is_idle(self) -> bool:
        """Sample, then say whether the streak reached ``idle_seconds``."""
        self.observe()
        return self.idle_for() >= self.idle_seconds
