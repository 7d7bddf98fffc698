"""A retraction about someone's thing ("forget what I told you about Nora's new boyfriend",
"vergiss, was ich dir über Lenas Schwangerschaft erzählt habe", "esquece o que te disse sobre o
divórcio da Joana") takes back that thing. When nothing held says it, it takes nothing: not who
the person is (the name in a possessive, "Nora's", "Lenas", "Felix'", is the person), and not
what else was said of them, which shares only their name with the topic. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 9, 20, 0, tzinfo=UTC)


def _held(*turns: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="poss") as memory:
        return [f.text for f in memory.facts.list(user_id="poss")]


@pytest.mark.parametrize(("said", "taken_back", "kept"), [
    ("my sister Nora moved to Bristol last spring",
     "forget what I told you about Nora's new boyfriend", "Bristol"),
    ("my friend Omar plays the oud in a band", "forget what I said about Omar's debts", "oud"),
    ("my brother Sam is getting divorced",
     "forget what I told you about Sam's divorce, he'd hate me for it", "brother is Sam"),
    ("meine Frau Lena und ich haben beschlossen, den Passat zu verkaufen",
     "vergiss, was ich dir über Lenas Schwangerschaft erzählt habe", "Lena"),
    ("il mio amico Marco suona il basso",
     "dimentica quello che ti ho detto sui debiti di Marco", "basso"),
    ("a minha irmã Joana mora em Aveiro",
     "esquece o que te disse sobre o divórcio da Joana", "Aveiro"),
    ("eu e a minha mulher Rita decidimos vender o Polo",
     "esquece o que te disse sobre a gravidez da Rita", "Polo"),
])
def test_what_else_was_said_of_them_stays(said: str, taken_back: str, kept: str) -> None:
    assert [t for t in _held(said, taken_back) if kept in t]
