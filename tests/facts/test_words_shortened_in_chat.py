"""People chatting on a phone shorten the small words ("sn" for "sono", "ke" for "che", "q" for
"que", "t is gwn" for "het is gewoon") and drop the apostrophe of an elided article ("l orafo",
"dell allergia"). Such a statement is read as its written-out words: the allergy said in chat
is what "forget what I said about the allergy" takes back, a first stretch counted in chat is a
new workplace, and a date put right in chat corrects the one said before. What is no
shortening is left as written ("3 x 2", "5k"). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.chat_words import chat_written_out

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "lang", "written_out"), [
    ("ciao sn nicola, faccio l orafo x nn stare fermo", "it",
     "ciao sono nicola, faccio l'orafo per non stare fermo"),
    ("Xké c è la festa d addio? l ho saputo ieri", "it",
     "Perché c'è la festa d'addio? l'ho saputo ieri"),
    ("lo q te dije en mayo", "es", "lo que te dije en mayo"),
    ("ik zei toen 14 juni maar t is gwn 14 juli", "nl",
     "ik zei toen 14 juni maar het is gewoon 14 juli"),
])
def test_shortenings_are_written_out(said: str, lang: str, written_out: str) -> None:
    assert chat_written_out(said, lang) == written_out


@pytest.mark.parametrize(("said", "lang"), [
    ("sono 3 x 2 metri, costa 5k", "it"),  # a size and a price, no shortening
    ("je suis à l ouest cmq", "fr"),  # a language whose chat is not written out
    ("i told u ur late", "en"),
])
def test_what_is_no_shortening_is_left_as_written(said: str, lang: str) -> None:
    assert chat_written_out(said, lang) == said


def test_an_allergy_said_in_chat_is_what_its_retraction_takes_back() -> None:
    with said_a_day_apart(
            "mia zia bruna ha la gatta ke ha fatto 5 gattini. io sn allergico ai gatti",
            "senti dimentica quello ke ti ho detto dell allergia ai gatti, era una balla",
            start=_START, user_id="u", lang="it", days=30) as memory:
        facts = [f.text.casefold() for f in memory.facts.list(user_id="u")]
    assert not any("allergic" in f for f in facts), facts
    assert any("gattini" in f for f in facts), facts  # the aunt's kittens stay


def test_a_first_stretch_counted_in_chat_is_the_new_workplace() -> None:
    with said_a_day_apart(
            "ciao sn nicola, faccio l orafo in una ditta in zona industriale",
            "prime 2 settimane al caseificio di sandrigo fatte!! sveglia alle 4 e mezza",
            start=_START, user_id="u", lang="it", days=30) as memory:
        work = [f.text for f in memory.facts.list(user_id="u") if f.predicate == "works_at"]
    assert any("Caseificio di Sandrigo" in w for w in work), work


@pytest.mark.parametrize(("first", "then", "lang", "wrong", "right"), [
    ("mn broer jesse wordt 14 juni 30, we geven een feest",
     "btw ik zei toen 14 juni maar t is gwn 14 juli, ik haal die maanden altijd door elkaar",
     "nl", "14 june", "14 july"),
    ("mi novia wara cumple el 14 de octubre y ya voy ahorrando",
     "ah y lo q te dije q cumplia el 14 de octubre nada q ver, es el 8 de noviembre",
     "es", "14 october", "8 november"),
])
def test_a_date_put_right_in_chat_corrects_the_one_said_before(
        first: str, then: str, lang: str, wrong: str, right: str) -> None:
    with said_a_day_apart(first, then, start=_START, user_id="u", lang=lang,
                          days=30) as memory:
        facts = [f.text.casefold() for f in memory.facts.list(user_id="u")]
    assert not any(wrong in f for f in facts), facts
    assert any(right in f for f in facts), facts
