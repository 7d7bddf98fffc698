"""Rate limits and created API keys shared by every API worker through PostgreSQL: two
app instances in this process, processes taking from one bucket at once, and
``lucidmem serve --workers 2`` over real HTTP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient

from lucidmem import Memory, Settings
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.cli import main
from lucidmem.embedding import E5Embedder
from lucidmem.settings import FactSettings
from lucidmem.store.server_state import PostgresServerState

from .test_api_workers import free_port
from .topology import COMMANDS, start

ADMIN = "admin-key-for-tests"
M = "/api/v1/memories"
TAKER = """
import sys
from lucidmem.store.server_state import PostgresServerState
state = PostgresServerState(sys.argv[1])
granted = sum(state.take("write:shared", 0.0001, 30) == 0.0 for _ in range(int(sys.argv[2])))
print(granted)
"""


@pytest.fixture
def two_apps(postgres_url: str, tmp_path: Path,
             embedder: E5Embedder) -> Iterator[tuple[TestClient, TestClient]]:
    settings = Settings(store_url=postgres_url, data_dir=tmp_path,
                        facts=FactSettings(extractor="none"))
    server = ServerSettings(write_rate=0.001, write_burst=4, read_rate=0.001, read_burst=6)
    with Memory(settings=settings, embedder=embedder) as a, \
            Memory(settings=settings, embedder=embedder) as b:
        clients = tuple(TestClient(create_app(m, settings=server, keys=KeyRing(ADMIN)),
                                   raise_server_exceptions=False) for m in (a, b))
        yield clients[0], clients[1]


def test_two_apps_take_from_one_bucket_and_know_each_others_keys(
        two_apps: tuple[TestClient, TestClient]) -> None:
    one, two = two_apps
    admin = {"Authorization": f"Bearer {ADMIN}"}
    created = one.post("/api/v1/keys", json={"user_id": "ana"}, headers=admin)
    assert created.status_code == 201, created.text
    ana = {"Authorization": f"Bearer {created.json()['key']}"}
    codes = [(one, two)[i % 2].post(M, json={"messages": f"note {i}"}, headers=ana).status_code
             for i in range(8)]
    assert codes.count(201) == 4 and codes[4:] == [429] * 4  # one burst across both apps
    reads = [(two, one)[i % 2].get(M, headers=ana).status_code for i in range(8)]
    assert reads.count(200) == 6 and reads[6:] == [429, 429]
    listed = two.get("/api/v1/keys", headers=admin).json()
    assert [k["user_id"] for k in listed] == ["ana"]
    assert two.delete(f"/api/v1/keys/{listed[0]['key_id']}", headers=admin).status_code == 204
    assert one.get(M, headers=ana).status_code == 401  # revoked through the other app


def test_processes_taking_at_once_share_one_burst(postgres_url: str) -> None:
    PostgresServerState(postgres_url).close()  # the schema, so the children only take
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    children = [subprocess.Popen([sys.executable, "-c", TAKER, postgres_url, "25"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for _ in range(3)]
    results = [child.communicate(timeout=120) for child in children]
    assert [c.returncode for c in children] == [0, 0, 0], results
    assert sum(int(out) for out, _ in results) == 30  # 75 attempts, burst 30, no refill


def _wait_healthy(base: str) -> None:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.5)
    raise AssertionError(f"{base} never became healthy")


def test_two_server_processes_share_limits_and_created_keys(
        postgres_url: str, tmp_path: Path) -> None:
    """Two ``lucidmem serve`` processes on one PostgreSQL, each request sent to a chosen one
    (``--workers N`` runs the same app in N processes, but which one answers is the
    kernel's choice)."""
    env = {"LUCIDMEM_STORE_URL": postgres_url, "LUCIDMEM_DATA_DIR": str(tmp_path),
           "LUCIDMEM_API_ADMIN_KEY": ADMIN, "LUCIDMEM_FACTS__EXTRACTOR": "none",
           "LUCIDMEM_API_READ_RATE": "0.001", "LUCIDMEM_API_READ_BURST": "10",
           "LUCIDMEM_API_AUTH_FAILURE_RATE": "0.001", "LUCIDMEM_API_AUTH_FAILURE_BURST": "3"}
    assert start(COMMANDS["migrate"], env).wait(timeout=180) == 0
    ports = [free_port(), free_port()]
    servers = [start(["lucidmem", "serve"], env, "--port", str(p)) for p in ports]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    admin = {"Authorization": f"Bearer {ADMIN}"}
    try:
        for base in bases:
            _wait_healthy(base)
        r = httpx.post(f"{bases[0]}/api/v1/keys", json={"user_id": "ana"}, headers=admin,
                       timeout=60)
        assert r.status_code == 201, r.text
        ana = {"Authorization": f"Bearer {r.json()['key']}"}
        codes = [httpx.get(f"{bases[i % 2]}{M}", headers=ana, timeout=120).status_code
                 for i in range(14)]  # the key made on one process works on the other
        assert codes == [200] * 10 + [429] * 4, codes  # one read burst across both
        bad = {"Authorization": "Bearer not-a-key-at-all"}
        fails = [httpx.get(f"{bases[i % 2]}{M}", headers=bad, timeout=60).status_code
                 for i in range(5)]
        assert fails == [401, 401, 401, 429, 429], fails  # one address, one failure budget
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        # each shuts down gracefully and exits 0 (tests/cli/test_serve_shutdown.py)
        assert [server.wait(timeout=60) for server in servers] == [0, 0]


def test_keys_made_by_the_cli_work_on_every_app(
        two_apps: tuple[TestClient, TestClient], postgres_url: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = two_apps
    monkeypatch.setenv("LUCIDMEM_STORE_URL", postgres_url)
    code, out = _cli(monkeypatch, capsys, "keys", "create", "--user", "bo", "--context", "work")
    assert code == 0
    key = out.strip()
    bo = {"Authorization": f"Bearer {key}"}
    assert one.post(M, params={"context": "work"}, json={"messages": "hi"}, headers=bo
                    ).status_code == 201
    assert two.get(M, headers=bo).status_code == 403  # only "work" was allowed
    code, out = _cli(monkeypatch, capsys, "keys", "list", "--user", "bo")
    assert code == 0 and key not in out
    key_id = json.loads(out.splitlines()[0])["key_id"]
    assert _cli(monkeypatch, capsys, "keys", "revoke", key_id)[0] == 0
    assert two.get(M, params={"context": "work"}, headers=bo).status_code == 401
    code, _ = _cli(monkeypatch, capsys, "keys", "revoke", key_id)
    assert code == 2 and "no created key" in _LAST[1]


def test_the_cli_says_keys_need_postgresql(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("LUCIDMEM_STORE_URL", raising=False)
    code, _ = _cli(monkeypatch, capsys, "keys", "create", "--user", "bo")
    assert code == 2 and "LUCIDMEM_STORE_URL" in _LAST[1]


_LAST = ["", ""]


def _cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["lucidmem", *args])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    _LAST[:] = [out, err]
    code = info.value.code
    return (0 if code is None else int(code)), out


def test_forgetting_a_user_revokes_their_keys_in_the_database(
        two_apps: tuple[TestClient, TestClient], postgres_url: str, tmp_path: Path,
        embedder: E5Embedder) -> None:
    one, two = two_apps
    admin = {"Authorization": f"Bearer {ADMIN}"}
    keys = [one.post("/api/v1/keys", json={"user_id": user}, headers=admin).json()["key"]
            for user in ("ana", "ana", "ben")]
    ana, ana2, ben = ({"Authorization": f"Bearer {k}"} for k in keys)
    assert one.post(M, json={"messages": "ana's note"}, headers=ana).status_code == 201
    assert two.delete(M, headers=ana).status_code == 200  # forgotten through the other app
    for gone in (ana, ana2):
        assert one.get(M, headers=gone).status_code == 401
    assert one.get(M, headers=ben).status_code == 200
    # the library (and so the CLI and MCP) revokes them too: they live in the database
    settings = Settings(store_url=postgres_url, data_dir=tmp_path / "lib",
                        facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.delete_all(user_id="ben")
    assert one.get(M, headers=ben).status_code == 401
    state = PostgresServerState(postgres_url)
    assert state.keys() == []
    state.close()


def test_forgetting_on_a_database_without_keys_creates_nothing(
        postgres_url: str, tmp_path: Path, embedder: E5Embedder) -> None:
    settings = Settings(store_url=postgres_url, data_dir=tmp_path,
                        facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add("a note", user_id="ana")
        assert memory.delete_all(user_id="ana") == 1
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT to_regclass('lucidmem.api_keys')").fetchone() == (None,)
