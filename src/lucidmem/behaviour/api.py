"""``Memory`` methods for learning how each user wants to be answered (M12-M17, M25 opt-in).

Opt-in (M25): learning is **off** for a user until :meth:`enable_behaviour_learning`.
While it is off, :meth:`select_skill` returns the default skill (``balanced_answer``)
with ``explored=False`` and ``learning_enabled=False`` without embedding the message or
writing anything; :meth:`feedback` validates its arguments and answers
``status="learning_disabled"`` without looking the selection up or changing anything;
:meth:`log_turn` returns ``None``. Disabling keeps what was learned; enabling again
resumes from it. :meth:`reset_behaviour` forgets it.

The loop::

    memory.enable_behaviour_learning("maya")
    sel = memory.select_skill("maya", "How do I fix this SQL query?")
    prompt = sel.skill.template + "\\n\\n" + ...          # reply with the skill applied
    memory.log_turn("maya", sel.id, response="...")      # optional trajectory text
    memory.feedback("maya", sel.id, 1)                    # thumbs up
"""

from __future__ import annotations

import time
from datetime import datetime

from lucidmem.behaviour.base_api import log_metric
from lucidmem.behaviour.dimensions import DIMENSIONS
from lucidmem.behaviour.engine import Chosen
from lucidmem.behaviour.feedback_classifier import FeedbackClassification
from lucidmem.behaviour.formulas import exploration_rate
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
    ARM,
    FEEDBACK_EVENT,
    LEARNED_KINDS,
    PREFERENCE,
    SETTINGS,
    SKILL_STATS,
    TRAJECTORY,
    UserBehaviour,
    internal_record,
    settings_id,
    skill_from_record,
)
from lucidmem.behaviour.skills_api import SkillLibraryAPI
from lucidmem.clock import from_epoch
from lucidmem.errors import NotFoundError
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record

__all__ = ["BehaviourAPI"]


def _explain(chosen: Chosen) -> str:
    c = next(x for x in chosen.candidates if x.skill_id == chosen.skill.id)
    ctx = chosen.context
    where = f"{ctx.intent}/{ctx.sentiment}/{ctx.time_of_day} (bucket {ctx.bucket})"
    if chosen.fallback:
        return (f"{chosen.skill.id}: no skill's trigger reached 0.5 for {where}; "
                "using the default skill")
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


class BehaviourAPI(SkillLibraryAPI):
    """Skill selection, feedback, opt-in and the view of what was learned."""

    # -- opt-in -----------------------------------------------------------------------------
    def _set_enabled(self, user_id: str, enabled: bool, context: str | None) -> bool:
        validate_id(user_id)
        store = self.store(context)
        now = self.now()
        with store.transaction():
            found = store.get(user_id, [settings_id(user_id)])
            prior = found[0] if found else None
            state = UserBehaviour.from_record(prior)
            if state.enabled != enabled or prior is None:
                state.enabled = enabled
                state.enabled_at = now if enabled else state.enabled_at
                record = internal_record(settings_id(user_id), SETTINGS, user_id, now,
                                         state.data(), prior=prior)
                self._write(context, store, user_id, [record])  # audited: a consent change
        return enabled

    def enable_behaviour_learning(self, user_id: str, *, context: str | None = None) -> bool:
        """Opt the user in: selections are learned from from now on. Returns True."""
        return self._set_enabled(user_id, True, context)

    def disable_behaviour_learning(self, user_id: str, *, context: str | None = None) -> bool:
        """Opt the user out; what was learned is kept (see :meth:`reset_behaviour`)."""
        return self._set_enabled(user_id, False, context)

    def behaviour_learning_enabled(self, user_id: str, *, context: str | None = None) -> bool:
        """Whether the user has opted in."""
        validate_id(user_id)
        found = self.store(context).get(user_id, [settings_id(user_id)])
        return UserBehaviour.from_record(found[0] if found else None).enabled

    # -- selection and feedback -------------------------------------------------------------
    def select_skill(self, user_id: str, message: str, *, context: str | None = None,
                     when: datetime | None = None) -> SkillSelection:
        """Choose the skill (prompt template + style) for replying to ``message``.

        ``when`` is the user's local time (time of day is part of the context); by default
        the memory's clock in the system time zone. The selection is stored as a
        trajectory step whose id :meth:`feedback` and :meth:`log_turn` take.
        """
        started = time.perf_counter()
        validate_id(user_id)
        message = self._check_message(message)
        engine = self._behaviour()
        store = self.store(context)
        behaviour, _, skill_records = engine.user_state(store, user_id)
        if not behaviour.enabled:
            default = engine.default
            return SkillSelection(
                id="off-" + user_id, user_id=user_id, skill=SkillInfo.of(default),
                learning_enabled=False, elapsed_ms=(time.perf_counter() - started) * 1000,
                explanation=f"{default.id}: behaviour learning is off for this user "
                            "(enable_behaviour_learning); using the default skill")
        moment = when if when is not None else from_epoch(self.now()).astimezone()
        chosen = engine.select(store, self._writer(context, store, user_id), user_id, message,
                               moment, self.now(), behaviour, skill_records)
        elapsed = (time.perf_counter() - started) * 1000
        selected = next(c for c in chosen.candidates if c.skill_id == chosen.skill.id)
        log_metric("behavioral_memory_selection", "Skill selected", {
            "user_id": user_id, "skill_id": chosen.skill.id, "skill_name": chosen.skill.name,
            "confidence_score": selected.confidence,
            "preference_alignment": selected.alignment, "selection_time_ms": elapsed,
            "context_extraction_time_ms": chosen.context_ms,
            "total_candidates": len(chosen.candidates), "exploration_mode": chosen.explored,
        })
        return SkillSelection(
            id=chosen.selection_id, user_id=user_id, skill=SkillInfo.of(chosen.skill),
            candidates=chosen.candidates, explored=chosen.explored, learning_enabled=True,
            exploration_rate=chosen.epsilon, context=chosen.context, elapsed_ms=elapsed,
            context_ms=chosen.context_ms, strategy=chosen.strategy,
            trigger_weight=chosen.trigger_weight, explanation=_explain(chosen))

    def feedback(self, user_id: str, selection_id: str, reward: int, *,
                 reason: str | None = None, free_text: str | None = None,
                 context: str | None = None) -> FeedbackResult:
        """Thumbs up (1), neutral (0) or down (-1) on a selection, applied immediately.

        Updates the skill's confidence (EMA) and counters, the Beta(α, β) of (user,
        context bucket, skill) and the bucket's preference vector (plus the adjustment of
        ``reason``: too_verbose, too_brief, wrong_tone, not_helpful, incorrect_info), and
        stores the event. ``free_text`` (≤ 300 characters, any language) is classified by
        :func:`~lucidmem.behaviour.jobs.run_feedback_classification`.
        """
        started = time.perf_counter()
        validate_id(user_id)
        validate_id(selection_id, "selection_id")
        reward, reason, free_text = self._check_feedback(reward, reason, free_text)
        store = self.store(context)
        if not self.behaviour_learning_enabled(user_id, context=context):
            return FeedbackResult(status="learning_disabled", selection_id=selection_id,
                                  reward=reward, skill_updated=False,
                                  elapsed_ms=(time.perf_counter() - started) * 1000)
        engine = self._behaviour()
        out = engine.feedback(store, self._writer(context, store, user_id), user_id,
                              selection_id, reward, reason, free_text, self.now())
        elapsed = (time.perf_counter() - started) * 1000
        st = out.skill
        uses = max(st.uses, 1)
        log_metric("behavioral_memory_feedback", "Skill feedback received", {
            "user_id": user_id, "skill_id": st.skill_id, "skill_name": out.skill_name,
            "reward": reward, "reason": reason, "old_confidence": out.old_confidence,
            "new_confidence": st.confidence,
            "confidence_delta": st.confidence - out.old_confidence, "total_usage": st.uses,
            "positive_rate": st.positives / uses, "negative_rate": st.negatives / uses,
            "has_free_text": bool(free_text), "feedback_time_ms": elapsed,
        })
        return FeedbackResult(
            status="recorded", selection_id=selection_id, skill_id=st.skill_id, reward=reward,
            skill_updated=reward != 0, old_confidence=out.old_confidence,
            new_confidence=st.confidence, alpha=out.arm.alpha, beta=out.arm.beta,
            bucket=out.arm.bucket, preference_shift=out.preference_shift,
            event_id=out.event_id, elapsed_ms=elapsed)

    def classify_feedback(self, text: str) -> FeedbackClassification:
        """Category scores and labels of a free-text feedback (any language, ≤ 300 chars)."""
        return self._behaviour().shared.feedback.classify(text)

    def log_turn(self, user_id: str, selection_id: str, response: str, *,
                 context: str | None = None) -> TrajectoryView | None:
        """Attach the assistant's reply to the trajectory step of a selection.

        Returns None (and stores nothing) while learning is off for the user.
        """
        validate_id(user_id)
        validate_id(selection_id, "selection_id")
        response = self._check_message(response, "response")
        if not self.behaviour_learning_enabled(user_id, context=context):
            return None
        store = self.store(context)
        with store.transaction():
            found = store.get(user_id, [selection_id])
            if not found or found[0].kind != TRAJECTORY:
                raise NotFoundError(f"no selection {selection_id!r} for user {user_id!r}")
            record = found[0]
            record.data = {**record.data, "response": response}
            record.updated_at = self.now()
            self._writer(context, store, user_id)([record])
        return _trajectory_view(record)

    def trajectories(self, user_id: str, *, limit: int = 50, include_archived: bool = False,
                     context: str | None = None) -> list[TrajectoryView]:
        """The user's most recent trajectory steps, newest first."""
        validate_id(user_id)
        statuses = None if include_archived else ["active"]
        records = self.store(context).find(Query(
            user_id=user_id, kinds=[TRAJECTORY], statuses=statuses, descending=True,
            limit=max(1, min(limit, 10_000))))
        return [_trajectory_view(r) for r in records]

    # -- what was learned -------------------------------------------------------------------
    def behaviour_profile(self, user_id: str, *, context: str | None = None) -> BehaviourProfile:
        """Everything learned about the user: confidences, Beta arms, preferences, counts."""
        validate_id(user_id)
        store = self.store(context)
        engine = self._behaviour()
        behaviour, _, own = engine.user_state(store, user_id)
        learned = store.find(Query(user_id=user_id, kinds=[SKILL_STATS, ARM, PREFERENCE]))
        archived = set(behaviour.archived_base)
        stats = [SkillStatsView(archived=r.data["skill_id"] in archived, **{
            k: r.data[k] for k in ("skill_id", "confidence", "uses", "positives", "negatives",
                                   "last_used_at")}) for r in learned if r.kind == SKILL_STATS]
        arms = [ArmView(bucket=r.data["bucket"], skill_id=r.data["skill_id"],
                        alpha=r.data["alpha"], beta=r.data["beta"],
                        mean=r.data["alpha"] / (r.data["alpha"] + r.data["beta"]))
                for r in learned if r.kind == ARM]
        prefs = [PreferenceView(bucket=r.data["bucket"], context=r.data.get("context"),
                                dimensions=dict(zip(DIMENSIONS, r.data["dimensions"],
                                                    strict=True)))
                 for r in learned if r.kind == PREFERENCE]
        return BehaviourProfile(
            user_id=user_id, enabled=behaviour.enabled, feedback_count=behaviour.feedback_count,
            exploration_rate=exploration_rate(behaviour.feedback_count),
            skills=sorted(stats, key=lambda s: -s.confidence),
            user_skills=[SkillInfo.of(skill_from_record(r), r.status) for r in own],
            arms=sorted(arms, key=lambda a: (a.bucket, -a.mean)),
            preferences=sorted(prefs, key=lambda p: p.bucket),
            trajectories=store.count(Query(user_id=user_id, kinds=[TRAJECTORY])),
            feedback_events=store.count(Query(user_id=user_id, kinds=[FEEDBACK_EVENT])))

    def reset_behaviour(self, user_id: str, *, context: str | None = None) -> int:
        """Forget what was learned (stats, arms, preferences, trajectories, feedback).

        The user's own skills and the opt-in choice stay; the feedback counter (and so
        ε) restarts. Returns the number of records removed.
        """
        validate_id(user_id)
        store = self.store(context)
        with store.transaction():
            ids = [r.id for r in store.find(Query(user_id=user_id, kinds=list(LEARNED_KINDS)))]
            removed = self._remove(context, store, user_id, ids)
            found = store.get(user_id, [settings_id(user_id)])
            if found:
                state = UserBehaviour.from_record(found[0])
                state.feedback_count, state.archived_base = 0, []
                self._write(context, store, user_id, [internal_record(
                    found[0].id, SETTINGS, user_id, self.now(), state.data(), prior=found[0])])
        return removed


def _trajectory_view(record: Record) -> TrajectoryView:
    d = record.data
    return TrajectoryView(id=record.id, occurred_at=record.occurred_at, input=record.text,
                          skill_id=d["skill_id"], explored=bool(d.get("explored")),
                          response=d.get("response"), reward=d.get("reward"),
                          status=record.status)
