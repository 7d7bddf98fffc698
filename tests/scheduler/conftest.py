"""Fixtures of the scheduler suite: a real Memory, the real embedder, a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Iterator[Memory]:
    clock = ManualClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem
