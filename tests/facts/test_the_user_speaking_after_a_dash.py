"""After an en or em dash, the user speaking of themselves ("we", "I", "ik", "ich", "nous" …)
begins a sentence of their own: "Iris heeft hem aan de praat gekregen – we wonen hier in het
Spijkerkwartier" is where the user lives, not more of what Iris did, and a later move ends it.
A dash before anything else still sets a remark in. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_JAN = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)

SAID = {
    "nl": ("Iris, mijn vriendin, heeft mijn busje met de startkabels van de buurman aan de praat "
           "gekregen – we wonen hier in het Spijkerkwartier, iedereen helpt elkaar.",
           "Veertien dagen geleden verhuisd naar Velp, eindelijk een schuur voor mijn werkplaats.",
           "spijkerkwartier", "velp"),
    "en": ("My sister Jo drove me to the station at six – I live in Leith now, so it's miles.",
           "We moved to Portobello last week, the sea is right there.", "leith", "portobello"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_user_after_a_dash_says_where_they_live(lang: str) -> None:
    first, _, old, _ = SAID[lang]
    now = current_facts(first, start=_JAN, lang=lang, days=1)
    assert [t for t in now if t.startswith("the user lives in") and old in t], now


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_move_ends_the_home_said_after_a_dash(lang: str) -> None:
    first, move, old, new = SAID[lang]
    now = current_facts(first, move, start=_JAN, lang=lang, days=40)
    assert not [t for t in now if old in t], now
    assert [t for t in now if new in t], now
