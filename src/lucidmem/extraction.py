"""Fact extraction after ``add`` returns: draining each store's durable extraction queue.

``add`` stores its turns, queues their embedding and marks them as waiting for fact
extraction, all in one transaction (:meth:`Store.queue_extraction`). The
:class:`Extractions` worker — a daemon thread of this process — then hands the turns of
each ``add``, oldest first (so one user's turns go in the order they were added), to the
kernel's extraction step, which stages their facts and takes the marks off in one
transaction (:meth:`Store.take_extraction_jobs`). So a crash loses no turn (the marks stay,
the next open resumes) and extracts none twice (a turn whose mark is gone is not staged
again).

Reads of a user's facts call :meth:`Extractions.drain` first: the user's waiting turns are
extracted in the caller's thread, so whoever adds and then reads sees the facts at once.

A kill can still fall between the staging transaction (which took the marks) and what the
step does after it (validating the staged facts). So the first time the worker (or a
``flush``) visits a store, and the first time a read drains a user, the kernel's resume
step runs for each user (:data:`Resume`): it finishes what such a kill left.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from .background import WorkerThread
from .store.base import ExtractionJob, Store

__all__ = ["IDLE_POLL_S", "LOOK_AHEAD", "RETRY_S", "ExtractBatch", "Extractions", "Resume",
           "next_batch"]

log = logging.getLogger(__name__)

LOOK_AHEAD = 256
"""Marks read at once when gathering the turns of the oldest waiting ``add``."""
IDLE_POLL_S = 1.0
"""How often an idle worker looks at the queues (turns marked by another process)."""
RETRY_S = 5.0
"""How long the worker leaves a store alone after its extraction step raised."""
STOP_WAIT_S = 30.0
"""How long ``close`` waits for the extraction under way."""
ALL = 1 << 30
"""A limit larger than any queue."""

ExtractBatch = Callable[[str, Store, str, Sequence[str]], None]
"""``(context, store, user_id, turn ids)``: extract the turns of one ``add`` and take their
marks in the transaction that stages their facts (the kernel's step)."""
Resume = Callable[[str, Store, str], None]
"""``(context, store, user_id)``: finish what a kill after the staging transaction left of
the user's extraction (run once per user and store by each process)."""


def next_batch(jobs: Sequence[ExtractionJob]) -> list[ExtractionJob]:
    """The oldest job and the others of the same ``add`` (same user and batch), in order."""
    if not jobs:
        return []
    first = jobs[0]
    return [j for j in jobs if j.user_id == first.user_id and j.batch == first.batch]


class Extractions:
    """Drains the extraction queues of the open stores, in a worker thread or on demand."""

    def __init__(self, *, stores: Callable[[], Mapping[str, Store]],
                 extract: ExtractBatch, resume: Resume) -> None:
        self._stores = stores
        self._extract = extract
        self._resume = resume
        self._resumed: dict[str, weakref.ref[Store]] = {}
        """Context → the store whose every user was resumed (a store opened again is not;
        weak: a store let go of must still close)."""
        self._resumed_users: set[tuple[str, str]] = set()
        """(context, user) resumed by a read before their whole store was."""
        self._lock = threading.RLock()
        """Held while one ``add``'s turns are extracted (worker or caller), so two threads
        never extract the same turns at once."""
        self._inside = threading.local()
        self._changed = threading.Condition()
        self._worker = WorkerThread("lucidmem-extraction", self._round, idle_poll=IDLE_POLL_S)
        self._busy: set[tuple[int, str]] = set()
        """(store, user) pairs whose turns are being extracted: their marks may be taken
        already while their facts are still being validated."""
        self._resting: dict[str, float] = {}
        """Context → monotonic time before which the worker leaves it alone (after a failure)."""

    # -- what waits ---------------------------------------------------------------------------
    @staticmethod
    def waiting(store: Store, user_id: str | None = None) -> bool:
        """Whether turns (of ``user_id``, or of anyone) wait for extraction in ``store``."""
        return bool(store.extraction_jobs(1, user_id=user_id))

    @staticmethod
    def hidden(store: Store, user_id: str) -> set[str]:
        """The user's turns that search leaves out until their facts are extracted."""
        return {j.record_id for j in store.extraction_jobs(ALL, user_id=user_id) if j.hidden}

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No extraction runs inside this block (it waits for the one under way, validation
        included): what forgetting a user deletes cannot be written back by an extraction
        that read the user's turns before."""
        with self._lock:
            yield

    # -- resuming -----------------------------------------------------------------------------
    def _was_resumed(self, context: str, store: Store) -> bool:
        ref = self._resumed.get(context)
        return ref is not None and ref() is store

    def _resume_user(self, context: str, store: Store, user_id: str) -> None:
        with self._lock:
            if self._was_resumed(context, store) or (context, user_id) in self._resumed_users:
                return
            self._inside.active = True
            try:
                self._resume(context, store, user_id)
            finally:
                self._inside.active = False
            self._resumed_users.add((context, user_id))

    def resume(self, context: str, store: Store, *, worker: bool = False) -> None:
        """Run the resume step for every user of ``store``, once per store opened (the
        worker thread gives up when it is stopped)."""
        if self._was_resumed(context, store):
            return
        for user_id in store.user_ids():
            if worker and self._worker.stopping:
                return
            self._resume_user(context, store, user_id)
        with self._lock:
            self._resumed[context] = weakref.ref(store)
            self._resumed_users = {k for k in self._resumed_users if k[0] != context}

    # -- extracting ---------------------------------------------------------------------------
    def run_one(self, context: str, store: Store, user_id: str | None = None) -> bool:
        """Extract the turns of the oldest waiting ``add`` (of ``user_id`` if given); False
        when none waits. What the step did not take (a turn deleted meanwhile) is dropped;
        when the step raises, the marks stay for a later try."""
        with self._lock:
            batch = next_batch(store.extraction_jobs(LOOK_AHEAD, user_id=user_id))
            if not batch:
                return False
            owner, ids = batch[0].user_id, [j.record_id for j in batch]
            busy = (id(store), owner)
            with self._changed:
                self._busy.add(busy)
            self._inside.active = True
            try:
                self._extract(context, store, owner, ids)
                store.take_extraction_jobs(owner, ids)
            finally:
                self._inside.active = False
                with self._changed:
                    self._busy.discard(busy)
                    self._changed.notify_all()
        return True

    def drain(self, context: str, store: Store, user_id: str | None = None) -> None:
        """Extract every waiting turn of ``user_id`` (everyone's when None) in the caller's
        thread, in order. A read calls this first (read-your-writes); inside an extraction
        step it does nothing (the step reads what it needs itself)."""
        if getattr(self._inside, "active", False):
            return
        if user_id is None:
            self.resume(context, store)
        else:
            self._resume_user(context, store, user_id)
        while True:
            if self.waiting(store, user_id):
                self.run_one(context, store, user_id)
                continue
            with self._changed:  # another thread may be finishing the user's last turns
                if not any(s == id(store) and (user_id is None or u == user_id)
                           for s, u in self._busy):
                    return
                self._changed.wait(0.1)

    def flush(self, context: str, store: Store, deadline: float | None = None) -> bool:
        """Extract everything waiting in ``store``: True, or False at ``deadline``
        (monotonic seconds)."""
        self.resume(context, store)
        while self.waiting(store):
            if deadline is not None and time.monotonic() >= deadline:
                return False
            self.run_one(context, store)
        self.drain(context, store)  # and what another thread is finishing
        return True

    # -- the worker thread --------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker thread (once)."""
        self._worker.start()

    def wake(self) -> None:
        self._worker.wake()

    def _round(self) -> bool:
        handled = False
        now = time.monotonic()
        for context, store in list(self._stores().items()):
            if self._worker.stopping:
                return False
            if self._resting.get(context, 0.0) > now:
                continue
            try:
                self.resume(context, store, worker=True)
                handled = self.run_one(context, store) or handled
            except Exception as exc:  # a store closed under us, a database error, a bug
                if self._worker.stopping:
                    return False
                log.warning("fact extraction in %r will be retried in %.0f s: %s", context,
                            RETRY_S, exc, exc_info=True)
                self._resting[context] = time.monotonic() + RETRY_S
        return handled

    def stop(self, timeout: float = STOP_WAIT_S) -> None:
        """Stop the worker after the extraction under way (what waits stays marked)."""
        self._worker.stop(timeout)
