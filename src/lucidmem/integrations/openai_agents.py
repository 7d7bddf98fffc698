"""The OpenAI Agents SDK backed by lucidmem: a ``Session`` and a memory search tool.

``pip install 'lucidmem[openai-agents]'``::

    from agents import Agent, Runner
    from lucidmem import Memory
    from lucidmem.integrations.openai_agents import LucidmemSession, memory_search_tool

    memory = Memory()
    agent = Agent(name="Assistant", tools=[memory_search_tool(memory, user_id="maya")])
    session = LucidmemSession(memory, user_id="maya", session_id="chat-1")
    await Runner.run(agent, "I moved to Lisbon", session=session)

The session's items are the user's lucidmem turns (``conversation_id`` = ``session_id``), so
the conversation is also searchable, feeds fact extraction and context assembly, and is
forgotten with the user. Each turn keeps the SDK's item whole in its metadata, so
``get_items`` gives back exactly what was added (function calls and their outputs too).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from agents import FunctionTool, function_tool
from agents.items import TResponseInputItem
from agents.memory.session_settings import SessionSettings

from ..errors import InvalidInputError
from ..memory import Memory
from ..scope import validate_id
from ..types import MemoryItem
from .long_messages import searchable_text

__all__ = ["ITEM_KEY", "MAX_ITEMS", "LucidmemSession", "memory_search_tool"]

ITEM_KEY = "openai_agents_item"
"""The turn metadata key that holds the SDK's item."""
MAX_ITEMS = 10_000
"""Most items one session reads back."""
ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}
"""Responses-API message role → lucidmem role."""


def _text(content: Any) -> str:
    """The text of a message's content: a string, or the text of its content parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") or p.get("refusal") or "" for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if p)
    return ""


def turn_of(item: TResponseInputItem, max_chars: int | None = None) -> dict[str, Any]:
    """One lucidmem turn for one SDK item: its text to search (within ``max_chars``: a long
    tool output is searched by its beginning, see :mod:`.long_messages`), the item whole to
    give back."""
    data: dict[str, Any] = json.loads(json.dumps(item, default=str))
    kind = data.get("type", "message" if "role" in data else None)
    if kind == "message":
        role, text = ROLES.get(str(data.get("role")), "user"), _text(data.get("content"))
    elif kind == "function_call":
        role, text = "assistant", f"{data.get('name')}({data.get('arguments', '')})"
    elif kind == "function_call_output":
        role, text = "tool", _text(data.get("output"))
    else:  # reasoning, tool searches, ...: kept to be given back, not meant to be read
        role, text = "assistant", ""
    text = searchable_text(text.strip(), max_chars) if max_chars else text.strip()
    return {"role": role, "content": text or f"[{kind or 'item'}]", "metadata": {ITEM_KEY: data}}


def item_of(turn: MemoryItem) -> TResponseInputItem:
    """The SDK item a turn keeps; a turn added some other way becomes a plain message."""
    kept = turn.metadata.get(ITEM_KEY)
    if isinstance(kept, dict):
        return cast("TResponseInputItem", kept)
    role = "assistant" if turn.role in ("assistant", "tool") else (turn.role or "user")
    return cast("TResponseInputItem", {"role": role, "content": turn.text})


class LucidmemSession:
    """An OpenAI Agents SDK ``Session``: the items of one session of one user in lucidmem."""

    session_settings: SessionSettings | None = None

    def __init__(self, memory: Memory, *, user_id: str, session_id: str,
                 context: str | None = None,
                 session_settings: SessionSettings | None = None) -> None:
        self.memory = memory
        self.user_id = validate_id(user_id)
        self.session_id = validate_id(session_id, "session_id")
        self.context = context
        self.session_settings = session_settings

    def _turns(self) -> list[MemoryItem]:
        return self.memory.get_all(user_id=self.user_id, context=self.context,
                                   conversation_id=self.session_id, kinds=["turn"],
                                   limit=MAX_ITEMS)

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The session's items in order; with ``limit``, the latest ``limit`` of them."""
        if limit is not None and limit < 0:
            raise InvalidInputError("limit must be >= 0 or None", field="limit")
        turns = await asyncio.to_thread(self._turns)
        if limit is None and self.session_settings is not None:
            limit = self.session_settings.limit
        if limit is not None:
            turns = turns[len(turns) - limit:] if limit else []
        return [item_of(t) for t in turns]

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Keep items, all or (on invalid input) none."""
        max_chars = self.memory.kernel.settings.max_message_chars
        turns = [turn_of(i, max_chars) for i in items]
        if turns:
            await asyncio.to_thread(self.memory.add, turns,  # type: ignore[arg-type]
                                    user_id=self.user_id, conversation_id=self.session_id,
                                    context=self.context)

    async def pop_item(self) -> TResponseInputItem | None:
        """Remove and return the latest item, or None when the session is empty."""
        turns = await asyncio.to_thread(self._turns)
        if not turns:
            return None
        await asyncio.to_thread(self.memory.delete, turns[-1].id, user_id=self.user_id,
                                context=self.context)
        return item_of(turns[-1])

    async def clear_session(self) -> None:
        """Delete the session's items (the user's other memories stay)."""
        for turn in await asyncio.to_thread(self._turns):
            await asyncio.to_thread(self.memory.delete, turn.id, user_id=self.user_id,
                                    context=self.context)


def memory_search_tool(memory: Memory, *, user_id: str, context: str | None = None,
                       limit: int = 5, min_score: float | None = 0.3) -> FunctionTool:
    """A ``search_memory`` tool for an ``Agent``: what lucidmem remembers of ``user_id``
    about a query (every session, and the facts learned from them), one line each."""
    validate_id(user_id)

    @function_tool
    async def search_memory(query: str) -> str:
        """Search what you remember about the user from earlier conversations.

        Args:
            query: What to look for, in a few words (e.g. "where they live", "allergies").
        """
        hits = await asyncio.to_thread(memory.search, query, user_id=user_id, limit=limit,
                                       min_score=min_score, context=context)
        return "\n".join(f"- {h.item.text}" for h in hits) or "Nothing remembered about that."

    return search_memory
