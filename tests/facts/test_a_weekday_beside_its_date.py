""""martedì 10 marzo", "Saturday, March 14", "Samstag, den 14.", "3月14日星期六": a weekday said
right beside a day of the month names that day. Before, the weekday was read on its own as
the next such weekday, so the plan was dated a week early and its sentence carried two dates.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.temporal_patterns import scan

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

CASES = [
    ("en", "my sister's wedding is on Saturday, March 14", "Saturday 14 March 2026"),
    ("en", "the driving test is on Friday the 13th", "Friday 13 March 2026"),
    ("de", "am Samstag, den 14., feiern wir die Hochzeit meiner Cousine", "14 March 2026"),
    ("de", "die Prüfung ist am Freitag, 13. März", "13 March 2026"),
    ("it", "venerdì 13 marzo ho l'esame di guida", "13 March 2026"),
    ("es", "el examen de conducir es el viernes 13 de marzo", "13 March 2026"),
    ("pt", "o exame de condução é na sexta dia 13", "13 March 2026"),
    ("nl", "het rijexamen is vrijdag de 13e", "13 March 2026"),
    ("zh", "驾照考试在3月13日星期五", "13 March 2026"),
]


@pytest.mark.parametrize(("lang", "said", "day"), CASES)
def test_a_weekday_beside_a_day_of_the_month_is_that_day(lang: str, said: str,
                                                         day: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="eva", lang=lang) as memory:
        facts = memory.facts.list(user_id="eva")
    dated = [f for f in facts if f.valid_from is not None and f.valid_from.year == 2026]
    assert len(dated) == 1, [(f.text, f.valid_from) for f in facts]
    fact = dated[0]
    assert fact.valid_from is not None
    assert fact.valid_from.date() in (date(2026, 3, 13), date(2026, 3, 14)), fact
    assert day in fact.text, fact.text
    assert "7 March" not in fact.text and "6 March" not in fact.text, fact.text  # no week early


@pytest.mark.parametrize("said", ["I'm off on Friday and my sister comes on the 20th",
                                  "Friday is fine, or else March 20"])
def test_a_weekday_and_a_date_apart_stay_two_days(said: str) -> None:
    found = scan(said, date(2026, 3, 2), day_first=False, tense="future")
    assert [f.piece.first for f in found] == [date(2026, 3, 6), date(2026, 3, 20)], found
