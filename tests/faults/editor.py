"""A child process of the edit-race tests: opens a memory and edits items on command.

``python editor.py DATA_DIR STORE_URL USER TAG`` (STORE_URL ``-`` for SQLite) prints
``ready`` once the memory is open, then for each item id read from stdin edits it with
``expected_version=1`` and prints ``won <id>``, ``lost <id> <current version>`` (a
``ConflictError``) or ``error <id> <what>``. The parent sends the same id to two such
processes at once, so they race on one item each time.
"""

from __future__ import annotations

import sys

from lucidmem import ConflictError, LucidmemError, Memory, Settings
from lucidmem.settings import FactSettings


def main() -> int:
    data_dir, store_url, user, tag = sys.argv[1:5]
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"),
                        **({} if store_url == "-" else {"store_url": store_url}))
    with Memory(settings=settings) as memory:
        print("ready", flush=True)
        for line in sys.stdin:
            item_id = line.strip()
            if not item_id:
                continue
            try:
                memory.update(item_id, user_id=user, text=f"edited by {tag}",
                              expected_version=1)
            except ConflictError as exc:
                print(f"lost {item_id} {exc.current_version}", flush=True)
            except LucidmemError as exc:
                print(f"error {item_id} {type(exc).__name__}: {exc}", flush=True)
            else:
                print(f"won {item_id}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
