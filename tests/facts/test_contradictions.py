"""Contradiction strategies (emberhearth §2) and reconsolidation (aico, variant limits)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from lucidmem.errors import InvalidInputError
from lucidmem.facts.contradictions import (
    CONFLICT_PENALTY,
    MAX_FACT_VARIANTS,
    ActionKind,
    ExistingFact,
    ReconsolidationOutcome,
    Relation,
    Strategy,
    is_single_valued,
    reconsolidate,
    relate,
    resolve,
)
from lucidmem.facts.model import FactCandidate, FactCategory, Subcategory

LIKES = FactCandidate(FactCategory.OPINION, Subcategory.OPINION_LIKES, "user", "likes",
                      "coffee", 0.9)
DISLIKES = replace(LIKES, subcategory=Subcategory.OPINION_DISLIKES, predicate="dislikes")
LIVES = FactCandidate(FactCategory.BIOGRAPHICAL, Subcategory.BIOGRAPHICAL_PERSONAL, "user",
                      "lives_in", "Berlin", 0.9)
HATES_COFFEE = ExistingFact("user", "dislikes", "coffee", 0.7)


def _kinds(decision: object) -> list[ActionKind]:
    return [a.kind for a in decision.actions]  # type: ignore[attr-defined]


def test_relations() -> None:
    assert relate(HATES_COFFEE, replace(LIKES, object="tea")) is Relation.UNRELATED
    assert relate(HATES_COFFEE, replace(LIKES, subject="Sarah")) is Relation.UNRELATED
    assert relate(HATES_COFFEE, DISLIKES) is Relation.DUPLICATE
    assert relate(HATES_COFFEE, LIKES) is Relation.CONFLICT
    likes_jazz = ExistingFact("user", "likes", "jazz", 0.9)
    assert relate(likes_jazz, replace(LIKES, object="rock")) is Relation.COMPATIBLE
    munich = ExistingFact("user", "lives_in", "Munich", 0.9)
    assert relate(munich, LIVES) is Relation.CONFLICT
    assert relate(munich, replace(LIVES, negated=True)) is Relation.COMPATIBLE
    eats = ExistingFact("user", "eats", "meat", 0.9, negated=True)
    meat = FactCandidate(FactCategory.PREFERENCE, Subcategory.PREFERENCE_DIET, "user", "eats",
                         "Meat", 0.9)
    assert relate(eats, meat) is Relation.CONFLICT  # same statement, opposite polarity
    sister = ExistingFact("user", "has_sister", "Sarah", 0.95)
    sara = FactCandidate(FactCategory.RELATIONSHIP, Subcategory.RELATIONSHIP_FAMILY, "user",
                         "has_sister", "Anna", 0.95)
    assert relate(sister, sara) is Relation.COMPATIBLE  # two sisters
    assert relate(sister, replace(sara, is_correction=True)) is Relation.CONFLICT


def test_a_remark_said_with_a_named_value_does_not_replace_it() -> None:
    """"eine Woche in der neuen Wohnung in Ebikon! Franzi und ich wohnen jetzt zusammen":
    the remark of the second clause stands beside the home the first one names."""
    ebikon = ExistingFact("user", "lives_in", "Ebikon", 0.8, said_with_the_new=True)
    remark = replace(LIVES, object="wohnen jetzt zusammen, überall noch Zügelkisten",
                     is_change=True)
    assert relate(ebikon, remark) is Relation.COMPATIBLE
    assert relate(replace(ebikon, said_with_the_new=False), remark) is Relation.CONFLICT
    assert relate(ebikon, replace(LIVES, object="Luzern")) is Relation.CONFLICT  # a name


def test_single_valued() -> None:
    assert is_single_valued("lives_in") and is_single_valued("preferred_time_for_meeting")
    assert not is_single_valued("likes") and not is_single_valued("has_sister")


def test_duplicate_reinforces() -> None:
    decision = resolve(HATES_COFFEE, DISLIKES)
    assert decision.strategy is None
    assert _kinds(decision) == [ActionKind.REINFORCE_EXISTING]
    assert decision.actions[0].amount == 0.9


def test_temporal_override() -> None:
    # "Actually, I've started drinking coffee" — explicit, recent, with a change marker
    decision = resolve(HATES_COFFEE, replace(LIKES, is_change=True))
    assert decision.strategy is Strategy.TEMPORAL_OVERRIDE
    assert _kinds(decision) == [ActionKind.SUPERSEDE_EXISTING, ActionKind.STORE_NEW]


def test_override_closes_at_the_new_start() -> None:
    start = datetime(2024, 5, 1, tzinfo=UTC)
    decision = resolve(ExistingFact("user", "lives_in", "Munich", 0.9),
                       replace(LIVES, is_change=True, valid_from=start))
    assert decision.actions[0].at == start


def test_correction_retracts() -> None:
    decision = resolve(ExistingFact("user", "lives_in", "Lyon", 0.9),
                       replace(LIVES, object="Lille", is_correction=True))
    assert decision.strategy is Strategy.TEMPORAL_OVERRIDE
    assert _kinds(decision)[0] is ActionKind.RETRACT_EXISTING


def test_hedged_change_does_not_override() -> None:
    decision = resolve(HATES_COFFEE, replace(LIKES, is_change=True, confidence=0.5))
    assert decision.strategy is Strategy.CONFIDENCE_REDUCTION


def test_context_differentiation() -> None:
    # "Hates coffee at home, drinks it at work meetings" → context-qualified facts
    decision = resolve(HATES_COFFEE, replace(LIKES, context="at work"))
    assert decision.strategy is Strategy.CONTEXT_DIFFERENTIATION
    assert _kinds(decision) == [ActionKind.STORE_CONTEXT_QUALIFIED]


def test_a_change_said_in_no_context_ends_a_value_held_in_a_season() -> None:
    # "in winter I live in Saalbach" then "we moved to Leiden": the move ends it
    winter = ExistingFact("user", "lives_in", "Saalbach", 0.9, context="in winter")
    decision = resolve(winter, replace(LIVES, object="Leiden", is_change=True))
    assert decision.strategy is Strategy.TEMPORAL_OVERRIDE
    # without a word of change, each season keeps its own value; "at work" is kept always
    assert resolve(winter, replace(LIVES, object="Leiden")).strategy is \
        Strategy.CONTEXT_DIFFERENTIATION
    at_work = ExistingFact("user", "lives_in", "Saalbach", 0.9, context="at work")
    assert resolve(at_work, replace(LIVES, object="Leiden", is_change=True)).strategy is \
        Strategy.CONTEXT_DIFFERENTIATION


def test_exception_flagging_wins_over_everything() -> None:
    decision = resolve(HATES_COFFEE, replace(LIKES, one_off=True, is_change=True,
                                             context="at work"))
    assert decision.strategy is Strategy.EXCEPTION_FLAGGING
    assert _kinds(decision) == [ActionKind.FLAG_EXCEPTION]


def test_confidence_reduction_with_a_stronger_new_fact() -> None:
    decision = resolve(HATES_COFFEE, LIKES)  # 0.9 > 0.7, no marker
    assert decision.strategy is Strategy.CONFIDENCE_REDUCTION
    kinds = _kinds(decision)
    assert kinds[:2] == [ActionKind.REDUCE_CONFIDENCE, ActionKind.REDUCE_CONFIDENCE]
    assert ActionKind.SUPERSEDE_EXISTING in kinds
    # existing loses 0.25 × 0.9 = 0.225; new loses 0.25 × 0.7 = 0.175
    assert decision.actions[0].amount == pytest.approx(CONFLICT_PENALTY * 0.9)
    assert decision.actions[1].amount == pytest.approx(CONFLICT_PENALTY * 0.7)
    # after reduction 0.475 vs 0.725: far apart, no need to ask
    assert not decision.needs_clarification


def test_confidence_reduction_with_a_weaker_new_fact_keeps_a_variant() -> None:
    decision = resolve(HATES_COFFEE, replace(LIKES, confidence=0.6))
    assert ActionKind.KEEP_AS_VARIANT in _kinds(decision)
    # 0.7 − 0.25·0.6 = 0.55 vs 0.6 − 0.25·0.7 = 0.425: |0.125| < 0.15 → ask the user
    assert decision.needs_clarification


def test_variant_limit() -> None:
    full = replace(HATES_COFFEE, variant_confidences=(0.5, 0.2, 0.4))
    decision = resolve(full, replace(LIKES, confidence=0.6))
    replace_action = [a for a in decision.actions
                      if a.kind is ActionKind.REPLACE_WEAKEST_VARIANT]
    assert replace_action and replace_action[0].variant_index == 1
    weak = resolve(full, replace(LIKES, confidence=0.1))
    assert ActionKind.DISCARD_NEW in _kinds(weak)


@pytest.mark.parametrize(
    ("new", "existing", "variants", "outcome", "index"),
    [
        (0.9, 0.8, (), ReconsolidationOutcome.SUPERSEDE, None),
        (0.8, 0.8, (), ReconsolidationOutcome.ADD_VARIANT, None),  # not strictly greater
        (0.5, 0.8, (0.4, 0.3), ReconsolidationOutcome.ADD_VARIANT, None),
        (0.5, 0.8, (0.4, 0.3, 0.6), ReconsolidationOutcome.REPLACE_WEAKEST_VARIANT, 1),
        (0.2, 0.8, (0.4, 0.3, 0.6), ReconsolidationOutcome.DISCARD, None),
        (0.3, 0.8, (0.4, 0.3, 0.6), ReconsolidationOutcome.DISCARD, None),  # ties discard
    ],
)
def test_reconsolidation_rule(new: float, existing: float, variants: tuple[float, ...],
                              outcome: ReconsolidationOutcome, index: int | None) -> None:
    assert reconsolidate(new, existing, variants) == (outcome, index)


def test_reconsolidation_limit_is_configurable() -> None:
    assert MAX_FACT_VARIANTS == 3
    assert reconsolidate(0.1, 0.8, (), max_variants=0) == (ReconsolidationOutcome.DISCARD, None)
    with pytest.raises(InvalidInputError):
        reconsolidate(0.1, 0.8, (), max_variants=-1)


def test_rescheduled_event_conflicts_but_a_second_date_does_not() -> None:
    tue = datetime(2024, 4, 4, tzinfo=UTC)
    fri = datetime(2024, 4, 5, tzinfo=UTC)
    event = FactCandidate(FactCategory.EVENT, Subcategory.EVENT_UPCOMING, "user", "has_event",
                          "job interview", 0.9, valid_from=fri)
    existing = ExistingFact("user", "has_event", "job interview", 0.9, valid_from=tue)
    assert relate(existing, event) is Relation.COMPATIBLE
    moved = resolve(existing, replace(event, is_change=True))
    assert moved.strategy is Strategy.TEMPORAL_OVERRIDE
    assert moved.actions[0].at is None  # events close when the change was said
