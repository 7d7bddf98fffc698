"""``LucidmemChatMessageHistory``: a LangChain chat history kept in lucidmem.

``pip install 'lucidmem[langchain]'``. One history is one conversation of one user::

    from lucidmem import Memory
    from lucidmem.integrations.langchain import LucidmemChatMessageHistory

    history = LucidmemChatMessageHistory(Memory(), user_id="maya", session_id="chat-1")
    history.add_messages([HumanMessage("I moved to Lisbon"), AIMessage("Lovely city!")])
    history.messages  # [HumanMessage(...), AIMessage(...)]

The messages are the user's lucidmem turns (``conversation_id`` = ``session_id``), so they
are also searchable, feed fact extraction and context assembly, and are forgotten with the
user. Human, AI, system and tool messages are kept (a tool message keeps its
``tool_call_id``); their text content is stored (a list of content blocks is joined). A
message longer than the memory's ``max_message_chars`` is kept whole and given back whole;
it is searched by its beginning (:mod:`lucidmem.integrations.long_messages`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)

from ..errors import InvalidInputError
from ..memory import Memory
from ..scope import validate_id
from ..types import MemoryItem
from .long_messages import FULL_TEXT_KEY, searchable_text

__all__ = ["LucidmemChatMessageHistory"]

ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool"}
"""LangChain message type → lucidmem role."""
MAX_MESSAGES = 10_000
"""Most messages one history reads back."""


def _turn(message: BaseMessage, max_chars: int) -> dict[str, Any]:
    role = ROLES.get(message.type)
    if role is None:
        raise InvalidInputError(f"cannot keep a {message.type!r} message: lucidmem keeps "
                                "human, ai, system and tool messages", field="messages")
    metadata: dict[str, Any] = {}
    if isinstance(message, ToolMessage):
        metadata["tool_call_id"] = message.tool_call_id
    text = searchable_text(message.text, max_chars)
    if text != message.text:
        metadata[FULL_TEXT_KEY] = message.text
    turn: dict[str, Any] = {"role": role, "content": text, "metadata": metadata}
    if message.name:
        turn["name"] = message.name
    return turn


def _message(item: MemoryItem) -> BaseMessage:
    name, whole = item.name, item.metadata.get(FULL_TEXT_KEY)
    text = whole if isinstance(whole, str) else item.text
    if item.role == "assistant":
        return AIMessage(content=text, name=name, id=item.id)
    if item.role == "system":
        return SystemMessage(content=text, name=name, id=item.id)
    if item.role == "tool":
        return ToolMessage(content=text, name=name, id=item.id,
                           tool_call_id=str(item.metadata.get("tool_call_id", "")))
    return HumanMessage(content=text, name=name, id=item.id)


class LucidmemChatMessageHistory(BaseChatMessageHistory):
    """The messages of one session of one user, kept as lucidmem turns."""

    def __init__(self, memory: Memory, *, user_id: str, session_id: str,
                 context: str | None = None) -> None:
        self.memory = memory
        self.user_id = validate_id(user_id)
        self.session_id = validate_id(session_id, "session_id")
        self.context = context

    def _turns(self) -> list[MemoryItem]:
        return self.memory.get_all(user_id=self.user_id, context=self.context,
                                   conversation_id=self.session_id, kinds=["turn"],
                                   limit=MAX_MESSAGES)

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The session's messages, oldest first."""
        return [_message(item) for item in self._turns()]

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Keep messages, all or (on invalid input) none."""
        max_chars = self.memory.kernel.settings.max_message_chars
        turns = [_turn(m, max_chars) for m in messages]
        if turns:
            self.memory.add(turns, user_id=self.user_id,  # type: ignore[arg-type]
                            conversation_id=self.session_id, context=self.context)

    def clear(self) -> None:
        """Delete the session's messages (the user's other memories stay)."""
        for item in self._turns():
            self.memory.delete(item.id, user_id=self.user_id, context=self.context)
