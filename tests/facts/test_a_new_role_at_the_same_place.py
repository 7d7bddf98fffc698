"""The user's role changes at the same workplace ("I'm the head chef at Rosewood now" after
"I'm a sous-chef at Rosewood"): the new role is current and the old one ends (history keeps
it), in every language; the same role said again ends nothing. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

PROMOTED = {
    "en": ("I'm a line cook at Harbour Kitchen.",
           "I'm the head chef at Harbour Kitchen now, can you believe it?", "line cook"),
    "es": ("Soy ayudante de cocina en Bodega Lupe.",
           "Ahora soy la jefa de cocina en Bodega Lupe.", "ayudante"),
    "it": ("Sono aiuto cuoco alla Osteria Bruni.",
           "Adesso sono io lo chef della Osteria Bruni.", "aiuto cuoco"),
    "fr": ("Je suis commis au Relais Fleuri.",
           "Maintenant je suis chef de partie au Relais Fleuri.", "commis"),
    "pt": ("Sou auxiliar de cozinha na Taberna Ramos.",
           "Agora sou eu a chefe de cozinha na Taberna Ramos.", "auxiliar"),
}


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="lio", lang=lang, days=10) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="lio")]


@pytest.mark.parametrize("lang", sorted(PROMOTED))
def test_the_new_role_ends_the_old_one_at_the_same_place(lang: str) -> None:
    before, after, old = PROMOTED[lang]
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and old in t], facts
    assert [t for s, t in facts if s == "superseded" and old in t], facts  # kept in history


def test_the_same_role_said_again_ends_nothing() -> None:
    facts = _facts("I'm a line cook at Harbour Kitchen.",
                   "I'm still a line cook at Harbour Kitchen, and I love it.", lang="en")
    assert [t for s, t in facts if s == "active" and "line cook" in t], facts
