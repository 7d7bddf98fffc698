"""Handing a user's queued turns to the job workers (``background_work="workers"``).

An ``add`` stores its turns and queues their embedding and fact extraction in one
transaction (see :mod:`lucidmem.indexing`, :mod:`lucidmem.extraction`). With the setting
``background_work="workers"`` the process that added does not drain those queues itself:
:class:`Handoff` defers one ``lucidmem.drain(ctx, user_id)`` task in PostgreSQL's job
queue, which a ``lucidmem worker`` process on any machine runs
(:mod:`lucidmem.distributed.engine`). The task's procrastinate ``queueing_lock`` is
:func:`drain_key`, so however many adds come in while one task waits, one is queued per
user; it drains everything queued when it runs.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from procrastinate import App

__all__ = ["DRAIN_TASK", "QUEUE", "Handoff", "drain_key"]

QUEUE = "lucidmem"
"""The procrastinate queue of every lucidmem task."""
DRAIN_TASK = "lucidmem.drain"
POOL_SIZE = 2
"""Connections an API process keeps for deferring tasks."""


def drain_key(context: str, user_id: str) -> str:
    """The procrastinate lock and advisory-lock key of one user's embedding and extraction."""
    return f"drain:{context}:{user_id}"


class Handoff:
    """Defers ``lucidmem.drain`` tasks in the job queue at ``url`` (opened on first use)."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._app: App | None = None
        self._lock = threading.Lock()

    def _open(self) -> App:
        with self._lock:
            if self._app is None:
                from procrastinate import App, PsycopgConnector

                app = App(connector=PsycopgConnector(conninfo=self._url, min_size=1,
                                                     max_size=POOL_SIZE))
                app.open()
                self._app = app
            return self._app

    def defer(self, context: str, user_id: str) -> bool:
        """Queue a drain of ``user_id``'s turns in ``context``; False when one is queued
        already (it will drain these turns too)."""
        from procrastinate.exceptions import AlreadyEnqueued

        key = drain_key(context, user_id)
        try:
            self._open().configure_task(DRAIN_TASK, queue=QUEUE, lock=key,
                                        queueing_lock=key).defer(ctx=context, user_id=user_id)
        except AlreadyEnqueued:
            return False
        return True

    def close(self) -> None:
        with self._lock:
            app, self._app = self._app, None
        if app is not None:
            with contextlib.suppress(Exception):  # the server may be gone already
                app.close()
