"""The moment readers on their own: a clause of the minute is no fact, a habit said with the
same words is one (the reader's behaviour end to end is pinned in the other fact tests)."""

from __future__ import annotations

import pytest

from lucidmem.facts.moments import moment_of_the_day, now_and_passing, outside_annoyance


@pytest.mark.parametrize(("text", "sentence", "lang"), [
    ("ahora me voy a hacer un café", "ahora me voy a hacer un café", "es"),
    ("bin heut völlig durch den Wind", "bin heut völlig durch den Wind", "de"),
    ("下午好，第二杯奶茶了", "下午好，第二杯奶茶了", "zh"),
    ("ho ricontrollato la mail", "scusa, ho ricontrollato la mail", "it"),
    ("esta semana es un caos", "esta semana es un caos", "es"),
    ("je fais une petite sieste", "aujourd'hui je fais une petite sieste", "fr"),
])
def test_a_clause_of_the_day_is_a_moment(text: str, sentence: str, lang: str) -> None:
    assert moment_of_the_day(text, sentence, lang)


@pytest.mark.parametrize(("text", "lang"), [
    ("I make a coffee every morning", "en"),
    ("ich bin immer gestresst heute wie jeden Tag", "de"),
    ("my second coffee is always decaf", "en"),
    ("je fais mes courses le samedi", "fr"),
    ("I work at the hospital", "en"),
])
def test_a_habit_or_a_state_is_no_moment(text: str, lang: str) -> None:
    assert not moment_of_the_day(text, text, lang)


def test_what_the_user_is_doing_as_they_write() -> None:
    assert now_and_passing("I just got home", "en")
    assert now_and_passing("estou de rastos", "pt")
    assert not now_and_passing("I'm always exhausted since the new job", "en")


def test_an_annoyance_from_outside_names_no_user() -> None:
    assert outside_annoyance("uffa, domani sciopero dei treni", "it")
    assert not outside_annoyance("I'm stuck in a jam every morning", "en")
    assert not outside_annoyance("我每天排队买早餐", "zh")
