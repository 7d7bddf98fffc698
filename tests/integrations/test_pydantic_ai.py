"""``memory_toolset`` with the real pydantic-ai: an ``Agent`` run by ``FunctionModel`` (a
scripted model, no network) that remembers, searches and recalls, the tool schemas
``TestModel`` sees, a bad tool call sent back to the model, and refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.pydantic_ai import NOTHING, memory_toolset


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Memory:
    return Memory(tmp_path, embedder=embedder)


def returns(messages: list[ModelMessage]) -> list[ToolReturnPart | RetryPromptPart]:
    """The tool answers the model has been sent so far."""
    return [p for m in messages if isinstance(m, ModelRequest) for p in m.parts
            if isinstance(p, ToolReturnPart | RetryPromptPart)]


def scripted(*calls: tuple[str, dict[str, str]]) -> FunctionModel:
    """A model that makes ``calls`` one per step, then answers with the tool answers."""

    def step(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        done = returns(messages)
        if len(done) < len(calls):
            name, args = calls[len(done)]
            return ModelResponse(parts=[ToolCallPart(name, args, tool_call_id=f"c{len(done)}")])
        return ModelResponse(parts=[TextPart(" | ".join(str(p.content) for p in done))])

    return FunctionModel(step)


def test_an_agent_remembers_searches_and_recalls(memory: Memory) -> None:
    agent = Agent(scripted(("remember", {"text": "I'm allergic to peanuts"}),
                           ("search_memory", {"query": "peanut allergy"}),
                           ("recall", {"topic": "allergies"})))
    result = agent.run_sync("Please note my allergy",
                            toolsets=[memory_toolset(memory, user_id="maya")])
    remembered, found, recalled = result.output.split(" | ")
    assert remembered == "Remembered."
    # the turn, or the fact read from it, leads
    assert found.splitlines()[0] in ("- I'm allergic to peanuts",
                                     "- The user is allergic to peanuts")
    assert "peanut" in recalled.lower()
    assert [i.text for i in memory.get_all(user_id="maya", kinds=["turn"])] == [
        "I'm allergic to peanuts"]
    # another user's tools see none of it
    other = Agent(scripted(("search_memory", {"query": "peanut allergy"})))
    assert other.run_sync("?", toolsets=[memory_toolset(memory, user_id="sam")]).output == (
        NOTHING)


def test_the_tools_are_described_for_the_model(memory: Memory) -> None:
    model = TestModel(call_tools=[])
    Agent(model).run_sync("hi", toolsets=[memory_toolset(memory, user_id="maya")])
    params = model.last_model_request_parameters
    assert params is not None
    tools = {t.name: t for t in params.function_tools}
    assert set(tools) == {"remember", "search_memory", "recall"}
    for tool in tools.values():
        assert tool.description
        for schema in tool.parameters_json_schema["properties"].values():
            assert schema["description"]


def test_a_bad_tool_call_goes_back_to_the_model_and_writes_nothing(memory: Memory) -> None:
    agent = Agent(scripted(("remember", {"text": "   "})))
    out = agent.run_sync("note this", toolsets=[memory_toolset(memory, user_id="maya")]).output
    assert "content is empty" in out  # the retry prompt the model got names the problem
    assert memory.stats().users == 0


def test_missing_or_bad_user_ids_are_refused(memory: Memory) -> None:
    for bad in ("", "../maya", None):
        with pytest.raises(InvalidInputError, match="user_id"):
            memory_toolset(memory, user_id=bad)  # type: ignore[arg-type]


def test_the_documented_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    example = next(b for b in blocks if "integrations.pydantic_ai" in b)
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    exec(compile(example, str(doc), "exec"), {})
    out = capsys.readouterr().out  # the turn, or the fact read from it once extracted
    assert "- I'm allergic to peanuts" in out or "- The user is allergic to peanuts" in out, out
