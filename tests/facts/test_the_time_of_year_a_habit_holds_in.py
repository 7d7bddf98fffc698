"""A season said as the time of year a habit holds in is a context, as "at work" is: "in
summer I cycle to work, in winter I take the bus" holds both, each in its season, and a later
word about one season ends nothing of the other. A season named as one summer or winter
("we're moving to Porto in the summer of 2027", "l'été prochain") is a time, not a context.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str, days: int = 3) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=days) as memory:
        return [f.text.casefold() for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "said", "summer", "winter"), [
    ("en", "In summer I cycle to work, in winter I take the bus.", "cycle", "bus"),
    ("nl", "in de zomer doe ik handboogschieten bij de schutterij, in de winter speel ik "
     "biljart in café de sport.", "handboog", "biljart"),
    ("it", "D'inverno i fine settimana li passiamo su a Villaggio Mancuso, d'estate invece "
     "sempre al mare ad Amantea.", "amantea", "villaggio mancuso"),
    ("es", "En verano vendo helados en la playa, en invierno trabajo en la fábrica de "
     "alfajores.", "helados", "alfajores"),
])
def test_each_season_keeps_its_own_value(lang: str, said: str, summer: str,
                                         winter: str) -> None:
    current = _current(said, lang=lang)
    assert any(summer in t and winter not in t for t in current), current
    assert any(winter in t and summer not in t for t in current), current


def test_a_word_about_one_season_ends_nothing_of_the_other() -> None:
    current = _current("in de zomer doe ik handboogschieten bij de schutterij, in de winter "
                       "speel ik biljart in café de sport.",
                       "vanaf volgende week is het weer biljart in café de sport.", lang="nl")
    assert any("handboog" in t for t in current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "We're moving to Porto in the summer of 2027."),
    ("fr", "L'été prochain on déménage à Nantes."),
])
def test_one_summer_named_is_no_context(lang: str, said: str) -> None:
    with said_a_day_apart(said, start=_MONDAY, user_id="u", lang=lang) as memory:
        facts = memory.facts.list(user_id="u")
    assert facts and all(f.context is None for f in facts), [(f.text, f.context) for f in facts]
