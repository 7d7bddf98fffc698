"""The vector index is kept by writes: no search has to rebuild it after a write."""

from __future__ import annotations

from pathlib import Path

from lucidmem import Memory
from lucidmem.embedding import E5Embedder


def test_a_new_users_index_is_built_by_the_write(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        assert not memory.kernel.index.loaded("personal", "maya")
        memory.add("I moved to Lisbon in May.", user_id="maya", conversation_id="c")
        assert memory.kernel.index.loaded("personal", "maya")
        assert memory.flush(timeout=120)  # the vector follows from the background queue
        hits = memory.search("where do I live?", user_id="maya", preset="vector", kinds=["turn"])
        assert [h.item.text for h in hits] == ["I moved to Lisbon in May."]


def test_the_first_write_after_reopening_loads_the_stored_vectors(
        tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add("I moved to Lisbon in May.", user_id="maya", conversation_id="c")
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add("My dog is called Rex.", user_id="maya", conversation_id="c")
        # add writes no vector now (turns and facts come from the background queues): the
        # first write with vectors — the queue's — loads the stored ones
        assert memory.flush(timeout=120)
        assert memory.kernel.index.loaded("personal", "maya")
        hits = memory.search("where do I live?", user_id="maya", preset="vector",
                             kinds=["turn"], limit=2)
        assert {h.item.text for h in hits} == {"I moved to Lisbon in May.",
                                                "My dog is called Rex."}


def test_another_process_writing_is_still_seen(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as one, Memory(tmp_path, embedder=embedder) as two:
        one.add("I moved to Lisbon in May.", user_id="maya", conversation_id="c")
        two.add("My dog is called Rex.", user_id="maya", conversation_id="c")
        one.add("I play the cello.", user_id="maya", conversation_id="c")
        assert one.flush(timeout=120)  # vectors are computed in the background
        hits = one.search("dog", user_id="maya", preset="vector", kinds=["turn"])
        texts = {h.item.text for h in hits}
        assert "My dog is called Rex." in texts and len(texts) == 3
