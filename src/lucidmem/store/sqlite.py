"""The default store: SQLite through SQLCipher, one database file per context.

One connection guarded by a re-entrant lock serves reads and writes (SQLite
allows one writer anyway, and every call here takes well under a millisecond
to a few milliseconds). WAL journal for files. Without a key the file is plain
SQLite; with one, the same code runs encrypted (see :mod:`.keys`).

sqlite errors are translated into :class:`~lucidmem.errors.StoreError` here,
at the edge; nothing above this module sees a driver exception.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt
from sqlcipher3 import dbapi2 as sqlite

from ..errors import EncryptionError, InvalidInputError, StoreError
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
from .files import FILE_MODE, byte_matcher, private_dir
from .keys import key_pragma_value
from .migrations import MIGRATIONS
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

__all__ = ["SQLiteStore"]

_PLAIN_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000
"""How long a connection waits for another process's write lock before giving up."""
WAL_RETRY_S = 0.05
"""Pause between tries of switching a new file to WAL while another process holds it."""
MMAP_BYTES = 1 << 30
"""How much of a plain database file SQLite reads through a memory map instead of ``read``
calls into its own small page cache. A search's full-text leg looks up the row of every
match, of every user (a fact or turn row with its vector about fills a 4 KiB page): through
the map, LoCoMo's BM25 queries took 1.5 ms of CPU instead of 3.5 (docs/benchmarks.md, "p95
at LoCoMo scale"). Address space, not memory: the pages are the operating system's file
cache. SQLCipher ignores it for an encrypted file."""


class SQLiteStore:
    """A :class:`~lucidmem.store.base.Store` on one SQLite/SQLCipher database.

    ``path`` is a file path or ``":memory:"``; ``key`` a 64-hex raw key or a
    passphrase (``None`` for a plain, unencrypted file).
    """

    def __init__(self, path: str | Path, *, key: str | None = None) -> None:
        self.path = str(path)
        self._file = None if self.path == ":memory:" else Path(self.path)
        self._lock = threading.RLock()
        self._depth = 0
        self._closed = False
        self._conn = self._open(key)
        self._migrate()

    # -- connection -------------------------------------------------------------------------
    def _open(self, key: str | None) -> sqlite.Connection:
        if self._file is not None:
            self._create_private(self._file)
        try:
            conn = sqlite.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite.Error as exc:
            raise StoreError(f"cannot open {self.path}: {exc}") from exc
        if key:
            conn.execute(f"PRAGMA key = {key_pragma_value(key, self._file)}")
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")  # wait for other processes
        self._verify_readable(conn, key)
        conn.execute("PRAGMA secure_delete = ON")  # freed pages and cells are zeroed
        if self._file is not None:
            try:
                self._use_wal(conn)
                conn.execute("PRAGMA synchronous = NORMAL")
                if not key:
                    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
            except sqlite.Error as exc:
                conn.close()
                raise StoreError(f"cannot open {self.path}: {exc}. Another process may hold "
                                 "it locked; try again.") from exc
        return conn

    @staticmethod
    def _use_wal(conn: sqlite.Connection) -> None:
        """``journal_mode = WAL``, tried again for up to ``BUSY_TIMEOUT_MS`` while another
        process holds the file: switching a fresh file's journal mode can answer "database
        is locked" at once, without waiting out the busy timeout (6 processes opening one
        new file failed so about 1 time in 5 in tests/faults/test_processes.py)."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite.OperationalError as exc:
                busy = "locked" in str(exc) or "busy" in str(exc)
                if not busy or time.monotonic() >= deadline:
                    raise
                time.sleep(WAL_RETRY_S)

    @staticmethod
    def _create_private(file: Path) -> None:
        """The data directory ``0700`` and the database file ``0600`` before SQLite opens it
        (SQLite gives its WAL and shared-memory files the database file's mode)."""
        private_dir(file.parent)
        if not file.exists():
            try:
                os.close(os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
            except FileExistsError:
                pass  # another process created it first
            except OSError as exc:
                raise StoreError(f"cannot create {file}: {exc}. Set LUCIDMEM_DATA_DIR to a "
                                 "writable directory.") from exc
        for path in (file, Path(f"{file}-wal"), Path(f"{file}-shm")):
            try:
                if path.exists() and path.stat().st_mode & 0o077:
                    os.chmod(path, FILE_MODE)
            except OSError:
                pass  # not ours to change (another owner): SQLite decides whether it opens

    def _verify_readable(self, conn: sqlite.Connection, key: str | None) -> None:
        """Fail before writing anything if the key does not open the file."""
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                self._refuse(conn, key, exc)
            conn.close()
            raise StoreError(f"{self.path} stayed locked by another process for "
                             f"{BUSY_TIMEOUT_MS / 1000:g} s; try again.") from exc
        except sqlite.DatabaseError as exc:
            self._refuse(conn, key, exc)

    def _refuse(self, conn: sqlite.Connection, key: str | None, exc: Exception) -> NoReturn:
        """Close ``conn`` and raise the :class:`EncryptionError` that fits."""
        conn.close()
        plain = self._file is not None and self._header() == _PLAIN_HEADER
        if key and plain:
            msg = (
                f"{self.path} is an unencrypted database but an encryption key is "
                "configured. Remove the key, or export and re-import the data into an "
                "encrypted store."
            )
        elif key:
            msg = (
                f"cannot decrypt {self.path}: the encryption key is wrong (or the file "
                "is not a lucidmem database). Check LUCIDMEM_ENCRYPTION_KEY; the file "
                "was not modified."
            )
        else:
            msg = (
                f"{self.path} is encrypted or not a SQLite database. Set "
                "LUCIDMEM_ENCRYPTION_KEY to the key it was created with."
            )
        raise EncryptionError(msg) from exc

    def _header(self) -> bytes:
        assert self._file is not None
        try:
            with self._file.open("rb") as handle:
                return handle.read(16)
        except OSError:
            return b""

    def _migrate(self) -> None:
        """Apply the missing migrations, once, however many processes open the file at
        the same time: the list of applied ones is read inside the write transaction
        (``BEGIN IMMEDIATE``), so a second opener waits and then finds nothing to do."""
        with self._lock:
            try:
                if self._applied() >= {m.name for m in MIGRATIONS}:
                    return  # the common case: no write lock taken
                with self.transaction():
                    self._conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_migrations "
                        "(name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"
                    )
                    done = {r[0] for r in self._conn.execute(
                        "SELECT name FROM schema_migrations")}
                    for migration in MIGRATIONS:
                        if migration.name in done:
                            continue
                        for statement in migration.sql.split(";"):
                            if statement.strip():
                                self._conn.execute(statement)
                        self._conn.execute(
                            "INSERT INTO schema_migrations VALUES (?, unixepoch('subsec'))",
                            (migration.name,),
                        )
            except sqlite.Error as exc:
                self._conn.close()
                self._closed = True
                raise StoreError(f"{self.path}: upgrading the schema failed ({exc}); nothing "
                                 "was changed. Try again; if it persists, restore a backup.") \
                    from exc

    def _applied(self) -> set[str]:
        tables = self._conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'").fetchone()
        if not tables[0]:
            return set()
        return {r[0] for r in self._conn.execute("SELECT name FROM schema_migrations")}

    def applied_migrations(self) -> list[str]:
        """Names of the migrations recorded in this database, in order applied."""
        return [r[0] for r in self._run("SELECT name FROM schema_migrations ORDER BY rowid")]

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            if self._closed:
                raise StoreError(f"the store {self.path} is closed; open a new Memory.")
            try:
                rows: list[Any] = self._conn.execute(sql, params).fetchall()
                return rows
            except sqlite.Error as exc:
                raise StoreError(f"{self.path}: {exc}") from exc

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            if self._closed:
                raise StoreError(f"the store {self.path} is closed; open a new Memory.")
            outer = self._depth == 0
            if outer:
                self._conn.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield
            except BaseException:
                self._depth -= 1
                if outer:
                    self._conn.execute("ROLLBACK")
                raise
            self._depth -= 1
            if outer:
                try:
                    self._conn.execute("COMMIT")
                except sqlite.Error as exc:
                    self._conn.execute("ROLLBACK")
                    raise StoreError(f"{self.path}: commit failed: {exc}") from exc

    def lock(self, key: str) -> None:
        # A write transaction (BEGIN IMMEDIATE) already excludes every other writer of this
        # file, in every process: nothing more to take.
        with self._lock:
            if self._depth == 0:
                raise StoreError(f"lock({key!r}) needs a transaction: call it inside "
                                 "store.transaction()")

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
        with self.transaction():
            existing = self._existing(ids)
            for record in records:
                prior = existing.get(record.id)
                if prior is not None and prior[1] != record.user_id:
                    raise StoreError(
                        f"record {record.id} belongs to another user; ids are not reusable."
                    )
                self._write(record, prior)
                if audit:
                    before = None if prior is None else audit_view(prior[2])
                    self._audit(record, "add" if prior is None else "update", before)
            self._bump({r.user_id for r in records})

    def _existing(self, ids: Sequence[str]) -> dict[str, tuple[int, str, Record]]:
        found: dict[str, tuple[int, str, Record]] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._conn.execute(
                f"SELECT rowid, {COLUMNS} FROM records WHERE id IN ({marks})", chunk
            ).fetchall()
            for row in rows:
                found[row[1]] = (row[0], row[3], row_to_record(row[1:]))
        return found

    def _write(self, r: Record, prior: tuple[int, str, Record] | None) -> None:
        blob = None if r.embedding is None else np.asarray(r.embedding, np.float32).tobytes()
        values = (
            r.id, r.kind, r.user_id, r.agent_id, r.conversation_id, r.layer, r.status, r.text,
            r.occurred_at, r.created_at, r.updated_at, r.expires_at, r.last_accessed,
            r.access_count, r.version, json.dumps(r.data, ensure_ascii=False), blob,
            int(r.searchable), r.keywords,
        )
        if prior is None:
            cur = self._conn.execute(
                f"INSERT INTO records ({COLUMNS}) VALUES ({','.join('?' * N_COLUMNS)})", values
            )
            rowid = cur.lastrowid
        else:
            rowid = prior[0]
            sets = ", ".join(f"{c.strip()} = ?" for c in COLUMNS.split(","))
            self._conn.execute(f"UPDATE records SET {sets} WHERE rowid = ?", (*values, rowid))
            self._conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
        body = indexed_body(r)
        if body is not None:
            self._conn.execute("INSERT INTO records_fts (rowid, body) VALUES (?, ?)", (rowid, body))

    def _audit(self, r: Record, action: str, before: dict[str, Any] | None) -> None:
        after = None if action == "delete" else json.dumps(audit_view(r), ensure_ascii=False)
        self._conn.execute(
            "INSERT INTO audit (record_id, user_id, action, at, before, after) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                r.id, r.user_id, action, r.updated_at,
                None if before is None else json.dumps(before, ensure_ascii=False), after,
            ),
        )

    def _bump(self, user_ids: set[str]) -> None:
        for user_id in user_ids:
            self._conn.execute(
                "INSERT INTO users (user_id, revision) VALUES (?, 1) "
                "ON CONFLICT(user_id) DO UPDATE SET revision = revision + 1",
                (user_id,),
            )

    def delete(self, user_id: str, ids: Sequence[str], *, at: float = 0.0,
               erase: bool = False) -> int:
        if not ids:
            return 0
        with self.transaction():
            existing = self._existing(ids)
            mine = [(rowid, rec) for rowid, owner, rec in existing.values() if owner == user_id]
            for rowid, rec in mine:
                self._conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
                self._conn.execute("DELETE FROM records WHERE rowid = ?", (rowid,))
                rec.updated_at = at or rec.updated_at
                if erase:
                    self._conn.execute("UPDATE audit SET before = NULL, after = NULL "
                                       "WHERE user_id = ? AND record_id = ?", (user_id, rec.id))
                self._audit(rec, "delete", None if erase else audit_view(rec))
            if mine:
                self._bump({user_id})
        return len(mine)

    def erase_history(self, user_id: str, ids: Sequence[str]) -> None:
        with self.transaction():
            self._conn.executemany(
                "UPDATE audit SET before = NULL, after = NULL WHERE user_id = ? AND record_id = ?",
                [(user_id, i) for i in ids])

    def delete_user(self, user_id: str) -> int:
        with self.transaction():
            rows = self._conn.execute(
                "SELECT rowid FROM records WHERE user_id = ?", (user_id,)
            ).fetchall()
            self._conn.executemany("DELETE FROM records_fts WHERE rowid = ?", rows)
            self._conn.execute("DELETE FROM records WHERE user_id = ?", (user_id,))
            self._conn.execute("DELETE FROM audit WHERE user_id = ?", (user_id,))
            self._conn.execute("DELETE FROM users WHERE user_id = ?", (user_id,))
            self._conn.execute("DELETE FROM embedding_queue WHERE user_id = ?", (user_id,))
            self._conn.execute("DELETE FROM extraction_queue WHERE user_id = ?", (user_id,))
            prefix = user_meta_key(user_id, "")
            self._conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                               (len(prefix), prefix))
        return len(rows)

    def erase_freed(self, *, rebuild: bool = False) -> None:
        """Deleted rows are zeroed on delete (``secure_delete``, FTS5 ``secure-delete``);
        this folds the write-ahead log into the database and truncates it, so no old copy
        of a page survives there (skipped while another connection reads an old snapshot).

        ``rebuild`` first rewrites the whole file from its live rows (``VACUUM``): a page
        SQLite rebalanced can keep bytes of a deleted row in its unused space, which
        ``secure_delete`` does not reach (seen about 1 time in 35 after forgetting a user
        whose turns were being scored meanwhile). Its cost grows with the database."""
        with self._lock:
            if rebuild and self._depth == 0:  # VACUUM cannot run inside a transaction
                self._run("VACUUM")
            self._run("PRAGMA wal_checkpoint(TRUNCATE)")

    def scan(self, pattern: str) -> dict[str, int]:
        """Rows of every table with a text cell matching ``pattern`` (a
        :func:`~lucidmem.store.files.erasure_pattern`), counted per table; tables without a
        hit are left out. The full-text index is read through its shadow tables
        (``records_fts_content`` holds the indexed bodies); binary cells (embeddings, index
        segments) are not matched, since random bytes match short patterns."""
        matcher = byte_matcher(pattern)
        found: dict[str, int] = {}
        tables = [r[0] for r in self._run(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE "
            "'CREATE VIRTUAL TABLE%' ORDER BY name")]
        for table in tables:
            quoted = '"' + table.replace('"', '""') + '"'
            hits = 0
            with self._lock:  # row by row: a large store is never held in memory at once
                try:
                    for row in self._conn.execute(f"SELECT * FROM {quoted}"):
                        hits += any(isinstance(c, str) and matcher.search(
                            c.encode("utf-8", "surrogatepass")) for c in row)
                except sqlite.Error as exc:
                    raise StoreError(f"{self.path}: {exc}") from exc
            if hits:
                found[table] = hits
        return found

    def touch(self, user_id: str, ids: Sequence[str], at: float) -> None:
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        with self.transaction():
            self._conn.execute(
                f"UPDATE records SET last_accessed = ?, access_count = access_count + 1 "
                f"WHERE +user_id = ? AND id IN ({marks})",
                (at, user_id, *ids),
            )

    # -- reads ------------------------------------------------------------------------------
    # ``+user_id`` keeps the planner on the unique id index: with a plain ``user_id = ?``
    # it scanned the user's whole (user_id, kind, time) range, ~10 ms at 10k records.
    def get(self, user_id: str, ids: Sequence[str]) -> list[Record]:
        if not ids:
            return []
        found: dict[str, Record] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            marks = ",".join("?" * len(chunk))
            for row in self._run(
                f"SELECT {COLUMNS} FROM records WHERE +user_id = ? AND id IN ({marks})",
                (user_id, *chunk),
            ):
                found[row[0]] = row_to_record(row)
        return [found[i] for i in ids if i in found]

    def find(self, query: Query) -> list[Record]:
        where, params = where_clause(query)
        direction = "DESC" if query.descending else "ASC"
        order = f"{query.order_by} {direction}, rowid {direction}"
        limit = ""
        if query.limit is not None:
            limit = f" LIMIT {int(query.limit)} OFFSET {int(query.offset)}"
        rows = self._run(f"SELECT {COLUMNS} FROM records WHERE {where} ORDER BY {order}{limit}",
                         params)
        return [row_to_record(r) for r in rows]

    def count(self, query: Query) -> int:
        where, params = where_clause(query)
        return int(self._run(f"SELECT count(*) FROM records WHERE {where}", params)[0][0])

    def text_search(self, query: Query, terms: Sequence[str], limit: int) -> list[TextHit]:
        words = [index_text(t) for t in terms]
        words = [w for w in words if w]
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        where, params = where_clause(query, alias="r.")
        rows = self._run(
            "SELECT r.id, bm25(records_fts) AS s FROM records_fts "
            "JOIN records r ON r.rowid = records_fts.rowid "
            f"WHERE records_fts MATCH ? AND {where} ORDER BY s LIMIT ?",
            (match, *params, int(limit)),
        )
        return [TextHit(id=row[0], score=-float(row[1])) for row in rows]

    def embeddings(self, query: Query) -> tuple[list[str], npt.NDArray[np.float32]]:
        where, params = where_clause(query)
        rows = self._run(
            f"SELECT id, embedding FROM records WHERE {where} AND embedding IS NOT NULL "
            "ORDER BY rowid",
            params,
        )
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32)
        return [r[0] for r in rows], matrix.reshape(len(rows), -1)

    def history(self, user_id: str, record_id: str) -> list[AuditEntry]:
        rows = self._run(
            f"SELECT {AUDIT_COLUMNS} FROM audit "
            "WHERE user_id = ? AND record_id = ? ORDER BY id",
            (user_id, record_id),
        )
        return [row_to_audit(r) for r in rows]

    def revision(self, user_id: str) -> int:
        rows = self._run("SELECT revision FROM users WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else 0

    def user_ids(self) -> list[str]:
        return [r[0] for r in self._run("SELECT user_id FROM users ORDER BY user_id")]

    def get_meta(self, key: str) -> str | None:
        rows = self._run("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- the embedding queue ----------------------------------------------------------------
    def queue_embeddings(self, user_id: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.transaction():
            self._conn.executemany(
                "INSERT INTO embedding_queue (record_id, user_id) VALUES (?, ?) "
                "ON CONFLICT(record_id) DO NOTHING",
                [(i, user_id) for i in ids],
            )

    def embedding_jobs(self, limit: int, *, due_by: float,
                       user_id: str | None = None) -> list[EmbeddingJob]:
        rows = self._run(
            "SELECT user_id, record_id, attempts FROM embedding_queue WHERE due_at <= ? "
            "AND (? IS NULL OR user_id = ?) ORDER BY seq LIMIT ?",
            (due_by, user_id, user_id, int(limit)),
        )
        return [EmbeddingJob(r[0], r[1], int(r[2])) for r in rows]

    def set_embeddings(
        self, user_id: str, vectors: Sequence[tuple[str, int, npt.NDArray[np.float32]]], *,
        data: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> list[str]:
        stored: list[str] = []
        new_data = data or {}
        with self.transaction():
            for record_id, version, vector in vectors:
                blob = np.asarray(vector, np.float32).tobytes()
                replaced = new_data.get(record_id)
                cur = self._conn.execute(
                    "UPDATE records SET embedding = ?, data = coalesce(?, data) WHERE id = ? "
                    "AND +user_id = ? AND version = ?",
                    (blob, None if replaced is None else json.dumps(replaced, ensure_ascii=False),
                     record_id, user_id, version),
                )
                if cur.rowcount:
                    stored.append(record_id)
                    self._conn.execute("DELETE FROM embedding_queue WHERE record_id = ?",
                                       (record_id,))
            if stored:
                self._bump({user_id})
        return stored

    def drop_embedding_jobs(self, user_id: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.transaction():
            self._conn.executemany(
                "DELETE FROM embedding_queue WHERE record_id = ? AND user_id = ?",
                [(i, user_id) for i in ids],
            )

    def embedding_failed(self, user_id: str, ids: Sequence[str], error: str,
                         retry_at: float) -> None:
        if not ids:
            return
        with self.transaction():
            self._conn.executemany(
                "UPDATE embedding_queue SET attempts = attempts + 1, due_at = ?, "
                "last_error = ? WHERE record_id = ? AND user_id = ?",
                [(retry_at, error, i, user_id) for i in ids],
            )

    def embedding_queue(self) -> EmbeddingQueueState:
        pending, failing = self._run(
            "SELECT count(*), count(*) FILTER (WHERE attempts > 0) FROM embedding_queue")[0]
        last = self._run("SELECT last_error FROM embedding_queue WHERE last_error IS NOT NULL "
                         "ORDER BY due_at DESC LIMIT 1")
        return EmbeddingQueueState(int(pending), int(failing), last[0][0] if last else None)

    # -- the extraction queue ---------------------------------------------------------------
    def queue_extraction(self, user_id: str, ids: Sequence[str], *, batch: str,
                         hidden: Sequence[str] = ()) -> None:
        if not ids:
            return
        secret = set(hidden)
        with self.transaction():
            self._conn.executemany(
                "INSERT INTO extraction_queue (record_id, user_id, batch, hidden) "
                "VALUES (?, ?, ?, ?) ON CONFLICT(record_id) DO NOTHING",
                [(i, user_id, batch, int(i in secret)) for i in ids],
            )

    def extraction_jobs(self, limit: int, *, user_id: str | None = None) -> list[ExtractionJob]:
        if user_id is None:
            rows = self._run("SELECT user_id, record_id, batch, hidden FROM extraction_queue "
                             "ORDER BY seq LIMIT ?", (int(limit),))
        else:
            rows = self._run("SELECT user_id, record_id, batch, hidden FROM extraction_queue "
                             "WHERE user_id = ? ORDER BY seq LIMIT ?", (user_id, int(limit)))
        return [ExtractionJob(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def take_extraction_jobs(self, user_id: str, ids: Sequence[str]) -> list[str]:
        if not ids:
            return []
        with self.transaction():  # BEGIN IMMEDIATE: no other writer between read and delete
            taken = [i for i in ids if self._conn.execute(
                "DELETE FROM extraction_queue WHERE record_id = ? AND user_id = ?",
                (i, user_id)).rowcount]
        return taken
