"""``ConsolidationAPI``: the sleep cycle's part of :class:`lucidmem.Memory`.

* After every ``add`` (the ``_after_add`` hook) it bumps the user's activity counter (which
  pauses a running consolidation of that user) and, with ``settings.sleep.job.score_on_add``,
  stores importance and surprise in each new turn's ``data["sleep"]`` — computed from the
  vectors already on the records, without calling the embedder.
* :meth:`ConsolidationAPI.consolidate` runs the job of :mod:`.job` for one user or all.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Sequence

from lucidmem.consolidation.job import JobEnv, run_user
from lucidmem.consolidation.records import SCHEDULER_OWNER, TURN
from lucidmem.consolidation.report import ConsolidationReport, ProgressCallback
from lucidmem.consolidation.scoring import SCORE_KEY, score_turns
from lucidmem.core import MemoryCore
from lucidmem.errors import InvalidInputError
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["ConsolidationAPI"]

_ACTIVITY_LOCK = threading.Lock()


class ConsolidationAPI(MemoryCore):
    """Consolidation ("sleep"): importance scoring on add and the per-user job."""

    def _sleep_activity(self) -> dict[tuple[str, str], int]:
        with _ACTIVITY_LOCK:
            marks: dict[tuple[str, str], int] | None = self.__dict__.get("_sleep_marks")
            if marks is None:
                marks = {}
                self.__dict__["_sleep_marks"] = marks
            return marks

    def _after_add(self, context: str, store: Store, user_id: str,
                   records: Sequence[Record]) -> None:
        super()._after_add(context, store, user_id, records)
        marks = self._sleep_activity()
        with _ACTIVITY_LOCK:
            marks[(context, user_id)] = marks.get((context, user_id), 0) + 1
        if self.settings.sleep.job.score_on_add:
            # A zero vector (say) leaves the turn unscored; the job scores it later.
            with contextlib.suppress(InvalidInputError):
                self._score_added(context, store, user_id, records)

    def _score_added(self, context: str, store: Store, user_id: str,
                     records: Sequence[Record]) -> None:
        turns = sorted((r for r in records if r.kind == TURN),
                       key=lambda r: (r.occurred_at, r.id))
        groups: dict[str | None, list[Record]] = {}
        for turn in turns:
            groups.setdefault(turn.conversation_id, []).append(turn)
        changed: list[Record] = []
        for conversation, group in groups.items():
            mine = {t.id for t in group}
            first = group[0]
            earlier = store.find(Query(user_id=user_id, kinds=[TURN],
                                       conversation_id=conversation,
                                       occurred_to=first.occurred_at, descending=True,
                                       limit=60))
            history = [t for t in reversed(earlier) if t.id not in mine
                       and t.conversation_id == conversation]
            for turn, body in zip(group, score_turns(group, history,
                                                     self.settings.sleep.job.assistant_names),
                                  strict=True):
                turn.data = {**turn.data, SCORE_KEY: body}
                changed.append(turn)
        if changed:
            before = store.revision(user_id)
            store.put(changed, audit=False)
            self._retriever.written(context, store, user_id, changed, before)

    def consolidate(
        self,
        user_id: str | None = None,
        *,
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
        name = self._context(context)
        store = self.store(name)
        if user_id is None:
            users = [u for u in store.user_ids() if u != SCHEDULER_OWNER]
        else:
            validate_id(user_id)
            users = [user_id]
        marks = self._sleep_activity()

        def activity(user: str) -> int:
            with _ACTIVITY_LOCK:
                return marks.get((name, user), 0)

        env = JobEnv(memory=self, context=name, store=store, activity=activity,
                     dry_run=dry_run, reset=reset, progress=progress)
        reports = tuple(run_user(env, user) for user in users)
        return ConsolidationReport(context=name, dry_run=dry_run, users=reports,
                                   seconds=time.perf_counter() - started)
