"""Run the crash helper in a subprocess and SIGKILL it a given time after it is ready; and
the kill-and-resume round built on it (shared by tests/consolidation/test_job_crash.py,
bench/consolidation.py's idea and ``bench/faults.py``)."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

HELPER = Path(__file__).with_name("crash_helper.py")

State = Callable[[Path], Mapping[str, object]]
"""Every record of the user in a data directory (id -> comparable tuple), bookkeeping left out."""


def run_helper(data: Path, user: str, epoch: float, kill_after: float | None, *,
               batch: int = 3, embedder: str = "e5") -> tuple[bool, float]:
    """(finished by itself, seconds from ``ready`` to exit or kill).

    stdout is read through its buffered file only: after ``readline`` the buffer may
    already hold ``done`` (a fast run), which ``communicate`` (reading the raw pipe) would
    miss. stderr goes to a temporary file, so a chatty child cannot block on a full pipe."""
    with tempfile.TemporaryFile("w+") as errors:
        proc = subprocess.Popen(
            [sys.executable, str(HELPER), str(data), user, str(epoch), str(batch), embedder],
            stdout=subprocess.PIPE, stderr=errors, text=True)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("ready"):
            proc.wait(timeout=60)
            errors.seek(0)
            raise AssertionError(f"helper failed to start: {line}{errors.read()[-2000:]}")
        started = time.perf_counter()
        if kill_after is not None:
            try:
                proc.wait(timeout=kill_after)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=60)
                proc.stdout.close()
                return False, time.perf_counter() - started
        out = proc.stdout.read()
        proc.stdout.close()
        proc.wait(timeout=600)
        elapsed = time.perf_counter() - started
        errors.seek(0)
        err = errors.read()
    assert proc.returncode == 0, err[-2000:]
    assert out.startswith("done completed"), out + err[-2000:]
    return True, elapsed


def kill_consolidations(source: Path, work: Path, user: str, epoch: float, state: State, *,
                        kills: int, seed: int = 0, batch: int = 3,
                        embedder: str = "e5") -> tuple[dict[str, int], Path]:
    """SIGKILL ``lucidmem``'s consolidation of ``user`` ``kills`` times at random moments and
    resume it each time, comparing every resumed store with an uninterrupted run.

    A copy of ``source`` is consolidated once without a kill (the reference). Then, cycle
    after cycle, a fresh copy is consolidated by helpers each killed a random 0–*t* s after
    ``ready`` (*t*: the reference run's time, halved after a cycle that saw no kill) until
    one finishes by itself; one more run follows (a no-op run after a finished one), and the
    copy's records are compared with the reference: ``lost`` (missing), ``duplicated``
    (extra) and ``differing`` (same id, other content). Returns those, ``kills``, ``cycles``,
    ``runs`` and the last cycle's directory (kept; the others are removed)."""
    rng = random.Random(seed)
    work.mkdir(parents=True, exist_ok=True)
    clean = work / "clean"
    shutil.copytree(source, clean)
    _, full = run_helper(clean, user, epoch, None, batch=batch, embedder=embedder)
    want = state(clean)
    figures = {"kills": 0, "cycles": 0, "runs": 1, "lost": 0, "duplicated": 0, "differing": 0}
    window = full
    crashed = clean
    while figures["kills"] < kills and figures["runs"] < 4 * kills + 20:
        figures["cycles"] += 1
        if crashed != clean:
            shutil.rmtree(crashed)
        crashed = work / f"crashed{figures['cycles']}"
        shutil.copytree(source, crashed)
        before = figures["kills"]
        while figures["kills"] < kills and figures["runs"] < 4 * kills + 20:
            figures["runs"] += 1
            finished, _ = run_helper(crashed, user, epoch, rng.uniform(0.0, window),
                                     batch=batch, embedder=embedder)
            if finished:
                break
            figures["kills"] += 1
        if figures["kills"] == before:  # ran faster than the reference (a noisy machine)
            window /= 2
        figures["runs"] += 1
        run_helper(crashed, user, epoch, None, batch=batch, embedder=embedder)
        got = state(crashed)
        figures["lost"] += len(set(want) - set(got))
        figures["duplicated"] += len(set(got) - set(want))
        figures["differing"] += sum(want[k] != got[k] for k in set(want) & set(got))
    return figures, crashed
