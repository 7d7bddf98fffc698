"""``memory.sleep``: the consolidation cycle and the scheduler that runs background work.

* :meth:`Sleep.on_turns_added` (an ``after_add`` listener) bumps the user's activity
  counter — which pauses a running consolidation of that user.
* :meth:`Sleep.on_turns_embedded` (an ``after_embed`` listener) stores, with
  ``settings.sleep.job.score_on_add``, importance and surprise in each new turn's
  ``data["sleep"]`` once its vector is computed (in the background by default).
* :meth:`Sleep.consolidate` runs the checkpointed per-user job of :mod:`.job`.
* :meth:`Sleep.scheduler` builds a scheduler over every capability's jobs.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Sequence
from datetime import datetime

from lucidmem.consolidation.job import JobEnv, run_user
from lucidmem.consolidation.jobs import sleep_jobs
from lucidmem.consolidation.peers import FactsPeer, HasJobs
from lucidmem.consolidation.records import TURN
from lucidmem.consolidation.report import ConsolidationReport, ProgressCallback
from lucidmem.consolidation.scoring import SCORE_KEY, score_turns
from lucidmem.errors import EmbeddingError, InvalidInputError
from lucidmem.kernel import AddedTurns, Kernel
from lucidmem.scheduler import SCHEDULER_OWNER, IdleDetector, Job, Scheduler
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store, item_lock_key

__all__ = ["FLUSH_BEFORE_S", "Sleep"]

FLUSH_BEFORE_S = 120.0
"""How long a consolidation waits for the embedding queue before it starts."""


class Sleep:
    """Consolidation ("sleep") of what was remembered, and the background scheduler.

    Contract: ``consolidate`` is idempotent and checkpointed — an interrupted or paused run
    resumes where it stopped, and running it twice changes nothing the second time; it
    pauses (and says so) when the user adds turns meanwhile. ``scheduler`` runs this
    capability's jobs and those of ``facts``, ``skills`` and ``agents`` on their cron
    schedule.
    """

    def __init__(self, kernel: Kernel, *, facts: FactsPeer, skills: HasJobs,
                 agents: HasJobs) -> None:
        self._kernel = kernel
        self._facts = facts
        self._peers: tuple[HasJobs, ...] = (facts, skills, agents)
        self._activity: dict[tuple[str, str], int] = {}
        self._activity_lock = threading.Lock()

    # -- reactions --------------------------------------------------------------------------
    def on_turns_added(self, event: AddedTurns) -> None:
        """After turns are stored: count the activity."""
        with self._activity_lock:
            key = (event.context, event.user_id)
            self._activity[key] = self._activity.get(key, 0) + 1

    def on_turns_embedded(self, event: AddedTurns) -> None:
        """After turns got their vectors: score them (if configured)."""
        if self._kernel.settings.sleep.job.score_on_add:
            # A zero vector (say) leaves the turn unscored; the job scores it later.
            with contextlib.suppress(InvalidInputError):
                self._score_added(event)

    def _score_added(self, event: AddedTurns) -> None:
        store, user_id = event.store, event.user_id
        with store.transaction():  # read fresh and write at once: an edit is never undone
            embedded = {r.id: r.version for r in event.records if r.kind == TURN}
            for item_id in sorted(embedded):  # the lock an edit takes (of any process)
                store.lock(item_lock_key(user_id, item_id))
            # the stored turns as they are now, if nobody changed them since their vectors
            # were computed (a changed one is queued again and scored then)
            fresh = [r for r in store.get(user_id, list(embedded))
                     if r.version == embedded[r.id] and r.embedding is not None]
            self._score(event.context, store, user_id, fresh)

    def _score(self, context: str, store: Store, user_id: str,
               records: Sequence[Record]) -> None:
        turns = sorted(records, key=lambda r: (r.occurred_at, r.id))
        groups: dict[str | None, list[Record]] = {}
        for turn in turns:
            groups.setdefault(turn.conversation_id, []).append(turn)
        changed: list[Record] = []
        names = self._kernel.settings.sleep.job.assistant_names
        for conversation, group in groups.items():
            mine = {t.id for t in group}
            earlier = store.find(Query(user_id=user_id, kinds=[TURN],
                                       conversation_id=conversation,
                                       occurred_to=group[0].occurred_at, descending=True,
                                       limit=60))
            history = [t for t in reversed(earlier) if t.id not in mine
                       and t.conversation_id == conversation]
            for turn, body in zip(group, score_turns(group, history, names), strict=True):
                turn.data = {**turn.data, SCORE_KEY: body}
                changed.append(turn)
        self._kernel.write(context, user_id, changed, audit=False)

    def _activity_of(self, context: str, user_id: str) -> int:
        with self._activity_lock:
            return self._activity.get((context, user_id), 0)

    # -- the cycle --------------------------------------------------------------------------
    def consolidate(
        self,
        *,
        user_id: str | None = None,
        context: str | None = None,
        dry_run: bool = False,
        progress: ProgressCallback | None = None,
        reset: bool = False,
    ) -> ConsolidationReport:
        """Run the sleep cycle for ``user_id`` (every user of the context when ``None``).

        Resumes an interrupted or paused run from its checkpoint. ``dry_run`` writes
        nothing and lists the planned changes; ``reset`` discards a (corrupted) checkpoint
        and starts the run over, which is safe because every step is idempotent.
        ``progress`` receives a :class:`~lucidmem.consolidation.report.ProgressUpdate`
        after each batch.
        """
        started = time.perf_counter()
        name = self._kernel.context_name(context)
        store = self._kernel.store(name)
        # Let the turns added just before get their vectors and scores first; with a failing
        # embedder the job's embedding step retries them itself.
        with contextlib.suppress(EmbeddingError):
            self._kernel.flush(timeout=FLUSH_BEFORE_S)
        if user_id is None:
            users = [u for u in store.user_ids() if u != SCHEDULER_OWNER]
        else:
            validate_id(user_id)
            users = [user_id]
        self._kernel.catch_up(name, user_id)  # facts of turns still waiting for extraction
        env = JobEnv(kernel=self._kernel, facts=self._facts, context=name, store=store,
                     activity=lambda user: self._activity_of(name, user), dry_run=dry_run,
                     reset=reset, progress=progress)
        reports = tuple(run_user(env, user) for user in users)
        return ConsolidationReport(context=name, dry_run=dry_run, users=reports,
                                   seconds=time.perf_counter() - started)

    # -- background work --------------------------------------------------------------------
    def jobs(self) -> list[Job]:
        """This capability's scheduled jobs: consolidation of today's shard, the weekly
        evolution summary, index maintenance."""
        return sleep_jobs(self._kernel, lambda user, context: self.consolidate(
            user_id=user, context=context))

    def scheduler(self, *, context: str | None = None, idle: IdleDetector | None = None,
                  start: datetime | None = None) -> Scheduler:
        """A scheduler over every capability's jobs (this one's first) in ``context``."""
        jobs = [*self.jobs(), *(job for peer in self._peers for job in peer.jobs())]
        return Scheduler(self._kernel, jobs, context=context, idle=idle, start=start)
