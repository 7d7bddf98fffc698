"""``LucidmemChatMessageHistory`` with the real langchain-core: the history contract, a
chain with a scripted chat model (no network) that remembers, and refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables.history import RunnableWithMessageHistory

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.langchain import LucidmemChatMessageHistory

# langchain-core 1.x marks its chat-history wrappers deprecated (in favour of LangGraph's
# persistence, see test_langgraph.py); they still work and many applications use them.
pytestmark = pytest.mark.filterwarnings("ignore:RunnableWithMessageHistory is deprecated")


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Memory:
    return Memory(tmp_path, embedder=embedder)


def test_messages_round_trip_per_user_and_session(memory: Memory) -> None:
    history = LucidmemChatMessageHistory(memory, user_id="maya", session_id="s1")
    history.add_messages([SystemMessage("Be brief."), HumanMessage("I moved to Lisbon"),
                          AIMessage("Lovely city!"),
                          ToolMessage("22 degrees", tool_call_id="call-1", name="weather")])
    history.add_user_message("Any tips?")
    got = history.messages
    assert [(m.type, m.text) for m in got] == [
        ("system", "Be brief."), ("human", "I moved to Lisbon"), ("ai", "Lovely city!"),
        ("tool", "22 degrees"), ("human", "Any tips?")]
    assert isinstance(got[3], ToolMessage) and got[3].tool_call_id == "call-1"
    other = LucidmemChatMessageHistory(memory, user_id="maya", session_id="s2")
    assert other.messages == []
    assert LucidmemChatMessageHistory(memory, user_id="sam", session_id="s1").messages == []
    # the turns are the user's memories: searchable outside the history
    assert memory.search("Lisbon", user_id="maya", kinds=["turn"], limit=1)[0].item.text == (
        "I moved to Lisbon")
    other.add_user_message("keep me")
    history.clear()
    assert history.messages == [] and [m.text for m in other.messages] == ["keep me"]


def test_missing_or_bad_ids_are_refused_and_nothing_is_written(memory: Memory) -> None:
    with pytest.raises(InvalidInputError):
        LucidmemChatMessageHistory(memory, user_id="", session_id="s1")
    with pytest.raises(InvalidInputError):
        LucidmemChatMessageHistory(memory, user_id="maya", session_id="../s")
    history = LucidmemChatMessageHistory(memory, user_id="maya", session_id="s1")
    with pytest.raises(InvalidInputError):
        history.add_messages([HumanMessage("kept?"), HumanMessage("   ")])  # empty content
    assert history.messages == []


def test_a_chain_with_history_remembers_across_calls(memory: Memory) -> None:
    model = FakeListChatModel(responses=["Nice to meet you, Maya.", "You live in Lisbon."])
    prompt = ChatPromptTemplate.from_messages([
        ("system", "You are a helpful assistant."),
        MessagesPlaceholder("history"), ("human", "{question}")])
    chain = RunnableWithMessageHistory(
        prompt | model,
        lambda session_id: LucidmemChatMessageHistory(memory, user_id="maya",
                                                      session_id=session_id),
        input_messages_key="question", history_messages_key="history")
    config = {"configurable": {"session_id": "chat-1"}}
    chain.invoke({"question": "Hi, I'm Maya and I live in Lisbon"}, config=config)
    answer = chain.invoke({"question": "Where do I live?"}, config=config)
    assert answer.content == "You live in Lisbon."
    texts = [m.text for m in LucidmemChatMessageHistory(
        memory, user_id="maya", session_id="chat-1").messages]
    assert texts == ["Hi, I'm Maya and I live in Lisbon", "Nice to meet you, Maya.",
                     "Where do I live?", "You live in Lisbon."]


def test_the_documented_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    exec(compile(blocks[1], str(doc), "exec"), {})
    assert "['I moved to Lisbon', 'Lovely city!']" in capsys.readouterr().out
