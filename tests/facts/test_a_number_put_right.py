"""A number put right with no word of correction: "Oma wird 92, nicht 90!", "Elle a 8 ans,
pas 7", "Cumple 85, no 80." after the wrong number was said of the same person. The held
fact that said the wrong number is taken back and said again with the right one, still that
person's. Before, "Y, not X" only corrected when the new sentence repeated every word of the
old one ("next month" was missing), a verb without its subject ("ha 9 anni") was someone
unknown's, and "Oma" without "meine" was nobody's grandmother. Sentences written for these
tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

NUMBERS = {
    "en": ("My dad is turning 60 in April.", "He's turning 65, not 60!", "60", "65"),
    "de": ("Meine Oma wird im Juni 90.", "Oma wird 92, nicht 90!", "90", "92"),
    "fr": ("Ma fille a 7 ans.", "Elle a 8 ans, pas 7.", "7", "8"),
    "nl": ("Mijn vader wordt 60 in april.", "Hij wordt 65, niet 60!", "60", "65"),
    "es": ("Mi abuela cumple 80 en mayo.", "Cumple 85, no 80.", "80", "85"),
    "it": ("Mio figlio ha 8 anni.", "ha 9 anni, non 8", "8", "9"),
    "pt": ("O meu pai faz 60 anos em abril.", "Faz 65, não 60!", "60", "65"),
    "zh": ("我妈妈今年60岁。", "她65岁，不是60岁。", "60", "65"),
}


@pytest.mark.parametrize("lang", sorted(NUMBERS))
def test_the_wrong_number_is_taken_back(lang: str) -> None:
    first, fix, wrong, right = NUMBERS[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        fixed = [f for f in current if right in f.text]
        assert fixed, [f.text for f in current]
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text
                and right not in f.text]
        assert gone and all(f.status is Status.RETRACTED for f in gone), \
            [(f.text, f.status) for f in memory.facts.history(user_id=lang)]
        assert fixed[0].subject == gone[0].subject  # still the person it was about


def test_two_numbers_of_different_things_are_no_correction() -> None:
    """A number set against another that the user never said of that person stays a
    contrast: the held fact stands."""
    with said_a_day_apart("My son is 8.", "I run 5 km, not 10.", start=_DAY, user_id="guard",
                          lang="en") as memory:
        assert all(f.status is not Status.RETRACTED for f in memory.facts.history(user_id="guard"))
