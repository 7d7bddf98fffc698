"""A move said plainly ends the home the user held in a part of the week as well ("Unter der
Woche wohne ich in Linz", then "Seit drei Wochen wohne ich jetzt in Wels"): one home now,
not a weekday one beside it. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.contradictions import ExistingFact, Relation, Strategy, resolve
from lucidmem.facts.model import FactCandidate, FactCategory, Subcategory

from .conftest import current_facts

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)


def test_a_move_ends_the_weekday_home() -> None:
    current = current_facts(
        "Unter der Woche wohne ich in Linz, am Wochenende bei meinen Eltern.",
        "Seit drei Wochen wohne ich jetzt in Wels, endlich nur eine Wohnung.", start=_APRIL,
        lang="de", days=60)
    assert any("lives in wels" in t for t in current), current
    assert not any("lives in linz" in t for t in current), current


def _home(place: str, *, change: bool, context: str | None = None) -> FactCandidate:
    sub = Subcategory.BIOGRAPHICAL_PERSONAL
    return FactCandidate(category=FactCategory.BIOGRAPHICAL, subcategory=sub, subject="user",
                         predicate="lives_in", object=place, confidence=0.9, language="en",
                         source_text=place, is_change=change, context=context)


def test_only_a_change_ends_a_home_in_a_context() -> None:
    held = ExistingFact(subject="user", predicate="lives_in", object="Leeds", confidence=0.9,
                        context="on weekdays")
    moved = resolve(held, _home("York", change=True))
    assert moved.relation is Relation.CONFLICT
    assert moved.strategy is Strategy.TEMPORAL_OVERRIDE
    said = resolve(held, _home("York", change=False))  # no change said: both may hold
    assert said.strategy is Strategy.CONTEXT_DIFFERENTIATION
