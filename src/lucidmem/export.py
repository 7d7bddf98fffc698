"""Export everything lucidmem keeps about one user as one JSON document (M25).

The document (``format`` ``lucidmem-export``, ``version`` 1; :class:`UserExport` is its
typed form, what ``Memory.export`` returns)::

    {"format": "lucidmem-export", "version": 1, "exported_at": "2026-11-23T04:30:00Z",
     "context": "personal", "user_id": "maya",
     "counts": {"turn": 12, "fact": 3, ...},
     "records": [...],          # every record of the user, all kinds, oldest first
     "agent_records": [...]}    # what the user left in agents' partitions (feedback, sessions)

Each record carries its id, kind, text, layer, status, conversation and agent ids, its
times as ISO 8601 UTC strings, its version, access count and ``data`` body. Embeddings are
left out unless asked for: they are derived from the text by the embedder.

Consistency: the records are read in one store transaction, so the export is a snapshot;
writes to the same context wait while it is read (the JSON is encoded afterwards).
:func:`write_export` writes a file atomically (a temporary file renamed into place), so an
interrupted export never leaves a partial file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TextIO

from pydantic import BaseModel, ConfigDict

from .agents.records import AGENT_PREFIX, user_records
from .embedding.turns import CHUNKS_KEY, decode_chunks
from .kernel import Kernel
from .scope import validate_id
from .store.base import Query, Record

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "ExportedRecord", "UserExport", "export_user",
           "record_to_json", "write_export"]

EXPORT_FORMAT: Final = "lucidmem-export"
EXPORT_VERSION: Final = 1
PAGE: Final = 1000


class ExportedRecord(BaseModel):
    """One record of an export: what :func:`record_to_json` writes."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: str
    text: str
    layer: int
    status: str
    conversation_id: str | None
    agent_id: str | None
    occurred_at: datetime
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None
    last_accessed: datetime | None
    access_count: int
    version: int
    data: dict[str, Any]
    embedding: list[float] | None = None


class UserExport(BaseModel):
    """Everything kept about one user in one context (``Memory.export``)."""

    model_config = ConfigDict(frozen=True)

    format: str
    version: int
    exported_at: datetime
    context: str
    user_id: str
    counts: dict[str, int]
    records: list[ExportedRecord]
    """Every record of the user, all kinds, oldest first."""
    agent_records: list[ExportedRecord]
    """What the user left in agents' partitions (feedback, sessions)."""


def _iso(seconds: float | None) -> str | None:
    """ISO 8601 UTC with a ``Z``, as pydantic writes :class:`UserExport`'s datetimes."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).isoformat().replace("+00:00", "Z")


def record_to_json(record: Record, *, include_embedding: bool = False) -> dict[str, Any]:
    """A record as a JSON-ready dict (times as ISO 8601 UTC strings)."""
    out: dict[str, Any] = {
        "id": record.id, "kind": record.kind, "text": record.text, "layer": record.layer,
        "status": record.status, "conversation_id": record.conversation_id,
        "agent_id": record.agent_id, "occurred_at": _iso(record.occurred_at),
        "created_at": _iso(record.created_at), "updated_at": _iso(record.updated_at),
        "expires_at": _iso(record.expires_at), "last_accessed": _iso(record.last_accessed),
        "access_count": record.access_count, "version": record.version,
        "data": {k: v for k, v in record.data.items() if k != CHUNKS_KEY},
    }
    if include_embedding:
        out["embedding"] = None if record.embedding is None else [
            float(x) for x in record.embedding]
        if CHUNKS_KEY in record.data and record.embedding is not None:
            out["chunk_embeddings"] = decode_chunks(record.data, len(record.embedding)).tolist()
    return out


def _snapshot(kernel: Kernel, user_id: str, context: str | None, include_embeddings: bool
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], Counter[str]]:
    """The user's records and the agent-partition records naming them, in one transaction."""
    store = kernel.store(context)
    records: list[dict[str, Any]] = []
    agent_records: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    with store.transaction():
        offset = 0
        while True:
            page = store.find(Query(user_id=user_id, order_by="created_at", limit=PAGE,
                                    offset=offset))
            for record in page:
                counts[record.kind] += 1
                records.append(record_to_json(record, include_embedding=include_embeddings))
            if len(page) < PAGE:
                break
            offset += PAGE
        for owner in store.user_ids():
            if owner.startswith(AGENT_PREFIX):
                agent_records += [record_to_json(r) for r in user_records(store, owner, user_id)]
    return records, agent_records, counts


def _header(kernel: Kernel, user_id: str, context: str | None,
            counts: Counter[str]) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
        "exported_at": _iso(kernel.now()),
        "context": kernel.context_name(context),
        "user_id": user_id, "counts": dict(sorted(counts.items())),
    }


def export_user(kernel: Kernel, *, user_id: str, context: str | None = None,
                include_embeddings: bool = False) -> UserExport:
    """Everything kept about ``user_id`` in ``context``."""
    validate_id(user_id)
    records, agent_records, counts = _snapshot(kernel, user_id, context, include_embeddings)
    return UserExport.model_validate({**_header(kernel, user_id, context, counts),
                                      "records": records, "agent_records": agent_records})


def _write(out: TextIO, header: dict[str, Any], records: list[dict[str, Any]],
           agent_records: list[dict[str, Any]]) -> None:
    """The document, one record per line (what :func:`export_user` returns, as JSON)."""
    out.write("{\n")
    for key, value in header.items():
        out.write(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
    sections = (("records", records), ("agent_records", agent_records))
    for n, (name, rows) in enumerate(sections):
        out.write(f' "{name}": [')
        for i, row in enumerate(rows):
            out.write(("\n  " if i == 0 else ",\n  ") + json.dumps(row, ensure_ascii=False))
        out.write("\n ]" if rows else "]")
        out.write(",\n" if n < len(sections) - 1 else "\n")
    out.write("}\n")


def write_export(kernel: Kernel, destination: str | Path | TextIO, *, user_id: str,
                 context: str | None = None, include_embeddings: bool = False) -> int:
    """Write :func:`export_user`'s document to a path (atomically) or an open text stream.

    Returns the number of the user's records written (agent-partition records not counted).
    """
    validate_id(user_id)
    records, agent_records, counts = _snapshot(kernel, user_id, context, include_embeddings)
    header = _header(kernel, user_id, context, counts)
    if not isinstance(destination, (str, Path)):
        _write(destination, header, records, agent_records)
        return len(records)
    path = Path(destination)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            _write(out, header, records, agent_records)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(records)
