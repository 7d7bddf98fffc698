"""The sleep capability's own scheduled jobs (times from ``settings.sleep``).

=====================  ==============  ====================================================
job                    default cron    what
=====================  ==============  ====================================================
consolidation          ``0 2 * * *``   today's shard of users (7-day round robin), at most
                                       ``max_concurrent_users`` (4) at once; idle-aware
weekly_evolution       ``0 3 * * 0``   per-user evolution summary of the week's fact changes
index_maintenance      ``0 * * * *``   embeds searchable records that lack a vector
=====================  ==============  ====================================================

The other capabilities list theirs (feedback classification, trajectory retention, agent
training triggers, event delivery); :meth:`lucidmem.consolidation.capability.Sleep.scheduler`
puts them all on one scheduler.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lucidmem.clock import to_epoch
from lucidmem.consolidation.records import DAY, FACT
from lucidmem.consolidation.replay import users_for_date
from lucidmem.consolidation.report import ConsolidationReport
from lucidmem.consolidation.steps_base import StepContext
from lucidmem.consolidation.steps_memory import EmbeddingStep
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record, stable_id
from lucidmem.scheduler import SCHEDULER_OWNER, Job, JobContext
from lucidmem.store.base import Query

__all__ = ["consolidate_shard", "index_maintenance", "sleep_jobs", "weekly_evolution"]

Consolidate = Callable[[str, str | None], ConsolidationReport]
"""``(user_id, context)`` → the report of one user's sleep cycle."""


def _users(kernel: Kernel, context: str | None) -> list[str]:
    return [u for u in kernel.store(context).user_ids() if u != SCHEDULER_OWNER]


def consolidate_shard(kernel: Kernel, consolidate: Consolidate,
                      ctx: JobContext) -> dict[str, Any]:
    """Consolidate today's shard of users, at most ``max_concurrent_users`` at a time."""
    cfg = kernel.settings.sleep
    day = ctx.now.astimezone().date() if cfg.timezone == "system" else ctx.now.date()
    users = users_for_date(_users(kernel, ctx.context), day, cycle_days=cfg.shard_cycle_days,
                           strategy=cfg.shard_strategy)
    lock = threading.Lock()
    state = {"running": 0, "peak": 0}

    def one(user: str) -> str:
        with lock:
            state["running"] += 1
            state["peak"] = max(state["peak"], state["running"])
        try:
            return str(consolidate(user, ctx.context).status)
        finally:
            with lock:
                state["running"] -= 1

    with ThreadPoolExecutor(max_workers=cfg.max_concurrent_users,
                            thread_name_prefix="lucidmem-sleep") as pool:
        statuses = list(pool.map(one, users))
    return {"users": len(users), "completed": statuses.count("completed"),
            "paused": statuses.count("paused"), "peak_concurrency": state["peak"],
            "shard_users": users[:50]}


def index_maintenance(kernel: Kernel, ctx: JobContext) -> dict[str, Any]:
    """Embed searchable records (turns, facts, inferred preferences) that lack a vector."""
    store = kernel.store(ctx.context)
    step, embedded = EmbeddingStep(), 0
    for user in _users(kernel, ctx.context):
        sctx = StepContext(user_id=user, store=store, now=to_epoch(ctx.now),
                           cfg=kernel.settings.sleep.job, embedder=kernel.embedder, seed=0)
        todo = step.load(sctx)
        for start in range(0, len(todo), 64):
            changes = step.process(sctx, todo[start:start + 64])
            kernel.write(ctx.context, user, changes.quiet, audit=False)
            embedded += len(changes.quiet)
    return {"embedded": embedded}


def weekly_evolution(kernel: Kernel, ctx: JobContext) -> dict[str, Any]:
    """Summarise each user's fact changes of the past week."""
    store = kernel.store(ctx.context)
    now = to_epoch(ctx.now)
    week = ctx.now.isocalendar()[:2]
    summaries = 0
    for user in _users(kernel, ctx.context):
        facts = store.find(Query(user_id=user, kinds=[FACT]))
        changed = [f for f in facts if f.updated_at >= now - 7 * DAY]
        if not changed:
            continue
        by_status: dict[str, int] = {}
        for f in changed:
            by_status[f.status] = by_status.get(f.status, 0) + 1
        shifts = store.count(Query(user_id=user, kinds=[Kind.PREFERENCE_SHIFT],
                                   occurred_from=now - 7 * DAY))
        rid = stable_id(Kind.EVOLUTION_SUMMARY, user, *week)
        found = store.get(user, [rid])
        record = new_record(rid, Kind.EVOLUTION_SUMMARY, user, now, {
            "week": f"{week[0]}-W{week[1]:02d}", "changed_by_status": by_status,
            "preference_shifts": shifts, "facts_total": len(facts)},
            prior=found[0] if found else None, layer=1)
        kernel.write(ctx.context, user, [record], audit=False)
        summaries += 1
    return {"summaries": summaries}


def sleep_jobs(kernel: Kernel, consolidate: Consolidate) -> list[Job]:
    """The sleep capability's jobs with the configured cron expressions."""
    cfg = kernel.settings.sleep
    return [
        Job("consolidation", cfg.consolidation_cron,
            lambda ctx: consolidate_shard(kernel, consolidate, ctx), needs_idle=True,
            description="sleep cycle for today's shard of users"),
        Job("weekly_evolution", cfg.weekly_cron, lambda ctx: weekly_evolution(kernel, ctx),
            needs_idle=True, description="weekly evolution summary of fact changes"),
        Job("index_maintenance", cfg.index_cron, lambda ctx: index_maintenance(kernel, ctx),
            description="embed records that lack a vector"),
    ]
