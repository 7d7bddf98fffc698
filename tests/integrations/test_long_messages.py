"""A message longer than ``max_message_chars`` reaching an adapter: its framework cannot
shorten it, so every adapter keeps it — whole, given back whole where the framework reads
messages back — and searches it by its beginning, ending with the same marker. Only the
pydantic-ai tool, whose caller is the model, hands the limit back to the model to retry."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage
from llama_index.core.base.llms.types import ChatMessage

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.langchain import LucidmemChatMessageHistory
from lucidmem.integrations.langgraph import LucidmemStore
from lucidmem.integrations.llamaindex import LucidmemMemoryBlock
from lucidmem.integrations.long_messages import FULL_TEXT_KEY, MARKER, searchable_text
from lucidmem.integrations.openai_agents import LucidmemSession
from lucidmem.settings import FactSettings

LIMIT = 2_000
LONG = ("Quokkas live on Rottnest Island near Perth. " + "The ferry leaves hourly. " * 400).strip()
"""About 10,000 characters, five times the limit; searched by its first sentence."""


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Any:
    settings = Settings(data_dir=tmp_path, max_message_chars=LIMIT,
                        facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as mem:
        yield mem


def _stored(memory: Memory) -> Any:
    [turn] = memory.get_all(user_id="maya", kinds=["turn"])
    return turn


def _searchable(memory: Memory, turn_id: str) -> None:
    memory.flush()
    hits = memory.search("where do quokkas live?", user_id="maya", limit=3)
    assert turn_id in [h.item.id for h in hits]


def test_the_text_is_the_beginning_and_a_marker_within_the_limit() -> None:
    assert searchable_text("short", LIMIT) == "short"
    cut = searchable_text(LONG, LIMIT)
    assert len(cut) <= LIMIT and LONG.startswith(cut[:LIMIT - 100])
    assert cut.endswith(MARKER.format(total=len(LONG))) and f"{len(LONG):,}" in cut
    assert len(searchable_text(LONG, 10)) == 10  # a limit shorter than the marker


def test_langchain_history_keeps_a_long_message_and_gives_it_back_whole(
        memory: Memory) -> None:
    history = LucidmemChatMessageHistory(memory, user_id="maya", session_id="s1")
    history.add_messages([HumanMessage(LONG), ToolMessage(LONG, tool_call_id="c1")])
    assert [m.content for m in history.messages] == [LONG, LONG]
    assert isinstance(history.messages[1], ToolMessage)
    turns = memory.get_all(user_id="maya", kinds=["turn"])
    assert {t.text for t in turns} == {searchable_text(LONG, LIMIT)}
    assert all(t.metadata[FULL_TEXT_KEY] == LONG for t in turns)
    _searchable(memory, turns[0].id)


def test_llamaindex_block_keeps_a_long_message(memory: Memory) -> None:
    block = LucidmemMemoryBlock(memory=memory, user_id="maya")
    asyncio.run(block.aput([ChatMessage(role="user", content=LONG)]))
    turn = _stored(memory)
    assert turn.text == searchable_text(LONG, LIMIT) and turn.metadata[FULL_TEXT_KEY] == LONG
    _searchable(memory, turn.id)
    recalled = asyncio.run(block.aget([ChatMessage(role="user", content="quokkas?")]))
    assert "Rottnest" in recalled and MARKER.format(total=len(LONG)) in recalled


def test_langgraph_store_keeps_a_long_value_whole(memory: Memory) -> None:
    store = LucidmemStore(memory)
    store.put(("maya", "memories"), "trip", {"text": LONG})
    got = store.get(("maya", "memories"), "trip")
    assert got is not None and got.value == {"text": LONG}
    turn = _stored(memory)
    assert turn.text == searchable_text(LONG, LIMIT)
    store.put(("maya", "memories"), "trip", {"text": LONG + " Bring water."})  # an update
    got = store.get(("maya", "memories"), "trip")
    assert got is not None and got.value == {"text": LONG + " Bring water."}
    _searchable(memory, turn.id)


def test_openai_agents_session_marks_the_cut_the_same_way(memory: Memory) -> None:
    session = LucidmemSession(memory, user_id="maya", session_id="s1")
    item: Any = {"role": "user", "content": LONG}
    asyncio.run(session.add_items([item]))
    assert asyncio.run(session.get_items()) == [item]
    assert _stored(memory).text == searchable_text(LONG, LIMIT)


def test_pydantic_ai_remember_hands_the_limit_back_to_the_model(memory: Memory) -> None:
    from pydantic_ai import ModelRetry

    from lucidmem.integrations.pydantic_ai import memory_toolset

    remember = memory_toolset(memory, user_id="maya").tools["remember"].function
    with pytest.raises(ModelRetry, match="LUCIDMEM_MAX_MESSAGE_CHARS"):
        remember(LONG)  # type: ignore[call-arg]
    assert memory.get_all(user_id="maya") == []
    assert remember("Quokkas live on Rottnest Island.") == "Remembered."  # type: ignore[call-arg]
