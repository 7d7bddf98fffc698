"""``LucidmemMemoryBlock``: a LlamaIndex memory block backed by lucidmem.

``pip install 'lucidmem[llamaindex]'``. Put it in a LlamaIndex ``Memory``; the messages that
leave the short-term window are kept as the user's lucidmem turns, and each time the memory
is read the block searches them for what the latest messages are about::

    from llama_index.core.memory import Memory as ChatMemory
    from lucidmem import Memory
    from lucidmem.integrations.llamaindex import LucidmemMemoryBlock

    block = LucidmemMemoryBlock(memory=Memory(), user_id="maya")
    chat_memory = ChatMemory.from_defaults(session_id="chat-1", memory_blocks=[block])

What the block keeps is ordinary lucidmem memory of the user: searchable, feeding fact
extraction and context assembly, exported and forgotten with the user. A message longer
than the memory's ``max_message_chars`` is kept whole (in the turn's metadata) and
searched by its beginning (:mod:`lucidmem.integrations.long_messages`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.bridge.pydantic import Field, field_validator
from llama_index.core.memory.memory import BaseMemoryBlock

from ..errors import InvalidInputError
from ..memory import Memory
from ..scope import validate_id
from .long_messages import FULL_TEXT_KEY, searchable_text

__all__ = ["QUERY_MESSAGES", "ROLES", "LucidmemMemoryBlock"]

ROLES = {"user": "user", "assistant": "assistant", "chatbot": "assistant",
         "model": "assistant", "system": "system", "developer": "system",
         "tool": "tool", "function": "tool"}
"""LlamaIndex ``MessageRole`` value → lucidmem role."""
QUERY_MESSAGES = 3
"""How many of the latest messages (with text) make the search query."""


def turns_of(messages: list[ChatMessage], max_chars: int) -> list[dict[str, Any]]:
    """lucidmem turns for the messages that carry text (tool-call-only messages have none);
    a message longer than ``max_chars`` is searched by its beginning, kept whole."""
    turns = []
    for message in messages:
        text = (message.content or "").strip()
        if text:
            shown = searchable_text(text, max_chars)
            turns.append({"role": ROLES.get(str(message.role.value), "user"), "content": shown,
                          "metadata": {FULL_TEXT_KEY: text} if shown != text else {}})
    return turns


def query_of(messages: list[ChatMessage] | None, count: int = QUERY_MESSAGES) -> str:
    """The search query: the text of the latest ``count`` messages that have some."""
    texts = [(m.content or "").strip() for m in messages or []]
    return " ".join([t for t in texts if t][-count:])


def session_of(messages: list[ChatMessage]) -> str | None:
    """The LlamaIndex session id ``Memory`` stamps on the messages it flushes, if any."""
    for message in messages:
        session = message.additional_kwargs.get("session_id")
        if isinstance(session, str):
            return session
    return None


class LucidmemMemoryBlock(BaseMemoryBlock[str]):
    """Long-term memory of one user for a LlamaIndex ``Memory``.

    ``aput`` keeps messages as the user's turns (``conversation_id`` = the LlamaIndex
    session when it is a valid id); ``aget`` returns the ``limit`` memories most relevant
    to the latest messages, one ``- text`` line each, or ``""`` when none reaches
    ``min_score`` (a relevance in [-1, 1]; about 0.3 and above is on topic).
    """

    name: str = Field(default="lucidmem", description="The name of the memory block.")
    memory: Memory = Field(description="The lucidmem Memory the block reads and writes.")
    user_id: str = Field(description="Whose memory this is.")
    context: str | None = Field(default=None, description="The lucidmem context.")
    limit: int = Field(default=5, ge=1, le=100, description="Most memories returned.")
    min_score: float | None = Field(default=0.3, description="Least relevance returned.")

    @field_validator("user_id", mode="before")
    @classmethod
    def _valid_user(cls, value: Any) -> str:
        # InvalidInputError is not a ValueError: pydantic lets it through unwrapped.
        return validate_id(value)

    async def _aget(self, messages: list[ChatMessage] | None = None,
                    **block_kwargs: Any) -> str:
        query = query_of(messages)
        if not query:
            return ""
        hits = await asyncio.to_thread(self.memory.search, query, user_id=self.user_id,
                                       limit=self.limit, min_score=self.min_score,
                                       context=self.context)
        return "\n".join(f"- {hit.item.text}" for hit in hits)

    async def _aput(self, messages: list[ChatMessage]) -> None:
        turns = turns_of(messages, self.memory.kernel.settings.max_message_chars)
        if not turns:
            return
        session = session_of(messages)
        conversation = session if session is not None and _valid(session) else None
        await asyncio.to_thread(self.memory.add, turns,  # type: ignore[arg-type]
                                user_id=self.user_id, conversation_id=conversation,
                                context=self.context)


def _valid(value: str) -> bool:
    try:
        validate_id(value, "session_id")
    except InvalidInputError:  # an unusable session id is simply not kept as one
        return False
    return True
