"""A day and month said without a year in a clause in the present tense is the coming one once
the closest lies more than DATE_LOOKS_BACK_DAYS back: "my mum's birthday is on 12 October",
said in March, is this October, not last. A past tense keeps the one gone ("I moved here on
12 October"), and a text of unknown tense keeps the closest. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.temporal_patterns import DATE_LOOKS_BACK_DAYS, Days, scan

from .conftest import said_a_day_apart


def _first_day(text: str, said: date, tense: str | None) -> date:
    days = [f.piece for f in scan(text, said, True, tense) if isinstance(f.piece, Days)]
    return days[0].first


def test_the_present_looks_ahead_past_the_limit() -> None:
    march = date(2025, 3, 3)
    assert _first_day("12 October", march, "present") == date(2025, 10, 12)
    assert _first_day("12 October", march, None) == date(2024, 10, 12)  # the closest
    assert _first_day("12 October", march, "past") == date(2024, 10, 12)
    november = date(2025, 11, 10)  # a month back is within the limit: still that day
    assert (november - date(2025, 10, 12)).days <= DATE_LOOKS_BACK_DAYS
    assert _first_day("12 October", november, "present") == date(2025, 10, 12)


@pytest.mark.parametrize(("turn", "lang", "said", "day"), [
    ("my mum's birthday is on 12 October", "en", datetime(2025, 3, 3, 10, tzinfo=UTC),
     "12 October 2025"),
    ("la boda de mi hermana es el 14 de junio, ayúdame con el discurso", "es",
     datetime(2025, 11, 20, 10, tzinfo=UTC), "14 June 2026"),
    ("I moved here on 12 October", "en", datetime(2025, 3, 3, 10, tzinfo=UTC),
     "12 October 2024"),
])
def test_the_fact_says_the_day_meant(turn: str, lang: str, said: datetime, day: str) -> None:
    with said_a_day_apart(turn, start=said, user_id="day", lang=lang) as memory:
        texts = [f.text for f in memory.facts.history(user_id="day")]
    assert [t for t in texts if day in t], texts
