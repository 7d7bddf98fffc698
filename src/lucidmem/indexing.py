"""The vector leg's catch-up: draining each store's durable embedding queue.

``add`` stores a turn and queues it for embedding in one transaction (the turn is
BM25-searchable at once); the :class:`Indexer` computes the vectors in batches — in a
daemon thread of this process by default, or in the caller's thread when embedding is
synchronous — and stores each vector and removes its job in one transaction. So a crash
loses no queued turn (the next open resumes) and nothing is embedded twice: a job whose
record already has a vector, is gone or is no longer searchable is dropped unembedded.

A failing embedder leaves the jobs queued with their error (:meth:`Store.embedding_queue`,
shown by ``stats``) and retries them after :func:`retry_delay`.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .background import WorkerThread
from .embedding.base import Embedder
from .embedding.turns import CHUNKS_KEY, TurnVectors, with_chunks
from .errors import EmbeddingError, LucidmemError
from .store.base import EmbeddingJob, Record, Store

__all__ = ["BATCH", "REFRESH_KEY", "VECTOR_SCHEME_KEY", "EmbedPassages", "Embedded", "Indexer",
           "Vector", "VectorsFor", "call_spans", "retry_delay", "runnable_jobs"]

log = logging.getLogger(__name__)

BATCH = 16
"""Records embedded per round: large enough for the engine's batching to pay, small enough
that a round (~1 s of CPU at 1,000 characters) does not hold ``close`` or ``flush`` long."""
CALL_CHARS = 2_000
"""Characters per embedder call (at least one text): the embedder serves one call at a
time, so a query or ``add``'s fact extraction waits for about this much background text."""
STOP_WAIT_S = 30.0
"""How long ``close`` waits for the worker's current call; a longer one (a very long turn)
finishes on its own and its vector is dropped with the closed store, the job kept."""
RETRY_BASE_S = 2.0
RETRY_MAX_S = 300.0
VECTOR_SCHEME_KEY = "vectors:scheme"
"""Store meta: how the store's turn vectors are made
(:func:`~lucidmem.embedding.turns.vector_scheme`)."""
REFRESH_KEY = "vectors:refresh"
"""Store meta, set while turns embedded another way wait in the queue: their jobs are
embedded although the records have a vector (cleared when the queue is empty)."""
IDLE_POLL_S = 1.0
"""How often an idle worker looks at the queues (jobs queued by another process, retries)."""

Vector = npt.NDArray[np.float32]
EmbedPassages = Callable[[Sequence[str]], npt.NDArray[np.float32]]
"""Passages → one row per passage."""
VectorsFor = Callable[[Store, Sequence[Record], EmbedPassages], list[TurnVectors]]
"""What to store for stored records of one user (the kernel's
:func:`~lucidmem.kernel.embed_stored_turns`), embedding through the given function."""


@dataclass(frozen=True, slots=True)
class Embedded:
    """Records of one user that just got their vectors (``revision`` before the write)."""

    context: str
    store: Store
    user_id: str
    records: Sequence[Record]
    revision_before: int


def retry_delay(attempts: int, *, base: float = RETRY_BASE_S, cap: float = RETRY_MAX_S) -> float:
    """Seconds before a job that failed ``attempts`` times is tried again (doubling, capped)."""
    return float(min(cap, base * 2 ** max(attempts - 1, 0)))


def call_spans(lengths: Sequence[int], budget: int = CALL_CHARS) -> list[tuple[int, int]]:
    """Consecutive ``(start, end)`` slices of texts whose lengths add up to at most
    ``budget`` characters each (a longer text alone)."""
    spans: list[tuple[int, int]] = []
    start, used = 0, 0
    for i, length in enumerate(lengths):
        if i > start and used + length > budget:
            spans.append((start, i))
            start, used = i, 0
        used += length
    if start < len(lengths):
        spans.append((start, len(lengths)))
    return spans


def runnable_jobs(queued: Sequence[EmbeddingJob], held: set[str]) -> list[EmbeddingJob]:
    """The jobs a round may embed, in queue order: a user's jobs up to the first one still
    held by its ``add``. A later turn's vector mixes in the stored vector of the turn before
    it, so it must not be computed while an earlier turn of the same user waits."""
    blocked: set[str] = set()
    runnable: list[EmbeddingJob] = []
    for job in queued:
        if job.user_id in blocked:
            continue
        if job.record_id in held:
            blocked.add(job.user_id)
            continue
        runnable.append(job)
    return runnable


class Indexer:
    """Drains the embedding queues of the open stores, in a worker thread or on demand."""

    def __init__(
        self,
        embedder: Embedder,
        *,
        stores: Callable[[], Mapping[str, Store]],
        vectors_for: VectorsFor,
        on_embedded: Callable[[Embedded], None],
        now: Callable[[], float] = time.time,
        batch: int = BATCH,
    ) -> None:
        self._embedder = embedder
        self._stores = stores
        self._vectors_for = vectors_for
        self._on_embedded = on_embedded
        self._now = now
        self._batch = batch
        self._held: set[str] = set()
        self._changed = threading.Condition()
        self._run_lock = threading.RLock()
        self._write_lock = threading.RLock()
        """Held while a round stores vectors and runs the listeners (not while it embeds)."""
        self._worker = WorkerThread("lucidmem-indexer", self._work_round, idle_poll=IDLE_POLL_S)
        self.failures = 0
        """Failed rounds since this indexer started (a flush watches it)."""

    # -- holding back records whose add is not finished ---------------------------------------
    def hold(self, ids: Sequence[str]) -> None:
        """Keep these queued records from the worker until :meth:`release` (``add`` runs its
        listeners on the records first; they rewrite the row without a vector)."""
        with self._changed:
            self._held.update(ids)

    def release(self, ids: Sequence[str]) -> None:
        """Let the worker embed these records, and wake it."""
        with self._changed:
            self._held.difference_update(ids)
        self._worker.wake()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No round stores vectors or runs its listeners inside this block (it waits for one
        doing so, never for an embedder call): what forgetting deletes cannot be written
        back by a round that read it before; a round embedding meanwhile finds its records
        gone when it stores."""
        with self._write_lock:
            yield

    # -- one round ----------------------------------------------------------------------------
    def run_once(self) -> int:
        """Embed up to one batch of due jobs of every open store; returns the jobs handled
        (embedded, dropped or failed)."""
        handled = 0
        with self._run_lock:
            for context, store in list(self._stores().items()):
                handled += self._round(context, store)
        if handled:
            with self._changed:
                self._changed.notify_all()
        return handled

    def embed_now(self, context: str, store: Store, user_id: str, ids: Sequence[str]) -> None:
        """Embed these queued records of ``user_id`` in the caller's thread (synchronous
        embedding); a failure is recorded and retried like the worker's."""
        with self._run_lock:
            self._embed_user(context, store, user_id, [EmbeddingJob(user_id, i, 0) for i in ids])
        with self._changed:
            self._changed.notify_all()

    def drain_user(self, context: str, store: Store, user_id: str) -> int:
        """Embed every due job of ``user_id`` in ``store`` in the caller's thread, a batch at
        a time and in queue order (a job worker's task); returns the jobs handled. Stops at
        the first failed batch: its jobs wait for their retry time."""
        handled = 0
        failures = self.failures
        while self.failures == failures:
            with self._run_lock:
                jobs = store.embedding_jobs(self._batch, due_by=self._now(), user_id=user_id)
                if not jobs:
                    break
                self._embed_user(context, store, user_id, jobs,
                                 refresh=bool(store.get_meta(REFRESH_KEY)))
            handled += len(jobs)
        with self._changed:
            self._changed.notify_all()
        return handled

    def _round(self, context: str, store: Store) -> int:
        with self._changed:
            extra = len(self._held)
        queued = store.embedding_jobs(self._batch + extra, due_by=self._now())
        # Read the held ids after the jobs: a job visible above was held before its add
        # committed, so a snapshot taken now cannot miss it (one taken before could).
        with self._changed:
            held = set(self._held)
        jobs = runnable_jobs(queued, held)[: self._batch]
        refreshing = bool(store.get_meta(REFRESH_KEY))
        by_user: dict[str, list[EmbeddingJob]] = {}
        for job in jobs:
            by_user.setdefault(job.user_id, []).append(job)
        for user_id, user_jobs in by_user.items():
            self._embed_user(context, store, user_id, user_jobs, refresh=refreshing)
        if refreshing and not store.embedding_queue().pending:
            store.set_meta(REFRESH_KEY, "")  # every turn has a vector of today's scheme
        return len(jobs)

    def _embed_user(self, context: str, store: Store, user_id: str,
                    jobs: Sequence[EmbeddingJob], *, refresh: bool = False) -> None:
        """Embed these queued records; one that has a vector already is dropped unless
        ``refresh`` (its vector was made another way)."""
        records = store.get(user_id, [j.record_id for j in jobs])
        todo = [r for r in records if r.searchable and r.text.strip()
                and (r.embedding is None or refresh)]
        keep = {r.id for r in todo}
        store.drop_embedding_jobs(user_id, [j.record_id for j in jobs if j.record_id not in keep])
        if not todo:
            return
        try:
            embedded = self._vectors_for(store, todo, self._embed_in_spans)
        except LucidmemError as exc:
            self._failed(store, user_id, todo, jobs, exc)
            return
        except Exception as exc:  # an embedder's own bug must not kill the worker
            self._failed(store, user_id, todo, jobs, exc)
            return
        vectors = []
        data: dict[str, dict[str, Any]] = {}
        for record, got in zip(todo, embedded, strict=True):
            record.embedding = got.vector
            vectors.append((record.id, record.version, got.vector))
            if len(got.chunks) or CHUNKS_KEY in record.data:  # a long turn keeps its chunks
                record.data = with_chunks(record.data, got.chunks)
                data[record.id] = record.data
        with self._write_lock:
            before = store.revision(user_id)
            stored = set(store.set_embeddings(user_id, vectors, data=data))
            done = [r for r in todo if r.id in stored]
            if done:
                self._on_embedded(Embedded(context, store, user_id, done, before))

    def _embed_in_spans(self, texts: Sequence[str]) -> Vector:
        """``embed_passages`` in calls of about :data:`CALL_CHARS` characters, so a query
        waiting for the embedder never waits behind a whole batch."""
        if not texts:
            return np.zeros((0, self._embedder.dimension), dtype=np.float32)
        out: Vector = np.vstack([
            np.asarray(self._embedder.embed_passages(list(texts[start:end])), dtype=np.float32)
            for start, end in call_spans([len(t) for t in texts])])
        return out

    def _failed(self, store: Store, user_id: str, todo: Sequence[Record],
                jobs: Sequence[EmbeddingJob], exc: Exception) -> None:
        attempts = 1 + max(j.attempts for j in jobs)
        message = f"{type(exc).__name__}: {exc}"[:500]
        log.warning("embedding %d record(s) failed (attempt %d), retrying in %.0f s: %s",
                    len(todo), attempts, retry_delay(attempts), message)
        store.embedding_failed(user_id, [r.id for r in todo], message,
                               self._now() + retry_delay(attempts))
        with self._changed:
            self.failures += 1

    # -- the worker thread --------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker thread (once)."""
        self._worker.start()

    @property
    def running(self) -> bool:
        return self._worker.running

    def wake(self) -> None:
        self._worker.wake()

    def _work_round(self) -> bool:
        return self.run_once() > 0

    def stop(self, timeout: float = STOP_WAIT_S) -> None:
        """Stop the worker after its current round (queued jobs stay for the next open)."""
        self._worker.stop(timeout)

    # -- waiting ------------------------------------------------------------------------------
    def pending(self) -> int:
        return sum(s.embedding_queue().pending for s in list(self._stores().values()))

    def _queued(self) -> bool:
        """Whether any open store's queue holds a job (one indexed row read, where
        :meth:`pending` counts a queue that holds a million during a bulk load)."""
        return any(s.embedding_jobs(1, due_by=math.inf) for s in list(self._stores().values()))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every open store's queue is empty and the round that emptied it has
        finished (with the store's work after it, such as a bulk load's index builds): True,
        or False at ``timeout``.

        Without a running worker the caller's thread does the work. Raises
        :class:`EmbeddingError` when the embedder fails meanwhile (the jobs stay queued).
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            failures = self.failures
        worked = False
        while worked or self._queued():
            worked = False
            if self.failures != failures:
                raise EmbeddingError(self._failure_message())
            if deadline is not None and time.monotonic() >= deadline:
                return False
            if not self.running and self.run_once():
                worked = True
                continue
            if self.running:
                self._worker.wake()
                with self._changed:
                    left = 0.2 if deadline is None else max(0.0, deadline - time.monotonic())
                    self._changed.wait(min(0.2, left))
            else:
                with self._changed:  # only jobs waiting for a retry are left
                    left = 0.2 if deadline is None else max(0.0, deadline - time.monotonic())
                    self._changed.wait(min(0.2, left))
        # The queue is empty once the last round has stored its vectors, but that round may
        # still be finishing the store's work (a bulk load's index builds): wait for it.
        left = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
        if not self._run_lock.acquire(timeout=left):
            return False
        self._run_lock.release()
        return True

    def _failure_message(self) -> str:
        states = [s.embedding_queue() for s in list(self._stores().values())]
        waiting = sum(s.pending for s in states)
        error = next((s.last_error for s in states if s.last_error), "unknown error")
        return (f"the embedder failed ({error}); {waiting} record(s) wait for their vectors. "
                "They stay stored and searchable by keywords and are retried with backoff; "
                "check the embedder settings (LUCIDMEM_EMBEDDER, LUCIDMEM_EMBEDDING_BASE_URL).")
