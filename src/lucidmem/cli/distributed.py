"""Commands of the PostgreSQL job queue: ``lucidmem migrate``, ``lucidmem enqueue`` and the
queue side of ``lucidmem worker`` (see :mod:`lucidmem.distributed.engine`)."""

from __future__ import annotations

import asyncio
from datetime import UTC
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..errors import ConfigurationError
from .app import app, open_memory

console = Console()


def uses_job_queue() -> bool:
    """Whether background work goes through the PostgreSQL job queue (``store_url`` set)."""
    from ..settings import Settings

    return Settings().store_url is not None


def _url() -> str:
    from ..settings import Settings

    url = Settings().store_url
    if url is None:
        raise ConfigurationError(
            "the job queue lives in PostgreSQL: set LUCIDMEM_STORE_URL=postgresql://... "
            "(without it, `lucidmem worker` runs the in-process scheduler).")
    return url


def show_parked_tasks(*, limit: int) -> None:
    """Print the queue's parked tasks: those that failed every run they were allowed."""
    from ..distributed.engine import MAX_ATTEMPTS, parked_tasks

    parked = parked_tasks(_url(), limit=limit)
    if not parked:
        console.print("no parked tasks in the job queue")
        return
    table = Table(title=f"parked tasks (failed {MAX_ATTEMPTS} runs; see the worker logs)")
    for column in ("id", "task", "arguments", "runs", "last failure (UTC)"):
        table.add_column(column)
    for task in parked:
        table.add_row(str(task.id), task.task,
                      ", ".join(f"{k}={v}" for k, v in sorted(task.args.items())),
                      str(task.attempts),
                      task.failed_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
                      if task.failed_at else "-")
    console.print(table)


def run_queue_worker(ctx: typer.Context, *, concurrency: int, stalled_after: float,
                     burst: bool) -> None:
    """Serve the job queue until SIGTERM/SIGINT (running tasks finish first)."""
    from ..distributed.engine import HEARTBEAT_SECONDS, ensure_schema, run_worker

    url = _url()
    ensure_schema(url)
    with open_memory(ctx) as memory:
        console.print(f"lucidmem worker: PostgreSQL job queue, concurrency {concurrency}")
        asyncio.run(run_worker(memory, url, concurrency=concurrency,
                               stalled_after=stalled_after,
                               heartbeat=min(HEARTBEAT_SECONDS, stalled_after / 3),
                               wait=not burst))


@app.command()
def migrate(ctx: typer.Context) -> None:
    """Prepare the database once per deploy: every context's schema and the job tables.
    Safe to run from several machines at once (one migrates, the others wait)."""
    from ..distributed.engine import ensure_schema

    url = _url()
    created = ensure_schema(url)
    with open_memory(ctx) as memory:
        contexts = memory.contexts() or [memory.kernel.context_name(None)]
        for name in contexts:
            memory.kernel.store(name)
    console.print(f"job tables {'created' if created else 'up to date'}; "
                  f"contexts migrated: {', '.join(contexts)}")


@app.command()
def enqueue(
    ctx: typer.Context,
    user: Annotated[list[str] | None, typer.Option(
        "--user", "-u", help="Consolidate this user (repeatable); default every user.")] = None,
) -> None:
    """Queue consolidation tasks for the workers of the PostgreSQL job queue."""
    from ..distributed.engine import build_app, defer_consolidation, ensure_schema

    url = _url()
    ensure_schema(url)
    with open_memory(ctx) as memory:
        name = memory.kernel.context_name(ctx.obj.context if ctx.obj else None)
        users = list(user) if user else [
            u for u in memory.kernel.store(name).user_ids() if not u.startswith(("_", "~"))]
    queue = build_app(url)
    with queue.open():
        queued = defer_consolidation(queue, name, users)
    console.print(f"queued {queued} consolidation task(s) in context {name}")
