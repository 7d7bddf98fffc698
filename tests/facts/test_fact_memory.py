"""Facts end to end through Memory: staging, reinforcement, contradictions, time, privacy."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.facts import ConfidenceBand, decayed_confidence, reinforce
from lucidmem.facts.extractors import ExtractionResult, OfflineExtractor, TurnInput
from lucidmem.facts.validation import archive_low_confidence
from lucidmem.settings import FactSettings, Settings

from .conftest import Clock


def _add(memory: Memory, text: str, at: str, user: str = "maya") -> None:
    memory.add(text, user_id=user, timestamp=at)


def test_staging_then_validation(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    settings = Settings(data_dir=tmp_path / "d", facts=FactSettings(auto_validate=False))
    with Memory(settings=settings, embedder=embedder, clock=clock) as memory:
        _add(memory, "I'm allergic to peanuts.", "2024-05-01T10:00:00+00:00")
        staged = memory.facts.staged(user_id="maya")
        assert [(f.predicate, f.object, f.status) for f in staged] == \
            [("allergic_to", "peanuts", "staged")]
        assert memory.facts.list(user_id="maya") == []
        assert memory.facts.list(user_id="maya", include_staged=True)[0].id == staged[0].id
        assert memory.search("peanuts", user_id="maya", kinds=["fact"]) == []
        report = memory.facts.validate(user_id="maya")
        assert report.validated == [staged[0].id]
        (fact,) = memory.facts.list(user_id="maya")
        assert fact.status == "active" and fact.text == "The user is allergic to peanuts"
        assert memory.search("peanut allergy", user_id="maya", kinds=["fact"])[0].item.id == \
            fact.id


def test_reinforcement_merges_and_resets_the_clock(memory: Memory, clock: Clock) -> None:
    _add(memory, "I like green tea.", "2024-05-01T10:00:00+00:00")
    (first,) = memory.facts.list(user_id="maya")
    _add(memory, "I like green tea.", "2024-05-11T10:00:00+00:00")
    (fact,) = memory.facts.list(user_id="maya")
    assert fact.id == first.id and fact.reinforcement_count == 2
    decayed = decayed_confidence(first.base_confidence, 10, first.emotional_intensity)
    assert fact.base_confidence == pytest.approx(reinforce(decayed, first.base_confidence))
    assert fact.last_reinforced == datetime(2024, 5, 11, 10, tzinfo=UTC)
    assert len(fact.source_turn_ids) == 2


def test_decay_is_computed_at_read_time(memory: Memory, clock: Clock) -> None:
    clock.now = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
    _add(memory, "I work at Acme Corp.", "2024-05-01T10:00:00+00:00")
    (fresh,) = memory.facts.list(user_id="maya")
    assert fresh.band is ConfidenceBand.USE_FREELY
    clock.advance(days=200)
    (old,) = memory.facts.list(user_id="maya")
    assert old.confidence == pytest.approx(
        decayed_confidence(fresh.base_confidence, 200, fresh.emotional_intensity))
    assert old.band is ConfidenceBand.PRUNE_CANDIDATE and old.base_confidence == \
        fresh.base_confidence
    assert archive_low_confidence(memory.kernel, "maya") == [old.id]  # as the sleep cycle
    assert memory.facts.list(user_id="maya") == []
    assert memory.facts.get(old.id, user_id="maya").status == "archived"


def test_contradiction_supersedes_and_keeps_history(memory: Memory) -> None:
    _add(memory, "I love coffee.", "2024-01-10T09:00:00+00:00")
    _add(memory, "I don't like coffee anymore.", "2024-03-05T18:30:00+00:00")
    current = [(f.predicate, f.object) for f in memory.facts.list(user_id="maya")]
    assert current == [("dislikes", "coffee")]
    history = memory.facts.history(user_id="maya")
    old = next(f for f in history if f.predicate == "likes")
    assert old.status == "superseded" and old.superseded_by is not None
    assert old.valid_to == datetime(2024, 3, 5, 18, 30, tzinfo=UTC)
    then_true = memory.facts.list(user_id="maya", as_of="2024-02-01T00:00:00+00:00", mode="true")
    assert [(f.predicate, f.object) for f in then_true] == [("likes", "coffee")]
    evolution = memory.facts.evolution("likes", user_id="maya", object="coffee")
    assert [s.kind for s in evolution.shifts] == ["reversal"]
    assert evolution.shifts[0].at == datetime(2024, 3, 5, 18, 30, tzinfo=UTC)
    january = memory.facts.between("2024-01-01T00:00:00+00:00", "2024-02-01T00:00:00+00:00",
                                   user_id="maya")
    assert [(f.predicate, f.object) for f in january] == [("likes", "coffee")]
    spring = memory.facts.between("2024-03-01T00:00:00+00:00", "2024-04-01T00:00:00+00:00",
                                  user_id="maya")
    assert [(f.predicate, f.object) for f in spring] == [("likes", "coffee"),
                                                         ("dislikes", "coffee")]
    with pytest.raises(InvalidInputError):
        memory.facts.between("2024-04-01T00:00:00+00:00", "2024-03-01T00:00:00+00:00",
                             user_id="maya")


def test_correction_retracts_and_believed_differs_from_true(memory: Memory) -> None:
    _add(memory, "I live in Lyon.", "2024-01-10T09:00:00+00:00")
    _add(memory, "Sorry, I meant I live in Lille.", "2024-01-12T09:00:00+00:00")
    assert [f.object for f in memory.facts.list(user_id="maya")] == ["Lille"]
    believed = memory.facts.list(user_id="maya", as_of="2024-01-11T00:00:00+00:00", mode="believed")
    assert [f.object for f in believed] == ["Lyon"]
    true = memory.facts.list(user_id="maya", as_of="2024-01-11T00:00:00+00:00", mode="true")
    assert "Lyon" not in [f.object for f in true]


def test_variants_are_bounded(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    settings = Settings(data_dir=tmp_path / "d", facts=FactSettings(max_variants=2))
    with Memory(settings=settings, embedder=embedder, clock=clock) as memory:
        _add(memory, "I live in Lyon.", "2024-01-10T09:00:00+00:00")
        most = 0
        for i, city in enumerate(["Nice", "Metz", "Brest", "Caen"]):
            _add(memory, f"I think I live in {city}.", f"2024-01-1{i + 1}T09:00:00+00:00")
            variants = [f for f in memory.facts.history(user_id="maya")
                        if f.status == "variant"]
            assert len(variants) <= 2 and all(v.variant_of for v in variants)
            most = max(most, len(variants))
        assert most >= 1
        history = memory.facts.history(user_id="maya")
        # each hedged contradiction costs Lyon 25 % of the newcomer's confidence; once Lyon
        # is weaker than a newcomer, the newcomer supersedes it (aico reconsolidation)
        lyon = next(f for f in history if f.object == "Lyon")
        assert lyon.status in ("active", "superseded") and lyon.base_confidence < 0.9
        assert len(memory.facts.list(user_id="maya")) == 1


def test_a_new_value_ends_the_variants_kept_beside_the_old_one(memory: Memory) -> None:
    """A hedged home kept as a variant of the held one is no home after a move either."""
    _add(memory, "I live in Lyon.", "2024-01-10T09:00:00+00:00")
    _add(memory, "I think I live in Nice.", "2024-01-11T09:00:00+00:00")
    assert [f.object for f in memory.facts.history(user_id="maya")
            if f.status == "variant"] == ["Nice"]
    _add(memory, "I moved to Rennes last week.", "2024-02-20T09:00:00+00:00")
    assert [f.object for f in memory.facts.list(user_id="maya")] == ["Rennes"]
    nice = next(f for f in memory.facts.history(user_id="maya") if f.object == "Nice")
    assert nice.status == "superseded" and nice.valid_to is not None
    lyon = next(f for f in memory.facts.history(user_id="maya") if f.object == "Lyon")
    assert nice.valid_to == lyon.valid_to  # both end when Rennes begins


def test_as_of_in_the_future_is_refused(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="future"):
        memory.facts.list(user_id="maya", as_of="2030-01-01T00:00:00+00:00")
    with pytest.raises(InvalidInputError):
        memory.facts.list(user_id="maya", as_of="2024-01-01T00:00:00+00:00", mode="sometimes")  # type: ignore[arg-type]


def test_secrets_stay_out_of_search_and_facts_unless_asked(memory: Memory) -> None:
    _add(memory, "Don't tell anyone, but I have depression.", "2024-05-01T10:00:00+00:00")
    assert memory.facts.list(user_id="maya") == []
    (secret,) = memory.facts.list(user_id="maya", include_secrets=True)
    assert secret.privacy.value == "secret"
    assert memory.search("depression", user_id="maya") == []  # neither fact nor turn
    assert memory.facts.search("depression", user_id="maya") == []
    assert memory.facts.search("depression", user_id="maya",
                               include_secrets=True)[0].fact.id == secret.id
    memory.facts.set_privacy(secret.id, "private", user_id="maya")
    assert [h.item.id for h in memory.search("depression", user_id="maya", kinds=["fact"])] \
        == [secret.id]
    memory.facts.set_privacy(secret.id, "secret", user_id="maya")
    assert memory.search("depression", user_id="maya", kinds=["fact"]) == []
    with pytest.raises(InvalidInputError):
        memory.facts.set_privacy(secret.id, "top-secret", user_id="maya")
    with pytest.raises(NotFoundError):
        memory.facts.set_privacy("nope", "public", user_id="maya")


def test_never_store_categories_are_dropped_and_counted(
        tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    settings = Settings(data_dir=tmp_path / "d",
                        facts=FactSettings(never_store=("biographical.health", "secret")))
    with Memory(settings=settings, embedder=embedder, clock=clock) as memory:
        _add(memory, "I'm allergic to peanuts. I live in Porto.", "2024-05-01T10:00:00+00:00")
        _add(memory, "Between us, I have depression.", "2024-05-02T10:00:00+00:00")
        facts = memory.facts.list(user_id="maya", include_secrets=True, include_staged=True)
        assert [f.predicate for f in facts] == ["lives_in"]
        stats = memory.facts.stats(user_id="maya")
        assert stats.never_stored_total == 2 and stats.by_status == {"active": 1}
        assert set(stats.never_stored) <= {"biographical.health", "secret"}


def test_entity_resolution_links_my_sister_to_sarah(memory: Memory) -> None:
    _add(memory, "My sister is vegan.", "2024-05-01T10:00:00+00:00")
    _add(memory, "My sister Sarah loves hiking.", "2024-05-02T10:00:00+00:00")
    _add(memory, "My sister lives in Oslo.", "2024-05-03T10:00:00+00:00")  # after the link
    about = {(f.subject, f.predicate, f.object)
             for f in memory.facts.list(user_id="maya", about="sARAH")}
    assert ("Sarah", "diet", "vegan") in about and ("Sarah", "likes", "hiking") in about
    assert ("Sarah", "lives_in", "Oslo") in about
    assert about == {(f.subject, f.predicate, f.object)
                     for f in memory.facts.list(user_id="maya", about="my sister")}
    sisters = [f for f in memory.facts.list(user_id="maya") if f.predicate == "has_sister"]
    # "my sister" alone states no fact of its own (no "The user's sister is mentioned")
    assert [(f.object, f.reinforcement_count) for f in sisters] == [("Sarah", 1)]
    recall = memory.facts.recall("my family", user_id="maya")
    assert recall.groups[0].title == "Your sister Sarah"
    # a month later the facts have decayed into the hedge band: the answer hedges
    assert "I think your sister Sarah is vegan." in recall.answer
    assert all(i.source_turn_ids for g in recall.groups for i in g.items)
    names = [f.object for f in memory.facts.neighbours("Sarah", user_id="maya")]
    assert "vegan" in names


def test_unresolvable_dates_are_kept_and_flagged(memory: Memory) -> None:
    _add(memory, "My exam is after Easter.", "2024-02-01T10:00:00+00:00")
    (fact,) = memory.facts.list(user_id="maya")
    assert fact.temporal_unresolved and fact.temporal_text == "after Easter"
    assert fact.valid_from == datetime(2024, 2, 1, 10, tzinfo=UTC)


def test_relative_dates_use_the_turns_time_zone(memory: Memory) -> None:
    memory.add("I have a doctor's appointment tomorrow at 9am.", user_id="maya",
               timestamp="2024-02-14T17:00:00+01:00", metadata={"timezone": "Europe/Berlin"})
    (fact,) = memory.facts.list(user_id="maya")
    assert fact.valid_from == datetime(2024, 2, 15, 8, tzinfo=UTC)


def test_unknown_users_and_bad_ids(memory: Memory) -> None:
    assert memory.facts.list(user_id="nobody") == []
    assert memory.facts.recall("family", user_id="nobody").groups == []
    with pytest.raises(InvalidInputError):
        memory.facts.list(user_id="bad id with spaces")
    with pytest.raises(InvalidInputError):
        memory.facts.recall("  ", user_id="maya")
    with pytest.raises(NotFoundError):
        memory.facts.get("missing", user_id="maya")


def test_facts_join_hybrid_search_with_source_metadata(memory: Memory) -> None:
    memory.add([{"role": "user", "content": "I work as a nurse.",
                 "metadata": {"dia_id": "D1:1"}}], user_id="maya",
               timestamp="2024-05-01T10:00:00+00:00")
    hits = memory.search("what is her job", user_id="maya")
    fact_hit = next(h for h in hits if h.item.kind == "fact")
    assert fact_hit.item.metadata["dia_id"] == "D1:1"
    assert fact_hit.item.metadata["band"] in {b.value for b in ConfidenceBand}
    assert fact_hit.item.metadata["privacy"] == "private" or \
        fact_hit.item.metadata["privacy"] == "public"


def test_assistant_turns_state_no_facts(memory: Memory) -> None:
    memory.add([{"role": "assistant", "content": "I love coffee."}], user_id="maya")
    assert memory.facts.list(user_id="maya") == []


class _Broken:
    name = "broken"

    def extract(self, turns: Sequence[TurnInput]) -> ExtractionResult:
        raise RuntimeError("model crashed")


@pytest.mark.background_failure
def test_an_extractor_that_raises_costs_no_turn(memory: Memory) -> None:
    memory.facts.extractor = _Broken()
    (turn,) = memory.add("I'm vegan.", user_id="maya")
    assert memory.get(turn.id, user_id="maya").text == "I'm vegan."
    (failure,) = memory.facts.failures(user_id="maya")
    assert failure.status == "open" and failure.turn_ids == [turn.id]
    assert failure.error == "RuntimeError: model crashed" and failure.extractor == "broken"
    assert failure.created_at.tzinfo is not None
    memory.facts.extractor = OfflineExtractor()
    report = memory.facts.retry_failures(user_id="maya")
    assert (report.retried, report.staged, report.failures) == (1, 1, [])
    assert [f.object for f in memory.facts.list(user_id="maya")] == ["vegan"]
    memory.facts.extractor = None
    memory.add("I live in Oslo.", user_id="maya")
    assert [f.object for f in memory.facts.list(user_id="maya")] == ["vegan"]
    assert memory.facts.retry_failures(user_id="maya").retried == 0


def test_fact_search_checks_its_input_and_has_no_jobs(memory: Memory) -> None:
    _add(memory, "I work as a nurse.", "2024-05-01T10:00:00+00:00")
    (hit,) = memory.facts.search("nurse", user_id="maya", limit=1)
    assert hit.fact.object == "nurse" and hit.legs["search"] == 1
    with pytest.raises(InvalidInputError):
        memory.facts.search("nurse", user_id="maya", limit=0)
    with pytest.raises(InvalidInputError):
        memory.facts.search("  ", user_id="maya")
    assert memory.facts.jobs() == []


def test_get_all_leaves_the_extractors_bookkeeping_out(memory: Memory) -> None:
    """Counting what a turn kept out writes a bookkeeping record; listing a user's items
    shows what they said and what was learned, never that record."""
    memory.add("haha ok, what do you think?", user_id="maya")
    memory.add("I live in Porto.", user_id="maya")
    assert memory.facts.stats(user_id="maya").skipped
    kinds = {item.kind for item in memory.get_all(user_id="maya")}
    assert kinds <= {"turn", "fact"} and "turn" in kinds


def test_deleting_a_turn_deletes_what_was_learned_only_from_it(memory: Memory) -> None:
    """A fact learned from one deleted turn goes (and the fact it had superseded holds
    again); a fact also learned from another turn stays, citing only that one."""
    t0 = datetime(2024, 3, 1, tzinfo=UTC)
    lisbon = memory.add("I live in Lisbon.", user_id="maya", conversation_id="c",
                        timestamp=t0)[0]
    veggie = memory.add("I'm vegetarian.", user_id="maya", conversation_id="c",
                        timestamp=t0.replace(day=2))[0]
    porto = memory.add("I moved to Porto last week.", user_id="maya", conversation_id="c",
                       timestamp=t0.replace(month=4))[0]
    again = memory.add("As I said, I'm vegetarian, no meat for me.", user_id="maya",
                       conversation_id="c", timestamp=t0.replace(month=4, day=2))[0]
    current = {f.text: f for f in memory.facts.list(user_id="maya")}
    assert "The user lives in Lisbon" not in current  # superseded by Porto
    vegetarian = current["The user is vegetarian"]
    assert set(vegetarian.source_turn_ids) == {veggie.id, again.id}

    memory.delete(porto.id, user_id="maya")
    memory.delete(veggie.id, user_id="maya")

    current = {f.text: f for f in memory.facts.list(user_id="maya")}
    assert set(current) == {"The user lives in Lisbon", "The user is vegetarian"}
    assert current["The user lives in Lisbon"].source_turn_ids == [lisbon.id]
    assert current["The user is vegetarian"].source_turn_ids == [again.id]
    assert [h.item.text for h in memory.search("where does she live", user_id="maya",
                                               kinds=["fact"])][:1] == [
        "The user lives in Lisbon"]
    store = memory.kernel.store()
    # no fact, shift or audit row quotes the deleted turns
    assert store.scan("Porto") == {}
    assert store.scan(re.escape("I'm vegetarian.")) == {}
