"""The indexer never embeds a turn before the turn ahead of it, even when an ``add`` starts
while a round is reading the queue (the case a held-ids snapshot taken before the read got
wrong: the later turn's vector then mixed in nothing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lucidmem.embedding import E5Embedder
from lucidmem.embedding.turns import TurnVectors
from lucidmem.indexing import EmbedPassages, Indexer
from lucidmem.kernel import embed_stored_turns
from lucidmem.records import Kind, Record, new_record
from lucidmem.store.base import EmbeddingJob, Store
from lucidmem.store.sqlite import SQLiteStore


class QueueReadHook(SQLiteStore):
    """A real store that runs ``before_read`` once, just before the indexer reads the queue
    (what a thread switch at that moment would do)."""

    before_read: Callable[[], None] | None = None

    def embedding_jobs(self, limit: int, *, due_by: float,
                       user_id: str | None = None) -> list[EmbeddingJob]:
        hook, self.before_read = self.before_read, None
        if hook is not None:
            hook()
        return super().embedding_jobs(limit, due_by=due_by, user_id=user_id)


def _turn(record_id: str, at: float, text: str) -> Record:
    record = new_record(record_id, Kind.TURN, "u", at, {"role": "user"}, text=text,
                        searchable=True, occurred_at=at)
    record.conversation_id = "c"
    return record


def test_a_turn_whose_add_starts_during_a_round_waits_for_the_next_one(
        tmp_path: Path, embedder: E5Embedder) -> None:
    store = QueueReadHook(tmp_path / "s.db")

    def vectors_for(s: Store, records: Sequence[Record],
                    embed: EmbedPassages) -> list[TurnVectors]:
        return embed_stored_turns(embed, s, records, contextual=True)

    indexer = Indexer(embedder, stores=lambda: {"personal": store}, vectors_for=vectors_for,
                      on_embedded=lambda event: None, now=lambda: 1e9)
    first, second = _turn("t1", 100.0, "My sister moved to Lisbon."), \
        _turn("t2", 101.0, "She loves it there.")
    indexer.hold(["t1"])  # the first add is still running its listeners
    store.put([first])
    store.queue_embeddings("u", ["t1"])

    def meanwhile() -> None:  # the first add finishes; the second starts
        indexer.release(["t1"])
        indexer.hold(["t2"])
        store.put([second])
        store.queue_embeddings("u", ["t2"])

    store.before_read = meanwhile
    indexer.run_once()
    got = {r.id: r.embedding for r in store.get("u", ["t1", "t2"])}
    assert got["t1"] is not None and got["t2"] is None  # t2 is still its add's
    indexer.release(["t2"])
    indexer.run_once()
    (t2,) = store.get("u", ["t2"])
    [expected] = embed_stored_turns(embedder.embed_passages, store, [t2], contextual=True)
    assert t2.embedding is not None
    assert float(t2.embedding @ expected.vector) > 0.9999  # mixed in t1's stored vector
    store.close()
