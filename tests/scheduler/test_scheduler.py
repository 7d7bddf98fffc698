"""The scheduler: cron next-run times, due jobs, idle deferral, sharding, the concurrency cap,
run history, and the jobs every capability contributes."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from lucidmem import Memory, Settings
from lucidmem.consolidation.jobs import consolidate_shard
from lucidmem.consolidation.replay import users_for_date
from lucidmem.embedding import E5Embedder
from lucidmem.errors import ConfigurationError
from lucidmem.scheduler import IdleDetector, Job, JobContext, Scheduler

START = datetime(2026, 3, 2, 0, 30, tzinfo=UTC)  # a Monday


def _always_idle() -> IdleDetector:
    return IdleDetector(20.0, 0.0, sample=lambda: 1.0)


def test_default_schedule_and_next_runs(memory: Memory) -> None:
    s = memory.sleep.scheduler(start=START, idle=_always_idle())
    assert {"consolidation", "weekly_evolution", "index_maintenance",
            "feedback_classification", "trajectory_retention"} <= set(s.jobs)
    assert s.jobs["consolidation"].cron == "0 2 * * *"
    assert s.next_run("consolidation") == datetime(2026, 3, 2, 2, 0, tzinfo=UTC)
    assert s.next_run("index_maintenance") == datetime(2026, 3, 2, 1, 0, tzinfo=UTC)
    assert s.next_run("weekly_evolution") == datetime(2026, 3, 8, 3, 0, tzinfo=UTC)  # Sunday
    assert s.next_run("feedback_classification") == datetime(2026, 3, 2, 3, 0, tzinfo=UTC)


def test_run_pending_runs_due_jobs_once_and_records_history(memory: Memory) -> None:
    calls: list[datetime] = []
    ticker = Job("tick", "*/15 * * * *", lambda ctx: calls.append(ctx.now) or {"n": 1})
    s = Scheduler(memory.kernel, [ticker], start=START, idle=_always_idle())
    assert s.run_pending(START) == []
    runs = s.run_pending(START + timedelta(minutes=50))  # 00:45, 01:00, 01:15 missed
    assert [r.job for r in runs] == ["tick"] and runs[0].status == "ok"
    assert runs[0].scheduled_for == datetime(2026, 3, 2, 1, 15, tzinfo=UTC)  # coalesced
    assert s.run_pending(START + timedelta(minutes=55)) == []  # coalesced, not run twice
    assert len(calls) == 1
    history = s.history("tick")
    assert len(history) == 1 and history[0].summary == "n=1"
    again = Scheduler(memory.kernel, [ticker], start=START, idle=_always_idle())
    assert again.next_run("tick") == datetime(2026, 3, 2, 1, 30, tzinfo=UTC)  # from history


def test_a_paused_timetable_runs_nothing_but_on_demand_runs_still_work(
        tmp_path: Path, embedder: E5Embedder) -> None:
    calls: list[datetime] = []
    ticker = Job("tick", "*/15 * * * *", lambda ctx: calls.append(ctx.now) or {"n": 1})
    settings = Settings(sleep={"enabled": False})  # type: ignore[arg-type]
    with Memory(tmp_path, embedder=embedder, settings=settings) as memory:
        s = Scheduler(memory.kernel, [ticker], start=START, idle=_always_idle())
        assert s.run_pending(START + timedelta(hours=3)) == []
        assert calls == [] and s.history("tick") == []
        assert s.run_job("tick", START + timedelta(hours=3)).status == "ok"
        assert len(calls) == 1


def test_runs_are_frozen_models_with_text_detail_keys(memory: Memory) -> None:
    odd = Job("odd", "* * * * *", lambda ctx: {7: "seven", "ok": True})
    s = Scheduler(memory.kernel, [odd], start=START, idle=_always_idle())
    [run] = s.run_pending(START + timedelta(minutes=1))
    assert run.status == "ok" and run.details == {"7": "seven", "ok": True}
    assert run.started_at.tzinfo is not None
    with pytest.raises(ValidationError, match="frozen"):
        run.status = "error"  # type: ignore[misc]
    [kept] = s.history("odd")
    assert (kept.job, kept.scheduled_for, kept.details) == ("odd", run.scheduled_for,
                                                              run.details)


def test_failing_job_is_recorded_not_raised(memory: Memory) -> None:
    def boom(ctx: JobContext) -> None:
        raise RuntimeError("disk on fire")

    s = Scheduler(memory.kernel, [Job("boom", "* * * * *", boom)], start=START,
                  idle=_always_idle())
    [run] = s.run_pending(START + timedelta(minutes=1))
    assert run.status == "error" and "disk on fire" in run.summary


def test_idle_detection_defers_heavy_jobs(memory: Memory) -> None:
    readings = [50.0]
    ticks = [0.0]
    idle = IdleDetector(20.0, 300.0, sample=lambda: readings[0], clock=lambda: ticks[0])
    heavy = Job("heavy", "0 2 * * *", lambda ctx: None, needs_idle=True)
    s = Scheduler(memory.kernel, [heavy], start=START, idle=idle)
    at = START + timedelta(hours=2)
    assert [r.status for r in s.run_pending(at)] == ["deferred"]
    readings[0] = 5.0
    assert [r.status for r in s.run_pending(at)] == ["deferred"]  # idle for 0 s so far
    ticks[0] = 301.0
    assert [r.status for r in s.run_pending(at)] == ["ok"]
    assert not idle.is_idle() or idle.idle_for() >= 300


def test_bad_cron_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="cron"):
        Job("bad", "every day", lambda ctx: None)


def test_jobs_are_passed_in_and_names_are_unique(memory: Memory) -> None:
    retention = Job("retention", "0 5 * * 0", lambda ctx: {"ok": True})
    s = Scheduler(memory.kernel, [retention], start=START, idle=_always_idle())
    assert list(s.jobs) == ["retention"]  # nothing registered elsewhere sneaks in
    assert s.run_job("retention").status == "ok"
    with pytest.raises(ConfigurationError, match="share a name"):
        Scheduler(memory.kernel, [retention, retention], start=START)


def test_sharding_covers_every_user_once_a_week() -> None:
    users = [f"user{i}" for i in range(50)]
    days = [START.date() + timedelta(days=d) for d in range(7)]
    seen = [u for day in days for u in users_for_date(users, day)]
    assert sorted(seen) == sorted(users)


def test_consolidation_job_caps_concurrency(memory: Memory) -> None:
    for i in range(40):
        memory.add("hello", user_id=f"user{i}")
    active, peak = [0], [0]
    lock = threading.Lock()

    def fake(user: str, context: str | None) -> object:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.02)
        with lock:
            active[0] -= 1
        return type("R", (), {"status": "completed"})()

    result = consolidate_shard(memory.kernel, fake, JobContext(START))  # type: ignore[arg-type]
    expected = users_for_date([f"user{i}" for i in range(40)], START.date())
    assert result["users"] == len(expected) and result["completed"] == len(expected)
    assert result["shard_users"] == expected
    assert 1 <= result["peak_concurrency"] <= 4 and peak[0] <= 4


def test_scheduled_consolidation_runs_for_real(memory: Memory) -> None:
    memory.add("I love jazz", user_id="maya")
    s = memory.sleep.scheduler(start=START, idle=_always_idle())
    runs = {r.job: r for r in s.run_pending(START + timedelta(days=7))}
    assert runs["consolidation"].status == "ok", runs["consolidation"].summary
    assert runs["index_maintenance"].status == "ok"
    assert runs["weekly_evolution"].status == "ok", runs["weekly_evolution"].summary
