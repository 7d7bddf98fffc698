"""A workplace said before the station the user stands at there ("in der Metzgerei Haller
hinter der Theke", "at Tesco on the tills") is where the user works, as one said after it is
("hinter der Theke der Metzgerei Haller"); and an Austrian "erste Woch … überlebt" is a first
week at a new workplace. So a new job ends it.

The order of station and workplace was read one way only, so the clause was a routine that no
new job ended. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "place"), [
    ("de", "Ich steh unter der Woche ab sechs in der Metzgerei Haller hinter der Theke.",
     "Metzgerei Haller"),
    ("en", "I'm at Kwik Save on the tills most days.", "Kwik Save"),
])
def test_the_workplace_before_the_station_is_the_employer(lang: str, said: str,
                                                          place: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id="w", lang=lang) as memory:
        facts = memory.facts.list(user_id="w")
    assert [f for f in facts if f.predicate == "works_at" and f.object == place], \
        [f.text for f in facts]


def test_a_first_week_survived_ends_the_job_at_the_counter() -> None:
    with said_a_day_apart("Ich steh unter der Woche ab sechs in der Metzgerei Haller hinter der "
                          "Theke.", "Erste Woch bei Grünwald Logistik überlebt!", start=_DAY,
                          user_id="w", lang="de", days=90) as memory:
        current = [f.text for f in memory.facts.list(user_id="w")]
    assert [t for t in current if "Grünwald Logistik" in t], current
    assert not [t for t in current if "Haller" in t], current
