"""Who "she" or "he" is when two people were just named: the one whose relation says the
pronoun's gender ("… the card for my nan? Party's at my uncle's place. She loves lemon drizzle"
is the nan); a relation the user has, named in a wish or a request ("je voudrais écrire une
carte pour ma grand-mère, elle est à l'hôpital"), is who the next "she" is; and a name after
the title "dona" and the chat word "vó" ("minha vó dona lurdes faz 90 anos") is the
grandmother's.

The uncle said last was taken for every "she", and a relation said in a wish was not followed,
so the grandmother's news went to the user's boss. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 4, 4, 15, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_DAY, user_id="p", lang=lang, days=30) as memory:
        return [f.text for f in memory.facts.list(user_id="p")]


@pytest.mark.parametrize(("lang", "turns", "hers"), [
    ("en", ("My nan Edith lives in Filey.", "Could you help me with a card for my nan? Party's "
            "at my uncle's place. She loves lemon drizzle cake."), "lemon drizzle"),
    ("pt", ("minha vó dona lurdes faz 90 anos em maio", "me ajuda com o bolo da vó? a festa é "
            "no sítio do meu tio. ah e ela adora bolo de rolo"), "bolo de rolo"),
    ("fr", ("Ma grand-mère Lucienne habite à Annecy.", "Mon chef, Gérard, m'a confié la caisse.",
            "Je voudrais écrire une carte pour ma grand-mère, elle est à l'hôpital pour sa "
            "hanche."), "hanche"),
])
def test_the_pronoun_goes_to_the_person_it_can_be(lang: str, turns: tuple[str, ...],
                                                  hers: str) -> None:
    current = _current(*turns, lang=lang)
    said = [t for t in current if hers in t]
    assert said and all("grandmother" in t for t in said), current


def test_he_after_the_uncle_stays_the_uncles() -> None:
    current = _current("My nan Edith lives in Filey.",
                       "Party's at my uncle's place on Sunday. He loves a barbecue.", lang="en")
    said = [t for t in current if "barbecue" in t]
    assert said and all("uncle" in t for t in said), current


def test_dona_names_the_grandmother() -> None:
    current = _current("minha vó dona lurdes faz 90 anos em maio", lang="pt")
    assert any("grandmother" in t and "Lurdes" in t for t in current), current
