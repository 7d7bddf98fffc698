"""``memory.skills``: learning how each user wants to be answered (M12-M17, M25 opt-in).

The loop::

    memory.skills.enable(user_id="maya")
    sel = memory.skills.select("How do I fix this SQL query?", user_id="maya")
    prompt = sel.skill.template + "\\n\\n" + ...               # reply with the skill applied
    memory.skills.log_turn(sel.id, "...", user_id="maya")     # optional trajectory text
    memory.skills.feedback(sel.id, user_id="maya", reward=1)  # thumbs up

The skill library per user: base skills (immutable) plus the user's own. User-created
skills are ``skill`` records (layer 2). When a user's library would exceed
``settings.behaviour.max_skills_per_user``, the weakest skills are archived with the
seed's eviction query (confidence ascending, base skills weighted x 1.5, then least
recently used); the default skill and the skill just created are never evicted. An
archived own skill keeps its record (status ``archived``); an archived base skill is
listed in the user's ``behaviour_settings``. Neither is selected for that user again.
"""

from __future__ import annotations

import builtins
import threading
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from lucidmem.behaviour.dimensions import (
    DIMENSIONS,
    dimensions_from_mapping,
    validate_dimensions,
)
from lucidmem.behaviour.engine import (
    BehaviourEngine,
    Chosen,
    Writer,
    forget_contribution,
    shared_encoders,
)
from lucidmem.behaviour.feedback_classifier import FeedbackClassification
from lucidmem.behaviour.formulas import EvictionCandidate, eviction_order, exploration_rate
from lucidmem.behaviour.jobs import SkillMaintenance
from lucidmem.behaviour.models import (
    ArmView,
    BehaviourProfile,
    FeedbackResult,
    PreferenceView,
    SkillInfo,
    SkillSelection,
    SkillStatsView,
    TrajectoryView,
)
from lucidmem.behaviour.records import (
    LEARNED_KINDS,
    SkillStats,
    UserBehaviour,
    settings_id,
    skill_from_record,
    skill_record_id,
    skill_to_data,
    stats_id,
)
from lucidmem.behaviour.skills import Skill, TriggerContext
from lucidmem.behaviour.validation import check_message, validate_feedback
from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.kernel import Kernel
from lucidmem.observability.logs import log_metric
from lucidmem.records import Kind, Record, Status, new_record
from lucidmem.scheduler.core import Job, JobContext
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Store

__all__ = ["OFF_PREFIX", "Skills"]

OFF_PREFIX = "off-"
"""Prefix of the id of a selection made while learning is off (``off-<user_id>``): such a
selection is not stored; feedback on it answers ``learning_disabled``."""

_TRIGGER_KEYS = ("intents", "sentiments", "times_of_day", "topics")


def _dimensions(values: Sequence[float] | Mapping[str, float]) -> tuple[float, ...]:
    if isinstance(values, Mapping):
        return dimensions_from_mapping(values)
    return validate_dimensions(values)


def _trigger(raw: Mapping[str, Sequence[str]] | None) -> TriggerContext:
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise InvalidInputError("trigger must be a mapping of intents, sentiments, "
                                "times_of_day and topics", field="trigger")
    unknown = sorted(set(raw) - set(_TRIGGER_KEYS))
    if unknown:
        raise InvalidInputError(f"unknown trigger key(s) {', '.join(unknown)}; allowed: "
                                f"{', '.join(_TRIGGER_KEYS)}", field="trigger")
    return TriggerContext(*(tuple(raw.get(k) or ()) for k in _TRIGGER_KEYS))


def _explain(chosen: Chosen) -> str:
    c = next(x for x in chosen.candidates if x.skill_id == chosen.skill.id)
    ctx = chosen.context
    where = f"{ctx.intent}/{ctx.sentiment}/{ctx.time_of_day} (bucket {ctx.bucket})"
    if chosen.fallback:
        return (f"{chosen.skill.id}: no skill's trigger reached 0.5 for {where}; "
                "using the default skill")
    if chosen.explanation is not None:  # the learner presets explain themselves
        return f"{chosen.explanation}; context {where}"
    if chosen.strategy == "seed":
        learned = f"Beta({c.alpha:g},{c.beta:g}) draw {c.sampled:.2f}"
    else:
        term = "draw" if chosen.explored else "mean"
        value = c.sampled if chosen.explored else c.posterior_mean
        learned = f"Beta({c.alpha:g},{c.beta:g}) {term} {value:.2f}"
    score = (f"trigger {c.trigger:.2f} (weight {chosen.trigger_weight:.2f}), {learned}, "
             f"preference alignment {c.alignment:.2f} -> {c.final:.3f}")
    if chosen.explored:
        return (f"{chosen.skill.id}: exploring (ε={chosen.epsilon:.3f}) instead of "
                f"{chosen.best_id} for {where}; {score}")
    return (f"{chosen.skill.id}: best of {len(chosen.candidates)} candidate(s) for {where}; "
            f"{score}")


def _trajectory_view(record: Record) -> TrajectoryView:
    d = record.data
    return TrajectoryView(id=record.id, occurred_at=from_epoch(record.occurred_at),
                          input=record.text, skill_id=d["skill_id"],
                          explored=bool(d.get("explored")), response=d.get("response"),
                          reward=d.get("reward"), status=record.status)


class Skills:
    """Skill selection, feedback, opt-in, the skill library and what was learned.

    Contract:

    * **Opt-in (M25).** Learning is off for a user until :meth:`enable`. While it is off,
      :meth:`select` returns the default skill (``balanced_answer``) under the id
      ``off-<user_id>`` with ``learning_enabled=False``, without embedding the message or
      writing anything; :meth:`feedback` validates its arguments and answers
      ``status="learning_disabled"`` for that id or a stored selection of the user, and
      changes nothing; :meth:`log_turn` raises :class:`~lucidmem.errors.NotFoundError`
      (nothing is recorded while learning is off). Disabling keeps what was learned;
      enabling again resumes from it; :meth:`reset` forgets it.
    * **Ids.** ``user_id`` is keyword-only everywhere; an unknown selection id, or another
      user's, raises :class:`~lucidmem.errors.NotFoundError` and changes nothing.
    * **Writes** go through :meth:`Kernel.write <lucidmem.kernel.Kernel.write>`: the
      opt-in switch and own-skill edits with audit rows, everything learned (stats, arms,
      preferences, trajectories, feedback events) without (they change on every event).
    * **Results** are frozen pydantic models with aware datetimes; bad input raises
      :class:`~lucidmem.errors.InvalidInputError` before anything is written.
    * **Jobs** (:meth:`jobs`): feedback classification, trajectory retention and the
      arms' batch refresh, also runnable on demand through :attr:`maintenance`.
    """

    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel
        self._engine: BehaviourEngine | None = None
        """Built on first use (its encoders embed prototype phrases; shared per process)."""
        self._engine_lock = threading.Lock()
        self.maintenance = SkillMaintenance(kernel)
        """The background jobs' work, runnable on demand (``lucidmem behaviour-jobs``)."""

    # -- plumbing ---------------------------------------------------------------------------
    def _behaviour(self) -> BehaviourEngine:
        with self._engine_lock:
            if self._engine is None:
                cfg = self._kernel.settings.behaviour
                self._engine = BehaviourEngine(
                    shared_encoders(self._kernel.embedder), seed=cfg.seed,
                    strategy=cfg.selection, trigger_half=cfg.trigger_evidence_half)
            return self._engine

    def _writer(self, context: str | None, user_id: str) -> Writer:
        """Writes learned records of one user without audit rows."""

        def write(records: Sequence[Record]) -> None:
            self._kernel.write(context, user_id, records, audit=False)

        return write

    def _text(self, value: object, field: str) -> str:
        return check_message(value, self._kernel.settings.max_message_chars, field)

    def _settings(self, store: Store, user_id: str) -> tuple[UserBehaviour, Record | None]:
        found = store.get(user_id, [settings_id(user_id)])
        prior = found[0] if found else None
        return UserBehaviour.from_record(prior), prior

    # -- opt-in -----------------------------------------------------------------------------
    def _set_enabled(self, user_id: str, enabled: bool, context: str | None) -> bool:
        validate_id(user_id)
        store = self._kernel.store(context)
        now = self._kernel.now()
        with store.transaction():
            state, prior = self._settings(store, user_id)
            if state.enabled != enabled or prior is None:
                state.enabled = enabled
                state.enabled_at = now if enabled else state.enabled_at
                record = new_record(settings_id(user_id), Kind.BEHAVIOUR_SETTINGS, user_id,
                                    now, state.data(), layer=2, prior=prior)
                self._kernel.write(context, user_id, [record])  # audited: a consent change
        return enabled

    def enable(self, *, user_id: str, context: str | None = None) -> bool:
        """Opt the user in: selections are learned from from now on. Returns True."""
        return self._set_enabled(user_id, True, context)

    def disable(self, *, user_id: str, context: str | None = None) -> bool:
        """Opt the user out; what was learned is kept (see :meth:`reset`). Returns False."""
        return self._set_enabled(user_id, False, context)

    def enabled(self, *, user_id: str, context: str | None = None) -> bool:
        """Whether the user has opted in."""
        validate_id(user_id)
        return self._settings(self._kernel.store(context), user_id)[0].enabled

    # -- selection and feedback -------------------------------------------------------------
    def select(self, message: str, *, user_id: str, context: str | None = None,
               when: datetime | None = None) -> SkillSelection:
        """Choose the skill (prompt template + style) for replying to ``message``.

        ``when`` is the user's local time (time of day is part of the context); by default
        the memory's clock in the system time zone. The selection is stored as a
        trajectory step whose id :meth:`feedback` and :meth:`log_turn` take.
        """
        started = time.perf_counter()
        validate_id(user_id)
        message = self._text(message, "message")
        engine = self._behaviour()
        store = self._kernel.store(context)
        behaviour, _, skill_records = engine.user_state(store, user_id)
        if not behaviour.enabled:
            default = engine.default
            return SkillSelection(
                id=OFF_PREFIX + user_id, user_id=user_id, skill=SkillInfo.of(default),
                learning_enabled=False, elapsed_ms=(time.perf_counter() - started) * 1000,
                explanation=f"{default.id}: behaviour learning is off for this user "
                            "(skills.enable); using the default skill")
        now = self._kernel.now()
        moment = when if when is not None else from_epoch(now).astimezone()
        chosen = engine.select(store, self._writer(context, user_id), user_id, message,
                               moment, now, behaviour, skill_records)
        elapsed = (time.perf_counter() - started) * 1000
        selected = next(c for c in chosen.candidates if c.skill_id == chosen.skill.id)
        log_metric("behavioral_memory_selection", "Skill selected",
                   user_id=user_id, skill_id=chosen.skill.id, skill_name=chosen.skill.name,
                   confidence_score=selected.confidence,
                   preference_alignment=selected.alignment, selection_time_ms=elapsed,
                   context_extraction_time_ms=chosen.context_ms,
                   total_candidates=len(chosen.candidates), exploration_mode=chosen.explored)
        return SkillSelection(
            id=chosen.selection_id, user_id=user_id, skill=SkillInfo.of(chosen.skill),
            candidates=chosen.candidates, explored=chosen.explored, learning_enabled=True,
            exploration_rate=chosen.epsilon, context=chosen.context, elapsed_ms=elapsed,
            context_ms=chosen.context_ms, strategy=chosen.strategy,
            trigger_weight=chosen.trigger_weight, explanation=_explain(chosen))

    def _stored_selection(self, store: Store, user_id: str, selection_id: str) -> Record | None:
        found = store.get(user_id, [selection_id])
        return found[0] if found and found[0].kind == Kind.TRAJECTORY else None

    def feedback(self, selection_id: str, *, user_id: str, reward: int,
                 reason: str | None = None, free_text: str | None = None,
                 context: str | None = None) -> FeedbackResult:
        """Thumbs up (1), neutral (0) or down (-1) on a selection, applied immediately.

        Updates the skill's confidence (EMA) and counters, the Beta(α, β) of (user,
        context bucket, skill) and the bucket's preference vector (plus the adjustment of
        ``reason``: too_verbose, too_brief, wrong_tone, not_helpful, incorrect_info), and
        stores the event. ``free_text`` (≤ 300 characters, any language) is classified by
        the nightly job (:meth:`SkillMaintenance.classify_feedback
        <lucidmem.behaviour.jobs.SkillMaintenance.classify_feedback>`). Arguments are
        checked by :func:`~lucidmem.behaviour.validation.validate_feedback`.
        """
        started = time.perf_counter()
        validate_id(user_id)
        validate_id(selection_id, "selection_id")
        checked = validate_feedback(reward, reason, free_text)
        store = self._kernel.store(context)
        if not self.enabled(user_id=user_id, context=context):
            if (selection_id != OFF_PREFIX + user_id
                    and self._stored_selection(store, user_id, selection_id) is None):
                raise NotFoundError(f"no selection {selection_id!r} for user {user_id!r} "
                                    "in this context")
            return FeedbackResult(status="learning_disabled", selection_id=selection_id,
                                  reward=checked.reward, skill_updated=False,
                                  elapsed_ms=(time.perf_counter() - started) * 1000)
        out = self._behaviour().feedback(
            store, self._writer(context, user_id), user_id, selection_id, checked.reward,
            checked.reason, checked.free_text, self._kernel.now())
        elapsed = (time.perf_counter() - started) * 1000
        st = out.skill
        uses = max(st.uses, 1)
        log_metric("behavioral_memory_feedback", "Skill feedback received",
                   user_id=user_id, skill_id=st.skill_id, skill_name=out.skill_name,
                   reward=checked.reward, reason=checked.reason,
                   old_confidence=out.old_confidence, new_confidence=st.confidence,
                   confidence_delta=st.confidence - out.old_confidence, total_usage=st.uses,
                   positive_rate=st.positives / uses, negative_rate=st.negatives / uses,
                   has_free_text=bool(checked.free_text), feedback_time_ms=elapsed)
        return FeedbackResult(
            status="recorded", selection_id=selection_id, skill_id=st.skill_id,
            reward=checked.reward, skill_updated=checked.reward != 0,
            old_confidence=out.old_confidence, new_confidence=st.confidence,
            alpha=out.arm.alpha, beta=out.arm.beta, bucket=out.arm.bucket,
            preference_shift=out.preference_shift, event_id=out.event_id, elapsed_ms=elapsed)

    def classify_feedback(self, text: str) -> FeedbackClassification:
        """Category scores and labels of a free-text feedback (any language, ≤ 300 chars)."""
        return self._behaviour().shared.feedback.classify(text)

    def log_turn(self, selection_id: str, response: str, *, user_id: str,
                 context: str | None = None) -> TrajectoryView:
        """Attach the assistant's reply to the trajectory step of a selection.

        Raises NotFoundError for an unknown or foreign selection id, and while learning is
        off for the user (nothing is recorded then, see the class contract).
        """
        validate_id(user_id)
        validate_id(selection_id, "selection_id")
        response = self._text(response, "response")
        if not self.enabled(user_id=user_id, context=context):
            raise NotFoundError(
                f"behaviour learning is off for user {user_id!r}: no selection is recorded, "
                f"so there is none ({selection_id!r}) to attach a reply to")
        store = self._kernel.store(context)
        with store.transaction():
            record = self._stored_selection(store, user_id, selection_id)
            if record is None:
                raise NotFoundError(f"no selection {selection_id!r} for user {user_id!r}")
            record.data = {**record.data, "response": response}
            record.updated_at = self._kernel.now()
            self._kernel.write(context, user_id, [record], audit=False)
        return _trajectory_view(record)

    def trajectories(self, *, user_id: str, limit: int = 50, include_archived: bool = False,
                     context: str | None = None) -> builtins.list[TrajectoryView]:
        """The user's most recent trajectory steps, newest first."""
        validate_id(user_id)
        statuses = None if include_archived else [Status.ACTIVE]
        records = self._kernel.store(context).find(Query(
            user_id=user_id, kinds=[Kind.TRAJECTORY], statuses=statuses, descending=True,
            limit=max(1, min(limit, 10_000))))
        return [_trajectory_view(r) for r in records]

    # -- what was learned -------------------------------------------------------------------
    def profile(self, *, user_id: str, context: str | None = None) -> BehaviourProfile:
        """Everything learned about the user: confidences, Beta arms, preferences, counts."""
        validate_id(user_id)
        store = self._kernel.store(context)
        engine = self._behaviour()
        behaviour, _, own = engine.user_state(store, user_id)
        learned = store.find(Query(user_id=user_id, kinds=[
            Kind.SKILL_STATS, Kind.BANDIT_ARM, Kind.PREFERENCE_VECTOR]))
        archived = set(behaviour.archived_base)
        stats = [SkillStatsView(
            skill_id=r.data["skill_id"], confidence=r.data["confidence"], uses=r.data["uses"],
            positives=r.data["positives"], negatives=r.data["negatives"],
            last_used_at=from_epoch(float(r.data["last_used_at"])),
            archived=r.data["skill_id"] in archived)
            for r in learned if r.kind == Kind.SKILL_STATS]
        arms = [ArmView(bucket=r.data["bucket"], skill_id=r.data["skill_id"],
                        alpha=r.data["alpha"], beta=r.data["beta"],
                        mean=r.data["alpha"] / (r.data["alpha"] + r.data["beta"]))
                for r in learned if r.kind == Kind.BANDIT_ARM]
        prefs = [PreferenceView(bucket=r.data["bucket"], context=r.data.get("context"),
                                dimensions=dict(zip(DIMENSIONS, r.data["dimensions"],
                                                    strict=True)))
                 for r in learned if r.kind == Kind.PREFERENCE_VECTOR]
        return BehaviourProfile(
            user_id=user_id, enabled=behaviour.enabled, feedback_count=behaviour.feedback_count,
            exploration_rate=exploration_rate(behaviour.feedback_count),
            skills=sorted(stats, key=lambda s: -s.confidence),
            user_skills=[SkillInfo.of(skill_from_record(r), r.status) for r in own],
            arms=sorted(arms, key=lambda a: (a.bucket, -a.mean)),
            preferences=sorted(prefs, key=lambda p: p.bucket),
            trajectories=store.count(Query(user_id=user_id, kinds=[Kind.TRAJECTORY])),
            feedback_events=store.count(Query(user_id=user_id, kinds=[Kind.FEEDBACK_EVENT])))

    def reset(self, *, user_id: str, context: str | None = None) -> int:
        """Forget what was learned (stats, arms, preferences, trajectories, feedback).

        The user's own skills and the opt-in choice stay; the feedback counter (and so
        ε) restarts; what the user taught the store's population prior is taken out of it.
        Returns the number of records removed.
        """
        validate_id(user_id)
        store = self._kernel.store(context)
        with store.transaction():
            forget_contribution(store, user_id)  # else it would stay in the population
            ids = [r.id for r in store.find(Query(user_id=user_id, kinds=list(LEARNED_KINDS)))]
            removed = self._kernel.remove(context, user_id, ids)
            state, prior = self._settings(store, user_id)
            if prior is not None:
                state.feedback_count, state.archived_base = 0, []
                self._kernel.write(context, user_id, [new_record(
                    prior.id, Kind.BEHAVIOUR_SETTINGS, user_id, self._kernel.now(),
                    state.data(), layer=2, prior=prior)])
        return removed

    def on_forget_user(self, context: str, store: Store, user_id: str) -> None:
        """``delete_all`` takes what the user taught out of the store's population prior too
        (a :attr:`~lucidmem.kernel.Kernel.before_forget_user` listener: inside its
        transaction; the prior is rebuilt from the other users' contributions)."""
        forget_contribution(store, user_id)

    # -- the skill library ------------------------------------------------------------------
    def _immutable(self, skill_id: str, action: str) -> None:
        if skill_id in self._behaviour().base_by_id:
            raise InvalidInputError(
                f"{skill_id!r} is a base skill and cannot be {action}; base skills are "
                "immutable. Create your own skill (skills.create) with a new id instead.",
                field="skill_id")

    def _own_skill(self, store: Store, user_id: str, skill_id: str) -> Record:
        found = store.get(user_id, [skill_record_id(user_id, skill_id)])
        if not found:
            raise NotFoundError(f"no skill {skill_id!r} for user {user_id!r}; skills.list "
                                "shows the ids that exist")
        return found[0]

    def get(self, skill_id: str, *, user_id: str, context: str | None = None) -> SkillInfo:
        """One skill by id (base or the user's own)."""
        validate_id(user_id)
        base = self._behaviour().base_by_id.get(skill_id)
        if base is not None:
            return SkillInfo.of(base)
        record = self._own_skill(self._kernel.store(context), user_id, skill_id)
        return SkillInfo.of(skill_from_record(record), record.status)

    def create(
        self, skill_id: str, *, user_id: str, name: str, template: str,
        dimensions: Sequence[float] | Mapping[str, float], description: str = "",
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> SkillInfo:
        """Add a skill of the user's own: 16 dimensions in [0, 1] (list or name → value).

        ``trigger`` maps ``intents``/``sentiments``/``times_of_day`` to labels of the
        context classifier and ``topics`` to free phrases. Under the storage cap the
        weakest other skills are archived (see the module docstring).
        """
        validate_id(user_id)
        self._immutable(skill_id, "replaced")
        skill = Skill(id=skill_id, name=name, description=description, template=template,
                      trigger=_trigger(trigger), dimensions=_dimensions(dimensions))
        store = self._kernel.store(context)
        now = self._kernel.now()
        with store.transaction():
            if store.get(user_id, [skill_record_id(user_id, skill_id)]):
                raise InvalidInputError(f"skill {skill_id!r} already exists for {user_id!r}; "
                                        "use skills.update to change it", field="skill_id")
            record = new_record(skill_record_id(user_id, skill_id), Kind.SKILL, user_id, now,
                                skill_to_data(skill), text=skill.name, layer=2)
            self._kernel.write(context, user_id, [record])
            self._evict(user_id, context, keep=skill_id)
        return SkillInfo.of(skill)

    def update(
        self, skill_id: str, *, user_id: str, name: str | None = None,
        template: str | None = None, description: str | None = None,
        dimensions: Sequence[float] | Mapping[str, float] | None = None,
        trigger: Mapping[str, Sequence[str]] | None = None, context: str | None = None,
    ) -> SkillInfo:
        """Change fields of one of the user's own skills (audited; version + 1)."""
        validate_id(user_id)
        self._immutable(skill_id, "edited")
        store = self._kernel.store(context)
        with store.transaction():
            record = self._own_skill(store, user_id, skill_id)
            old = skill_from_record(record)
            skill = Skill(
                id=skill_id, name=old.name if name is None else name,
                description=old.description if description is None else description,
                template=old.template if template is None else template,
                trigger=old.trigger if trigger is None else _trigger(trigger),
                dimensions=old.dimensions if dimensions is None else _dimensions(dimensions))
            new = new_record(record.id, Kind.SKILL, user_id, self._kernel.now(),
                             skill_to_data(skill), text=skill.name, layer=2, prior=record)
            self._kernel.write(context, user_id, [new])
        return SkillInfo.of(skill, new.status)

    def delete(self, skill_id: str, *, user_id: str, context: str | None = None) -> int:
        """Delete one of the user's own skills with its statistics and bandit arms.

        Returns how many records were removed. Past trajectories keep the skill id.
        """
        validate_id(user_id)
        self._immutable(skill_id, "deleted")
        store = self._kernel.store(context)
        with store.transaction():
            record = self._own_skill(store, user_id, skill_id)
            arms = store.find(Query(user_id=user_id, kinds=[Kind.BANDIT_ARM],
                                    data_equals={"skill_id": skill_id}))
            ids = [record.id, stats_id(user_id, skill_id), *(a.id for a in arms)]
            return self._kernel.remove(context, user_id, ids)

    def _evict(self, user_id: str, context: str | None, *, keep: str) -> builtins.list[str]:
        """Archive the weakest skills while the user's library is over the cap."""
        engine = self._behaviour()
        store = self._kernel.store(context)
        behaviour, settings_record, records = engine.user_state(store, user_id)
        active = engine.active_skills(behaviour, records)
        overflow = len(active) - self._kernel.settings.behaviour.max_skills_per_user
        if overflow <= 0:
            return []
        stats = {r.data["skill_id"]: SkillStats.from_record(r.data["skill_id"], r)
                 for r in store.find(Query(user_id=user_id, kinds=[Kind.SKILL_STATS]))}
        candidates = [
            EvictionCandidate(s.id, stats[s.id].confidence if s.id in stats else 0.5,
                              s.is_base, stats[s.id].last_used_at if s.id in stats else 0.0)
            for s in active if s.id not in (keep, engine.default.id)
        ]
        evicted = eviction_order(candidates, limit=overflow)
        now = self._kernel.now()
        by_skill = {r.data["skill_id"]: r for r in records}
        changed: builtins.list[Record] = []
        for skill_id in evicted:
            if skill_id in engine.base_by_id:
                behaviour.archived_base.append(skill_id)
            else:
                rec = by_skill[skill_id]
                rec.status, rec.updated_at, rec.version = Status.ARCHIVED, now, rec.version + 1
                changed.append(rec)
        if any(s in engine.base_by_id for s in evicted):
            changed.append(new_record(settings_id(user_id), Kind.BEHAVIOUR_SETTINGS, user_id,
                                      now, behaviour.data(), layer=2, prior=settings_record))
        self._kernel.write(context, user_id, changed, audit=False)
        return evicted

    def list(self, *, user_id: str, include_archived: bool = False,
             context: str | None = None) -> builtins.list[SkillInfo]:
        """Base skills, then the user's own (archived ones only when asked)."""
        validate_id(user_id)
        engine = self._behaviour()
        behaviour, _, records = engine.user_state(self._kernel.store(context), user_id)
        archived = set(behaviour.archived_base)
        out = [SkillInfo.of(s, Status.ARCHIVED if s.id in archived else Status.ACTIVE)
               for s in engine.base]
        out += [SkillInfo.of(skill_from_record(r), r.status)
                for r in sorted(records, key=lambda r: r.created_at)]
        return [s for s in out if include_archived or s.status == Status.ACTIVE]

    # -- jobs -------------------------------------------------------------------------------
    def jobs(self) -> builtins.list[Job]:
        """Feedback classification (nightly), trajectory retention (weekly) and the arms'
        batch refresh (daily), on the crons of ``settings.sleep``."""
        cron = self._kernel.settings.sleep
        work = self.maintenance

        def classify(ctx: JobContext) -> dict[str, Any]:
            return work.classify_feedback(now=to_epoch(ctx.now),
                                          context=ctx.context).model_dump()

        def retain(ctx: JobContext) -> dict[str, Any]:
            return work.retain_trajectories(now=to_epoch(ctx.now),
                                            context=ctx.context).model_dump()

        def batch(ctx: JobContext) -> dict[str, Any]:
            return work.refresh_arms(now=to_epoch(ctx.now), context=ctx.context).model_dump()

        return [
            Job("feedback_classification", cron.feedback_cron, classify, needs_idle=True,
                description="classify free-text feedback into preference adjustments"),
            Job("trajectory_retention", cron.weekly_cron, retain, needs_idle=True,
                description="archive unrated trajectories after 90 days, delete a year later"),
            Job("behaviour_batch", cron.behaviour_cron, batch, needs_idle=True,
                description="recompute the Beta arms from the rated trajectories"),
        ]
