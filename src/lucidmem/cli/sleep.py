"""Sleep-cycle commands: ``consolidate``, ``jobs`` and ``worker``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from .app import app, open_memory

if TYPE_CHECKING:
    from ..consolidation.report import ConsolidationReport, ProgressUpdate, UserReport

console = Console()


CHANGE_COUNTS = (("archived", "archived"), ("variants_removed", "variants removed"),
                 ("compacted", "compacted"), ("preferences", "preferences"),
                 ("triggers", "triggers"))
"""(count name, words) of a user's changes, in the order the summary lists them."""


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB"


def _changes(u: UserReport) -> str:
    parts = [f"{u.count(name)} {words}" for name, words in CHANGE_COUNTS if u.count(name)]
    if u.bytes_saved:
        parts.append(f"{_size(u.bytes_saved)} saved")
    return ", ".join(parts) or "nothing to change"


def _summary(report: ConsolidationReport) -> Table:
    """One row per user, readable in 80 columns: the changes are one wrapped phrase."""
    table = Table(title=f"consolidation of context {report.context!r}"
                        + (" (dry run: nothing written)" if report.dry_run else ""))
    table.add_column("user", overflow="fold", max_width=16)
    table.add_column("status", no_wrap=True)
    table.add_column("as of (UTC)", no_wrap=True)
    table.add_column("turns", justify="right")
    table.add_column("facts", justify="right")
    table.add_column("changes", ratio=1)
    table.add_column("time", justify="right")
    for u in report.users:
        table.add_row(u.user_id, u.status,
                      u.reference_time.astimezone(UTC).strftime("%Y-%m-%d %H:%M"),
                      str(u.turns), f"{u.facts_before}→{u.facts_after}", _changes(u),
                      f"{u.seconds:.1f} s")
    return table


@app.command()
def consolidate(
    ctx: typer.Context,
    user: Annotated[str | None, typer.Option("--user", "-u",
                                             help="One user (default: every user).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the changes, write "
                                                            "nothing.")] = False,
    reset: Annotated[bool, typer.Option("--reset", help="Discard a corrupted checkpoint "
                                                        "and restart the run.")] = False,
    show: Annotated[int, typer.Option(help="Changes listed in a dry run.")] = 30,
) -> None:
    """Run the sleep cycle now: validate, replay, detect patterns, archive, compact."""
    with open_memory(ctx) as memory, Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), console=console,
    ) as bar:
        task = bar.add_task("consolidating", total=None)

        def progress(update: ProgressUpdate) -> None:
            bar.update(task, total=update.steps_total, completed=update.step_index + (
                1 if update.done >= update.total else 0),
                description=f"{update.user_id}: {update.step}")

        report = memory.sleep.consolidate(user_id=user, dry_run=dry_run, progress=progress,
                                          reset=reset)
    console.print(_summary(report))
    console.print(f"{report.status}: {len(report.users)} user(s), {report.turns} turns, "
                  f"{report.count('archived')} archived, {report.bytes_saved} bytes saved by "
                  f"compaction, {report.seconds:.2f} s")
    for u in report.users:
        for warning in u.warnings:
            console.print(f"[yellow]warning[/yellow] {u.user_id}: {warning}")
    if dry_run:
        for change in report.changes[:show]:
            console.print(f"  would {change.action} {change.kind} {change.record_id} "
                          f"({change.step}) {change.detail}")
        if len(report.changes) > show:
            console.print(f"  … and {len(report.changes) - show} more")


@app.command()
def jobs(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(help="History rows shown.")] = 10,
) -> None:
    """Show the background jobs, their next run times and recent history."""
    with open_memory(ctx) as memory:
        scheduler = memory.sleep.scheduler(context=ctx.obj.context if ctx.obj else None)
        now = datetime.now(UTC)
        table = Table(title="scheduled jobs")
        for column in ("job", "cron", "idle", "next run (UTC)", "description"):
            table.add_column(column)
        for name, entry in sorted(scheduler.jobs.items()):
            table.add_row(name, entry.cron, "yes" if entry.needs_idle else "no",
                          scheduler.next_run(name, after=now).strftime("%Y-%m-%d %H:%M"),
                          entry.description)
        console.print(table)
        runs = scheduler.history(limit=limit)
        history = Table(title="history")
        for column in ("job", "scheduled", "status", "s", "summary"):
            history.add_column(column)
        for run in runs:
            history.add_row(run.job, run.scheduled_for.strftime("%Y-%m-%d %H:%M"), run.status,
                            f"{run.seconds:.2f}", run.summary[:80])
        console.print(history if runs else "no runs recorded yet")


@app.command()
def worker(
    ctx: typer.Context,
    poll: Annotated[float, typer.Option(help="Seconds between checks.")] = 30.0,
    concurrency: Annotated[int, typer.Option(
        min=1, help="Tasks run at once (PostgreSQL job queue only).")] = 1,
    stalled_after: Annotated[float, typer.Option(
        min=1.0, help="Seconds without a heartbeat after which another worker's running "
                      "tasks are retried (PostgreSQL job queue only).")] = 30.0,
    burst: Annotated[bool, typer.Option(
        help="Stop once the queue is empty (PostgreSQL job queue only).")] = False,
) -> None:
    """Run background work until interrupted: with LUCIDMEM_STORE_URL, a worker of the
    shared PostgreSQL job queue (run as many as you like, on any machine); otherwise the
    in-process scheduler."""
    from ..scheduler import JobRun
    from .distributed import run_queue_worker, uses_job_queue

    if uses_job_queue():
        run_queue_worker(ctx, concurrency=concurrency, stalled_after=stalled_after,
                         burst=burst)
        return
    with open_memory(ctx) as memory:
        scheduler = memory.sleep.scheduler(context=ctx.obj.context if ctx.obj else None)
        console.print(f"lucidmem worker: {len(scheduler.jobs)} jobs; Ctrl-C to stop")
        if not scheduler.settings.enabled:
            console.print("[yellow]the timetable is off (sleep.enabled = false, "
                          "LUCIDMEM_SLEEP__ENABLED): no scheduled job will run[/yellow]")

        def report(run: JobRun) -> None:
            console.print(f"{run.started_at:%Y-%m-%d %H:%M:%S} {run.job}: {run.status} "
                          f"{run.summary[:100]}")

        try:
            scheduler.run_forever(poll_seconds=poll, on_run=report)
        except KeyboardInterrupt:
            console.print("stopped")
