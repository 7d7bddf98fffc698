"""Background work as procrastinate tasks: any number of worker processes, one PostgreSQL.

With ``store_url`` set, consolidation, the scheduled jobs (feedback classification, index
upkeep, agent training triggers that build datasets and start fine-tunes, event delivery)
become jobs in procrastinate's tables in the same database; ``lucidmem worker`` processes on
any machine pick them up. Without ``store_url`` nothing here is used: the in-process
scheduler (:mod:`lucidmem.scheduler`) keeps running them, no server needed.

Tasks (queue :data:`QUEUE`):

* ``lucidmem.consolidate(context, user_id)``: one user's sleep cycle. Deferred with the
  procrastinate ``lock`` and ``queueing_lock`` ``consolidate:<context>:<user>`` (one queued,
  one running per user), and it runs holding a PostgreSQL session advisory lock on the same
  key, so two workers never consolidate one user at once even if a stalled job were
  retried while its first worker still lived. A SIGKILLed worker's lock goes with its
  connection; its job is found stalled by the heartbeat and retried; the run resumes from
  its checkpoint (every step is idempotent), so the end state equals an uninterrupted run.
* ``lucidmem.run_job(context, job, slot)``: one slot of a scheduled job (see
  ``memory.sleep.scheduler()``), skipped when the slot was already run.
* ``lucidmem.drain(context, user_id)``: embeds and extracts the facts of one user's
  queued turns (the store's durable embedding and extraction queues), when the processes
  that add run with ``background_work="workers"``: their ``add`` defers it
  (:class:`lucidmem.handoff.Handoff`, ``queueing_lock`` ``drain:<context>:<user>``) and
  it runs holding the advisory lock of that key, so one worker at a time drains a user, in
  the order the turns were added. Every step commits with the queue entries it consumed
  (a vector with its job's removal, staged facts with their turns' marks), so a SIGKILLed
  drain retried from the start ends where an uninterrupted one would: nothing lost, nothing
  embedded or extracted twice.
* ``lucidmem.tick`` (periodic, every minute): defers what the schedule says is due; the
  ``consolidation`` job fans out into one ``lucidmem.consolidate`` per user of the shard.
  With ``background_work="workers"`` it also sweeps the queues: a drain is deferred for
  every user whose turns wait (an add whose deferral failed, a retry that came due).

A task that keeps failing (a poison task) runs :data:`MAX_ATTEMPTS` times in all, with a
growing wait between runs, then is parked ``failed`` in ``procrastinate_jobs``, where other
tasks no longer wait on it; :func:`parked_tasks` (``lucidmem jobs``) lists what is parked.

"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import psycopg
from procrastinate import App, JobContext, PsycopgConnector, RetryStrategy
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.jobs import Job, Status
from pydantic import AwareDatetime, BaseModel, ConfigDict

from ..clock import from_epoch, to_epoch
from ..consolidation.replay import users_for_date
from ..errors import ConfigurationError, LucidmemError, StoreError
from ..handoff import DRAIN_TASK, QUEUE, drain_key
from ..memory import Memory
from ..scheduler import SCHEDULER_OWNER, Scheduler
from ..scheduler import JobContext as JobContext_
from ..settings import redact_url

__all__ = [
    "MAX_ATTEMPTS",
    "QUEUE",
    "ParkedTask",
    "UserBusy",
    "build_app",
    "defer_consolidation",
    "defer_drains",
    "defer_due",
    "distributed_scheduler",
    "drain_key",
    "ensure_schema",
    "parked_tasks",
    "retry_waits",
    "run_worker",
    "user_lock_key",
    "waiting_users",
]

log = logging.getLogger("lucidmem.worker")

MAX_ATTEMPTS = 5
"""Runs of a task before it is parked as ``failed`` (first run included)."""
RETRY_WAIT_SECONDS = 2
"""Wait before the first retry; the n-th retry waits n times this (2, 4, 6, 8 s)."""
STALLED_AFTER_SECONDS = 30.0
"""A worker silent (no heartbeat) this long is dead: its running jobs are retried."""
HEARTBEAT_SECONDS = 5.0
SWEEP_LOOK = 10_000
"""Queue entries a tick reads per context and queue to find the users whose turns wait (the
rest are found by the next tick)."""


class UserBusy(LucidmemError):
    """Another worker holds this user's consolidation lock; the task is retried later."""


def user_lock_key(context: str, user_id: str) -> str:
    """The procrastinate lock and advisory-lock key of one user's consolidation."""
    return f"consolidate:{context}:{user_id}"


def _retry() -> RetryStrategy:
    return RetryStrategy(max_attempts=MAX_ATTEMPTS - 1, wait=RETRY_WAIT_SECONDS,
                         linear_wait=RETRY_WAIT_SECONDS)


def retry_waits(strategy: RetryStrategy | None = None) -> list[float]:
    """Seconds waited before each retry of a failing task under ``strategy`` (lucidmem's
    when ``None``): one entry per retry, so a task runs ``len(...) + 1`` times at most."""
    chosen = strategy or _retry()
    return [float(chosen.wait + chosen.linear_wait * attempt
                  + (chosen.exponential_wait ** (attempt + 1) if chosen.exponential_wait else 0))
            for attempt in range(chosen.max_attempts or 0)]


class ParkedTask(BaseModel):
    """A task that failed every run it was allowed and waits for an operator."""

    model_config = ConfigDict(frozen=True)

    id: int
    task: str
    args: dict[str, Any]
    attempts: int
    failed_at: AwareDatetime | None
    """When its last run failed (None if procrastinate kept no event for it)."""


def parked_tasks(url: str, *, limit: int = 100) -> list[ParkedTask]:
    """The newest ``limit`` parked (``failed``) tasks of lucidmem's queue, newest first."""
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            if conn.execute("SELECT to_regclass('procrastinate_jobs')").fetchone() in (
                    None, (None,)):
                return []
            rows = conn.execute(
                "SELECT j.id, j.task_name, j.args, j.attempts, max(e.at) "
                "FROM procrastinate_jobs j LEFT JOIN procrastinate_events e "
                "ON e.job_id = j.id AND e.type = 'failed' "
                "WHERE j.queue_name = %s AND j.status = 'failed' "
                "GROUP BY j.id ORDER BY j.id DESC LIMIT %s", (QUEUE, limit)).fetchall()
    except psycopg.Error as exc:
        raise StoreError(f"cannot read the job queue in {redact_url(url)}: {exc}. Check "
                         "LUCIDMEM_STORE_URL and that the server is running.") from exc
    return [ParkedTask(id=r[0], task=r[1], args=dict(r[2] or {}), attempts=r[3],
                       failed_at=r[4]) for r in rows]


@contextlib.contextmanager
def advisory_lock(url: str, key: str) -> Iterator[None]:
    """Hold PostgreSQL's session advisory lock ``key`` on a connection of its own, or raise
    :class:`UserBusy`. A process that dies loses the connection and with it the lock."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))",
                           (key,)).fetchone()
        if not row or not row[0]:
            raise UserBusy(f"{key} is being run by another worker; retried later.")
        try:
            yield
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (key,))


def _memory(context: JobContext) -> Memory:
    memory = context.additional_context["memory"]
    assert isinstance(memory, Memory)
    return memory


def build_app(url: str) -> App:
    """The procrastinate app with lucidmem's tasks, on the database at ``url``."""
    app = App(connector=PsycopgConnector(conninfo=url))

    @app.task(name="lucidmem.consolidate", queue=QUEUE, retry=_retry(), pass_context=True)
    def consolidate(context: JobContext, ctx: str, user_id: str) -> dict[str, Any]:
        memory = _memory(context)
        with advisory_lock(url, user_lock_key(ctx, user_id)):
            report = memory.sleep.consolidate(user_id=user_id, context=ctx)
        return {"users": len(report.users),
                "status": [str(u.status) for u in report.users]}

    @app.task(name=DRAIN_TASK, queue=QUEUE, retry=_retry(), pass_context=True)
    def drain(context: JobContext, ctx: str, user_id: str) -> dict[str, Any]:
        kernel = _memory(context).kernel
        with advisory_lock(url, drain_key(ctx, user_id)):
            kernel.catch_up(ctx, user_id)  # facts first, then vectors, as a read would
            embedded = kernel.embed_waiting(ctx, user_id)
        return {"embedded": embedded}

    @app.task(name="lucidmem.run_job", queue=QUEUE, retry=_retry(), pass_context=True)
    def run_job(context: JobContext, ctx: str, job: str, slot: float) -> dict[str, Any]:
        memory = _memory(context)
        scheduler = distributed_scheduler(app, memory, ctx)
        moment = from_epoch(slot)
        if scheduler.next_run(job) > moment:  # this slot (or a later one) already ran
            return {"skipped": True}
        run = scheduler.run_job(job, moment, slot=moment)
        if run.status == "error":
            raise RuntimeError(f"{job} failed: {run.summary}")  # retried, then parked
        return {"status": run.status, "summary": run.summary}

    @app.periodic(cron="* * * * *", periodic_id="lucidmem-tick")
    @app.task(name="lucidmem.tick", queue=QUEUE, pass_context=True,
              queueing_lock="lucidmem.tick")
    def tick(context: JobContext, timestamp: int) -> dict[str, int]:
        memory = _memory(context)
        moment = from_epoch(float(timestamp))
        done = defer_due(app, memory, moment)
        if not memory.kernel.runs_background_threads:
            done["drains"] = defer_drains(app, memory, to_epoch(moment))
        return done

    return app


def distributed_scheduler(app: App, memory: Memory, context: str) -> Scheduler:
    """``memory.sleep.scheduler()`` of ``context`` whose ``consolidation`` job, instead of
    consolidating today's shard in this process, queues one task per user of the shard."""
    kernel = memory.kernel
    cfg = kernel.settings.sleep

    def fan_out(ctx: JobContext_) -> dict[str, Any]:
        day = ctx.now.astimezone().date() if cfg.timezone == "system" else ctx.now.date()
        people = [u for u in kernel.store(context).user_ids() if u != SCHEDULER_OWNER]
        users = users_for_date(people, day, cycle_days=cfg.shard_cycle_days,
                               strategy=cfg.shard_strategy)
        return {"users": len(users), "deferred": defer_consolidation(app, context, users)}

    jobs = [replace(job, fn=fan_out) if job.name == "consolidation" else job
            for job in memory.sleep.scheduler(context=context).jobs.values()]
    return Scheduler(kernel, jobs, context=context)


def defer_due(app: App, memory: Memory, now: datetime) -> dict[str, int]:
    """Defer every scheduled job due at ``now`` in every context."""
    deferred = 0
    for ctx in memory.contexts():
        scheduler = distributed_scheduler(app, memory, ctx)
        for job, slot in scheduler.due(now):
            with contextlib.suppress(AlreadyEnqueued):
                app.configure_task(
                    "lucidmem.run_job", queue=QUEUE, lock=f"job:{ctx}:{job.name}",
                    queueing_lock=f"job:{ctx}:{job.name}",
                ).defer(ctx=ctx, job=job.name, slot=to_epoch(slot))
                deferred += 1
    return {"deferred": deferred}


def waiting_users(memory: Memory, context: str, now: float) -> list[str]:
    """Users of ``context`` whose turns wait for their vectors (due at ``now``) or facts."""
    store = memory.kernel.store(context)
    users = {j.user_id for j in store.embedding_jobs(SWEEP_LOOK, due_by=now)}
    users.update(j.user_id for j in store.extraction_jobs(SWEEP_LOOK))
    return sorted(users)


def defer_drains(app: App, memory: Memory, now: float) -> int:
    """Defer a ``lucidmem.drain`` for every user whose turns wait, in every context (a user
    already queued is skipped)."""
    deferred = 0
    for ctx in memory.contexts():
        for user in waiting_users(memory, ctx, now):
            key = drain_key(ctx, user)
            with contextlib.suppress(AlreadyEnqueued):
                app.configure_task(DRAIN_TASK, queue=QUEUE, lock=key,
                                   queueing_lock=key).defer(ctx=ctx, user_id=user)
                deferred += 1
    return deferred


def defer_consolidation(app: App, context: str, users: Sequence[str]) -> int:
    """Queue one consolidation task per user (a user already queued is skipped)."""
    deferred = 0
    for user in users:
        key = user_lock_key(context, user)
        with contextlib.suppress(AlreadyEnqueued):
            app.configure_task("lucidmem.consolidate", queue=QUEUE, lock=key,
                               queueing_lock=key).defer(ctx=context, user_id=user)
            deferred += 1
    return deferred


def ensure_schema(url: str) -> bool:
    """Create procrastinate's tables unless they exist; True when they were created.

    Deploys racing each other serialise on an advisory lock: one creates, the others wait
    and then find the tables."""
    app = build_app(url)
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("SELECT pg_advisory_lock(hashtextextended('lucidmem:jobs-schema', 0))")
            try:
                row = conn.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()
                if row is not None and row[0] is not None:
                    return False
                with app.open():
                    app.schema_manager.apply_schema()
                return True
            finally:
                conn.execute(
                    "SELECT pg_advisory_unlock(hashtextextended('lucidmem:jobs-schema', 0))")
    except psycopg.Error as exc:
        raise ConfigurationError(
            f"cannot prepare the job tables in {redact_url(url)}: {exc}. Check "
            "LUCIDMEM_STORE_URL and that the role may create tables.") from exc


async def _end_stalled(app: App, job: Job) -> None:
    """A stalled job that could not be put back in the queue: either another worker did so
    first, or a job of the same ``queueing_lock`` (the same user's next consolidation or
    drain) waits there. That one cannot start while this one holds their shared ``lock``,
    and it does all this one would have done (every task is idempotent and covers what was
    queued before it), so this one is ended as ``aborted``."""
    assert job.id is not None
    if await app.job_manager.get_job_status_async(job.id) != Status.DOING:
        log.debug("stalled job %s already retried", job.id)
        return
    await app.job_manager.finish_job(job, Status.ABORTED, delete_job=False)
    log.info("stalled job %s (%s) ended: the same task waits in the queue", job.id,
             job.task_name)


async def _retry_stalled(app: App, stalled_after: float, every: float) -> None:
    """Retry jobs whose worker stopped sending heartbeats (killed, lost its machine)."""
    while True:
        await asyncio.sleep(every)
        try:
            jobs = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=stalled_after)
            for job in jobs:
                try:
                    await app.job_manager.retry_job(job)
                    log.info("retried stalled job %s (%s)", job.id, job.task_name)
                except Exception:
                    await _end_stalled(app, job)
        except Exception:  # keep the worker alive; the next round tries again
            log.exception("could not look for stalled jobs")


async def run_worker(memory: Memory, url: str, *, concurrency: int = 1,
                     stalled_after: float = STALLED_AFTER_SECONDS,
                     heartbeat: float = HEARTBEAT_SECONDS, wait: bool = True,
                     name: str | None = None) -> None:
    """Run one worker process until SIGINT/SIGTERM (which finish the running tasks first)
    or, with ``wait=False``, until the queue is empty."""
    app = build_app(url)
    async with app.open_async():
        stalled = asyncio.create_task(_retry_stalled(app, stalled_after, heartbeat))
        try:
            await app.run_worker_async(
                queues=[QUEUE], concurrency=concurrency, wait=wait,
                name=name or f"lucidmem-{os.getpid()}",
                additional_context={"memory": memory},
                update_heartbeat_interval=heartbeat, stalled_worker_timeout=stalled_after,
                install_signal_handlers=True,
            )
        finally:
            stalled.cancel()

