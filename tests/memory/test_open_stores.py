"""Open stores are bounded: a caller naming many contexts does not hold their files open
forever (the least recently used is let go and reopened when named again, data intact)."""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path

import pytest

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder


def _open_db_files(directory: Path) -> int:
    """Descriptors of this process open on files under ``directory``."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        count += target.startswith(str(directory))
    return count


def _open_files_after_rounds(directory: Path, at_most: int, wait_s: float = 10.0) -> int:
    """Open files under ``directory`` once the background rounds under way let go of the
    stores they iterate: a store let go closes with its last reference, and a worker's
    round that started before ``flush`` returned (another context's extraction or vector
    pass) may still hold a list of the stores that were open then, for a moment."""
    deadline = time.monotonic() + wait_s
    while True:
        gc.collect()
        count = _open_db_files(directory)
        if count <= at_most or time.monotonic() >= deadline:
            return count
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc (Linux)")
def test_many_contexts_keep_only_a_bounded_number_of_files_open(
        tmp_path: Path, embedder: E5Embedder) -> None:
    data = tmp_path / "data"
    settings = Settings(max_open_stores=2, facts={"extractor": "none"})  # type: ignore[arg-type]
    with Memory(data, embedder=embedder, settings=settings) as memory:
        for i in range(12):
            memory.add(f"note {i} about the garden", user_id="u", context=f"c{i}")
            assert len(memory.kernel.open_contexts()) <= 2
        assert memory.flush(timeout=300)  # every context's vector, one after the other
        assert len(memory.kernel.open_contexts()) == 2
        bounded = _open_files_after_rounds(data, at_most=2 * 3)
        assert bounded <= 2 * 3  # database, WAL and shared-memory file of each open store
        for i in range(12):  # let go, not lost: reopened with everything in it
            [item] = memory.get_all(user_id="u", context=f"c{i}")
            assert item.text == f"note {i} about the garden"
            hits = memory.search("garden", user_id="u", context=f"c{i}", preset="vector")
            assert [h.item.id for h in hits] == [item.id]  # its vector was computed
    unbounded = Settings(max_open_stores=64, facts={"extractor": "none"})  # type: ignore[arg-type]
    with Memory(tmp_path / "other", embedder=embedder, settings=unbounded) as memory:
        for i in range(12):
            memory.add("x", user_id="u", context=f"c{i}")
        assert memory.flush(timeout=300)
        gc.collect()
        assert _open_db_files(tmp_path / "other") > bounded  # the bound is what made it small


def test_in_memory_stores_are_never_let_go(embedder: E5Embedder) -> None:
    settings = Settings(data_dir=":memory:", max_open_stores=1,
                        facts={"extractor": "none"})  # type: ignore[arg-type]
    with Memory(embedder=embedder, settings=settings) as memory:
        memory.add("first", user_id="u", context="a")
        memory.add("second", user_id="u", context="b")
        assert [i.text for i in memory.get_all(user_id="u", context="a")] == ["first"]


def test_a_context_not_named_for_a_while_is_let_go(tmp_path: Path,
                                                   embedder: E5Embedder) -> None:
    settings = Settings(store_idle_seconds=0.2, facts={"extractor": "none"})  # type: ignore[arg-type]
    with Memory(tmp_path, embedder=embedder, settings=settings) as memory:
        memory.add("an old note", user_id="u", context="old")
        assert memory.flush(timeout=120)  # a store with vectors still to compute stays
        time.sleep(0.5)
        memory.add("a new note", user_id="u", context="new")
        assert memory.kernel.open_contexts() == ["new"]
        assert [i.text for i in memory.get_all(user_id="u", context="old")] == ["an old note"]
