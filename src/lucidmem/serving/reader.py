"""What serving needs from the conversation memory, as a protocol (``Memory`` satisfies it),
so serving depends on the layer below it and never on :mod:`lucidmem.memory`."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from ..types import MemoryItem, SearchHit

__all__ = ["ConversationReader"]


class ConversationReader(Protocol):
    """Search, recent turns and single items of one user's conversation memory."""

    def search(self, query: str, *, user_id: str, limit: int = 10, context: str | None = None,
               conversation_id: str | None = None,
               min_score: float | None = None,
               as_of: datetime | str | float | None = None) -> list[SearchHit]: ...

    def working_memory(self, *, user_id: str, conversation_id: str | None = None,
                       context: str | None = None, limit: int = 50) -> list[MemoryItem]: ...

    def get(self, item_id: str, *, user_id: str, context: str | None = None) -> MemoryItem: ...
