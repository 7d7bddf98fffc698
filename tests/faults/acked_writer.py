"""A child of the kill tests: adds turns and acknowledges each one once ``add`` returned.

``python acked_writer.py DATA_DIR NAME COUNT`` adds ``"<NAME> kept note <i>"`` for i in
0..COUNT-1, skipping those already stored (so a run killed at any point resumes without
adding a turn twice), and prints ``ack <i>`` after each add returns (flushed).
"""

from __future__ import annotations

import sys

from lucidmem import Memory, Settings
from lucidmem.settings import FactSettings


def main() -> int:
    data_dir, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings) as memory:
        stored = {item.text for item in memory.get_all(user_id=name, limit=10_000)}
        print("ready", flush=True)
        for i in range(count):
            text = f"{name} kept note {i}"
            if text not in stored:
                memory.add(text, user_id=name)
            print(f"ack {i}", flush=True)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
