"""A one-off that sets this week's day against the habit's ("esta semana o ensaio não é na
segunda, passa para terça, só desta vez", "diese Woche nicht am Montag, sondern am Dienstag,
nur ausnahmsweise"), in that clause or in a sentence of its own ("… passa para terça. só
desta vez."), is an exception to the habit, not a correction of it: the habit stays held.
Sentences written for these tests; before this change the habit was retracted.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 18, 0, tzinfo=UTC)

HABIT_THEN_ONE_OFF = {
    "es": ("el coro ensaya los lunes en la parroquia",
           "esta semana el coro no es el lunes, es el martes, solo por esta vez", "lunes"),
    "pt": ("o coro ensaia às segundas na igreja",
           "esta semana o ensaio não é na segunda, passa para terça, só desta vez", "segundas"),
    "de": ("Chorprobe ist immer montags im Gemeindehaus",
           "diese Woche ist die Chorprobe nicht am Montag, sondern am Dienstag, nur "
           "ausnahmsweise", "montags"),
    "it": ("il coro prova il lunedì in parrocchia",
           "questa settimana il coro non è lunedì, è martedì, solo per questa volta", "lunedì"),
}


@pytest.mark.parametrize("case", sorted(HABIT_THEN_ONE_OFF))
def test_the_habit_holds_after_a_one_off_day(case: str) -> None:
    habit, one_off, day = HABIT_THEN_ONE_OFF[case]
    with said_a_day_apart(habit, one_off, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(day in t for t in texts if "week of" not in t), texts


ONE_OFF_SAID_APART = {
    "pt": ("o coro ensaia às segundas na igreja",
           "esta semana o ensaio não é na segunda, passa para terça. só desta vez.", "segundas"),
    "es": ("el coro ensaya los lunes en la parroquia",
           "esta semana el coro no es el lunes, es el martes. solo por esta vez.", "lunes"),
    "it": ("il coro prova il lunedì in parrocchia",
           "questa settimana il coro non è lunedì, è martedì. solo per questa volta.", "lunedì"),
}


@pytest.mark.parametrize("case", sorted(ONE_OFF_SAID_APART))
def test_a_one_off_said_in_a_sentence_of_its_own(case: str) -> None:
    habit, one_off, day = ONE_OFF_SAID_APART[case]
    with said_a_day_apart(habit, one_off, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(day in t for t in texts if "week of" not in t), texts


NEXT_WEEK_ONE_OFF = {
    "nl": ("Elke dinsdagavond zing ik bij het koor in de Sint-Janskerk.",
           "Volgende week repeteert het koor niet op dinsdag maar op woensdag; de kerk is "
           "die dinsdag bezet.", "dinsdagavond"),
    "en": ("Every Tuesday evening I sing with the choir at St John's.",
           "Next week the choir doesn't meet on Tuesday but on Wednesday, the church is "
           "booked.", "Tuesday"),
}


@pytest.mark.parametrize("case", sorted(NEXT_WEEK_ONE_OFF))
def test_next_weeks_other_day_is_a_one_off(case: str) -> None:
    """A day set against the habit's for a week named as next week (no "only this time") is a
    one-off as this week's is: the habit stays held."""
    habit, one_off, day = NEXT_WEEK_ONE_OFF[case]
    with said_a_day_apart(habit, one_off, start=_START, user_id=case, lang=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(day in t for t in texts if "week of" not in t), texts
