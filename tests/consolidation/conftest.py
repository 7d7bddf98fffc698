"""Fixtures of the sleep-cycle tests: a real Memory, the real embedder, a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.consolidation.records import CHECKPOINT, RUN
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Query

SUNDAY = datetime(2026, 1, 4, 10, 0, tzinfo=UTC)
"""A Sunday, 10:00 UTC: the synthetic history starts here."""


Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem


def fill_history(memory: Memory, user: str = "maya", weeks: int = 8) -> None:
    """Weekly grocery planning on Sundays, a Tuesday chat with facts, bulky metadata."""
    for w in range(weeks):
        memory.add(
            [{"role": "user", "content": "Let's plan the groceries for this week",
              "metadata": {"caption": "photo of a fridge " * 40, "source": "app"}},
             {"role": "assistant", "content": "Sure, what do you need this week?"}],
            user_id=user, conversation_id=f"sun{w}", timestamp=SUNDAY + timedelta(weeks=w))
        memory.add("I love jazz and I'm allergic to peanuts!", user_id=user,
                   conversation_id=f"tue{w}",
                   timestamp=SUNDAY + timedelta(weeks=w, days=2, hours=3))
    memory.flush(timeout=300)  # vectors and scores are computed in the background


def snapshot(memory: Memory, user: str = "maya") -> dict[str, tuple[Any, ...]]:
    """Every record of ``user`` except the job's own bookkeeping, comparable across runs."""
    out = {}
    for r in memory.kernel.store().find(Query(user_id=user)):
        if r.kind in (CHECKPOINT, RUN):
            continue
        out[r.id] = (r.kind, r.status, r.text, r.layer, r.version, repr(sorted(
            r.data.items())), r.embedding is None)
    return out
