"""Behaviour jobs as plain functions (a scheduler registers them; the CLI runs them).

* :func:`run_feedback_classification` — nightly (seed: 3-4 AM): classify the free text
  of stored feedback events (thumbs-down and neutral only: a thumbs-up carries its own
  signal, and the e5 classifier cannot tell praise from complaints reliably, see
  :mod:`lucidmem.behaviour.feedback_classifier`) and apply the categories' adjustments
  to the (user, bucket) preference vector. Each event is classified once.
* :func:`run_trajectory_retention` — weekly: trajectories with feedback are kept
  forever; without feedback they are archived after 90 days and hard-deleted 365 days
  after archiving (``settings.behaviour``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from lucidmem.behaviour.formulas import apply_preference_delta
from lucidmem.behaviour.models import JobReport
from lucidmem.behaviour.records import (
    FEEDBACK_EVENT,
    PREFERENCE,
    TRAJECTORY,
    internal_record,
    preference_from,
    preference_id,
)
from lucidmem.clock import parse_time
from lucidmem.store.base import Query, Record

if TYPE_CHECKING:
    from lucidmem.behaviour.api import BehaviourAPI

__all__ = ["DAY", "run_feedback_classification", "run_trajectory_retention"]

DAY = 86_400.0


def _users(memory: BehaviourAPI, context: str | None, users: Sequence[str] | None) -> list[str]:
    return list(users) if users is not None else memory.store(context).user_ids()


def run_feedback_classification(
    memory: BehaviourAPI, *, since: datetime | str | float | None = None,
    context: str | None = None, users: Sequence[str] | None = None,
) -> JobReport:
    """Classify unclassified free-text feedback (optionally only events after ``since``)."""
    started = time.perf_counter()
    store = memory.store(context)
    classifier = memory._behaviour().shared.feedback
    since_at = None if since is None else parse_time(since, "since")
    report = JobReport(job="feedback_classification")
    for user_id in _users(memory, context, users):
        events = store.find(Query(user_id=user_id, kinds=[FEEDBACK_EVENT],
                                  data_equals={"classified": False}, occurred_from=since_at))
        if not events:
            continue
        report.users += 1
        now = memory.now()
        write = memory._writer(context, store, user_id)
        complaints = [e for e in events if int(e.data["reward"]) <= 0]
        results = classifier.classify_many([str(e.data["free_text"]) for e in complaints])
        labels = {e.id: list(r.labels) for e, r in zip(complaints, results, strict=True)}
        with store.transaction():
            changed: list[Record] = []
            prefs: dict[int, Record | None] = {}
            for event in events:
                got = labels.get(event.id, [])
                event.data = {**event.data, "classified": True, "labels": got,
                              "classified_at": now}
                event.updated_at = now
                changed.append(event)
                report.processed += 1
                if not got:
                    continue
                bucket = int(event.data["bucket"])
                if bucket not in prefs:
                    found = store.get(user_id, [preference_id(user_id, bucket)])
                    prefs[bucket] = found[0] if found else None
                prior = prefs[bucket]
                new = apply_preference_delta(preference_from(prior),
                                             classifier.preference_delta(got))
                data = {**(prior.data if prior else {"bucket": bucket}),
                        "dimensions": new.tolist()}
                prefs[bucket] = internal_record(preference_id(user_id, bucket), PREFERENCE,
                                                user_id, now, data, prior=prior)
                report.updated += 1
            changed += [r for r in prefs.values() if r is not None]
            write(changed)
    report.elapsed_ms = (time.perf_counter() - started) * 1000
    return report


def run_trajectory_retention(
    memory: BehaviourAPI, *, now: datetime | str | float | None = None,
    context: str | None = None, users: Sequence[str] | None = None,
) -> JobReport:
    """Archive trajectories without feedback after 90 days; delete them a year later."""
    started = time.perf_counter()
    at = memory.now() if now is None else parse_time(now, "now")
    cfg = memory.settings.behaviour
    store = memory.store(context)
    report = JobReport(job="trajectory_retention")
    for user_id in _users(memory, context, users):
        stale = store.find(Query(user_id=user_id, kinds=[TRAJECTORY], statuses=["active"],
                                 occurred_to=at - cfg.trajectory_archive_days * DAY))
        archive = [r for r in stale if r.data.get("reward") is None]
        archived = store.find(Query(user_id=user_id, kinds=[TRAJECTORY],
                                    statuses=["archived"]))
        expired = [r.id for r in archived if r.data.get("reward") is None and
                   float(r.data.get("archived_at") or at) <= at - cfg.trajectory_delete_days * DAY]
        if not archive and not expired:
            continue
        report.users += 1
        with store.transaction():
            for record in archive:
                record.status, record.updated_at = "archived", at
                record.data = {**record.data, "archived_at": at}
            memory._writer(context, store, user_id)(archive)
            memory._remove(context, store, user_id, expired)
        report.archived += len(archive)
        report.deleted += len(expired)
        report.processed += len(stale) + len(archived)
    report.elapsed_ms = (time.perf_counter() - started) * 1000
    return report
