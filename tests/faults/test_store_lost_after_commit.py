"""The store going away right after an add committed: the add must not raise.

``StoreUnavailableError`` tells the caller nothing was written and the call is safe to send
again; raised after the turns were committed, a caller doing just that stores them twice (seen
with PostgreSQL restarting mid-load). The store here is the real SQLite store; only the one
read made after the commit fails, as it would with the server gone at that moment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.errors import StoreUnavailableError


def test_add_does_not_raise_once_its_turns_are_committed(
        tmp_path: Path, embedder: E5Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add([{"role": "user", "content": "first note about the garden"}],
                   user_id="maya")
        store = memory.kernel.store()
        committed = {"put": False, "failed": 0}
        put, revision = store.put, store.revision

        def put_then_mark(*args: Any, **kwargs: Any) -> Any:
            done = put(*args, **kwargs)
            committed["put"] = True
            return done

        def revision_lost_once(user_id: str) -> int:
            if committed["put"] and not committed["failed"]:
                committed["failed"] += 1
                raise StoreUnavailableError("the server went away (injected after commit)")
            return revision(user_id)

        monkeypatch.setattr(store, "put", put_then_mark)
        monkeypatch.setattr(store, "revision", revision_lost_once)
        memory.add([{"role": "user", "content": "second note about the tomatoes"}],
                   user_id="maya")  # must not raise: the turn is stored
        monkeypatch.undo()
        assert committed["failed"] == 1
        texts = [i.text for i in memory.get_all(user_id="maya")]
        assert texts.count("second note about the tomatoes") == 1
        hits = memory.search("tomatoes", user_id="maya", limit=3)
        assert hits and "tomatoes" in hits[0].item.text
