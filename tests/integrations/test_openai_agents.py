"""``LucidmemSession`` and ``memory_search_tool`` with the real openai-agents SDK: the
session contract, ``Runner.run`` with a scripted model (a ``Model`` that answers from a
script, no network, tracing off) that sees the session's history and calls the memory tool,
and refusals."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from agents import Agent, Runner, set_tracing_disabled
from agents.items import ModelResponse, TResponseInputItem, TResponseStreamEvent
from agents.memory import Session
from agents.models.interface import Model
from agents.usage import Usage
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.openai_agents import (
    LucidmemSession,
    item_of,
    memory_search_tool,
    turn_of,
)


@pytest.fixture(autouse=True)
def no_tracing() -> Iterator[None]:
    set_tracing_disabled(True)  # the SDK would otherwise export traces over the network
    yield
    set_tracing_disabled(False)


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Memory:
    return Memory(tmp_path, embedder=embedder)


def say(text: str) -> ResponseOutputMessage:
    return ResponseOutputMessage(
        id="msg", type="message", role="assistant", status="completed",
        content=[ResponseOutputText(type="output_text", text=text, annotations=[])])


class ScriptedModel(Model):
    """Answers each call with the next output of its script; keeps the inputs it saw."""

    def __init__(self, script: list[list[Any]]) -> None:
        self.script = script
        self.inputs: list[list[TResponseInputItem]] = []

    async def get_response(self, system_instructions: str | None,
                           input: str | list[TResponseInputItem], *args: Any,  # noqa: A002
                           **kwargs: Any) -> ModelResponse:
        self.inputs.append([{"role": "user", "content": input}] if isinstance(input, str)
                           else list(input))
        return ModelResponse(output=self.script.pop(0), usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        raise NotImplementedError("the tests do not stream")


def test_the_session_contract(memory: Memory) -> None:
    session = LucidmemSession(memory, user_id="maya", session_id="s1")
    assert isinstance(session, Session)
    call = {"type": "function_call", "call_id": "c1", "name": "weather",
            "arguments": '{"city": "Lisbon"}'}
    items: list[Any] = [
        {"role": "user", "content": "I moved to Lisbon"},
        {"type": "message", "role": "assistant", "id": "m1", "status": "completed",
         "content": [{"type": "output_text", "text": "Lovely city!", "annotations": []}]},
        call, {"type": "function_call_output", "call_id": "c1", "output": "22 degrees"}]

    async def run() -> None:
        await session.add_items(items)
        assert await session.get_items() == items
        assert await session.get_items(limit=2) == items[2:]
        assert await session.get_items(limit=0) == []
        other = LucidmemSession(memory, user_id="maya", session_id="s2")
        await other.add_items([{"role": "user", "content": "keep me"}])
        assert await session.pop_item() == items[3]
        assert await session.get_items() == items[:3]
        await session.clear_session()
        assert await session.get_items() == [] and await session.pop_item() is None
        assert await other.get_items() == [{"role": "user", "content": "keep me"}]

    asyncio.run(run())
    texts = [i.text for i in memory.get_all(user_id="maya", kinds=["turn"])]
    assert texts == ["keep me"]


def test_a_long_tool_output_is_kept_whole(memory: Memory) -> None:
    long_output = "Lisbon weather report. " * 3000  # 69,000 characters
    item: Any = {"type": "function_call_output", "call_id": "c1", "output": long_output}
    session = LucidmemSession(memory, user_id="maya", session_id="s1")
    asyncio.run(session.add_items([item]))
    assert asyncio.run(session.get_items()) == [item]
    turn = memory.get_all(user_id="maya", kinds=["turn"])[0]
    assert turn.text.startswith("Lisbon weather report.")
    assert len(turn.text) <= memory.kernel.settings.max_message_chars


def test_turns_are_searchable_text() -> None:
    assert turn_of({"role": "developer", "content": "Be brief."})["role"] == "system"
    assert turn_of({"type": "function_call", "call_id": "c", "name": "f",  # type: ignore[typeddict-item]
                    "arguments": "{}"})["content"] == "f({})"
    reasoning = turn_of({"type": "reasoning", "id": "r", "summary": []})  # type: ignore[typeddict-item]
    assert reasoning["content"] == "[reasoning]"


def test_a_runner_uses_the_session_and_the_memory_tool(memory: Memory) -> None:
    model = ScriptedModel([
        [say("Noted: you live in Lisbon.")],
        [ResponseFunctionToolCall(type="function_call", call_id="c1", name="search_memory",
                                  arguments='{"query": "where the user lives"}')],
        [say("You live in Lisbon.")]])
    agent = Agent(name="Assistant", model=model,
                  tools=[memory_search_tool(memory, user_id="maya", min_score=None)])

    async def run() -> str:
        first = LucidmemSession(memory, user_id="maya", session_id="chat-1")
        await Runner.run(agent, "I moved to Lisbon last spring", session=first)
        later = LucidmemSession(memory, user_id="maya", session_id="chat-2")
        result = await Runner.run(agent, "Where do I live?", session=later)
        return str(result.final_output)

    assert asyncio.run(run()) == "You live in Lisbon."
    # the second session starts empty: only its own question reaches the model ...
    assert [i.get("content") for i in model.inputs[1]] == ["Where do I live?"]
    # ... and the tool found what the first session said (the turn, or the fact read from it)
    tool_output = next(i for i in model.inputs[2] if i.get("type") == "function_call_output")
    found = str(tool_output["output"])  # type: ignore[typeddict-item]
    assert "I moved to Lisbon last spring" in found or "The user lives in Lisbon" in found
    chat1 = memory.get_all(user_id="maya", conversation_id="chat-1", kinds=["turn"])
    assert [(t.role, t.text) for t in chat1] == [
        ("user", "I moved to Lisbon last spring"), ("assistant", "Noted: you live in Lisbon.")]
    chat2 = asyncio.run(LucidmemSession(memory, user_id="maya", session_id="chat-2").get_items())
    assert [i.get("type", "message") for i in chat2] == [
        "message", "function_call", "function_call_output", "message"]


def test_missing_or_bad_ids_are_refused_and_nothing_is_written(memory: Memory) -> None:
    for user_id, session_id in (("", "s1"), ("maya", "../s"), (None, "s1")):
        with pytest.raises(InvalidInputError):
            LucidmemSession(memory, user_id=user_id, session_id=session_id)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="user_id"):
        memory_search_tool(memory, user_id="")
    session = LucidmemSession(memory, user_id="maya", session_id="s1")
    with pytest.raises(InvalidInputError):
        asyncio.run(session.get_items(limit=-1))
    assert memory.stats().users == 0
    assert item_of(memory.add("plain", user_id="maya", conversation_id="s1")[0]) == {
        "role": "user", "content": "plain"}


def test_the_documented_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    example = next(b for b in blocks if "integrations.openai_agents" in b)
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    exec(compile(example, str(doc), "exec"), {})
    out = capsys.readouterr().out
    assert "I moved to Lisbon" in out and "Lovely city!" in out
