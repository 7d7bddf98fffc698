"""The temporal knowledge graph (M4), in the same store: queries over fact, entity and
relation records.

Nodes are ``entity`` records (the user, people, pets, places); edges are facts (subject →
object) and, for facts linking two entities, mirrored ``relation`` records. Every edge has two
intervals (epoch seconds in ``data``):

* **validity** ``[valid_from, valid_to)`` — when it was true in the world;
* **belief** ``[recorded_at, retracted_at)`` — when the memory held it (learned from the turn
  that said it; closed by the turn that superseded or corrected it, or by archiving).

So ``as_of(t, "true")`` answers "what was true on t?" (validity, from everything we know now,
corrections applied) and ``as_of(t, "believed")`` answers "what did we believe on t?" (belief,
even if later corrected). Per-user volumes are small, so filtering happens in Python after one
``find`` by kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from lucidmem.clock import from_epoch
from lucidmem.facts.entities import fold
from lucidmem.records import Record, Status

__all__ = [
    "AsOfMode",
    "Evolution",
    "EvolutionStep",
    "Shift",
    "believed_at",
    "evolution",
    "neighbours",
    "overlapping",
    "shifts_of",
    "true_at",
]

AsOfMode = Literal["true", "believed"]

TRUE_STATUSES = (Status.ACTIVE, Status.SUPERSEDED, Status.ARCHIVED)
"""Facts that held in the world for their validity interval (retracted ones never did)."""
BELIEF_STATUSES = (Status.ACTIVE, Status.SUPERSEDED, Status.RETRACTED, Status.ARCHIVED)
"""Facts that were, for their belief interval, what the memory believed."""

_FAMILIES = {"likes": "likes", "dislikes": "likes"}


def _f(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def true_at(records: Iterable[Record], t: float) -> list[Record]:
    """Facts valid at ``t``: ``valid_from <= t < valid_to`` (an instant event counts at its
    own moment)."""
    out = []
    for r in records:
        if r.status not in TRUE_STATUSES:
            continue
        start, end = float(r.data["valid_from"]), _f(r.data.get("valid_to"))
        if start <= t and (end is None or t < end or end == start == t):
            out.append(r)
    return out


def believed_at(records: Iterable[Record], t: float) -> list[Record]:
    """Facts the memory held at ``t``: ``recorded_at <= t < retracted_at``."""
    out = []
    for r in records:
        if r.status not in BELIEF_STATUSES:
            continue
        gone = _f(r.data.get("retracted_at"))
        if float(r.data["recorded_at"]) <= t and (gone is None or gone > t):
            out.append(r)
    return out


def overlapping(records: Iterable[Record], start: float, end: float,
                mode: Literal["true", "believed"] = "true") -> list[Record]:
    """Facts whose validity (or belief) interval overlaps ``[start, end)``."""
    out = []
    for r in records:
        if mode == "true":
            if r.status not in TRUE_STATUSES:
                continue
            lo, hi = float(r.data["valid_from"]), _f(r.data.get("valid_to"))
        else:
            if r.status not in BELIEF_STATUSES:
                continue
            lo, hi = float(r.data["recorded_at"]), _f(r.data.get("retracted_at"))
        if lo < end and (hi is None or hi > start or hi == lo >= start):
            out.append(r)
    return out


class EvolutionStep(BaseModel):
    """One value a predicate had for a subject, with its intervals and status."""

    model_config = ConfigDict(frozen=True)

    fact_id: str
    predicate: str
    object: str
    negated: bool
    context: str | None
    status: Status
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    retracted_at: datetime | None


class Shift(BaseModel):
    """A detected change between two consecutive steps of an evolution."""

    model_config = ConfigDict(frozen=True)

    at: datetime
    before: EvolutionStep
    after: EvolutionStep
    kind: Literal["reversal", "replacement"] = "replacement"


class Evolution(BaseModel):
    """How one subject's predicate (family: likes/dislikes together) changed over time."""

    model_config = ConfigDict(frozen=True)

    subject: str
    predicate: str
    object: str | None
    steps: list[EvolutionStep] = Field(default_factory=list)
    shifts: list[Shift] = Field(default_factory=list)


def _time(value: object) -> datetime | None:
    epoch = _f(value)
    return None if epoch is None else from_epoch(epoch)


def _step(r: Record) -> EvolutionStep:
    d = r.data
    return EvolutionStep(fact_id=r.id, predicate=d["predicate"], object=d["object"],
                         negated=bool(d.get("negated")), context=d.get("context"),
                         status=Status(r.status), valid_from=from_epoch(float(d["valid_from"])),
                         valid_to=_time(d.get("valid_to")),
                         recorded_at=from_epoch(float(d["recorded_at"])),
                         retracted_at=_time(d.get("retracted_at")))


def shifts_of(steps: Sequence[EvolutionStep]) -> list[Shift]:
    """Consecutive (context-free, true) steps whose value differs: a preference shift.
    Opposite polarity or opposite predicates on the same object is a *reversal*."""
    plain = [s for s in steps if s.context is None and s.status in TRUE_STATUSES]
    out = []
    for before, after in pairwise(plain):
        same_obj = fold(before.object) == fold(after.object)
        if same_obj and before.predicate == after.predicate and before.negated == after.negated:
            continue
        kind: Literal["reversal", "replacement"] = "reversal" if same_obj else "replacement"
        out.append(Shift(at=after.valid_from, before=before, after=after, kind=kind))
    return out


def evolution(records: Iterable[Record], subject: str, predicate: str,
              obj: str | None = None) -> Evolution:
    """Every value of ``subject``'s ``predicate`` (likes and dislikes count as one family),
    oldest first by validity, and the shifts between them."""
    family = _FAMILIES.get(predicate, predicate)
    chosen = [
        r for r in records
        if fold(r.data["subject"]) == fold(subject)
        and _FAMILIES.get(r.data["predicate"], r.data["predicate"]) == family
        and (obj is None or fold(r.data["object"]) == fold(obj))
        and r.status in BELIEF_STATUSES
    ]
    steps = sorted((_step(r) for r in chosen), key=lambda s: (s.valid_from, s.recorded_at))
    return Evolution(subject=subject, predicate=predicate, object=obj, steps=steps,
                     shifts=shifts_of(steps))


def neighbours(facts: Iterable[Record], name: str, *, depth: int = 1,
               aliases: dict[str, str] | None = None) -> list[Record]:
    """Facts within ``depth`` hops of ``name`` (facts about it, facts pointing to it, and for
    depth 2 the facts of those neighbours): pattern completion ("Sarah" → "the user's sister
    Sarah is vegan, is visiting next week")."""
    canon = aliases or {}
    frontier = {fold(canon.get(fold(name), name))}
    seen: set[str] = set()
    out: list[Record] = []
    pool = list(facts)
    for _ in range(max(depth, 1)):
        nxt: set[str] = set()
        for r in pool:
            s, o = fold(r.data["subject"]), fold(r.data["object"])
            if r.id in seen or not ({s, o} & frontier):
                continue
            seen.add(r.id)
            out.append(r)
            nxt |= {s, o}
        frontier = nxt - frontier
        if not frontier:
            break
    return out
