"""A remark made in the canteen at an organisation ("in der Kantine bei Bosch, mittwochs gibt
es immer Schnitzel") names the user's employer in passing, as "my boss at Harfang" does: it
ends when the user starts at another organisation. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_OCTOBER = datetime(2026, 10, 5, 12, 0, tzinfo=UTC)

CANTEEN_THEN_NEW_JOB = {
    "en": ("Having lunch in the canteen at Unilever, Fridays it's always fish and chips.",
           "First week at Diageo done, the team is lovely.", "Unilever"),
    "de": ("Sitze gerade in der Kantine bei Bosch, mittwochs gibt es immer Schnitzel.",
           "Erste Woche bei Zeiss geschafft, die Kollegen sind nett.", "Bosch"),
    "nl": ("Ik zit in de kantine bij Philips, op vrijdag is er altijd frituur.",
           "Eerste week bij ASML zit erop, leuke collega's.", "Philips"),
}


@pytest.mark.parametrize("lang", sorted(CANTEEN_THEN_NEW_JOB))
def test_a_new_employer_ends_the_canteen_of_the_old_one(lang: str) -> None:
    before, after, old = CANTEEN_THEN_NEW_JOB[lang]
    with said_a_day_apart(before, after, start=_OCTOBER, user_id="bea", lang=lang,
                          days=60) as memory:
        now = [f.text for f in memory.facts.list(user_id="bea")]
        history = [f.text for f in memory.facts.history(user_id="bea")]
    assert not any(old in text for text in now), now
    assert any(old in text for text in history), history
