"""Crash-resume: a REAL subprocess running the job is killed with SIGKILL at random moments,
then run again; the final state must equal a clean run's (nothing lost or duplicated)."""

from __future__ import annotations

import random
import shutil
import signal
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Query

from .conftest import Clock, fill_history, snapshot
from .crash_runner import run_helper

KILLS = 4


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_at_random_points_then_resume(tmp_path: Path, embedder: E5Embedder,
                                              clock: Clock) -> None:
    source = tmp_path / "source"
    with Memory(source, embedder=embedder, clock=clock) as memory:
        fill_history(memory, weeks=6)
    epoch = clock.now.timestamp()
    clean, crashed = tmp_path / "clean", tmp_path / "crashed"
    shutil.copytree(source, clean)
    shutil.copytree(source, crashed)
    _, full = run_helper(clean, "maya", epoch, None)
    rng = random.Random(20260301)
    kills = 0
    window = full
    for _ in range(KILLS):
        finished, _ = run_helper(crashed, "maya", epoch, rng.uniform(0.0, window))
        if finished and kills == 0:
            # ran faster than the clean run did (a noisy machine): start again, kill sooner
            shutil.rmtree(crashed)
            shutil.copytree(source, crashed)
            window /= 2
            continue
        if finished:
            break
        kills += 1
    run_helper(crashed, "maya", epoch, None)
    with Memory(clean, embedder=embedder, clock=clock) as a, \
            Memory(crashed, embedder=embedder, clock=clock) as b:
        want, got = snapshot(a), snapshot(b)
        assert set(got) == set(want), "records lost or duplicated"
        assert got == want
        # A kill after a run completed makes the next call a new (no-op) run: every run
        # recorded shares the clean run's reference time.
        runs = b.kernel.store().find(Query(user_id="maya", kinds=["sleep_run"]))
        assert runs and {r.data["reference"] for r in runs} == {epoch}
    assert kills >= 1
