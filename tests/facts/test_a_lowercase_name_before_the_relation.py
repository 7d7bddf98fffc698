"""In chat written without capitals, a common given name before the user's relation to them
("a bruna, minha namorada, fala q …") is that person's name, so a later girlfriend ends her as
one with capitals would. "Bruna", "Thais", "Júlia", "Juliana", "Heidy" and "Marlen" joined
the list of common given names read in such chat (facts/data/given_names_chat.txt).
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import current_facts

_APRIL = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)


def test_a_lowercase_name_before_the_relation_is_a_name() -> None:
    now = current_facts("q calor hj. a bruna, minha namorada, acha q eu devia vender o carro",
                        start=_APRIL, lang="pt", days=1)
    assert "the user's girlfriend (namorada) is bruna" in now, now


def test_a_new_girlfriend_ends_the_one_named_in_lowercase() -> None:
    now = current_facts("q calor hj. a bruna, minha namorada, acha q eu devia vender o carro",
                        "me ajuda com uma msg pra mãe da kamila, minha namorada?",
                        start=_APRIL, lang="pt", days=90)
    assert "the user's girlfriend (namorada) is kamila" in now, now
    assert not [t for t in now if "bruna" in t], now
