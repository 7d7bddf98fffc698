"""A person said first as the one something happens to, with the clitic that repeats them:
"a Aday le va genial en el cole nuevo", "a Marta le encanta el pádel", "a Luca gli piace il
calcio". The clause is about that person (a known one or a given name), not the user: it
had been read as the user's, and "a Aday le va genial en el cole nuevo" as the user's new
home, which ended the real one. "a mí me encanta" is still the user. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 9, 1, 18, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_DAY, user_id=lang, lang=lang) as memory:
        return [(f.subject, f.text) for f in memory.facts.list(user_id=lang)]


def test_how_it_goes_for_a_child_is_no_new_home() -> None:
    current = _current("vivimos en Schamann desde julio", "mi hijo Aday tiene 9 años",
                       "por cierto a Aday le va genial en el cole nuevo, ya tiene un amigo",
                       lang="es")
    assert any("Schamann" in text for _, text in current), current
    assert any(subject == "Aday" and "cole nuevo" in text for subject, text in current), \
        current


@pytest.mark.parametrize(("lang", "said", "name"), [
    ("es", "a Marta le encanta el pádel", "Marta"),
    ("it", "a Luca gli piace tantissimo il calcio", "Luca"),
])
def test_what_pleases_someone_is_theirs(lang: str, said: str, name: str) -> None:
    current = _current(said, lang=lang)
    assert current and all(text.startswith(name) for _, text in current), current


def test_what_pleases_me_is_the_users() -> None:
    current = _current("a mí me encanta el pádel", lang="es")
    assert current and all(text.startswith("The user") for _, text in current), current
