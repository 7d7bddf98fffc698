"""Seasons are dates: "this spring", "next summer", "last winter", "heuer im Frühling",
"l'été dernier", "el verano pasado", "quest'estate", "o verão passado", "dit voorjaar",
"明年夏天" are three months (meteorological, northern hemisphere), "this" being the season
under way or else the coming one (the one just gone when the clause is in the past). A
season word in a name ("Summer Street") is none. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.render import date_text
from lucidmem.facts.temporal import find_temporal

from .conftest import said_a_day_apart

_JANUARY = datetime(2026, 1, 20, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "first", "end"), [
    ("this spring", date(2026, 3, 1), date(2026, 6, 1)),
    ("next summer", date(2026, 6, 1), date(2026, 9, 1)),
    ("last autumn", date(2025, 9, 1), date(2025, 12, 1)),
    ("this winter", date(2025, 12, 1), date(2026, 3, 1)),
    ("heuer im Frühling", date(2026, 3, 1), date(2026, 6, 1)),
    ("letzten Sommer", date(2025, 6, 1), date(2025, 9, 1)),
    ("l'été dernier", date(2025, 6, 1), date(2025, 9, 1)),
    ("el verano pasado", date(2025, 6, 1), date(2025, 9, 1)),
    ("quest'estate", date(2026, 6, 1), date(2026, 9, 1)),
    ("o verão passado", date(2025, 6, 1), date(2025, 9, 1)),
    ("dit voorjaar", date(2026, 3, 1), date(2026, 6, 1)),
    ("明年夏天", date(2027, 6, 1), date(2027, 9, 1)),
    ("去年冬天", date(2025, 12, 1), date(2026, 3, 1)),
])
def test_a_season_is_three_months(said: str, first: date, end: date) -> None:
    found = find_temporal(said, _JANUARY)
    assert found is not None and found.start is not None and found.end is not None, said
    assert (found.start.date(), found.end.date()) == (first, end)


def test_a_season_in_a_name_is_no_date() -> None:
    assert find_temporal("we met in Summer Street", _JANUARY) is None


@pytest.mark.parametrize(("said", "tense", "first"), [
    ("in the spring we'll move to York", "future", date(2026, 3, 1)),
    ("au printemps on a déménagé", "past", date(2025, 3, 1)),
    ("in summer I cycle to work", None, None),
    ("im Winter ist es hier kalt", None, None),
])
def test_a_bare_season_is_dated_only_in_the_past_or_to_come(said: str, tense: str | None,
                                                            first: date | None) -> None:
    found = find_temporal(said, _JANUARY, tense=tense)
    if first is None:
        assert found is None, found
    else:
        assert found is not None and found.start is not None
        assert found.start.date() == first


def test_a_season_is_written_as_one() -> None:
    found = find_temporal("next winter", _JANUARY)
    assert found is not None
    assert date_text(found) == "winter 2026/27"


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "heuer im Frühling ziehen wir von Graz weg, nach Innsbruck"),
    ("en", "this spring we're moving from Leeds to York"),
])
def test_a_home_left_in_spring_holds_until_then(lang: str, said: str) -> None:
    # (a second turn in August, so that both moments asked about have passed)
    with said_a_day_apart(said, "ok, thanks!", start=_JANUARY, user_id="eva", lang=lang,
                          days=200) as memory:
        held = [f.text for f in memory.facts.list(
            user_id="eva", as_of=datetime(2026, 2, 1, 12, tzinfo=UTC), mode="true")]
        later = [f.text for f in memory.facts.list(
            user_id="eva", as_of=datetime(2026, 7, 1, 12, tzinfo=UTC), mode="true")]
    old, new = ("Graz", "Innsbruck") if lang == "de" else ("Leeds", "York")
    assert any(old in text for text in held), held
    assert any(new in text for text in later) and not any(old in text for text in later), later
