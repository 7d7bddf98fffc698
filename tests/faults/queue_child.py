"""A child of the embedding-queue kill round: adds turns once, then drains the queue.

``python queue_child.py DATA_DIR NAME TURNS`` adds ``TURNS`` turns (conversations of four,
every tenth turn long enough to be chunked) when NAME has none yet, in the same words and
times every time, prints ``draining`` (flushed) and waits for the background embedding
queue to empty, then prints ``done``. A run killed while draining leaves jobs queued; the
next run (or any open of the store) resumes them.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from lucidmem import Memory, Settings
from lucidmem.settings import FactSettings

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
LONG = " ".join(f"Sentence {i} is about the allotment, the rain and the tomatoes."
                for i in range(40))


def text(name: str, i: int) -> str:
    """The words of turn ``i``: short and distinct, or (every tenth) long and chunked."""
    if i % 10 == 9:
        return f"{name} long turn {i}. {LONG}"
    return f"{name} queued note {i} about the parcel to Lisbon number {i * 7 % 31}"


def main() -> int:
    data_dir, name, turns = sys.argv[1], sys.argv[2], int(sys.argv[3])
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings) as memory:
        if not memory.get_all(user_id=name, limit=1):
            for start in range(0, turns, 4):
                memory.add([{"role": "user" if i % 2 == 0 else "assistant",
                             "content": text(name, i)}
                            for i in range(start, min(turns, start + 4))],
                           user_id=name, conversation_id=f"c{start // 8}",
                           timestamp=START + timedelta(minutes=start))
        print("draining", flush=True)
        memory.flush(timeout=600)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
