"""Habits as chat says them: weekdays without their accents ("tutti i lunedi", "los sabados"),
a habit moved for this week or weekend to another day ("questa settimana giochiamo martedi",
"este finde jugamos el domingo, no el sabado") is an exception to it, not its end, and someone
forgetting something ("siempre alguien se olvida", "ma mère oublie tout") asks nothing to be
forgotten. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [(f.status, f.text) for f in memory.facts.history(user_id="u")]


@pytest.mark.parametrize(("lang", "habit", "moved", "word"), [
    ("it", "giochiamo a calcetto tutti i giovedi sera a sacile",
     "questa settimana giochiamo venerdi, stessa ora", "giovedi"),
    ("es", "entrenamos todos los sabados a la mañana en el club",
     "este finde entrenamos el domingo, no el sabado, la cancha esta ocupada", "sabados"),
    ("en", "I swim every Tuesday evening at the leisure centre.",
     "This week I swim on Wednesday, the pool is closed for cleaning.", "Tuesday"),
])
def test_a_habit_moved_for_this_week_is_an_exception(lang: str, habit: str, moved: str,
                                                     word: str) -> None:
    facts = _facts(habit, moved, lang=lang)
    assert any(status == "active" and word in text for status, text in facts), facts
    assert any(status == "exception" for status, _ in facts), facts


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("es", "jugamos todos los sabados a la mañana en el club y siempre alguien se olvida jaja",
     "sabados"),
    ("fr", "ma mère oublie tout en ce moment, elle habite à Quimper", "Quimper"),
])
def test_someone_forgetting_asks_nothing_to_be_forgotten(lang: str, text: str,
                                                         word: str) -> None:
    facts = _facts(text, lang=lang)
    assert any(status == "active" and word in text for status, text in facts), facts
    assert not any("forget" in text for _, text in facts), facts


@pytest.mark.parametrize("text", ["I swim Tuesday nights at the leisure centre.",
                                  "Choir is Thursday evenings at the church hall."])
def test_a_weekday_with_its_part_of_day_in_the_plural_is_every_week(text: str) -> None:
    facts = _facts(text, lang="en")
    assert facts and not any("2026" in t for _, t in facts), facts


@pytest.mark.parametrize(("lang", "text", "words"), [
    ("pt", "Nado toda segunda e quarta de manhã antes do trabalho.", ("segunda", "quarta")),
    # the second weekday of a pair after "every" is every one of it too, no date
    ("en", "I swim every Monday and Wednesday at the lido.", ("Monday", "Wednesday")),
    # a short habit that names its day is no remark of nothing in particular
    ("fr", "Merci. Je télétravaille le mardi, donc c'est facile.", ("mardi",)),
])
def test_a_habit_said_in_passing_keeps_its_days(lang: str, text: str,
                                                 words: tuple[str, ...]) -> None:
    facts = [t for status, t in _facts(text, lang=lang) if status == "active"]
    assert any(all(w in t for w in words) and "2026" not in t for t in facts), facts
