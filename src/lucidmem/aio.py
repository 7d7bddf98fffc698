"""``AsyncMemory``: ``Memory`` for asyncio code, without blocking the event loop.

Every method has the name, arguments and result of its ``Memory`` twin and runs it on a
small thread pool owned by the ``AsyncMemory``, so the event loop keeps serving other
tasks while the embedder and the store work. Reads run in parallel (``Memory`` is
thread-safe); writes (add, update, delete, feedback, consolidation, …) take one lock in
their worker thread, so concurrent tasks' writes are applied one after another, in the
order they reach the pool.

::

    async with AsyncMemory(":memory:") as memory:
        await memory.add("I'm allergic to peanuts", user_id="maya")
        hits = await memory.search("what can't she eat?", user_id="maya")
        recall = await memory.facts.recall("food", user_id="maya")

``memory.facts``, ``memory.skills``, ``memory.agents`` and ``memory.sleep`` offer the
everyday methods of their ``Memory`` parts; :meth:`AsyncMemory.run` runs any other call
on the synchronous ``Memory`` (``await memory.run(lambda m: m.agents.policy.get("bot"))``).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from .errors import InvalidInputError
from .memory import Memory

if TYPE_CHECKING:
    from .clock import Clock
    from .embedding import Embedder
    from .kernel import StoreFactory
    from .settings import Settings

__all__ = ["AsyncAgents", "AsyncFacts", "AsyncMemory", "AsyncSkills", "AsyncSleep"]

P = ParamSpec("P")
T = TypeVar("T")
DEFAULT_WORKERS = 4
"""Threads of an ``AsyncMemory``'s pool: parallel reads beyond this wait their turn."""


class _Runner:
    """Runs synchronous calls on a private thread pool; writes one at a time."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise InvalidInputError(f"max_workers must be at least 1, got {workers}",
                                    field="max_workers")
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lucidmem-async")
        self.write_lock = threading.Lock()

    async def call(self, fn: Callable[[], T], *, write: bool) -> T:
        call = fn
        if write:
            def call() -> T:
                with self.write_lock:
                    return fn()
        loop = asyncio.get_running_loop()
        ctx = contextvars.copy_context()  # log fields and the like follow the call
        return await loop.run_in_executor(self.pool, ctx.run, call)

    def wrap(self, method: Callable[P, T], *, write: bool
             ) -> Callable[P, Coroutine[Any, Any, T]]:
        """``method`` as a coroutine function with its own signature and docstring."""

        @functools.wraps(method)
        async def offloaded(*args: P.args, **kwargs: P.kwargs) -> T:
            return await self.call(functools.partial(method, *args, **kwargs), write=write)

        return offloaded


class AsyncFacts:
    """``memory.facts`` for asyncio: the facts kept about a user."""

    def __init__(self, memory: Memory, runner: _Runner) -> None:
        facts = memory.facts
        self.list = runner.wrap(facts.list, write=False)
        self.get = runner.wrap(facts.get, write=False)
        self.search = runner.wrap(facts.search, write=False)
        self.recall = runner.wrap(facts.recall, write=False)
        self.history = runner.wrap(facts.history, write=False)
        self.between = runner.wrap(facts.between, write=False)
        self.staged = runner.wrap(facts.staged, write=False)
        self.stats = runner.wrap(facts.stats, write=False)
        self.set_privacy = runner.wrap(facts.set_privacy, write=True)
        self.validate = runner.wrap(facts.validate, write=True)


class AsyncSkills:
    """``memory.skills`` for asyncio: how each user likes to be answered."""

    def __init__(self, memory: Memory, runner: _Runner) -> None:
        skills = memory.skills
        self.enable = runner.wrap(skills.enable, write=True)
        self.disable = runner.wrap(skills.disable, write=True)
        self.enabled = runner.wrap(skills.enabled, write=False)
        self.select = runner.wrap(skills.select, write=True)
        self.feedback = runner.wrap(skills.feedback, write=True)
        self.log_turn = runner.wrap(skills.log_turn, write=True)
        self.classify_feedback = runner.wrap(skills.classify_feedback, write=False)
        self.trajectories = runner.wrap(skills.trajectories, write=False)
        self.profile = runner.wrap(skills.profile, write=False)
        self.reset = runner.wrap(skills.reset, write=True)
        self.list = runner.wrap(skills.list, write=False)
        self.get = runner.wrap(skills.get, write=False)
        self.create = runner.wrap(skills.create, write=True)
        self.update = runner.wrap(skills.update, write=True)
        self.delete = runner.wrap(skills.delete, write=True)


class AsyncAgents:
    """``memory.agents`` for asyncio: what agents learn from everyone's feedback."""

    def __init__(self, memory: Memory, runner: _Runner) -> None:
        agents = memory.agents
        self.register = runner.wrap(agents.register, write=True)
        self.get = runner.wrap(agents.get, write=False)
        self.list = runner.wrap(agents.list, write=False)
        self.submit_feedback = runner.wrap(agents.submit_feedback, write=True)
        self.submit_feedback_batch = runner.wrap(agents.submit_feedback_batch, write=True)
        self.feedback = runner.wrap(agents.feedback, write=False)
        self.record_action = runner.wrap(agents.record_action, write=True)
        self.record_session = runner.wrap(agents.record_session, write=True)
        self.should_ask_for_feedback = runner.wrap(agents.should_ask_for_feedback,
                                                   write=False)
        self.learning = runner.wrap(agents.learning, write=False)


class AsyncSleep:
    """``memory.sleep`` for asyncio: consolidation on demand."""

    def __init__(self, memory: Memory, runner: _Runner) -> None:
        self.consolidate = runner.wrap(memory.sleep.consolidate, write=True)


class AsyncMemory:
    """``Memory`` with coroutine methods (same names, arguments and results).

    Built like ``Memory`` (``data_dir``, ``settings``, ``embedder``, ``store_factory``,
    ``clock``), or around an existing one with ``AsyncMemory(memory=...)``; the synchronous
    object stays reachable as ``.sync``. Close it with ``await aclose()`` or ``async with``.
    """

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        store_factory: StoreFactory | None = None,
        clock: Clock | None = None,
        memory: Memory | None = None,
        max_workers: int = DEFAULT_WORKERS,
    ) -> None:
        if memory is not None and (data_dir is not None or settings is not None
                                   or embedder is not None or store_factory is not None
                                   or clock is not None):
            raise InvalidInputError("pass either memory= or the arguments to build one, "
                                    "not both", field="memory")
        self._runner = _Runner(max_workers)
        self.sync = memory if memory is not None else Memory(
            data_dir, settings=settings, embedder=embedder, store_factory=store_factory,
            clock=clock)
        m, r = self.sync, self._runner
        self.facts = AsyncFacts(m, r)
        self.skills = AsyncSkills(m, r)
        self.agents = AsyncAgents(m, r)
        self.sleep = AsyncSleep(m, r)
        self.add = r.wrap(m.add, write=True)
        self.search = r.wrap(m.search, write=False)
        self.get = r.wrap(m.get, write=False)
        self.get_all = r.wrap(m.get_all, write=False)
        self.update = r.wrap(m.update, write=True)
        self.delete = r.wrap(m.delete, write=True)
        self.delete_all = r.wrap(m.delete_all, write=True)
        self.verify_erasure = r.wrap(m.verify_erasure, write=False)
        self.flush = r.wrap(m.flush, write=False)
        self.history = r.wrap(m.history, write=False)
        self.working_memory = r.wrap(m.working_memory, write=False)
        self.export = r.wrap(m.export, write=False)
        self.stats = r.wrap(m.stats, write=False)
        self.contexts = r.wrap(m.contexts, write=False)
        self.build_context = r.wrap(m.build_context, write=True)  # records a selection
        self.disclose = r.wrap(m.disclose, write=False)

    async def run(self, call: Callable[[Memory], T], *, write: bool = True) -> T:
        """Run ``call(memory)`` on the pool: any method of the synchronous ``Memory``.

        ``write=True`` (the default) queues it with the other writes; pass ``False`` for
        a read that may run alongside them.
        """
        return await self._runner.call(functools.partial(call, self.sync), write=write)

    async def aclose(self) -> None:
        """Wait for the running calls, close every store and stop the pool."""
        await self._runner.call(self.sync.close, write=True)
        self._runner.pool.shutdown(wait=True)

    async def close(self) -> None:
        """The same as :meth:`aclose` (``Memory.close``'s name)."""
        await self.aclose()

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
