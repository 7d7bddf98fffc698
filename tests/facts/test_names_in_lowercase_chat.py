"""Names said in lowercase chat: where a cue says a name follows (a first week at work, the
user's boss at a place, a sister named with her relation), the name is read as if it had its
capitals ("first week done at crookes animal hospital", "mia sorella chiara è …"). A writer
who capitalises is taken at their word. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.lowercase_names import names_capitalised, writes_in_lowercase

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "lang", "written"), [
    ("first week done at crookes animal hospital!!! so happy", "en",
     "first week done at Crookes Animal hospital!!! so happy"),
    ("so… new job. week one done at cherry creek medical center", "en",
     "so… new job. week one done at Cherry Creek medical center"),
    ("my manager at walkley vets put me on saturday again", "en",
     "my manager at Walkley Vets put me on saturday again"),
    ("erste woche am seepark geschafft 😮‍💨", "de", "erste woche am Seepark geschafft 😮‍💨"),
    ("première semaine chez opaline terminée !!", "fr",
     "première semaine chez Opaline terminée !!"),
    ("il primo mese al deposito di venaria è volato", "it",
     "il primo mese al Deposito di Venaria è volato"),
    ("eerste week bij warmtewerk zit erop", "nl", "eerste week bij Warmtewerk zit erop"),
    ("appje aan erik, m'n baas bij van rooij", "nl", "appje aan Erik, m'n baas bij Van Rooij"),
    ("tanto mia sorella chiara è sempre a casa", "it", "tanto mia sorella Chiara è sempre a casa"),
    ("padel met joris, m'n zwager, elke week", "nl", "padel met Joris, m'n zwager, elke week"),
    # a number for "first" and "a" for "à", as chat writes them
    ("1ere semaine a l'ong finie!!", "fr", "1ere semaine a l'Ong finie!!"),
    # a name said with its article, set off before the relation
    ("o wellington, meu namorado, vai levar o kauã", "pt",
     "o Wellington, meu namorado, vai levar o kauã"),
    ("la giulia, mia cugina, arriva domani", "it", "la Giulia, mia cugina, arriva domani"),
])
def test_the_name_after_a_cue_gets_its_capitals(said: str, lang: str, written: str) -> None:
    assert names_capitalised(said, lang) == written


@pytest.mark.parametrize(("said", "lang"), [
    ("First week at the new job went fine", "en"),  # a writer who capitalises: as written
    ("first week at the new job went fine", "en"),  # "new" starts no name
    ("first week at the hospital done", "en"),  # a kind of workplace is no name
    ("primeiro mês no laboratório e tô amando", "pt"),
    ("pero es mi mamá po", "es"),  # a word at the end after a relation: no name said
    ("my brother is coming over", "en"),
    ("I moved to leeds last year", "en"),  # no cue of a workplace or a relation
    ("my boss at work is a nightmare", "en"),  # work is no place's name
    ("mein chef bei der arbeit nervt", "de"),
    ("il mio capo al lavoro è pesante", "it"),
    ("mon chef a dit que c'est bon", "fr"),  # after a work relation "a" is a verb
    ("o carro, meu pai comprou em 2010", "pt"),  # no aside: "o carro" is no one
])
def test_nothing_else_changes(said: str, lang: str) -> None:
    assert names_capitalised(said, lang) == said


def test_a_writer_in_lowercase_is_told_by_words_with_a_capital_first() -> None:
    assert writes_in_lowercase("FIRST WEEK DONE at crookes!!! i'm so happy")
    assert not writes_in_lowercase("First week done at Crookes")
    assert not writes_in_lowercase("🎉🎉")


@pytest.mark.parametrize(("first", "then", "lang", "new", "old"), [
    ("my manager at walkley vets is a nightmare honestly, the rota is a joke",
     "first week done at crookes animal hospital!!! so happy", "en", "crookes", "walkley"),
    ("je bosse au cabinet verhaeghe, mon chef chez verhaeghe est lourd",
     "première semaine chez opaline terminée !!", "fr", "opaline", "verhaeghe"),
])
def test_a_new_job_said_in_lowercase_ends_the_old_one(first: str, then: str, lang: str,
                                                     new: str, old: str) -> None:
    with said_a_day_apart(first, then, start=_MARCH, user_id="low", lang=lang,
                          days=30) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id="low")]
    assert any(f"works at {new}" in t for t in current), current
    assert not any(old in t for t in current), current


def test_a_sister_named_in_lowercase_is_known_by_her_name() -> None:
    with said_a_day_apart("perfetto. tanto mia sorella chiara è sempre a casa ultimamente",
                          start=_MARCH, user_id="low", lang="it") as memory:
        texts = [f.text for f in memory.facts.list(user_id="low")]
    assert "The user's sister (sorella) is Chiara" in texts


@pytest.mark.parametrize(("said", "lang", "written"), [
    ("mein schwager olli zieht wohl nach hamburg", "de", "mein schwager Olli zieht wohl nach"),
    ("meu primo thiago vai casar em dezembro", "pt", "meu primo Thiago vai casar"),
    ("ma sœur maëva part vivre à montréal", "fr", "ma sœur Maëva part vivre"),
])
def test_a_common_given_name_after_a_relation_is_a_name(said: str, lang: str,
                                                        written: str) -> None:
    assert written in names_capitalised(said, lang)


@pytest.mark.parametrize(("said", "lang"), [
    ("mein schwager zieht wohl nach hamburg", "de"),  # a verb after the relation
    ("meu primo vai casar em dezembro", "pt"),
    ("my sister says hi", "en"),
])
def test_a_word_that_is_no_name_after_a_relation_stays(said: str, lang: str) -> None:
    assert names_capitalised(said, lang) == said


def test_a_retraction_in_lowercase_keeps_who_the_person_is() -> None:
    with said_a_day_apart("was anderes: mein schwager olli zieht wohl nach hamburg",
                          "vergiss, was ich über olli und hamburg gesagt hab. olli bleibt hier",
                          start=_MARCH, user_id="s", lang="de") as memory:
        facts = [(str(f.status).rsplit(".", 1)[-1].lower(), f.text)
                 for f in memory.facts.history(user_id="s")]
    assert [t for status, t in facts if status == "active" and "Olli" in t], facts
    assert not [t for status, t in facts if status == "active" and "hamburg" in t], facts


@pytest.mark.parametrize(("said", "lang", "written"), [
    ("mi novia wara cumple 25 el sábado", "es", "mi novia Wara cumple 25 el sábado"),
    ("mijn broer jesse wordt 30 in juli", "nl", "mijn broer Jesse wordt 30 in juli"),
    ("minha irmã bia mora em santos", "pt", "minha irmã Bia mora em santos"),
    ("ma soeur inès habite à lille", "fr", "ma soeur Inès habite à lille"),
])
def test_a_name_before_a_verb_of_its_own_is_a_name(said: str, lang: str, written: str) -> None:
    """A word between the relation and a verb of living, working, turning an age … is the
    person's name ("mi novia wara cumple 25"), as "my sister kiri turns 30" is."""
    assert names_capitalised(said, lang) == written


@pytest.mark.parametrize(("said", "lang"), [
    ("mi hermano también vive en quito", "es"),
    ("mein bruder auch wohnt in ulm", "de"),
    ("mia sorella sempre lavora troppo", "it"),
])
def test_a_word_of_the_language_before_the_verb_is_no_name(said: str, lang: str) -> None:
    assert names_capitalised(said, lang) == said
