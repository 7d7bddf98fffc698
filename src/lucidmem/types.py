"""The typed values lucidmem returns. Immutable pydantic models (JSON-ready)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict

__all__ = [
    "HistoryEntry",
    "ItemVersion",
    "LegScore",
    "MemoryItem",
    "MessageDict",
    "Role",
    "SearchHit",
    "StoreStats",
]

Role = Literal["user", "assistant", "system", "tool"]


class MessageDict(TypedDict, total=False):
    """One conversation turn as accepted by :meth:`lucidmem.Memory.add`."""

    role: Role
    content: str
    name: str
    timestamp: datetime | str | float
    metadata: dict[str, Any]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class MemoryItem(_Frozen):
    """One remembered item with its temporal metadata."""

    id: str
    kind: str
    """``turn`` for raw conversation turns (layer 0); later kinds: ``fact``, ``skill``…"""
    user_id: str
    context: str
    text: str
    role: str | None = None
    name: str | None = None
    agent_id: str | None = None
    conversation_id: str | None = None
    layer: int = 0
    status: str = "active"
    occurred_at: datetime
    created_at: datetime
    updated_at: datetime
    last_accessed: datetime | None = None
    access_count: int = 0
    expires_at: datetime | None = None
    in_working_memory: bool = False
    version: int = 1
    metadata: dict[str, Any] = {}


class LegScore(_Frozen):
    """How one retrieval leg saw a hit: its rank, raw score and share of the fused score."""

    rank: int
    score: float
    contribution: float


class SearchHit(_Frozen):
    """A search result: the item, its fused score and the per-leg breakdown."""

    item: MemoryItem
    score: float
    explain: dict[str, LegScore]


class ItemVersion(_Frozen):
    """An item as it was before or after one change."""

    kind: str
    text: str
    status: str
    layer: int
    conversation_id: str | None
    agent_id: str | None
    occurred_at: datetime
    version: int
    metadata: dict[str, Any]

    @classmethod
    def of(cls, body: dict[str, Any] | None) -> ItemVersion | None:
        """From an audit row's body (times in epoch seconds); ``None`` stays ``None``."""
        if body is None:
            return None
        data = body.get("data") or {}
        return cls(kind=body["kind"], text=body["text"], status=body["status"],
                   layer=body["layer"], conversation_id=body.get("conversation_id"),
                   agent_id=body.get("agent_id"),
                   occurred_at=datetime.fromtimestamp(float(body["occurred_at"]), UTC),
                   version=body["version"], metadata=dict(data.get("metadata") or {}))


class HistoryEntry(_Frozen):
    """One audited change of an item: the item before and after it."""

    item_id: str
    action: Literal["add", "update", "delete"]
    at: datetime
    before: ItemVersion | None
    after: ItemVersion | None


class StoreStats(_Frozen):
    """Size of one context."""

    context: str
    path: str
    users: int
    """Users with at least one record (internal partitions of agents and jobs not counted)."""
    items_by_kind: dict[str, int]
    """Records per kind, internal ones (agents, jobs) included."""
    working_memory_items: int
    bytes_on_disk: int
    embedder: str | None
    pending_embeddings: int = 0
    """Turns stored and keyword-searchable whose vectors are still to be computed."""
    failing_embeddings: int = 0
    """Of those, turns whose last embedding attempt failed (retried with backoff)."""
    last_embedding_error: str | None = None
    pending_extractions: int = 0
    """Turns stored whose facts are still to be extracted (a read of the user's facts
    extracts them first)."""
