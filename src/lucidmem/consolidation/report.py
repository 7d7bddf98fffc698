"""Typed results of a consolidation run (what ``memory.sleep.consolidate`` returns).

Frozen pydantic models; times are aware UTC datetimes, durations are seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "ConsolidationReport",
    "PlannedChange",
    "ProgressCallback",
    "ProgressUpdate",
    "RunStatus",
    "StepReport",
    "UserReport",
]

RunStatus = Literal["completed", "paused", "user_deleted", "empty", "dry_run"]


class PlannedChange(BaseModel):
    """One change a step made (or, in a dry run, would make)."""

    model_config = ConfigDict(frozen=True)

    step: str
    action: str
    record_id: str
    kind: str
    detail: str = ""


class StepReport(BaseModel):
    """What one step did for one user. ``counts`` are step-specific (``archived``, ...)."""

    model_config = ConfigDict(frozen=True)

    name: str
    status: Literal["done", "skipped", "paused", "pending"]
    counts: dict[str, int] = {}
    seconds: float = 0.0


class UserReport(BaseModel):
    """One user's run: status, steps, headline figures and (capped) list of changes."""

    model_config = ConfigDict(frozen=True)

    user_id: str
    status: RunStatus
    run_id: str
    reference_time: datetime
    resumed: bool
    steps: tuple[StepReport, ...]
    facts_before: int
    facts_after: int
    turns: int
    bytes_saved: int
    changes: tuple[PlannedChange, ...] = ()
    warnings: tuple[str, ...] = ()
    seconds: float = 0.0

    def count(self, name: str) -> int:
        """A count summed over the steps (``archived``, ``compacted``, ``triggers``, ...)."""
        return sum(s.counts.get(name, 0) for s in self.steps)


class ConsolidationReport(BaseModel):
    """The result of ``memory.sleep.consolidate`` over one or more users."""

    model_config = ConfigDict(frozen=True)

    context: str
    dry_run: bool
    users: tuple[UserReport, ...]
    seconds: float

    @property
    def status(self) -> RunStatus:
        """``completed`` if every user completed (or was empty), else the first other status."""
        for user in self.users:
            if user.status not in ("completed", "empty"):
                return user.status
        return "dry_run" if self.dry_run else "completed"

    def count(self, name: str) -> int:
        """A count summed over users and steps."""
        return sum(u.count(name) for u in self.users)

    @property
    def bytes_saved(self) -> int:
        """Bytes of turn bodies removed by compaction."""
        return sum(u.bytes_saved for u in self.users)

    @property
    def turns(self) -> int:
        """Turns of the users consolidated."""
        return sum(u.turns for u in self.users)

    @property
    def changes(self) -> tuple[PlannedChange, ...]:
        """Every change listed by every user's run."""
        return tuple(c for u in self.users for c in u.changes)


class ProgressUpdate(BaseModel):
    """Sent to ``progress`` after every batch: which user and step, how far."""

    model_config = ConfigDict(frozen=True)

    user_id: str
    step: str
    step_index: int
    steps_total: int
    done: int
    total: int


ProgressCallback = Callable[[ProgressUpdate], None]
