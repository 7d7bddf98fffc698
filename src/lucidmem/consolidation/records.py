"""Record kinds, deterministic ids and small helpers of the sleep cycle.

Everything the job keeps is a :class:`~lucidmem.store.base.Record` of the kinds below (no
tables, no columns, no store methods): the seam stays implementable by any backend.

* ``sleep_checkpoint`` — one per user (id from the user id): the current or last run, the
  step and batch cursor, the replay selection, the replay watermark. Written in the same
  transaction as each batch's changes, so a crash can never separate them.
* ``sleep_run`` — one per finished (or paused / stopped) run: its report, for history.
* ``sleep_marker`` — one per user: the compaction marker (``compacted_through``).
* ``inferred_preference`` (layer 1) and ``anticipatory_trigger`` (layer 2) — pattern
  detection's output, ids derived from the pattern so a rerun updates instead of duplicating.

Turns keep their importance and surprise in ``data["sleep"]`` (see :mod:`.scoring`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from lucidmem.store.base import Layer, Record

__all__ = [
    "CHECKPOINT",
    "DAY",
    "FACT",
    "MARKER",
    "PREFERENCE",
    "RUN",
    "SCHEDULER_OWNER",
    "SLEEP_KINDS",
    "TRIGGER",
    "TURN",
    "data_bytes",
    "derived_id",
    "evolve",
    "internal",
    "same_content",
]

TURN = "turn"
FACT = "fact"
CHECKPOINT = "sleep_checkpoint"
RUN = "sleep_run"
MARKER = "sleep_marker"
PREFERENCE = "inferred_preference"
TRIGGER = "anticipatory_trigger"
SLEEP_KINDS = (CHECKPOINT, RUN, MARKER, PREFERENCE, TRIGGER)
SCHEDULER_OWNER = "__lucidmem_scheduler__"
"""Owner id of the scheduler's own run history (never a real user; jobs skip it)."""
DAY = 86_400.0


def derived_id(kind: str, user_id: str, *parts: object) -> str:
    """A stable id for a derived record: the same inputs give the same id in any process."""
    raw = json.dumps([kind, user_id, *[str(p) for p in parts]], ensure_ascii=False)
    return f"{kind[:5]}-" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


def internal(record_id: str, kind: str, user_id: str, now: float, data: dict[str, Any], *,
             prior: Record | None = None, text: str = "", layer: Layer = 0,
             searchable: bool = False, occurred_at: float | None = None) -> Record:
    """A new record, or ``prior`` replaced, keeping its creation time and bumping its version."""
    return Record(
        id=record_id, kind=kind, user_id=user_id, text=text, layer=layer,
        occurred_at=prior.occurred_at if prior else (now if occurred_at is None else occurred_at),
        created_at=prior.created_at if prior else now,
        updated_at=now, version=prior.version + 1 if prior else 1,
        status=prior.status if prior else "active", data=data, searchable=searchable,
        embedding=prior.embedding if prior is not None and prior.text == text else None,
    )


def same_content(a: Record, b: Record) -> bool:
    """Whether two versions of a record say the same (ignoring times and version)."""
    return (a.text, a.status, a.layer, a.data) == (b.text, b.status, b.layer, b.data)


def data_bytes(data: dict[str, Any]) -> int:
    """Size of a record's JSON body as the store writes it."""
    return len(json.dumps(data, ensure_ascii=False).encode("utf-8"))


def evolve(record: Record, now: float) -> Record:
    """A copy of ``record`` to modify: ``updated_at = now``, version + 1, own ``data`` dict."""
    return dataclasses.replace(record, updated_at=now, version=record.version + 1,
                               data=dict(record.data))
