"""What the user said before, repeated and called wrong, then put right: "I told you my
sister works at Tesco, that was wrong. It's Asda.", "Ich hab dir gesagt, mein Bruder wohnt in
Bremen, das stimmt nicht. Er wohnt in Hamburg.". The repeated statement is no fact of its own
(it had been stored again, as the user's own: "The user works at Tesco"); its last name is
the wrong value, which the next statement puts right. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

CASES = {
    "en": ("My sister works at Tesco.",
           "I told you my sister works at Tesco, that was wrong. It's Asda.", "tesco", "asda"),
    "de": ("Mein Bruder wohnt in Bremen.",
           "Ich hab dir gesagt, mein Bruder wohnt in Bremen, das stimmt nicht. Er wohnt in "
           "Hamburg.", "bremen", "hamburg"),
    "fr": ("Ma sœur habite à Lille.",
           "Je t'ai dit que ma sœur habite à Lille, c'était faux. Elle habite à Lyon.", "lille",
           "lyon"),
    "es": ("Mi hermano vive en Sevilla.",
           "Te dije que mi hermano vive en Sevilla, eso estaba mal. Vive en Málaga.", "sevilla",
           "málaga"),
    "it": ("Mio fratello abita a Torino.",
           "Ti ho detto che mio fratello abita a Torino, era sbagliato. Abita a Milano.",
           "torino", "milano"),
    "pt": ("O meu irmão mora no Porto.",
           "Eu disse que o meu irmão mora no Porto, estava errado. Mora em Braga.", "porto",
           "braga"),
    "nl": ("Mijn zus woont in Gent.",
           "Ik zei dat mijn zus in Gent woont, dat klopte niet. Ze woont in Brugge.", "gent",
           "brugge"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_what_was_called_wrong_is_taken_back(lang: str) -> None:
    first, fix, wrong, right = CASES[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        assert not any(wrong in f.text.casefold() for f in current), [f.text for f in current]
        fixed = [f for f in current if right in f.text.casefold()]
        assert fixed, [f.text for f in current]
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)
        assert fixed[0].subject == gone[0].subject  # still the person it was about
