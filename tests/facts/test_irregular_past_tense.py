""""I ran my first marathon on Sunday", said on a Monday, is the Sunday just gone: English
irregular past forms and Spanish preterites in -í ("corrí") say the past, as "-ed" and "-ó"
already did. A verb that reports what comes ("I said I'd get tickets for Wednesday") does not
make it past. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "I ran my first half marathon on Sunday"),
    ("en", "we met her parents on Saturday, it went fine"),
    ("en", "I swam two kilometres on Sunday"),
    ("es", "el domingo corrí mi primera media maratón"),
    ("es", "el sábado conocí a sus padres"),
])
def test_an_act_in_the_past_is_on_the_day_just_gone(lang: str, said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="noa", lang=lang) as memory:
        facts = memory.facts.history(user_id="noa")
    dated = [f for f in facts if f.valid_from is not None and f.valid_from.year == 2026
             and f.valid_from.date() != _MONDAY.date()]
    assert dated and all(f.valid_from is not None and f.valid_from.date() < _MONDAY.date()
                         for f in dated), [(f.text, f.valid_from) for f in facts]


@pytest.mark.parametrize(("lang", "said", "day"), [
    ("en", "I said I'd get tickets for Wednesday", date(2026, 3, 4)),
    ("es", "el domingo voy a correr aquí cerca", date(2026, 3, 8)),
])
def test_a_plan_stays_to_come(lang: str, said: str, day: date) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="noa", lang=lang) as memory:
        facts = memory.facts.list(user_id="noa")
    assert any(day.strftime("%-d March 2026") in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("said", "day"), [
    ("I've got a job interview at Waitrose on Friday", date(2026, 3, 6)),
    ("I have got a dentist appointment on Thursday, ugh", date(2026, 3, 5)),
    ("we've got my niece's christening on Saturday", date(2026, 3, 7)),
])
def test_have_got_is_having_not_a_past(said: str, day: date) -> None:
    """"I've got X on Friday" is what the user has coming: the date in the fact's text is
    the coming Friday, the same day as its validity (it had said the Friday gone)."""
    with said_a_day_apart(said, start=_MONDAY, user_id="noa", lang="en") as memory:
        facts = memory.facts.list(user_id="noa")
    label = day.strftime("%-d March 2026")
    assert any(label in f.text for f in facts), [f.text for f in facts]
    assert not any("February" in f.text for f in facts), [f.text for f in facts]


def test_shes_got_reads_has_got() -> None:
    said = "my sister Jo called. she's got her driving test on Wednesday"
    with said_a_day_apart(said, start=_MONDAY, user_id="noa", lang="en") as memory:
        facts = memory.facts.list(user_id="noa")
    assert not any(" is got " in f.text for f in facts), [f.text for f in facts]
    assert any("4 March 2026" in f.text for f in facts), [f.text for f in facts]
