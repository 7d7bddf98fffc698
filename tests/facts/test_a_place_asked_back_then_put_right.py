"""A wrong value asked back before it is put right ("i told you bethan's in leeds didnt i?
she's in york not leeds, sorry"): the fact that said it ends, and the question that asks it
back is no fact of its own. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2025, 3, 8, 10, 30, tzinfo=UTC)


def _facts(*turns: str, lang: str = "en") -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_START, user_id="h", lang=lang) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].lower(), f.text)
                for f in memory.facts.history(user_id="h")]


def test_the_wrong_place_asked_back_then_put_right() -> None:
    facts = _facts("my sister bethan's doing the cake, she's a midwife in leeds so she's "
                   "getting the train down",
                   "great. oh and i told you bethan's in leeds didnt i? she's in york not "
                   "leeds, sorry")
    assert [t for status, t in facts if status == "active" and "york" in t], facts
    assert not [t for status, t in facts if status == "active" and "leeds" in t], facts
    assert not [t for _, t in facts if "told you" in t], facts


@pytest.mark.parametrize(("first", "fix", "lang", "right", "wrong"), [
    ("mi hijo Fabricio empezó ajedrez en el colegio, los jueves en la tarde",
     "oye te dije mal, el ajedrez de Fabricio es los martes, no los jueves", "es", "martes",
     "jueves"),
    ("mia figlia Giulia fa nuoto il giovedì", "ti ho detto male, il nuoto di Giulia è il "
     "martedì, non il giovedì", "it", "martedì", "giovedì"),
])
def test_the_right_day_said_before_the_wrong_ones_no(first: str, fix: str, lang: str,
                                                     right: str, wrong: str) -> None:
    facts = _facts(first, fix, lang=lang)
    active = [t for status, t in facts if status == "active"]
    assert [t for t in active if right in t], facts
    assert not [t for t in active if wrong in t], facts


@pytest.mark.parametrize(("first", "fix", "lang", "wrong"), [
    ("good idea. my mom's driving down from bangor for it",
     "and i said my mom's in bangor right? it's brewer actually, across the river", "en",
     "bangor"),
    ("mijn zus jorien komt ook, die werkt in het ziekenhuis in zutphen",
     "en over jorien: ik zei zutphen, maar het is doetinchem, het slingeland ziekenhuis", "nl",
     "zutphen"),
    ("Mijn zus Fien is bevallen van een dochterke, Noor!",
     "Oei, ik moet iets rechtzetten: ik zei Noor, maar ze heet Nore, met een e.", "nl", "Noor"),
])
def test_what_was_said_named_then_the_right_value(first: str, fix: str, lang: str,
                                                  wrong: str) -> None:
    facts = _facts(first, fix, lang=lang)
    assert [t for status, t in facts if status == "retracted" and wrong in t], facts
    assert not [t for status, t in facts if status == "active" and wrong in t], facts


def test_what_was_said_with_no_right_value_after_it_takes_nothing_back() -> None:
    facts = _facts("I work at Tesco on the tills.",
                   "i said yes to the job at Tesco, we start on monday")
    assert not [t for status, t in facts if status == "retracted"], facts


def test_a_place_asked_back_in_chat_shorthand() -> None:
    # "did i tell u", and "shes" for "she's": the sister is in the right town, the visit that
    # named the wrong one is taken back
    facts = _facts("my brother teo is driving up from tucson this weekend w his 3 kids",
                   "wait did i tell u teo lives in tucson?? hes in sierra vista lol")
    active = [t for status, t in facts if status == "active"]
    assert [t for t in active if "Teo is in sierra vista" in t], facts
    assert not [t for t in active if "tucson" in t], facts
