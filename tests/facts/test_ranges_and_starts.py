"""Two dates joined into a range, and a day something starts on, read as people mean them.

"From May 14 to May 18" is a stay on those days, not something that began last May; "from
May 14 I work nights" (said in March) starts this coming May, while "since May 14" began last
May; and "with my sister, May 14 to May 18" names no sister "May". Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.facts.render import with_dates
from lucidmem.facts.temporal import TemporalAnchor, find_temporal

_MARCH = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)  # Tuesday 10 March 2026


@pytest.mark.parametrize("text", [
    "we are in Lisbon from May 14 to May 18",
    "siamo a Lisbona dal 14 maggio al 18 maggio",
    "wir sind vom 14. Mai bis zum 18. Mai in Lissabon",
    "estamos en Lisboa desde el 14 de mayo hasta el 18 de mayo",
    "we zijn van 14 mei tot 18 mei in Lissabon",
])
def test_a_range_starting_with_from_is_a_stay_on_its_days(text: str) -> None:
    found = find_temporal(text, _MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == date(2026, 5, 14)  # coming, not May 2025
    assert found.anchor is TemporalAnchor.AT
    written, days = with_dates(text, _MARCH, None)
    assert [d.first for d in days] == [date(2026, 5, 14), date(2026, 5, 18)]
    assert " on 1" not in written, written  # "bis zum 18 May", not "bis zum on 18 May"


@pytest.mark.parametrize("text", [
    "from May 14 I work nights", "ab dem 14. Mai arbeite ich nachts",
    "vanaf 14 mei werk ik 's nachts",
])
def test_a_start_said_with_from_may_lie_ahead(text: str) -> None:
    found = find_temporal(text, _MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == date(2026, 5, 14)
    assert found.anchor is TemporalAnchor.SINCE


@pytest.mark.parametrize("text", [
    "since May 14 I work nights", "seit dem 14. Mai arbeite ich nachts",
    "depuis le 14 mai je travaille de nuit", "desde el 14 de mayo trabajo de noche",
])
def test_a_start_said_with_since_has_begun(text: str) -> None:
    found = find_temporal(text, _MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == date(2025, 5, 14)
    assert found.anchor is TemporalAnchor.SINCE


def test_a_month_before_a_day_is_a_date_not_the_name_of_the_person_before_it() -> None:
    said = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    memory = Memory(":memory:", clock=ManualClock(said))
    try:
        memory.add([{"role": "user", "timestamp": said.isoformat(),
                     "content": "Planning a trip: Lisbon with my sister, May 14 to May 18."}],
                   user_id="ida")
        facts = memory.facts.history(user_id="ida")
    finally:
        memory.close()
    assert not any(f.object == "May" for f in facts), [f.text for f in facts]
    events = [f for f in facts if f.predicate == "event"]
    assert events and "14 May 2027 to 18 May 2027" in events[0].text, [f.text for f in facts]


@pytest.mark.parametrize("text", [
    "the market is adding a wednesday evening one too",
    "it was a Friday like any other",
    "je nage un mercredi sur deux",
    "ein Mittwoch wie jeder andere, nichts los",
    "een woensdag zonder regen, eindelijk",
])
def test_a_weekday_after_a_or_un_is_no_date(text: str) -> None:
    """"a Wednesday evening one", "un mercredi sur deux": any one of them, no day."""
    written, days = with_dates(text, _MARCH, None)
    assert days == [] and "2026" not in written, written


@pytest.mark.parametrize("text", [
    "I have a meeting on Wednesday", "a quarta é dia de feira", "am Mittwoch kommt ein Freund",
])
def test_a_weekday_without_an_indefinite_article_keeps_its_date(text: str) -> None:
    written, days = with_dates(text, _MARCH, None)
    assert [d.first.weekday() for d in days] == [2], written


@pytest.mark.parametrize(("text", "first", "last"), [
    ("in two weeks I'm in Madrid for a conference, Tuesday to Thursday",
     date(2026, 3, 24), date(2026, 3, 26)),
    ("daqui a duas semanas vou a Madrid a um congresso, de terça a quinta",
     date(2026, 3, 24), date(2026, 3, 26)),
    ("next week I'm in Rome, from Tuesday to Thursday", date(2026, 3, 17), date(2026, 3, 19)),
])
def test_weekdays_after_a_day_to_come_fall_in_its_week(text: str, first: date,
                                                       last: date) -> None:
    """A bare weekday said after a day still to come is in that day's week, not the one
    nearest to when it is said."""
    _written, days = with_dates(text, _MARCH, None)
    assert (days[-2].first, days[-1].first) == (first, last), days


@pytest.mark.parametrize(("text", "lang", "inside"), [
    ("Also planning a trip! Lisbon with Sarah, May 14 to May 18.", "en", date(2026, 5, 16)),
    ("in two weeks I'm in Madrid for a conference, Tuesday to Thursday", "en",
     date(2026, 3, 25)),
])
def test_an_event_over_a_range_holds_on_every_day_of_it(text: str, lang: str,
                                                        inside: date) -> None:
    clock = ManualClock(_MARCH)
    memory = Memory(":memory:", clock=clock)
    try:
        memory.add([{"role": "user", "content": text, "timestamp": _MARCH.isoformat()}],
                   user_id="ona", metadata={"language": lang})
        moment = datetime(inside.year, inside.month, inside.day, 12, tzinfo=UTC)
        clock.now = moment + timedelta(days=1)
        then = [f.text for f in memory.facts.list(user_id="ona", as_of=moment, mode="true")]
    finally:
        memory.close()
    assert any(word in " ".join(then) for word in ("Lisbon", "Madrid")), then
