"""Fixtures of the behaviour suite: the real embedder (once per session), a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder
from lucidmem.settings import BehaviourSettings, Settings

Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


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
