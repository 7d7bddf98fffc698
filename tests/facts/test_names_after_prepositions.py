"""A German name after a preposition ("mit Svenja", "für Greta", "bei Jonas") is someone:
"wir sind seit Oktober zusammen" after it makes them the user's partner. German nouns said
the same way ("mit Freunden", "bei Aldi", "zu Hause") stay no one. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.people import is_given_name

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 19, 0, tzinfo=UTC)


def _relations(*turns: str, lang: str) -> set[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MAY, user_id="ute", lang=lang) as memory:
        return {(f.predicate, f.object) for f in memory.facts.list(user_id="ute")
                if f.predicate.startswith("has_")}


@pytest.mark.parametrize("first", [
    "Letztes Wochenende war ich mit Svenja am Bodensee",
    "Ich hab am Samstag bei Svenja übernachtet",
    "Gestern hab ich Blumen für Svenja gekauft",
    "Ich bin am Abend noch zu Svenja gefahren",
    "Ich denk die ganze Zeit an Svenja",
    "Heute kam ein Brief von Svenja",
    "Ich war mit der Svenja beim Italiener",
])
def test_a_name_after_a_preposition_is_who_the_user_is_together_with(first: str) -> None:
    relations = _relations(first, "Wir sind seit Oktober zusammen", lang="de")
    assert ("has_partner", "Svenja") in relations


@pytest.mark.parametrize("first", [
    "Ich war gestern mit Freunden im Kino",
    "Ich trinke morgens Tee mit Zitrone",
    "Ich bin seit Wochen nur für die Arbeit unterwegs",
    "Ich hab heute bei Aldi eingekauft",
    "Ich bin am Wochenende zu Hause geblieben",
    "Wir waren an Weihnachten bei Oma",
])
def test_a_noun_after_a_preposition_is_no_partner(first: str) -> None:
    relations = _relations(first, "Wir sind seit Oktober zusammen", lang="de")
    assert not any(predicate == "has_partner" for predicate, _ in relations), relations


def test_a_noun_or_a_company_is_no_given_name() -> None:
    assert is_given_name("Svenja") and is_given_name("Anna-Lena")
    assert not any(is_given_name(w) for w in ("Kaffee", "Freunden", "Aldi", "Siemens", "Hause"))
