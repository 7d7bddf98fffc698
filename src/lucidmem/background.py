"""A daemon thread that runs rounds of work until it is stopped.

The embedding queue (:class:`lucidmem.indexing.Indexer`) and the fact-extraction queue
(:class:`lucidmem.extraction.Extractions`) are drained the same way: a round that did work
is followed at once by the next one; a round that found nothing waits until someone calls
:meth:`WorkerThread.wake` (an ``add`` queued work) or ``idle_poll`` seconds pass (another
process may have queued some). A round that raises is logged and the loop goes on, so a
closed store or a database error never kills the worker.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

__all__ = ["WorkerThread"]

log = logging.getLogger(__name__)


class WorkerThread:
    """Runs ``work`` (one round: whether it did anything) in a daemon thread ``name``."""

    def __init__(self, name: str, work: Callable[[], bool], *, idle_poll: float) -> None:
        self._name = name
        self._round = work
        self._idle_poll = idle_poll
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._wake = False

    @property
    def stopping(self) -> bool:
        """Whether :meth:`stop` was called (a long round should give up early)."""
        return self._stopping

    @property
    def running(self) -> bool:
        """Whether the thread was started and has not ended."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the thread (once; never again after :meth:`stop`)."""
        with self._changed:
            if self._thread is not None or self._stopping:
                return
            self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
            self._thread.start()

    def wake(self) -> None:
        """Run the next round now instead of after the idle wait."""
        with self._changed:
            self._wake = True
            self._changed.notify_all()

    def stop(self, timeout: float) -> None:
        """Stop after the round under way, waiting for it at most ``timeout`` seconds."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _work(self) -> None:
        while True:
            with self._changed:
                if self._stopping:
                    return
                self._wake = False
            try:
                worked = self._round()
            except Exception as exc:  # a store closed under us, a database error, a bug
                if self._stopping:
                    return
                log.warning("%s will retry: %s", self._name, exc, exc_info=True)
                worked = False
            if worked:
                continue
            with self._changed:
                if not self._wake and not self._stopping:
                    self._changed.wait(self._idle_poll)
