"""Fixtures of the client suite: the real app over a real Memory, reached through real HTTP
(a uvicorn server on a free local port, or httpx over the ASGI app)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI

from lucidmem import Memory
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.embedding import E5Embedder

ADMIN = "admin-key-0123456789"
KEY = "maya-key-0123456789"
KEYS = {"maya": KEY, "sam": "sam-key-0123456789"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder) as mem:
        yield mem


def build_app(memory: Memory, **settings: object) -> FastAPI:
    return create_app(memory, settings=ServerSettings(**settings),  # type: ignore[arg-type]
                      keys=KeyRing(ADMIN, KEYS))


@pytest.fixture
def app(memory: Memory) -> FastAPI:
    return build_app(memory)


class Served:
    """A uvicorn server running ``app`` in a thread on a free port."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        for _ in range(2000):  # up to ~20 s for the server to listen
            if self.server.started:
                return self
            time.sleep(0.01)
        raise RuntimeError("uvicorn did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def served(app: FastAPI) -> Iterator[Served]:
    with Served(app) as running:
        yield running
