"""A person named the colloquial way, with an article ("die Anna", "il Marco", "a Giulia"), is
the one the clause is about, not the user: "die Anna hat grad bei Roche angefangen" is Anna's
new job, and must not become the user's employer. An organisation said with an article ("a
Vodafone", "o Porto") names no one. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2025, 3, 3, 10, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "said", "name", "value"), [
    ("de", "die Anna hat grad bei Roche angefangen, sie ist ganz aufgeregt", "Anna", "Roche"),
    ("it", "il Marco ha cominciato a lavorare alla Ferrero di Alba", "Marco", "Ferrero"),
    ("pt", "a Giulia arranjou trabalho na Sonae, finalmente", "Giulia", "Sonae"),
])
def test_the_named_person_is_the_subject(lang: str, said: str, name: str, value: str) -> None:
    texts = _current("Ich arbeite bei Bosch" if lang == "de" else
                     "lavoro alla Lavazza" if lang == "it" else "trabalho na Galp",
                     said, lang=lang)
    own = "Bosch" if lang == "de" else "Lavazza" if lang == "it" else "Galp"
    assert any(own in t for t in texts), texts  # the user's own job still holds
    assert not any(t.startswith("The user") and value in t for t in texts), texts
    assert any(t.startswith(name) and value in t for t in texts), texts


@pytest.mark.parametrize(("lang", "said"), [
    ("pt", "a Vodafone aumentou o preço outra vez"),
    ("pt", "o Porto ganhou ontem, que festa"),
])
def test_an_organisation_with_an_article_names_no_one(lang: str, said: str) -> None:
    texts = _current(said, lang=lang)
    assert not any(t.startswith(("Vodafone", "Porto")) for t in texts), texts
