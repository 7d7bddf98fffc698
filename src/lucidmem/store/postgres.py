"""PostgreSQL + pgvector store: one schema per context, the same contract as SQLite.

Selected by ``store_url`` (``LUCIDMEM_STORE_URL=postgresql://user:pw@host/db``). Each
context lives in its own schema, ``lucidmem_<context>``, with the same four tables as a
SQLite context file (``records``, ``audit``, ``users``, ``meta``) plus its own recorded
migrations; nothing here ever names two schemas in one statement.

* One connection (autocommit outside :meth:`PostgresStore.transaction`) guarded by a
  re-entrant lock, like the SQLite store; a connection the server dropped is replaced on
  the next call. A connection the server ended while it was idle (restarted, or the session
  terminated) is found out by the first statement sent on it, which that server never ran:
  that statement, or the ``BEGIN`` of a transaction, is sent once more on a new connection
  (:func:`_ended_while_idle`). A call that fails any other way, and every call while the
  server stays away, raises :class:`~lucidmem.errors.StoreUnavailableError` (its
  transaction rolled back), so a client can send it again.
* Embeddings are a pgvector ``vector`` column without a fixed dimension, sent and read in
  pgvector's binary format (float32 exactly as given). Similarity runs in SQL
  (:meth:`PostgresStore.vector_search`): an HNSW index over ``embedding::vector(d)`` (inner
  product) made by :meth:`PostgresStore.prepare_vectors` once the embedder's dimension is
  known, searched with pgvector's iterative scan so the user filter sits in the same
  statement; no process keeps a copy of a user's vectors.
* Full text: a ``tsvector`` (GIN index) over the same prepared body SQLite's FTS5 indexes
  (:func:`~lucidmem.store.sql.indexed_body`), folded the way FTS5's tokenizer folds it:
  Latin diacritics removed here, words stemmed by a per-schema text search configuration
  (PostgreSQL's ``simple`` parser and Snowball English stemmer, no stopwords; FTS5 uses the
  Porter stemmer). Ranking is BM25 computed in SQL with FTS5's constants and IDF; see
  :meth:`PostgresStore.text_search` for the two places it differs.

Driver errors become :class:`~lucidmem.errors.StoreError` here, with the URL's password
removed; nothing above this module sees a psycopg exception.
"""

from __future__ import annotations

import contextlib
import json
import logging
import struct
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import ConfigurationError, InvalidInputError, StoreError, StoreUnavailableError
from ..settings import redact_url
from ..text import index_text
from .base import (
    AuditEntry,
    EmbeddingJob,
    EmbeddingQueueState,
    ExtractionJob,
    Query,
    Record,
    TextHit,
    user_meta_key,
)
from .chunks import CHUNKS_KEY, chunk_vectors
from .postgres_schema import (
    MIGRATIONS,
    SCHEMA_PREFIX,
    context_of_schema,
    fts_text,
    ident,
    is_schema_name,
)
from .postgres_user_indexes import (
    INDEX_VALIDITY,
    LARGE_USER_RECORDS,
    build_lock_key,
    build_statements,
    drop_statement,
    user_index_names,
    user_index_prefix,
)
from .sql import (
    AUDIT_COLUMNS,
    COLUMNS,
    N_COLUMNS,
    audit_view,
    indexed_body,
    row_to_audit,
    row_to_record,
    where_clause,
)

INSTALL_HINT = (
    "the PostgreSQL store needs the psycopg driver, which is not installed: "
    "pip install 'lucidmem[postgres]' (or unset LUCIDMEM_STORE_URL for the SQLite store)."
)

try:
    import psycopg
    from psycopg.adapt import Dumper, Loader
    from psycopg.conninfo import conninfo_to_dict
    from psycopg.pq import Format
    from psycopg.sql import Composed
    from psycopg.types import TypeInfo
except ImportError as _exc:  # pragma: no cover - exercised by a test that hides psycopg
    raise ConfigurationError(INSTALL_HINT) from _exc

__all__ = ["INSTALL_HINT", "PostgresStore", "list_contexts"]

_CONNECT_TIMEOUT_SECONDS = 10
_log = logging.getLogger(__name__)

HNSW_M = 16
"""Graph degree of the HNSW index (pgvector's default)."""
HNSW_EF_CONSTRUCTION = 64
"""Candidate list while building the index (pgvector's default)."""
HNSW_MIN_EF_SEARCH = 200
"""Candidate list while searching, at least; twice the asked ``limit`` when that is more
(at most 1,000, pgvector's ceiling). With :data:`HNSW_MIN_CANDIDATES` rows read, 200 gave
recall@10 1.00 against exact search on bench/scale_out.py's recall data (not tuned on it)."""
HNSW_MIN_CANDIDATES = 100
"""Rows each index scan returns at least before the exact re-sort keeps the best ``limit``:
the iterative scan's relaxed order can put one of the best 10 after the 10th row it returns
(recall@10 0.92 reading 10 rows, 1.00 reading 100 on bench/scale_out.py's recall data)."""
HNSW_MAX_SCAN_TUPLES = 50_000
"""How far an iterative scan walks the graph when the filters (user, kind, status) reject
most neighbours before it stops (pgvector's default is 20,000)."""

HNSW_DEFER_MIN_PENDING = 10_000
"""A bulk load: when at least this many turns wait for vectors (and at least
:data:`HNSW_DEFER_SHARE` of the vectors already indexed), the records' HNSW index is dropped
and built once when the queue is drained, instead of updated vector by vector (measured
about 100 times cheaper per vector; docs/benchmarks.md). Searches meanwhile read vectors
exactly (right, slower); ordinary writes never come near it and keep the index current."""
HNSW_DEFER_SHARE = 0.25
"""…and the queue holds at least this share of the vectors the index holds: rebuilding a
large index costs more than inserting a few thousand into it."""
HNSW_DEFERRED_META = "hnsw_deferred"
"""Store meta key: set (to the dimension) while the records' HNSW index waits for a bulk
load to finish; any process that drains the queue builds it."""
HNSW_BUILD_MEMORY = "512MB"
"""``maintenance_work_mem`` for that build: pgvector builds the graph in memory when it fits."""
OWN_INDEXES_RECHECK_SECONDS = 600.0
"""How long a process trusts that a large user's own indexes exist before it looks again
(another process may have forgotten the user, dropping them)."""


def defer_hnsw(pending: int, indexed: float) -> bool:
    """Whether ``pending`` queued vectors beside an index of ``indexed`` are a bulk load."""
    return pending >= HNSW_DEFER_MIN_PENDING and pending >= HNSW_DEFER_SHARE * indexed


# BM25 constants of SQLite FTS5's bm25() (fts5_aux.c), so scores are on the same scale.
_K1 = 1.2
_B = 0.75


# -- pgvector's binary format ----------------------------------------------------------------
class _VectorDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: Any) -> bytes:
        values = np.asarray(obj, dtype=">f4").ravel()
        return struct.pack(">HH", values.size, 0) + values.tobytes()


class _VectorLoader(Loader):
    format = Format.BINARY

    def load(self, data: Any) -> npt.NDArray[np.float32]:
        # 2-byte dimension, 2 unused bytes, then the big-endian float32 values.
        return np.frombuffer(data, dtype=">f4", offset=4).astype(np.float32)


def hnsw_ef_search(limit: int) -> int:
    """``hnsw.ef_search`` for a search of ``limit`` rows: twice the rows the index scan
    reads, at least :data:`HNSW_MIN_EF_SEARCH`, at most pgvector's 1,000."""
    return min(max(2 * limit, 2 * HNSW_MIN_CANDIDATES, HNSW_MIN_EF_SEARCH), 1000)


def _hnsw_session_settings() -> dict[str, str]:
    """pgvector's search settings every connection of the store starts with."""
    return {"hnsw.ef_search": str(hnsw_ef_search(0)), "hnsw.iterative_scan": "relaxed_order",
            "hnsw.max_scan_tuples": str(HNSW_MAX_SCAN_TUPLES)}


def _connect(url: str, where: str) -> psycopg.Connection[Any]:
    """An autocommit connection, with a connect timeout unless the URL sets one."""
    try:
        options = conninfo_to_dict(url)
    except psycopg.Error as exc:
        raise ConfigurationError(
            f"invalid store_url {redact_url(url)!r}: {_scrub(str(exc), url)}. Use "
            "postgresql://user:password@host:5432/dbname."
        ) from exc
    extra: dict[str, Any] = {}
    if "connect_timeout" not in options:
        extra["connect_timeout"] = _CONNECT_TIMEOUT_SECONDS
    if "application_name" not in options:
        extra["application_name"] = "lucidmem"
    try:
        return psycopg.connect(url, autocommit=True, **extra)
    except psycopg.Error as exc:
        raise StoreError(
            f"cannot connect to {where}: {_scrub(str(exc), url)}. Check LUCIDMEM_STORE_URL "
            "and that the server is running and reachable."
        ) from exc


def _ended_while_idle(exc: psycopg.Error) -> bool:
    """Whether ``exc`` says the server ended the session (``admin_shutdown``: a restart, a
    fast shutdown or ``pg_terminate_backend``). Outside a transaction the statement that
    found it out had no effect: it never ran, or ran and was rolled back with the session."""
    return isinstance(exc, psycopg.errors.AdminShutdown)


# SQLSTATEs by which the server says it is ending the session or cannot take it
_SERVER_GOING_AWAY = frozenset({"57P01", "57P02", "57P03"})


def connection_lost(exc: BaseException) -> bool:
    """Whether ``exc``, or an error it was raised while handling, says the connection to
    the server went away: a client-side :class:`psycopg.OperationalError` (no SQLSTATE:
    libpq lost the socket or the protocol state, e.g. "consuming input failed" or, when a
    pipeline is left after the server dropped, "cannot exit pipeline mode while busy"),
    a connection exception (class ``08``) or the server shutting down (``57P0x``).
    Errors the server sent about a statement (a constraint, a lock timeout) are not."""
    seen: BaseException | None = exc
    for _ in range(8):  # a chain is short; never follow a cycle
        if seen is None:
            return False
        if isinstance(seen, psycopg.OperationalError):
            state = seen.sqlstate
            if state is None or state.startswith("08") or state in _SERVER_GOING_AWAY:
                return True
        seen = seen.__cause__ or seen.__context__
    return False


def _scrub(message: str, url: str) -> str:
    """``message`` with the URL's password (if any) replaced."""
    try:
        password = conninfo_to_dict(url).get("password")
    except psycopg.Error:
        password = None
    message = message.strip()
    if password and len(str(password)) >= 4:  # shorter ones would mangle ordinary words
        message = message.replace(str(password), "***")
    return message.replace(url, redact_url(url))


def list_contexts(url: str) -> list[str]:
    """Contexts that have a migrated schema in the database at ``url``."""
    with _connect(url, redact_url(url)) as conn:
        try:
            rows = conn.execute(
                "SELECT nspname::text FROM pg_namespace "
                "WHERE left(nspname, %s) = %s "
                "AND to_regclass(quote_ident(nspname) || '.schema_migrations') IS NOT NULL",
                (len(SCHEMA_PREFIX), SCHEMA_PREFIX),
            ).fetchall()
        except psycopg.Error as exc:
            raise StoreError(f"{redact_url(url)}: {_scrub(str(exc), url)}") from exc
    names = (context_of_schema(r[0]) for r in rows)
    return sorted(n for n in names if n is not None)


class _Prior(NamedTuple):
    """A stored record as a write finds it, with what it adds to BM25's statistics."""

    record: Record
    indexed: int
    tokens: int


def _chunk_rows(record_id: str, user_id: str, data: Mapping[str, Any],
                dimension: int) -> list[tuple[str, int, str, Any]]:
    """``chunks`` table rows of a long turn's extra chunk vectors (none for a short turn)."""
    if CHUNKS_KEY not in data:
        return []
    return [(record_id, n, user_id, vector)
            for n, vector in enumerate(chunk_vectors(data, dimension))]


class PostgresStore:
    """A :class:`~lucidmem.store.base.Store` on one schema of a PostgreSQL database.

    ``url`` is a libpq URL (``postgresql://user:pw@host:5432/db``); ``schema`` is created
    (with the pgvector extension, when missing) and migrated on open.
    """

    def __init__(self, url: str, *, schema: str) -> None:
        if not is_schema_name(schema):
            raise InvalidInputError(
                f"invalid schema name {schema!r}: 1-63 lowercase letters, digits, '_' or '-', "
                "not starting with a digit or '-'.",
                field="schema",
            )
        self.url = url
        self.schema = schema
        self.location = f"{redact_url(url)} schema {schema}"
        self._s = ident(schema)
        self._cfg = f"'{self._s}.lucidmem_fts'::regconfig"
        self._lock = threading.RLock()
        self._depth = 0
        self._closed = False
        # set when an error said the connection went away before psycopg marked it broken
        self._lost = False
        self._vector_type = ""
        self._vector_dimension = 0
        self._own_indexes: dict[tuple[str, int], float] = {}  # (user, dimension): seen at
        self._conn = self._open()
        try:
            self._migrate()
        except BaseException:
            self._conn.close()
            raise

    # -- connection -------------------------------------------------------------------------
    def _open(self) -> psycopg.Connection[Any]:
        conn = _connect(self.url, self.location)
        try:
            vector_schema = self._ensure_pgvector(conn)
            self._vector_type = f"{ident(vector_schema)}.vector"
            info = TypeInfo.fetch(conn, self._vector_type)
            if info is None:  # pragma: no cover - the extension was just found
                raise StoreError(f"{self.location}: the pgvector type is missing")
            dumper = type("VectorDumper", (_VectorDumper,), {"oid": info.oid})
            conn.adapters.register_dumper(np.ndarray, dumper)
            conn.adapters.register_loader(info.oid, _VectorLoader)
            # the HNSW search settings for the whole session: a vector search is then one
            # statement, not a transaction of four (each round trip counts in a search)
            for name, value in _hnsw_session_settings().items():
                conn.execute("SELECT set_config(%s, %s, false)", (name, value))
        except psycopg.Error as exc:
            conn.close()
            raise StoreError(f"{self.location}: {_scrub(str(exc), self.url)}") from exc
        except BaseException:
            conn.close()
            raise
        return conn

    def _ensure_pgvector(self, conn: psycopg.Connection[Any]) -> str:
        """The schema of the ``vector`` extension, creating the extension when missing."""
        find = (
            "SELECT n.nspname::text FROM pg_extension e "
            "JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'"
        )
        row = conn.execute(find).fetchone()
        if row is None:
            try:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            except psycopg.Error as exc:
                row = conn.execute(find).fetchone()  # created concurrently by another process
                if row is None:
                    raise StoreError(
                        f"{self.location}: the pgvector extension is not enabled and this role "
                        f"cannot enable it ({_scrub(str(exc), self.url)}). Install pgvector on "
                        "the server and run CREATE EXTENSION vector; as a superuser."
                    ) from exc
            else:
                row = conn.execute(find).fetchone()
        assert row is not None
        return str(row[0])

    def _migrate(self) -> None:
        s = self._s
        with self.transaction():
            # One migrator per schema at a time (several processes may open it at once).
            self._exec("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       (f"lucidmem:{self.schema}",))
            self._exec(f"CREATE SCHEMA IF NOT EXISTS {s}")
            self._exec(
                f"CREATE TABLE IF NOT EXISTS {s}.schema_migrations ("
                "seq bigint GENERATED ALWAYS AS IDENTITY, name text PRIMARY KEY, "
                "applied_at double precision NOT NULL)"
            )
            done = {r[0] for r in self._exec(f"SELECT name FROM {s}.schema_migrations")}
            for migration in MIGRATIONS:
                if migration.name in done:
                    continue
                sql = migration.sql.format(s=s, vector=self._vector_type)
                for statement in sql.split(";"):
                    if statement.strip():
                        self._exec(statement)
                if migration.name == "0003_chunk_vectors":
                    self._backfill_chunks()
                self._exec(
                    f"INSERT INTO {s}.schema_migrations (name, applied_at) "
                    "VALUES (%s, extract(epoch FROM clock_timestamp()))",
                    (migration.name,),
                )

    def _backfill_chunks(self) -> None:
        """Chunk rows of the long turns stored before the ``chunks`` table existed."""
        rows = self._exec(
            f"SELECT {COLUMNS} FROM {self._s}.records WHERE embedding IS NOT NULL "
            "AND strpos(data, %s) > 0", (f'"{CHUNKS_KEY}"',)).fetchall()
        self._write_chunks([row_to_record(r) for r in rows], replace=False)

    def applied_migrations(self) -> list[str]:
        """Names of the migrations recorded in this schema, in order applied."""
        return [r[0] for r in self._run(
            f"SELECT name FROM {self._s}.schema_migrations ORDER BY seq")]

    def _error(self, exc: psycopg.Error, what: str = "") -> StoreError:
        """``exc`` as lucidmem's error: :class:`StoreUnavailableError` when the connection
        is gone (server stopped or restarting; the statement's transaction is rolled back)."""
        detail = f"{self.location}: {what}{_scrub(str(exc), self.url)}"
        if self._conn.broken or self._conn.closed or connection_lost(exc):
            self._lost = True  # the next call outside a transaction opens a new one
            return StoreUnavailableError(
                f"{detail}. The connection to PostgreSQL was lost (server stopped, restarting "
                "or unreachable); the interrupted transaction was rolled back. Send the call "
                "again once the server is back: the next call reconnects.")
        return StoreError(detail)

    def _ready(self) -> None:
        """Raise when closed; replace a connection the server dropped (outside a transaction)."""
        if self._closed:
            raise StoreError(f"the store {self.location} is closed; open a new Memory.")
        if self._depth == 0 and (self._lost or self._conn.broken or self._conn.closed):
            self._reconnect()

    def _reconnect(self) -> None:
        """Replace the connection (no transaction is open on it)."""
        self._conn.close()
        try:
            self._conn = self._open()
            self._lost = False
        except StoreError as exc:  # it worked before: the server is away, not misnamed
            raise StoreUnavailableError(
                f"{exc} The server was reachable before; it may be restarting: send the "
                "call again shortly (nothing of it was written).") from exc

    def _exec(self, sql: str | Composed, params: Sequence[Any] | None = None, *,
              prepare: bool | None = None) -> psycopg.Cursor[Any]:
        """Run one statement on the connection (caller holds the lock); outside a
        transaction, once more on a new connection when the old one had been ended."""
        try:
            return self._conn.execute(sql, params, binary=True, prepare=prepare)
        except psycopg.Error as exc:
            if self._depth or not _ended_while_idle(exc):
                raise self._error(exc) from exc
        self._reconnect()
        try:
            return self._conn.execute(sql, params, binary=True, prepare=prepare)
        except psycopg.Error as exc:
            raise self._error(exc) from exc

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> int:
        try:
            with self._conn.cursor() as cur:
                cur.executemany(sql, rows)
                return cur.rowcount
        except psycopg.Error as exc:
            raise self._error(exc) from exc

    def _executemany_returning(self, sql: str, rows: Sequence[Sequence[Any]]) -> list[Any]:
        """Run ``sql`` (with ``RETURNING`` one column) for every row in one pipeline;
        returns the values returned, in order."""
        if not rows:
            return []
        out: list[Any] = []
        try:
            with self._conn.cursor(binary=True) as cur:
                cur.executemany(sql, rows, returning=True)
                while True:
                    out += [row[0] for row in cur.fetchall()]
                    if not cur.nextset():
                        break
        except psycopg.Error as exc:
            raise self._error(exc) from exc
        return out

    def _run(self, sql: str, params: Sequence[Any] = (), *,
             prepare: bool | None = None) -> list[Any]:
        with self._lock:
            self._ready()
            return self._exec(sql, params, prepare=prepare).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            self._ready()
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            try:
                with contextlib.ExitStack() as stack:
                    self._begin(stack)
                    yield
            except psycopg.Error as exc:
                raise self._error(exc, "transaction failed: ") from exc
            finally:
                self._depth = 0

    def _begin(self, stack: contextlib.ExitStack[Any]) -> None:
        """Enter a transaction of the connection on ``stack``. A ``BEGIN`` that finds the
        connection dropped has done nothing, so it is sent once more on a new one."""
        try:
            stack.enter_context(self._conn.transaction())
            return
        except psycopg.OperationalError:
            if not (self._conn.broken or self._conn.closed):
                raise
        self._reconnect()
        stack.enter_context(self._conn.transaction())

    def lock(self, key: str) -> None:
        with self._lock:
            if self._depth == 0:
                raise StoreError(f"lock({key!r}) needs a transaction: call it inside "
                                 "store.transaction()")
            self._exec("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       (f"lucidmem:{self.schema}:{key}",))

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._conn.close()
                self._closed = True

    # -- writes -----------------------------------------------------------------------------
    def put(self, records: Sequence[Record], *, audit: bool = True) -> None:
        if not records:
            return
        ids = [r.id for r in records]
        if len(set(ids)) != len(ids):
            raise InvalidInputError("a batch contains the same record id twice", field="id")
        for r in records:
            if "\x00" in r.text or "\x00" in r.keywords:
                raise InvalidInputError(
                    f"record {r.id}: text contains a NUL character (\\x00), which PostgreSQL "
                    "cannot store; remove it.", field="text")
        s = self._s
        sets = ", ".join(
            f"{c} = EXCLUDED.{c}" for c in [*(c.strip() for c in COLUMNS.split(",")),
                                            "fts", "fts_len"]
            if c != "id"
        )
        upsert = (
            f"INSERT INTO {s}.records ({COLUMNS}, fts, fts_len) "
            f"VALUES ({', '.join(['%s'] * N_COLUMNS)}, to_tsvector({self._cfg}, %s), %s) "
            f"ON CONFLICT (id) DO UPDATE SET {sets} WHERE {s}.records.user_id = EXCLUDED.user_id"
        )
        with self.transaction():
            existing = self._existing(ids)
            for record in records:
                prior = existing.get(record.id)
                if prior is not None and prior.record.user_id != record.user_id:
                    raise StoreError(
                        f"record {record.id} belongs to another user; ids are not reusable."
                    )
            rows = [self._values(r) for r in records]
            written = self._executemany(upsert, rows)
            if written != len(records):  # another user's id, inserted meanwhile elsewhere
                raise StoreError("a record id belongs to another user; ids are not reusable.")
            if existing:  # the records as written carry their access, read folded in
                self._exec(f"DELETE FROM {s}.record_access WHERE record_id = ANY(%s)",
                           (list(existing),))
            had_chunks = any(CHUNKS_KEY in p.record.data for p in existing.values())
            self._write_chunks(records, replace=had_chunks)
            if audit:
                self._audit([
                    (r, "add" if r.id not in existing else "update",
                     None if r.id not in existing else audit_view(existing[r.id].record))
                    for r in records
                ])
            changes = {r.user_id: [0, 0] for r in records}  # indexed records, their tokens
            for record, row in zip(records, rows, strict=True):
                change = changes[record.user_id]
                if row[-2] is not None:
                    change[0] += 1
                    change[1] += row[-1]
                if (prior := existing.get(record.id)) is not None:
                    change[0] -= prior.indexed
                    change[1] -= prior.tokens
            self._bump({user: (docs, tokens) for user, (docs, tokens) in changes.items()})

    def _write_chunks(self, records: Sequence[Record], *, replace: bool) -> None:
        """The ``chunks`` rows of ``records`` (a long turn's extra chunk vectors), replacing
        the rows they had when ``replace``."""
        if replace:
            self._exec(f"DELETE FROM {self._s}.chunks WHERE record_id = ANY(%s)",
                       ([r.id for r in records],))
        self._insert_chunks([row for r in records if r.embedding is not None
                             for row in _chunk_rows(r.id, r.user_id, r.data, len(r.embedding))])

    def _insert_chunks(self, rows: Sequence[tuple[str, int, str, Any]]) -> None:
        if rows:
            self._executemany(f"INSERT INTO {self._s}.chunks (record_id, n, user_id, embedding) "
                              "VALUES (%s, %s, %s, %s)", rows)

    @staticmethod
    def _values(r: Record) -> tuple[Any, ...]:
        body = indexed_body(r)
        text = None if body is None else fts_text(body)
        embedding = None if r.embedding is None else np.asarray(r.embedding, np.float32)
        return (
            r.id, r.kind, r.user_id, r.agent_id, r.conversation_id, r.layer, r.status, r.text,
            r.occurred_at, r.created_at, r.updated_at, r.expires_at, r.last_accessed,
            r.access_count, r.version, json.dumps(r.data, ensure_ascii=False), embedding,
            bool(r.searchable), r.keywords,
            text, 0 if text is None else len(text.split()),
        )

    def _existing(self, ids: Sequence[str]) -> dict[str, _Prior]:
        rows = self._exec(
            f"SELECT {COLUMNS}, (fts IS NOT NULL)::int, fts_len FROM {self._s}.records_read "
            "WHERE id = ANY(%s)",
            (list(ids),),
        ).fetchall()
        return {row[0]: _Prior(row_to_record(row), row[-2], row[-1]) for row in rows}

    def _audit(self, changes: Sequence[tuple[Record, str, dict[str, Any] | None]]) -> None:
        rows = [
            (
                r.id, r.user_id, action, r.updated_at,
                None if before is None else json.dumps(before, ensure_ascii=False),
                None if action == "delete" else json.dumps(audit_view(r), ensure_ascii=False),
            )
            for r, action, before in changes
        ]
        self._executemany(
            f"INSERT INTO {self._s}.audit (record_id, user_id, action, at, before, after) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            rows,
        )

    def _bump(self, changes: dict[str, tuple[int, int]]) -> dict[str, int]:
        """New revision of each user, and the change in their indexed records and tokens
        (kept here so BM25's collection statistics cost one row read, not a scan); returns
        each user's indexed records after the change."""
        s = self._s
        records = {}
        for user_id in sorted(changes):
            docs, tokens = changes[user_id]
            row = self._exec(
                f"INSERT INTO {s}.users (user_id, revision, fts_docs, fts_tokens) "
                "VALUES (%s, 1, %s, %s) ON CONFLICT (user_id) DO UPDATE SET "
                f"revision = {s}.users.revision + 1, "
                f"fts_docs = {s}.users.fts_docs + EXCLUDED.fts_docs, "
                f"fts_tokens = {s}.users.fts_tokens + EXCLUDED.fts_tokens RETURNING fts_docs",
                (user_id, docs, tokens),
            ).fetchone()
            records[user_id] = 0 if row is None else int(row[0])
        return records

    def delete(self, user_id: str, ids: Sequence[str], *, at: float = 0.0,
               erase: bool = False) -> int:
        if not ids:
            return 0
        with self.transaction():
            mine = [p for p in self._existing(ids).values() if p.record.user_id == user_id]
            if mine:
                gone = [p.record.id for p in mine]
                self._exec(
                    f"DELETE FROM {self._s}.records WHERE user_id = %s AND id = ANY(%s)",
                    (user_id, gone),
                )
                if erase:
                    self._exec(f"UPDATE {self._s}.audit SET before = NULL, after = NULL "
                               "WHERE user_id = %s AND record_id = ANY(%s)", (user_id, gone))
                for p in mine:
                    p.record.updated_at = at or p.record.updated_at
                self._audit([(p.record, "delete", None if erase else audit_view(p.record))
                             for p in mine])
                self._bump({user_id: (-sum(p.indexed for p in mine),
                                      -sum(p.tokens for p in mine))})
        return len(mine)

    def delete_user(self, user_id: str) -> int:
        s = self._s
        prefix = user_meta_key(user_id, "")
        with self.transaction():
            removed = self._exec(f"DELETE FROM {s}.records WHERE user_id = %s",
                                 (user_id,)).rowcount
            self._exec(f"DELETE FROM {s}.audit WHERE user_id = %s", (user_id,))
            self._exec(f"DELETE FROM {s}.users WHERE user_id = %s", (user_id,))
            self._exec(f"DELETE FROM {s}.embedding_queue WHERE user_id = %s", (user_id,))
            self._exec(f"DELETE FROM {s}.extraction_queue WHERE user_id = %s", (user_id,))
            self._exec(f"DELETE FROM {s}.meta WHERE substr(key, 1, %s) = %s",
                       (len(prefix), prefix))
            # the user's id is in their own indexes' predicates: gone with the user
            for (name,) in self._exec(
                    "SELECT c.relname FROM pg_class c JOIN pg_namespace n "
                    "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relkind = 'i' "
                    "AND starts_with(c.relname, %s)",
                    (self.schema, user_index_prefix(user_id))).fetchall():
                self._exec(drop_statement(self.schema, name))
            self._own_indexes = {k: v for k, v in self._own_indexes.items() if k[0] != user_id}
        return removed

    def erase_freed(self, *, rebuild: bool = False) -> None:
        """``VACUUM`` the schema's tables: dead row versions (deleted text, its ``tsvector``)
        are removed from the heap and indexes (``rebuild`` changes nothing more). What the
        server's disks, WAL archives and backups keep is the server's business (see
        docs/security.md)."""
        with self._lock:
            self._ready()
            if self._depth:
                return  # VACUUM cannot run inside a transaction; the caller's commit first
            for table in ("records", "record_access", "chunks", "audit", "users", "meta"):
                self._exec(f"VACUUM {self._s}.{table}")

    def scan(self, pattern: str) -> dict[str, int]:
        """Rows of every table of the schema whose text form matches ``pattern`` (a
        :func:`~lucidmem.store.files.erasure_pattern`, case-insensitive), counted per table;
        tables without a hit are left out."""
        tables = [r[0] for r in self._run(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = %s ORDER BY 1",
            (self.schema,))]
        found: dict[str, int] = {}
        for table in tables:
            rows = self._run(
                f"SELECT count(*) FROM {self._s}.{ident(table)} t WHERE t::text ~* %s",
                (pattern,))
            if rows[0][0]:
                found[table] = int(rows[0][0])
        return found

    def touch(self, user_id: str, ids: Sequence[str], at: float) -> None:
        """Access statistics, written on every search, into the narrow ``record_access``
        table (migration ``0005_record_access`` says why not into the records); reads see
        them folded in (``records_read``). On its own, the write is one round trip that does
        not wait for the WAL flush (``synchronous_commit = off``: a crash may lose the last
        counts, never a record); inside a caller's transaction, part of it."""
        if not ids:
            return
        s = self._s
        sql = (f"INSERT INTO {s}.record_access (record_id, last_accessed, access_count) "
               f"SELECT id, %s, 1 FROM {s}.records WHERE user_id = %s AND id = ANY(%s) "
               "ORDER BY id ON CONFLICT (record_id) DO UPDATE SET last_accessed = "
               f"EXCLUDED.last_accessed, access_count = {s}.record_access.access_count + 1")
        params = (at, user_id, list(ids))
        with self._lock:
            self._ready()
            if self._depth:
                self._exec(sql, params)
                return
            for attempt in (1, 2):
                try:
                    with self._conn.pipeline(), self._conn.transaction():
                        self._conn.execute("SET LOCAL synchronous_commit = off")
                        self._conn.execute(sql, params, binary=True)
                    return
                except psycopg.Error as exc:
                    # A connection the server had ended while idle (a restart) fails only
                    # here, inside the pipeline ("cannot exit pipeline mode while busy"): its
                    # transaction never ran, so the counts are sent once more, on a new one.
                    if attempt == 2 or not (self._conn.broken or self._conn.closed):
                        raise self._error(exc, "transaction failed: ") from exc
                self._reconnect()

    # -- reads ------------------------------------------------------------------------------
    def _where(self, query: Query, alias: str = "") -> tuple[str, list[Any]]:
        return where_clause(query, alias=alias, placeholder="%s", data_match=_data_match)

    def get(self, user_id: str, ids: Sequence[str]) -> list[Record]:
        if not ids:
            return []
        rows = self._run(
            f"SELECT {COLUMNS} FROM {self._s}.records_read "
            "WHERE user_id = %s AND id = ANY(%s)",
            (user_id, list(ids)),
        )
        found = {row[0]: row_to_record(row) for row in rows}
        return [found[i] for i in ids if i in found]

    def find(self, query: Query) -> list[Record]:
        where, params = self._where(query)
        direction = "DESC" if query.descending else "ASC"
        order = f"{query.order_by} {direction}, seq {direction}"
        limit = ""
        if query.limit is not None:
            limit = f" LIMIT {int(query.limit)} OFFSET {int(query.offset)}"
        rows = self._run(
            f"SELECT {COLUMNS} FROM {self._s}.records_read WHERE {where} "
            f"ORDER BY {order}{limit}",
            params,
        )
        return [row_to_record(r) for r in rows]

    def count(self, query: Query) -> int:
        where, params = self._where(query)
        return int(self._run(f"SELECT count(*) FROM {self._s}.records WHERE {where}",
                             params)[0][0])

    def text_search(self, query: Query, terms: Sequence[str], limit: int) -> list[TextHit]:
        """BM25 with FTS5's formula: k1 = 1.2, b = 0.75, IDF ``ln((N - n + 0.5) / (n + 0.5))``
        floored at 1e-6, each term a phrase, a record's score the sum over the terms it matches.

        Two differences from SQLite: N, n and the average length are taken over the searching
        user's indexed records (FTS5 takes them over the whole context file, every user's;
        N and the token total are kept in ``users`` beside the revision, n is counted per
        term), and a multi-word term's frequency in a record (CJK bigrams, ``a_b``) is that
        of its rarest word there, an upper bound of the phrase's count.
        """
        bodies = [fts_text(index_text(t)) for t in terms]
        bodies = [b for b in bodies if b.strip()]
        if not bodies or limit <= 0:
            return []
        s, cfg = self._s, self._cfg
        term_rows = ", ".join(
            f"(phraseto_tsquery({cfg}, %s), tsvector_to_array(to_tsvector({cfg}, %s)))"
            for _ in bodies
        )
        combined = " || ".join(f"phraseto_tsquery({cfg}, %s)" for _ in bodies)
        where, params = self._where(query, alias="r.")
        sql = f"""
            WITH terms (q, lexemes) AS (VALUES {term_rows}),
            stats AS MATERIALIZED (
                SELECT coalesce(max(fts_docs), 0)::float8 AS n,
                       coalesce(max(fts_tokens::float8 / nullif(fts_docs, 0)), 0) AS avgdl
                FROM {s}.users WHERE user_id = %s
            ),
            weighted AS MATERIALIZED (
                SELECT t.q, t.lexemes,
                       greatest(ln((st.n - d.df + 0.5) / (d.df + 0.5)), 1e-6) AS idf
                FROM terms t CROSS JOIN stats st
                CROSS JOIN LATERAL (
                    SELECT count(*)::float8 AS df FROM {s}.records x
                    WHERE x.user_id = %s AND x.fts @@ t.q
                ) d
                WHERE numnode(t.q) > 0
            ),
            hits AS (
                SELECT r.seq, r.id, r.fts, r.fts_len FROM {s}.records r
                WHERE r.fts @@ ({combined}) AND {where}
            )
            SELECT h.id, (
                SELECT sum(w.idf * f.tf * {_K1 + 1} / (f.tf + {_K1} * ({1 - _B} + {_B}
                           * h.fts_len / greatest(st.avgdl, 1e-9))))
                FROM weighted w CROSS JOIN LATERAL (
                    SELECT coalesce(min(array_length(u.positions, 1)), 1)::float8 AS tf
                    FROM unnest(ts_filter(setweight(h.fts, 'A', w.lexemes), '{{a}}')) u
                ) f
                WHERE h.fts @@ w.q
            ) AS score
            FROM hits h CROSS JOIN stats st
            ORDER BY score DESC, h.seq
            LIMIT %s
        """
        args: list[Any] = [b for body in bodies for b in (body, body)]
        args += [query.user_id, query.user_id, *bodies, *params, int(limit)]
        # Never a prepared statement: a generic plan cannot see how common the terms are and
        # took seconds where the planned-per-call one takes milliseconds.
        rows = self._run(sql, args, prepare=False)
        return [TextHit(id=row[0], score=float(row[1])) for row in rows]

    # -- vectors inside PostgreSQL ---------------------------------------------------------
    def _hnsw_name(self, dimension: int) -> str:
        return f"records_embedding_hnsw_{dimension}"

    def prepare_vectors(self, dimension: int) -> None:
        """Create the HNSW index over ``embedding::vector(dimension)`` unless it exists.

        Run once per opened store; several processes opening the schema at once serialise
        on the schema's advisory lock (the same one migrations take), so one builds the
        index and the others find it. While a bulk load has the records' index deferred
        (:data:`HNSW_DEFER_MIN_PENDING`) it is left to the end of the load, unless the
        load's queue is already drained."""
        if not 1 <= dimension <= 2000:
            raise InvalidInputError(
                f"embedding dimension {dimension} cannot be indexed by pgvector's HNSW "
                "(1-2000 dimensions); use an embedder with at most 2000.", field="dimension")
        s = self._s
        with self.transaction():
            exists = self._exec("SELECT to_regclass(%s), to_regclass(%s)",
                                (f"{s}.{self._hnsw_name(dimension)}",
                                 f"{s}.chunks_embedding_hnsw_{dimension}")).fetchone()
            if exists is not None and exists[0] is not None and exists[1] is not None:
                self._vector_dimension = dimension
                return
            self._exec("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       (f"lucidmem:{self.schema}",))
            deferred = self._exec(f"SELECT 1 FROM {s}.meta WHERE key = %s AND value <> ''",
                                  (HNSW_DEFERRED_META,)).fetchone()
            if deferred is None or not self._fresh_jobs():  # no bulk load under way
                self._build_hnsw(dimension)
            self._exec(
                f"CREATE INDEX IF NOT EXISTS chunks_embedding_hnsw_{dimension} ON {s}.chunks "
                f"USING hnsw ((embedding::{self._vector_type}({dimension})) vector_ip_ops) "
                f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})"
            )
        self._vector_dimension = dimension

    def _build_hnsw(self, dimension: int) -> None:
        """Create the records' HNSW index unless it exists (caller holds the schema's
        advisory lock in a transaction) and clear the bulk-load mark."""
        s = self._s
        self._exec(f"SET LOCAL maintenance_work_mem = '{HNSW_BUILD_MEMORY}'")
        self._exec(
            f"CREATE INDEX IF NOT EXISTS {self._hnsw_name(dimension)} ON {s}.records "
            f"USING hnsw ((embedding::{self._vector_type}({dimension})) vector_ip_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION}) "
            "WHERE embedding IS NOT NULL"
        )
        self._exec(f"DELETE FROM {s}.meta WHERE key = %s", (HNSW_DEFERRED_META,))

    def _fresh_jobs(self) -> bool:
        """Whether any queued turn waits for its first try (failing ones do not hold back
        the index build)."""
        return self._exec(f"SELECT EXISTS (SELECT 1 FROM {self._s}.embedding_queue "
                          "WHERE attempts = 0)").fetchone() == (True,)

    def _defer_hnsw_if_bulk(self, dimension: int) -> None:
        """Before storing vectors: drop the records' HNSW index when the queue is a bulk
        load (:func:`defer_hnsw`), marking it to be built when the queue is drained
        (:meth:`_finish_bulk_load`). Inside the caller's transaction."""
        s = self._s
        name = self._hnsw_name(dimension)
        row = self._exec(
            f"SELECT (SELECT value FROM {s}.meta WHERE key = %s), "
            f"(SELECT count(*) FROM (SELECT 1 FROM {s}.embedding_queue "
            f"LIMIT {HNSW_DEFER_MIN_PENDING}) q), "
            "(SELECT reltuples FROM pg_class WHERE oid = to_regclass(%s))",
            (HNSW_DEFERRED_META, f"{s}.{name}")).fetchone()
        assert row is not None
        deferred, pending, indexed = bool(row[0]), int(row[1]), float(row[2] or 0)
        if deferred or pending < HNSW_DEFER_MIN_PENDING:
            return
        if not defer_hnsw(self._count_queue(), indexed):
            return
        self._exec("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                   (f"lucidmem:{self.schema}",))
        self._exec(f"INSERT INTO {s}.meta (key, value) VALUES (%s, %s) ON CONFLICT (key) "
                   "DO UPDATE SET value = EXCLUDED.value", (HNSW_DEFERRED_META, str(dimension)))
        self._exec(f"DROP INDEX IF EXISTS {s}.{name}")

    def _count_queue(self) -> int:
        row = self._exec(f"SELECT count(*) FROM {self._s}.embedding_queue").fetchone()
        return 0 if row is None else int(row[0])

    def vector_search(self, query: Query, vector: npt.NDArray[np.float32],
                      limit: int) -> list[tuple[str, float]]:
        """The ``limit`` best records by inner product, searched in PostgreSQL.

        One statement: the user (and kind, status, conversation, time) filters and the
        ordering by ``<#>`` share it, so the planner walks the HNSW index with pgvector's
        iterative scan for a user with many vectors and reads a small user's rows by the
        ``(user_id, kind, occurred_at)`` index and sorts them exactly. The relaxed order of
        an iterative scan is put right by the outer ``ORDER BY`` over at least
        :data:`HNSW_MIN_CANDIDATES` rows. A long turn's extra chunk
        vectors (table ``chunks``, their own HNSW index) are searched the same way, and a
        record scores by its best vector, returned once (as the in-process index does)."""
        if limit <= 0:
            return []
        values = np.asarray(vector, dtype=np.float32).ravel()
        dimension = self._vector_dimension or values.size
        if values.size != dimension:
            raise InvalidInputError(
                f"query vector has {values.size} dimensions, the index {dimension}; embed the "
                "query with the store's embedder.", field="vector")
        where, params = self._where(query)
        chunk_where, chunk_params = self._where(query, alias="r.")
        cast = f"{self._vector_type}({dimension})"
        s = self._s
        sql = (
            f"WITH near AS MATERIALIZED (SELECT id, seq, embedding::{cast} <#> %s::{cast} "
            f"AS distance FROM {s}.records WHERE {where} AND embedding IS NOT NULL "
            f"ORDER BY embedding::{cast} <#> %s::{cast} LIMIT %s), "
            f"near_chunks AS MATERIALIZED (SELECT r.id, r.seq, c.embedding::{cast} <#> "
            f"%s::{cast} AS distance FROM {s}.chunks c JOIN {s}.records r ON r.id = c.record_id "
            f"WHERE c.user_id = %s AND {chunk_where} AND r.embedding IS NOT NULL "
            f"ORDER BY c.embedding::{cast} <#> %s::{cast} LIMIT %s) "
            "SELECT id, -min(distance) AS score FROM (SELECT * FROM near UNION ALL "
            "SELECT * FROM near_chunks) best GROUP BY id, seq "
            "ORDER BY min(distance), seq LIMIT %s"
        )
        ef_search = hnsw_ef_search(limit)
        read = max(int(limit), HNSW_MIN_CANDIDATES)
        args = [values, *params, values, read, values, query.user_id, *chunk_params, values,
                read, int(limit)]
        # Never a prepared statement: a generic plan cannot match a large user's own
        # HNSW index (its predicate names the user) and walks the shared one.
        if ef_search == hnsw_ef_search(0):  # the session's settings (set on connecting)
            rows = self._run(sql, args, prepare=False)
        else:
            with self.transaction():
                self._exec(f"SET LOCAL hnsw.ef_search = {ef_search}")
                rows = self._exec(sql, args, prepare=False).fetchall()
        return [(row[0], float(row[1])) for row in rows]

    def embeddings(self, query: Query) -> tuple[list[str], npt.NDArray[np.float32]]:
        where, params = self._where(query)
        rows = self._run(
            f"SELECT id, embedding FROM {self._s}.records WHERE {where} "
            "AND embedding IS NOT NULL ORDER BY seq",
            params,
        )
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        return [r[0] for r in rows], np.stack([r[1] for r in rows]).astype(np.float32, copy=False)

    def erase_history(self, user_id: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.transaction():
            self._exec(f"UPDATE {self._s}.audit SET before = NULL, after = NULL "
                       "WHERE user_id = %s AND record_id = ANY(%s)", (user_id, list(ids)))

    def history(self, user_id: str, record_id: str) -> list[AuditEntry]:
        rows = self._run(
            f"SELECT {AUDIT_COLUMNS} FROM {self._s}.audit "
            "WHERE user_id = %s AND record_id = %s ORDER BY id",
            (user_id, record_id),
        )
        return [row_to_audit(r) for r in rows]

    def revision(self, user_id: str) -> int:
        rows = self._run(f"SELECT revision FROM {self._s}.users WHERE user_id = %s",
                         (user_id,))
        return int(rows[0][0]) if rows else 0

    def user_ids(self) -> list[str]:
        return [r[0] for r in self._run(
            f"SELECT user_id FROM {self._s}.users ORDER BY user_id COLLATE \"C\"")]

    def get_meta(self, key: str) -> str | None:
        rows = self._run(f"SELECT value FROM {self._s}.meta WHERE key = %s", (key,))
        return str(rows[0][0]) if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._exec(
                f"INSERT INTO {self._s}.meta (key, value) VALUES (%s, %s) "
                "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                (key, value),
            )

    # -- the embedding queue ----------------------------------------------------------------
    def queue_embeddings(self, user_id: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.transaction():
            self._executemany(
                f"INSERT INTO {self._s}.embedding_queue (record_id, user_id) VALUES (%s, %s) "
                "ON CONFLICT (record_id) DO NOTHING",
                [(i, user_id) for i in ids],
            )

    def embedding_jobs(self, limit: int, *, due_by: float,
                       user_id: str | None = None) -> list[EmbeddingJob]:
        mine, params = ("", ()) if user_id is None else ("AND user_id = %s ", (user_id,))
        rows = self._run(
            f"SELECT user_id, record_id, attempts FROM {self._s}.embedding_queue "
            f"WHERE due_at <= %s {mine}ORDER BY seq LIMIT %s",
            (due_by, *params, int(limit)),
        )
        return [EmbeddingJob(r[0], r[1], int(r[2])) for r in rows]

    def set_embeddings(
        self, user_id: str, vectors: Sequence[tuple[str, int, npt.NDArray[np.float32]]], *,
        data: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> list[str]:
        s = self._s
        new_data = data or {}
        rows = [(np.asarray(vector, np.float32),
                 None if record_id not in new_data
                 else json.dumps(new_data[record_id], ensure_ascii=False),
                 record_id, user_id, version) for record_id, version, vector in vectors]
        indexed = self._vector_dimension
        if indexed is not None and rows:  # a bulk load builds the index once, at its end
            with self.transaction():
                self._defer_hnsw_if_bulk(indexed)
        records = 0
        with self.transaction():
            # one pipelined batch, not a round trip per vector: what a bulk load waits on
            stored = self._executemany_returning(
                f"UPDATE {s}.records SET embedding = %s, data = coalesce(%s::text, data) "
                "WHERE id = %s AND user_id = %s AND version = %s RETURNING id", rows)
            if stored:
                # a long turn's chunk vectors come with its vector: its chunks rows follow
                rechunked = [r for r in stored if r in new_data]
                if rechunked:
                    self._exec(f"DELETE FROM {s}.chunks WHERE record_id = ANY(%s)",
                               (rechunked,))
                    dimension = {rid: len(vec) for rid, _, vec in vectors}
                    self._insert_chunks([row for rid in rechunked for row in _chunk_rows(
                        rid, user_id, new_data[rid], dimension[rid])])
                self._exec(f"DELETE FROM {s}.embedding_queue WHERE record_id = ANY(%s)",
                           (stored,))
                records = self._bump({user_id: (0, 0)})[user_id]
        self._finish_bulk_load()
        if stored and records >= LARGE_USER_RECORDS:
            self.index_large_users(user_id)
        return stored

    def _finish_bulk_load(self) -> None:
        """Build the records' HNSW index when a bulk load deferred it and the queue has no
        fresh job left (whichever process gets there first; the others find it built),
        then ``VACUUM (ANALYZE)`` the records: every vector was an update, and the BM25
        statement took 14 ms instead of 2.5 ms until the table was vacuumed and analysed."""
        dimension = self._vector_dimension
        if dimension is None or not self.get_meta(HNSW_DEFERRED_META):
            return
        built = False
        with self.transaction():
            if not self._fresh_jobs():
                self._exec("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                           (f"lucidmem:{self.schema}",))
                if self._exec(f"SELECT 1 FROM {self._s}.meta WHERE key = %s",
                              (HNSW_DEFERRED_META,)).fetchone() is not None:
                    self._build_hnsw(dimension)
                    built = True
        if built:
            with self._lock:
                if self._depth == 0:  # VACUUM runs outside a transaction only
                    self._exec(f"VACUUM (ANALYZE) {self._s}.records")
            self.index_large_users()

    # -- a large user's own indexes ---------------------------------------------------------
    def index_large_users(self, user_id: str | None = None, *,
                          min_records: int | None = None) -> list[str]:
        """Build the own indexes (:mod:`.postgres_user_indexes`) of ``user_id``,
        or of every user, who has passed ``min_records`` records (default
        :data:`~.postgres_user_indexes.LARGE_USER_RECORDS`) and lacks them; returns the
        users whose indexes were built now.

        Called after vectors are stored, and for every user at the end of a bulk load (while
        a load has the shared index deferred it does nothing: the load's end builds both).
        Each build runs ``CREATE INDEX CONCURRENTLY`` on a connection of its own, so writes
        go on and this store's connection stays free for searches; one process builds a
        user's indexes at a time (an advisory lock, the others skip), and a build left
        invalid by a crash is dropped and built again. A failed build is logged, not
        raised: the vectors are stored, searches read the shared index meanwhile, and the
        next stored vector of the user tries again."""
        dimension = self._vector_dimension
        now = time.monotonic()
        if not dimension or (user_id is not None and now - self._own_indexes.get(
                (user_id, dimension), -OWN_INDEXES_RECHECK_SECONDS)
                < OWN_INDEXES_RECHECK_SECONDS):
            return []
        with self._lock:
            if self._depth:  # inside the caller's transaction: its commit comes first
                return []
        mine, params = ("", []) if user_id is None else ("AND user_id = %s ", [user_id])
        rows = self._run(
            f"SELECT user_id FROM {self._s}.users WHERE fts_docs >= %s {mine}"
            f"AND NOT EXISTS (SELECT 1 FROM {self._s}.meta WHERE key = %s) "
            "ORDER BY user_id",
            [LARGE_USER_RECORDS if min_records is None else min_records, *params,
             HNSW_DEFERRED_META])
        built = []
        for (user,) in rows:
            if self._own_indexes_ready(user, dimension):
                self._own_indexes[(user, dimension)] = now
            elif self._build_own_indexes(user, dimension):
                self._own_indexes[(user, dimension)] = time.monotonic()
                built.append(user)
        return built

    def _own_indexes_ready(self, user_id: str, dimension: int) -> bool:
        """Whether both of the user's own indexes exist and are valid."""
        names = user_index_names(user_id, dimension)
        rows = self._run(INDEX_VALIDITY, (self.schema, list(names)))
        return len(rows) == len(names) and all(valid for _, valid in rows)

    def _build_own_indexes(self, user_id: str, dimension: int) -> bool:
        """Build the user's own indexes on a connection of its own; False when another
        process is building them or the build failed (logged)."""
        try:
            conn = _connect(self.url, self.location)
        except StoreError as exc:
            _log.warning("%s: cannot build a large user's own indexes: %s", self.location, exc)
            return False
        try:
            with conn:
                locked = conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))",
                                      (build_lock_key(self.schema, user_id),)).fetchone()
                if locked != (True,):
                    return False
                names = user_index_names(user_id, dimension)
                for name, valid in conn.execute(INDEX_VALIDITY,
                                                (self.schema, list(names))).fetchall():
                    if not valid:  # a build that died half-way
                        conn.execute(drop_statement(self.schema, name))
                conn.execute(f"SET maintenance_work_mem = '{HNSW_BUILD_MEMORY}'")
                started = time.monotonic()
                for statement in build_statements(
                        self.schema, user_id, dimension, self._vector_type,
                        m=HNSW_M, ef_construction=HNSW_EF_CONSTRUCTION):
                    conn.execute(statement)
                # forgotten while the indexes were built (delete_user found none to drop):
                # their id must not stay in the catalog
                if conn.execute(f"SELECT 1 FROM {self._s}.users WHERE user_id = %s",
                                (user_id,)).fetchone() is None:
                    for name in names:
                        conn.execute(drop_statement(self.schema, name))
                    return False
                _log.info("%s: built a large user's own indexes in %.1f s", self.location,
                          time.monotonic() - started)
                return True
        except psycopg.Error as exc:
            _log.warning("%s: building a large user's own indexes failed (tried again with "
                         "their next stored vector): %s", self.location,
                         _scrub(str(exc), self.url))
            return False

    def drop_embedding_jobs(self, user_id: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.transaction():
            self._exec(
                f"DELETE FROM {self._s}.embedding_queue WHERE user_id = %s "
                "AND record_id = ANY(%s)",
                (user_id, list(ids)),
            )
        self._finish_bulk_load()

    def embedding_failed(self, user_id: str, ids: Sequence[str], error: str,
                         retry_at: float) -> None:
        if not ids:
            return
        with self.transaction():
            self._exec(
                f"UPDATE {self._s}.embedding_queue SET attempts = attempts + 1, "
                "due_at = %s, last_error = %s WHERE user_id = %s AND record_id = ANY(%s)",
                (retry_at, error.replace("\x00", ""), user_id, list(ids)),
            )
        self._finish_bulk_load()

    def embedding_queue(self) -> EmbeddingQueueState:
        s = self._s
        pending, failing = self._run(
            f"SELECT count(*), count(*) FILTER (WHERE attempts > 0) "
            f"FROM {s}.embedding_queue")[0]
        last = self._run(f"SELECT last_error FROM {s}.embedding_queue "
                         "WHERE last_error IS NOT NULL ORDER BY due_at DESC LIMIT 1")
        return EmbeddingQueueState(int(pending), int(failing), last[0][0] if last else None)

    # -- the extraction queue ---------------------------------------------------------------
    def queue_extraction(self, user_id: str, ids: Sequence[str], *, batch: str,
                         hidden: Sequence[str] = ()) -> None:
        if not ids:
            return
        secret = set(hidden)
        with self.transaction():
            self._executemany(
                f"INSERT INTO {self._s}.extraction_queue (record_id, user_id, batch, hidden) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (record_id) DO NOTHING",
                [(i, user_id, batch, i in secret) for i in ids],
            )

    def extraction_jobs(self, limit: int, *, user_id: str | None = None) -> list[ExtractionJob]:
        s = self._s
        if user_id is None:
            rows = self._run(f"SELECT user_id, record_id, batch, hidden FROM {s}.extraction_queue "
                             "ORDER BY seq LIMIT %s", (int(limit),))
        else:
            rows = self._run(f"SELECT user_id, record_id, batch, hidden FROM {s}.extraction_queue "
                             "WHERE user_id = %s ORDER BY seq LIMIT %s", (user_id, int(limit)))
        return [ExtractionJob(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def take_extraction_jobs(self, user_id: str, ids: Sequence[str]) -> list[str]:
        if not ids:
            return []
        with self.transaction():  # DELETE locks the rows: a second taker waits, then finds none
            rows = self._exec(
                f"DELETE FROM {self._s}.extraction_queue WHERE user_id = %s "
                "AND record_id = ANY(%s) RETURNING record_id",
                (user_id, list(ids)),
            ).fetchall()
        taken = {r[0] for r in rows}
        return [i for i in ids if i in taken]

    # -- administration ---------------------------------------------------------------------
    def size_bytes(self) -> int:
        """Bytes of this schema's tables with their indexes and TOAST data."""
        rows = self._run(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %s AND c.relkind IN ('r', 'm', 'p')",
            (self.schema,),
        )
        return int(rows[0][0])


def _data_match(
    column: str, key: str, expected: str | int | float | bool, placeholder: str
) -> tuple[str, list[Any]]:
    """``Query.data_equals`` on PostgreSQL, matching what SQLite's ``json_extract`` does:
    strings equal strings; numbers and booleans compare numerically (true = 1, false = 0)."""
    value = f"({column}::json -> '{key}')"
    if isinstance(expected, str):
        return (f"(json_typeof({value}) = 'string' AND ({column}::json ->> '{key}') = "
                f"{placeholder})", [expected])
    as_number = (
        f"(CASE json_typeof({value}) "
        f"WHEN 'number' THEN ({column}::json ->> '{key}')::float8 "
        f"WHEN 'boolean' THEN (({column}::json ->> '{key}') = 'true')::int::float8 END)"
    )
    return f"{as_number} = {placeholder}::float8", [float(expected)]
