"""A small cron scheduler for lucidmem's background jobs.

Jobs are named functions with a 5-field cron expression (parsed by ``croniter``), read in
``settings.sleep.timezone``. Each capability lists its own (``memory.facts.jobs()``, …) and
``memory.sleep.scheduler()`` hands the scheduler all of them; there is no registry::

    Job("trajectory_retention", "0 5 * * 0", lambda ctx: skills.retain(context=ctx.context))

:meth:`Scheduler.run_pending` runs every job whose next fire time (after its last run) has
come — missed runs are coalesced into one — and :meth:`Scheduler.run_forever` calls it in a
loop for the worker. Jobs marked ``needs_idle`` wait for :class:`~.idle.IdleDetector` (CPU
under 20 % for 5 minutes) unless they have waited ``max_idle_wait_hours``. Every run is kept
as a ``scheduler_run`` record (owner :data:`SCHEDULER_OWNER`)
whose id derives from the job and its scheduled time, so a slot is never run twice.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict

from lucidmem.clock import from_epoch, to_epoch
from lucidmem.errors import ConfigurationError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scheduler.idle import IdleDetector
from lucidmem.store.base import Query

__all__ = ["SCHEDULER_OWNER", "Job", "JobContext", "JobRun", "Scheduler"]

SCHEDULER_OWNER = "__lucidmem_scheduler__"
"""Owner id of the scheduler's own run history (never a real user; jobs skip it)."""


@dataclass(slots=True)
class JobContext:
    """What a job function receives: the time it runs for and the context it runs in."""

    now: datetime
    context: str | None = None
    scheduler: Scheduler | None = None


JobFn = Callable[[JobContext], Any]


@dataclass(frozen=True, slots=True)
class Job:
    """A named function on a cron schedule."""

    name: str
    cron: str
    fn: JobFn
    needs_idle: bool = False
    description: str = ""

    def __post_init__(self) -> None:
        from croniter import croniter  # imported when jobs are declared, not with every Memory

        if not croniter.is_valid(self.cron):
            raise ConfigurationError(
                f"job {self.name!r}: {self.cron!r} is not a 5-field cron expression "
                "(minute hour day-of-month month day-of-week), e.g. '0 2 * * *'")


class JobRun(BaseModel):
    """One run (or deferral) of a job, as kept in the history (a frozen result)."""

    model_config = ConfigDict(frozen=True)

    job: str
    scheduled_for: datetime
    started_at: datetime
    seconds: float
    status: str
    """``ok``, ``error`` or ``deferred`` (waiting for an idle machine)."""
    summary: str = ""
    details: dict[str, Any] = {}


class Scheduler:
    """Runs ``jobs`` on their cron schedule in one context; keeps their history in the store."""

    def __init__(self, kernel: Kernel, jobs: list[Job], *, context: str | None = None,
                 idle: IdleDetector | None = None, start: datetime | None = None) -> None:
        cfg = kernel.settings.sleep
        self._kernel = kernel
        self.context = context
        self.settings = cfg
        self.zone = ZoneInfo(cfg.timezone)
        self.idle = idle or IdleDetector(cfg.idle_cpu_percent, cfg.idle_seconds)
        names = [j.name for j in jobs]
        if len(set(names)) != len(names):
            raise ConfigurationError(f"two jobs share a name: {sorted(names)}")
        self.jobs: dict[str, Job] = {j.name: j for j in jobs}
        origin = start or from_epoch(kernel.now())
        self._last: dict[str, datetime] = {}
        for name in self.jobs:
            runs = self.history(name, limit=1, include_deferred=False)
            self._last[name] = runs[0].scheduled_for if runs else origin
        self._deferred_since: dict[str, datetime] = {}
        self._lock = threading.Lock()

    # -- schedule -------------------------------------------------------------------------
    def next_run(self, name: str, after: datetime | None = None) -> datetime:
        """The next fire time of job ``name`` after ``after`` (default: its last run)."""
        from croniter import croniter

        base = (after or self._last[name]).astimezone(self.zone)
        nxt: datetime = croniter(self.jobs[name].cron, base).get_next(datetime)
        return nxt.astimezone(UTC)

    def due(self, now: datetime) -> list[tuple[Job, datetime]]:
        """Jobs due at ``now`` with the (latest) slot they are due for."""
        from croniter import croniter

        out = []
        for name, entry in sorted(self.jobs.items()):
            first = self.next_run(name)
            if first > now:
                continue
            slot = croniter(entry.cron, now.astimezone(self.zone)).get_prev(datetime)
            out.append((entry, max(first, slot.astimezone(UTC))))
        return out

    # -- running --------------------------------------------------------------------------
    def run_pending(self, now: datetime | None = None) -> list[JobRun]:
        """Run every due job once (missed slots coalesce); returns what happened. With
        ``settings.sleep.enabled`` off the timetable is paused: nothing runs and nothing is
        recorded (:meth:`run_job` still runs a job on demand)."""
        moment = now or from_epoch(self._kernel.now())
        results: list[JobRun] = []
        if not self.settings.enabled:
            return results
        with self._lock:
            for entry, slot in self.due(moment):
                if entry.needs_idle and self.settings.require_idle and not self._may_run(
                        entry, moment):
                    results.append(JobRun(job=entry.name, scheduled_for=slot,
                                          started_at=moment, seconds=0.0, status="deferred",
                                          summary="waiting for an idle machine"))
                    continue
                results.append(self.run_job(entry.name, moment, slot=slot))
        return results

    def _may_run(self, entry: Job, now: datetime) -> bool:
        if self.idle.is_idle():
            self._deferred_since.pop(entry.name, None)
            return True
        since = self._deferred_since.setdefault(entry.name, now)
        if (now - since).total_seconds() >= self.settings.max_idle_wait_hours * 3600:
            self._deferred_since.pop(entry.name, None)
            return True
        return False

    def run_job(self, name: str, now: datetime | None = None, *,
                slot: datetime | None = None) -> JobRun:
        """Run job ``name`` now (whether due or not) and record the run."""
        entry = self.jobs[name]
        moment = now or from_epoch(self._kernel.now())
        scheduled = slot or moment
        started = time.perf_counter()
        try:
            result = entry.fn(JobContext(moment, self.context, self))
            status, summary = "ok", _summary(result)
            details = ({str(k): v for k, v in result.items()}  # text keys, as in the history
                       if isinstance(result, dict) else {})
        except Exception as exc:  # a failing job must not stop the worker; it is recorded
            status, summary = "error", f"{type(exc).__name__}: {exc}"
            details = {"traceback": traceback.format_exc(limit=5)}
        run = JobRun(job=name, scheduled_for=scheduled, started_at=moment,
                     seconds=time.perf_counter() - started, status=status, summary=summary,
                     details=details)
        self._last[name] = max(scheduled, self._last.get(name, scheduled))
        self._record(run)
        return run

    def _record(self, run: JobRun) -> None:
        store = self._kernel.store(self.context)
        at = to_epoch(run.scheduled_for)
        data = {"job": run.job, "scheduled_for": at, "started_at": to_epoch(run.started_at),
                "seconds": round(run.seconds, 4), "status": run.status,
                "summary": run.summary[:2000], "details": _jsonable(run.details)}
        rid = stable_id(Kind.SCHEDULER_RUN, SCHEDULER_OWNER, run.job, at)
        found = store.get(SCHEDULER_OWNER, [rid])
        record = new_record(rid, Kind.SCHEDULER_RUN, SCHEDULER_OWNER, to_epoch(run.started_at),
                            data, prior=found[0] if found else None, occurred_at=at)
        with store.transaction():
            store.put([record], audit=False)
            old = store.find(Query(user_id=SCHEDULER_OWNER, kinds=[Kind.SCHEDULER_RUN],
                                   data_equals={"job": run.job}, descending=True))
            if len(old) > self.settings.history_keep:
                store.delete(SCHEDULER_OWNER, [r.id for r in old[self.settings.history_keep:]])

    def history(self, name: str | None = None, *, limit: int = 20,
                include_deferred: bool = True) -> list[JobRun]:
        """Recorded runs, newest first (of one job, or all)."""
        store = self._kernel.store(self.context)
        filters = {"job": name} if name else None
        records = store.find(Query(user_id=SCHEDULER_OWNER, kinds=[Kind.SCHEDULER_RUN],
                                   data_equals=filters, descending=True, limit=limit))
        return [JobRun(job=r.data["job"], scheduled_for=from_epoch(r.data["scheduled_for"]),
                       started_at=from_epoch(r.data["started_at"]),
                       seconds=float(r.data["seconds"]), status=r.data["status"],
                       summary=r.data.get("summary", ""), details=r.data.get("details", {}))
                for r in records if include_deferred or r.data["status"] != "deferred"]

    def run_forever(self, stop: threading.Event | None = None,
                    poll_seconds: float | None = None,
                    on_run: Callable[[JobRun], None] | None = None) -> None:
        """Call :meth:`run_pending` until ``stop`` is set (or KeyboardInterrupt)."""
        event = stop or threading.Event()
        poll = poll_seconds or min(60.0, self.settings.idle_check_seconds)
        while not event.is_set():
            for run in self.run_pending():
                if on_run is not None:
                    on_run(run)
            event.wait(poll)


def _summary(result: Any) -> str:
    if result is None:
        return ""
    if isinstance(result, dict):
        return ", ".join(f"{k}={v}" for k, v in list(result.items())[:12])
    return str(result)[:2000]


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)
