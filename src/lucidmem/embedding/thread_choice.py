"""How many threads embed one short text fastest here: learned from the calls themselves.

A search query is a single short text. Whether the embedding engine runs it faster on one
thread or on all of them depends on the machine and on its load: on one 2-core machine one
thread was faster (p50 24.7 against 30.6 ms, docs/benchmarks.md "At LoCoMo scale, stop 29"),
on another, quiet, two threads were (26.5 against 36-40 ms, stop 41). The vector is the same
bit for bit either way, so the choice is only about time, and it is made by measuring:

* the first :data:`WARMUP` calls alternate between the two thread counts;
* afterwards every call takes the count with the lower smoothed time, except every
  :data:`EXPLORE_EVERY`-th call, which takes the other one, so a change of load is noticed;
* times are smoothed exponentially (:data:`SMOOTHING`): one slow call does not flip the
  choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["EXPLORE_EVERY", "SMOOTHING", "WARMUP", "ThreadChoice", "smoothed"]

WARMUP = 6
"""Calls that alternate between the two thread counts before any is preferred (three each)."""

EXPLORE_EVERY = 16
"""After the warm-up, one call in this many runs on the count not preferred."""

SMOOTHING = 0.2
"""Weight of the newest time in a thread count's smoothed time."""


def smoothed(before: float | None, seconds: float, weight: float = SMOOTHING) -> float:
    """The smoothed time after one more call: the first time as it is, then
    ``(1 - weight) * before + weight * seconds``.

    >>> smoothed(None, 0.030)
    0.03
    >>> round(smoothed(0.030, 0.040), 6)
    0.032
    """
    return seconds if before is None else (1.0 - weight) * before + weight * seconds


@dataclass
class ThreadChoice:
    """Chooses between two thread counts for a single short text (see the module docstring).
    Not thread-safe on its own: the embedder calls it under its lock."""

    counts: tuple[int, int]
    warmup: int = WARMUP
    explore_every: int = EXPLORE_EVERY
    weight: float = SMOOTHING
    times: dict[int, float] = field(default_factory=dict)
    calls: int = 0

    def pick(self) -> int:
        """The thread count for the next call."""
        first, second = self.counts
        if self.calls < self.warmup or len(self.times) < 2:
            return self.counts[self.calls % 2]
        best = first if self.times[first] <= self.times[second] else second
        other = second if best == first else first
        return other if self.calls % self.explore_every == 0 else best

    def record(self, count: int, seconds: float) -> None:
        """The time one call took on ``count`` threads."""
        self.times[count] = smoothed(self.times.get(count), seconds, self.weight)
        self.calls += 1
