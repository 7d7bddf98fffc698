"""Dating said with how long first ("da due mesi esco con Pietro", "hace tres semanas salgo con
Joaquín", "depuis deux mois je sors avec Malik"): the person named is the user's partner, as
when the time comes after the name ("esco con Pietro da due mesi").

Only the time after the name was read, so the clause was a remark (read as health, or as the
home) and no partner was known. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 6, 13, 20, 0, tzinfo=UTC)

DATING = {
    "it": ("Da due mesi esco con Pietro: fa il cuoco a Trani.", "Pietro"),
    "es": ("Hace tres semanas salgo con Joaquín, es enfermero.", "Joaquín"),
    "fr": ("Depuis deux mois je sors avec Malik, il est boulanger.", "Malik"),
}


@pytest.mark.parametrize("lang", sorted(DATING))
def test_the_one_dated_for_a_while_is_the_partner(lang: str) -> None:
    said, name = DATING[lang]
    with said_a_day_apart(said, start=_DAY, user_id="d", lang=lang) as memory:
        facts = memory.facts.list(user_id="d")
    assert [f for f in facts if f.predicate == "has_partner" and f.object == name], \
        [f.text for f in facts]


def test_going_out_with_friends_tonight_names_no_partner() -> None:
    with said_a_day_apart("Stasera esco con Giulia e Marta, andiamo al cinema.", start=_DAY,
                          user_id="d", lang="it") as memory:
        facts = memory.facts.list(user_id="d")
    assert not [f for f in facts if f.predicate == "has_partner"], [f.text for f in facts]
