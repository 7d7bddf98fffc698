"""Record kinds of the sleep cycle (all defined in :class:`lucidmem.records.Kind`).

Everything the job keeps is a :class:`~lucidmem.records.Record` of the kinds below (no
tables, no columns, no store methods): the seam stays implementable by any backend.

* ``sleep_checkpoint`` — one per user (id from the user id): the current or last run, the
  step and batch cursor, the replay selection, the replay watermark. Written in the same
  transaction as each batch's changes, so a crash can never separate them.
* ``sleep_run`` — one per finished (or paused / stopped) run: its report, for history.
* ``sleep_marker`` — one per user: the compaction marker (``compacted_through``).
* ``inferred_preference`` (layer 1) and ``anticipatory_trigger`` (layer 2) — pattern
  detection's output, ids derived from the pattern (:func:`lucidmem.records.stable_id`) so
  a rerun updates instead of duplicating.

Turns keep their importance and surprise in ``data["sleep"]`` (see :mod:`.scoring`).
"""

from __future__ import annotations

import json
from typing import Any, Final

from lucidmem.records import Kind

__all__ = [
    "CHECKPOINT",
    "DAY",
    "FACT",
    "MARKER",
    "PREFERENCE",
    "RUN",
    "SLEEP_KINDS",
    "TRIGGER",
    "TURN",
    "data_bytes",
]

TURN: Final = Kind.TURN
FACT: Final = Kind.FACT
CHECKPOINT: Final = Kind.SLEEP_CHECKPOINT
RUN: Final = Kind.SLEEP_RUN
MARKER: Final = Kind.SLEEP_MARKER
PREFERENCE: Final = Kind.INFERRED_PREFERENCE
TRIGGER: Final = Kind.ANTICIPATORY_TRIGGER
SLEEP_KINDS: Final = (CHECKPOINT, RUN, MARKER, PREFERENCE, TRIGGER)
DAY: Final = 86_400.0


def data_bytes(data: dict[str, Any]) -> int:
    """Size of a record's JSON body as the store writes it."""
    return len(json.dumps(data, ensure_ascii=False).encode("utf-8"))
