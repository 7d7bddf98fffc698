"""Validation: staged facts become beliefs (dedupe, contradictions, entities, embeddings).

Plain functions over the :class:`~lucidmem.kernel.Kernel`; the consolidation (sleep) job calls
:func:`validate_staged` and :func:`archive_low_confidence`; the after-add listener
(:meth:`Facts.on_turns_added <lucidmem.facts.capability.Facts.on_turns_added>`) calls the
former at once while ``settings.facts.auto_validate`` is on, and
:meth:`Facts.validate <lucidmem.facts.capability.Facts.validate>` on demand.

For each staged fact, oldest first: resolve entities (case, aliases, "my sister" ↔ "Sarah"),
then compare it with every *active* fact through :func:`~lucidmem.facts.contradictions.resolve`
(confidence of the stored fact decayed to the new turn's time) and apply the actions:

* duplicate → reinforce: ``c = max(c, (c + new) / 2)``, clock reset, count + 1, provenance
  merged; the staged record becomes ``merged``;
* temporal override → the old fact is ``superseded``: ``valid_to`` closes (clamped into its own
  interval), ``retracted_at`` = the new turn's time, ``superseded_by`` set; a correction
  ``retracts`` it instead (it never held); a ``preference_shift`` record notes the change;
* context differentiation → both active, the new one context-qualified;
* exception flagging → the new fact is kept as an ``exception`` of the old;
* confidence reduction + aico reconsolidation → supersede, ``variant`` (≤ max_variants, the
  weakest replaced → ``archived``) or ``discarded``.

Finally texts are rendered, new/changed non-secret facts embedded in one batch, graph
``relation`` records mirrored, and everything written in one transaction.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from lucidmem.clock import from_epoch
from lucidmem.facts import (
    attended_places,
    commutes,
    corrections,
    homes,
    lifecycle,
    relation_changes,
    retraction,
    working_time,
    workplaces,
)
from lucidmem.facts.contradictions import (
    ActionKind,
    ExistingFact,
    Relation,
    is_single_valued,
    relate,
    resolve,
)
from lucidmem.facts.decay import confidence_band, decayed_confidence, reinforce
from lucidmem.facts.entities import EntityIndex, fold, relation_word
from lucidmem.facts.model import (
    BARE_RIGHT_VALUE,
    CARRIED_WRONG_VALUE,
    CORRECTED_WEEKDAY,
    LAST_DATED,
    MOVED_BY,
    NEW_OF_ITS_KIND,
    ONE_PAST_DAY,
    RESTATED,
    SAID_OF_THE_CORRECTED,
    SENT_OFF,
    SET_AGAINST,
    UNNAMED_PARTNER,
    USER_SUBJECT,
    FactCandidate,
    FactCategory,
    PrivacyLevel,
)
from lucidmem.facts.privacy import stricter
from lucidmem.facts.rate_shift import moved_count_targets
from lucidmem.facts.records import fact_sentence, is_searchable
from lucidmem.facts.render import content_words
from lucidmem.facts.staging import candidate_of
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, Record, Status, new_record
from lucidmem.store.base import Query

__all__ = ["ValidationReport", "archive_low_confidence", "current_confidence",
           "facts_lock_key", "validate_staged"]


_RELATION_SAID = re.compile(r"The user's (?P<word>[^()]+?) (?:\([^)]*\) )?is ")
"""The relation word a relation fact is written with ("The user's fiancé is Tariq"), which
may say the person's gender where the predicate does not ("has_fiancée")."""


SITTING = 6 * 3600.0
"""Seconds within which statements belong to one sitting: a send-off ends the job held before
it (:data:`SENT_OFF`), not a new one said in the same sitting."""


class ValidationReport(BaseModel):
    """Counts of what one validation pass did (ids of the facts now active)."""

    model_config = ConfigDict(frozen=True)

    validated: list[str] = Field(default_factory=list)
    reinforced: int = 0
    superseded: int = 0
    retracted: int = 0
    variants: int = 0
    exceptions: int = 0
    discarded: int = 0
    needs_clarification: list[str] = Field(default_factory=list)


@dataclass(slots=True)
class _Tally:
    """What a pass has done so far (becomes its :class:`ValidationReport`)."""

    validated: list[str] = field(default_factory=list)
    reinforced: int = 0
    superseded: int = 0
    retracted: int = 0
    variants: int = 0
    exceptions: int = 0
    discarded: int = 0
    needs_clarification: list[str] = field(default_factory=list)


def current_confidence(record: Record, at: float, base_rate: float) -> float:
    """The fact's confidence decayed from its last reinforcement to ``at`` (never negative
    days: an older turn imported late reads the stored value)."""
    d = record.data
    days = max(at - float(d.get("last_reinforced", record.occurred_at)), 0.0) / 86_400
    return decayed_confidence(float(d["confidence"]), days,
                              float(d.get("emotional_intensity", 0.3)), base_rate)


def _existing(rec: Record, at: float, rate: float, variants: Sequence[Record],
              new_turns: frozenset[str]) -> ExistingFact:
    """``new_turns``: the turns the new candidate was read from."""
    d = rec.data
    said_with = new_turns.intersection(d.get("source_turn_ids", []))
    return ExistingFact(
        d["subject"], d["predicate"], d["object"], current_confidence(rec, at, rate),
        negated=bool(d.get("negated")), context=d.get("context"),
        variant_confidences=tuple(current_confidence(v, at, rate) for v in variants),
        fact_id=rec.id,
        valid_from=from_epoch(float(d["valid_from"]))
        if d["category"] == FactCategory.EVENT.value else None,
        said_with_the_new=bool(said_with),
    )


class _Pass:
    """One validation pass over one user's staged facts."""

    def __init__(self, kernel: Kernel, user_id: str, context: str) -> None:
        self.kernel = kernel
        self.user_id = user_id
        self.context = context
        self.store = kernel.store(context)
        self.rate = kernel.settings.facts.decay_base_rate
        self.max_variants = kernel.settings.facts.max_variants
        self.working = self.store.find(Query(user_id=user_id, kinds=[Kind.FACT],
                                             statuses=[Status.ACTIVE, Status.VARIANT]))
        self.entities = EntityIndex.load(user_id, self.store.find(
            Query(user_id=user_id, kinds=[Kind.ENTITY], statuses=[Status.ACTIVE])))
        self.touched: dict[str, Record] = {}
        self.extra: list[Record] = []
        self.report = _Tally()
        self.vectors: dict[str, Any] = {}
        self.staged_text: dict[str, str] = {}

    def touch(self, rec: Record) -> None:
        rec.updated_at = self.kernel.now()
        if rec.id in self.touched or rec.status == Status.STAGED:
            self.touched[rec.id] = rec
            return
        rec.version += 1
        self.touched[rec.id] = rec

    # -- entities -----------------------------------------------------------------------------
    def resolve_entities(self, rec: Record) -> None:
        d, ts = rec.data, rec.occurred_at
        subject = self.entities.canonical(d["subject"])
        obj = d["object"]
        rel = relation_word(d["predicate"]) if fold(subject) == USER_SUBJECT else None
        if rel is not None:
            obj = self.entities.canonical(obj)
            if not fold(obj).startswith(f"{USER_SUBJECT}'s "):
                self.entities.ensure(obj, ts, relation=rel)
                ph = self.entities.link_placeholder(rel, obj)
                if ph is not None:
                    self.repoint(ph, obj)
        if fold(subject) != USER_SUBJECT and not fold(subject).startswith(f"{USER_SUBJECT}'s "):
            self.entities.ensure(subject, ts)
        if subject != d["subject"] or obj != d["object"]:
            rec.data = {**d, "subject": subject, "object": obj,
                        "said_as": [d["subject"], d["object"]]}

    def repoint(self, alias: str, name: str) -> None:
        """Facts stored under a placeholder now name the entity it turned out to be."""
        key = fold(alias)
        for rec in self.working:
            d = rec.data
            if fold(d["subject"]) == key or fold(d["object"]) == key:
                rec.data = {**d, "said_as": [d["subject"], d["object"]],
                            "subject": name if fold(d["subject"]) == key else d["subject"],
                            "object": name if fold(d["object"]) == key else d["object"]}
                self.touch(rec)

    # -- contradictions -------------------------------------------------------------------------
    def variants_of(self, rec: Record) -> list[Record]:
        return [v for v in self.working
                if v.status == Status.VARIANT and v.data.get("variant_of") == rec.id]

    def active(self, before: float) -> list[Record]:
        """Active facts recorded up to ``before``."""
        return [f for f in self.working if f.status == Status.ACTIVE
                and float(f.data.get("recorded_at", f.occurred_at)) <= before]

    def end(self, ex: Record, rec: Record, *, retract: bool, at: float | None = None) -> None:
        """Close ``ex`` because of ``rec``: superseded from ``at`` (default: the new turn's
        time), or retracted (it never held). A fact already retracted stays so: the same
        statement may name it again as a change ("Sorry, Anna lives in Bath, not Bristol"
        corrects her home in Bristol, which the move to a new home would supersede)."""
        if ex.status == Status.RETRACTED and not retract:
            return
        ts = rec.occurred_at
        d = ex.data
        update: dict[str, object] = {"retracted_at": ts, "superseded_by": rec.id}
        if retract:
            ex.status = Status.RETRACTED
            self.report.retracted += 1
            ex.data = {**d, **update}
            self.touch(ex)
            return
        when = max(ts if at is None else at, float(d["valid_from"]))
        end = d.get("valid_to")
        update["valid_to"] = until = when if end is None else min(when, float(end))
        ex.status = Status.SUPERSEDED
        self.report.superseded += 1
        ex.data = {**d, **update}
        self.touch(ex)
        self.end_what_names(ex, rec, until)

    def end_what_names(self, ex: Record, rec: Record, at: float) -> None:
        """End with ``ex`` the clauses of its statement that name its value
        (:func:`lifecycle.said_with_the_ended_value`)."""
        active = [f for f in self.working if f.status == Status.ACTIVE]
        for other in lifecycle.said_with_the_ended_value(ex, rec, active):
            self.end(other, rec, retract=False, at=at)

    def lifecycle(self, rec: Record) -> Status | None:
        """What the new statement does to held facts (retraction, correction, cessation,
        "only X now", a changed relation, a one-off); returns a status for ``rec`` itself
        when it is not simply active."""
        d, ts = rec.data, rec.occurred_at
        held = self.active(ts)
        start = d.get("stated_from")
        if d.get("replaces"):
            target = next((f for f in held if f.id == d["replaces"]), None)
            if target is not None:
                self.end(target, rec, retract=d.get("ends_as") in ("correct", "retract"),
                         at=start)
                if d.get("ends_as") == "retract":
                    rec.data["applied_to"] = [target.id]
                    return Status.DISCARDED
        said_with = set(d.get("source_turn_ids", []))

        def earlier(found: list[Record]) -> list[Record]:
            """Not what the same turn says: "only oat milk now. cow's milk is over" ends the
            cow's milk, never the oat milk beside it."""
            return [f for f in found if not said_with & set(f.data.get("source_turn_ids", []))]

        if SENT_OFF in d.get("flags", []):  # "my old crew gave me a hard hat": the job
            # held before this sitting is over; one said in it is the new one ("First
            # fortnight at Glendrum done!" a turn before); the send-off is no fact to keep
            new_jobs = [f for f in held if said_with & set(f.data.get("source_turn_ids", []))
                        and f.data.get("predicate") == "works_at"]
            before = [ex for ex in lifecycle.cessation_targets(rec, earlier(held))
                      if ts - float(ex.data.get("recorded_at", ex.occurred_at)) > SITTING and
                      not any(workplaces.names_the_workplace(ex, new) for new in new_jobs)]
            # (not "I'm a nurse at Kingsmead" when the first month at Kingsmead is what is said)
            latest = max(before, key=lambda f: float(f.data.get("recorded_at", f.occurred_at)),
                         default=None)
            for ex in before:
                if ex is not latest or not latest.data.get("is_change"):
                    self.end(ex, rec, retract=False)  # (the job said last, as a new one, is
                    # what the user went to: "first week at Halden done", then weeks later
                    # "my old team finally gave me a leaving do")
            return Status.DISCARDED
        if d.get("corrects") == RESTATED:  # "errei, a festa vai ser em Braga"
            d["corrects"] = None
            restated = corrections.restated_target(rec, earlier(held))
            if restated is None and d.get("slot") == "event" and start is not None:
                d["corrects"] = LAST_DATED  # "Blödsinn, der Termin ist am Mittwoch"
            elif restated is None and "only_as_correction" in d.get("flags", []):
                return Status.DISCARDED  # "sorry, long day": it corrects nothing held
            if restated is not None:
                self.end(restated, rec, retract=True)
                if start is None:  # the right value held since the wrong one was said
                    d["valid_from"] = min(float(d["valid_from"]),
                                          float(restated.data["valid_from"]))
        if d.get("corrects") == LAST_DATED:  # "Sorry, I meant the 14th"
            targets = corrections.last_dated(rec, held)
            if not targets or corrections.corrected_day(targets[0], rec) is None:
                return Status.DISCARDED  # a bare day with nothing to move states nothing
            d["corrects"] = str(corrections.local_day(
                targets[0], float(targets[0].data["stated_from"])).day)
        if d.get("corrects"):
            targets = corrections.correction_targets(str(d["corrects"]), rec, held)
            bare = BARE_RIGHT_VALUE in d.get("flags", [])
            if bare:  # "wait sorry not Yishun, Sembawang": the one held fact it puts right
                targets = [t for t in targets
                           if corrections.right_name(t, rec, str(d["corrects"])) is not None][:1]
                if not targets:
                    return Status.DISCARDED  # it puts nothing held right: no fact of its own
            weekday = next((f[len(CORRECTED_WEEKDAY):] for f in d.get("flags", [])
                            if f.startswith(CORRECTED_WEEKDAY)), None)
            if not targets and weekday:  # no plan on that day: a habit that names it
                targets = [t for t in corrections.correction_targets(weekday, rec, held)
                           if t.data.get("stated_from") is None]
            named_right = False
            for ex in targets[:3]:
                moved = corrections.corrected_day(ex, rec)
                if moved is not None:
                    shift = (moved - corrections.local_day(rec, float(d["stated_from"]))).days
                    for key in ("stated_from", "valid_from", "valid_to"):
                        if d.get(key) is not None:
                            d[key] = corrections.shifted_locally(rec, float(d[key]), shift)
                    start = d.get("stated_from")
                fixed = corrections.corrected_text(ex, rec, str(d["corrects"]))
                self.end(ex, rec, retract=True)
                if SAID_OF_THE_CORRECTED in d.get("flags", []) and not named_right and \
                        ex.data.get("subject") not in (None, d.get("subject")):
                    _said_of(d, ex)  # "… nn è vero: è fisioterapista": Giusy's job, not
                    self.vectors.pop(rec.id, None)  # the user's
                    d["flags"] = [f for f in d["flags"] if f != SAID_OF_THE_CORRECTED]
                name = None if named_right or fixed is not None or \
                    (not bare and "people" in (d.get("slot"), ex.data.get("slot"))
                     and not ((CARRIED_WRONG_VALUE in d.get("flags", []) or
                               corrections.is_bare_value(str(d.get("object") or "")))
                              and _about_someone(ex))) \
                    else corrections.right_name(ex, rec, str(d["corrects"]))
                if name is not None:  # "sorry, I said Leeds, it's in York": the old fact,
                    # put right, with its kind and its dates ("… in York on Tuesday 10 March")
                    _put_right(d, ex, str(d["corrects"]), name, keep_dates=start is None)
                    self.vectors.pop(rec.id, None)  # now another fact's sentence: re-embed
                    named_right = True
                    continue
                if start is None:  # the corrected value held since the wrong one was said
                    d["valid_from"] = min(float(d["valid_from"]), float(ex.data["valid_from"]))
                if fixed is not None and d.get("slot") not in ("people",):
                    d["text"] = fixed
                    self.vectors.pop(rec.id, None)  # now another fact's sentence: re-embed
                    d["evidence"] = f"{ex.data.get('evidence')} / {d.get('evidence')}"
        against = next((f[len(SET_AGAINST):] for f in d.get("flags", [])
                        if f.startswith(SET_AGAINST)), None)
        if against and not d.get("corrects"):  # "I live in York, not Leeds": Leeds said before
            ended = earlier(corrections.set_against_targets(against, rec, held))
            for ex in ended:
                self.end(ex, rec, retract=True)
            numbers = corrections.right_number(ended[0], rec, against) \
                if len(ended) == 1 else None
            if numbers is not None:  # "Cumple 85, no 80": the held sentence, put right
                _put_right(d, ended[0], *numbers, keep_dates=start is None)
                self.vectors.pop(rec.id, None)
        if d.get("corrects") and str(d.get("predicate", "")).startswith("has_"):
            self.rename(rec, str(d["corrects"]), held)  # "Er heißt Brandl": his facts too
        stopped_held = False  # "我已经不在华为了": it ended the job that named 华为
        if d.get("cessation"):
            ceased = earlier(lifecycle.cessation_targets(rec, held))
            stopped_held = any(ex.data.get("slot") in ("employer", "residence", "occupation")
                               for ex in ceased) or \
                (bool(ceased) and lifecycle.parted_with(rec))  # "vendí el clarinete": gone
            for ex in ceased:
                self.end(ex, rec, retract=False, at=start)
        if d.get("rescheduled"):  # "das Teamessen wurde auf Montag verschoben"
            planned = corrections.rescheduled_target(rec, earlier(held))
            by = next((f[len(MOVED_BY):] for f in d.get("flags", []) if f.startswith(MOVED_BY)),
                      None)
            if by is not None:  # "the dentist got pushed back a week": its day, a week on
                count, unit = by.split()
                plan_moved = None if planned is None else \
                    corrections.moved_plan(planned, int(count), unit)
                if planned is None or plan_moved is None:
                    return Status.DISCARDED  # it moves nothing held: no day to say
                d["stated_from"] = d["valid_from"] = plan_moved[0]
                d["valid_to"], d["text"] = plan_moved[1], plan_moved[2]
                d["evidence"] = f"{planned.data.get('evidence')} / {d.get('evidence')}"
                self.vectors.pop(rec.id, None)  # now the moved plan's sentence: re-embed
            if planned is not None:
                self.end(planned, rec, retract=False)
        if d.get("called_off"):  # "jalen's tournament in madison got rained out"
            planned = corrections.called_off_target(rec, earlier(held))
            if planned is not None:
                self.end(planned, rec, retract=False)
        if d.get("switched_from"):
            ended = earlier(lifecycle.switched_from_targets(rec, held))
            for ex in ended:
                self.end(ex, rec, retract=False, at=start)
            place = homes.home_left(rec)
            if place is not None:
                left = self.leave_home(rec, place, ended)
                if left is not None:
                    return left
        for ex in earlier(lifecycle.switched_to_named_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # "overgestapt naar Volley Drongen"
        for ex in earlier(homes.home_remarks_left(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # the flat in the town left
        for ex in earlier(homes.relative_home_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # where dad lived before his move
        for ex in earlier(commutes.commutes_left(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # the bus from the home left
        if d.get("exclusive"):
            for ex in earlier(lifecycle.exclusive_targets(rec, self.active(ts))):
                self.end(ex, rec, retract=False, at=start)
        elif d.get("is_change") and not d.get("one_off"):
            for ex in earlier(lifecycle.replacement_targets(rec, self.active(ts))):
                self.end(ex, rec, retract=False, at=start)
        if d.get("exclusive") or d.get("is_change"):  # "nu nog maar één schep" ends "drie"
            for ex in earlier(lifecycle.amount_change_targets(rec, self.active(ts))):
                self.end(ex, rec, retract=False, at=start)
        for ex in earlier(moved_count_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # "down to 8 a day" ends "a pack a day"
        for ex in earlier(lifecycle.replaced_thing_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # a new phone ends the old one
        for ex in earlier(attended_places.attended_place_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # a new school ends the old one
        for ex in earlier(lifecycle.meat_eaten_before_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # "ormai sono vegetariana"
        for ex in earlier(lifecycle.someone_elses_sport_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # "Lowie doet nu judo": his football
        for ex in earlier(working_time.other_rate_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # "my 60% was accepted" ends the 80 %
        if not d.get("one_off"):  # a new employer ends the job said with the old one
            for ex in earlier(workplaces.other_workplace_targets(rec, held)):
                self.end(ex, rec, retract=False, at=start)
            for ex in earlier(workplaces.own_earlier_role_targets(rec, held)):
                self.end(ex, rec, retract=False, at=start)  # a new role at the same place
            for ex in earlier(workplaces.someone_elses_workplace_targets(rec, held)):
                self.end(ex, rec, retract=False, at=start)  # where Tom worked before
            for ex in earlier(workplaces.old_day_to_day_targets(rec, held)):
                self.end(ex, rec, retract=False)  # the old job's way there, until now
        for ex in earlier(relation_changes.replaced_role_holder_targets(rec, held)):
            self.end(ex, rec, retract=False, at=start)  # the supervisor before, and her facts
        moved_on = relation_changes.relation_change_targets(rec, held)
        partners = {str(ex.data.get("object")) for ex in moved_on
                    if ex.data.get("subject") == d.get("subject")}
        if d.get("predicate") == "has_ex" and d.get("object") == UNNAMED_PARTNER and \
                len(partners) == 1:
            name = partners.pop()  # "we broke up": the one partner held
            d["object"], d["text"] = name, str(d["text"]).replace(UNNAMED_PARTNER, name, 1)
            self.vectors.pop(rec.id, None)  # another sentence now: re-embed
        for ex in moved_on:
            self.end(ex, rec, retract=False, at=start if d.get("predicate") == "has_ex"
                     else None)
        if moved_on and d.get("predicate") != "has_ex":
            self.relabel(rec, moved_on, held)
        if relation_changes.holder_gone(rec):
            # "poor Dr Healy is gone, he retired": the GP held until then ends, and the remark
            # is history, so the old GP is not heard as the current one
            for ex in relation_changes.gone_holder_targets(rec, held):
                self.end(ex, rec, retract=False, at=start)
            d["valid_to"] = max(float(ts), float(d["valid_from"]))
            return Status.SUPERSEDED
        if relation_changes.names_the_ex(rec):
            # "Kevin et moi c'est fini" names the partner a current question about who the
            # user is with must not hear: the breakup is kept as what ended the couple
            d["valid_to"] = max(float(ts), float(d["valid_from"]))
            return Status.SUPERSEDED
        if d.get("one_off"):
            habit = lifecycle.habit_of(rec, held)
            if habit is not None:
                d["exception_of"] = habit.id
                self.report.exceptions += 1
                return Status.EXCEPTION
            if ONE_PAST_DAY in d.get("flags", []):  # no habit to be an exception to
                d["one_off"], d["valid_to"] = False, None
        recalled = earlier(lifecycle.recalled_targets(rec, [
            f for f in self.working if f.status in (Status.ACTIVE, Status.SUPERSEDED) and
            float(f.data.get("recorded_at", f.occurred_at)) <= ts]))
        if recalled:  # "I used to walk to Harbour Foods", "sinto falta do balcão do Batel"
            for ex in recalled:
                if ex.status == Status.ACTIVE:
                    self.end(ex, rec, retract=False)
            if lifecycle.only_recalls(rec, recalled):
                d["valid_to"] = max(float(ts), float(d["valid_from"]))
                return Status.SUPERSEDED  # the old value recalled: history, not current
        if self.old_thing_beside_the_new(rec, said_with, ts):
            d["valid_to"] = max(float(ts), float(d["valid_from"]))
            return Status.SUPERSEDED
        replaced = lifecycle.replaced_in_the_same_turn(rec, self.active(ts))
        for stopped in [f for f in replaced if f.data.get("cessation")]:
            self.end(stopped, rec, retract=False)  # "Klavier verkauft, jetzt Saxophon"
        if d.get("cessation") and d.get("object") != "job" and (
                d.get("slot") in ("employer", "residence", "occupation") or
                any(not f.data.get("cessation") for f in replaced) or
                lifecycle.stopped_by_name(rec) or stopped_held):
            # "I quit Bosch" and "cancelled the Ironbark membership" name the old value a
            # current question must not hear, and so does "le lait de vache, c'est fini"
            # beside "only oat milk now"; "I left my job" and "ho smesso di fumare" say the
            # state that holds from then on
            end = d.get("valid_to") or ts
            d["valid_to"] = max(float(end), float(d["valid_from"]))
            return Status.SUPERSEDED
        return None

    def leave_home(self, rec: Record, place: str, ended: Sequence[Record]) -> Status | None:
        """A move that names the home left ("we moved from Leeds to York", "finally out of
        our place in Leeds"): the home held in ``place`` was ended with ``ended``; when none
        was held, the former home is recorded (:func:`homes.former_home`), held until the
        move. A statement that is only the leaving is that former home itself (superseded),
        or nothing when the memory held the home already. Returns a status for ``rec`` when
        it is not simply active."""
        held_there = any(ex.data.get("slot") == "residence" for ex in ended)
        if homes.leaves_only(rec, place):
            if held_there:
                return Status.DISCARDED  # "lives in Leeds" said before is what ended
            rec.data = homes.former_home(rec, place)
            return Status.SUPERSEDED
        if not held_there:
            data = {**homes.former_home(rec, place), "superseded_by": rec.id}
            home = new_record(uuid.uuid4().hex, Kind.FACT, self.user_id, self.kernel.now(),
                              data, text=str(data["text"]), layer=1,
                              occurred_at=rec.occurred_at, agent_id=rec.agent_id,
                              status=Status.SUPERSEDED)
            home.conversation_id = rec.conversation_id
            self.working.append(home)
            self.touched[home.id] = home
            self.report.superseded += 1
        return None

    def old_thing_beside_the_new(self, rec: Record, said_with: set[str], ts: float) -> bool:
        """Whether ``rec`` names the thing of a kind that a fact of the same turn says the
        user holds now in its place ("first month on Monzo done … why did I give Barclays my
        money for years", "drei Wochen mit dem Skoda … mit dem Opel war ich jeden Monat in
        der Werkstatt"): the old one, said after its replacement, is history from the start.
        ``rec`` said as new itself is none."""
        if any(f.startswith(NEW_OF_ITS_KIND) for f in rec.data.get("flags", [])):
            return False
        return any(other.id != rec.id and
                   said_with & set(other.data.get("source_turn_ids", [])) and
                   lifecycle.replaced_thing_targets(other, [rec])
                   for other in self.active(ts))

    def relabel(self, rec: Record, moved_on: Sequence[Record], held: Sequence[Record]) -> None:
        """"Larissa is now my fiancée": what was said of her as the user's girlfriend holds on,
        said of the fiancée. Each such fact ends at the change and a new version with the new
        word begins there, so a question about a day before the change still reads
        "girlfriend"."""
        d = rec.data
        name = fold(str(d["object"]))
        said = _RELATION_SAID.match(rec.text)  # ("The user's fiancé is Tariq": his word)
        new_word = said["word"] if said else relation_word(str(d["predicate"])) or ""
        for old in moved_on:
            old_word = relation_word(str(old.data["predicate"]))
            if not old_word or not new_word:
                continue
            label = f"The user's {old_word} "
            for fact in held:
                if fact.id in (rec.id, old.id) or not fact.text.startswith(label) or \
                        fold(str(fact.data.get("subject"))) != name:
                    continue
                self.end(fact, rec, retract=False)
                text = f"The user's {new_word} {fact.text[len(label):]}"
                data = {**fact.data, "text": text, "valid_from": rec.occurred_at,
                        "valid_to": None, "retracted_at": None, "superseded_by": None,
                        "recorded_at": rec.data.get("recorded_at", rec.occurred_at),
                        "source_turn_ids": [*fact.data.get("source_turn_ids", []),
                                            *d.get("source_turn_ids", [])],
                        "relabelled_from": fact.id}
                self.add_version(fact, data, text, occurred_at=rec.occurred_at)

    def rename(self, rec: Record, wrong: str, held: Sequence[Record]) -> None:
        """A relative's name put right ("Hatte ich dir Brandt geschrieben? Er heißt
        Brandl"): what was said of them under the wrong name ("The user's teacher Brandt
        (people): unterrichtet an der Musikschule") is said under the right one. The old
        version never held (retracted); the new one holds from when it was said."""
        right = str(rec.data.get("object") or "")
        if not right or fold(right) == fold(wrong):
            return
        for fact in held:
            if fact.id == rec.id or fold(str(fact.data.get("subject"))) != fold(wrong) or \
                    fact.status != Status.ACTIVE:
                continue
            self.end(fact, rec, retract=True)
            text = corrections.with_name(fact.text, wrong, right)
            data = {**fact.data, "text": text, "subject": right, "retracted_at": None,
                    "superseded_by": None, "renamed_from": fact.id,
                    "source_turn_ids": [*fact.data.get("source_turn_ids", []),
                                        *rec.data.get("source_turn_ids", [])]}
            self.add_version(fact, data, text, occurred_at=fact.occurred_at)

    def add_version(self, of: Record, data: dict[str, Any], text: str, *,
                    occurred_at: float) -> None:
        """A new active version of the fact ``of`` (relabelled, renamed), with its own data
        and sentence, in the same conversation."""
        version = new_record(uuid.uuid4().hex, Kind.FACT, self.user_id, self.kernel.now(),
                             data, text=text, layer=1, occurred_at=occurred_at,
                             agent_id=of.agent_id, status=Status.ACTIVE)
        version.conversation_id = of.conversation_id
        self.working.append(version)
        self.touched[version.id] = version

    def retract_topic(self, rec: Record) -> None:
        """Apply "forget what I said about X" and keep the instruction as ``discarded``."""
        people = [str(e.data["name"]) for e in self.entities.records.values()]
        people += [str(f.data.get("object")) for f in self.working
                   if str(f.data.get("predicate", "")).startswith("has_")]
        held = self.active(rec.occurred_at)
        topic, relatives = retraction.with_names(str(rec.data["retracts"]),
                                                 str(rec.data.get("language") or "en"), held)
        people += relatives
        said = retraction.topic_of(topic)
        # "算了，当我没说过" has no topic of its own: it takes nothing back
        whole = str(rec.data.get("evidence") or rec.data.get("source_text") or "")
        targets = retraction.retraction_targets(
            topic, held, people, everything=retraction.asks_for_everything(whole)) \
            if content_words([said]) else []
        pool = retraction.meaning_candidates(topic, held, people) \
            if not targets and content_words([said]) else []
        if pool:  # "Omar's debts" means the debts, not all that was said of Omar
            targets = retraction.meant(self.kernel.embedder, topic, pool, people)
        for ex in targets:
            self.end(ex, rec, retract=True)
        self.restore_replaced_by(targets)
        rec.data["applied_to"] = [t.id for t in targets]
        rec.status = Status.DISCARDED
        self.touch(rec)

    def restore_replaced_by(self, retracted: Sequence[Record]) -> None:
        """A retracted statement never held, so what it had replaced holds again: "I'm
        vegetarian" comes back when the user takes back the "ab und zu esse ich Fisch" that
        had superseded it; so does what was kept as a weaker variant of it ("住金凤区" beside
        the "小区要拆迁" taken back)."""
        ids = {r.id for r in retracted}
        if not ids:
            return
        found = {r.id: r for r in self.store.find(Query(
            user_id=self.user_id, kinds=[Kind.FACT],
            statuses=[Status.SUPERSEDED, Status.VARIANT]))}
        found.update((r.id, r) for r in self.touched.values() if r.kind == Kind.FACT)
        working = {r.id for r in self.working}  # (this pass's own changes come first)
        for old in found.values():
            if old.status == Status.VARIANT and old.data.get("variant_of") in ids:
                old.status = Status.ACTIVE
                old.data = {**old.data, "variant_of": None}
                if old.id not in working:
                    self.working.append(old)
                self.touch(old)
                continue
            if old.status != Status.SUPERSEDED or old.data.get("superseded_by") not in ids:
                continue
            old.status = Status.ACTIVE
            old.data = {**old.data, "valid_to": None, "retracted_at": None,
                        "superseded_by": None, "restored_after": old.data["superseded_by"]}
            if old.id not in working:
                self.working.append(old)
            self.touch(old)

    def validate(self, rec: Record) -> None:
        if rec.data.get("retracts"):
            self.retract_topic(rec)
            return
        self.resolve_entities(rec)
        own = self.lifecycle(rec)
        cand = candidate_of(rec)
        ts = rec.occurred_at
        status, keep, conf = Status.ACTIVE, True, cand.confidence
        if own is not None:
            rec.status = own
            rec.data["confidence"] = conf
            self.working.append(rec)
            self.touch(rec)
            return
        new_turns = frozenset(rec.data.get("source_turn_ids", []))
        for ex in [f for f in self.working if f.status == Status.ACTIVE]:
            existing = _existing(ex, ts, self.rate, self.variants_of(ex), new_turns)
            relation = relate(existing, cand)
            if relation is Relation.UNRELATED:
                continue
            if relation is Relation.CONFLICT and cand.slot and cand.is_correction and \
                    not is_single_valued(cand.predicate) and \
                    existing.predicate == cand.predicate and \
                    (rec.data.get("corrects") or cand.slot == "event"):
                continue  # a correction ends what it names (lifecycle), not every event
            if relation is Relation.CONFLICT and cand.is_correction and \
                    (wrong := rec.data.get("corrects")) not in (None, "", RESTATED, LAST_DATED) \
                    and not corrections.correction_targets(str(wrong), rec, [ex]):
                continue  # "lo del almuerzo te lo dije mal, no fue en ilobasco, fue en
                # cojutepeque": it puts the lunch right, not the home it never named
            if relation is Relation.CONFLICT and (workplaces.same_workplace(ex, rec) or
                                                  workplaces.names_no_other_workplace(ex, rec)
                                                  or homes.names_no_other_home(ex, rec)):
                continue  # "Im Werk hab ich jetzt Frühschicht": the job held, said again;
                # "It's for the girls from the finance office": no other job; "der neue
                # Vermieter wohnt gleich unten": no other home
            decision = resolve(existing, replace(cand, confidence=conf),
                               max_variants=self.max_variants)
            if decision.needs_clarification:
                ex.data = {**ex.data, "needs_clarification": True}
                rec.data["needs_clarification"] = True
                self.report.needs_clarification.append(ex.id)
                self.touch(ex)
            for action in decision.actions:
                status, keep, conf = self.apply(action, ex, rec, cand, existing,
                                                (status, keep, conf))
                if decision.strategy is not None:
                    rec.data["resolution"] = f"{decision.strategy.value}: {action.reason}"
        rec.data["confidence"] = round(max(conf, 0.0), 6)
        if not keep:
            if rec.status not in (Status.MERGED, Status.DISCARDED):
                rec.status = Status.DISCARDED
        else:
            rec.status = status
            if status == Status.ACTIVE:
                self.report.validated.append(rec.id)
            self.working.append(rec)
        self.touch(rec)

    def apply(self, action: object, ex: Record, rec: Record, cand: FactCandidate,
              existing: ExistingFact, state: tuple[Status, bool, float],
              ) -> tuple[Status, bool, float]:
        from lucidmem.facts.contradictions import Action

        assert isinstance(action, Action)
        status, keep, conf = state
        ts, kind = rec.occurred_at, action.kind
        if kind is ActionKind.REINFORCE_EXISTING:
            d = ex.data
            privacy = d["privacy"] if d.get("privacy_overridden") else stricter(
                PrivacyLevel(d["privacy"]), cand.privacy).value
            ex.data = {**d, "confidence": reinforce(existing.confidence, conf),
                       "last_reinforced": max(float(d["last_reinforced"]), ts),
                       "reinforcement_count": int(d.get("reinforcement_count", 1)) + 1,
                       "source_turn_ids": [*d.get("source_turn_ids", []),
                                           *rec.data["source_turn_ids"]],
                       "privacy": privacy}
            rec.status = Status.MERGED
            rec.data["merged_into"] = ex.id
            self.report.reinforced += 1
            self.touch(ex)
            return status, False, conf
        if kind in (ActionKind.SUPERSEDE_EXISTING, ActionKind.RETRACT_EXISTING):
            d = ex.data
            update = {"retracted_at": ts, "superseded_by": rec.id}
            if kind is ActionKind.SUPERSEDE_EXISTING:
                at = ts if action.at is None else action.at.timestamp()
                end = d.get("valid_to")
                at = max(at, float(d["valid_from"]))
                update["valid_to"] = at if end is None else min(at, float(end))
                ex.status = Status.SUPERSEDED
                self.report.superseded += 1
                self.shift(ex, rec, ts)
                for variant in self.variants_of(ex):
                    # the values it could not be told apart from end with it: "Winterthur is
                    # so quiet" kept beside "I live on the balcony side" is no home after a move
                    self.end(variant, rec, retract=False, at=at)
                self.end_what_names(ex, rec, at)
            else:
                ex.status = Status.RETRACTED
                self.report.retracted += 1
                if cand.valid_from is None:  # the corrected value held all along
                    rec.data["valid_from"] = min(float(rec.data["valid_from"]),
                                                 float(d["valid_from"]))
            ex.data = {**d, **update}
            self.touch(ex)
            return status, keep, conf
        if kind is ActionKind.FLAG_EXCEPTION:
            rec.data["exception_of"] = ex.id
            self.report.exceptions += 1
            return Status.EXCEPTION, keep, conf
        if kind is ActionKind.KEEP_AS_VARIANT:
            rec.data["variant_of"] = ex.id
            self.report.variants += 1
            return Status.VARIANT, keep, conf
        if kind is ActionKind.REPLACE_WEAKEST_VARIANT:
            variants = self.variants_of(ex)
            if action.variant_index is not None and action.variant_index < len(variants):
                weak = variants[action.variant_index]
                weak.status = Status.ARCHIVED
                weak.data = {**weak.data, "replaced_by": rec.id, "retracted_at": ts}
                self.touch(weak)
            rec.data["variant_of"] = ex.id
            self.report.variants += 1
            return Status.VARIANT, keep, conf
        if kind is ActionKind.DISCARD_NEW:
            self.report.discarded += 1
            return status, False, conf
        if kind is ActionKind.REDUCE_CONFIDENCE:
            if action.target == "existing":
                ex.data = {**ex.data, "confidence": max(0.0, current_confidence(
                    ex, ts, self.rate) - action.amount), "last_reinforced": max(
                    float(ex.data["last_reinforced"]), ts)}
                self.touch(ex)
                return status, keep, conf
            return status, keep, max(0.0, conf - action.amount)
        return status, keep, conf  # STORE_NEW, STORE_CONTEXT_QUALIFIED

    def shift(self, old: Record, new: Record, ts: float) -> None:
        o, n = old.data, new.data
        self.extra.append(new_record(
            uuid.uuid4().hex, Kind.PREFERENCE_SHIFT, self.user_id, self.kernel.now(),
            {"subject": n["subject"], "from_fact": old.id, "to_fact": new.id,
             "from": {k: o[k] for k in ("predicate", "object", "negated", "context")},
             "to": {k: n[k] for k in ("predicate", "object", "negated", "context")},
             "at": ts, "reason": "change" if n.get("is_change") else "reconsolidation"},
            text=f"{o['subject']} {o['predicate']}", layer=1, occurred_at=ts,
        ))

    # -- writing ---------------------------------------------------------------------------------
    def finish(self) -> None:
        now = self.kernel.now()
        relation_of = self.entities.relation_of()
        to_embed: list[Record] = []
        for rec in self.touched.values():
            d = rec.data
            owner = str(d.get("owner") or "The user")
            text = d.get("text") or fact_sentence(
                d["subject"], d["predicate"], d["object"], negated=bool(d.get("negated")),
                context=d.get("context"), owner=owner, relation_of=relation_of)
            secret = d.get("privacy") == PrivacyLevel.SECRET.value
            rec.searchable = is_searchable(rec.status, d.get("privacy", ""))
            if secret or rec.status in (Status.MERGED, Status.DISCARDED, Status.STAGED):
                rec.embedding = None
            elif rec.id in self.vectors:  # the clause it was read from: same meaning
                rec.embedding = self.vectors.pop(rec.id)
            elif text != rec.text or rec.embedding is None:
                to_embed.append(rec)
            rec.text = text
            conf = current_confidence(rec, now, self.rate)
            rec.data["metadata"] = {
                **d.get("source_metadata", {}), "confidence": round(conf, 4),
                "band": confidence_band(conf).value, "privacy": d.get("privacy"),
                "fact_status": rec.status, "source_turn_ids": d.get("source_turn_ids", []),
                "subject": d["subject"], "predicate": d["predicate"], "object": d["object"],
            }
        if to_embed:
            vectors = self.kernel.embedder.embed_passages([r.text for r in to_embed])
            for rec, vector in zip(to_embed, vectors, strict=True):
                rec.embedding = vector
        records = [*self.touched.values(), *self.extra, *self.relations(),
                   *self.entities.pending()]
        with self.store.transaction():
            self.kernel.write(self.context, self.user_id, records)

    def relations(self) -> list[Record]:
        """Graph edges mirrored from facts that link two entities (or the user and one)."""
        out = []
        for rec in self.touched.values():
            d = rec.data
            if rec.status in (Status.STAGED, Status.MERGED, Status.DISCARDED):
                continue
            source, target = fold(d["subject"]), fold(d["object"])
            known = self.entities.by_key
            if not ((source == USER_SUBJECT or source in known) and target in known):
                continue
            # mirrors the fact's own times and status, so not a new_record
            out.append(Record(
                id=f"rel-{rec.id}", kind=Kind.RELATION, user_id=self.user_id, layer=1,
                status=rec.status, searchable=False, occurred_at=rec.occurred_at,
                created_at=rec.created_at, updated_at=rec.updated_at,
                text=f"{d['subject']} {d['predicate']} {d['object']}",
                data={"source": d["subject"], "target": d["object"],
                      "predicate": d["predicate"], "fact_id": rec.id,
                      "negated": bool(d.get("negated")),
                      **{k: d.get(k) for k in ("valid_from", "valid_to", "recorded_at",
                                               "retracted_at")}},
            ))
        return out


def _about_someone(rec: Record) -> bool:
    """Whether a fact says something about a person, not who they are to the user ("Griet
    werkt in het Jessa", read as a fact of the kind "people"): a correction that says only
    the right value, its wrong one set aside before it (:data:`CARRIED_WRONG_VALUE`: "ze zit
    in het ZOL"), puts its place right by name, as it does the user's own. A correction that
    says a statement of its own ("Jonas wohnt in Bremerhaven, nicht in Bremen" after "Jonas
    kommt aus Bremen zu Besuch") stands as said."""
    subject = str(rec.data.get("subject") or "")
    return rec.data.get("predicate") == "about_person" and subject not in ("", USER_SUBJECT)


def _said_of(d: dict[str, Any], old: Record) -> None:
    """Make the correction's fact data ``d`` a fact about whom ``old`` is about: its subject,
    and its sentence opened with the words that name them in ``old`` ("The user (job): è
    fisioterapista" → "The user's girlfriend (job): è fisioterapista")."""
    subject = str(old.data.get("subject"))
    if subject.startswith(f"{USER_SUBJECT}'s "):
        phrase = f"The {subject}"
    else:
        at = old.text.find(subject)
        phrase = old.text[:at + len(subject)] if at >= 0 else subject
    text = str(d.get("text") or "")
    if text.startswith("The user ") or text.startswith("The user("):
        d["text"] = phrase + text[len("The user"):]
    d["subject"] = subject


def _put_right(d: dict[str, Any], old: Record, wrong: str, right: str, *,
               keep_dates: bool) -> None:
    """Make the correction's fact data ``d`` the ``old`` fact with ``right`` for ``wrong``:
    its sentence, whom it is about, its kind and, when the correction names no date of its
    own, its dates ("Sorry, nicht Malmö, Lund" puts right where Hanna lives: hers it stays)."""
    o = old.data
    d["text"] = corrections.with_name(old.text, wrong, right)
    d["object"] = corrections.with_name(str(o.get("object") or ""), wrong, right) or d["object"]
    for key in ("subject", "slot", "predicate", "category", "subcategory"):
        d[key] = o.get(key)
    if keep_dates:
        for key in ("stated_from", "valid_from", "valid_to", "temporal_text"):
            d[key] = o.get(key)
    d["evidence"] = f"{o.get('evidence')} / {d.get('evidence')}"


def facts_lock_key(user_id: str) -> str:
    """The :meth:`Store.lock` key held by whoever reads a user's facts to decide and write
    them back (a validation pass, archiving): one at a time per user, in every process
    (``|`` cannot occur in a user id)."""
    return f"facts|{user_id}"


def validate_staged(kernel: Kernel, user_id: str, context: str | None = None,
                    vectors: dict[str, Any] | None = None) -> ValidationReport:
    """Validate every staged fact of ``user_id`` (oldest first); see the module docstring.
    ``vectors`` (staged id → clause embedding, from staging) spare embedding a fact whose
    text is still the one written from its clause.

    One pass per user at a time, in every process, and it reads what it decides from (the
    staged facts, the held ones, the entities) inside its own transaction, after taking
    the user's :func:`facts_lock_key`: many callers start passes (each process's extraction
    worker, the resume step of a process that finds staged facts — it cannot tell a kill
    from a pass under way elsewhere —, the sleep cycle, ``memory.facts.validate``). A pass
    that read the staged facts before another pass committed and the held ones after
    validated them again: a restatement reinforced its fact twice, a new fact met itself
    among the held ones and was merged into itself. The pass that comes second now finds
    nothing staged."""
    ctx = kernel.context_name(context)
    store = kernel.store(ctx)
    query = Query(user_id=user_id, kinds=[Kind.FACT], statuses=[Status.STAGED])
    if not store.count(query):  # no write transaction for nothing to do
        return ValidationReport()
    with store.transaction():
        store.lock(facts_lock_key(user_id))
        staged = store.find(query)
        if not staged:  # validated by another pass meanwhile
            return ValidationReport()
        staged.sort(key=lambda r: (r.occurred_at, r.created_at, int(r.data.get("seq", 0))))
        run = _Pass(kernel, user_id, ctx)
        run.vectors = dict(vectors or {})
        run.staged_text = {r.id: r.text for r in staged}
        for rec in staged:
            run.validate(rec)
        run.finish()
    return ValidationReport(**asdict(run.report))


def archive_low_confidence(kernel: Kernel, user_id: str, context: str | None = None,
                           *, threshold: float = 0.3) -> list[str]:
    """Archive active facts whose decayed confidence fell below ``threshold`` (the seed's
    pruning band). Their belief interval closes now; nothing is deleted. Returns their ids.

    Read and written under the user's :func:`facts_lock_key`, like a validation pass: a
    fact reinforced meanwhile is not archived from what it was before, and a pass does not
    write back as held a fact archived under it."""
    ctx = kernel.context_name(context)
    store = kernel.store(ctx)
    now = kernel.now()
    rate = kernel.settings.facts.decay_base_rate
    with store.transaction():
        store.lock(facts_lock_key(user_id))
        low = [r for r in store.find(Query(user_id=user_id, kinds=[Kind.FACT],
                                           statuses=[Status.ACTIVE]))
               if current_confidence(r, now, rate) < threshold]
        for rec in low:
            rec.status = Status.ARCHIVED
            rec.searchable = False
            rec.updated_at = now
            rec.version += 1
            rec.data = {**rec.data, "retracted_at": now, "archived_at": now,
                        "metadata": {**rec.data.get("metadata", {}),
                                     "fact_status": Status.ARCHIVED}}
        kernel.write(ctx, user_id, low)
    return [r.id for r in low]

