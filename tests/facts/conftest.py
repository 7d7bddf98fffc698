"""Fixtures of the fact suite: a real Memory on disk, the real embedder, a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder
from lucidmem.settings import Settings

Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2024, 6, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem


@contextmanager
def said_a_day_apart(*turns: str, start: datetime, user_id: str, lang: str | None = None,
                     days: int = 1, settings: Settings | None = None) -> Iterator[Memory]:
    """A fresh in-memory Memory (with ``settings`` when given) after the user said ``turns``,
    one every ``days`` days from ``start``; its clock stays at the last turn."""
    clock = ManualClock(start)
    memory = Memory(":memory:", clock=clock) if settings is None else \
        Memory(settings=settings, clock=clock)
    try:
        for number, text in enumerate(turns):
            clock.now = start + timedelta(days=number * days)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id=user_id, metadata={"language": lang} if lang else None)
        yield memory
    finally:
        memory.close()


def current_facts(*turns: str, start: datetime, lang: str, days: int) -> list[str]:
    """The texts (lower case) of the current facts after the user said ``turns``, one every
    ``days`` days from ``start``."""
    with said_a_day_apart(*turns, start=start, user_id="u", lang=lang, days=days) as memory:
        return [f.text.casefold() for f in memory.facts.list(user_id="u")]


def history_facts(*turns: str, start: datetime, lang: str,
                  days: int) -> list[tuple[str, str, str]]:
    """(status, subject, text) of every fact, current or ended, after the user said ``turns``,
    one every ``days`` days from ``start``."""
    with said_a_day_apart(*turns, start=start, user_id="u", lang=lang, days=days) as memory:
        return [(f.status.value, f.subject, f.text) for f in memory.facts.history(user_id="u")]
