"""What a statement says it replaced ("instead of", "statt", "au lieu de", "en vez de",
"invece di", "em vez de", "in plaats van") is what held before: the fact keeps what holds
now (the user's whole clause stays its evidence). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2025, 9, 1, 9, 0, tzinfo=UTC)


def _facts(text: str, lang: str) -> list[str]:
    with said_a_day_apart(text, start=_START, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "said", "kept", "gone"), [
    ("en", "I cycle to the office in ten minutes instead of an hour on the Northern line",
     "ten minutes", "Northern"),
    ("de", "Ich fahre jetzt mit dem Rad zur Schule statt mit dem Bus nach Bornheim",
     "Rad", "Bornheim"),
    ("fr", "je prends le tram pour aller au bureau au lieu de la voiture de Mathis",
     "tram", "Mathis"),
    ("es", "ahora voy al trabajo en metro en vez del autobús de Alsa", "metro", "Alsa"),
    ("it", "la mattina bevo tè verde invece del caffè del bar Sport", "tè verde", "Sport"),
    ("pt", "agora vou trabalhar de bicicleta em vez do ônibus da Viação Cometa",
     "bicicleta", "Cometa"),
    ("nl", "ik fiets nu naar kantoor in plaats van met de trein naar Utrecht",
     "fiets", "Utrecht"),
])
def test_the_value_replaced_is_not_part_of_the_fact(lang: str, said: str, kept: str,
                                                     gone: str) -> None:
    facts = _facts(said, lang)
    assert any(kept in text for text in facts), facts
    assert all(gone not in text for text in facts), facts


@pytest.mark.parametrize(("lang", "said", "kept"), [
    ("en", "instead of coffee I drink rooibos from Cape Town now", "Cape Town"),
    ("de", "Das Chortraining in Bornheim findet jetzt dienstags statt", "Bornheim"),
    ("es", "ahora en vez de cocinar pido la cena en el bar de Ramiro", "Ramiro"),
])
def test_what_holds_said_after_it_is_kept(
        lang: str, said: str, kept: str) -> None:
    """A clause that opens with it, or says it after one word ("ahora en vez de …"), says
    what holds after it; German "findet … statt" is "takes place"."""
    assert any(kept in text for text in _facts(said, lang))
