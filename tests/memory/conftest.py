"""Fixtures of the conversation-memory suite: a real Memory on disk, the real bundled
embedder, a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder


@pytest.fixture(autouse=True)
def _turn_layer_only(_isolated_settings: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """This suite tests the raw turn layer (L0), so fact extraction is off here.

    Extracted facts are records of their own that also join search; tests/facts covers them.
    """
    monkeypatch.setenv("LUCIDMEM_FACTS__EXTRACTOR", "none")


Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem
