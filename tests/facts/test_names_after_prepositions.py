"""A German name after a preposition ("mit Svenja", "für Greta", "bei Jonas") is someone:
"wir sind seit Oktober zusammen" after it makes them the user's partner, and "sie ist
meine Schwester" right after naming them makes them the user's sister (in every language
with "she is my …"; "Sie" / "Ella" there is "she", not a name). German nouns said the same
way ("mit Freunden", "bei Aldi", "zu Hause") stay no one. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.people import is_given_name, pronoun_relation

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 19, 0, tzinfo=UTC)


def _relations(*turns: str, lang: str) -> set[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MAY, user_id="ute", lang=lang) as memory:
        return {(f.predicate, f.object) for f in memory.facts.list(user_id="ute")
                if f.predicate.startswith("has_")}


@pytest.mark.parametrize("first", [
    "Letztes Wochenende war ich mit Svenja am Bodensee",
    "Ich hab am Samstag bei Svenja übernachtet",
    "Gestern hab ich Blumen für Svenja gekauft",
    "Ich bin am Abend noch zu Svenja gefahren",
    "Ich denk die ganze Zeit an Svenja",
    "Heute kam ein Brief von Svenja",
    "Ich war mit der Svenja beim Italiener",
])
def test_a_name_after_a_preposition_is_who_the_user_is_together_with(first: str) -> None:
    relations = _relations(first, "Wir sind seit Oktober zusammen", lang="de")
    assert ("has_partner", "Svenja") in relations


@pytest.mark.parametrize("first", [
    "Ich war gestern mit Freunden im Kino",
    "Ich trinke morgens Tee mit Zitrone",
    "Ich bin seit Wochen nur für die Arbeit unterwegs",
    "Ich hab heute bei Aldi eingekauft",
    "Ich bin am Wochenende zu Hause geblieben",
    "Wir waren an Weihnachten bei Oma",
])
def test_a_noun_after_a_preposition_is_no_partner(first: str) -> None:
    relations = _relations(first, "Wir sind seit Oktober zusammen", lang="de")
    assert not any(predicate == "has_partner" for predicate, _ in relations), relations


@pytest.mark.parametrize(("lang", "said", "relation", "name"), [
    ("de", "Ich hab gestern ein Buch für Greta besorgt, sie ist meine Schwester",
     "has_sister", "Greta"),
    ("de", "Am Sonntag war ich mit Konrad wandern, er ist mein Cousin", "has_cousin", "Konrad"),
    ("nl", "Ik heb bloemen voor Noor gekocht, ze is mijn zus", "has_sister", "Noor"),
    ("en", "I had coffee with Priya this morning, she's my cousin", "has_cousin", "Priya"),
    ("fr", "J'ai déjeuné avec Margaux, elle est ma sœur", "has_sister", "Margaux"),
    ("es", "Anoche cené con Lorena, ella es mi prima", "has_cousin", "Lorena"),
    ("it", "Sono andata al mare con Chiara, lei è mia sorella", "has_sister", "Chiara"),
])
def test_she_is_my_relative_is_the_one_just_named(lang: str, said: str, relation: str,
                                                  name: str) -> None:
    assert (relation, name) in _relations(said, lang=lang)


def test_she_said_in_the_next_turn_is_the_one_named_before() -> None:
    relations = _relations("Ich hab mit Greta Kuchen gebacken", "Sie ist meine Schwester",
                           lang="de")
    assert ("has_sister", "Greta") in relations


def test_she_is_my_relative_says_nothing_more_about_her() -> None:
    with said_a_day_apart("Anoche cené con Lorena", "Ella es mi prima", start=_MAY,
                          user_id="ute", lang="es") as memory:
        texts = [f.text for f in memory.facts.list(user_id="ute")]
    assert not any("es mi prima" in text for text in texts), texts
    assert not any(text.endswith("is Ella") for text in texts), texts


def test_a_capitalised_she_with_no_one_named_is_nobody() -> None:
    relations = _relations("Sie ist meine Schwester", lang="de")
    assert not any(predicate == "has_sister" for predicate, _ in relations), relations


def test_someone_with_another_relation_keeps_it() -> None:
    relations = _relations("Ich war mit meinem Bruder Paul essen, er ist mein Kollege",
                           lang="de")
    assert ("has_brother", "Paul") in relations
    assert ("has_colleague", "Paul") not in relations


def test_a_noun_or_a_company_is_no_given_name() -> None:
    assert is_given_name("Svenja") and is_given_name("Anna-Lena")
    assert not any(is_given_name(w) for w in ("Kaffee", "Freunden", "Aldi", "Siemens", "Hause"))


def test_the_relation_said_of_she() -> None:
    assert pronoun_relation("sie ist jetzt meine Schwester", "de") == "sister"
    assert pronoun_relation("he's my brother", "en") == "brother"
    assert pronoun_relation("sie ist meine Lieblingslehrerin gewesen", "de") is None
    assert pronoun_relation("Lea ist meine Schwester", "de") is None
