"""More of the words people chat in:

- the day's weather said in more ways ("spiegelglatt", "il mouille", "tira una tramontana",
  "het waait hard", "冷得很，零下两度") is small talk, no fact;
- northern English "me nan", "me little bro" are the user's kin, and "she's lived …" in chat
  is "she has lived";
- "he" after the user's parents is not them;
- Mexican "mi antiguo jale" is the old job a send-off ends;
- a day said with the thing it is the day of ("Overmorgen is de optocht") is that thing's day;
- "ik open" is one person's verb: "…, en ik open mijn eigen zaak" is a clause of its own.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import history_facts

_DAY = datetime(2026, 2, 12, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=30)


@pytest.mark.parametrize(("lang", "said"), [
    ("de", "Heut früh war alles spiegelglatt, auf der Hauptstraße sind die Leute nur gerutscht."),
    ("de", "Heut scheint endlich mal die Sonne, halb Konstanz liegt am See."),
    ("fr", "Aujourd'hui il mouille depuis ce matin, la plage est vide."),
    ("it", "Stamattina in piazza tira una tramontana che taglia la faccia."),
    ("nl", "Het waait hard vandaag, de pont naar Texel vaart niet eens."),
    ("zh", "今天冷得很，零下三度，江边的风跟刀子一样。"),
    ("de", "Heut regnet's Bindfäden, und drüben bauen sie den Markt ab."),
    ("es", "Aquí lleva orbayando desde el lunes y la ropa no se seca."),
])
def test_the_days_weather_is_no_fact(lang: str, said: str) -> None:
    assert _facts(said, lang=lang) == []


def test_me_nan_is_the_grandmother() -> None:
    facts = _facts("can u help me with a card for me nan? shes lived in the same flat in "
                   "walker for 40 yrs", lang="en")
    assert any(s == "user's grandmother" and "has lived" in t for st, s, t in facts), facts


def test_he_after_the_parents_is_not_them() -> None:
    facts = _facts("Mijn ouders wonen nog in Gent.",
                   "nonkel bart gaat zijn garage verkopen, hij wil met pensioen", lang="nl")
    assert not any(s == "user's parents" and "pensioen" in t for st, s, t in facts), facts


def test_a_send_off_from_the_old_jale_ends_the_job() -> None:
    facts = _facts("trabajo en una maquiladora de arneses en el parque industrial",
                   "los compas de mi antiguo jale vinieron hoy y me regalaron una gorra",
                   lang="es")
    assert not any(st == "active" and "maquiladora" in t for st, s, t in facts), facts


def test_the_day_of_a_thing() -> None:
    facts = _facts("Overmorgen is de optocht! Ik loop mee als piraat.", lang="nl")
    assert any("optocht" in t and "February 2026" in t for st, s, t in facts), facts


def test_i_open_is_my_own_clause() -> None:
    facts = _facts("Ik werk op de boekhouding bij Ecotech.",
                   "Ik heb ontslag genomen, vrijdag was mijn laatste dag, en ik open mijn eigen "
                   "bakkerij in Zwolle, Bakkerij Korrel.", lang="nl")
    assert any(st == "active" and "Korrel" in t and "ontslag" not in t
               for st, s, t in facts), facts


def test_a_place_after_des_is_no_one() -> None:
    facts = _facts("Mon mari Loïc est marin pêcheur.",
                   "L'hiver je nage aux Bains des Docks, trois fois par semaine.",
                   "Il ne monte jamais sur un voilier, il dit que c'est pour les touristes.",
                   lang="fr")
    assert not any(s == "Docks" for st, s, t in facts), facts
