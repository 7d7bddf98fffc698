"""A line in a language the extractor does not read, said as an example ("look what I learned
yesterday: Jeg bor i Tromsø …", "I wrote this one: Mieszkam w Gdańsku … 😂 (made up)"), is not
the user's statement: no fact carries its words, neither the fact of the clause before it (a
dated lead takes its sentence as its text) nor one of the aside in brackets after it. What the
user says of themselves in the aside is still read. Sentences written for these tests; the
language is left to the detector, as in a conversation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 8, 18, 0, tzinfo=UTC)


def _texts(turn: str) -> list[str]:
    with said_a_day_apart(turn, start=_JUNE, user_id="lin") as memory:
        return [f.text for f in memory.facts.history(user_id="lin")]


@pytest.mark.parametrize(("turn", "foreign"), [
    ("this is what I memorised yesterday: Bydlím v Liberci a mám psa.", "Liberci"),
    ("regarde ce que j'ai appris hier : Bydlím v Brně a mám psa.", "Brně"),
    ("mira lo que aprendí ayer: Mieszkam w Poznaniu i mam dwa psy.", "Poznaniu"),
    ("guarda cosa ho imparato oggi: Jeg bor i Stavanger og jeg har en hest.", "Stavanger"),
    ("kijk wat ik vandaag geleerd heb: Mieszkam w Łodzi i mam kota.", "Łodzi"),
    ("ieri ho imparato questa: Bydlím v Jihlavě a mám koně.", "Jihlavě"),
    ("das hab ich heute geübt: Jeg bor i Ålesund og jeg har to hunder.", "Ålesund"),
])
def test_a_dated_lead_does_not_carry_the_line(turn: str, foreign: str) -> None:
    assert not [t for t in _texts(turn) if foreign in t]


@pytest.mark.parametrize(("turn", "foreign", "home"), [
    ("my teacher gave us this one today: Mieszkam w Gdańsku i mam trzy koty 😂 "
     "(made up, I live in Leeds)", "Gdańsku", "Leeds"),
    ("j'ai écrit ça : Nimehamia Mombasa na nina paka wawili 😂 (c'est un exercice, "
     "j'habite à Lyon)", "Mombasa", "Lyon"),
    ("ayer escribí esto en el cuaderno: Nimehamia Kisumu na nina mbwa wawili 😂 (es inventado, "
     "vivo en Cádiz)", "Kisumu", "Cádiz"),
    ("escrevi isto ontem no caderno: Nimehamia Moshi na nina paka wawili 😂 (é só um exercício "
     "da aula, moro em Braga)", "Moshi", "Braga"),
    ("hoje copiei esta do livro: Mieszkam w Sopocie i mam dwa koty 😂 (é da aula, moro em "
     "Viseu)", "Sopocie", "Viseu"),
    ("ik schreef dit: Nimehamia Nakuru na nina paka watatu 😂 (gewoon een oefening, "
     "ik woon in Zwolle)", "Nakuru", "Zwolle"),
    ("hab das hier geschrieben: Nimehamia Tanga na nina mbwa 😅 (nur eine Übung, ich wohne "
     "in Kassel)", "Tanga", "Kassel"),
    ("我写了这句：Mieszkam w Krakowie i mam psa 😂（只是作业，我住在杭州）", "Krakowie", "杭州"),
    ("上周学的例句：Jeg bor i Trondheim og jeg har en hund 😂（课本上的，我其实住在苏州）",
     "Trondheim", "苏州"),
])
def test_a_line_before_an_aside_is_no_fact(turn: str, foreign: str, home: str) -> None:
    texts = _texts(turn)
    assert not [t for t in texts if foreign in t]
    assert [t for t in texts if home in t]
