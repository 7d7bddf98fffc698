"""How facts are kept as store :class:`~lucidmem.records.Record` s, and read back as
:class:`Fact`.

A fact is a record of kind :attr:`~lucidmem.records.Kind.FACT` in layer 1. Its ``text`` is a
natural sentence ("The user's sister Sarah is vegan") so it joins hybrid search; everything
else lives in ``data``: the statement (subject / predicate / object / negated / context), its
taxonomy, confidence bookkeeping (base confidence, emotional intensity, ``last_reinforced``,
``reinforcement_count``), privacy, provenance (``source_turn_ids``) and the two time axes as
epoch floats: validity ``valid_from`` / ``valid_to`` (when it was true) and belief
``recorded_at`` / ``retracted_at`` (when we learned and unlearned it).

Lifecycle is the record ``status`` (:class:`~lucidmem.records.Status`): ``staged`` →
``active`` (validated), later ``superseded``, ``retracted`` (a correction: never true),
``variant`` (a weaker competing version, aico reconsolidation), ``exception`` (a one-off
deviation), ``archived`` (pruned by decay). Nothing is ever deleted by the fact layer.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from lucidmem.clock import from_epoch
from lucidmem.facts.decay import ConfidenceBand, confidence_band, decayed_confidence
from lucidmem.facts.model import USER_SUBJECT, FactCategory, PrivacyLevel, Subcategory
from lucidmem.records import Record, Status

__all__ = ["Fact", "fact_from_record", "fact_sentence", "is_searchable"]


class Fact(BaseModel):
    """One stored fact as the API returns it; ``confidence`` is decayed to the read time."""

    model_config = {"frozen": True}

    id: str
    user_id: str
    status: Status
    text: str
    subject: str
    predicate: str
    object: str
    negated: bool = False
    context: str | None = None
    category: FactCategory
    subcategory: Subcategory
    confidence: float = Field(description="Decayed to the moment of reading.")
    base_confidence: float = Field(description="As of the last reinforcement.")
    band: ConfidenceBand
    emotional_intensity: float
    privacy: PrivacyLevel
    language: str = "en"
    temporal_text: str | None = None
    temporal_unresolved: bool = False
    valid_from: datetime
    valid_to: datetime | None = None
    recorded_at: datetime
    retracted_at: datetime | None = None
    last_reinforced: datetime
    reinforcement_count: int = 1
    version: int = 1
    source_turn_ids: list[str] = Field(default_factory=list)
    superseded_by: str | None = None
    variant_of: str | None = None
    exception_of: str | None = None
    needs_clarification: bool = False
    resolution: str | None = Field(None, description="Why the last contradiction step happened.")
    created_at: datetime
    updated_at: datetime


def is_searchable(status: str, privacy: str) -> bool:
    """Whether a fact enters hybrid search: active and not secret."""
    return status == Status.ACTIVE and privacy != PrivacyLevel.SECRET.value


def _opt_time(value: Any) -> datetime | None:
    return None if value is None else from_epoch(float(value))


def fact_from_record(record: Record, now: float, base_rate: float) -> Fact:
    """The :class:`Fact` of a fact record, its confidence decayed to ``now``."""
    d = record.data
    base = float(d.get("confidence", 0.0))
    last = float(d.get("last_reinforced", record.occurred_at))
    days = max(now - last, 0.0) / 86_400
    decayed = decayed_confidence(base, days, float(d.get("emotional_intensity", 0.3)),
                                 base_rate)
    return Fact(
        id=record.id, user_id=record.user_id, status=record.status, text=record.text,
        subject=d["subject"], predicate=d["predicate"], object=d["object"],
        negated=bool(d.get("negated", False)), context=d.get("context"),
        category=FactCategory(d["category"]), subcategory=Subcategory(d["subcategory"]),
        confidence=decayed, base_confidence=base, band=confidence_band(decayed),
        emotional_intensity=float(d.get("emotional_intensity", 0.3)),
        privacy=PrivacyLevel(d.get("privacy", "private")), language=d.get("language", "en"),
        temporal_text=d.get("temporal_text"),
        temporal_unresolved=bool(d.get("temporal_unresolved", False)),
        valid_from=from_epoch(float(d["valid_from"])), valid_to=_opt_time(d.get("valid_to")),
        recorded_at=from_epoch(float(d["recorded_at"])),
        retracted_at=_opt_time(d.get("retracted_at")),
        last_reinforced=from_epoch(last),
        reinforcement_count=int(d.get("reinforcement_count", 1)), version=record.version,
        source_turn_ids=list(d.get("source_turn_ids", [])),
        superseded_by=d.get("superseded_by"), variant_of=d.get("variant_of"),
        exception_of=d.get("exception_of"),
        needs_clarification=bool(d.get("needs_clarification", False)),
        resolution=d.get("resolution"),
        created_at=from_epoch(record.created_at), updated_at=from_epoch(record.updated_at),
    )


# -- sentences ---------------------------------------------------------------------------

_PHRASES: dict[str, tuple[str, str]] = {
    # predicate: (third person, second person) with {o} for the object
    "likes": ("likes {o}", "like {o}"),
    "dislikes": ("dislikes {o}", "dislike {o}"),
    "prefers": ("prefers {o}", "prefer {o}"),
    "diet": ("is {o}", "are {o}"),
    "lives_in": ("lives in {o}", "live in {o}"),
    "works_at": ("works at {o}", "work at {o}"),
    "occupation": ("works as {o}", "work as {o}"),
    "name": ("is called {o}", "are called {o}"),
    "preferred_name": ("prefers to be called {o}", "prefer to be called {o}"),
    "allergic_to": ("is allergic to {o}", "are allergic to {o}"),
    "intolerant_to": ("is intolerant to {o}", "are intolerant to {o}"),
    "eats": ("eats {o}", "eat {o}"),
    "drinks": ("drinks {o}", "drink {o}"),
    "speaks": ("speaks {o}", "speak {o}"),
    "plays": ("plays {o}", "play {o}"),
    "birthday": ("has a birthday on {o}", "have your birthday on {o}"),
    "has_event": ("has {o}", "have {o}"),
    "visiting": ("is visiting {o}", "are visiting {o}"),
    "travels_to": ("is travelling to {o}", "are travelling to {o}"),
    "hometown": ("comes from {o}", "come from {o}"),
    "chronotype": ("is {o}", "are {o}"),
    "worried_about": ("is worried about {o}", "are worried about {o}"),
    "working_on": ("is working on {o}", "are working on {o}"),
    "has_condition": ("has {o}", "have {o}"),
    "confided": ("confided: {o}", "confided: {o}"),
}
_NEGATED: dict[str, tuple[str, str]] = {
    "diet": ("is not {o}", "are not {o}"),
    "allergic_to": ("is not allergic to {o}", "are not allergic to {o}"),
}


_STATES_NOT_JOBS = frozenset(["retired", "unemployed", "self-employed", "freelance",
                              "between jobs", "on leave", "a student", "student"])
"""Occupations said with "be", not "work as" ("The user is retired")."""


def _with_article(obj: str) -> str:
    """An English job noun with its article ("nurse at the Charité" → "a nurse at the
    Charité"); one that has a determiner or is a state ("retired") stays as it is."""
    first = obj.split(maxsplit=1)[0].casefold() if obj.split() else ""
    if not first or first in ("a", "an", "the", "my", "his", "her", "their", "our") or \
            not first.isalpha() or not first.isascii():
        return obj
    return ("an " if first[0] in "aeiou" else "a ") + obj


def _phrase(predicate: str, obj: str, negated: bool, second: bool) -> str:
    person = 1 if second else 0
    if predicate == "occupation":
        if obj.casefold() in _STATES_NOT_JOBS:
            return f"{'are' if second else 'is'} {obj}"
        obj = _with_article(obj)
    if negated and predicate in _NEGATED:
        return _NEGATED[predicate][person].format(o=obj)
    if predicate in _PHRASES:
        text = _PHRASES[predicate][person].format(o=obj)
    else:
        text = f"{predicate.replace('_', ' ')} {obj}"
    if negated:
        verb, _, rest = text.partition(" ")
        if verb in ("is", "are"):
            return f"{verb} not {rest}"
        base = verb[:-1] if verb.endswith("s") and not second else verb
        return f"{'does' if not second else 'do'} not {base} {rest}"
    return text


def fact_sentence(
    subject: str, predicate: str, obj: str, *, negated: bool = False,
    context: str | None = None, owner: str = "The user", second_person: bool = False,
    relation_of: dict[str, str] | None = None,
) -> str:
    """A natural sentence for a statement, third person ("The user's sister Sarah is vegan")
    or second person ("Your sister Sarah is vegan").

    ``relation_of`` maps an entity name to its relation to the user ("Sarah" → "sister") so
    the subject reads "your sister Sarah". Unknown predicates read as their words.
    """
    rel = relation_of or {}
    possessive = "Your" if second_person else f"{owner}'s"
    if obj.casefold() == USER_SUBJECT:
        obj = "you" if second_person else owner[0].lower() + owner[1:] \
            if owner == "The user" else owner
    if predicate.startswith("has_") and subject.casefold() == USER_SUBJECT:
        kind = predicate[4:].replace("_", " ")
        head = f"{possessive} {kind}"
        if obj.casefold().endswith(f"'s {kind}"):
            text = f"{head} is mentioned" if not negated else f"{head} is not there"
        else:
            text = f"{head} is {'not ' if negated else ''}{obj}"
    else:
        if subject.casefold() == USER_SUBJECT:
            who, second = ("You" if second_person else owner), second_person
        elif subject.casefold().startswith(f"{USER_SUBJECT}'s "):
            who, second = f"{possessive} {subject.split(' ', 1)[1]}", False
        elif subject in rel:
            who, second = f"{possessive} {rel[subject]} {subject}", False
        else:
            who, second = subject, False
        text = f"{who} {_phrase(predicate, obj, negated, second)}"
    if context:
        text = f"{text} ({context})"
    return text[0].upper() + text[1:]
