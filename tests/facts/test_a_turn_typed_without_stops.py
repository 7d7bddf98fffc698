"""A turn typed without full stops is cut into sentences where the shipped sentence-break model
says one ends (lucidmem.facts.sentence_breaks). Before, "Danke dir Mein Sohn Jonas fängt im
August mit der Ausbildung an" was one sentence, stored as the user's own ("the user: danke
dir mein sohn jonas fängt …"), and "Meine Schwester wohnt jetzt in Kiel Sie hat da einen Job
gefunden" stored the sister's home glued to the next sentence. A turn with stops is read as
before. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.clauses import clauses_of

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_thanks_then_news_of_a_son_is_the_sons_news() -> None:
    facts = current_facts("Danke dir Mein Sohn Jonas fängt im August mit der Ausbildung an",
                          start=_MAY, lang="de", days=1)
    assert not [t for t in facts if "danke" in t], facts
    assert [t for t in facts if t.startswith("the user's son") and "ausbildung" in t], facts


def test_a_sisters_home_is_not_glued_to_the_next_sentence() -> None:
    said = "Meine Schwester wohnt jetzt in Kiel Sie hat da einen Job gefunden"
    assert [c.text for c in clauses_of(said, language_hint="de")] == [
        "Meine Schwester wohnt jetzt in Kiel", "Sie hat da einen Job gefunden"]
    facts = current_facts(said, start=_MAY, lang="de", days=1)
    assert [t for t in facts if "wohnt jetzt in kiel" in t and "sie hat" not in t], facts


def test_a_relation_and_the_name_after_it_stay_together() -> None:
    pieces = [c.text for c in clauses_of("Danke dir Mein Sohn Jonas fängt im August an",
                                         language_hint="de")]
    assert pieces[-1].startswith("Mein Sohn Jonas"), pieces


def test_a_turn_with_stops_is_cut_at_its_stops_only() -> None:
    said = "Meine Schwester wohnt jetzt in Kiel Sie hat da einen Job gefunden. Schön, oder?"
    assert clauses_of(said, language_hint="de")[0].text == (
        "Meine Schwester wohnt jetzt in Kiel Sie hat da einen Job gefunden.")
