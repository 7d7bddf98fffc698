"""``lucidmem serve --workers 2``: two real uvicorn worker processes over one PostgreSQL."""

from __future__ import annotations

import signal
import socket
import time
from pathlib import Path

import httpx
import psycopg

from lucidmem.records import Kind

from .topology import COMMANDS, start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_two_api_workers_serve_one_database(postgres_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {"LUCIDMEM_STORE_URL": postgres_url, "LUCIDMEM_DATA_DIR": str(tmp_path),
           "LUCIDMEM_API_ADMIN_KEY": "admin-key-for-tests", "LUCIDMEM_FACTS__EXTRACTOR": "none"}
    assert start(COMMANDS["migrate"], env).wait(timeout=180) == 0
    server = start(COMMANDS["api"], env, "--port", str(port))
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": "Bearer admin-key-for-tests"}
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        texts = [f"Note {i}: my sister moved to Lisbon in year {2000 + i}" for i in range(6)]
        for text in texts:  # each on a fresh connection, so both workers take some
            r = httpx.post(f"{base}/api/v1/memories?user_id=ana", json={"messages": text},
                           headers=headers, timeout=120)
            assert r.status_code == 201, r.text
        for _ in range(8):  # whichever worker answers sees every write
            r = httpx.post(f"{base}/api/v1/memories/search?user_id=ana",
                           json={"query": "sister Lisbon", "limit": 10}, headers=headers,
                           timeout=120)
            assert r.status_code == 200, r.text
            assert sorted(h["item"]["text"] for h in r.json()) == sorted(texts)
        assert httpx.post(f"{base}/api/v1/memories/search?user_id=ana", json={"query": "x"},
                          headers={"Authorization": "Bearer wrong"}, timeout=60
                          ).status_code == 401
        # The API processes only queued the vectors (ENVIRONMENT): a worker computes them.
        assert vectors(postgres_url) == (0, len(texts))
        worker = start(COMMANDS["worker"], env)
        try:
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline and vectors(postgres_url) != (len(texts), 0):
                time.sleep(0.5)
        finally:
            worker.send_signal(signal.SIGTERM)
            assert worker.wait(timeout=60) == 0
        assert vectors(postgres_url) == (len(texts), 0)
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
    assert code == 0


def vectors(url: str) -> tuple[int, int]:
    """(turns with a vector, turns waiting for one) in the default context."""
    with psycopg.connect(url) as conn:
        done = conn.execute("SELECT count(*) FROM lucidmem_personal.records "
                            "WHERE kind = %s AND embedding IS NOT NULL", (Kind.TURN,)).fetchone()
        waiting = conn.execute(
            "SELECT count(*) FROM lucidmem_personal.embedding_queue").fetchone()
    return (int(done[0]) if done else -1, int(waiting[0]) if waiting else -1)
