"""The PostgreSQL job queue with REAL worker processes: SIGKILLs mid-consolidation, per-user
exclusion, several workers draining one queue."""

from __future__ import annotations

import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest

from lucidmem import Memory
from lucidmem.consolidation.records import CHECKPOINT, RUN
from lucidmem.distributed.engine import advisory_lock, user_lock_key
from lucidmem.embedding import E5Embedder
from lucidmem.settings import Settings
from lucidmem.store.base import Query

from .topology import COMMANDS, start

USERS = ["maya", "noor", "li"]
SUNDAY = datetime(2026, 1, 4, 10, 0, tzinfo=UTC)
KILLS = 3


def fill(memory: Memory, user: str, weeks: int = 5) -> None:
    for w in range(weeks):
        memory.add(
            [{"role": "user", "content": f"Let's plan the groceries for week {w}",
              "metadata": {"caption": "photo of a fridge " * 40}},
             {"role": "assistant", "content": "Sure, what do you need this week?"}],
            user_id=user, conversation_id=f"sun{w}", timestamp=SUNDAY + timedelta(weeks=w))
        memory.add("I love jazz and I'm allergic to peanuts!", user_id=user,
                   conversation_id=f"tue{w}",
                   timestamp=SUNDAY + timedelta(weeks=w, days=2, hours=3))


def snapshot(memory: Memory, user: str) -> Counter[tuple[Any, ...]]:
    """What a user owns after consolidation, minus the job's bookkeeping, ids and times (the
    two contexts were filled separately, so turn ids differ)."""
    return Counter((r.kind, r.status, r.text, r.layer, r.version, r.embedding is None)
                   for r in memory.kernel.store().find(Query(user_id=user))
                   if r.kind not in (CHECKPOINT, RUN))


def jobs_by_status(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT status::text, count(*) FROM procrastinate_jobs "
                            "WHERE task_name = 'lucidmem.consolidate' GROUP BY 1").fetchall()
    return {r[0]: int(r[1]) for r in rows}


def user_locks_held(url: str) -> int:
    """Advisory locks held in the database at ``url`` (the workers' per-user locks)."""
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
            "WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else 0


def consolidating(url: str) -> bool:
    """A worker is mid-way through a user: it holds the user's lock and a checkpoint says
    running (a checkpoint alone may be left over from a killed run)."""
    return user_locks_held(url) >= 1 and running_checkpoint(url)


def running_checkpoint(url: str) -> bool:
    """A consolidation of the ``run`` context is mid-way (its checkpoint says running)."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT data FROM lucidmem_run.records WHERE kind = %s", (CHECKPOINT,)).fetchall()
    import json

    return any(json.loads(r[0]).get("run", {}).get("status") == "running" for r in rows)


@pytest.fixture
def queue_env(postgres_url: str, tmp_path: Path) -> dict[str, str]:
    return {"LUCIDMEM_STORE_URL": postgres_url, "LUCIDMEM_DATA_DIR": str(tmp_path / "w")}


@pytest.fixture
def memories(postgres_url: str, tmp_path: Path,
             embedder: E5Embedder) -> Iterator[tuple[Memory, Memory]]:
    ref = Memory(tmp_path / "a", settings=Settings(store_url=postgres_url,
                                                   default_context="ref"), embedder=embedder)
    run = Memory(tmp_path / "b", settings=Settings(store_url=postgres_url,
                                                   default_context="run"), embedder=embedder)
    try:
        yield ref, run
    finally:
        ref.close()
        run.close()


def stop(process: subprocess.Popen[bytes]) -> int:
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()


def test_sigkilled_workers_lose_and_duplicate_nothing(
        postgres_url: str, queue_env: dict[str, str],
        memories: tuple[Memory, Memory]) -> None:
    ref, run = memories
    for user in USERS:
        fill(ref, user)
        fill(run, user)
    # both start from the same state: every vector stored and every fact extracted (this
    # process's background threads must not still be working on ``run`` under the workers)
    assert ref.flush(timeout=300) and run.flush(timeout=300)
    for user in USERS:
        ref.sleep.consolidate(user_id=user)  # the uninterrupted reference, in-process
    migrate = start(COMMANDS["migrate"], queue_env)
    assert migrate.wait(timeout=120) == 0, migrate.stdout.read() if migrate.stdout else ""
    enqueue = start(["lucidmem", "-c", "run", "enqueue"], queue_env)
    assert enqueue.wait(timeout=120) == 0
    assert jobs_by_status(postgres_url) == {"todo": len(USERS)}

    kills = 0
    for _ in range(KILLS):
        worker = start(COMMANDS["worker"], queue_env, "--stalled-after", "2")
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not consolidating(postgres_url):
            if jobs_by_status(postgres_url).get("succeeded") == len(USERS):
                break
            time.sleep(0.02)
        if consolidating(postgres_url):
            worker.send_signal(signal.SIGKILL)  # mid-run, holding a user's lock
            kills += 1
            worker.wait(timeout=120)
            # The dead worker's user lock went with its connection: nobody waits for it.
            deadline = time.monotonic() + 30
            while user_locks_held(postgres_url) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert user_locks_held(postgres_url) == 0, "a killed worker's lock outlived it"
        else:  # every job done before one was caught mid-run: a worker never ends by itself
            stop(worker)
    assert kills >= 1, "no worker was killed mid-consolidation"

    # Two fresh workers: the stalled jobs are retried (heartbeat gone) and finish.
    workers = [start(COMMANDS["worker"], queue_env, "--stalled-after", "2") for _ in range(2)]
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if jobs_by_status(postgres_url) == {"succeeded": len(USERS)}:
                break
            time.sleep(0.5)
    finally:
        codes = [stop(w) for w in workers]
    assert jobs_by_status(postgres_url) == {"succeeded": len(USERS)}
    assert codes == [0, 0], "SIGTERM should stop a worker cleanly"
    for user in USERS:
        want, got = snapshot(ref, user), snapshot(run, user)
        assert sum(want.values()) > 30
        assert want - got == Counter(), f"{user}: records lost; extra {got - want}"
        assert got - want == Counter(), f"{user}: records duplicated"


def test_a_user_being_consolidated_elsewhere_waits(
        postgres_url: str, queue_env: dict[str, str],
        memories: tuple[Memory, Memory]) -> None:
    _, run = memories
    fill(run, "maya", weeks=2)
    assert start(COMMANDS["migrate"], queue_env).wait(timeout=120) == 0
    with advisory_lock(postgres_url, user_lock_key("run", "maya")):
        assert start(["lucidmem", "-c", "run", "enqueue", "--user", "maya"],
                     queue_env).wait(timeout=120) == 0
        worker = start(COMMANDS["worker"], queue_env)
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:  # the worker tried and was told to wait
                with psycopg.connect(postgres_url) as conn:
                    row = conn.execute(
                        "SELECT attempts FROM procrastinate_jobs").fetchone()
                if row and row[0] >= 1:
                    break
                time.sleep(0.2)
            assert row is not None and row[0] >= 1
            assert run.kernel.store().find(Query(user_id="maya", kinds=[CHECKPOINT])) == []
        except BaseException:
            stop(worker)
            raise
    # The lock is free: the retry (after its back-off) consolidates the user.
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and jobs_by_status(postgres_url) != {"succeeded": 1}:
            time.sleep(0.5)
    finally:
        stop(worker)
    assert jobs_by_status(postgres_url) == {"succeeded": 1}
    assert run.kernel.store().find(Query(user_id="maya", kinds=[CHECKPOINT]))
