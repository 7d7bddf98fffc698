""""Forget what I told you about X" takes back the statement about X, not what was said
beside it, and what that statement had replaced holds again (it never held). Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

from .conftest import current_facts, said_a_day_apart

_JUNE = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str) -> list[tuple[str, str]]:
    """(status, text) of every fact after ``turns``, said a day apart."""
    with said_a_day_apart(*turns, start=_JUNE, user_id="ida") as memory:
        return [(str(f.status).rsplit(".", 1)[-1], f.text)
                for f in memory.facts.history(user_id="ida")]


@pytest.mark.parametrize(("said", "forget", "kept", "gone"), [
    ("I'm vegetarian, but I eat fish sometimes.",
     "Oh and forget what I told you about the fish.", "vegetarian", "fish"),
    ("Je suis végétarien, mais je mange du poisson de temps en temps.",
     "Oublie ce que je t'ai dit sur le poisson.", "végétarien", "poisson"),
    ("Ich bin Vegetarier, aber ab und zu esse ich Fisch.",
     "Vergiss, was ich dir über den Fisch erzählt habe.", "Vegetarier", "Fisch"),
])
def test_what_was_said_beside_the_topic_stays(said: str, forget: str, kept: str,
                                              gone: str) -> None:
    facts = _facts(said, forget)
    assert any(kept in text and status == "active" for status, text in facts), facts
    assert all(status == "retracted" for status, text in facts if gone in text), facts


def test_what_a_retracted_statement_had_replaced_holds_again() -> None:
    facts = _facts("I live in Lyon.", "I moved to Paris.", "Forget what I told you about Paris.")
    assert ("active", "The user lives in Lyon") in facts, facts
    assert all(status == "retracted" for status, text in facts if "Paris" in text), facts


def test_the_same_holds_when_all_is_said_in_one_call() -> None:
    said = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)
    memory = Memory(":memory:", clock=ManualClock(said))
    try:
        memory.add([{"role": "user", "content": text, "timestamp": said.isoformat()}
                    for text in ("I live in Lyon.", "I moved to Paris.",
                                 "Forget what I told you about Paris.")], user_id="ida")
        current = [f.text for f in memory.facts.list(user_id="ida")]
    finally:
        memory.close()
    assert current == ["The user lives in Lyon"], current


@pytest.mark.parametrize(("said", "forget", "gone"), [
    ("Ando con insomnio y empecé terapia los jueves.",
     "che, olvidate de lo de la terapia, ¿sí?", "terapia"),
    ("Tengo un perro que se llama Tango y odio el invierno.",
     "Olvídate del perro, por favor.", "Tango"),
    ("Ho cominciato a vedere un nutrizionista il lunedì.",
     "Scordati del nutrizionista, per favore.", "nutrizionista"),
    ("Je vois une kiné le vendredi pour mon dos.",
     "Oubliez la kiné, s'il vous plaît.", "kiné"),
])
def test_forget_said_the_way_people_say_it(said: str, forget: str, gone: str) -> None:
    """Voseo and reflexive forms ("olvidate", "olvídate", "scordati"), the polite "oubliez",
    and a tag question after it ("¿sí?") still take the statement back."""
    facts = _facts(said, forget)
    about = [(status, text) for status, text in facts if gone in text and
             "asked to forget" not in text]
    assert about and all(status == "retracted" for status, _ in about), facts


@pytest.mark.parametrize(("said", "forget"), [
    ("My brother Tomas keeps fixing my bike, he and his wife Lena are getting divorced.",
     "forget what I told you about Tomas and Lena please, it's private"),
    ("Mein Bruder Tomas repariert immer mein Rad, er und seine Frau Lena lassen sich scheiden.",
     "Vergiss bitte, was ich dir über Tomas und Lena erzählt habe."),
])
def test_forgetting_two_people_keeps_who_they_are(said: str, forget: str) -> None:
    """"Forget what I told you about Tomas and Lena" takes back what went on between them,
    not that Tomas is the user's brother."""
    facts = _facts(said, forget)
    assert any(status == "active" and "brother" in text and "Tomas" in text
               for status, text in facts), facts
    assert not any(status == "active" and ("divorc" in text or "scheiden" in text)
                   for status, text in facts), facts


@pytest.mark.parametrize(("said", "forget", "who", "news"), [
    ("My sister Hattie got laid off from the council last week, she's gutted.",
     "forget what I told you about Hattie, she'd hate it going round", "sister", "laid off"),
    ("Mein Kollege Bernd hat die Probezeit nicht bestanden, ganz schön bitter.",
     "Vergiss bitte, was ich dir über Bernd erzählt habe.", "Bernd", "Probezeit"),
    ("mi cuñada Maite se queda sin trabajo en el Santander, la echan en junio",
     "olvida lo que te conté de Maite, porfa", "Maite", "sin trabajo"),
])
def test_forgetting_one_person_keeps_who_they_are(said: str, forget: str, who: str,
                                                  news: str) -> None:
    """"Forget what I told you about Hattie" takes back the news about her, not that she is
    the user's sister: the people who wrote the truth set's conversations expect it kept."""
    facts = _facts(said, forget)
    told = [(status, text) for status, text in facts if news in text]
    assert told and all(status == "retracted" for status, _ in told), facts
    assert any(status == "active" and who in text and news not in text
               for status, text in facts), facts


@pytest.mark.parametrize(("said", "forget", "who"), [
    ("bumped into my ex, Rowan, at the Tesco on Mill Road, he works there now",
     "forget what I told you about Rowan, I'm done with him", "Rowan"),
    ("mein Bruder heißt Jonte", "Vergiss, was ich dir über Jonte erzählt habe", "Jonte"),
])
def test_forgetting_an_ex_or_only_who_someone_is_forgets_them(said: str, forget: str,
                                                              who: str) -> None:
    facts = _facts(said, forget)
    about = [(status, text) for status, text in facts if who in text]
    assert about and all(status == "retracted" for status, _ in about), facts


@pytest.mark.parametrize(("lang", "story", "taken_back", "kept"), [
    ("nl", "Mijn ex Erwin wil deze zomer met onze zoon Bram drie weken naar Noorwegen.",
     "Vergeet dat hele verhaal over Noorwegen maar, Erwin heeft het afgeblazen.",
     ("the user's ex is erwin", "the user's son (zoon) is bram")),
    ("en", "My brother Sam wants to take my son Leo to Iceland this summer.",
     "Forget what I said about Iceland, Sam called it off.",
     ("the user's brother is sam", "the user's son is leo")),
])
def test_a_thing_taken_back_keeps_who_the_people_of_its_sentence_are(
        lang: str, story: str, taken_back: str, kept: tuple[str, ...]) -> None:
    """The trip goes, not who the people are that the sentence of the trip named."""
    facts = current_facts(story, taken_back, start=datetime(2025, 4, 5, 9, 0, tzinfo=UTC),
                          lang=lang, days=3)
    assert set(kept) <= set(facts), facts
    assert not [t for t in facts if "noorwegen" in t or "iceland" in t], facts
