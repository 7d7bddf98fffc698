"""Small words that change who a clause is about or whether something stopped:

- a given name after "our" in chat ("our jade's moving to leeds") is the user's kin;
- a town named after a saint ("Saint-Malo", "São Mateus") and a time of day opening a
  sentence ("Stasera …") are no one a pronoun may point to;
- "since he left school" says how long, "n parei um minuto" (didn't stop for a minute) says
  nothing stopped, and a breakup said with an eye-roll is still a breakup;
- "me nan's still on about …" and "mi tío otra vez con que …" report someone else's words;
- a count of weeks at a named kind of workplace ("3 semaines à la boulangerie Pétrin") is a
  new job, which ends the one before.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import history_facts

_DAY = datetime(2026, 4, 11, 12, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=30)


def test_our_name_in_chat_and_since_he_left_school() -> None:
    facts = _facts("big news, our jamie's joining the navy. hes a plumber in hessle, been there "
                   "since he left school", lang="en")
    assert any(st == "active" and s == "Jamie" and "plumber" in t for st, s, t in facts), facts
    assert not any(s == "user" and "navy" in t for st, s, t in facts), facts


@pytest.mark.parametrize(("lang", "turns", "nobody"), [
    ("fr", ("Mon frère Yann est boulanger.", "Au printemps, je reprendrai Saint-Malo.",
            "Il a ouvert sa boutique en mars."), "Saint-Malo"),
    ("pt", ("O meu tio Rui é pescador.", "Decidimos mudar-nos para a casa em São Mateus.",
            "Ele faz 70 anos em maio."), "Mateus"),
])
def test_a_saints_town_is_no_one(lang: str, turns: tuple[str, ...], nobody: str) -> None:
    facts = _facts(*turns, lang=lang)
    assert not any(nobody in s for st, s, t in facts), facts


def test_a_time_of_day_is_no_one() -> None:
    facts = _facts("Stasera tira una bora che porta via gli ombrelloni.", lang="it")
    assert not any(s == "Stasera" for st, s, t in facts), facts


def test_a_denied_stop_ends_nothing() -> None:
    facts = _facts("trabalho na recepção de uma pousada na praia e hj tava cheio de turista, n "
                   "parei um minuto, tô morta", lang="pt")
    assert any(st == "active" and "pousada" in t for st, s, t in facts), facts


def test_a_breakup_with_an_eye_roll() -> None:
    facts = _facts("fui ao cinema c meu namorado, o davi, e choveu",
                   "terminei c o davi, 2 anos perdidos 🙄",
                   lang="pt")
    assert any("broke up with Davi" in t for st, s, t in facts), facts
    assert not any(st == "active" and "Davi" in t for st, s, t in facts), facts


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "me nan STILL on about the ferries lol", "ferries"),
    ("es", "mi tio otra vez con q me vaya a monterrey, q alla si hay jale", "monterrey"),
])
def test_what_someone_keeps_on_about_is_theirs(lang: str, said: str, word: str) -> None:
    facts = _facts(said, lang=lang)
    assert not any(word in t for st, s, t in facts), facts


def test_weeks_at_a_named_workplace_end_the_old_job() -> None:
    facts = _facts("Je suis vendeuse chez Kiabi depuis deux ans.",
                   "3 semaines à la boulangerie Pétrin !!! Je me lève à 4h mais j'adore.",
                   lang="fr")
    assert any(st == "active" and "Pétrin" in t for st, s, t in facts), facts
    assert not any(st == "active" and "Kiabi" in t for st, s, t in facts), facts
