"""Time: one injectable clock and conversions between datetimes and epoch seconds.

Times are stored as UTC epoch seconds and returned as timezone-aware
datetimes. Naive datetimes from callers are taken to be UTC.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from .errors import InvalidInputError

__all__ = ["Clock", "ManualClock", "from_epoch", "parse_time", "system_clock", "to_epoch"]

Clock = Callable[[], datetime]


class ManualClock:
    """A clock moved by hand, for tests and replays: ``Memory(clock=ManualClock(start))``."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move forward (or back, with negative values) by ``timedelta(**delta)``."""
        self.now += timedelta(**delta)


def system_clock() -> datetime:
    return datetime.now(UTC)


def to_epoch(moment: datetime) -> float:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def parse_time(value: datetime | str | float | int, field: str = "timestamp") -> float:
    """Epoch seconds from a datetime, an ISO-8601 string or epoch seconds."""
    if isinstance(value, datetime):
        return to_epoch(value)
    if isinstance(value, bool):
        raise InvalidInputError(f"{field} must be a datetime, ISO-8601 text or epoch seconds",
                                field=field)
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return to_epoch(datetime.fromisoformat(value.strip().replace("Z", "+00:00")))
        except ValueError:
            pass
    raise InvalidInputError(
        f"{field} {value!r} is not a time: pass a datetime, ISO-8601 text such as "
        "'2024-05-03T14:00:00+00:00', or epoch seconds.",
        field=field,
    )
