"""SIGKILL a process while it adds, again and again, then count what was lost or stored
twice (shared by tests/faults/test_kills.py and ``bench/faults.py``).

Each run of ``acked_writer.py`` is killed at a random moment after its first
acknowledgement (so inside the stream of adds, not while it loads the model); the next
run resumes. A turn is *lost* when its add was acknowledged and it is not stored at the
end; *duplicated* when its text is stored more than once.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from lucidmem import Memory, Settings
from lucidmem.settings import FactSettings

WRITER = Path(__file__).with_name("acked_writer.py")
ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    src = ROOT / "src"
    return {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def kill_adds(data_dir: Path, *, kills: int, count: int = 100_000, name: str = "kia",
              window: float = 1.5, seed: int = 0, timeout: float = 180.0) -> dict[str, int]:
    """``kills`` runs of the writer, each SIGKILLed a random 0–``window`` s after its first
    acknowledgement; then the store is read. Returns ``kills`` (runs that died of the
    signal), ``acked`` (distinct turns acknowledged), ``lost`` and ``duplicated``."""
    rng = random.Random(seed)
    acked: set[int] = set()
    done = 0
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, str(WRITER), str(data_dir), name, str(count)],
                                 env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        started = time.monotonic()
        line = child.stdout.readline()
        while line and not line.startswith("ack") and time.monotonic() - started < timeout:
            line = child.stdout.readline()
        if line.startswith("ack"):
            acked.add(int(line.split()[1]))
            time.sleep(rng.uniform(0.0, window))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        acked |= {int(x.split()[1]) for x in out.splitlines() if x.startswith("ack")}
        done += int(child.returncode == -signal.SIGKILL)
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings) as memory:
        texts = Counter(item.text for item in memory.get_all(user_id=name, limit=10_000))
    lost = sum(f"{name} kept note {i}" not in texts for i in acked)
    duplicated = sum(n - 1 for n in texts.values() if n > 1)
    return {"kills": done, "acked": len(acked), "lost": lost, "duplicated": duplicated}
