"""The shape of a consolidation step and the context it runs in.

A step loads its candidate records once (sorted by a key), then processes them in batches;
the runner (:mod:`.job`) commits each batch's :class:`Changes` together with the checkpoint
(cursor = key of the batch's last record) in one transaction. ``prepare`` runs once per run
before the first batch (its ``step_state`` is checkpointed, e.g. the replay selection) and
``finish`` once after the last (e.g. the compaction marker). Steps never write themselves:
processing is pure over what was loaded, which is what makes dry runs and resumption exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lucidmem.consolidation.peers import FactsPeer
from lucidmem.consolidation.report import PlannedChange
from lucidmem.records import same_content
from lucidmem.settings import ConsolidationSettings
from lucidmem.store.base import Record, Store

if TYPE_CHECKING:
    from lucidmem.embedding import Embedder

__all__ = ["Changes", "Step", "StepContext"]

Key = tuple[float, str]


@dataclass(slots=True)
class StepContext:
    """What a step may read: the user's store, the run's frozen reference time, settings."""

    user_id: str
    store: Store
    now: float
    """The run's reference time (frozen when the run started; survives resumption)."""
    cfg: ConsolidationSettings
    embedder: Embedder
    seed: int
    base_rate: float = 0.01
    max_variants: int = 3
    step_state: dict[str, Any] = field(default_factory=dict)
    persist: dict[str, Any] = field(default_factory=dict)
    """Checkpoint fields that outlive a run (``replayed_through``)."""
    cache: dict[str, Any] = field(default_factory=dict)
    facts: FactsPeer | None = None
    """The facts capability (validation and archiving); ``None`` runs the steps' own rules."""
    context: str | None = None
    dry_run: bool = False
    contextual_embeddings: bool = True
    """Embed turns with the previous turn, as ``add`` does (``Settings.contextual_embeddings``)."""


@dataclass(slots=True)
class Changes:
    """What one batch changes. ``audited`` records go through the audit trail, ``quiet``
    ones (turn scores, compaction, embeddings) do not; ``deletes`` are ids."""

    step: str
    audited: list[Record] = field(default_factory=list)
    quiet: list[Record] = field(default_factory=list)
    deletes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    changes: list[PlannedChange] = field(default_factory=list)
    bytes_saved: int = 0
    persist: dict[str, Any] = field(default_factory=dict)

    def bump(self, name: str, n: int = 1) -> None:
        """Add ``n`` to a count."""
        self.counts[name] = self.counts.get(name, 0) + n

    def write(self, record: Record, action: str, detail: str = "", *,
              before: Record | None = None, quiet: bool = False) -> bool:
        """Queue ``record`` unless it equals ``before``; returns whether it was queued."""
        if before is not None and same_content(before, record) and (
            before.embedding is None) == (record.embedding is None):
            return False
        queue = self.quiet if quiet else self.audited
        for i, queued in enumerate(queue):
            if queued.id == record.id:  # a later change of the same record in this batch
                queue[i] = record
                break
        else:
            queue.append(record)
        self.changes.append(PlannedChange(step=self.step, action=action, record_id=record.id,
                                          kind=record.kind, detail=detail))
        return True

    def delete(self, record: Record, detail: str = "") -> None:
        """Queue the deletion of ``record``."""
        self.deletes.append(record.id)
        self.changes.append(PlannedChange(step=self.step, action="delete", record_id=record.id,
                                          kind=record.kind, detail=detail))

    @property
    def empty(self) -> bool:
        """True when nothing is written, deleted or persisted."""
        return not (self.audited or self.quiet or self.deletes or self.persist)


class Step:
    """Base class: override ``load`` and ``process``; ``prepare``/``finish`` are optional."""

    name = "step"
    one_batch = False
    """Process every candidate in one batch (steps that need the whole set at once)."""

    def prepare(self, ctx: StepContext) -> None:
        """Once per run, before the first batch; may fill ``ctx.step_state``."""

    def load(self, ctx: StepContext) -> list[Record]:
        """The candidate records (any order; the runner sorts them by :meth:`key`)."""
        return []

    def key(self, record: Record, ctx: StepContext) -> Key:
        """Sort key and cursor of a candidate: (time, id) by default."""
        return (record.occurred_at, record.id)

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        """The changes for one batch of candidates."""
        return Changes(self.name)

    def finish(self, ctx: StepContext) -> Changes:
        """Once per run, after the last batch (committed with the step's completion)."""
        return Changes(self.name)
