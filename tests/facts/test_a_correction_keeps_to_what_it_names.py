"""A correction keeps to what it names:

- "no fue en sonsonate, fue en juayúa" puts right the lunch said to be in Sonsonate and
  leaves the user's home alone (validation ends no single-valued fact that does not state
  the wrong value);
- "it's not the 14th, it's the 21st" moves the plan on the 14th, not the dated plan said
  last;

and small words around a claim: "… yeah and I'm the Pope" is sarcasm; a word shouted in
capitals after a relation ("me nan STILL on about …") names no one; a German dialect "mei"
("mei alter Golf") puts the user in a clause about the weather.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.moments import weather_talk

from .conftest import history_facts

_DAY = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str, days: int = 20) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=days)


def test_a_correction_of_a_lunch_keeps_the_home() -> None:
    facts = _facts("ahora vivo en santa ana, en un cuartito cerca del mercado",
                   "el almuerzo de mi abuelo es el domingo, en un restaurante en sonsonate",
                   "ah y lo del almuerzo de mi abuelo te lo dije mal, no fue en sonsonate, fue en "
                   "juayúa, en el comedor de doña tere", lang="es")
    assert any(st == "active" and "santa ana" in t for st, s, t in facts), facts
    assert not any(st == "active" and "sonsonate" in t for st, s, t in facts), facts


def test_the_day_said_wrong_names_the_plan() -> None:
    facts = _facts("Maisie's got her swimming gala on the 14th of June at the leisure centre",
                   "me dad's getting his knee done on the 9th of May at the General",
                   "oh and Maisie's gala - it's not the 14th, it's the 21st of June", lang="en")
    assert any(st == "active" and "gala" in t and "21 June" in t for st, s, t in facts), facts
    assert any(st == "active" and "knee" in t and "9 May" in t for st, s, t in facts), facts


def test_and_im_the_pope() -> None:
    facts = _facts("me cousin reckons Tranmere are gonna win the league. yeah and I'm the Pope",
                   lang="en")
    assert not any("Pope" in t for st, s, t in facts), facts


def test_a_shouted_word_is_no_name() -> None:
    facts = _facts("me nan STILL on about the bingo lol", lang="en")
    assert not any("STILL" in s or "is STILL" in t for st, s, t in facts), facts


def test_mei_puts_the_user_in_the_weather() -> None:
    assert weather_talk("Heit morge war Glatteis uff de Waldwege.", "de")
    assert not weather_talk("Heit morge war Glatteis, mei alter Golf hot sich zweimol "
                            "quergestellt.", "de")
