"""``add`` returns before fact extraction: the turns wait marked in the store, a worker
thread extracts them in order, reads of a user's facts wait for that user's turns, and a
turn that may confide a secret stays out of search until extraction decides."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.facts.extractors import ExtractionResult, Extractor, TurnInput
from lucidmem.settings import EmbeddingQueueSettings, FactSettings
from lucidmem.store.base import Query

from .conftest import Clock

SECRET = "Between us, my PIN is 4821 for the parcel locker."
PLAIN = "My cousin Tomas lives in Porto and bakes bread for the parcel locker crowd."


class Gate:
    """The real extractor, held at a gate: lets a test look at the memory while extraction
    has not happened yet (nothing about extraction itself is replaced)."""

    def __init__(self, inner: Extractor) -> None:
        self.inner = inner
        self.name = inner.name
        self.open = threading.Event()
        self.entered = threading.Event()

    def extract(self, turns: Sequence[TurnInput]) -> ExtractionResult:
        self.entered.set()
        assert self.open.wait(60), "the test never opened the gate"
        return self.inner.extract(turns)


@pytest.fixture
def gated(memory: Memory) -> Iterator[Gate]:
    inner = memory.facts.extractor
    assert inner is not None
    gate = Gate(inner)
    memory.facts.extractor = gate
    yield gate
    gate.open.set()


def marked(memory: Memory, user_id: str) -> list[str]:
    return [j.record_id for j in memory.kernel.store().extraction_jobs(100, user_id=user_id)]


def stored_facts(memory: Memory, user_id: str) -> list[str]:
    """Facts as stored, read below Memory (no waiting for extraction)."""
    return [r.text for r in memory.kernel.store().find(Query(user_id=user_id, kinds=["fact"]))]


def test_add_returns_before_extraction_and_a_read_waits_for_it(memory: Memory,
                                                                gated: Gate) -> None:
    [item] = memory.add(PLAIN, user_id="maya")
    assert gated.entered.wait(60)  # the worker took the turn; add had returned already
    assert marked(memory, "maya") == [item.id]  # still marked: nothing staged yet
    assert stored_facts(memory, "maya") == []
    assert memory.stats().pending_extractions == 1  # counted, not extracted, by stats
    reader = threading.Thread(target=lambda: found.extend(memory.facts.list(user_id="maya")))
    found: list[object] = []
    reader.start()
    gated.open.set()
    reader.join(60)
    assert not reader.is_alive()
    assert any("Porto" in f.text for f in found)  # type: ignore[attr-defined]
    assert marked(memory, "maya") == []
    assert memory.stats().pending_extractions == 0


def test_pending_secret_turns_stay_out_of_search_until_extracted(memory: Memory,
                                                                 gated: Gate) -> None:
    [secret] = memory.add(SECRET, user_id="maya")
    [plain] = memory.add(PLAIN, user_id="maya")
    assert gated.entered.wait(60)
    assert set(marked(memory, "maya")) == {secret.id, plain.id}
    turns = memory.search("parcel locker", user_id="maya", kinds=["turn"])
    assert [h.item.id for h in turns] == [plain.id]  # the plain one is searchable at once
    assert {i.id for i in memory.get_all(user_id="maya", kinds=["turn"])} == {secret.id,
                                                                            plain.id}
    gated.open.set()
    assert memory.flush(timeout=120)
    turns = memory.search("parcel locker", user_id="maya", kinds=["turn"])
    assert [h.item.id for h in turns] == [plain.id]  # extraction took the secret out for good
    [stored] = memory.kernel.store().get("maya", [secret.id])
    assert not stored.searchable and stored.data["metadata"]["privacy"] == "secret"
    assert any(f.privacy == "secret" for f in
               memory.facts.list(user_id="maya", include_secrets=True))


def test_a_pending_turn_that_confides_nothing_secret_is_not_hidden(memory: Memory) -> None:
    assert not memory.facts.hidden_until_extracted(
        memory.kernel.store().get("maya", [memory.add(PLAIN, user_id="maya")[0].id])[0])
    assert memory.facts.hidden_until_extracted(
        memory.kernel.store().get("maya", [memory.add(SECRET, user_id="maya")[0].id])[0])


def test_turns_are_extracted_in_the_order_they_were_added(memory: Memory) -> None:
    memory.add("I live in Porto.", user_id="maya")
    memory.add("I moved to Lyon last month.", user_id="maya")
    memory.add("I have a dog named Rex.", user_id="ana")
    lives = [f for f in memory.facts.list(user_id="maya") if f.predicate == "lives_in"]
    assert [f.object for f in lives] == ["Lyon"]  # the later turn superseded the earlier
    assert any(f.object == "Rex" for f in memory.facts.list(user_id="ana"))


def test_search_export_and_context_see_the_facts_of_what_was_just_added(
        memory: Memory) -> None:
    memory.add(PLAIN, user_id="maya")
    assert any(h.item.kind == "fact" for h in memory.search("cousin Porto", user_id="maya"))
    memory.add("I have a dog named Rex.", user_id="maya")
    exported = memory.export(user_id="maya")
    assert any("Rex" in r.text for r in exported.records if r.kind == "fact")
    memory.add("My favourite band is Portishead.", user_id="maya")
    assembled = memory.build_context("what music do I like?", user_id="maya")
    assert "Portishead" in assembled.prompt


def test_forgetting_a_user_while_turns_wait_stages_nothing_afterwards(memory: Memory,
                                                                      gated: Gate) -> None:
    memory.add(PLAIN, user_id="maya")
    memory.add("I have a dog named Rex.", user_id="maya")
    assert gated.entered.wait(60)  # the worker is inside the first turn's extraction
    forgetting = threading.Thread(target=memory.delete_all, kwargs={"user_id": "maya"})
    forgetting.start()  # waits for that extraction (validation included), then forgets
    gated.open.set()
    forgetting.join(60)
    assert not forgetting.is_alive()
    assert memory.flush(timeout=120)
    assert memory.kernel.store().find(Query(user_id="maya")) == []  # nothing written back
    assert memory.facts.list(user_id="maya") == []


@pytest.mark.parametrize("settings", [
    Settings(facts=FactSettings(background=False)),
    Settings(embedding=EmbeddingQueueSettings(background=False)),
], ids=["facts-in-add", "all-in-add"])
def test_extraction_inside_add_when_background_is_off(tmp_path: Path, embedder: E5Embedder,
                                                      clock: Clock, settings: Settings) -> None:
    with Memory(tmp_path / "data", settings=settings, embedder=embedder, clock=clock) as memory:
        memory.add(PLAIN, user_id="maya")
        assert marked(memory, "maya") == []
        assert any("Porto" in text for text in stored_facts(memory, "maya"))  # no read needed
        memory.add(SECRET, user_id="maya")
        [hit] = memory.search("parcel locker", user_id="maya", kinds=["turn"])
        assert hit.item.text == PLAIN


def test_on_postgresql_the_queue_extracts_and_hides_the_same_way(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    with Memory(tmp_path / "m", settings=Settings(store_url=postgres_url), embedder=embedder,
                clock=clock) as memory:
        inner = memory.facts.extractor
        assert inner is not None
        gate = memory.facts.extractor = Gate(inner)
        [secret] = memory.add(SECRET, user_id="maya")
        [plain] = memory.add(PLAIN, user_id="maya")
        assert gate.entered.wait(60)
        assert set(marked(memory, "maya")) == {secret.id, plain.id}
        hits = memory.search("parcel locker", user_id="maya", kinds=["turn"])
        assert [h.item.id for h in hits] == [plain.id]
        gate.open.set()
        assert any("Porto" in f.text for f in memory.facts.list(user_id="maya"))
        assert memory.flush(timeout=300)
        assert marked(memory, "maya") == []
        hits = memory.search("parcel locker", user_id="maya", kinds=["turn"])
        assert [h.item.id for h in hits] == [plain.id]


def _staged_and_active(memory: Memory, user_id: str) -> tuple[int, int]:
    facts = memory.kernel.store().find(Query(user_id=user_id, kinds=["fact"]))
    return (sum(f.status == "staged" for f in facts), sum(f.status == "active" for f in facts))


def test_facts_staged_before_a_kill_are_validated_when_the_store_resumes(
        tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    """A kill between the staging transaction (which takes the turns' marks) and validation
    leaves staged facts that no mark brings back; the next process validates them, for a
    user who reads first as for everyone at ``flush``. (The state is made here without a
    kill: ``auto_validate`` off stages without validating, exactly what the kill leaves.)"""
    data = tmp_path / "data"
    off = Settings(facts=FactSettings(auto_validate=False))
    with Memory(data, settings=off, embedder=embedder, clock=clock) as memory:
        memory.add(PLAIN, user_id="maya")
        memory.add("I have a dog named Rex.", user_id="noor")
        assert memory.flush(timeout=120)
        assert _staged_and_active(memory, "maya")[0] > 0
        assert _staged_and_active(memory, "noor")[0] > 0
    with Memory(data, settings=off, embedder=embedder, clock=clock) as memory:
        assert memory.flush(timeout=120)  # staged by design while auto_validate is off
        assert _staged_and_active(memory, "maya")[0] > 0
    on = Settings(facts=FactSettings(background=True), embedding=EmbeddingQueueSettings(
        background=False))  # no worker thread racing the read below to the resume step
    with Memory(data, settings=on, embedder=embedder, clock=clock) as memory:
        memory.kernel.extraction.stop()
        assert any("Porto" in f.text for f in memory.facts.list(user_id="maya"))
        assert _staged_and_active(memory, "maya")[0] == 0
        assert _staged_and_active(memory, "noor")[0] > 0  # not read yet
        assert memory.flush(timeout=120)
        staged, active = _staged_and_active(memory, "noor")
        assert staged == 0 and active > 0
