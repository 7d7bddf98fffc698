"""Answer-ready recall: facts grouped by who they are about, in the second person, hedged by
their confidence band (emberhearth §2 "Confidence Thresholds").

Also the topic vocabulary ``facts(about=...)`` understands ("family", "work", "food" …).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from lucidmem.facts.decay import ConfidenceBand
from lucidmem.facts.entities import fold, relation_word
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.records import Fact, fact_sentence
from lucidmem.facts.render import second_person

__all__ = ["TOPICS", "Recall", "RecallGroup", "RecallItem", "build_recall", "topic_filter"]

TOPICS: dict[str, tuple[str, ...]] = {
    "family": ("relationship.family",),
    "friends": ("relationship.friends",),
    "relationships": ("relationship",),
    "people": ("relationship",),
    "pets": ("relationship.pets",),
    "work": ("biographical.professional", "relationship.professional"),
    "job": ("biographical.professional",),
    "career": ("biographical.professional",),
    "colleagues": ("relationship.professional",),
    "health": ("biographical.health",),
    "food": ("preference.diet", "opinion.likes", "opinion.dislikes"),
    "diet": ("preference.diet",),
    "preferences": ("preference", "opinion.likes", "opinion.dislikes"),
    "likes": ("opinion.likes",),
    "dislikes": ("opinion.dislikes",),
    "schedule": ("preference.schedule", "event"),
    "plans": ("event.upcoming",),
    "events": ("event",),
    "calendar": ("event",),
    "home": ("biographical.personal",),
    "hobbies": ("biographical.lifestyle", "opinion.likes"),
    "projects": ("contextual.current_projects",),
    "goals": ("contextual.goals",),
    "worries": ("contextual.current_concerns",),
    "secrets": ("secret",),
}
"""Topic word → subcategory (or category) prefixes; "my family" reads as "family"."""

_HEDGES = {
    ConfidenceBand.USE_FREELY: None,
    ConfidenceBand.HEDGE: "I think",
    ConfidenceBand.ONLY_IF_RELEVANT: "You may have mentioned that",
    ConfidenceBand.PRUNE_CANDIDATE: "Long ago you mentioned that",
}


def topic_filter(topic: str) -> tuple[str, ...] | None:
    """The subcategory prefixes of a topic ("my family" → relationship.family), or ``None``."""
    words = fold(topic).removeprefix("my ").removeprefix("about ").strip(" ?.!")
    if words in TOPICS:
        return TOPICS[words]
    if words.rstrip("s") in TOPICS:
        return TOPICS[words.rstrip("s")]
    if "." in words or words in ("preference", "relationship", "biographical", "event",
                                 "opinion", "contextual", "secret"):
        return (words,)
    return None


class RecallItem(BaseModel):
    """One remembered fact as a sentence to the user."""

    model_config = ConfigDict(frozen=True)

    text: str
    fact_id: str
    confidence: float
    band: ConfidenceBand
    hedge: str | None = None
    source_turn_ids: list[str] = Field(default_factory=list)


class RecallGroup(BaseModel):
    """Facts about one person or thing ("Your sister Sarah")."""

    model_config = ConfigDict(frozen=True)

    title: str
    items: list[RecallItem]


class Recall(BaseModel):
    """Everything recalled about a topic; ``answer`` is ready to say."""

    model_config = ConfigDict(frozen=True)

    topic: str
    answer: str
    groups: list[RecallGroup]


def _title(name: str, relations: dict[str, str]) -> str:
    if fold(name) == USER_SUBJECT:
        return "You"
    if fold(name).startswith(f"{USER_SUBJECT}'s "):
        return "Your " + name.split(" ", 1)[1]
    rel = relations.get(name)
    return f"Your {rel} {name}" if rel else name


def build_recall(topic: str, facts: Sequence[Fact], relations: dict[str, str]) -> Recall:
    """Group ``facts`` by who they are about (a relationship fact goes to the person it names)
    and phrase them in the second person, hedged by band, most confident first."""
    groups: dict[str, list[RecallItem]] = {}
    order: list[str] = []
    for fact in sorted(facts, key=lambda f: -f.confidence):
        owner = fact.subject
        if fold(fact.subject) == USER_SUBJECT and relation_word(fact.predicate):
            owner = fact.object
        plain = fact_sentence(fact.subject, fact.predicate, fact.object, negated=fact.negated,
                              context=fact.context, relation_of=relations)
        if plain != fact.text and fact.text.startswith("The user"):
            text = second_person(fact.text)  # the extractor's own sentence, said to the user
        elif plain != fact.text:
            text = fact.text
        else:
            text = fact_sentence(fact.subject, fact.predicate, fact.object,
                                 negated=fact.negated, context=fact.context,
                                 second_person=True, relation_of=relations)
        hedge = _HEDGES[fact.band]
        if hedge:
            text = f"{hedge} {text[0].lower()}{text[1:]}"
        if owner not in groups:
            groups[owner] = []
            order.append(owner)
        groups[owner].append(RecallItem(text=text, fact_id=fact.id, confidence=fact.confidence,
                                        band=fact.band, hedge=hedge,
                                        source_turn_ids=fact.source_turn_ids))
    built = [RecallGroup(title=_title(o, relations), items=groups[o]) for o in order]
    answer = " ".join(f"{i.text.rstrip('.')}." for g in built for i in g.items)
    if not built:
        answer = f"I don't know anything about {topic} yet."
    return Recall(topic=topic, answer=answer, groups=built)
