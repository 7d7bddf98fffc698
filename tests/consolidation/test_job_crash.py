"""Crash-resume: a REAL subprocess running the job is killed with SIGKILL at random moments,
then run again; the final state must equal a clean run's (nothing lost or duplicated).
bench/faults.py runs the same round with 100 kills."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Query

from .conftest import Clock, fill_history, snapshot
from .crash_runner import kill_consolidations

KILLS = 5


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_at_random_points_then_resume(tmp_path: Path, embedder: E5Embedder,
                                              clock: Clock) -> None:
    source = tmp_path / "source"
    with Memory(source, embedder=embedder, clock=clock) as memory:
        fill_history(memory, weeks=6)
    epoch = clock.now.timestamp()

    def state(data: Path) -> dict[str, tuple[object, ...]]:
        with Memory(data, embedder=embedder, clock=clock) as memory:
            return snapshot(memory)

    figures, last = kill_consolidations(source, tmp_path / "work", "maya", epoch, state,
                                        kills=KILLS, seed=20260301)
    assert figures["kills"] == KILLS, figures
    assert figures["lost"] == figures["duplicated"] == figures["differing"] == 0, figures
    with Memory(last, embedder=embedder, clock=clock) as memory:
        # A kill after a run completed makes the next call a new (no-op) run: every run
        # recorded shares the clean run's reference time.
        runs = memory.kernel.store().find(Query(user_id="maya", kinds=["sleep_run"]))
        assert runs and {r.data["reference"] for r in runs} == {epoch}
