"""Fixtures of the store suite: real stores, the real bundled embedder, a settable clock.

PostgreSQL is real too: the session's server and its per-test databases come from
tests/conftest.py; each contract test gets its own schema in one shared database.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.embedding import E5Embedder
from lucidmem.store.base import Store
from lucidmem.store.sqlite import SQLiteStore


@pytest.fixture(autouse=True)
def _turn_layer_only(_isolated_settings: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """This suite tests the raw turn layer (L0), so fact extraction is off here.

    Extracted facts are records of their own that also join search; tests/facts covers them.
    """
    monkeypatch.setenv("LUCIDMEM_FACTS__EXTRACTOR", "none")


Clock = ManualClock
"""Re-exported for the suite's tests (``from .conftest import Clock``)."""


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder, clock=clock) as mem:
        yield mem


StoreFactory = Callable[[], Store]


@pytest.fixture(params=["sqlite-file", "sqlite-memory", "postgres"])
def store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Opens a fresh, empty store of each backend under test.

    The contract tests only use the :class:`~lucidmem.store.base.Store` protocol; a
    PostgreSQL store is a new schema in one shared database, dropped afterwards.
    """
    opened: list[Store] = []
    schemas: list[str] = []
    pg_url = request.getfixturevalue("postgres_contract_url") if request.param == "postgres" \
        else ""

    def make() -> Store:
        store: Store
        if request.param == "sqlite-file":
            store = SQLiteStore(tmp_path / f"store-{len(opened)}.db")
        elif request.param == "sqlite-memory":
            store = SQLiteStore(":memory:")
        else:
            from lucidmem.store.postgres import PostgresStore

            schemas.append(f"contract_{uuid.uuid4().hex[:16]}")
            store = PostgresStore(pg_url, schema=schemas[-1])
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()
    if schemas:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            for schema in schemas:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
