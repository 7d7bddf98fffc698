"""The offline extractor: explicit statements in, fact candidates out; nothing from questions,
hypotheticals or requests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from lucidmem.errors import InvalidInputError
from lucidmem.facts.model import FactCandidate, FactCategory, PrivacyLevel, Subcategory
from lucidmem.facts.offline_extractor import HEDGE_FACTOR, detect_language, extract

TS = datetime(2024, 3, 6, 10, 0, tzinfo=UTC)  # Wednesday


def _facts(text: str, **kw: object) -> list[FactCandidate]:
    return extract(text, speaker=str(kw.pop("speaker", "user")), timestamp=TS, **kw)  # type: ignore[arg-type]


def _triples(text: str) -> set[tuple[str, str, str, bool]]:
    return {(f.subject, f.predicate, f.object, f.negated) for f in _facts(text)}


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        # names
        ("My name is Alex.", ("user", "name", "Alex", False)),
        ("my name is bob", ("user", "name", "bob", False)),
        ("Call me Al, please.", ("user", "preferred_name", "Al", False)),
        ("Hi! I'm Tom.", ("user", "name", "Tom", False)),
        # relationships
        ("Sarah is my sister.", ("user", "has_sister", "Sarah", False)),
        ("My sister's name is Sarah.", ("user", "has_sister", "Sarah", False)),
        ("I have a brother called Ben.", ("user", "has_brother", "Ben", False)),
        ("I have a dog named Rex.", ("user", "has_dog", "Rex", False)),
        ("My wife loves hiking.", ("user", "has_wife", "user's wife", False)),
        ("My wife loves hiking.", ("user's wife", "likes", "hiking", False)),
        ("My boss is Tom.", ("user", "has_boss", "Tom", False)),
        ("I'm married to Alex.", ("user", "has_spouse", "Alex", False)),
        # likes and dislikes
        ("I love jazz.", ("user", "likes", "jazz", False)),
        ("I really enjoy hiking in the Alps.", ("user", "likes", "hiking in the Alps", False)),
        ("I'm a huge fan of Radiohead.", ("user", "likes", "Radiohead", False)),
        ("I hate techno.", ("user", "dislikes", "techno", False)),
        ("I can't stand traffic.", ("user", "dislikes", "traffic", False)),
        ("I don't like horror movies.", ("user", "dislikes", "horror movies", False)),
        ("I used to love skiing.", ("user", "likes", "skiing", True)),
        ("I prefer tea over coffee.", ("user", "prefers", "tea", False)),
        # diets and allergies
        ("I'm vegan.", ("user", "diet", "vegan", False)),
        ("I am a vegetarian", ("user", "diet", "vegetarian", False)),
        ("I'm on a keto diet.", ("user", "diet", "keto", False)),
        ("I'm not vegan anymore.", ("user", "diet", "vegan", True)),
        ("I no longer eat meat.", ("user", "eats", "meat", True)),
        ("I don't eat pork.", ("user", "eats", "pork", True)),
        ("I'm allergic to peanuts.", ("user", "allergic_to", "peanuts", False)),
        ("I have a severe shellfish allergy.", ("user", "allergic_to", "shellfish", False)),
        ("I'm lactose intolerant.", ("user", "intolerant_to", "lactose", False)),
        # work
        ("I work at Google.", ("user", "works_at", "Google", False)),
        ("I work for the United Nations.", ("user", "works_at", "the United Nations", False)),
        ("I work as a data analyst.", ("user", "occupation", "data analyst", False)),
        ("I'm a nurse.", ("user", "occupation", "nurse", False)),
        ("I'm a software engineer at Spotify.", ("user", "occupation", "software engineer",
                                                 False)),
        ("I just started at Globex.", ("user", "works_at", "Globex", False)),
        # location
        ("I live in New York City with my wife.", ("user", "lives_in", "New York City", False)),
        ("I moved to Berlin.", ("user", "lives_in", "Berlin", False)),
        ("I'm from Ohio.", ("user", "hometown", "Ohio", False)),
        ("I used to live in London.", ("user", "lives_in", "London", True)),
        # schedule and communication
        ("I prefer meetings in the morning.",
         ("user", "preferred_time_for_meeting", "morning", False)),
        ("I'm not a morning person.", ("user", "chronotype", "morning person", True)),
        ("Don't text me before 10am.", ("user", "no_contact_before", "10am", False)),
        # others
        ("I'm 34 years old.", ("user", "age", "34", False)),
        ("I speak French.", ("user", "speaks", "French", False)),
        ("I'm working on a novel.", ("user", "working_on", "novel", False)),
        # third person
        ("My sister Sarah is vegan.", ("Sarah", "diet", "vegan", False)),
        ("My sister Sarah is vegan, she loves tofu.", ("Sarah", "likes", "tofu", False)),
    ],
)
def test_explicit_statements(text: str, triple: tuple[str, str, str, bool]) -> None:
    assert triple in _triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Do you like jazz?",
        "do you like jazz",
        "Are you vegan?",
        "What's my name?",
        "If I lived in Paris I would eat croissants every day.",
        "If I were vegan, I'd miss cheese.",
        "I would love to live in Paris.",
        "I'd like a coffee, please.",
        "I wish I lived in Spain.",
        "I might move to Berlin.",
        "Imagine I worked at Google.",
        "I don't know if I like sushi.",
        "I'm not sure whether I like opera.",
        "I like it.",
        "I love that!",
        "Maybe I could work at Google someday.",
        "",
        "   ",
        "Thanks, that helps.",
        "I'm so tired today.",
        "I'm Italian.",
    ],
)
def test_no_facts_from_questions_hypotheticals_and_noise(text: str) -> None:
    assert _facts(text) == []


def test_assistant_statements_are_not_facts() -> None:
    assert extract("I love helping people.", speaker="assistant", timestamp=TS) == []
    assert extract("I love jazz.", speaker="system", timestamp=TS) == []


def test_named_speaker_becomes_the_subject() -> None:
    facts = extract("I love jazz and my sister Ana is vegan.", speaker="Maria", timestamp=TS)
    triples = {(f.subject, f.predicate, f.object) for f in facts}
    assert ("Maria", "likes", "jazz") in triples
    assert ("Maria", "has_sister", "Ana") in triples
    assert ("Ana", "diet", "vegan") in triples


def test_the_seed_example() -> None:
    # emberhearth §1: "My sister Sarah is visiting next week, she's vegan"
    when = datetime(2023, 5, 3, 9, 0, tzinfo=timezone(timedelta(hours=2)))
    facts = extract("My sister Sarah is visiting next week, she's vegan", speaker="user",
                    timestamp=when)
    by_predicate = {f.predicate: f for f in facts}
    assert set(by_predicate) == {"has_sister", "visiting", "diet"}
    sister = by_predicate["has_sister"]
    assert (sister.category, sister.subcategory) == (FactCategory.RELATIONSHIP,
                                                     Subcategory.RELATIONSHIP_FAMILY)
    assert sister.privacy is PrivacyLevel.PRIVATE
    assert sister.valid_from is None  # the visit's date is not the relationship's
    visit = by_predicate["visiting"]
    assert (visit.subject, visit.object, visit.category) == ("Sarah", "user", FactCategory.EVENT)
    assert visit.temporal_text == "next week"
    assert visit.valid_from == datetime(2023, 5, 8, tzinfo=when.tzinfo)
    assert visit.valid_to == datetime(2023, 5, 15, tzinfo=when.tzinfo)
    diet = by_predicate["diet"]
    assert (diet.subject, diet.object, diet.category) == ("Sarah", "vegan",
                                                          FactCategory.PREFERENCE)


def test_events_with_dates() -> None:
    (dentist,) = _facts("My dentist appointment is next Tuesday at 3pm.")
    assert (dentist.predicate, dentist.object) == ("has_event", "dentist appointment")
    assert dentist.subcategory is Subcategory.EVENT_UPCOMING
    assert dentist.valid_from == datetime(2024, 3, 12, 15, 0, tzinfo=UTC)
    (past,) = _facts("My job interview was yesterday.")
    assert past.subcategory is Subcategory.EVENT_HISTORICAL
    (flight,) = _facts("I'm flying to Tokyo on 12 July.")
    assert (flight.predicate, flight.object) == ("travels_to", "Tokyo")
    assert flight.valid_from == datetime(2024, 7, 12, tzinfo=UTC)
    (cancelled,) = _facts("My yoga class is cancelled.")
    assert cancelled.negated and cancelled.is_change


def test_unresolvable_dates_are_kept_and_flagged() -> None:
    (exam,) = _facts("My exam is after Easter.")
    assert exam.temporal_unresolved
    assert exam.temporal_text == "after Easter"
    assert exam.valid_from is None and exam.valid_to is None


def test_state_changes_carry_their_start() -> None:
    (moved,) = _facts("I moved to Berlin last month.")
    assert moved.is_change
    assert moved.valid_from == datetime(2024, 2, 1, tzinfo=UTC) and moved.valid_to is None
    (since,) = _facts("I've been living in Paris since 2019.")
    assert since.valid_from == datetime(2019, 1, 1, tzinfo=UTC)


def test_markers() -> None:
    (change,) = _facts("I don't like coffee anymore.")
    assert (change.predicate, change.is_change) == ("dislikes", True)
    (correction,) = _facts("Sorry, I meant I live in Lille.")
    assert correction.is_correction and correction.object == "Lille"
    (once,) = _facts("Just today I'm drinking coffee.")
    assert once.one_off and once.object == "coffee"
    assert once.valid_from == datetime(2024, 3, 6, tzinfo=UTC)
    (context,) = _facts("I like coffee at work.")
    assert (context.object, context.context) == ("coffee", "at work")


def test_hedges_lower_confidence() -> None:
    (sure,) = _facts("I like sushi.")
    (hedged,) = _facts("I think I like sushi.")
    assert hedged.object == "sushi"
    assert hedged.confidence == pytest.approx(sure.confidence * HEDGE_FACTOR)
    assert sure.confidence > 0.8 >= hedged.confidence


def test_intensity() -> None:
    (like,) = _facts("I like jazz.")
    (love,) = _facts("I love jazz.")
    (really,) = _facts("I really love jazz!")
    assert like.emotional_intensity == pytest.approx(0.3)  # the schema default
    assert like.emotional_intensity < love.emotional_intensity < really.emotional_intensity
    assert really.emotional_intensity <= 0.9


def test_privacy() -> None:
    (secret,) = _facts("Don't tell anyone, but I'm allergic to shellfish.")
    assert secret.privacy is PrivacyLevel.SECRET and secret.predicate == "allergic_to"
    (confided,) = _facts("Between us, I'm interviewing at Apple next week.")
    assert confided.category is FactCategory.SECRET
    assert confided.privacy is PrivacyLevel.SECRET
    assert confided.object.startswith("I'm interviewing at Apple")
    (public,) = _facts("I love jazz.")
    assert public.privacy is PrivacyLevel.PUBLIC
    (health,) = _facts("I'm allergic to peanuts.")
    assert health.privacy is PrivacyLevel.PRIVATE


def test_several_facts_in_one_message() -> None:
    triples = _triples("I love jazz but I hate techno. I live in Berlin; I work at SAP.")
    assert triples >= {("user", "likes", "jazz", False), ("user", "dislikes", "techno", False),
                       ("user", "lives_in", "Berlin", False), ("user", "works_at", "SAP", False)}


def test_objects_keep_language_and_casing() -> None:
    assert ("user", "likes", "Miles Davis", False) in _triples("I love Miles Davis.")
    facts = extract("Ich mag Kaffee nicht mehr.", speaker="user", timestamp=TS)
    assert [(f.predicate, f.object, f.language, f.is_change) for f in facts] == [
        ("dislikes", "Kaffee", "de", True)]


@pytest.mark.parametrize(
    ("text", "triple", "language"),
    [
        ("Ich heiße Jonas.", ("user", "name", "Jonas", False), "de"),
        ("Meine Schwester Anna ist Vegetarierin.", ("Anna", "diet", "Vegetarierin", False), "de"),
        ("Ich esse kein Fleisch mehr.", ("user", "eats", "Fleisch", True), "de"),
        ("Ich bin allergisch gegen Nüsse.", ("user", "allergic_to", "Nüsse", False), "de"),
        ("Ich wohne in München.", ("user", "lives_in", "München", False), "de"),
        ("Ich arbeite bei Siemens.", ("user", "works_at", "Siemens", False), "de"),
        ("Je m'appelle Marie.", ("user", "name", "Marie", False), "fr"),
        ("J'adore le chocolat.", ("user", "likes", "le chocolat", False), "fr"),
        ("Je n'aime pas le froid.", ("user", "dislikes", "le froid", False), "fr"),
        ("Je ne mange plus de viande.", ("user", "eats", "viande", True), "fr"),
        ("Je suis allergique aux noix.", ("user", "allergic_to", "noix", False), "fr"),
        ("J'habite à Lyon.", ("user", "lives_in", "Lyon", False), "fr"),
        ("Sarah est ma sœur.", ("user", "has_sister", "Sarah", False), "fr"),
        ("Me llamo Lucía.", ("user", "name", "Lucía", False), "es"),
        ("Me encanta el café.", ("user", "likes", "el café", False), "es"),
        ("No me gusta el frío.", ("user", "dislikes", "el frío", False), "es"),
        ("Ya no como carne.", ("user", "eats", "carne", True), "es"),
        ("Soy vegana.", ("user", "diet", "vegana", False), "es"),
        ("Vivo en Madrid.", ("user", "lives_in", "Madrid", False), "es"),
        ("Mi hermana Sara es vegana.", ("Sara", "diet", "vegana", False), "es"),
    ],
)
def test_other_languages(text: str, triple: tuple[str, str, str, bool], language: str) -> None:
    facts = extract(text, speaker="user", timestamp=TS)
    assert triple in {(f.subject, f.predicate, f.object, f.negated) for f in facts}
    assert all(f.language == language for f in facts)


@pytest.mark.parametrize("text", ["Magst du Kaffee?", "Aimes-tu le café ?", "¿Te gusta el café?",
                                  "Wenn ich in Paris wohnen würde, wäre ich glücklich."])
def test_other_languages_negative(text: str) -> None:
    assert extract(text, speaker="user", timestamp=TS) == []


def test_language_detection_and_hint() -> None:
    assert detect_language("Ich wohne in Berlin und mag Kaffee") == "de"
    assert detect_language("J'habite à Paris et j'aime le café") == "fr"
    assert detect_language("Vivo en Madrid y me gusta el café") == "es"
    assert detect_language("I live in Berlin") == "en"
    assert detect_language("12345") == "en"
    facts = extract("Ich wohne in Berlin.", speaker="user", timestamp=TS, language_hint="de-AT")
    assert [f.object for f in facts] == ["Berlin"]


def test_bad_input() -> None:
    with pytest.raises(InvalidInputError):
        extract("I love jazz", speaker="user", timestamp=datetime(2024, 1, 1))
    with pytest.raises(InvalidInputError):
        extract("I love jazz", speaker="user", timestamp=TS, language_hint="klingon")
    with pytest.raises(InvalidInputError):
        extract(None, speaker="user", timestamp=TS)  # type: ignore[arg-type]


def test_candidates_are_valid_and_deduplicated() -> None:
    facts = _facts("My sister Sarah is vegan. Sarah is my sister. My sister Sarah is vegan.")
    keys = [(f.subject, f.predicate, f.object) for f in facts]
    assert len(keys) == len(set(keys)) == 2
    for fact in facts:
        assert 0 < fact.confidence <= 1 and fact.source_text
