"""Fixtures of the behaviour suite: the real embedder (once per session), a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.settings import BehaviourSettings, Settings


class Clock:
    """A clock tests move by hand: ``clock.advance(days=91)``."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def open_memory(path: Path, embedder: E5Embedder, clock: Clock, **behaviour: object) -> Memory:
    settings = Settings(behaviour=BehaviourSettings(seed=11, **behaviour))  # type: ignore[arg-type]
    return Memory(path, settings=settings, embedder=embedder, clock=clock)


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with open_memory(tmp_path / "data", embedder, clock) as mem:
        yield mem
