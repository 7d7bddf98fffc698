"""A start at a new workplace said with a colloquial verb of starting ("el lunes arranco en
Grupo Andino", "lundi j'attaque chez Lumen Conseil", "ab Montag starte ich bei Kornblum
Druck", "da lunedì prendo servizio alla Clinica Villa Serena"), or with the participle after
the organisation ("ich bin bei Hafenkran Nord gestartet", "ik ben bij Van Dijk Bouw
gestart"): the new employer, so the job said before ends. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

STARTED = {  # case: (the job before, the start at the new one, old, new)
    "es-1": ("Trabajo en Seguros Olmedo.", "El lunes arranco en Grupo Andino como analista.",
             "Olmedo", "Andino"),
    "es-2": ("Trabajo en Seguros Olmedo.", "Ya arranqué en Cervecería Norte, todo bien por "
             "ahora.", "Olmedo", "Cervecería Norte"),
    "fr-1": ("Je travaille chez Vernier Assurances.", "Lundi j'attaque chez Lumen Conseil, je "
             "stresse.", "Vernier", "Lumen"),
    "fr-2": ("Je travaille chez Vernier Assurances.", "J'ai démarré chez Ravel Transports la "
             "semaine dernière.", "Vernier", "Ravel"),
    "de-1": ("Ich arbeite bei der Sparkasse Kiel.", "Ab Montag starte ich bei Kornblum Druck.",
             "Sparkasse", "Kornblum"),
    "de-2": ("Ich arbeite bei der Sparkasse Kiel.", "Ich bin letzte Woche bei Hafenkran Nord "
             "gestartet.", "Sparkasse", "Hafenkran"),
    "nl-1": ("Ik werk bij Rabo Zuid.", "Maandag start ik bij Hoogland Techniek.", "Rabo",
             "Hoogland"),
    "nl-2": ("Ik werk bij Rabo Zuid.", "Vorige week ben ik bij Van Dijk Bouw gestart.", "Rabo",
             "Van Dijk"),
    "it-1": ("Lavoro alla Cartiera Ferri.", "Lunedì attacco da Brambilla Arredi, che ansia.",
             "Ferri", "Brambilla"),
    "it-2": ("Lavoro alla Cartiera Ferri.", "Da lunedì prendo servizio alla Clinica Villa "
             "Serena.", "Ferri", "Villa Serena"),
    "pt-1": ("Trabalho na Construtora Lemos.", "Segunda arranco na Vértice Engenharia.",
             "Lemos", "Vértice"),
    "pt-2": ("Trabalho na Construtora Lemos.", "Já arranquei na Vértice Engenharia, tudo "
             "tranquilo.", "Lemos", "Vértice"),
}


@pytest.mark.parametrize("case", sorted(STARTED))
def test_a_start_said_in_other_words_ends_the_old_job(case: str) -> None:
    before, after, old, new = STARTED[case]
    with said_a_day_apart(before, after, "ok", start=_MARCH, user_id="ana", lang=case[:2],
                          days=30) as memory:  # a month on: a start said for Monday is past
        now = [f.text for f in memory.facts.list(user_id="ana")]
        history = [f.text for f in memory.facts.history(user_id="ana")]
    assert any(new in text for text in now), now
    assert not any(old in text for text in now), now
    assert any(old in text for text in history), history
