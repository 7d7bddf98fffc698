"""A clause that names someone and then says who they are ("with Sam, who works at the
bakery", "con Rodrigo, que es chef") is about that person: the user's own job stays the
user's. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)

CASES = {
    "es": ("Soy enfermera en el hospital de clínicas.",
           "con Julián, que es arquitecto en un estudio del centro", "arquitecto"),
    "fr": ("Je suis comptable dans une petite boîte.",
           "avec Basile, qui est boulanger dans le quartier", "boulanger"),
    "it": ("Sono infermiera in ospedale.",
           "con Piero, che è architetto in uno studio del centro", "architetto"),
    "pt": ("Sou enfermeira num hospital.",
           "com o Duarte, que é arquiteto num ateliê do centro", "arquiteto"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_described_person_gets_the_job(lang: str) -> None:
    own, other, job = CASES[lang]
    with said_a_day_apart(own, other, start=_APRIL, user_id="eva", lang=lang) as memory:
        mine = [f.text for f in memory.facts.list(user_id="eva") if f.subject == "user"]
        history = [(f.status, f.subject, f.text) for f in memory.facts.history(user_id="eva")]
    assert not any(job in text for text in mine), history
    assert not any(status == "superseded" and subject == "user" for status, subject, _ in history)
