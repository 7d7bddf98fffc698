"""A workplace named through its kind of place, with the years the user has been there ("in
der Schreinerei Obermaier in Bad Aibling, seit 22 Jahren", "at the Halden bakery in Leeds for
twelve years"), is the user's employer — not a home in the town named after it — and a later
job ends it. A house or a flat with years in it stays a home. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "employer"), [
    ("en", "I've been at the Halden bakery in Leeds for 12 years now.", "Halden"),
    ("de", "Ich bin in der Bäckerei Huber in Passau, seit 9 Jahren schon.", "Huber"),
    ("fr", "Je suis à la boulangerie Morel depuis six ans.", "Morel"),
    ("es", "Estoy en el taller Núñez desde hace ocho años.", "Núñez"),
    ("it", "Sono alla falegnameria Bassi da quasi dieci anni.", "Bassi"),
    ("pt", "Estou na padaria Lusitana há sete anos.", "Lusitana"),
    ("nl", "Ik zit bij de bakkerij Visser in Zwolle al twaalf jaar.", "Visser"),
])
def test_years_at_a_kind_of_workplace_are_the_employer(lang: str, said: str,
                                                        employer: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="kai", lang=lang) as memory:
        facts = memory.facts.list(user_id="kai")
    assert any(f.predicate == "works_at" and employer in f.text for f in facts), \
        [(f.predicate, f.text) for f in facts]
    assert not any(f.predicate == "lives_in" for f in facts), \
        [(f.predicate, f.text) for f in facts]


def test_a_later_job_ends_the_years_at_the_workplace() -> None:
    turns = ("Ich bin in der Schreinerei Kastner in Traunstein, seit 15 Jahren.",
             "Seit letzter Woche arbeite ich bei der Stadt Traunstein als Gärtner.")
    with said_a_day_apart(*turns, start=_MONDAY, user_id="kai", lang="de") as memory:
        current = [f.text for f in memory.facts.list(user_id="kai")]
    assert any("Gärtner" in text or "Stadt Traunstein" in text for text in current), current
    assert not any("Kastner" in text for text in current), current


def test_years_in_a_home_stay_a_home() -> None:
    with said_a_day_apart("J'habite dans la maison Dupont à Lyon depuis six ans.",
                          start=_MONDAY, user_id="kai", lang="fr") as memory:
        facts = memory.facts.list(user_id="kai")
    assert not any(f.predicate == "works_at" for f in facts), \
        [(f.predicate, f.text) for f in facts]
