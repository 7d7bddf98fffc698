"""``lucidmem serve`` (one process) stopped by SIGTERM, as a container runtime or systemd
stops it: the request in flight is answered, the memory is closed, and the process exits 0
— a supervisor reads anything else as a crash."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.settings import FactSettings

ADMIN = "admin-key-for-shutdown"
TURNS = 150


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "LUCIDMEM_DATA_DIR": str(data_dir), "LUCIDMEM_API_ADMIN_KEY": ADMIN,
           "LUCIDMEM_FACTS__EXTRACTOR": "none",
           "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.Popen([sys.executable, "-c", "from lucidmem.cli import main; main()",
                             "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def _wait_healthy(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(480):
        assert server.poll() is None, server.communicate()[0].decode()
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.5)
    raise AssertionError(f"{base} never became healthy")


def test_sigterm_answers_the_request_in_flight_closes_and_exits_0(
        tmp_path: Path, embedder: E5Embedder) -> None:
    port, data = _free_port(), tmp_path / "data"
    base, admin = f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {ADMIN}"}
    server = _serve(data, port)
    answer: dict[str, Any] = {}
    try:
        _wait_healthy(base, server)
        texts = [f"Note {i}: on day {i} we walked {i % 17} km along the river and talked "
                 f"about books, trains and the weather in town number {i}" for i in range(TURNS)]
        added = httpx.post(f"{base}/api/v1/memories?user_id=ana", headers=admin, timeout=120,
                           json={"messages": [{"role": "user", "content": t} for t in texts]})
        assert added.status_code == 201, added.text

        def flush() -> None:  # waits while the turns are embedded in the background
            answer["flush"] = httpx.post(f"{base}/api/v1/flush", json={}, headers=admin,
                                         timeout=600)

        waiting = threading.Thread(target=flush)
        waiting.start()
        time.sleep(1.0)
        assert waiting.is_alive(), "the flush should still be waiting for the embedder"
        server.send_signal(signal.SIGTERM)
        waiting.join(timeout=600)
        code = server.wait(timeout=600)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    output = server.communicate()[0].decode()
    assert code == 0, output
    assert answer["flush"].status_code == 200 and answer["flush"].json() == {"current": True}
    settings = Settings(data_dir=data, facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        assert memory.stats().pending_embeddings == 0
        assert len(memory.get_all(user_id="ana", limit=1000)) == TURNS
