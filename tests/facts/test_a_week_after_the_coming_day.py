""""the Sunday after next", "a week from Sunday", "übernächsten Sonntag", "samedi en huit",
"zaterdag over een week", "the weekend after next": a week after the coming such day. They
were read as the coming day itself (the words around the weekday ignored), or, in Dutch, as a
week from today. Said on Monday 2 March 2026. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.temporal_patterns import scan

from .conftest import said_a_day_apart

_MONDAY = date(2026, 3, 2)


@pytest.mark.parametrize(("said", "day"), [
    ("we fly out the Sunday after next", date(2026, 3, 15)),
    ("the party is a week from Saturday", date(2026, 3, 14)),
    ("my exam is Friday week, wish me luck", date(2026, 3, 13)),
    ("am übernächsten Samstag ist die Hochzeit", date(2026, 3, 14)),
    ("on part samedi en huit", date(2026, 3, 14)),
    ("zaterdag over een week is het feest", date(2026, 3, 14)),
    ("am Samstag in einer Woche feiern wir den 60. von Papa", date(2026, 3, 14)),
    # as many weeks as are said: two weeks after the coming Saturday (7 March) is 21 March
    # (these were read as the coming day itself, or as two weeks from today)
    ("the wedding is two weeks from Saturday, need a gift", date(2026, 3, 21)),
    ("Samstag in zwei Wochen ist die Hochzeit", date(2026, 3, 21)),
    ("zaterdag over twee weken is het feest", date(2026, 3, 21)),
    ("sabato fra due settimane c'è la festa di Giulia", date(2026, 3, 21)),
    ("on part samedi en quinze", date(2026, 3, 21)),
])
def test_weeks_after_the_coming_weekday(said: str, day: date) -> None:
    assert [f.piece.first for f in scan(said, _MONDAY, True, "future")] == [day]


@pytest.mark.parametrize("said", ["the weekend after next we go camping",
                                  "das übernächste Wochenende sind wir in Hamburg"])
def test_the_weekend_after_next(said: str) -> None:
    found = scan(said, _MONDAY, True, "future")
    assert [(f.piece.first, f.piece.end) for f in found] == [(date(2026, 3, 21),
                                                              date(2026, 3, 23))]


@pytest.mark.parametrize(("said", "day"), [("next Saturday we fly", date(2026, 3, 7)),
                                           ("this Saturday we fly", date(2026, 3, 7)),
                                           ("next weekend we fly", date(2026, 3, 14))])
def test_the_coming_day_stays_the_coming_day(said: str, day: date) -> None:
    assert [f.piece.first for f in scan(said, _MONDAY, True, "future")] == [day]


def test_a_plan_the_sunday_after_next_holds_on_that_day() -> None:
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with said_a_day_apart("my cousin's christening is the Sunday after next",
                          start=start, user_id="ada", lang="en") as memory:
        facts = memory.facts.list(user_id="ada")
    dated = [f for f in facts if "christening" in f.text]
    assert len(dated) == 1 and "15 March 2026" in dated[0].text, [f.text for f in facts]
    assert dated[0].valid_from is not None and dated[0].valid_from.day == 15


@pytest.mark.parametrize(("said", "day"), [
    ("dentro de quince días tengo el examen", date(2026, 3, 16)),
    ("over veertien dagen is de bruiloft", date(2026, 3, 16)),
    ("in zwanzig Tagen geht's los", date(2026, 3, 22)),
    ("fra venti giorni parto", date(2026, 3, 22)),
    ("hace quince días empecé a correr", date(2026, 2, 16)),
])
def test_numbers_past_ten_in_a_span_of_days(said: str, day: date) -> None:
    """"quince", "veertien", "zwanzig", "venti" were missing: the span was not read."""
    tense = "past" if said.startswith("hace") else "future"
    assert [f.piece.first for f in scan(said, _MONDAY, True, tense)] == [day]
