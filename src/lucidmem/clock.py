"""Time: one injectable clock and conversions between datetimes and epoch seconds.

Times are stored as UTC epoch seconds and returned as timezone-aware
datetimes. Naive datetimes from callers are taken to be UTC.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from .errors import InvalidInputError

__all__ = ["EARLIEST", "LATEST", "Clock", "ManualClock", "from_epoch", "parse_time", "system_clock",
           "to_epoch"]

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


EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(2200, 1, 1, tzinfo=UTC)
"""Times lucidmem accepts lie in [EARLIEST, LATEST): a turn dated 9999-12-31 or 1e18 would
otherwise be stored and then break every read of the user (datetimes end in year 9999)."""


def parse_time(value: datetime | str | float | int, field: str = "timestamp") -> float:
    """Epoch seconds from a datetime, an ISO-8601 string or epoch seconds, checked to be a
    finite time between :data:`EARLIEST` and :data:`LATEST`."""
    seconds = _parse(value, field)
    if not math.isfinite(seconds) or not to_epoch(EARLIEST) <= seconds < to_epoch(LATEST):
        raise InvalidInputError(
            f"{field} {value!r} is outside the times lucidmem keeps ({EARLIEST:%Y-%m-%d} to "
            f"{LATEST:%Y-%m-%d}); check its unit (epoch seconds, not milliseconds) and year",
            field=field)
    return seconds


def _parse(value: datetime | str | float | int, field: str) -> float:
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
        except (ValueError, OverflowError):
            pass
    raise InvalidInputError(
        f"{field} {value!r} is not a time: pass a datetime, ISO-8601 text such as "
        "'2024-05-03T14:00:00+00:00', or epoch seconds.",
        field=field,
    )
