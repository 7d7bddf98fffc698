"""Someone who holds a role for the user one at a time (a thesis supervisor, a GP, a nanny, a
hairdresser, a therapist, a coach) is replaced: the new one is current, the old one and what
was said of them under that role end, and a day before the change still sees the old one,
in every language. Another role, or the same person said again, ends nothing. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

REPLACED = {
    "en": ("My GP, Dr Whitlock, never has time for questions.",
           "My new GP is Dr Adeyemi and she actually listens.", "whitlock", "adeyemi"),
    "de": ("Meine Doktormutter, Professorin Brenner, will bis Ostern zwei Kapitel sehen.",
           "Ich habe jetzt einen neuen Betreuer, Professor Albrecht Kühn.", "brenner", "kühn"),
    "fr": ("Mon directeur de thèse, Gilles Marchand, part en sabbatique.",
           "Premier rendez-vous avec le nouveau directeur de thèse, le professeur Yann Keraudren.",
           "marchand", "keraudren"),
    "es": ("Mi peluquera, Toñi, me hace unas mechas estupendas.",
           "Mi nueva peluquera es Graciela y tiene el local al lado de casa.", "toñi",
           "graciela"),
    "it": ("Il mio relatore, Franco Bellini, vuole la bozza entro giugno.",
           "Oggi ho conosciuto il nuovo relatore, il professor Aldo Ferri.", "bellini", "ferri"),
    "pt": ("A minha orientadora, a professora Lurdes Amaral, pediu o capítulo dois.",
           "Reunião com o novo orientador, o professor Hugo Pimentel, correu bem.", "lurdes",
           "pimentel"),
    "nl": ("Onze oppas, Femke, haalt de kinderen op dinsdag van school.",
           "Onze nieuwe oppas is Lotte, ze studeert pedagogiek.", "femke", "lotte"),
    "zh": ("我的导师张伟要我年底交一章。", "我换了导师，新导师李明人很好。", "张伟", "李明"),
}


def _said(before: str, after: str, lang: str) -> tuple[list[str], list[str]]:
    """The facts current after both turns, and those true the day the first was said."""
    with said_a_day_apart(before, after, start=_MARCH, user_id="ria", lang=lang,
                          days=10) as memory:
        now = [f.text.casefold() for f in memory.facts.list(user_id="ria")]
        then = [f.text.casefold() for f in memory.facts.list(
            user_id="ria", as_of=_MARCH + timedelta(days=2), mode="true")]
    return now, then


@pytest.mark.parametrize("lang", sorted(REPLACED))
def test_the_new_one_is_current_and_the_old_one_held_before(lang: str) -> None:
    before, after, old, new = REPLACED[lang]
    now, then = _said(before, after, lang)
    assert [t for t in now if new in t], now
    assert not [t for t in now if old in t], now
    assert [t for t in then if old in t], then
    assert not [t for t in then if new in t], then


KEPT = {
    "another role": ("en", "My therapist, Dana, says I should sleep more.",
                     "My new coach is Marcus and he is tough.", "dana"),
    "another role, es": ("es", "Mi médico de cabecera, el doctor Llorente, me mandó análisis.",
                         "Mi nueva niñera es Rocío, viene por las tardes.", "llorente"),
}


@pytest.mark.parametrize("case", sorted(KEPT))
def test_a_role_holder_of_another_role_ends_nothing(case: str) -> None:
    lang, before, after, kept = KEPT[case]
    now, _ = _said(before, after, lang)
    assert [t for t in now if kept in t], now
