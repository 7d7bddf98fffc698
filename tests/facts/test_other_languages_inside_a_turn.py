"""A line in a language the extractor does not read gives no fact, wherever it stands in a
turn (after a colon in a sentence of ours, on its own, with the user's language given), and
German said in dialect ("i", "a") is read as German, not English. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of
from lucidmem.facts.language import detect

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

FOREIGN_LINES = {
    # language of the line, the turn around it, the conversation's language, a word of the line
    "hu": ("mi vecina Dóra me enseña húngaro, mira lo que me hizo escribir: "
           "Két macskám van és Pécsen lakom", "es", "Pécsen"),
    "ig": ("my cousin Chidi is visiting next week. Nwanne m nwoke na-arụ ọrụ n'Enugu ugbu a",
           "en", "Enugu"),
    "srn": ("Dag! Mi wroko na wan oso fu dresi na Albina", "nl", "Albina"),
    "nb": ("regarde ce que ma voisine m'a appris: jeg bor i Tromsø og jobber på sykehuset",
           "fr", "Tromsø"),
    "af": ("kijk wat mijn collega zei: ek woon nie meer in Pretoria nie, dankie", "nl",
           "Pretoria"),
    "tl": ("guarda cosa mi ha scritto Rosa: nasa Cebu ako ngayon, talaga po", "it", "Cebu"),
}


@pytest.mark.parametrize("code", sorted(FOREIGN_LINES))
def test_a_line_in_another_language_is_that_language(code: str) -> None:
    turn, lang, word = FOREIGN_LINES[code]
    foreign = [c for c in clauses_of(turn, default_language=lang) if word in c.text]
    assert foreign and all(not c.supported for c in foreign), foreign


@pytest.mark.parametrize("code", sorted(FOREIGN_LINES))
def test_a_line_in_another_language_gives_no_fact(code: str) -> None:
    turn, _lang, word = FOREIGN_LINES[code]
    with said_a_day_apart(turn, start=_MAY, user_id="ines") as memory:
        texts = [f.text for f in memory.facts.list(user_id="ines")]
        skipped = memory.facts.stats(user_id="ines").skipped
    assert not [t for t in texts if word in t], texts
    assert skipped.get(f"unsupported_language:{code}"), skipped


def test_the_users_language_given_does_not_make_a_foreign_line_ours() -> None:
    turn, _lang, word = FOREIGN_LINES["hu"]
    with said_a_day_apart(turn, start=_MAY, user_id="ines", lang="es") as memory:
        texts = [f.text for f in memory.facts.list(user_id="ines")]
    assert not [t for t in texts if word in t], texts


def test_the_lead_in_of_ours_before_a_foreign_line_stays_ours() -> None:
    clauses = clauses_of("mira lo que aprendí hoy en clase: jeg bor i Tromsø og jobber på "
                         "sykehuset", default_language="es")
    assert (clauses[0].language, clauses[0].supported) == ("es", True)
    assert any(not c.supported for c in clauses)


DIALECT = [
    "Heit war i mit da Oma am Markt, a so a schena Tag",
    "I geh jetzt jeden Dienstag zum Schwimmen, des tuat ma guat",
    "Mei Bua is a bisserl krank, i bleib dahoam",
]


@pytest.mark.parametrize("text", DIALECT)
def test_german_in_dialect_is_german(text: str) -> None:
    assert detect(text, default="de").code == "de"
    assert {c.language for c in clauses_of(text, default_language="de")} == {"de"}


def test_a_hypothetical_in_dialect_gives_no_home() -> None:
    with said_a_day_apart("Hallo, ich bin die Resi und arbeite in einer Bäckerei.",
                          "Wenn i im Lotto gwinn, kauf i uns a Haus am Wörthersee, haha",
                          start=_MAY, user_id="resi") as memory:
        texts = [f.text for f in memory.facts.list(user_id="resi")]
    assert not [t for t in texts if "Wörthersee" in t], texts


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("es", "y mira, si me toca el Gordo me compro un velero en Mallorca", "Mallorca"),
    ("en", "look, if I ever win the lottery I'm buying a cottage in Cornwall", "Cornwall"),
    ("nl", "kijk, als ik de loterij win koop ik een boot in Zeeland", "Zeeland"),
    ("fr", "écoute, si je gagne au loto je m'achète un chalet à Megève", "Megève"),
])
def test_an_if_after_look_or_listen_is_still_an_if(lang: str, text: str, word: str) -> None:
    with said_a_day_apart(text, start=_MAY, user_id="tom", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="tom")]
    assert not [t for t in texts if word in t], texts


@pytest.mark.parametrize("line", ["jom lepak mamak tmr", "shiok lah, tapau nasi lemak"])
def test_latin_words_of_no_language_in_a_chinese_conversation_are_unsupported(
        line: str) -> None:
    # Chinese has no word list: the detector used to fail on it (KeyError) and the whole
    # turn lost its facts
    assert detect(line, default="zh").code == "xx"
    turn = f"我下个月搬去槟城。{line}"
    supported = [c for c in clauses_of(turn, default_language="zh") if c.supported]
    assert any("槟城" in c.text for c in supported)


def test_a_chinese_turn_with_a_line_of_no_language_keeps_its_facts() -> None:
    with said_a_day_apart("我在吉隆坡的一家银行上班。jom lepak mamak tmr", start=_MAY,
                          user_id="u", lang="zh") as memory:
        assert any("吉隆坡" in f.text for f in memory.facts.list(user_id="u"))
