"""Validating one staged fact against the believed ones, as record changes.

The decision is the facts layer's pure :func:`lucidmem.facts.contradictions.resolve` (the
seed's four strategies and the aico reconsolidation rule); this module only turns its actions
into new versions of records, following :mod:`lucidmem.facts.records` (statuses, ``data``
keys). It is the consolidation job's own fallback: when the facts service exposes a
validation function, :mod:`.steps_facts` can call that instead (see ``docs/sleep.md``).
"""

from __future__ import annotations

from typing import Any, Final

from lucidmem.errors import InvalidInputError
from lucidmem.facts.contradictions import ActionKind, ExistingFact, Relation, resolve
from lucidmem.facts.decay import decayed_confidence, reinforce
from lucidmem.facts.model import DEFAULT_EMOTIONAL_INTENSITY, FactCandidate
from lucidmem.records import Status, evolve
from lucidmem.store.base import Record

__all__ = ["ACTIVE", "ARCHIVED", "STAGED", "VARIANT", "decayed", "fact_key", "validate_into"]

STAGED: Final = Status.STAGED
ACTIVE: Final = Status.ACTIVE
SUPERSEDED: Final = Status.SUPERSEDED
RETRACTED: Final = Status.RETRACTED
VARIANT: Final = Status.VARIANT
EXCEPTION: Final = Status.EXCEPTION
ARCHIVED: Final = Status.ARCHIVED

Change = tuple[Record, str, str]


def fact_key(data: dict[str, Any]) -> tuple[str, ...]:
    """(subject, predicate, object, negated, context), case-folded: a statement's identity."""
    return (str(data.get("subject", "")).casefold(), str(data.get("predicate", "")),
            str(data.get("object", "")).casefold(), str(bool(data.get("negated", False))),
            str(data.get("context") or "").casefold())


def decayed(fact: Record, now: float, base_rate: float) -> float:
    """The fact's confidence decayed to ``now`` (a clock behind the last reinforcement: 0 days)."""
    d = fact.data
    base = min(1.0, max(0.0, float(d.get("confidence", 0.0))))
    last = float(d.get("last_reinforced", fact.occurred_at))
    intensity = d.get("emotional_intensity")
    level = DEFAULT_EMOTIONAL_INTENSITY if intensity is None else float(intensity)
    return decayed_confidence(base, max(0.0, now - last) / 86_400.0,
                              min(1.0, max(0.0, level)), base_rate)


def _candidate(staged: Record) -> FactCandidate | None:
    try:
        from lucidmem.facts.staging import candidate_of
    except ImportError:  # pragma: no cover - the facts service is not installed
        return None
    try:
        return candidate_of(staged)
    except (InvalidInputError, KeyError, ValueError, TypeError):
        return None


def _existing(fact: Record, now: float, base_rate: float,
              variants: list[Record]) -> ExistingFact:
    d = fact.data
    return ExistingFact(
        subject=str(d.get("subject", "")), predicate=str(d.get("predicate", "")),
        object=str(d.get("object", "")), confidence=decayed(fact, now, base_rate),
        negated=bool(d.get("negated", False)), context=d.get("context"),
        variant_confidences=tuple(float(v.data.get("confidence", 0.0)) for v in variants),
        fact_id=fact.id,
    )


def _set(record: Record, now: float, status: str | None = None, **data: Any) -> Record:
    out = evolve(record, now)
    if status is not None:
        out.status = status
        out.searchable = status == ACTIVE and out.data.get("privacy") != "secret"
    out.data.update(data)
    return out


def validate_into(staged: Record, believed: dict[str, Record], now: float,
                  max_variants: int, base_rate: float = 0.01) -> list[Change]:
    """The record changes that validate ``staged`` against ``believed`` (active + variants).

    The first stored fact the candidate is related to decides (duplicates and conflicts
    before compatible ones); no related fact means the candidate becomes active.
    """
    cand = _candidate(staged)
    if cand is None:
        return [(_set(staged, now, ACTIVE, resolution="validated (unreadable candidate)"),
                 "activate", "no decision possible; kept")]
    actives = sorted((r for r in believed.values() if r.status == ACTIVE),
                     key=lambda r: (r.occurred_at, r.id))
    for fact in actives:
        variants = sorted((v for v in believed.values() if v.status == VARIANT
                           and v.data.get("variant_of") == fact.id), key=lambda v: v.id)
        decision = resolve(_existing(fact, now, base_rate, variants), cand,
                           max_variants=max_variants)
        if decision.relation in (Relation.UNRELATED, Relation.COMPATIBLE):
            continue
        return _apply(staged, fact, variants, decision.actions, decision.needs_clarification,
                      now)
    return [(_set(staged, now, ACTIVE, resolution="validated: no related fact"), "activate",
             "new fact")]


def _apply(staged: Record, fact: Record, variants: list[Record], actions: Any,
           clarify: bool, now: float) -> list[Change]:
    new = _set(staged, now)
    old = _set(fact, now)
    new_status = ACTIVE
    touched_old = False
    extra: list[Change] = []
    for action in actions:
        kind = action.kind
        if kind is ActionKind.REINFORCE_EXISTING:
            sources = list(old.data.get("source_turn_ids", []))
            sources += [s for s in staged.data.get("source_turn_ids", []) if s not in sources]
            old.data.update(
                confidence=round(reinforce(float(old.data.get("confidence", 0.0)),
                                           action.amount), 6),
                last_reinforced=max(float(old.data.get("last_reinforced", 0.0)),
                                    staged.occurred_at),
                reinforcement_count=int(old.data.get("reinforcement_count", 1)) + 1,
                source_turn_ids=sources, resolution=action.reason)
            touched_old, new_status = True, SUPERSEDED
            new.data.update(superseded_by=fact.id, resolution=f"merged: {action.reason}")
        elif kind in (ActionKind.SUPERSEDE_EXISTING, ActionKind.RETRACT_EXISTING):
            retract = kind is ActionKind.RETRACT_EXISTING
            old = _set(old, now, RETRACTED if retract else SUPERSEDED, superseded_by=staged.id,
                       resolution=action.reason, **({"retracted_at": now} if retract else
                                                    {"valid_to": staged.occurred_at}))
            old.version -= 1
            touched_old = True
        elif kind is ActionKind.REDUCE_CONFIDENCE:
            target = old if action.target == "existing" else new
            target.data["confidence"] = round(
                max(0.0, float(target.data.get("confidence", 0.0)) - action.amount), 6)
            touched_old = touched_old or action.target == "existing"
        elif kind is ActionKind.FLAG_EXCEPTION:
            new_status = EXCEPTION
            new.data["exception_of"] = fact.id
        elif kind is ActionKind.KEEP_AS_VARIANT:
            new_status = VARIANT
            new.data["variant_of"] = fact.id
        elif kind is ActionKind.REPLACE_WEAKEST_VARIANT:
            new_status = VARIANT
            new.data["variant_of"] = fact.id
            if action.variant_index is not None and action.variant_index < len(variants):
                weak = variants[action.variant_index]
                extra.append((_set(weak, now, ARCHIVED, replaced_by=staged.id,
                                   resolution="replaced by a stronger variant"),
                              "archive", "weakest variant replaced"))
        elif kind is ActionKind.DISCARD_NEW:
            new_status = ARCHIVED
            new.data["resolution"] = action.reason
        new.data.setdefault("resolution", action.reason)
    new = _set(new, now, new_status, needs_clarification=clarify)
    new.version -= 1
    out: list[Change] = [(new, new_status if new_status != SUPERSEDED else "merge",
                          str(new.data.get("resolution", "")))]
    if touched_old:
        out.append((old, "update", str(old.data.get("resolution", ""))))
    return out + extra
