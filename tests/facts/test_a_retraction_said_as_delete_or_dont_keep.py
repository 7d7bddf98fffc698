"""Taking something back is said in more words than "forget": erase, delete, strike, remove,
"don't keep it", "I'd rather you didn't remember it" ("cancella quello che ti ho detto sul
Coumadin", "streich bitte das mit dem Ramipril", "wis wat ik je vertelde over de metoprolol",
"你删了吧"). Each takes back what it names, and only that: "Sam's divorce" is what was said of
Sam, not that Sam is the brother. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 11, 19, 0, tzinfo=UTC)


def _held(*turns: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MAY, user_id="ret") as memory:
        return [f.text for f in memory.facts.list(user_id="ret")]


@pytest.mark.parametrize(("said", "taken_back", "gone"), [
    ("I take metformin every morning for my diabetes",
     "actually please erase what I told you about the metformin", "metformin"),
    ("ich nehme jeden Abend Ramipril gegen den Blutdruck",
     "streich bitte das mit dem Ramipril, das geht dich nix an", "Ramipril"),
    ("ich arbeite seit März bei Bosch in Reutlingen", "das mit Bosch, merk dir das bitte nicht",
     "Bosch"),
    ("je prends du Levothyrox tous les matins",
     "supprime ce que je t'ai dit sur le Levothyrox, s'il te plaît", "Levothyrox"),
    ("je travaille chez Decathlon à Lille",
     "ne garde pas ce que je t'ai dit sur Decathlon, merci", "Decathlon"),
    ("tomo Adiro cada mañana por el corazón",
     "elimina lo que te conté del Adiro, prefiero que no lo guardes", "Adiro"),
    ("prendo il Coumadin ogni sera",
     "cancella quello che ti ho detto sul Coumadin, preferisco che non te lo ricordi",
     "Coumadin"),
    ("tomo Puran toda manhã",
     "apaga aquilo que te disse sobre o Puran, prefiro que não guardes isso", "Puran"),
    ("trabalho na Embraer em São José dos Campos",
     "deleta o que eu te contei sobre a Embraer, por favor", "Embraer"),
    ("ik slik elke ochtend metoprolol",
     "wis wat ik je vertelde over de metoprolol alsjeblieft", "metoprolol"),
    ("ik werk bij Philips in Eindhoven", "verwijder wat ik je over Philips vertelde, dank je",
     "Philips"),
    ("我每天早上吃优甲乐", "我跟你说的吃优甲乐那件事，你删了吧", "优甲乐"),
    ("我在华为上班", "关于华为的那件事，你抹掉吧", "华为"),
    ("my brother Sam is getting divorced",
     "that thing about Sam's divorce, delete it please, he'd hate that", "divorce"),
])
def test_the_named_fact_is_taken_back(said: str, taken_back: str, gone: str) -> None:
    assert not [t for t in _held(said, taken_back) if gone in t]


@pytest.mark.parametrize(("said", "taken_back", "gone", "kept"), [
    ("mi primo Dani se va a Australia",
     "bórrame lo de Dani y Australia, que todavía es secreto", "Australia", "Dani"),
    ("mio fratello Luca si sposa a settembre",
     "togli quella cosa su Luca e il matrimonio, non è ancora ufficiale", "sposa", "Luca"),
])
def test_what_was_said_of_someone_goes_and_who_they_are_stays(
        said: str, taken_back: str, gone: str, kept: str) -> None:
    held = _held(said, taken_back)
    assert not [t for t in held if gone in t]
    assert [t for t in held if kept in t]
