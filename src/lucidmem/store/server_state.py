"""What every worker of a REST server must share, kept in PostgreSQL: rate-limit buckets
and the API keys an admin created.

Both live in one schema, ``lucidmem`` (no context is named so: context schemas are
``lucidmem_<context>``), made on first use under an advisory lock so workers starting
together create it once. One connection per process (autocommit), guarded by a lock and
replaced when the server dropped it; driver errors become
:class:`~lucidmem.errors.StoreError` with the URL's password removed.

* ``rate_buckets``: one row per bucket. :meth:`PostgresServerState.take` refills and takes
  in one ``INSERT … ON CONFLICT DO UPDATE`` (the row lock makes concurrent takes from any
  number of processes queue), with the database's clock, so every worker agrees on time.
  Rows idle long enough to be full again are deleted now and then (a full bucket is the
  same as none).
* ``api_keys``: the SHA-256 digest of each created key (never the key), its user, the
  contexts it may use (``NULL``: those that exist) and when it was made.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import psycopg

from ..errors import StoreError
from ..settings import redact_url
from .postgres import _connect, _scrub
from .shared import StoredKey

__all__ = ["SCHEMA", "PostgresServerState", "StoredKey", "revoke_user_keys"]

SCHEMA = "lucidmem"
_LOCK_ID = 0x6C75636964  # advisory lock of the schema's creation ("lucid")
PRUNE_EVERY = 1_000
"""Takes between two deletions of idle buckets."""
IDLE_SECONDS = 3_600.0
"""A bucket untouched this long is deleted by the pruning (it would be full anyway unless
its rate is below burst/3600 per second)."""

_CREATE = f"""
CREATE SCHEMA IF NOT EXISTS {SCHEMA};
CREATE TABLE IF NOT EXISTS {SCHEMA}.rate_buckets (
    bucket text PRIMARY KEY, tokens double precision NOT NULL,
    updated_at double precision NOT NULL, granted boolean NOT NULL);
CREATE TABLE IF NOT EXISTS {SCHEMA}.api_keys (
    digest text PRIMARY KEY, user_id text NOT NULL, contexts text[],
    created_at double precision NOT NULL);
CREATE INDEX IF NOT EXISTS api_keys_user ON {SCHEMA}.api_keys (user_id);
"""

_TAKE = f"""
INSERT INTO {SCHEMA}.rate_buckets AS b (bucket, tokens, updated_at, granted)
VALUES (%(bucket)s, %(burst)s - 1.0, extract(epoch FROM clock_timestamp()), true)
ON CONFLICT (bucket) DO UPDATE SET
    tokens = least(%(burst)s::float8, b.tokens + greatest(0.0, excluded.updated_at - b.updated_at)
                   * %(rate)s) - CASE WHEN least(%(burst)s::float8, b.tokens + greatest(
                   0.0, excluded.updated_at - b.updated_at) * %(rate)s) >= 1.0 THEN 1.0
                   ELSE 0.0 END,
    granted = least(%(burst)s::float8, b.tokens + greatest(
        0.0, excluded.updated_at - b.updated_at) * %(rate)s) >= 1.0,
    updated_at = excluded.updated_at
RETURNING tokens, granted
"""

_WAIT = f"""
SELECT least(%(burst)s::float8, tokens + greatest(
    0.0, extract(epoch FROM clock_timestamp()) - updated_at) * %(rate)s)
FROM {SCHEMA}.rate_buckets WHERE bucket = %(bucket)s
"""


_REMOVE_USER_KEYS = (f"DELETE FROM {SCHEMA}.api_keys WHERE user_id = %s AND "
                     "(contexts IS NULL OR %s = ANY(contexts)) RETURNING digest")


def revoke_user_keys(url: str, user_id: str, context: str) -> int:
    """What forgetting a user in ``context`` does to the keys created for them in the
    database at ``url``: those that may use the context are revoked (how many). Creates
    nothing: a database without created keys is left as it is."""
    conn = _connect(url, redact_url(url))
    try:
        [(table,)] = conn.execute("SELECT to_regclass(%s)", (f"{SCHEMA}.api_keys",)).fetchall()
        if table is None:
            return 0
        return len(conn.execute(_REMOVE_USER_KEYS, (user_id, context)).fetchall())
    except psycopg.Error as exc:
        raise StoreError(f"revoking the API keys of a forgotten user failed: "
                         f"{_scrub(str(exc), url)}; forget the user again to retry") from None
    finally:
        conn.close()


class PostgresServerState:
    """Rate-limit buckets and created API keys of every worker, in PostgreSQL."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._lock = threading.RLock()
        self._conn: Any = None
        self._takes = 0
        with self._lock:
            conn = self._connection()
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_ID,))
                    conn.execute(_CREATE)
            except psycopg.Error as exc:
                raise self._error(exc) from None

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            self._conn = _connect(self._url, redact_url(self._url))
        return self._conn

    def _error(self, exc: Exception) -> StoreError:
        if self._conn is not None and self._conn.broken:
            self._conn = None
        return StoreError(f"the server's shared state in PostgreSQL failed: "
                          f"{_scrub(str(exc), self._url)}; retry, and check the database")

    def _run(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Any]:
        """Run one autocommit statement. A connection found dead (the server restarted
        since it was last used) is replaced and the statement tried once more on the new
        one, so the first request after a restart does not fail for an old socket."""
        with self._lock:
            try:
                return self._execute(sql, params)
            except psycopg.Error as exc:
                if self._conn is None or not self._conn.broken:
                    raise self._error(exc) from None
            self._conn = None
            try:
                return self._execute(sql, params)
            except psycopg.Error as exc:
                raise self._error(exc) from None

    def _execute(self, sql: str, params: Sequence[Any] | dict[str, Any]) -> list[Any]:
        cursor = self._connection().execute(sql, params)
        return cursor.fetchall() if cursor.description else []

    # -- rate limits ------------------------------------------------------------------------
    def take(self, bucket: str, rate: float, burst: int) -> float:
        """Take a token from ``bucket``: 0.0 if granted, else the seconds to wait for one."""
        [(tokens, granted)] = self._run(_TAKE, {"bucket": bucket, "rate": rate,
                                                "burst": float(burst)})
        self._takes += 1
        if self._takes % PRUNE_EVERY == 0:
            self._run(f"DELETE FROM {SCHEMA}.rate_buckets WHERE updated_at < "
                      "extract(epoch FROM clock_timestamp()) - %s", (IDLE_SECONDS,))
        return 0.0 if granted else (1.0 - float(tokens)) / rate

    def wait(self, bucket: str, rate: float, burst: int) -> float:
        """The seconds until ``bucket`` has a token (0.0: now), taking none."""
        rows = self._run(_WAIT, {"bucket": bucket, "rate": rate, "burst": float(burst)})
        tokens = float(burst) if not rows else float(rows[0][0])
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / rate

    # -- API keys ---------------------------------------------------------------------------
    def add_key(self, key: StoredKey) -> None:
        """Record a created key (its digest)."""
        self._run(f"INSERT INTO {SCHEMA}.api_keys (digest, user_id, contexts, created_at) "
                  "VALUES (%s, %s, %s, %s)",
                  (key.digest, key.user_id,
                   None if key.contexts is None else list(key.contexts), key.created_at))

    def key(self, digest: str) -> StoredKey | None:
        """The created key of ``digest``, if any."""
        rows = self._run(f"SELECT digest, user_id, contexts, created_at FROM {SCHEMA}.api_keys "
                         "WHERE digest = %s", (digest,))
        return _key(rows[0]) if rows else None

    def keys(self, user_id: str | None = None) -> list[StoredKey]:
        """Created keys (of one user when named), oldest first."""
        where, params = ("WHERE user_id = %s", (user_id,)) if user_id else ("", ())
        rows = self._run(f"SELECT digest, user_id, contexts, created_at FROM {SCHEMA}.api_keys "
                         f"{where} ORDER BY created_at, digest", params)
        return [_key(row) for row in rows]

    def remove_key(self, digest: str) -> bool:
        """Revoke a created key; False when there was none."""
        return bool(self._run(f"DELETE FROM {SCHEMA}.api_keys WHERE digest = %s "
                              "RETURNING digest", (digest,)))

    def remove_user_keys(self, user_id: str, context: str) -> int:
        """Revoke the created keys of a user forgotten in ``context`` (those listing it or
        any context that exists: :func:`~lucidmem.store.shared.reaches`); how many."""
        return len(self._run(_REMOVE_USER_KEYS, (user_id, context)))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def _key(row: Sequence[Any]) -> StoredKey:
    contexts = None if row[2] is None else tuple(row[2])
    return StoredKey(str(row[0]), str(row[1]), contexts, float(row[3]))
