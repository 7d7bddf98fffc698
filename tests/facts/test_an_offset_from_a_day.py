"""An offset counted from today or tomorrow ("three weeks from today", "heute in drei
Wochen", "d'ici trois semaines", "三个星期后") is that many units after the day, not the day
itself; and a relation's name before a possessive ("my sister Kavya's wedding") is the name
without it. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.temporal import find_temporal

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "day"), [
    ("three weeks from today", date(2026, 3, 23)),
    ("10 days from today", date(2026, 3, 12)),
    ("a week from tomorrow", date(2026, 3, 10)),
    ("heute in drei Wochen", date(2026, 3, 23)),
    ("morgen in einer Woche", date(2026, 3, 10)),
    ("d'ici trois semaines", date(2026, 3, 23)),
    ("de hoy en tres semanas", date(2026, 3, 23)),
    ("de aquí a dos semanas", date(2026, 3, 16)),
    ("da qui a due settimane", date(2026, 3, 16)),
    ("vandaag over drie weken", date(2026, 3, 23)),
    ("三个星期后", date(2026, 3, 23)),
    ("两个礼拜后", date(2026, 3, 16)),
])
def test_an_offset_counted_from_a_day(said: str, day: date) -> None:
    found = find_temporal(said, _MONDAY)
    assert found is not None and found.start is not None, said
    assert found.start.date() == day


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "my cousin Ravi's engagement party is three weeks from today in Leeds"),
    ("de", "die Hochzeit meiner Cousine ist heute in drei Wochen in Graz"),
])
def test_the_event_is_on_the_day_counted(lang: str, said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="ana", lang=lang) as memory:
        facts = memory.facts.list(user_id="ana")
    assert any("23 March 2026" in f.text for f in facts), [f.text for f in facts]


def test_a_name_before_a_possessive() -> None:
    said = "my sister Meera's flat in Pune is tiny, and my brother Dev's car broke down"
    with said_a_day_apart(said, start=_MONDAY, user_id="ana", lang="en") as memory:
        facts = [f.text for f in memory.facts.list(user_id="ana")]
    assert "The user's sister is Meera" in facts, facts
    assert "The user's brother is Dev" in facts, facts
    assert not any(text.endswith(("Meera's", "Dev's")) for text in facts), facts
