"""The default jobs of the scheduler (aico *Scheduled Tasks*; times from ``settings.sleep``).

=====================  ==============  ====================================================
job                    default cron    what
=====================  ==============  ====================================================
consolidation          ``0 2 * * *``   today's shard of users (7-day round robin), at most
                                       ``max_concurrent_users`` (4) at once; idle-aware
feedback_classification ``0 3 * * *``  :func:`lucidmem.behaviour.jobs.run_feedback_classification`
behaviour_batch        ``0 4 * * *``   ``lucidmem.behaviour.jobs.run_behaviour_batch`` if the
                                       behaviour package provides it (else not registered)
weekly_evolution       ``0 3 * * 0``   per-user evolution summary of the week's fact changes,
                                       trajectory retention (if available), and the removal of
                                       the scheduler's own old history
index_maintenance      ``0 * * * *``   embeds searchable records that lack a vector
=====================  ==============  ====================================================
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lucidmem.clock import to_epoch
from lucidmem.consolidation.records import DAY, FACT, SCHEDULER_OWNER, derived_id, internal
from lucidmem.consolidation.replay import users_for_date
from lucidmem.consolidation.steps_base import StepContext
from lucidmem.consolidation.steps_memory import EmbeddingStep
from lucidmem.scheduler.config import SleepSettings
from lucidmem.scheduler.core import Job, JobContext
from lucidmem.store.base import Query

__all__ = ["EVOLUTION", "behaviour_job", "consolidate_shard", "default_jobs", "index_maintenance",
           "weekly_evolution"]

EVOLUTION = "evolution_summary"


def _users(ctx: JobContext) -> list[str]:
    return [u for u in ctx.memory.store(ctx.context).user_ids() if u != SCHEDULER_OWNER]


def consolidate_shard(ctx: JobContext) -> dict[str, Any]:
    """Consolidate today's shard of users, at most ``max_concurrent_users`` at a time."""
    cfg = ctx.memory.settings.sleep
    day = ctx.now.astimezone().date() if cfg.timezone == "system" else ctx.now.date()
    users = users_for_date(_users(ctx), day, cycle_days=cfg.shard_cycle_days,
                           strategy=cfg.shard_strategy)
    lock = threading.Lock()
    state = {"running": 0, "peak": 0}
    consolidate: Callable[..., Any] = ctx.memory.consolidate  # type: ignore[attr-defined]

    def one(user: str) -> str:
        with lock:
            state["running"] += 1
            state["peak"] = max(state["peak"], state["running"])
        try:
            return str(consolidate(user, context=ctx.context).status)
        finally:
            with lock:
                state["running"] -= 1

    with ThreadPoolExecutor(max_workers=cfg.max_concurrent_users,
                            thread_name_prefix="lucidmem-sleep") as pool:
        statuses = list(pool.map(one, users))
    return {"users": len(users), "completed": statuses.count("completed"),
            "paused": statuses.count("paused"), "peak_concurrency": state["peak"],
            "shard_users": users[:50]}


def index_maintenance(ctx: JobContext) -> dict[str, Any]:
    """Embed searchable records (turns, facts, inferred preferences) that lack a vector."""
    memory = ctx.memory
    store = memory.store(ctx.context)
    name = memory._context(ctx.context)
    step, embedded = EmbeddingStep(), 0
    for user in _users(ctx):
        sctx = StepContext(user_id=user, store=store, now=to_epoch(ctx.now),
                           cfg=memory.settings.sleep.job, embedder=memory.embedder, seed=0)
        todo = step.load(sctx)
        for start in range(0, len(todo), 64):
            changes = step.process(sctx, todo[start:start + 64])
            before = store.revision(user)
            store.put(changes.quiet, audit=False)
            memory._retriever.written(name, store, user, changes.quiet, before)
            embedded += len(changes.quiet)
    return {"embedded": embedded}


def weekly_evolution(ctx: JobContext) -> dict[str, Any]:
    """Summarise each user's fact changes of the past week; run weekly cleanups."""
    memory = ctx.memory
    store = memory.store(ctx.context)
    now = to_epoch(ctx.now)
    week = ctx.now.isocalendar()[:2]
    summaries = 0
    for user in _users(ctx):
        facts = store.find(Query(user_id=user, kinds=[FACT]))
        changed = [f for f in facts if f.updated_at >= now - 7 * DAY]
        if not changed:
            continue
        by_status: dict[str, int] = {}
        for f in changed:
            by_status[f.status] = by_status.get(f.status, 0) + 1
        shifts = store.count(Query(user_id=user, kinds=["preference_shift"],
                                   occurred_from=now - 7 * DAY))
        rid = derived_id(EVOLUTION, user, *week)
        found = store.get(user, [rid])
        record = internal(rid, EVOLUTION, user, now, {
            "week": f"{week[0]}-W{week[1]:02d}", "changed_by_status": by_status,
            "preference_shifts": shifts, "facts_total": len(facts)},
            prior=found[0] if found else None, layer=1)
        store.put([record], audit=False)
        summaries += 1
    out: dict[str, Any] = {"summaries": summaries}
    retention = _behaviour("run_trajectory_retention")
    if retention is not None:
        report = retention(memory, now=ctx.now, context=ctx.context)
        out["trajectories_archived"] = getattr(report, "archived", None)
        out["trajectories_deleted"] = getattr(report, "deleted", None)
    return out


def _behaviour(name: str) -> Callable[..., Any] | None:
    try:
        module = importlib.import_module("lucidmem.behaviour.jobs")
    except ImportError:
        return None
    fn = getattr(module, name, None)
    return fn if callable(fn) else None


def behaviour_job(name: str) -> Callable[[JobContext], Any] | None:
    """A job running ``lucidmem.behaviour.jobs.<name>(memory, context=...)``, if it exists."""
    fn = _behaviour(name)
    if fn is None:
        return None

    def run(ctx: JobContext) -> Any:
        report = fn(ctx.memory, context=ctx.context)
        dump = getattr(report, "model_dump", None)
        return dump() if callable(dump) else report

    run.__doc__ = f"lucidmem.behaviour.jobs.{name}"
    return run


def default_jobs(cfg: SleepSettings) -> list[Job]:
    """The built-in jobs with the configured cron expressions (see the module table)."""
    jobs = [
        Job("consolidation", cfg.consolidation_cron, consolidate_shard, needs_idle=True,
            description="sleep cycle for today's shard of users"),
        Job("weekly_evolution", cfg.weekly_cron, weekly_evolution, needs_idle=True,
            description="weekly evolution summary and cleanups"),
        Job("index_maintenance", cfg.index_cron, index_maintenance,
            description="embed records that lack a vector"),
    ]
    feedback = behaviour_job("run_feedback_classification")
    if feedback is not None:
        jobs.append(Job("feedback_classification", cfg.feedback_cron, feedback,
                        needs_idle=True, description="classify free-text feedback"))
    batch = behaviour_job("run_behaviour_batch")
    if batch is not None:
        jobs.append(Job("behaviour_batch", cfg.behaviour_cron, batch, needs_idle=True,
                        description="behavioural batch learning"))
    return jobs
