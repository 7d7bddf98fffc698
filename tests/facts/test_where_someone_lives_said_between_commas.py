"""Where someone named lives or works, said between commas ("mi tía Pili, la que vive en
Zamora, dice que …", "mon oncle Bernard, qui habite à Nantes, dit que …"), is a fact about
them, even when the rest of the sentence is what they said, which is no fact of the user's.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 14, 18, 0, tzinfo=UTC)


def _texts(turn: str) -> list[str]:
    with said_a_day_apart(turn, start=_APRIL, user_id="rel") as memory:
        return [f.text for f in memory.facts.list(user_id="rel")]


@pytest.mark.parametrize(("turn", "name", "where"), [
    ("my cousin Priya, the one who lives in Leicester, says I should switch to Monzo",
     "Priya", "Leicester"),
    ("my mate Declan, who works at Rolls-Royce, reckons I should apply there too",
     "Declan", "Rolls-Royce"),
    ("meine Tante Gisela, die in Bamberg wohnt, sagt, ich soll zur DKB wechseln",
     "Gisela", "Bamberg"),
    ("meine Oma Hilde, die in Passau lebt, sagt, ich soll öfter anrufen", "Hilde", "Passau"),
    ("mon oncle Bernard, qui habite à Nantes, dit que je devrais passer chez Boursorama",
     "Bernard", "Nantes"),
    ("ma copine Léa, qui travaille chez Michelin, dit que je devrais postuler aussi",
     "Léa", "Michelin"),
    ("mi tía Pili, la que vive en Zamora, dice que me cambie a Openbank", "Pili", "Zamora"),
    ("mi amigo Nacho, el que trabaja en Mercadona, dice que eche el currículum",
     "Nacho", "Mercadona"),
    ("mio zio Franco, quello che vive a Lecce, dice che dovrei passare a Fineco",
     "Franco", "Lecce"),
    ("la mia amica Chiara, quella che lavora da Ferrero, dice che dovrei candidarmi",
     "Chiara", "Ferrero"),
    ("a minha tia Graça, a que mora em Setúbal, diz que devia mudar para o ActivoBank",
     "Graça", "Setúbal"),
    ("o meu amigo Rui, que trabalha na Sonae, diz que eu devia mandar o currículo",
     "Rui", "Sonae"),
    ("mijn oom Henk, die in Assen woont, zegt dat ik naar Bunq moet overstappen",
     "Henk", "Assen"),
    ("mijn vriendin Fleur, die bij ASML werkt, zegt dat ik ook moet solliciteren",
     "Fleur", "ASML"),
])
def test_the_place_is_said_of_them(turn: str, name: str, where: str) -> None:
    assert [t for t in _texts(turn) if name in t and where in t]
