"""A month said in the present, as a plan or a fact that holds ("In October we're flying to
Porto", "im Oktober habe ich Geburtstag"), is the coming one, not the one gone months ago;
told in the past ("In October I moved to Leeds") it is the one gone; a month just gone stays
itself. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.temporal_patterns import scan

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "month"), [
    ("en", "In October we're flying to Porto", "October 2026"),
    ("de", "Im Oktober fliegen wir nach Porto", "October 2026"),
    ("es", "En octubre me voy de viaje a Oporto con mi hermana", "October 2026"),
    ("en", "In October I moved to Leeds", "October 2025"),
])
def test_a_month_is_read_by_the_tense_it_is_said_in(lang: str, said: str, month: str) -> None:
    with said_a_day_apart(said, start=_MARCH, user_id="ria", lang=lang) as memory:
        texts = [f.text for f in memory.facts.history(user_id="ria")]
    assert any(month in t for t in texts), texts


def test_a_month_just_gone_stays_itself() -> None:
    found = [p for p in scan("in February", date(2026, 3, 2), True, None)]
    assert found and found[0].piece.first == date(2026, 2, 1)
