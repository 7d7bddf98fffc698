"""Embedding and fact extraction left to REAL worker processes (``background_work="workers"``):
an API-side Memory only stores and queues; ``lucidmem worker`` processes drain each user's
queues; SIGKILLs mid-drain lose and duplicate nothing; reads still see the facts."""

from __future__ import annotations

import signal
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest

from lucidmem import Memory
from lucidmem.distributed.engine import build_app, defer_drains, waiting_users
from lucidmem.embedding import E5Embedder
from lucidmem.errors import ConfigurationError
from lucidmem.extraction import ALL
from lucidmem.handoff import DRAIN_TASK
from lucidmem.records import Kind
from lucidmem.settings import Settings
from lucidmem.store.base import Query

from .test_job_queue import stop, user_locks_held
from .topology import COMMANDS, start

USERS = ["maya", "noor", "li"]
MONDAY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TOPICS = ["jazz records", "the trip to Lisbon", "my sister's vegan birthday cake",
          "the new bike", "peanut allergy at the restaurant", "the garden tomatoes"]
KILLS = 4


def fill(memory: Memory, user: str, days: int) -> None:
    for d in range(days):
        topic = TOPICS[d % len(TOPICS)]
        memory.add(
            [{"role": "user", "content": f"Day {d}: I keep thinking about {topic}. "
                                         "I love jazz and I'm allergic to peanuts!"},
             {"role": "assistant", "content": f"Tell me more about {topic} (day {d})."}],
            user_id=user, conversation_id=f"c{d // 4}", timestamp=MONDAY + timedelta(hours=d))


def snapshot(memory: Memory, user: str) -> Counter[tuple[Any, ...]]:
    """What a user owns (ids and times aside: the two contexts were filled separately)."""
    return Counter((r.kind, r.status, r.text, r.layer, r.embedding is None)
                   for r in memory.kernel.store().find(Query(user_id=user)))


def turn_vectors(memory: Memory, user: str) -> dict[str, np.ndarray[Any, Any]]:
    out = {}
    for r in memory.kernel.store().find(Query(user_id=user, kinds=[Kind.TURN])):
        assert r.embedding is not None, f"{user}: a turn without its vector"
        out[r.text] = r.embedding
    return out


def same_state(ref: Memory, run: Memory) -> None:
    for user in USERS:
        want, got = snapshot(ref, user), snapshot(run, user)
        assert sum(want.values()) > 20
        assert want - got == Counter(), f"{user}: records lost"
        assert got - want == Counter(), f"{user}: records duplicated"
        a, b = turn_vectors(ref, user), turn_vectors(run, user)
        assert a.keys() == b.keys()
        for text, vector in a.items():  # contextual vectors: made in the order of the adds
            np.testing.assert_allclose(b[text], vector, atol=1e-5, err_msg=text)


def drains_by_status(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT status::text, count(*) FROM procrastinate_jobs "
                            "WHERE task_name = %s GROUP BY 1", (DRAIN_TASK,)).fetchall()
    return {r[0]: int(r[1]) for r in rows}


def queued(memory: Memory) -> tuple[int, int]:
    """(turns waiting for a vector, turns waiting for extraction) in the run context."""
    store = memory.kernel.store()
    return store.embedding_queue().pending, len(store.extraction_jobs(ALL))


@pytest.fixture
def queue_env(postgres_url: str, tmp_path: Path) -> dict[str, str]:
    return {"LUCIDMEM_STORE_URL": postgres_url, "LUCIDMEM_DATA_DIR": str(tmp_path / "w"),
            "LUCIDMEM_DEFAULT_CONTEXT": "run", "LUCIDMEM_BACKGROUND_WORK": "workers"}


@pytest.fixture
def memories(postgres_url: str, tmp_path: Path, queue_env: dict[str, str],
             embedder: E5Embedder) -> Iterator[tuple[Memory, Memory]]:
    """(reference filled with this process's threads, API-side memory leaving the work to
    the workers), after ``lucidmem migrate``."""
    migrate = start(COMMANDS["migrate"], queue_env)
    assert migrate.wait(timeout=120) == 0, migrate.stdout.read() if migrate.stdout else ""
    ref = Memory(tmp_path / "a", settings=Settings(  # read only: runs no thread either
        store_url=postgres_url, default_context="ref", background_work="workers"),
        embedder=embedder)
    run = Memory(tmp_path / "b", settings=Settings(
        store_url=postgres_url, default_context="run", background_work="workers"),
        embedder=embedder)
    try:
        yield ref, run
    finally:
        ref.close()
        run.close()


def fill_reference(url: str, tmp_path: Path, embedder: E5Embedder, days: int) -> None:
    """The uninterrupted reference: context ``ref`` filled by a memory of its own threads,
    closed once they are done (its threads would drain every open context of the database)."""
    with Memory(tmp_path / "threads", settings=Settings(store_url=url, default_context="ref"),
                embedder=embedder) as threads:
        for user in USERS:
            fill(threads, user, days=days)
        assert threads.flush(timeout=600)


def wait_until_drained(url: str, run: Memory, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        statuses = drains_by_status(url)
        if statuses and not {"todo", "doing"} & set(statuses) and queued(run) == (0, 0):
            assert "failed" not in statuses, statuses
            return
        time.sleep(0.5)
    raise AssertionError(f"not drained: jobs {drains_by_status(url)}, queues {queued(run)}")


def test_workers_embed_and_extract_what_the_api_process_queued(
        postgres_url: str, queue_env: dict[str, str], tmp_path: Path, embedder: E5Embedder,
        memories: tuple[Memory, Memory]) -> None:
    ref, run = memories
    fill_reference(postgres_url, tmp_path, embedder, days=6)
    for user in USERS:
        fill(run, user, days=6)
    # The API side ran no background thread: everything waits, one drain task per user.
    assert not run.kernel.indexer.running
    assert queued(run) == (len(USERS) * 6 * 2, len(USERS) * 6 * 2)
    assert drains_by_status(postgres_url) == {"todo": len(USERS)}

    workers = [start(COMMANDS["worker"], queue_env) for _ in range(2)]
    try:
        wait_until_drained(postgres_url, run)
    finally:
        codes = [stop(w) for w in workers]
    assert codes == [0, 0]
    same_state(ref, run)
    assert run.facts.list(user_id="maya", include_staged=True), "no fact extracted"
    assert user_locks_held(postgres_url) == 0


def test_sigkilled_drains_lose_and_duplicate_nothing(
        postgres_url: str, queue_env: dict[str, str], tmp_path: Path, embedder: E5Embedder,
        memories: tuple[Memory, Memory]) -> None:
    ref, run = memories
    fill_reference(postgres_url, tmp_path, embedder, days=30)
    for user in USERS:
        fill(run, user, days=30)
    total = queued(run)[0]

    kills = 0
    for _ in range(KILLS):
        worker = start(COMMANDS["worker"], queue_env, "--stalled-after", "2")
        deadline = time.monotonic() + 180
        caught = False
        while time.monotonic() < deadline:  # a drain holds its user's lock, part-way through
            pending = queued(run)[0]
            if user_locks_held(postgres_url) and 0 < pending < total:
                caught = True
                break
            if pending == 0:
                break
            time.sleep(0.05)
        if caught:
            worker.send_signal(signal.SIGKILL)
            kills += 1
            worker.wait(timeout=60)
            total = queued(run)[0]  # the next kill must come after more progress
        else:
            stop(worker)
    assert kills >= 2, "no worker was killed mid-drain"

    # Fresh workers retry the stalled tasks (their heartbeat is gone) and finish.
    workers = [start(COMMANDS["worker"], queue_env, "--stalled-after", "2") for _ in range(2)]
    try:
        wait_until_drained(postgres_url, run)
    finally:
        codes = [stop(w) for w in workers]
    assert codes == [0, 0]
    same_state(ref, run)


def test_a_read_of_facts_extracts_what_waits_without_any_worker(
        memories: tuple[Memory, Memory]) -> None:
    _, run = memories
    run.add("I'm allergic to peanuts and I love jazz.", user_id="maya")
    assert queued(run) == (1, 1)
    facts = run.facts.list(user_id="maya", include_staged=True)
    assert facts, "the read did not extract the waiting turn"
    assert queued(run) == (1, 0)  # vectors stay for the workers
    hits = run.search("peanuts", user_id="maya")  # keyword leg meanwhile
    assert "I'm allergic to peanuts and I love jazz." in [h.item.text for h in hits]


def test_the_tick_sweeps_users_whose_turns_wait(postgres_url: str,
                                               memories: tuple[Memory, Memory]) -> None:
    _, run = memories
    run.add("noted", user_id="maya")
    run.add("noted too", user_id="noor")
    with psycopg.connect(postgres_url, autocommit=True) as conn:  # deferrals that got lost
        conn.execute("DELETE FROM procrastinate_jobs")
    assert waiting_users(run, "run", time.time()) == ["maya", "noor"]
    app = build_app(postgres_url)
    with app.open():
        assert defer_drains(app, run, time.time()) == 2
        assert defer_drains(app, run, time.time()) == 0  # queued already: not twice
    assert drains_by_status(postgres_url) == {"todo": 2}


def test_workers_mode_needs_postgresql(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="store_url"):
        Settings(data_dir=tmp_path, background_work="workers")
