"""``add`` does not wait for the embedder: the durable embedding queue and ``flush``.

The turn is stored and keyword-searchable when ``add`` returns; its vector comes from a
queue kept in the same store, drained by a worker thread. These tests hold the real
embedder back (a gate) or make it fail, to see each state; a crash is a real child process
killed with SIGKILL.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from lucidmem import EmbeddingError, InvalidInputError, Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.embedding.base import Matrix
from lucidmem.store.base import Query

USER = "maya"


class Gated:
    """The real embedder, whose passages wait until ``gate`` is set; counts what it embeds,
    and fails while ``broken``."""

    def __init__(self, inner: E5Embedder, *, open_: bool = False) -> None:
        self.inner = inner
        self.gate = threading.Event()
        if open_:
            self.gate.set()
        self.broken = False
        self.embedded: list[str] = []
        self.name = inner.name
        self.dimension = inner.dimension

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        self.gate.wait()
        if self.broken:
            raise EmbeddingError("embedding endpoint down (test)")
        self.embedded.extend(texts)
        return self.inner.embed_passages(texts)


def vectors(memory: Memory) -> int:
    store = memory.kernel.store()
    return sum(r.embedding is not None for r in store.find(Query(user_id=USER, kinds=["turn"])))


def test_add_returns_before_the_vector_and_keywords_find_the_turn(
        tmp_path: Path, embedder: E5Embedder) -> None:
    gated = Gated(embedder)
    with Memory(tmp_path, embedder=gated) as memory:
        [item] = memory.add("I adopted a greyhound called Biscuit", user_id=USER)
        assert memory.stats().pending_embeddings == 1
        assert vectors(memory) == 0
        hits = memory.search("greyhound Biscuit", user_id=USER)
        assert [h.item.id for h in hits] == [item.id]
        assert set(hits[0].explain) == {"bm25"}  # half-indexed: no error, keywords only
        assert memory.flush(timeout=0.05) is False
        gated.gate.set()
        assert memory.flush(timeout=120) is True
        assert memory.stats().pending_embeddings == 0
        hits = memory.search("which dog did she get?", user_id=USER)
        assert hits[0].item.id == item.id
        assert "vector" in hits[0].explain


def test_every_turn_is_embedded_once_in_order_with_its_context(
        tmp_path: Path, embedder: E5Embedder) -> None:
    gated = Gated(embedder, open_=True)
    with Memory(tmp_path, embedder=gated) as memory:
        memory.add([{"role": "user", "content": "Do you like sushi?"},
                    {"role": "assistant", "content": "Yes, twice last year!"}],
                   user_id=USER, conversation_id="c1")
        memory.flush(timeout=120)
        assert gated.embedded == ["Do you like sushi?",
                                  "Do you like sushi?\nYes, twice last year!"]
        assert vectors(memory) == 2


def test_background_vectors_equal_those_embedded_inside_add(
        tmp_path: Path, embedder: E5Embedder) -> None:
    """The queue embeds in context of the stored turn before (its vector taken from the same
    batch when it is there), and keeps a long turn's chunks: the same as ``add`` embedding
    synchronously."""
    long_turn = " ".join(f"Sentence {i} is about the garden and the weather." for i in range(60))
    batches = [
        [{"role": "user", "content": "Do you like sushi?"},
         {"role": "assistant", "content": "Yes, twice last year!"}],
        [{"role": "user", "content": long_turn},
         {"role": "assistant", "content": "Noted: the garden."}],
    ]
    stored = {}
    for background in (True, False):
        settings = Settings(embedding={"background": background})  # type: ignore[arg-type]
        with Memory(tmp_path / str(background), settings=settings, embedder=embedder) as memory:
            for batch in batches:
                memory.add(batch, user_id=USER, conversation_id="c1",
                           timestamp="2026-03-01T10:00:00+00:00")
            assert memory.flush(timeout=120)
            turns = memory.kernel.store().find(Query(user_id=USER, kinds=["turn"]))
            stored[background] = [(t.text, t.embedding, t.data.get("chunk_vectors"))
                                  for t in turns]
    assert [t for t, _, _ in stored[True]] == [t for t, _, _ in stored[False]]
    for (_, queued, queued_chunks), (_, inline, inline_chunks) in zip(
            stored[True], stored[False], strict=True):
        assert queued is not None and inline is not None
        assert float(queued @ inline) > 0.9999
        assert (queued_chunks is None) == (inline_chunks is None)
    assert stored[True][2][2]  # the long turn kept its chunks through the queue


def test_synchronous_embedding_setting(tmp_path: Path, embedder: E5Embedder) -> None:
    settings = Settings(embedding={"background": False})  # type: ignore[arg-type]
    with Memory(tmp_path, settings=settings, embedder=embedder) as memory:
        memory.add("I adopted a greyhound called Biscuit", user_id=USER)
        assert memory.stats().pending_embeddings == 0
        assert vectors(memory) == 1
        assert not memory.kernel.indexer.running
        hits = memory.search("which dog did she get?", user_id=USER, preset="vector")
        assert hits and hits[0].item.text.startswith("I adopted")


def test_setting_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUCIDMEM_EMBEDDING__BACKGROUND", "false")
    assert Settings().embedding.background is False


@pytest.mark.background_failure
def test_a_failing_embedder_keeps_the_turn_and_says_so(
        tmp_path: Path, embedder: E5Embedder) -> None:
    gated = Gated(embedder, open_=True)
    gated.broken = True
    with Memory(tmp_path, embedder=gated) as memory:
        [item] = memory.add("my passport number is in the blue folder", user_id=USER)
        with pytest.raises(EmbeddingError, match=r"endpoint down.*retried"):
            memory.flush(timeout=120)
        stats = memory.stats()
        assert stats.pending_embeddings == 1 and stats.failing_embeddings == 1
        assert stats.last_embedding_error is not None
        assert "endpoint down" in stats.last_embedding_error
        assert memory.get(item.id, user_id=USER).text.startswith("my passport")
        assert [h.item.id for h in memory.search("passport folder", user_id=USER)] == [item.id]
        gated.broken = False  # the endpoint is back: the retry (after its backoff) succeeds
        assert memory.flush(timeout=120) is True
        assert memory.stats().failing_embeddings == 0
        assert vectors(memory) == 1


def test_flush_refuses_a_negative_timeout(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory, pytest.raises(InvalidInputError):
        memory.flush(timeout=-1)


def test_close_stops_the_worker_and_the_queue_resumes_on_open(
        tmp_path: Path, embedder: E5Embedder) -> None:
    gated = Gated(embedder)
    memory = Memory(tmp_path, embedder=gated)
    memory.add([{"role": "user", "content": f"note number {i}"} for i in range(5)],
               user_id=USER)
    worker = memory.kernel.indexer
    threading.Timer(0.2, gated.gate.set).start()  # the worker is mid-call when close starts
    memory.close()
    assert not worker.running
    again = Gated(embedder, open_=True)
    with Memory(tmp_path, embedder=again) as reopened:
        assert reopened.flush(timeout=300)  # opens the context and resumes its queue
        assert vectors(reopened) == 5
        assert len(gated.embedded) + len(again.embedded) == 5  # nothing embedded twice


def test_a_turn_above_the_configured_limit_is_refused_clearly(
        tmp_path: Path, embedder: E5Embedder) -> None:
    settings = Settings(max_message_chars=100_000)
    with Memory(tmp_path, settings=settings, embedder=embedder) as memory:
        long_turn = ("The quarterly report covers revenue, churn and hiring. " * 2000)[:100_000]
        [item] = memory.add(long_turn, user_id=USER)
        assert memory.search("quarterly churn", user_id=USER)[0].item.id == item.id
        with pytest.raises(InvalidInputError, match=r"100000|100,000"):
            memory.add(long_turn + "!", user_id=USER)
        assert len(memory.get_all(user_id=USER)) == 1


CHILD = r"""
import sys, threading
from lucidmem import Memory
from lucidmem.embedding import E5Embedder

class Stuck:
    def __init__(self, inner):
        self.inner, self.name, self.dimension = inner, inner.name, inner.dimension
    def embed_queries(self, texts):
        return self.inner.embed_queries(texts)
    def embed_passages(self, texts):
        threading.Event().wait()  # never returns: the queue stays non-empty

embedder = E5Embedder() if sys.argv[2] == "real" else Stuck(E5Embedder())
memory = Memory(sys.argv[1], embedder=embedder)
for i in range(40):
    memory.add([{"role": "user", "content": f"crash note {i} about the garden"}],
               user_id="maya", conversation_id="c")
print("ADDED", flush=True)
threading.Event().wait()
"""


def _kill_child(data: Path, mode: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(data), mode], env=env,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ADDED"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(60)


@pytest.mark.parametrize("mode", ["stuck", "real"])
def test_a_killed_process_loses_no_queued_turn(
        tmp_path: Path, embedder: E5Embedder, mode: str) -> None:
    """SIGKILL with a non-empty queue (the embedder stuck, or mid-way through it): the next
    open finds every turn, embeds exactly those without a vector, each once."""
    _kill_child(tmp_path, mode)
    counting = Gated(embedder, open_=True)
    with Memory(tmp_path, embedder=counting) as memory:
        store = memory.kernel.store()
        turns = store.find(Query(user_id=USER, kinds=["turn"]))
        assert len(turns) == 40
        missing = sum(t.embedding is None for t in turns)
        assert memory.stats().pending_embeddings == missing
        assert missing > 0 or mode == "real"
        assert len(memory.search("crash note garden", user_id=USER, limit=50)) == 40
        assert memory.flush(timeout=300) is True
        assert len(counting.embedded) == missing  # nothing embedded twice
        assert vectors(memory) == 40
        assert memory.stats().pending_embeddings == 0


def test_a_burst_of_ten_thousand_adds_loses_nothing(tmp_path: Path, embedder: E5Embedder) -> None:
    """10,000 calls in a row: each returns without waiting for a vector, every turn is
    stored, keyword-searchable and queued; the queue survives close and reopen."""
    gated = Gated(embedder)
    memory = Memory(tmp_path, embedder=gated)
    for i in range(10_000):
        memory.add(f"burst message {i} about parcel {i % 97}", user_id=USER,
                   conversation_id=f"c{i // 100}")
    assert memory.stats().items_by_kind["turn"] == 10_000
    assert memory.stats().pending_embeddings == 10_000
    hits = memory.search("parcel 42", user_id=USER, limit=200)
    assert len(hits) >= 100 and all("parcel 42" in h.item.text for h in hits[:100])
    gated.gate.set()
    memory.close()
    with Memory(tmp_path, embedder=Gated(embedder)) as reopened:
        left = reopened.stats().pending_embeddings
        assert left == 10_000 - len(gated.embedded)
        assert vectors(reopened) == len(gated.embedded)


IMPORT_CHILD = r"""
import sys
from lucidmem import Memory
from lucidmem.importer import import_file

memory = Memory(sys.argv[1])

def progress(done, total):
    print("PROGRESS", done, flush=True)
    if done >= 100:
        import threading
        threading.Event().wait()  # killed here, with vectors still queued

import_file(memory, sys.argv[2], user_id="maya", progress=progress)
"""


def test_an_import_killed_with_sigkill_resumes_without_duplicates(
        tmp_path: Path, embedder: E5Embedder) -> None:
    from lucidmem.importer import import_file

    file = tmp_path / "history.jsonl"
    file.write_text("".join(
        f'{{"role": "user", "content": "imported note {i} about the harbour", '
        f'"conversation_id": "c{i // 100}"}}\n' for i in range(200)), encoding="utf-8")
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path),
           "LUCIDMEM_FACTS__EXTRACTOR": "none"}
    child = subprocess.Popen([sys.executable, "-c", IMPORT_CHILD, str(data), str(file)],
                             env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        while int(child.stdout.readline().split()[1]) < 100:
            pass
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(60)
    counting = Gated(embedder, open_=True)
    with Memory(data, embedder=counting) as memory:
        already = vectors(memory)
        report = import_file(memory, file, user_id=USER)
        assert (report.skipped, report.messages, report.pending_embeddings) == (100, 100, 0)
        texts = [i.text for i in memory.get_all(user_id=USER, limit=1000)]
        assert texts == [f"imported note {i} about the harbour" for i in range(200)]
        assert vectors(memory) == 200
        assert len(counting.embedded) == 200 - already  # each turn embedded once
