"""The per-user consolidation job ("sleep", M9): ordered, idempotent, checkpointed steps.

Steps, in order (each in its own module; see ``docs/sleep.md``)::

    score → validate → replay → emotion → patterns → embeddings → archive → variants → compaction

Safety rules the runner enforces:

* **Checkpoint in the same transaction.** Every batch's writes and the advanced checkpoint
  (step, cursor) are committed together, so a process killed at any instant either did the
  whole batch or none of it; rerunning resumes at the cursor. Derived records have ids
  computed from their content's identity, never random ones.
* **Frozen reference time.** A run fixes "now" when it starts and keeps it in the
  checkpoint; a resumed run uses the same time, so decay, compaction cut-offs and trigger
  times come out the same. A clock behind the previous run's time is not trusted: the
  previous time is used and a warning is reported.
* **Pause on activity.** Inside each commit the runner checks that no turn was added for the
  user since the run started or resumed (a counter bumped by ``Memory.add`` in this process,
  and the user's turn count for other processes); if one was, the batch is rolled back, the
  checkpoint is marked ``paused`` and the report says so. The next call resumes.
* **User deleted mid-run.** Detected inside the commit (the user's revision is gone): the
  batch is rolled back and nothing is written, not even the checkpoint.
* **Dry run.** Every step plans against the current state and nothing is written; the
  report lists the changes (a later step does not see an earlier step's planned changes).
"""

from __future__ import annotations

import copy
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lucidmem.clock import from_epoch
from lucidmem.consolidation.checkpoint import new_run, read_checkpoint
from lucidmem.consolidation.peers import FactsPeer
from lucidmem.consolidation.records import CHECKPOINT, FACT, RUN, TURN
from lucidmem.consolidation.report import PlannedChange, ProgressUpdate, StepReport, UserReport
from lucidmem.consolidation.steps_base import Changes, Step, StepContext
from lucidmem.consolidation.steps_facts import (
    ArchiveStep,
    EmotionStep,
    ReplayStep,
    ValidateStep,
    VariantCleanupStep,
)
from lucidmem.consolidation.steps_memory import CompactionStep, EmbeddingStep, ScoreStep
from lucidmem.consolidation.steps_patterns import PatternStep
from lucidmem.kernel import Kernel
from lucidmem.records import Status, new_record, stable_id
from lucidmem.store.base import Query, Record, Store

if TYPE_CHECKING:
    from lucidmem.consolidation.report import ProgressCallback

__all__ = ["MAX_LISTED_CHANGES", "RUN_HISTORY", "STEPS", "JobEnv", "checkpoint_id", "run_user"]

STEPS: tuple[Step, ...] = (
    ScoreStep(), ValidateStep(), ReplayStep(), EmotionStep(), PatternStep(), EmbeddingStep(),
    ArchiveStep(), VariantCleanupStep(), CompactionStep(),
)
MAX_LISTED_CHANGES = 2_000
"""Changes listed in a report per user (counts are always complete)."""
RUN_HISTORY = 30
"""Finished-run records kept per user."""


class _Paused(Exception):
    pass


class _Gone(Exception):
    pass


@dataclass(slots=True)
class JobEnv:
    """Where and how a run happens: the kernel, the facts capability, the store of one
    context, the switches."""

    kernel: Kernel
    facts: FactsPeer | None
    context: str
    store: Store
    activity: Callable[[str], int]
    dry_run: bool = False
    reset: bool = False
    progress: ProgressCallback | None = None
    after_commit: Callable[[str, int], None] | None = None
    """Test hook: called with (step name, batches committed so far) after each commit."""


def checkpoint_id(user_id: str) -> str:
    """The id of a user's checkpoint record."""
    return stable_id(CHECKPOINT, user_id, "checkpoint")


@dataclass(slots=True)
class _Run:
    env: JobEnv
    user_id: str
    body: dict[str, Any]
    prior: Record | None
    baseline: tuple[int, int] = (0, 0)
    changes: list[PlannedChange] = field(default_factory=list)
    commits: int = 0

    @property
    def run(self) -> dict[str, Any]:
        run: dict[str, Any] = self.body["run"]
        return run

    def _turns(self) -> int:
        return self.env.store.count(Query(user_id=self.user_id, kinds=[TURN]))

    def rebase(self) -> None:
        self.baseline = (self.env.activity(self.user_id), self._turns())

    def commit(self, changes: Changes, body: dict[str, Any], extra: list[Record] = ()) -> None:  # type: ignore[assignment]
        room = MAX_LISTED_CHANGES - len(self.changes)
        self.changes.extend(changes.changes[: max(0, room)])
        if self.env.dry_run:
            self.body = body
            return
        store, user = self.env.store, self.user_id
        reference = float(body["run"]["reference"])
        ckpt = new_record(checkpoint_id(user), CHECKPOINT, user, reference, body, prior=self.prior)
        before = store.revision(user)
        with store.transaction():
            if store.revision(user) == 0:
                raise _Gone
            if (self.env.activity(user), self._turns()) != self.baseline:
                raise _Paused
            if changes.audited or extra:
                store.put([*changes.audited, *extra])
            store.put([*changes.quiet, ckpt], audit=False)
            if changes.deletes:
                store.delete(user, changes.deletes, at=reference)
        self.env.kernel.index.written(
            self.env.context, store, user, [*changes.audited, *changes.quiet, *extra], before,
            removed=changes.deletes)
        self.prior, self.body = ckpt, body
        self.commits += 1
        if self.env.after_commit is not None:
            self.env.after_commit(changes.step, self.commits)

    def save_paused(self) -> None:
        if self.env.dry_run:
            return
        body = copy.deepcopy(self.body)
        body["run"]["status"] = "paused"
        ckpt = new_record(checkpoint_id(self.user_id), CHECKPOINT, self.user_id,
                        float(body["run"]["reference"]), body, prior=self.prior)
        with self.env.store.transaction():
            if self.env.store.revision(self.user_id) == 0:
                return
            self.env.store.put([ckpt], audit=False)


def _seed(run_id: str) -> int:
    return int.from_bytes(hashlib.sha256(run_id.encode()).digest()[:8], "big")


def _count_facts(store: Store, user_id: str) -> int:
    return store.count(Query(user_id=user_id, kinds=[FACT], statuses=[Status.ACTIVE]))


def _start(env: JobEnv, user_id: str, warnings: list[str]) -> _Run:
    store = env.store
    found = store.get(user_id, [checkpoint_id(user_id)])
    prior = found[0] if found else None
    body = read_checkpoint(None if env.reset else prior, user_id, len(STEPS))
    now = env.kernel.now()
    run = body.get("run")
    if run is not None and run["status"] in ("running", "paused"):
        run["resumes"] = int(run.get("resumes", 0)) + 1
        run["status"] = "running"
        if now < float(run["reference"]):
            warnings.append(f"the clock is {float(run['reference']) - now:.0f} s behind this "
                            "run's start; the run keeps its original time")
        return _Run(env, user_id, body, prior)
    reference = now
    last = body.get("last_reference")
    if last is not None and now < float(last):
        warnings.append(f"the clock is {float(last) - now:.0f} s behind the previous run; "
                        "using the previous run's time instead")
        reference = float(last)
    run_id = stable_id(RUN, user_id, int(body["runs"]) + 1)
    return _Run(env, user_id, new_run(body, run_id, reference), prior)


def _context(env: JobEnv, user_id: str, run: dict[str, Any], body: dict[str, Any]) -> StepContext:
    settings = env.kernel.settings
    return StepContext(
        user_id=user_id, store=env.store, now=float(run["reference"]),
        cfg=settings.sleep.job, embedder=env.kernel.embedder, seed=_seed(str(run["id"])),
        base_rate=settings.facts.decay_base_rate,
        max_variants=settings.facts.max_variants,
        step_state=run["step_state"],
        persist={"replayed_through": body.get("replayed_through")},
        facts=env.facts, context=env.context, dry_run=env.dry_run,
        contextual_embeddings=settings.contextual_embeddings,
    )


def _add_counts(run: dict[str, Any], step: str, changes: Changes) -> None:
    counts = run["counts"].setdefault(step, {})
    for name, n in changes.counts.items():
        counts[name] = int(counts.get(name, 0)) + n
    run["bytes_saved"] = int(run.get("bytes_saved", 0)) + changes.bytes_saved


def _steps(env: JobEnv, state: _Run) -> None:
    while state.run["step"] < len(STEPS):
        index = int(state.run["step"])
        step = STEPS[index]
        ctx = _context(env, state.user_id, state.run, state.body)
        if not ctx.step_state.get("prepared"):
            body = copy.deepcopy(state.body)
            ctx = _context(env, state.user_id, body["run"], body)
            step.prepare(ctx)
            ctx.step_state["prepared"] = True
            state.commit(Changes(step.name), body)
            ctx = _context(env, state.user_id, state.run, state.body)
        candidates = sorted(step.load(ctx), key=lambda r: step.key(r, ctx))
        cursor = state.run.get("cursor")
        if cursor is not None:
            mark = (float(cursor[0]), str(cursor[1]))
            candidates = [c for c in candidates if step.key(c, ctx) > mark]
        size = env.kernel.settings.sleep.job.batch_size
        if step.one_batch:
            size = max(1, len(candidates))
        total, done = len(candidates), 0
        for start in range(0, total, size):
            chunk = candidates[start:start + size]
            changes = step.process(ctx, chunk)
            body = copy.deepcopy(state.body)
            body["run"]["cursor"] = list(step.key(chunk[-1], ctx))
            _add_counts(body["run"], step.name, changes)
            state.commit(changes, body)
            ctx = _context(env, state.user_id, state.run, state.body)
            done += len(chunk)
            if env.progress is not None:
                env.progress(ProgressUpdate(user_id=state.user_id, step=step.name,
                                            step_index=index, steps_total=len(STEPS), done=done,
                                            total=total))
        ctx.cache["step_counts"] = dict(state.run["counts"].get(step.name, {}))
        final = step.finish(ctx)
        body = copy.deepcopy(state.body)
        _add_counts(body["run"], step.name, final)
        body.update(final.persist)
        body["run"].update(step=index + 1, cursor=None, step_state={})
        state.commit(final, body)
        if env.progress is not None:
            env.progress(ProgressUpdate(user_id=state.user_id, step=step.name,
                                        step_index=index, steps_total=len(STEPS), done=total,
                                        total=total))


def _finish(state: _Run, report: dict[str, Any]) -> None:
    body = copy.deepcopy(state.body)
    run = body["run"]
    run["status"] = "done"
    body["last_reference"] = run["reference"]
    reference = float(run["reference"])
    history = new_record(str(run["id"]), RUN, state.user_id, reference, report,
                       occurred_at=reference)
    old = state.env.store.find(Query(user_id=state.user_id, kinds=[RUN], descending=True,
                                     order_by="created_at"))
    changes = Changes("finish", deletes=[r.id for r in old[RUN_HISTORY - 1:]
                                         if r.id != history.id])
    state.commit(changes, body, [history])


def run_user(env: JobEnv, user_id: str) -> UserReport:
    """Run (or resume) the consolidation of one user; see the module docstring."""
    started = time.perf_counter()
    store = env.store
    warnings: list[str] = []
    if store.revision(user_id) == 0:
        return UserReport(user_id=user_id, status="empty", run_id="",
                          reference_time=from_epoch(env.kernel.now()), resumed=False, steps=(),
                          facts_before=0, facts_after=0, turns=0, bytes_saved=0,
                          seconds=time.perf_counter() - started)
    state = _start(env, user_id, warnings)
    resumed = int(state.run.get("resumes", 0)) > 0
    facts_before, turns = _count_facts(store, user_id), store.count(
        Query(user_id=user_id, kinds=[TURN]))
    state.rebase()
    status = "dry_run" if env.dry_run else "completed"
    try:
        _steps(env, state)
        summary = {"run_id": state.run["id"], "reference": state.run["reference"],
                   "counts": state.run["counts"], "bytes_saved": state.run["bytes_saved"],
                   "resumes": state.run.get("resumes", 0), "warnings": warnings,
                   "status": "completed"}
        if not env.dry_run:
            _finish(state, summary)
    except _Paused:
        status = "paused"
        state.save_paused()
    except _Gone:
        status = "user_deleted"
    run = state.run
    current = int(run["step"])
    steps = tuple(
        StepReport(name=s.name,
                   status="done" if i < current or status in ("completed", "dry_run") else
                   ("paused" if i == current and status == "paused" else "pending"),
                   counts=dict(run["counts"].get(s.name, {})))
        for i, s in enumerate(STEPS))
    return UserReport(
        user_id=user_id, status=status,
        run_id=str(run["id"]), reference_time=from_epoch(float(run["reference"])),
        resumed=resumed, steps=steps, facts_before=facts_before,
        facts_after=facts_before if status == "user_deleted" else _count_facts(store, user_id),
        turns=turns, bytes_saved=int(run.get("bytes_saved", 0)),
        changes=tuple(state.changes), warnings=tuple(warnings),
        seconds=time.perf_counter() - started)
