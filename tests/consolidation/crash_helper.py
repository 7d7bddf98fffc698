"""Run by the crash-resume tests and bench in a subprocess: open a store, consolidate.

    python crash_helper.py DATA_DIR USER EPOCH [BATCH] [random|e5]

Prints ``ready`` once the store is open and ``done <status>`` when the run finished; the
parent kills it with SIGKILL at a random moment in between, then runs it again.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime


def main() -> None:
    data_dir, user, epoch = sys.argv[1], sys.argv[2], float(sys.argv[3])
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    kind = sys.argv[5] if len(sys.argv) > 5 else "e5"
    from lucidmem import Memory
    from lucidmem.settings import ConsolidationSettings, Settings, SleepSettings

    settings = Settings(sleep=SleepSettings(job=ConsolidationSettings(batch_size=batch)))
    moment = datetime.fromtimestamp(epoch, UTC)
    embedder = None
    if kind == "random":
        sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] /
                               "bench"))
        from consolidation import HashPassages  # type: ignore[import-not-found]

        embedder = HashPassages()
    with Memory(data_dir, settings=settings, clock=lambda: moment, embedder=embedder) as memory:
        memory.kernel.store()
        print("ready", flush=True)
        report = memory.sleep.consolidate(user_id=user)
        print("done", report.status, flush=True)


if __name__ == "__main__":
    main()
