"""Schema migrations: a registered, recorded, append-only list.

Each migration has a unique name and runs once, in list order, inside a
transaction; the names applied are recorded in ``schema_migrations``. Never
edit a migration that has shipped: append a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MIGRATIONS", "Migration"]


@dataclass(frozen=True, slots=True)
class Migration:
    name: str
    sql: str


MIGRATIONS: list[Migration] = [
    Migration(
        "0001_records",
        """
        CREATE TABLE records (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            user_id TEXT NOT NULL,
            agent_id TEXT,
            conversation_id TEXT,
            layer INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL DEFAULT 'active',
            text TEXT NOT NULL DEFAULT '',
            occurred_at REAL NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            expires_at REAL,
            last_accessed REAL,
            access_count INTEGER NOT NULL DEFAULT 0,
            version INTEGER NOT NULL DEFAULT 1,
            data TEXT NOT NULL DEFAULT '{}',
            embedding BLOB,
            searchable INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX records_user_kind_time ON records(user_id, kind, occurred_at);
        CREATE INDEX records_user_conversation ON records(user_id, conversation_id, occurred_at);
        CREATE INDEX records_user_expiry ON records(user_id, expires_at);
        CREATE VIRTUAL TABLE records_fts USING fts5(
            body, tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            record_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            before TEXT,
            after TEXT
        );
        CREATE INDEX audit_record ON audit(user_id, record_id, id);
        CREATE TABLE users (
            user_id TEXT PRIMARY KEY,
            revision INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
    ),
    Migration(
        "0002_record_keywords",
        """
        ALTER TABLE records ADD COLUMN keywords TEXT NOT NULL DEFAULT '';
        """,
    ),
    Migration(
        # Deleting a row also removes its terms from the index's segments at once, instead
        # of leaving them until a merge (what forgetting a user relies on).
        "0003_fts_secure_delete",
        """
        INSERT INTO records_fts (records_fts, rank) VALUES ('secure-delete', 1);
        """,
    ),
    Migration(
        "0004_embedding_queue",
        """
        CREATE TABLE embedding_queue (
            seq INTEGER PRIMARY KEY,
            record_id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            due_at REAL NOT NULL DEFAULT 0,
            last_error TEXT
        );
        CREATE INDEX embedding_queue_due ON embedding_queue(due_at, seq);
        CREATE INDEX embedding_queue_user ON embedding_queue(user_id);
        """,
    ),
    Migration(
        # turns whose facts are still to be extracted (add returns before extraction)
        "0005_extraction_queue",
        """
        CREATE TABLE extraction_queue (
            seq INTEGER PRIMARY KEY,
            record_id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            batch TEXT NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX extraction_queue_user ON extraction_queue(user_id, seq);
        """,
    ),
]
