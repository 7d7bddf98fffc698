"""``AsyncMemory``: the same methods as ``Memory``, run off the event loop, under
concurrent asyncio tasks, with the real SQLite store and the real embedder."""

from __future__ import annotations

import asyncio
import inspect
import threading
from pathlib import Path

import pytest

from lucidmem import AsyncMemory, InvalidInputError, Memory, NotFoundError
from lucidmem.embedding import E5Embedder

INSTRUMENTS = ["violin", "cello", "oboe", "flute", "harp", "tuba", "banjo", "organ",
               "piano", "trumpet", "harpsichord", "ukulele"]
PARTS = {"kernel", "facts", "skills", "agents", "sleep"}


def _public_methods(obj: object) -> list[str]:
    return [n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n))]


def test_every_memory_method_has_an_async_twin_with_the_same_signature(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    memory = Memory(tmp_path, embedder=embedder)
    amem = AsyncMemory(memory=memory)
    names = [n for n in _public_methods(memory) if n not in PARTS]
    assert "add" in names and "build_context" in names
    for name in names:
        twin = getattr(amem, name, None)
        assert twin is not None, f"AsyncMemory has no {name}"
        assert inspect.iscoroutinefunction(twin), name
        if name != "close":
            assert inspect.signature(twin) == inspect.signature(getattr(memory, name)), name
    for part in ("facts", "skills", "agents", "sleep"):
        for name in _public_methods(getattr(amem, part)):
            twin = getattr(getattr(amem, part), name)
            assert inspect.iscoroutinefunction(twin), f"{part}.{name}"
            assert inspect.signature(twin) == inspect.signature(
                getattr(getattr(memory, part), name)), f"{part}.{name}"
    asyncio.run(amem.aclose())


def test_concurrent_tasks_write_and_read_without_losing_anything(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    async def journey() -> None:
        async with AsyncMemory(tmp_path, embedder=embedder) as memory:
            adds = [memory.add(f"the {word} lesson moved to Tuesday", user_id="maya",
                               conversation_id=f"c{i % 3}")
                    for i, word in enumerate(INSTRUMENTS)]
            searches = [memory.search("lesson moved", user_id="maya", limit=5)
                        for _ in range(6)]
            results = await asyncio.gather(*adds, *searches)
            added = [items[0].id for items in results[:12]]
            assert len(set(added)) == 12
            everything = await memory.get_all(user_id="maya", kinds=["turn"], limit=100)
            assert sorted(i.id for i in everything) == sorted(added)
            hits = await memory.search("harpsichord", user_id="maya", limit=3)
            assert "harpsichord" in hits[0].item.text
            # concurrent updates of one item are serialised: both versions recorded
            await asyncio.gather(memory.update(added[0], user_id="maya", text="first edit"),
                                 memory.update(added[0], user_id="maya", text="second edit"))
            history = await memory.history(added[0], user_id="maya")
            assert [e.action for e in history] == ["add", "update", "update"]
            assert (await memory.get(added[0], user_id="maya")).version == 3
            with pytest.raises(NotFoundError):
                await memory.get("no-such-id", user_id="maya")
            with pytest.raises(InvalidInputError):
                await memory.search("", user_id="maya")
            assert await memory.delete_all(user_id="maya") >= 12
            assert await memory.get_all(user_id="maya") == []

    asyncio.run(journey())


def test_the_event_loop_keeps_running_while_a_call_works(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    """A call that waits for the loop to act can only finish if the loop is free."""
    gate = threading.Event()

    async def scenario() -> bool:
        async with AsyncMemory(tmp_path, embedder=embedder) as memory:
            def wait_for_loop(m: Memory) -> bool:
                m.stats()
                return gate.wait(timeout=60)

            async def open_gate() -> None:
                await asyncio.sleep(0)
                gate.set()

            opened, _ = await asyncio.gather(memory.run(wait_for_loop, write=False),
                                             open_gate())
            return opened

    assert asyncio.run(scenario()) is True


def test_parts_context_and_feedback_through_asyncio(
    tmp_path: Path, embedder: E5Embedder
) -> None:
    async def journey() -> None:
        async with AsyncMemory(tmp_path, embedder=embedder) as memory:
            await memory.add("My sister Ana is a nurse in Porto", user_id="maya")
            recall = await memory.facts.recall("my sister", user_id="maya")
            assert "nurse" in recall.answer.lower()
            assert await memory.skills.enable(user_id="maya") is True
            ctx = await memory.build_context("what does Ana do?", user_id="maya")
            assert ctx.selection_id is not None and "nurse" in ctx.prompt
            result = await memory.skills.feedback(ctx.selection_id, user_id="maya", reward=1)
            assert result.skill_updated
            report = await memory.sleep.consolidate(user_id="maya")
            assert [u.user_id for u in report.users] == ["maya"]
            assert await memory.contexts() == ["personal"]

    asyncio.run(journey())


def test_wrapping_and_building_at_once_is_refused(tmp_path: Path,
                                                  embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory, pytest.raises(InvalidInputError):
        AsyncMemory(tmp_path, memory=memory)
