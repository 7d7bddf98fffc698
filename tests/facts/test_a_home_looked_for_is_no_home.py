"""A home the user is looking for is no home yet ("Ich suche jetzt eine Wohnung in
Bludenz"): the one held stays, and the search is kept as a plan. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "before", "after", "home", "looked_for"), [
    ("de", "Ich wohne in Feldkirch, gleich beim Bahnhof.",
     "Ich suche jetzt eine Wohnung in Bludenz, das Pendeln nervt.", "feldkirch", "bludenz"),
    ("en", "I live in Croydon with my sister.",
     "I'm looking for a flat in Brixton now, closer to work.", "croydon", "brixton"),
    ("it", "Vivo a Cento con i miei.", "Cerco casa a Bologna, sono stufa del treno.", "cento",
     "bologna"),
])
def test_the_home_held_stays(lang: str, before: str, after: str, home: str,
                             looked_for: str) -> None:
    current = current_facts(before, after, start=_APRIL, lang=lang, days=20)
    assert any("lives in" in t and home in t for t in current), current
    assert not any("lives in" in t and looked_for in t for t in current), current
    assert any(looked_for in t for t in current), current  # kept, as a plan
