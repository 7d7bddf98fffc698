"""Fixtures of the agent-learning suite: real stores, the real embedder, a settable clock."""

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
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def memory(data_dir: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(data_dir, embedder=embedder, clock=clock) as mem:
        yield mem


@pytest.fixture
def agent(memory: Memory) -> str:
    """A registered support agent owned by ``owner``."""
    memory.agents.register("mentor", owner_id="owner", name="Mentor",
                           description="A warm study mentor.", role="support")
    return "mentor"
