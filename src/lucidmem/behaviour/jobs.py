"""The background work of behaviour learning: ``memory.skills.maintenance``.

:class:`SkillMaintenance` runs it on demand (the CLI's ``behaviour-jobs``);
:meth:`Skills.jobs <lucidmem.behaviour.capability.Skills.jobs>` puts the same methods on
the scheduler's cron (times from ``settings.sleep``):

* :meth:`~SkillMaintenance.classify_feedback` — nightly (seed: 3-4 AM): classify the free
  text of stored feedback events (thumbs-down and neutral only: a thumbs-up carries its own
  signal, and the e5 classifier cannot tell praise from complaints reliably, see
  :mod:`lucidmem.behaviour.feedback_classifier`) and apply the categories' adjustments to
  the (user, bucket) preference vector. Each event is classified once.
* :meth:`~SkillMaintenance.retain_trajectories` — weekly: trajectories with feedback are
  kept forever; without feedback they are archived after 90 days and hard-deleted 365 days
  after archiving (``settings.behaviour``).
* :meth:`~SkillMaintenance.refresh_arms` — daily (seed: 4 AM "Thompson Sampling parameter
  updates" from the trajectories): every Beta(α, β) arm of (user, bucket, skill) is
  recomputed from the rated trajectories (prior + thumbs up, prior + thumbs down) and
  rewritten where the stored one differs. Feedback already updates the arm at once, so
  this normally changes nothing; it repairs arms that drifted from the trajectories they
  summarise (a trajectory deleted by hand, a write lost before a crash).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime

import numpy as np

from lucidmem.behaviour.dimensions import NUM_DIMENSIONS
from lucidmem.behaviour.engine import (
    LEARNER_STRATEGIES,
    learner_id,
    learner_record,
    shared_encoders,
    with_complaint,
)
from lucidmem.behaviour.formulas import PRIOR_ALPHA, PRIOR_BETA, apply_preference_delta
from lucidmem.behaviour.learner import UserModel
from lucidmem.behaviour.models import JobReport
from lucidmem.behaviour.records import arm_id, preference_from, preference_id
from lucidmem.behaviour.skills import load_base_skills
from lucidmem.clock import parse_time
from lucidmem.kernel import Kernel
from lucidmem.observability.logs import log_metric
from lucidmem.records import Kind, Record, Status, new_record
from lucidmem.store.base import Query

__all__ = ["DAY", "SkillMaintenance"]

DAY = 86_400.0


class SkillMaintenance:
    """Feedback classification, trajectory retention and the arms' batch refresh.

    Each method works on every user of one context (or the ``users`` given), writes
    without audit rows like the rest of behaviour learning, and returns a
    :class:`~lucidmem.behaviour.models.JobReport`. ``now`` (epoch seconds, a datetime or
    ISO-8601 text) defaults to the kernel's clock.
    """

    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel

    def _now(self, now: datetime | str | float | None) -> float:
        return self._kernel.now() if now is None else parse_time(now, "now")

    def _users(self, context: str | None, users: Sequence[str] | None) -> list[str]:
        return list(users) if users is not None else self._kernel.store(context).user_ids()

    def classify_feedback(
        self, *, since: datetime | str | float | None = None,
        now: datetime | str | float | None = None, context: str | None = None,
        users: Sequence[str] | None = None,
    ) -> JobReport:
        """Classify unclassified free-text feedback (optionally only events after ``since``)."""
        started = time.perf_counter()
        at = self._now(now)
        store = self._kernel.store(context)
        classifier = shared_encoders(self._kernel.embedder).feedback
        learning = self._kernel.settings.behaviour.selection in LEARNER_STRATEGIES
        since_at = None if since is None else parse_time(since, "since")
        n_users = processed = updated = 0
        for user_id in self._users(context, users):
            events = store.find(Query(user_id=user_id, kinds=[Kind.FEEDBACK_EVENT],
                                      data_equals={"classified": False},
                                      occurred_from=since_at))
            if not events:
                continue
            n_users += 1
            complaints = [e for e in events if int(e.data["reward"]) <= 0]
            results = classifier.classify_many([str(e.data["free_text"]) for e in complaints])
            labels = {e.id: list(r.labels) for e, r in zip(complaints, results, strict=True)}
            with store.transaction():
                changed: list[Record] = []
                prefs: dict[int, Record | None] = {}
                found_state = store.get(user_id, [learner_id(user_id)])
                state = found_state[0] if found_state else None  # the style learner's
                if state is None and learning:
                    state = learner_record(user_id, UserModel(), np.zeros(NUM_DIMENSIONS),
                                           at, None)
                learner_changed = False
                for event in events:
                    got = labels.get(event.id, [])
                    event.data = {**event.data, "classified": True, "labels": got,
                                  "classified_at": at}
                    event.updated_at = at
                    changed.append(event)
                    processed += 1
                    if not got:
                        continue
                    bucket = int(event.data["bucket"])
                    if bucket not in prefs:
                        found = store.get(user_id, [preference_id(user_id, bucket)])
                        prefs[bucket] = found[0] if found else None
                    prior = prefs[bucket]
                    delta = classifier.preference_delta(got)
                    new = apply_preference_delta(preference_from(prior), delta)
                    if state is not None:  # the learner weighs the complaint too
                        state = with_complaint(state, delta, at)
                        learner_changed = True
                    data = {**(prior.data if prior else {"bucket": bucket}),
                            "dimensions": new.tolist()}
                    prefs[bucket] = new_record(preference_id(user_id, bucket),
                                               Kind.PREFERENCE_VECTOR, user_id, at, data,
                                               layer=2, prior=prior)
                    updated += 1
                changed += [r for r in prefs.values() if r is not None]
                if state is not None and learner_changed:
                    changed.append(state)
                self._kernel.write(context, user_id, changed, audit=False)
        return JobReport(job="feedback_classification", users=n_users, processed=processed,
                         updated=updated, elapsed_ms=(time.perf_counter() - started) * 1000)

    def retain_trajectories(
        self, *, now: datetime | str | float | None = None, context: str | None = None,
        users: Sequence[str] | None = None,
    ) -> JobReport:
        """Archive trajectories without feedback after 90 days; delete them a year later."""
        started = time.perf_counter()
        at = self._now(now)
        cfg = self._kernel.settings.behaviour
        store = self._kernel.store(context)
        n_users = processed = archived_n = deleted = 0
        for user_id in self._users(context, users):
            stale = store.find(Query(user_id=user_id, kinds=[Kind.TRAJECTORY],
                                     statuses=[Status.ACTIVE],
                                     occurred_to=at - cfg.trajectory_archive_days * DAY))
            archive = [r for r in stale if r.data.get("reward") is None]
            archived = store.find(Query(user_id=user_id, kinds=[Kind.TRAJECTORY],
                                        statuses=[Status.ARCHIVED]))
            horizon = at - cfg.trajectory_delete_days * DAY
            expired = [r.id for r in archived if r.data.get("reward") is None
                       and float(r.data.get("archived_at") or at) <= horizon]
            if not archive and not expired:
                continue
            n_users += 1
            with store.transaction():
                for record in archive:
                    record.status, record.updated_at = Status.ARCHIVED, at
                    record.data = {**record.data, "archived_at": at}
                self._kernel.write(context, user_id, archive, audit=False)
                self._kernel.remove(context, user_id, expired)
            archived_n += len(archive)
            deleted += len(expired)
            processed += len(stale) + len(archived)
        return JobReport(job="trajectory_retention", users=n_users, processed=processed,
                         archived=archived_n, deleted=deleted,
                         elapsed_ms=(time.perf_counter() - started) * 1000)

    def refresh_arms(
        self, *, now: datetime | str | float | None = None, context: str | None = None,
        users: Sequence[str] | None = None,
    ) -> JobReport:
        """Recompute every Beta arm from the rated trajectories; rewrite those that differ."""
        started = time.perf_counter()
        at = self._now(now)
        store = self._kernel.store(context)
        base = {s.id for s in load_base_skills()}
        n_users = processed = updated = 0
        alpha_change = beta_change = 0.0
        for user_id in self._users(context, users):
            rated = [t for t in store.find(Query(user_id=user_id, kinds=[Kind.TRAJECTORY]))
                     if t.data.get("reward") is not None]
            if not rated:
                continue
            n_users += 1
            processed += len(rated)
            known = base | {str(r.data["skill_id"]) for r in store.find(Query(
                user_id=user_id, kinds=[Kind.SKILL]))}
            counts: dict[tuple[int, str], list[float]] = {}
            for t in rated:
                key = (int(t.data["bucket"]), str(t.data["skill_id"]))
                if key[1] not in known:  # a deleted own skill: its arms went with it
                    continue
                pair = counts.setdefault(key, [PRIOR_ALPHA, PRIOR_BETA])
                reward = int(t.data["reward"])
                pair[0] += reward > 0
                pair[1] += reward < 0
            with store.transaction():
                stored = {r.id: r for r in store.find(Query(user_id=user_id,
                                                            kinds=[Kind.BANDIT_ARM]))}
                changed: list[Record] = []
                for (bucket, skill_id), (alpha, beta) in counts.items():
                    rid = arm_id(user_id, bucket, skill_id)
                    prior = stored.get(rid)
                    old = ((float(prior.data["alpha"]), float(prior.data["beta"]))
                           if prior is not None else (PRIOR_ALPHA, PRIOR_BETA))
                    if old == (alpha, beta):
                        continue
                    alpha_change += abs(alpha - old[0])
                    beta_change += abs(beta - old[1])
                    changed.append(new_record(rid, Kind.BANDIT_ARM, user_id, at, {
                        "skill_id": skill_id, "bucket": bucket, "alpha": alpha, "beta": beta},
                        layer=2, prior=prior))
                self._kernel.write(context, user_id, changed, audit=False)
            updated += len(changed)
        report = JobReport(job="behaviour_batch", users=n_users, processed=processed,
                           updated=updated, elapsed_ms=(time.perf_counter() - started) * 1000)
        log_metric("behavioral_memory_thompson_sampling", "Thompson Sampling parameters updated",
                   trajectories_analyzed=processed, skills_updated=updated,
                   avg_alpha_change=alpha_change / updated if updated else 0.0,
                   avg_beta_change=beta_change / updated if updated else 0.0,
                   update_duration_seconds=report.elapsed_ms / 1000)
        return report
