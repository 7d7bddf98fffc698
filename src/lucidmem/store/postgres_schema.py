"""How a PostgreSQL context schema is named, laid out and fed text: the parts of the
PostgreSQL store that need no driver (see :mod:`lucidmem.store.postgres`).

* a context ``c`` lives in schema ``lucidmem_c`` (:func:`schema_for_context`);
* :data:`MIGRATIONS`: the schema's recorded, append-only migrations (``{s}`` is the
  schema, ``{vector}`` pgvector's type); ``chunks`` holds the extra chunk vectors of long
  turns (one row each, removed with their record), searched beside ``records.embedding``;
* :func:`fts_text`: the prepared body folded the way SQLite FTS5's tokenizer folds it,
  before it becomes a ``tsvector``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..errors import InvalidInputError
from ..scope import validate_context
from .migrations import Migration

__all__ = [
    "MAX_CONTEXT_CHARS",
    "MAX_INDEXED_CHARS",
    "MIGRATIONS",
    "SCHEMA_PREFIX",
    "context_of_schema",
    "fts_text",
    "ident",
    "is_schema_name",
    "schema_for_context",
]

SCHEMA_PREFIX = "lucidmem_"
_MAX_IDENTIFIER = 63  # PostgreSQL truncates longer names (NAMEDATALEN - 1)
MAX_CONTEXT_CHARS = _MAX_IDENTIFIER - len(SCHEMA_PREFIX)
_SCHEMA = re.compile(r"^[a-z_][a-z0-9_-]{0,62}$")

MAX_INDEXED_CHARS = 100_000
"""Characters of a record's prepared body that go into its ``tsvector`` (which PostgreSQL
caps at 1 MB; positions also stop at 16,383). SQLite's FTS5 has no such cap."""


# -- context <-> schema ----------------------------------------------------------------------
def schema_for_context(context: str) -> str:
    """The schema of a (validated) context name: ``lucidmem_<context>``."""
    if len(context) > MAX_CONTEXT_CHARS:
        raise InvalidInputError(
            f"context name {context!r} is too long for the PostgreSQL store: at most "
            f"{MAX_CONTEXT_CHARS} characters (schema names are limited to {_MAX_IDENTIFIER}).",
            field="context",
        )
    return SCHEMA_PREFIX + context


def context_of_schema(schema: str) -> str | None:
    """The context a schema holds, or ``None`` for a schema that is not a context's."""
    if not schema.startswith(SCHEMA_PREFIX):
        return None
    try:
        return validate_context(schema[len(SCHEMA_PREFIX) :])
    except InvalidInputError:
        return None


def ident(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


# -- migrations ------------------------------------------------------------------------------
MIGRATIONS: list[Migration] = [
    Migration(
        "0001_records",
        """
        CREATE TABLE {s}.records (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text COLLATE "C" NOT NULL UNIQUE,
            kind text COLLATE "C" NOT NULL,
            user_id text COLLATE "C" NOT NULL,
            agent_id text COLLATE "C",
            conversation_id text COLLATE "C",
            layer integer NOT NULL DEFAULT 0,
            status text COLLATE "C" NOT NULL DEFAULT 'active',
            text text NOT NULL DEFAULT '',
            occurred_at double precision NOT NULL,
            created_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            expires_at double precision,
            last_accessed double precision,
            access_count integer NOT NULL DEFAULT 0,
            version integer NOT NULL DEFAULT 1,
            data text NOT NULL DEFAULT '{{}}',
            embedding {vector},
            searchable boolean NOT NULL DEFAULT true,
            keywords text NOT NULL DEFAULT '',
            fts tsvector,
            fts_len integer NOT NULL DEFAULT 0
        );
        ALTER TABLE {s}.records ALTER COLUMN embedding SET STORAGE MAIN;
        CREATE INDEX records_user_kind_time ON {s}.records (user_id, kind, occurred_at);
        CREATE INDEX records_user_conversation
            ON {s}.records (user_id, conversation_id, occurred_at);
        CREATE INDEX records_user_expiry ON {s}.records (user_id, expires_at);
        CREATE INDEX records_fts ON {s}.records USING gin (fts);
        CREATE TABLE {s}.audit (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            record_id text COLLATE "C" NOT NULL,
            user_id text COLLATE "C" NOT NULL,
            action text NOT NULL,
            at double precision NOT NULL,
            before text,
            after text
        );
        CREATE INDEX audit_record ON {s}.audit (user_id, record_id, id);
        CREATE TABLE {s}.users (
            user_id text COLLATE "C" PRIMARY KEY,
            revision bigint NOT NULL DEFAULT 0,
            fts_docs bigint NOT NULL DEFAULT 0,
            fts_tokens bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE {s}.meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL);
        CREATE TEXT SEARCH DICTIONARY {s}.lucidmem_stem (
            TEMPLATE = pg_catalog.snowball, Language = english
        );
        CREATE TEXT SEARCH CONFIGURATION {s}.lucidmem_fts (COPY = pg_catalog.simple);
        ALTER TEXT SEARCH CONFIGURATION {s}.lucidmem_fts
            ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword,
                              hword_asciipart, hword_part, hword_numpart
            WITH {s}.lucidmem_stem
        """,
    ),
    Migration(
        "0002_embedding_queue",
        """
        CREATE TABLE {s}.embedding_queue (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            record_id text COLLATE "C" NOT NULL UNIQUE,
            user_id text COLLATE "C" NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            due_at double precision NOT NULL DEFAULT 0,
            last_error text
        );
        CREATE INDEX embedding_queue_due ON {s}.embedding_queue (due_at, seq);
        CREATE INDEX embedding_queue_user ON {s}.embedding_queue (user_id)
        """,
    ),
    Migration(
        "0003_chunk_vectors",
        """
        CREATE TABLE {s}.chunks (
            record_id text COLLATE "C" NOT NULL
                REFERENCES {s}.records (id) ON DELETE CASCADE,
            n integer NOT NULL,
            user_id text COLLATE "C" NOT NULL,
            embedding {vector} NOT NULL,
            PRIMARY KEY (record_id, n)
        );
        ALTER TABLE {s}.chunks ALTER COLUMN embedding SET STORAGE MAIN;
        CREATE INDEX chunks_user ON {s}.chunks (user_id)
        """,
    ),
    Migration(
        "0004_extraction_queue",
        """
        CREATE TABLE {s}.extraction_queue (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            record_id text COLLATE "C" NOT NULL UNIQUE,
            user_id text COLLATE "C" NOT NULL,
            batch text COLLATE "C" NOT NULL,
            hidden boolean NOT NULL DEFAULT false
        );
        CREATE INDEX extraction_queue_user ON {s}.extraction_queue (user_id, seq)
        """,
    ),
    Migration(
        "0005_record_access",
        # Access statistics beside the records, not in them: a record's row is ~2 KB (its
        # vector), so updating it in place rarely finds room on its page, and a row moved
        # to another page is inserted again into every index, the HNSW graphs included
        # (5-10 ms each): a search's access update of 10 hits took 65-100 ms on a user with
        # 100,000 turns. A narrow row here is updated in place. ``records_read`` is what
        # reads see: the records with their access folded in.
        """
        CREATE TABLE {s}.record_access (
            record_id text COLLATE "C" PRIMARY KEY
                REFERENCES {s}.records (id) ON DELETE CASCADE,
            last_accessed double precision NOT NULL,
            access_count integer NOT NULL
        ) WITH (fillfactor = 70);
        CREATE VIEW {s}.records_read AS
            SELECT r.seq, r.id, r.kind, r.user_id, r.agent_id, r.conversation_id, r.layer,
                   r.status, r.text, r.occurred_at, r.created_at, r.updated_at, r.expires_at,
                   coalesce(a.last_accessed, r.last_accessed) AS last_accessed,
                   r.access_count + coalesce(a.access_count, 0) AS access_count,
                   r.version, r.data, r.embedding, r.searchable, r.keywords, r.fts, r.fts_len
            FROM {s}.records r LEFT JOIN {s}.record_access a ON a.record_id = r.id
        """,
    ),
]
"""Append-only, like :data:`lucidmem.store.migrations.MIGRATIONS`; never edit a shipped one."""


# -- text preparation ------------------------------------------------------------------------
def _is_latin(ch: str) -> bool:
    code = ord(ch)
    return code < 0x250 or 0x1E00 <= code < 0x1F00


@lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    parts = unicodedata.normalize("NFD", ch)
    if len(parts) > 1 and _is_latin(parts[0]) and all(unicodedata.combining(c) for c in parts[1:]):
        return parts[0]
    return ch


def fts_text(prepared: str) -> str:
    """A prepared body (:func:`~lucidmem.text.index_text` output) as PostgreSQL
    indexes it: Latin diacritics removed (FTS5's ``remove_diacritics``), ``_`` a separator
    (as in FTS5's ``unicode61``), at most :data:`MAX_INDEXED_CHARS` characters."""
    text = prepared if prepared.isascii() else "".join(_fold_char(c) for c in prepared)
    return text.replace("_", " ")[:MAX_INDEXED_CHARS]


def is_schema_name(schema: str) -> bool:
    """Whether ``schema`` is a name this store creates and quotes safely."""
    return bool(_SCHEMA.fullmatch(schema))
