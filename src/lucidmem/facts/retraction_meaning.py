"""What a retraction means when its topic names people.

"Forget what I said about Nora's new boyfriend" names Nora and her boyfriend. When no held
fact shares a word with the boyfriend, the retraction looks for what the topic *means*
(:func:`lucidmem.facts.retraction.retraction_by_meaning`) among what was said of Nora; with her
name in the topic every fact about her ("Nora moved to Bristol") reads as close to it, although
it shares nothing with it but the person. So a fact is meant only if it is also close to the
topic without the names (:data:`PERSON_FREE_RELEVANCE`): "Luca e il matrimonio" still means
"Luca si sposa a settembre", "Omar's debts" no longer means "Omar plays the oud".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lucidmem.embedding.base import Embedder
from lucidmem.facts.relevance import record_relevance
from lucidmem.facts.render import content_words
from lucidmem.facts.retraction import people_in_topic, retraction_by_meaning, topic_of
from lucidmem.records import Record

__all__ = ["PERSON_FREE_RELEVANCE", "meaning_without_people", "meant"]

PERSON_FREE_RELEVANCE = 0.35
"""Relevance to the topic without its people from which a fact about them may be what the
topic means ("e il matrimonio" → "si sposa a settembre" 0.4; "debts" → "plays the oud" 0.06)."""


_JOINING_EDGE = re.compile(r"(?i)^\W*(?:(?:and|und|et|y|e|en|i|with|mit|avec|con|com|met)\b\W*)+|"
                           r"(?:\W+(?:and|und|et|y|e|en|i|of|von|de|di|da|do|van)\W*)+$|"
                           r"^[和与跟]|[和与跟的]$")
"""A word that joined the names to the rest ("Luca e il matrimonio" → "il matrimonio")."""


def meaning_without_people(topic: str, people: Iterable[str]) -> str | None:
    """``topic`` as :func:`topic_of` gives it, without the known people it names (and a
    possessive or genitive ending on them: "Nora's", "Lenas", "Felix'"); None when it names
    no one, or only people ("what I told you about Kim")."""
    said = topic_of(topic)
    names = people_in_topic(topic, people)
    if not names:
        return None
    rest = said
    for name in sorted(set(names), key=len, reverse=True):
        if re.search(r"[\u4e00-\u9fff]", name):
            rest = rest.replace(name, " ")
        else:
            rest = re.sub(r"(?i)(?<!\w)" + re.escape(name) + r"(?:['’]s|['’]|s)?(?!\w)", " ",
                          rest)
    rest = _JOINING_EDGE.sub("", re.sub(r"\s{2,}", " ", rest)).strip(" ,.;:，。")
    return rest if content_words([rest]) else None


def meant(embedder: Embedder, topic: str, pool: Sequence[Record],
          people: Iterable[str]) -> list[Record]:
    """The facts of ``pool`` a retraction's ``topic`` means (:func:`retraction_by_meaning`),
    a fact about the people it names only if it is close to what is said of them too."""
    people = list(people)
    scores = record_relevance(embedder, topic_of(topic), pool)
    rest = meaning_without_people(topic, people)
    if rest is not None:
        beyond = record_relevance(embedder, rest, pool)
        scores = {key: score if beyond.get(key, -1.0) >= PERSON_FREE_RELEVANCE else -1.0
                  for key, score in scores.items()}
    return retraction_by_meaning(scores, pool)
