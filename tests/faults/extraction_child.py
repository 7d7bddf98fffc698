"""A child of the extraction-queue kill round: adds turns once, then drains the queues.

``python extraction_child.py DATA_DIR NAME TURNS`` adds ``TURNS`` turns (one per ``add``,
each telling one fact; every seventh confides a secret) when NAME has none yet, in the same
words and times every time, prints ``draining`` and waits until every turn's facts are
extracted (and vectors stored), then prints ``done``. ``add`` returns before extraction, so
a run killed while draining leaves turns marked; the next run (any open) resumes them.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from lucidmem import Memory, Settings

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
CITIES = ["Porto", "Lyon", "Graz", "Turku", "Cork", "Split", "Ghent"]


def text(name: str, i: int) -> str:
    """The words of turn ``i``: one fact about a cousin or a dog, or (every seventh) a secret."""
    if i % 7 == 6:
        return f"Between us, my PIN is {1000 + i} for account {i}."
    if i % 2:
        return f"I have a dog named {name.capitalize()}rex{i}."
    return f"My cousin {name.capitalize()}cousin{i} lives in {CITIES[i % len(CITIES)]}."


def main() -> int:
    data_dir, name, turns = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with Memory(settings=Settings(data_dir=data_dir)) as memory:
        if not memory.get_all(user_id=name, limit=1, kinds=["turn"]):
            for i in range(turns):
                memory.add(text(name, i), user_id=name, conversation_id="c0",
                           timestamp=START + timedelta(minutes=i))
        print("draining", flush=True)
        memory.flush(timeout=600)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
