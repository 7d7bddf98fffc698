"""Fixtures of the REST API suite: a real Memory on disk, the real embedder, the real app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lucidmem import Memory
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.embedding import E5Embedder

ADMIN = "admin-key-0123456789"
KEYS = {"maya": "maya-key-0123456789", "sam": "sam-key-0123456789"}


def auth(user: str) -> dict[str, str]:
    """Headers of a user's (or ``"admin"``'s) key."""
    return {"Authorization": f"Bearer {ADMIN if user == 'admin' else KEYS[user]}"}


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder) as mem:
        yield mem


def make_client(memory: Memory, **settings: Any) -> TestClient:
    """A client of the real ASGI app (through httpx) over ``memory``."""
    app = create_app(memory, settings=ServerSettings(**settings),
                     keys=KeyRing(ADMIN, KEYS))
    return TestClient(app, raise_server_exceptions=False)


@pytest.fixture
def client(memory: Memory) -> TestClient:
    return make_client(memory)
