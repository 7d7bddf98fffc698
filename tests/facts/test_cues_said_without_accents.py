"""A cue word of French, Spanish, Italian or Portuguese matches with its accents left out, as
people write in chat ("premiere semaine", "mudanca"), except on its last letter, where the
accent often tells a past from a present ("terminó" / "termino"), and in words shorter than
five letters ("está" / "esta"). Sentences written for these tests."""

from __future__ import annotations

import re

import pytest

from lucidmem.facts.cue_lexicon import accents_optional, has_cue


@pytest.mark.parametrize(("word", "regex"), [
    ("première", "premi[èe]re"),
    ("déménagé", "d[ée]m[ée]nagé"),  # the last letter keeps its accent
    ("mudança", "mudan[çc]a"),
    ("está", "está"),  # too short to go without
    ("semaine", "semaine"),
])
def test_the_accents_before_the_last_letter_are_optional(word: str, regex: str) -> None:
    assert accents_optional(word) == regex
    assert re.fullmatch(accents_optional(word), word)


@pytest.mark.parametrize(("cue", "lang", "text", "said"), [
    ("change", "pt", "a mudanca foi ontem, tudo certo", True),
    ("change", "pt", "a mudança foi ontem, tudo certo", True),
    ("lapsed", "es", "mi membresia termino el mes pasado", False),  # "termino": a present
    ("lapsed", "es", "mi membresía terminó el mes pasado", True),
])
def test_a_cue_said_without_its_accents(cue: str, lang: str, text: str, said: bool) -> None:
    assert has_cue(cue, lang, text) is said

