""""THIRD grade, not second" takes back "is in 2nd grade": the ordinal word said in the
correction stands for the numeral the fact held; and "打错字" (a typo) reads as a correction
that restates its thing ("游泳课其实是星期三"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

ORDINALS = {
    "en": ("My daughter Ivy is in 4th grade at Maple Street School.",
           "ok small correction, Ivy's in FIFTH grade not fourth.", "4th", "fifth"),
    "de": ("Meine Tochter Lena geht in die 4. Klasse.",
           "Korrektur: Lena geht in die fünfte Klasse, nicht in die vierte.", "4", "fünfte"),
    "fr": ("Ma fille Inès est en 4e année.",
           "petite correction, Inès est en cinquième année, pas en quatrième.", "4e",
           "cinquième"),
    "nl": ("Mijn dochter Fien zit in het 4de leerjaar.",
           "correctie, Fien zit in het vijfde leerjaar, niet in het vierde.", "4de", "vijfde"),
}


@pytest.mark.parametrize("lang", sorted(ORDINALS))
def test_an_ordinal_word_takes_back_the_numeral(lang: str) -> None:
    first, correction, old, new = ORDINALS[lang]
    with said_a_day_apart(first, correction, start=_MARCH, user_id="ord", lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id="ord")]
    assert not any(f" {old}" in text for text in current), current
    assert any(new in text.casefold() for text in current), current


TYPOS = {
    "zh": ("另外，我逢星期四晚上去九龙塘学游泳", "啊抱歉，打错字，游泳课其实是星期三晚上。",
           "thursday"),
    "es": ("Los jueves por la tarde voy a clase de cerámica.",
           "errata: la clase de cerámica es los martes por la tarde.", "jueves"),
}


@pytest.mark.parametrize("lang", sorted(TYPOS))
def test_a_typo_named_corrects_what_it_restates(lang: str) -> None:
    first, correction, old = TYPOS[lang]
    with said_a_day_apart(first, correction, start=_MARCH, user_id="typo", lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id="typo")]
    assert not any(old in text.casefold() for text in current), current
    assert current, current
