"""A large user's own indexes: an HNSW graph and a full-text index the size of the user.

Every user's vectors share one HNSW index and every user's ``tsvector`` one GIN index. A
search filters the shared index by user, so it walks (or reads) the whole population's
entries to find one user's: with 1,100,000 turns in all, a user with 100,000 of them spent
75 ms in the vector statement and 18 ms in the BM25 one, against 6 and 1.5 ms with 102,000
turns in all (docs/benchmarks.md). A user who passes :data:`LARGE_USER_RECORDS` records
gets two partial indexes, ``WHERE user_id = '<user>'``: the planner proves the search's
``user_id = $1`` (planned with its value, never as a generic prepared plan) implies their
predicate and reads them instead. Smaller users keep the shared indexes, where the planner
reads their few rows exactly.

The names carry a digest of the user id, not the id; the id itself is in the indexes'
predicates (the catalog), so forgetting the user drops them (:func:`drop_statement`).
"""

from __future__ import annotations

import hashlib

from psycopg import sql

__all__ = [
    "INDEX_VALIDITY",
    "LARGE_USER_RECORDS",
    "build_lock_key",
    "build_statements",
    "drop_statement",
    "user_index_names",
    "user_index_prefix",
]

LARGE_USER_RECORDS = 10_000
"""Records (as counted for BM25: every record with indexed text) from which a user has
indexes of their own. Below it the planner reads the user's rows through the
``(user_id, ...)`` B-tree and sorts them exactly: 0.4 ms p50 for 1,000 vectors, about
linear, so about 4 ms at 10,000, where the user's own HNSW graph costs 7-8 ms at 100,000
(measured on bench/scale_out.py's full load)."""


INDEX_VALIDITY = (
    "SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname = ANY(%s)"
)
"""Which of the named indexes of a schema exist (a row each) and whether each is valid (a
concurrent build that failed leaves its index ``INVALID``: never read, still written).
Parameters: the schema, the names."""


def user_index_prefix(user_id: str) -> str:
    """The start of every name of ``user_id``'s own indexes: ``records_own_`` and 16 hex digits
    of the SHA-256 of the id (a name never shows the id, and stays within 63 bytes)."""
    return f"records_own_{hashlib.sha256(user_id.encode('utf-8')).hexdigest()[:16]}_"


def user_index_names(user_id: str, dimension: int) -> tuple[str, str]:
    """The names of ``user_id``'s HNSW index (for ``dimension``) and full-text index."""
    prefix = user_index_prefix(user_id)
    return f"{prefix}hnsw_{dimension}", f"{prefix}fts"


def build_lock_key(schema: str, user_id: str) -> str:
    """The advisory lock (hashed by ``hashtextextended``) a process holds while it builds
    ``user_id``'s indexes in ``schema``: one builder at a time, the others skip."""
    return f"lucidmem:{schema}:own-indexes:{user_id}"


def build_statements(schema: str, user_id: str, dimension: int, vector_type: str, *,
                     m: int, ef_construction: int) -> list[sql.Composed]:
    """``CREATE INDEX CONCURRENTLY IF NOT EXISTS`` of the user's two indexes (each its own
    statement, outside any transaction; ``vector_type`` is the schema-qualified ``vector``
    type as the store spells it). Their predicates repeat the search's filters literally so
    the planner can match them: ``embedding IS NOT NULL`` and ``user_id = '<user>'``."""
    hnsw, fts = user_index_names(user_id, dimension)
    user = sql.Literal(user_id)
    table = sql.Identifier(schema, "records")
    return [
        sql.SQL(
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} USING hnsw "
            "((embedding::{vector}({dimension})) vector_ip_ops) "
            "WITH (m = {m}, ef_construction = {ef}) "
            "WHERE embedding IS NOT NULL AND user_id = {user}"
        ).format(name=sql.Identifier(hnsw), table=table, vector=sql.SQL(vector_type),
                 dimension=sql.Literal(dimension), m=sql.Literal(m),
                 ef=sql.Literal(ef_construction), user=user),
        sql.SQL(
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} USING gin (fts) "
            "WHERE user_id = {user}"
        ).format(name=sql.Identifier(fts), table=table, user=user),
    ]


def drop_statement(schema: str, name: str) -> sql.Composed:
    """``DROP INDEX IF EXISTS`` of one of a user's own indexes: on forgetting the user, and
    before building again over a build that failed half-way (left ``INVALID``)."""
    return sql.SQL("DROP INDEX IF EXISTS {name}").format(name=sql.Identifier(schema, name))
