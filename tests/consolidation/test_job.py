"""The consolidation job end to end on a real Memory: idempotence, dry run, pause/resume,
compaction, archiving, variant cleanup, patterns, bad input."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest

from lucidmem import Memory
from lucidmem.consolidation.job import JobEnv, checkpoint_id, run_user
from lucidmem.consolidation.records import CHECKPOINT, MARKER, PREFERENCE, TRIGGER
from lucidmem.errors import CheckpointError
from lucidmem.records import stable_id
from lucidmem.store.base import Query, Record

from .conftest import Clock, fill_history, snapshot


def _env(memory: Memory, **kw: object) -> JobEnv:
    """A run's environment with a test hook; a turn added meanwhile still pauses the run,
    as its turn count moves (this process's activity counter is left out)."""
    return JobEnv(kernel=memory.kernel, facts=memory.facts, context="personal",
                  store=memory.kernel.store(), activity=lambda user: 0,
                  **kw)  # type: ignore[arg-type]


def test_turns_are_scored_on_add(memory: Memory) -> None:
    memory.add([{"role": "user", "content": "hello there"},
                {"role": "assistant", "content": "Hi! How can I help?"}], user_id="maya")
    memory.flush(timeout=300)  # turns are scored once their vectors are computed
    turns = memory.kernel.store().find(Query(user_id="maya", kinds=["turn"]))
    for turn in turns:
        body = turn.data["sleep"]
        assert 0.0 <= body["importance"] <= 1.0
        assert body["surprise"] == pytest.approx(0.8)  # fewer than 5 known messages
        assert body["final"] == pytest.approx(body["importance"] * 1.8, abs=1e-5)


def test_run_twice_gives_the_same_state(memory: Memory) -> None:
    fill_history(memory)
    first = memory.sleep.consolidate(user_id="maya")
    assert first.status == "completed"
    state = snapshot(memory)
    second = memory.sleep.consolidate(user_id="maya")
    assert second.status == "completed"
    assert snapshot(memory) == state
    assert second.changes == ()


def test_dry_run_writes_nothing_and_lists_changes(memory: Memory) -> None:
    fill_history(memory)
    store = memory.kernel.store()
    before = snapshot(memory)
    revision = store.revision("maya")
    report = memory.sleep.consolidate(user_id="maya", dry_run=True)
    assert report.dry_run and report.status == "dry_run"
    assert store.revision("maya") == revision
    assert snapshot(memory) == before
    assert store.get("maya", [checkpoint_id("maya")]) == []
    actions = {c.action for c in report.changes}
    assert {"compact", "infer_preference", "schedule_trigger"} <= actions


def test_compaction_saves_bytes_and_keeps_text(memory: Memory) -> None:
    fill_history(memory)
    store = memory.kernel.store()
    texts = {r.id: r.text for r in store.find(Query(user_id="maya", kinds=["turn"]))}
    report = memory.sleep.consolidate(user_id="maya")
    user = report.users[0]
    assert user.count("compacted") > 0 and user.bytes_saved > 0
    turns = store.find(Query(user_id="maya", kinds=["turn"]))
    assert {r.id: r.text for r in turns} == texts
    cutoff = memory.kernel.now() - 30 * 86_400
    for turn in turns:
        if turn.occurred_at < cutoff:
            assert "caption" not in turn.data["metadata"]
            assert turn.data["metadata"].get("source", "app") == "app"
            assert turn.data["compacted"]["dropped"] in ([], ["caption"])
            assert turn.data["role"] in ("user", "assistant")
            assert turn.embedding is not None
        else:
            assert "compacted" not in turn.data
    marker = store.get("maya", [stable_id(MARKER, "maya", "compaction")])[0]
    assert marker.data["compacted_through"] == pytest.approx(cutoff)
    assert marker.data["bytes_saved_total"] == user.bytes_saved


def test_pattern_detection_creates_preference_and_trigger(memory: Memory) -> None:
    fill_history(memory)
    memory.sleep.consolidate(user_id="maya")
    store = memory.kernel.store()
    prefs = store.find(Query(user_id="maya", kinds=[PREFERENCE]))
    sunday = [p for p in prefs if "groceries" in p.text]
    assert len(sunday) == 1
    assert sunday[0].data["confidence"] == 0.5 and "Sundays around 10:00" in sunday[0].text
    assert sunday[0].embedding is not None  # the embedding step refreshed it
    triggers = [t for t in store.find(Query(user_id="maya", kinds=[TRIGGER]))
                if t.data["preference_id"] == sunday[0].id]
    assert len(triggers) == 1
    assert triggers[0].data["cron"] == "0 10 * * 0"
    nxt = triggers[0].data["next_fire_at"]
    assert memory.kernel.now() < nxt <= memory.kernel.now() + 7 * 86_400
    hits = memory.search("when does she plan groceries", user_id="maya", limit=20)
    assert any(h.item.kind == PREFERENCE for h in hits)


def test_archiving_and_variant_cleanup_follow_the_clock(memory: Memory, clock: Clock) -> None:
    memory.add("I love jazz", user_id="maya")
    memory.flush()  # this test reads the store itself, below Memory's reads that wait for facts
    store = memory.kernel.store()
    facts = store.find(Query(user_id="maya", kinds=["fact"], statuses=["active"]))
    assert facts, "the facts layer extracted nothing"
    now = memory.kernel.now()
    weak = Record(id="variant-weak", kind="fact", user_id="maya", text="The user likes rock",
                  layer=1, status="variant", occurred_at=now, created_at=now, updated_at=now,
                  data={"confidence": 0.2, "variant_of": facts[0].id, "subject": "user",
                        "predicate": "likes", "object": "rock", "emotional_intensity": 0.3})
    strong = Record(id="variant-strong", kind="fact", user_id="maya", text="x", layer=1,
                    status="variant", occurred_at=now, created_at=now, updated_at=now,
                    data={**weak.data, "confidence": 0.6})
    store.put([weak, strong])
    memory.sleep.consolidate(user_id="maya")
    assert {f.status for f in store.get("maya", [f.id for f in facts])} == {"active"}
    assert len(store.get("maya", ["variant-weak", "variant-strong"])) == 2
    clock.advance(days=400)
    report = memory.sleep.consolidate(user_id="maya")
    assert report.count("archived") >= 1
    after = store.get("maya", [f.id for f in facts])
    assert {f.status for f in after} == {"archived"}  # archived, never deleted
    assert [r.id for r in store.get("maya", ["variant-weak", "variant-strong"])] == [
        "variant-strong"]


def test_pause_on_activity_then_resume(memory: Memory) -> None:
    fill_history(memory, weeks=5)
    added: list[int] = []

    def user_speaks(step: str, commits: int) -> None:
        if commits == 3 and not added:
            added.append(commits)
            memory.add("I'm back, quick question", user_id="maya")

    paused = run_user(_env(memory, after_commit=user_speaks), "maya")
    assert paused.status == "paused"
    assert any(s.status == "paused" for s in paused.steps)
    ckpt = memory.kernel.store().get("maya", [checkpoint_id("maya")])[0]
    assert ckpt.data["run"]["status"] == "paused"
    resumed = memory.sleep.consolidate(user_id="maya")
    assert resumed.status == "completed" and resumed.users[0].resumed
    assert resumed.users[0].run_id == paused.run_id


def test_user_deleted_mid_run_leaves_nothing(memory: Memory) -> None:
    fill_history(memory, weeks=3)

    def forget(step: str, commits: int) -> None:
        if commits == 2:
            memory.delete_all(user_id="maya")

    report = run_user(_env(memory, after_commit=forget), "maya")
    assert report.status == "user_deleted"
    assert memory.kernel.store().find(Query(user_id="maya")) == []
    assert "maya" not in memory.kernel.store().user_ids()


def test_corrupted_checkpoint_names_the_fix(memory: Memory) -> None:
    fill_history(memory, weeks=2)
    memory.sleep.consolidate(user_id="maya")
    store = memory.kernel.store()
    ckpt = store.get("maya", [checkpoint_id("maya")])[0]
    ckpt.data = {"format": 1, "runs": 1, "run": {"id": 3}}
    store.put([ckpt], audit=False)
    with pytest.raises(CheckpointError, match="--reset"):
        memory.sleep.consolidate(user_id="maya")
    assert memory.sleep.consolidate(user_id="maya", reset=True).status == "completed"
    assert store.get("maya", [checkpoint_id("maya")])[0].kind == CHECKPOINT


def test_clock_going_backwards_keeps_the_previous_time(memory: Memory, clock: Clock) -> None:
    fill_history(memory, weeks=2)
    memory.sleep.consolidate(user_id="maya")
    state = snapshot(memory)
    clock.advance(days=-3)
    report = memory.sleep.consolidate(user_id="maya")
    assert report.status == "completed"
    assert any("behind" in w for w in report.users[0].warnings)
    assert snapshot(memory) == state
    clock.now += timedelta(days=3)


def test_empty_store_and_unknown_user(memory: Memory) -> None:
    assert memory.sleep.consolidate().users == ()
    report = memory.sleep.consolidate(user_id="nobody")
    assert report.users[0].status == "empty"
    assert memory.kernel.store().user_ids() == []


def test_embedding_refresh_embeds_turns_as_add_does(memory: Memory) -> None:
    """A refreshed turn gets the vector add() gave it: speaker and previous turn included."""
    memory.add([{"role": "user", "content": "Have you ever been to Lisbon?", "name": "Ana"},
                {"role": "assistant", "content": "Yes, twice last year!"},
                {"role": "user", "content": "Which month was nicer?", "name": "Ana"}],
               user_id="maya", conversation_id="trip")
    memory.add("What a day", user_id="maya")  # no conversation: no previous turn
    memory.flush(timeout=300)
    store = memory.kernel.store()
    turns = store.find(Query(user_id="maya", kinds=["turn"]))
    original = {t.id: t.embedding.copy() for t in turns if t.embedding is not None}
    assert len(original) == 4
    for turn in turns:  # e.g. after switching embedder models
        turn.embedding = None
    store.put(turns, audit=False)
    report = memory.sleep.consolidate(user_id="maya")
    assert report.status == "completed"
    refreshed = {t.id: t.embedding for t in store.find(Query(user_id="maya", kinds=["turn"]))}
    for turn_id, vector in original.items():
        assert refreshed[turn_id] is not None
        np.testing.assert_allclose(refreshed[turn_id], vector, atol=1e-5)


def test_update_keeps_the_previous_turn_of_a_same_time_batch(memory: Memory) -> None:
    items = memory.add([{"role": "user", "content": "Have you ever been to Lisbon?"},
                        {"role": "assistant", "content": "Yes, twice last year!"}],
                       user_id="maya", conversation_id="trip")
    assert items[0].occurred_at == items[1].occurred_at  # one batch, one time
    memory.flush(timeout=300)
    store = memory.kernel.store()
    [before] = store.get("maya", [items[1].id])
    memory.update(items[1].id, user_id="maya", text="Yes, twice last year!")
    assert memory.flush(timeout=300)  # the edited turn is re-embedded from the queue
    [after] = store.get("maya", [items[1].id])
    assert before.embedding is not None and after.embedding is not None
    np.testing.assert_allclose(after.embedding, before.embedding, atol=1e-5)
