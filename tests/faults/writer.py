"""A child process of the multi-process tests: opens a data directory and adds turns.

``python writer.py DATA_DIR NAME COUNT`` adds COUNT turns for user NAME, one call each,
and prints ``ok <count>`` (or the error) when done.
"""

from __future__ import annotations

import sys

from lucidmem import LucidmemError, Memory, Settings
from lucidmem.settings import FactSettings


def main() -> int:
    data_dir, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    done = 0
    try:
        with Memory(settings=settings) as memory:
            for i in range(count):
                memory.add(f"{name} note number {i}", user_id=name)
                done += 1
    except LucidmemError as exc:
        print(f"error after {done}: {type(exc).__name__}: {exc}", flush=True)
        return 1
    print(f"ok {done}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
