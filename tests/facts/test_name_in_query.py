"""A query that names the user is about the user: the name says whom, not what."""

from __future__ import annotations

from lucidmem import Memory
from lucidmem.facts.relevance import about_the_user


def test_the_users_own_name_is_read_as_the_user() -> None:
    assert about_the_user("Where does Tomás work these days?", ["Tomás"]) == \
        "Where does the user work these days?"
    assert about_the_user("What is tomás's favourite food?", ["Tomás"]) == \
        "What is the user's favourite food?"
    assert about_the_user("Tomasz and the band", ["Tomás"]) == "Tomasz and the band"
    assert about_the_user("Tomás", ["Tomás"]) == "Tomás"  # only the name: it is the topic
    assert about_the_user("Where does Tomás work?", []) == "Where does Tomás work?"


def test_a_fact_matching_only_the_users_name_does_not_outrank_the_answer() -> None:
    memory = Memory(":memory:")
    try:
        for text in ("My name is Tomás.", "I moved to Valencia last month.",
                     "I cycle to the office every day."):
            memory.add([{"role": "user", "content": text}], user_id="t")
        names = [f.text for f in memory.facts.list(user_id="t") if f.predicate == "name"]
        assert names == ["The user is called Tomás"]
        hits = memory.facts.search("Where does Tomás live now?", user_id="t")
        relevance = {h.fact.text: h.relevance or -1.0 for h in hits}
    finally:
        memory.close()
    assert "Valencia" in hits[0].fact.text, [h.fact.text for h in hits]
    answer = next(v for k, v in relevance.items() if "Valencia" in k)
    assert answer > relevance["The user is called Tomás"]


def test_search_reads_the_users_own_name_as_the_user() -> None:
    memory = Memory(":memory:")
    try:
        for text in ("Hi! My name is Maya, I'm a nurse.",
                     "Big news: I moved to Berlin, the flat is lovely.",
                     "My cat Pixel hates the new balcony."):
            memory.add([{"role": "user", "content": text}], user_id="maya")
        hits = [h.item.text for h in memory.search("Where does Maya live now?",
                                                      user_id="maya", limit=3)]
        alone = [h.item.text for h in memory.search("Maya", user_id="maya", limit=1)]
    finally:
        memory.close()
    assert "Berlin" in hits[0] and "The user is called Maya" not in hits, hits
    assert alone == ["The user is called Maya"]  # only the name: it is the topic
