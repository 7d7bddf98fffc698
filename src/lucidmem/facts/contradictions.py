"""Contradiction handling and reconsolidation as pure decision functions.

Seeds: ``emberhearth-memory-research.md`` §2 "Contradiction Handling" (four strategies:
temporal override, context differentiation, confidence reduction, exception flagging) and
``aico-adaptive-memory-system.md`` "Memory Reconsolidation Strategy (with variant limits)"
(a more confident new fact supersedes; a weaker one is stored as a variant, at most
``max_fact_variants = 3``; at the limit it replaces the weakest variant if stronger, else it is
discarded). Nothing is deleted: a superseded fact keeps its validity interval as history.

How an existing fact and a new candidate are compared (:func:`relate`):

1. different subject, or predicates that are neither equal nor opposite → ``UNRELATED``;
2. same statement (subject, predicate, object, polarity, context) → ``DUPLICATE`` (reinforce);
3. ``CONFLICT`` when the two cannot both hold: the same statement with opposite polarity
   ("eats meat" / "does not eat meat"), opposite predicates on the same object ("likes" /
   "dislikes" coffee), a *single-valued* predicate (``lives_in``, ``works_at``, ``diet``,
   ``name`` …, see :func:`is_single_valued`) with a different object, any predicate with a
   different object when the new statement is a correction ("I meant Sara, not Sarah"), or
   the same event at another time when the new statement marks a change ("moved to Friday";
   without a change marker a second date is a second occurrence);
4. otherwise ``COMPATIBLE`` (likes jazz and likes rock; two sisters) → store alongside.

Which strategy resolves a conflict (:func:`resolve`), first match wins:

1. the new statement carries a one-off marker ("this time", "just today") →
   **exception flagging**: the core fact stays, the exception is noted;
2. the contexts differ ("at work" vs none or "at home") → **context differentiation**: both
   stay, the new one context-qualified — except a change said in no context, which ends a
   value held only in a season (``SEASON_CONTEXTS``) as it would any other, and a move said
   so, which ends a home held in a part of the week (``WEEK_CONTEXTS``);
3. the new statement carries a change or correction marker ("no longer", "anymore", "I moved
   to", "I meant") and is explicit (confidence ≥ :data:`OVERRIDE_MIN_CONFIDENCE`) →
   **temporal override**: the old fact is superseded (its validity closes) — or retracted, for
   a correction, since it was never true;
4. otherwise the situation is ambiguous → **confidence reduction** of both by
   :data:`CONFLICT_PENALTY` × the other's confidence, and the aico reconsolidation rule (on
   the confidences *before* reduction) decides whether the new fact supersedes or becomes a
   variant; ``needs_clarification`` is set when the two are within
   :data:`CLARIFY_MARGIN` (the seed: "may need to ask user for clarification").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from lucidmem.errors import InvalidInputError
from lucidmem.facts.cue_lexicon import REPLACED_BY_A_NEW_ONE, SEASON_CONTEXTS, WEEK_CONTEXTS
from lucidmem.facts.entities import NAME_WORDS
from lucidmem.facts.model import FactCandidate, FactCategory

__all__ = [
    "CLARIFY_MARGIN",
    "CONFLICT_PENALTY",
    "MAX_FACT_VARIANTS",
    "OPPOSITE_PREDICATES",
    "OVERRIDE_MIN_CONFIDENCE",
    "SINGLE_VALUED_PREDICATES",
    "Action",
    "ActionKind",
    "ContradictionDecision",
    "ExistingFact",
    "ReconsolidationOutcome",
    "Relation",
    "Strategy",
    "is_single_valued",
    "reconsolidate",
    "relate",
    "resolve",
]

MAX_FACT_VARIANTS = 3
"""aico config ``max_fact_variants``."""

OVERRIDE_MIN_CONFIDENCE = 0.6
"""A change marker overrides only an explicit statement (hedged ones fall to reduction)."""

CONFLICT_PENALTY = 0.25
"""Confidence reduction: each side loses this fraction of the *other* side's confidence."""

CLARIFY_MARGIN = 0.15
"""Confidences closer than this after a reduction mean "ask the user"."""

SINGLE_VALUED_PREDICATES: frozenset[str] = frozenset(
    {
        "name", "preferred_name", "age", "birthday", "lives_in", "works_at", "occupation",
        "diet", "chronotype", "has_wife", "has_husband", "has_partner", "has_spouse",
        "has_boyfriend", "has_girlfriend", "has_boss", "no_contact_before", "no_contact_after",
        "hometown", "has_doctor", "has_supervisor", "has_nanny", "has_therapist",
        "has_hairdresser", "has_coach", "has_dentist",
    }
)
"""Predicates with one current value; a different object contradicts."""

_SINGLE_VALUED_PREFIXES = ("preferred_", "favourite_")

OPPOSITE_PREDICATES: dict[str, str] = {"likes": "dislikes", "dislikes": "likes"}
"""Predicate pairs that contradict on the same object."""


_REPLACED_BY_A_NEW_ONE = frozenset(f"has_{r}" for r in REPLACED_BY_A_NEW_ONE)


def _a_new_one(new: FactCandidate) -> bool:
    """Whether ``new`` names someone said to be new in a relation a new one takes over
    ("la nuova coinquilina, Nora": the roommate before is history)."""
    return new.is_change and new.predicate in _REPLACED_BY_A_NEW_ONE


def is_single_valued(predicate: str) -> bool:
    """True for predicates holding one value at a time (``lives_in``, ``preferred_time_for_*``)."""
    return predicate in SINGLE_VALUED_PREDICATES or predicate.startswith(_SINGLE_VALUED_PREFIXES)


class Relation(StrEnum):
    """How a new candidate relates to an existing fact."""

    UNRELATED = "unrelated"
    DUPLICATE = "duplicate"
    COMPATIBLE = "compatible"
    CONFLICT = "conflict"


class Strategy(StrEnum):
    """The seed's four resolution strategies (emberhearth §2)."""

    TEMPORAL_OVERRIDE = "temporal_override"
    CONTEXT_DIFFERENTIATION = "context_differentiation"
    CONFIDENCE_REDUCTION = "confidence_reduction"
    EXCEPTION_FLAGGING = "exception_flagging"


class ActionKind(StrEnum):
    """What the store should do."""

    STORE_NEW = "store_new"
    REINFORCE_EXISTING = "reinforce_existing"
    SUPERSEDE_EXISTING = "supersede_existing"
    RETRACT_EXISTING = "retract_existing"
    STORE_CONTEXT_QUALIFIED = "store_context_qualified"
    FLAG_EXCEPTION = "flag_exception"
    REDUCE_CONFIDENCE = "reduce_confidence"
    KEEP_AS_VARIANT = "keep_as_variant"
    REPLACE_WEAKEST_VARIANT = "replace_weakest_variant"
    DISCARD_NEW = "discard_new"


class ReconsolidationOutcome(StrEnum):
    """The aico reconsolidation rule's four outcomes."""

    SUPERSEDE = "supersede"
    ADD_VARIANT = "add_variant"
    REPLACE_WEAKEST_VARIANT = "replace_weakest_variant"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class ExistingFact:
    """What the decision needs to know about a stored fact.

    ``confidence`` is its current (decayed) confidence; ``variant_confidences`` those of its
    stored variants.
    """

    subject: str
    predicate: str
    object: str
    confidence: float
    negated: bool = False
    context: str | None = None
    variant_confidences: tuple[float, ...] = ()
    fact_id: str | None = None
    valid_from: datetime | None = None
    said_with_the_new: bool = False
    """Whether it was read from the turn the new candidate comes from."""


@dataclass(frozen=True, slots=True)
class Action:
    """One step for the store. ``target`` is "existing", "new" or "variant"; ``amount`` is a
    confidence delta (reinforce: the new confidence; reduce: how much to subtract);
    ``variant_index`` points into ``variant_confidences``; ``at`` is when a superseded fact
    stops being valid (``None``: the new message's timestamp). The store clamps it into the
    superseded fact's own interval, so an event cancelled before it began never held."""

    kind: ActionKind
    target: str
    reason: str
    amount: float = 0.0
    variant_index: int | None = None
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ContradictionDecision:
    """The outcome of comparing one existing fact with one new candidate."""

    relation: Relation
    strategy: Strategy | None
    actions: tuple[Action, ...]
    needs_clarification: bool = False
    reasons: tuple[str, ...] = field(default=())


def _fold(text: str | None) -> str:
    return " ".join((text or "").casefold().split())


MOVES = frozenset({"lives_in"})
"""Predicates whose value, said as a change with no context, is a move: it ends the home held
in a part of the week (:data:`~lucidmem.facts.cue_lexicon.WEEK_CONTEXTS`) as much as the
plain one."""

NEW_JOBS = frozenset({"works_at"})
"""Predicates whose value, said as a change with no context, is a new job: it ends the one held
on weekdays ("Unter der Woche stehe ich im Labor der Rhonechemie", then "Meine ersten zwei
Wochen an der Berufsfachschule sind vorbei"), not a weekend one, which may go on beside it."""


def relate(existing: ExistingFact, new: FactCandidate) -> Relation:
    """Classify the pair (see the module docstring, "How … are compared")."""
    if _fold(existing.subject) != _fold(new.subject):
        return Relation.UNRELATED
    same_predicate = existing.predicate == new.predicate
    opposite = OPPOSITE_PREDICATES.get(existing.predicate) == new.predicate
    if not (same_predicate or opposite):
        return Relation.UNRELATED
    same_object = _fold(existing.object) == _fold(new.object)
    same_context = _fold(existing.context) == _fold(new.context)
    if same_predicate and same_object:
        if existing.negated != new.negated:
            return Relation.CONFLICT
        if not same_context:
            return Relation.COMPATIBLE
        moved = (existing.valid_from is not None and new.valid_from is not None
                 and existing.valid_from != new.valid_from)
        if moved:  # the same event at another time: rescheduled, or a second occurrence
            return Relation.CONFLICT if new.is_change else Relation.COMPATIBLE
        return Relation.DUPLICATE
    if opposite:
        if not same_object:
            return Relation.UNRELATED
        return Relation.CONFLICT if existing.negated == new.negated else Relation.COMPATIBLE
    if is_single_valued(new.predicate) and _a_remark_beside(existing, new):
        return Relation.COMPATIBLE
    if not existing.negated and not new.negated and (
        is_single_valued(new.predicate) or new.is_correction or _a_new_one(new)
    ):
        return Relation.CONFLICT
    return Relation.COMPATIBLE


def _a_remark_beside(existing: ExistingFact, new: FactCandidate) -> bool:
    """Whether ``new`` is a remark (a whole clause for its object, more than
    :data:`NAME_WORDS` words) said in the same turn as the named value held ("eine Woche in
    der neuen Wohnung in Ebikon! Franzi und ich wohnen jetzt zusammen": the second clause
    does not replace Ebikon)."""
    return existing.said_with_the_new and \
        len(new.object.split()) > NAME_WORDS >= len(existing.object.split())


def reconsolidate(
    new_confidence: float,
    existing_confidence: float,
    variant_confidences: tuple[float, ...] = (),
    *,
    max_variants: int = MAX_FACT_VARIANTS,
) -> tuple[ReconsolidationOutcome, int | None]:
    """The aico rule. Returns the outcome and, for a replacement, the weakest variant's index.

    ``new > existing`` → supersede; else fewer than ``max_variants`` variants → add one; else
    replace the weakest variant if the new one is stronger, otherwise discard the new one.
    """
    if max_variants < 0:
        raise InvalidInputError("max_variants must be >= 0", field="max_variants")
    if new_confidence > existing_confidence:
        return ReconsolidationOutcome.SUPERSEDE, None
    if len(variant_confidences) < max_variants:
        return ReconsolidationOutcome.ADD_VARIANT, None
    if not variant_confidences:
        return ReconsolidationOutcome.DISCARD, None
    weakest = min(range(len(variant_confidences)), key=variant_confidences.__getitem__)
    if new_confidence > variant_confidences[weakest]:
        return ReconsolidationOutcome.REPLACE_WEAKEST_VARIANT, weakest
    return ReconsolidationOutcome.DISCARD, None


def _closing_time(new: FactCandidate) -> datetime | None:
    """When a superseded fact stops being valid: the new state's start; for events (moved or
    cancelled) ``None``, i.e. the moment the change was said."""
    return None if new.category is FactCategory.EVENT else new.valid_from


def _describe(fact: ExistingFact | FactCandidate) -> str:
    neg = "not " if fact.negated else ""
    ctx = f" [{fact.context}]" if fact.context else ""
    return f"{fact.subject} {neg}{fact.predicate} {fact.object}{ctx}"


def resolve(
    existing: ExistingFact, new: FactCandidate, *, max_variants: int = MAX_FACT_VARIANTS
) -> ContradictionDecision:
    """Decide what to do with ``new`` given ``existing`` (see the module docstring)."""
    relation = relate(existing, new)
    old, fresh = _describe(existing), _describe(new)
    if relation is Relation.UNRELATED or relation is Relation.COMPATIBLE:
        why = "no overlap" if relation is Relation.UNRELATED else "both can hold"
        return ContradictionDecision(
            relation, None, (Action(ActionKind.STORE_NEW, "new", f"{fresh}: {why}"),)
        )
    if relation is Relation.DUPLICATE:
        action = Action(ActionKind.REINFORCE_EXISTING, "existing",
                        f"{fresh} restates {old}", amount=new.confidence)
        return ContradictionDecision(relation, None, (action,))

    if new.one_off:
        return ContradictionDecision(
            relation,
            Strategy.EXCEPTION_FLAGGING,
            (Action(ActionKind.FLAG_EXCEPTION, "existing",
                    f"one-off deviation {fresh!r} does not override {old!r}"),),
            reasons=("the new statement is marked as a one-time exception",),
        )
    if _fold(existing.context) != _fold(new.context) and not (
            new.is_change and new.context is None and
            (existing.context in SEASON_CONTEXTS or
             (new.predicate in MOVES and existing.context in WEEK_CONTEXTS) or
             (new.predicate in NEW_JOBS and existing.context == "on weekdays"))):
        # (a change said without a season ends what held only in a season too: "Erste Nacht
        # in der neuen Wohnung in Leoben" ends "die Wohnung in Donawitz ist im Winter
        # eiskalt"; a move ends the home held in a part of the week: "Seit drei Wochen wohne
        # ich jetzt in Balzers" ends "lives in Vaduz (on weekdays)"; a new job the one held
        # on weekdays)
        return ContradictionDecision(
            relation,
            Strategy.CONTEXT_DIFFERENTIATION,
            (Action(ActionKind.STORE_CONTEXT_QUALIFIED, "new",
                    f"{fresh!r} holds in its own context; {old!r} is kept"),),
            reasons=(f"contexts differ: {existing.context!r} vs {new.context!r}",),
        )
    if (new.is_change or new.is_correction) and new.confidence >= OVERRIDE_MIN_CONFIDENCE:
        if new.is_correction:
            action = Action(ActionKind.RETRACT_EXISTING, "existing",
                            f"{old!r} corrected to {fresh!r}: it was never true")
        else:
            action = Action(ActionKind.SUPERSEDE_EXISTING, "existing",
                            f"{old!r} changed to {fresh!r}", at=_closing_time(new))
        return ContradictionDecision(
            relation,
            Strategy.TEMPORAL_OVERRIDE,
            (action, Action(ActionKind.STORE_NEW, "new", f"{fresh!r} is the current fact")),
            reasons=("explicit change marker on an explicit statement",),
        )

    cut_old = CONFLICT_PENALTY * new.confidence
    cut_new = CONFLICT_PENALTY * existing.confidence
    actions = [
        Action(ActionKind.REDUCE_CONFIDENCE, "existing", "contradicted without a change marker",
               amount=cut_old),
        Action(ActionKind.REDUCE_CONFIDENCE, "new", "contradicts a stored fact", amount=cut_new),
    ]
    outcome, index = reconsolidate(new.confidence, existing.confidence,
                                   existing.variant_confidences, max_variants=max_variants)
    if outcome is ReconsolidationOutcome.SUPERSEDE:
        actions.append(Action(ActionKind.SUPERSEDE_EXISTING, "existing",
                              f"more confident {fresh!r} supersedes {old!r}",
                              at=_closing_time(new)))
        actions.append(Action(ActionKind.STORE_NEW, "new", "current fact after reconsolidation"))
    elif outcome is ReconsolidationOutcome.ADD_VARIANT:
        actions.append(Action(ActionKind.KEEP_AS_VARIANT, "new",
                              f"weaker {fresh!r} kept as a variant of {old!r}"))
    elif outcome is ReconsolidationOutcome.REPLACE_WEAKEST_VARIANT:
        actions.append(Action(ActionKind.REPLACE_WEAKEST_VARIANT, "variant",
                              f"{fresh!r} replaces the weakest variant", variant_index=index))
    else:
        actions.append(Action(ActionKind.DISCARD_NEW, "new",
                              f"{fresh!r} is weaker than {old!r} and all its variants"))
    close = abs((existing.confidence - cut_old) - (new.confidence - cut_new)) < CLARIFY_MARGIN
    return ContradictionDecision(
        relation,
        Strategy.CONFIDENCE_REDUCTION,
        tuple(actions),
        needs_clarification=close,
        reasons=("ambiguous contradiction: no change, context or one-off marker",
                 f"reconsolidation: {outcome.value}"),
    )
