"""A surname after a title in lowercase chat ("mon chef mr lukusa", "my boss mr okello", "mei
chefin frau schreckenberger") is a name, and a new boss said with it takes the old one's place.

Names are read by their capitals, and chat without capitals named no boss at all, so a new
boss never replaced the old one. German "frau" after a possessive or an article is the wife or
a woman, no title. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.lowercase_names import names_capitalised

from .conftest import current_facts

_DAY = datetime(2026, 3, 16, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize("lang, said, name", [
    ("en", "my boss mr okello is so strict lol", "Okello"),
    ("fr", "mon chef mr bilonda il crie tt le temps", "Bilonda"),
    ("de", "mei chefin frau brückner is streng aber fair", "Brückner"),
    ("es", "mi jefa la sra quintero es un amor", "Quintero"),
    ("nl", "mn baas meneer bakker is echt chill", "Bakker"),
])
def test_a_surname_after_a_title_gets_its_capital(lang: str, said: str, name: str) -> None:
    assert name in names_capitalised(said, lang)


@pytest.mark.parametrize("said", ["meine frau kocht heut", "die frau ist nett"])
def test_frau_after_a_possessive_or_an_article_is_no_title(said: str) -> None:
    assert names_capitalised(said, "de") == said


def test_a_new_boss_after_a_title_replaces_the_old_one() -> None:
    facts = current_facts("mon chef mr bilonda il crie tt le temps mdr",
                          "premiere semaine a l'agence de kintambo finie! mon nouveau chef "
                          "d'agence mr mavungu est calme", start=_DAY, lang="fr", days=30)
    assert [t for t in facts if "mavungu" in t], facts
    assert not [t for t in facts if "bilonda" in t], facts
