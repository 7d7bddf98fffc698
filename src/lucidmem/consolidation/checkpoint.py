"""The per-user checkpoint of the consolidation job, read strictly.

A checkpoint is a ``sleep_checkpoint`` record whose ``data`` is::

    {"format": 1, "runs": 3, "last_reference": 1.7e9, "replayed_through": 1.7e9,
     "run": {"id": "...", "reference": 1.7e9, "step": 2, "cursor": [t, "id"] | null,
             "step_state": {...}, "counts": {"score": {"scored": 10}}, "bytes_saved": 0,
             "status": "running" | "paused" | "done", "resumes": 0, "warnings": []}}

Anything else raises :class:`~lucidmem.errors.CheckpointError` naming the fix: every step is
idempotent, so ``consolidate(..., reset=True)`` (CLI ``--reset``) discards the checkpoint and
starts the run again without losing or duplicating anything.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from lucidmem.errors import CheckpointError
from lucidmem.store.base import Record

__all__ = ["FORMAT", "new_run", "read_checkpoint"]

FORMAT = 1


def _fail(user_id: str, why: str) -> CheckpointError:
    return CheckpointError(
        f"the consolidation checkpoint of user {user_id!r} is corrupted ({why}). Run "
        f"`lucidmem consolidate --user {user_id} --reset` (or "
        "memory.sleep.consolidate(user_id=..., reset=True)): every step is idempotent, so "
        "restarting the run loses nothing."
    )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(
        value)


def read_checkpoint(record: Record | None, user_id: str, steps: int) -> dict[str, Any]:
    """The checkpoint body (a fresh one when there is none), validated."""
    if record is None:
        return {"format": FORMAT, "runs": 0, "last_reference": None,
                "replayed_through": None, "run": None}
    data = record.data
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(user_id, "unknown format")
    if not isinstance(data.get("runs"), int) or data["runs"] < 0:
        raise _fail(user_id, "bad run counter")
    for key in ("last_reference", "replayed_through"):
        if data.get(key) is not None and not _number(data[key]):
            raise _fail(user_id, f"{key} is not a number")
    run = data.get("run")
    if run is not None:
        if not isinstance(run, dict):
            raise _fail(user_id, "run is not an object")
        if not isinstance(run.get("id"), str) or not _number(run.get("reference")):
            raise _fail(user_id, "run id or reference time missing")
        step = run.get("step")
        if not isinstance(step, int) or not 0 <= step <= steps:
            raise _fail(user_id, f"step {step!r} out of range 0..{steps}")
        cursor = run.get("cursor")
        if cursor is not None and not (
            isinstance(cursor, list) and len(cursor) == 2 and _number(cursor[0])
            and isinstance(cursor[1], str)
        ):
            raise _fail(user_id, "cursor is not [time, id]")
        if run.get("status") not in ("running", "paused", "done"):
            raise _fail(user_id, f"status {run.get('status')!r}")
        for key in ("step_state", "counts"):
            if not isinstance(run.get(key), dict):
                raise _fail(user_id, f"{key} is not an object")
        if not _number(run.get("bytes_saved", 0)):
            raise _fail(user_id, "bytes_saved is not a number")
    return copy.deepcopy(data)


def new_run(body: dict[str, Any], run_id: str, reference: float) -> dict[str, Any]:
    """Start a run in ``body`` (a copy is returned)."""
    out = copy.deepcopy(body)
    out["runs"] = int(out["runs"]) + 1
    out["run"] = {"id": run_id, "reference": reference, "step": 0, "cursor": None,
                  "step_state": {}, "counts": {}, "bytes_saved": 0, "status": "running",
                  "resumes": 0, "warnings": [], "changes": []}
    return out
