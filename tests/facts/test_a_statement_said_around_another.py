"""Statements whose words point elsewhere than they seem: what the user does after work is no
job and ends none; a clause opening with an adverb, a superlative or a verb of "we" in
capitals names nobody; news asked as a question ("E sai che ormai sono vegetariana?") is
told; "Io e Duccio abitiamo …" is the user's home too; weeks spent at a home named by its kind
("sono tre settimane che stiamo al podere", "3 semanas na kitnet do bauxita") are a move; a
job said in lowercase chat after "ik werk bij" names its workplace; a Swiss first stretch
("erschti zwei wuche bi de vbz") is a new workplace; praise in a sentence an eye-roll closes
is irony; a company after "alla" is no one a pronoun points to. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    """(subject, predicate, text) of the current facts after ``turns``, a month apart."""
    with said_a_day_apart(*turns, start=_START, user_id="u", lang=lang, days=30) as memory:
        return [(f.subject, f.predicate, f.text) for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("job", "after_work", "lang", "employer"), [
    ("Ich arbeite bei der Sparkasse in Rust.",
     "Ich helfe nach der Arbeit beim Weingut meiner Eltern mit.", "de", "Sparkasse"),
    ("I work at Harlow Freight as a dispatcher.",
     "After work I coach the under-10s at the Rovers club.", "en", "Harlow"),
    ("Je travaille chez Monoprix.",
     "Après le boulot je donne un coup de main à mon frère dans son garage.", "fr",
     "Monoprix"),
])
def test_what_is_done_after_work_keeps_the_job(job: str, after_work: str, lang: str,
                                               employer: str) -> None:
    facts = _facts(job, after_work, lang=lang)
    assert any(employer in text for _, predicate, text in facts
               if predicate in ("works_at", "occupation")), facts


@pytest.mark.parametrize("said", [
    "Ultimamente la carne la mangio solo la domenica.",
    "Bellissime idee, le proverò tutte.",
    "Vorremmo invitare le famiglie a pranzo la domenica.",
])
def test_an_adverb_or_a_verb_of_we_in_capitals_names_nobody(said: str) -> None:
    facts = _facts(said, lang="it")
    assert all(subject == "user" for subject, _, _ in facts), facts


@pytest.mark.parametrize(("said", "lang", "word"), [
    ("Grazie! E sai che ormai sono vegetariana? Non tocco carne da settimane.", "it",
     "vegetariana"),
    ("Did you know I'm vegan now? It's been a month.", "en", "vegan"),
])
def test_news_asked_as_a_question_is_told(said: str, lang: str, word: str) -> None:
    facts = _facts(said, lang=lang)
    assert any(word in text for _, _, text in facts), facts


def test_a_real_question_after_do_you_know_stays_a_question() -> None:
    assert _facts("Sai che ore sono?", lang="it") == []


def test_the_user_and_someone_else_live_together() -> None:
    facts = _facts("Io e Duccio, il mio fidanzato, abitiamo in via Pantaneto.", lang="it")
    assert any(subject == "user" and "Pantaneto" in text for subject, _, text in facts), facts
    assert not any(subject == "Duccio" and "Pantaneto" in text
                   for subject, _, text in facts), facts


@pytest.mark.parametrize(("before", "after", "lang", "new", "old"), [
    ("Io e Duccio abitiamo in via Pantaneto, al quarto piano.",
     "Sono tre settimane che stiamo al podere: la mattina c'è la nebbia.", "it", "podere",
     "Pantaneto"),
    ("moro numa república perto da praça tiradentes",
     "oiee 3 semanas na kitnet do bauxita!! silêncio, ninguém comendo meu iogurte", "pt",
     "bauxita", "república"),
])
def test_weeks_at_a_home_named_by_its_kind_are_a_move(before: str, after: str, lang: str,
                                                      new: str, old: str) -> None:
    homes = [text for _, predicate, text in _facts(before, after, lang=lang)
             if predicate == "lives_in"]
    assert any(new in text for text in homes), homes
    assert not any(old in text for text in homes), homes


def test_weeks_in_a_town_are_no_move() -> None:
    homes = [text for _, predicate, text in
             _facts("moro em Braga com a minha irmã", "passei 3 semanas em Lisboa, que calor",
                    lang="pt") if predicate == "lives_in"]
    assert any("Braga" in text for text in homes), homes


@pytest.mark.parametrize(("said", "lang", "workplace"), [
    ("ik ben isa btw, ik werk bij schoenenwinkel stap in in de grote houtstraat", "nl",
     "Stap"),
    ("jbosse chez carrefour depuis 2 ans", "fr", "Carrefour"),
])
def test_a_workplace_said_in_lowercase_after_working_at(said: str, lang: str,
                                                        workplace: str) -> None:
    facts = _facts(said, lang=lang)
    assert any(workplace in text for _, predicate, text in facts
               if predicate in ("works_at", "occupation")), facts


def test_a_swiss_first_stretch_is_a_new_workplace() -> None:
    facts = _facts("ich bi de domi, velomech bi speiche & co a de langstrass",
                   "erschti zwei wuche bi de vbz dure! usbildig uf em cobra", lang="de")
    assert any("Vbz" in text for _, predicate, text in facts if predicate == "works_at"), facts


@pytest.mark.parametrize(("said", "lang", "praise"), [
    ("i do customer support for a betting company. best job in the world honestly, i just "
     "love being called names at 3am 🙃", "en", "best job"),
    ("Ich arbeite im Callcenter. Der beste Job der Welt, ich liebe es, nachts angeschrien zu "
     "werden 🙄", "de", "beste Job"),
])
def test_praise_in_a_sentence_closed_by_an_eye_roll_is_irony(said: str, lang: str,
                                                             praise: str) -> None:
    facts = _facts(said, lang=lang)
    assert not any(praise in text for _, _, text in facts), facts
    assert facts, "the job said straight is kept"


def test_praise_closed_by_a_smile_is_meant() -> None:
    facts = _facts("best bakery in town, I love their rye bread 🙂", lang="en")
    assert any("rye" in text for _, _, text in facts), facts


def test_a_workplace_after_a_word_of_place_is_no_one_a_pronoun_points_to() -> None:
    """"Piero lavora alla Ferrero. Ha appena comprato una moto.": the motorbike is Piero's,
    not the company's."""
    facts = _facts("Mio cognato Piero lavora alla Ferrero. Ha appena comprato una moto.",
                   lang="it")
    assert any(subject == "Piero" and "moto" in text for subject, _, text in facts), facts
    assert not any(subject == "Ferrero" for subject, _, _ in facts), facts
