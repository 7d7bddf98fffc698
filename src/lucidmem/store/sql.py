"""SQL shared by the SQL stores: column list, row mapping, WHERE clauses, indexed text.

Kept apart from the connection handling so the SQLite and PostgreSQL stores map
rows and filters the same way; only the placeholder (``?`` / ``%s``) and the JSON
lookup of ``Query.data_equals`` differ, and the latter is passed in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..errors import InvalidInputError
from ..text import index_text
from .base import AuditEntry, Query, Record

__all__ = [
    "AUDIT_COLUMNS",
    "COLUMNS",
    "N_COLUMNS",
    "DataMatch",
    "audit_view",
    "indexed_body",
    "row_to_audit",
    "row_to_record",
    "sqlite_data_match",
    "where_clause",
]

COLUMNS = (
    "id, kind, user_id, agent_id, conversation_id, layer, status, text, occurred_at, "
    "created_at, updated_at, expires_at, last_accessed, access_count, version, data, "
    "embedding, searchable, keywords"
)
N_COLUMNS = 19
_DATA_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


AUDIT_COLUMNS = "record_id, action, at, before, after"


def row_to_audit(row: Sequence[Any]) -> AuditEntry:
    """An ``audit`` row (:data:`AUDIT_COLUMNS`) as an :class:`AuditEntry`."""
    return AuditEntry(record_id=row[0], action=row[1], at=row[2],
                      before=None if row[3] is None else json.loads(row[3]),
                      after=None if row[4] is None else json.loads(row[4]))


def row_to_record(row: Sequence[Any]) -> Record:
    """A record from a row of :data:`COLUMNS` (embedding as float32 bytes or an array)."""
    blob = row[16]
    embedding = (
        None if blob is None
        else blob if isinstance(blob, np.ndarray)
        else np.frombuffer(blob, dtype=np.float32)
    )
    return Record(
        id=row[0],
        kind=row[1],
        user_id=row[2],
        agent_id=row[3],
        conversation_id=row[4],
        layer=row[5],
        status=row[6],
        text=row[7],
        occurred_at=row[8],
        created_at=row[9],
        updated_at=row[10],
        expires_at=row[11],
        last_accessed=row[12],
        access_count=row[13],
        version=row[14],
        data=json.loads(row[15]),
        embedding=embedding,
        searchable=bool(row[17]),
        keywords=row[18],
    )


def audit_view(record: Record) -> dict[str, Any]:
    """The part of a record kept in the audit trail (no embedding)."""
    return {
        "kind": record.kind,
        "text": record.text,
        "status": record.status,
        "layer": record.layer,
        "conversation_id": record.conversation_id,
        "agent_id": record.agent_id,
        "occurred_at": record.occurred_at,
        "version": record.version,
        "data": record.data,
        "keywords": record.keywords,
    }


def indexed_body(record: Record) -> str | None:
    """The prepared text a record puts in the full-text index, ``None`` when it has none.

    Keywords (e.g. the speaker's name) come first, then the text, both through
    :func:`~lucidmem.text.index_text`; each backend's tokenizer takes it from there.
    """
    if not (record.searchable and record.text):
        return None
    return index_text(f"{record.keywords} {record.text}" if record.keywords else record.text)


DataMatch = Callable[[str, str, "str | int | float | bool", str], tuple[str, list[Any]]]
"""``(column, key, expected, placeholder)`` -> SQL condition and parameters testing that the
top-level ``key`` of the JSON text in ``column`` equals ``expected`` (key already validated)."""


def sqlite_data_match(
    column: str, key: str, expected: str | int | float | bool, placeholder: str
) -> tuple[str, list[Any]]:
    """SQLite's ``json_extract``: JSON true/false compare as 1/0, numbers numerically."""
    return f"json_extract({column}, '$.{key}') = {placeholder}", [expected]


def where_clause(
    q: Query,
    alias: str = "",
    placeholder: str = "?",
    data_match: DataMatch = sqlite_data_match,
) -> tuple[str, list[Any]]:
    """SQL condition and parameters selecting the records ``q`` describes."""
    p = alias
    clauses: list[str] = [f"{p}user_id = {placeholder}"]
    params: list[Any] = [q.user_id]

    def any_of(column: str, values: Sequence[Any] | None) -> None:
        if values is not None:
            marks = ','.join([placeholder] * len(values)) or 'NULL'
            clauses.append(f"{p}{column} IN ({marks})")
            params.extend(values)

    any_of("kind", q.kinds)
    any_of("status", q.statuses)
    any_of("layer", q.layers)
    for column, scope in (("conversation_id", q.conversation_id), ("agent_id", q.agent_id)):
        if scope is not None:
            clauses.append(f"{p}{column} = {placeholder}")
            params.append(scope)
    if q.occurred_from is not None:
        clauses.append(f"{p}occurred_at >= {placeholder}")
        params.append(q.occurred_from)
    if q.occurred_to is not None:
        clauses.append(f"{p}occurred_at <= {placeholder}")
        params.append(q.occurred_to)
    if q.expires_after is not None:
        clauses.append(f"{p}expires_at > {placeholder}")
        params.append(q.expires_after)
    for key, expected in (q.data_equals or {}).items():
        if not _DATA_KEY.match(key):
            raise InvalidInputError(f"invalid data key {key!r}", field="data_equals")
        clause, values = data_match(f"{p}data", key, expected, placeholder)
        clauses.append(clause)
        params.extend(values)
    return " AND ".join(clauses), params

