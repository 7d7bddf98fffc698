"""A car named only by a model that is also a common word or a given name ("Golf", "Panda",
"Seicento", "Zoé") is a car when the same text says it is in use: filled up, at the mechanic,
not starting, parked, over a pothole. Then a new car ends it as it ends a "Peugeot"; the word
alone ("I play golf", "Zoé est à la crèche") names no car, and a new car leaves it. A first
fill-up of a car named by its brand says it is new ("primo pieno alla Sandero"). Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts import one_at_a_time

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 2, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "text", "model"), [
    ("en", "My old Golf wouldn't start again this morning", "golf"),
    ("de", "Unser Panda steht schon wieder in der Werkstatt", "panda"),
    ("fr", "Avec la Zoé je ne passe plus jamais à la pompe", "zoé"),
    ("es", "El Polo no arrancó y llegué tarde al curro", "polo"),
    ("it", "la cinquecento ha la spia dell'olio accesa", "cinquecento"),
    ("pt", "o gol não pegou de novo, vou chamar o mecânico", "gol"),
    ("nl", "De Fabia moet volgende week door de APK", "fabia"),
])
def test_a_model_that_is_a_common_word_is_a_car_beside_a_word_of_its_use(
        lang: str, text: str, model: str) -> None:
    assert one_at_a_time.named(text) == {"car": {model}}


@pytest.mark.parametrize("text", [
    "I play golf with my brother on Sundays",
    "Zoé est à la crèche jusqu'à cinq heures",
    "Wir waren im Zoo, der Panda hat geschlafen",
    "fiz um gol no futebol de quinta",
])
def test_the_word_alone_names_no_car(text: str) -> None:
    assert "car" not in one_at_a_time.named(text)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang, days=20) as memory:
        return [f.text.casefold() for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "old", "new", "model"), [
    ("en", "My old Golf wouldn't start again this morning, so I took the bus to work.",
     "We picked up the new Kia on Saturday, it's got heated seats!", "golf"),
    ("de", "Mein alter Panda ist schon wieder in der Werkstatt.",
     "Der neue Skoda, den wir letzte Woche abgeholt haben, fährt sich traumhaft.", "panda"),
    ("it", "la mia seicento ha di nuovo la spia accesa e non partiva",
     "ho fatto il primo pieno alla sandero, che differenza", "seicento"),
    # a pothole is said of a car too; "peguei meu …" is getting it
    ("pt", "meu gol faz um tec tec embaixo toda vez que passo num buraco",
     "ontem peguei meu t-cross seminovo, parece outro mundo", "gol"),
])
def test_a_new_car_ends_the_one_named_by_a_common_word(lang: str, old: str, new: str,
                                                        model: str) -> None:
    assert any(model in t for t in _current(old, lang=lang))
    assert not any(model in t for t in _current(old, new, lang=lang))


def test_a_new_car_leaves_the_sport_of_the_same_name() -> None:
    current = _current("I play golf with my brother on Sundays.",
                       "We picked up the new Kia on Saturday, it's got heated seats!",
                       lang="en")
    assert any("golf" in t for t in current)


def test_a_phone_still_being_learned_is_the_new_one() -> None:
    current = _current("lo schermo del mio iphone è tutto crepato",
                       "sto ancora a capire come funziona sto samsung, troppi bottoni", lang="it")
    assert not any("iphone" in t for t in current), current
    assert any("samsung" in t for t in current), current
