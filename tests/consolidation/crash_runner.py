"""Run the crash helper in a subprocess and SIGKILL it a given time after it is ready."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

HELPER = Path(__file__).with_name("crash_helper.py")


def run_helper(data: Path, user: str, epoch: float, kill_after: float | None, *,
               batch: int = 3, embedder: str = "e5") -> tuple[bool, float]:
    """(finished by itself, seconds from ``ready`` to exit or kill)."""
    proc = subprocess.Popen(
        [sys.executable, str(HELPER), str(data), user, str(epoch), str(batch), embedder],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("ready"):
        _, err = proc.communicate(timeout=60)
        raise AssertionError(f"helper failed to start: {line}{err[-2000:]}")
    started = time.perf_counter()
    if kill_after is not None:
        try:
            proc.wait(timeout=kill_after)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
            return False, time.perf_counter() - started
    out, err = proc.communicate(timeout=600)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 0, err[-2000:]
    assert out.startswith("done completed"), out + err[-2000:]
    return True, elapsed
