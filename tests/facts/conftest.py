"""Fixtures of the fact suite: a real Memory on disk, the real embedder, a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder

Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2024, 6, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem
