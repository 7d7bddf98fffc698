"""A sale at work is the work, not leaving it ("ho venduto tre macchine in concessionaria");
quitting an employer by name ends that employer, whatever kind the quitting was read as ("I
quit Zara last week"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 11, 18, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MAY, user_id="rui", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="rui")]


@pytest.mark.parametrize(("said", "lang", "place"), [
    ("al lavoro è andata bene, ho venduto tre macchine in concessionaria", "it",
     "concessionaria"),
    ("no trabalho correu bem, vendi dois carros no stand", "pt", "stand"),
])
def test_a_sale_at_work_keeps_the_job(said: str, lang: str, place: str) -> None:
    assert any(place in text for text in _current(said, lang=lang))


@pytest.mark.parametrize(("turns", "lang", "employer"), [
    (("I work at Zara in the flagship store.", "I quit Zara last week"), "en", "Zara"),
    (("Ich arbeite bei Bosch in Stuttgart.", "Bei Bosch hab ich gekündigt, endlich."), "de",
     "Bosch"),
])
def test_quitting_an_employer_by_name_ends_it(turns: tuple[str, str], lang: str,
                                              employer: str) -> None:
    current = _current(*turns, lang=lang)
    assert not any(f"works at {employer}" in text for text in current), current
