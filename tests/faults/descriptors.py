"""Descriptor exhaustion of a real ``lucidmem serve`` process, shared by the fault test and
``bench/faults.py``.

The server starts with the usual limits; every caller opens its keep-alive connection and
the server is warmed up (model loaded, store open). Its soft ``RLIMIT_NOFILE`` is then
lowered with ``prlimit`` to the descriptors it holds plus ``spare``. A flooding user key
then names new contexts over ``connections`` connections (each would be a database file,
its WAL and shared memory — the attack of issue 17) while the admin key writes to new
contexts until the process runs out of descriptors, and a victim user keeps adding and
reading. Every HTTP answer is counted by status (``no_answer``: none came). The promise:
no 5xx other than 503 (busy, retry), and the victim served again once the limit is back.

A flood of new *connections* is not what this covers: every connection is a descriptor
the server needs before it can answer at all; bound them in front of the server (a
reverse proxy's per-client connection limit, or uvicorn's ``--limit-concurrency``).
"""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

ADMIN = "admin-key-descriptors"
KEYS = {"victim": "victim-key-descriptors", "flood": "flood-key-descriptors"}
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _auth(who: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {ADMIN if who == 'admin' else KEYS[who]}"}


def _open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def exhaust(data_dir: Path, *, connections: int = 4, contexts: int = 12, rounds: int = 6,
            spare: int = 10, timeout: float = 10.0) -> dict[str, Counter[str]]:
    """Run the flood; answers by status, per caller (``flood``, ``admin``, ``victim``) and,
    under ``after``, the victim's answers once the flood is over."""
    port = _free_port()
    env = {**os.environ, "LUCIDMEM_DATA_DIR": str(data_dir),
           "LUCIDMEM_API_ADMIN_KEY": ADMIN, "LUCIDMEM_FACTS__EXTRACTOR": "none",
           "LUCIDMEM_API_USER_KEYS": "{" + ", ".join(f'"{u}": "{k}"' for u, k in KEYS.items())
           + "}", "LUCIDMEM_API_READ_RATE": "1000", "LUCIDMEM_API_READ_BURST": "1000",
           "LUCIDMEM_API_WRITE_RATE": "1000", "LUCIDMEM_API_WRITE_BURST": "1000",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    env.pop("LUCIDMEM_STORE_URL", None)
    log = (data_dir.parent / f"{data_dir.name}-server.log").open("wb")  # never a full pipe
    server = subprocess.Popen(
        [sys.executable, "-c", "from lucidmem.cli import main; main()", "serve", "--port",
         str(port), "--log-level", "warning"], env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    answers: dict[str, Counter[str]] = {k: Counter() for k in ("flood", "admin", "victim",
                                                               "after")}
    lock = threading.Lock()

    def note(who: str, call: httpx.Client, method: str, path: str, **kw: object) -> None:
        try:
            status = str(call.request(method, path, **kw).status_code)  # type: ignore[arg-type]
        except httpx.HTTPError:
            status = "no_answer"
        with lock:
            answers[who][status] += 1

    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        clients = [httpx.Client(base_url=base, timeout=timeout)
                   for _ in range(2 + connections)]  # admin, victim, flooders: connected
        for call in clients:
            assert call.get("/healthz").status_code == 200
        assert clients[1].post("/api/v1/memories", json={"messages": "warm up"},
                               headers=_auth("victim"), timeout=120).status_code == 201
        assert clients[2].post("/api/v1/memories/search", json={"query": "warm"},
                               headers=_auth("flood"), timeout=120).status_code == 200
        limit = _open_descriptors(server.pid) + spare
        hard = resource.prlimit(server.pid, resource.RLIMIT_NOFILE)[1]
        resource.prlimit(server.pid, resource.RLIMIT_NOFILE, (limit, hard))
        stop = threading.Event()

        def flood(call: httpx.Client, n: int) -> None:
            i = 0
            while not stop.is_set():
                i += 1
                note("flood", call, "GET", "/api/v1/memories",
                     params={"context": f"flood{n}x{i}"}, headers=_auth("flood"))
                note("flood", call, "POST", "/api/v1/memories/search",
                     params={"context": f"flood{n}y{i}"}, json={"query": "anything"},
                     headers=_auth("flood"))

        def admin(call: httpx.Client) -> None:
            for i in range(contexts):
                note("admin", call, "POST", "/api/v1/memories",
                     params={"user_id": "victim", "context": f"extra{i}"},
                     json={"messages": f"context {i}"}, headers=_auth("admin"))

        def victim(call: httpx.Client) -> None:
            for i in range(rounds):
                note("victim", call, "POST", "/api/v1/memories",
                     json={"messages": f"victim note {i}"}, headers=_auth("victim"))
                note("victim", call, "GET", "/api/v1/memories", headers=_auth("victim"))

        flooders = [threading.Thread(target=flood, args=(c, n))
                    for n, c in enumerate(clients[2:])]
        others = [threading.Thread(target=admin, args=(clients[0],)),
                  threading.Thread(target=victim, args=(clients[1],))]
        for thread in flooders + others:
            thread.start()
        for thread in others:
            thread.join()
        stop.set()
        for thread in flooders:
            thread.join()
        resource.prlimit(server.pid, resource.RLIMIT_NOFILE, (hard, hard))
        for call in clients:
            call.close()
        with httpx.Client(base_url=base, timeout=120) as call:  # a new connection
            for i in range(3):
                note("after", call, "POST", "/api/v1/memories",
                     json={"messages": f"after the flood {i}"}, headers=_auth("victim"))
                note("after", call, "GET", "/api/v1/memories", headers=_auth("victim"))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    return answers


def server_errors(answers: dict[str, Counter[str]]) -> int:
    """Answers 500–599 other than 503 (a 503 says: busy, retry)."""
    return sum(n for counts in answers.values() for status, n in counts.items()
               if status.isdigit() and 500 <= int(status) < 600 and status != "503")
