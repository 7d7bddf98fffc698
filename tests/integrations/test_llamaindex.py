"""``LucidmemMemoryBlock`` with the real llama-index-core: the block inside LlamaIndex's
``Memory`` (messages flushed from the short-term window become lucidmem turns and come
back when relevant), a chat engine whose prompt carries them (``MockLLM``, no network), and
refusals."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import ChatMessage, MockLLM
from llama_index.core.memory import Memory as ChatMemory

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.llamaindex import LucidmemMemoryBlock, query_of, turns_of


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Memory:
    return Memory(tmp_path, embedder=embedder)


def small_window(block: LucidmemMemoryBlock, session_id: str = "chat-1") -> ChatMemory:
    """A LlamaIndex memory whose short-term window holds only the last few messages."""
    return ChatMemory.from_defaults(session_id=session_id, memory_blocks=[block],
                                    token_limit=100, chat_history_token_ratio=0.2,
                                    token_flush_size=10)


CHAT = [("user", "My sister Ana is a nurse in Porto"), ("assistant", "Good to know."),
        ("user", "I am allergic to peanuts"), ("assistant", "Noted."),
        ("user", "Which city does my sister work in?")]


def test_flushed_messages_become_turns_and_come_back_when_relevant(memory: Memory) -> None:
    block = LucidmemMemoryBlock(memory=memory, user_id="maya")
    chat_memory = small_window(block)
    for role, text in CHAT:
        chat_memory.put(ChatMessage(role=role, content=text))
    kept = memory.get_all(user_id="maya", kinds=["turn"])
    assert [(i.role, i.text) for i in kept][:2] == [
        ("user", "My sister Ana is a nurse in Porto"), ("assistant", "Good to know.")]
    assert {i.conversation_id for i in kept} == {"chat-1"}
    window = chat_memory.get()
    assert window[0].role.value == "system"
    assert "- My sister Ana is a nurse in Porto" in (window[0].content or "")
    assert window[-1].content == "Which city does my sister work in?"
    # another user's block sees nothing of it
    other = LucidmemMemoryBlock(memory=memory, user_id="sam")
    assert asyncio.run(other.aget([ChatMessage(role="user", content="sister nurse")])) == ""


def test_a_chat_engine_prompt_carries_the_memories(memory: Memory) -> None:
    block = LucidmemMemoryBlock(memory=memory, user_id="maya", limit=3)
    asyncio.run(block.aput([ChatMessage(role="user", content="I moved to Lisbon last spring"),
                            ChatMessage(role="assistant", content="Lovely city!")]))
    chat_memory = ChatMemory.from_defaults(session_id="chat-2", memory_blocks=[block])
    engine = SimpleChatEngine.from_defaults(llm=MockLLM(), memory=chat_memory)
    answer = engine.chat("Where did I move to?")  # MockLLM answers with the prompt it got
    assert "I moved to Lisbon last spring" in answer.response
    assert memory.search("Lisbon", user_id="maya", kinds=["turn"], limit=1)[0].item.text == (
        "I moved to Lisbon last spring")


def test_min_score_keeps_unrelated_memories_out(memory: Memory) -> None:
    block = LucidmemMemoryBlock(memory=memory, user_id="maya", min_score=0.99)
    asyncio.run(block.aput([ChatMessage(role="user", content="I play the cello")]))
    assert asyncio.run(block.aget([ChatMessage(role="user", content="quarterly tax rules")])) \
        == ""
    assert asyncio.run(block.aget([])) == ""


def test_missing_or_bad_user_ids_are_refused_and_nothing_is_written(memory: Memory) -> None:
    for bad in ("", "../maya", None):
        with pytest.raises(InvalidInputError, match="user_id"):
            LucidmemMemoryBlock(memory=memory, user_id=bad)  # type: ignore[arg-type]
    assert memory.stats().users == 0


def test_messages_to_turns_and_query() -> None:
    messages = [ChatMessage(role="developer", content="Be brief."),
                ChatMessage(role="assistant", content=""),  # a tool call only: no text
                ChatMessage(role="function", content="22 degrees"),
                ChatMessage(role="chatbot", content="It is warm.")]
    assert turns_of(messages, 1000) == [
        {"role": "system", "content": "Be brief.", "metadata": {}},
        {"role": "tool", "content": "22 degrees", "metadata": {}},
        {"role": "assistant", "content": "It is warm.", "metadata": {}}]
    assert query_of(messages, count=2) == "22 degrees It is warm."
    assert query_of(None) == ""


def test_the_documented_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    example = next(b for b in blocks if "integrations.llamaindex" in b)
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    exec(compile(example, str(doc), "exec"), {})
    assert "- My sister Ana is a nurse in Porto" in capsys.readouterr().out
