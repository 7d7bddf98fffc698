"""Request and response bodies of the REST API (pydantic; they make the OpenAPI schema)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..types import Role

__all__ = [
    "AddRequest",
    "ContextRequest",
    "DeletedResponse",
    "DisclosureRequest",
    "FeedbackRequest",
    "FeedbackResponse",
    "MessageIn",
    "SearchRequest",
    "UpdateRequest",
]

Id = Field(min_length=1, max_length=128)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MessageIn(_Body):
    """One conversation turn."""

    role: Role = "user"
    content: str = Field(max_length=100_000)
    name: str | None = Field(None, max_length=128)
    timestamp: datetime | float | None = None
    metadata: dict[str, Any] | None = None


class AddRequest(_Body):
    """``Memory.add``: a string (one user turn) or a list of turns."""

    messages: str | list[MessageIn] = Field(max_length=100_000)
    conversation_id: str | None = Field(None, max_length=128)
    agent_id: str | None = Field(None, max_length=128)
    timestamp: datetime | float | None = None
    metadata: dict[str, Any] | None = None


class SearchRequest(_Body):
    """``Memory.search``."""

    query: str = Field(min_length=1, max_length=10_000)
    limit: int = Field(10, ge=1, le=1000)
    conversation_id: str | None = Field(None, max_length=128)
    since: datetime | float | None = None
    until: datetime | float | None = None
    kinds: list[str] | None = Field(None, max_length=20)
    preset: str | None = Field(None, max_length=32)
    as_of: datetime | float | None = Field(
        None, description="Search the memory as it stood then (what happened by that time).")


class UpdateRequest(_Body):
    """``Memory.update``: new text and/or metadata."""

    text: str | None = Field(None, max_length=100_000)
    metadata: dict[str, Any] | None = None


class DeletedResponse(BaseModel):
    """How many items were deleted."""

    deleted: int


class ContextRequest(_Body):
    """``Memory.build_context``."""

    message: str = Field(min_length=1, max_length=100_000)
    token_budget: int = Field(1500, ge=32, le=128_000)
    conversation_id: str | None = Field(None, max_length=128)
    agent_id: str | None = Field(None, max_length=128)


class DisclosureRequest(_Body):
    """``Memory.disclose``: ``layer`` search needs ``query``; timeline/detail ``ids``."""

    layer: Literal["search", "timeline", "detail"] = "search"
    query: str | None = Field(None, max_length=10_000)
    ids: list[str] | None = Field(None, max_length=100)
    limit: int = Field(10, ge=1, le=100)
    conversation_id: str | None = Field(None, max_length=128)
    as_of: datetime | float | None = None


class FeedbackRequest(_Body):
    """aico seed: ``POST /api/v1/memory/feedback``."""

    message_id: str = Field(min_length=1, max_length=128,
                            description="The reply rated: the selection id of skills.select, "
                                        "unless selection_id is given.")
    skill_id: str = Field(min_length=1, max_length=128)
    selection_id: str | None = Field(None, min_length=1, max_length=128)
    reward: int = Field(description="1 (helpful), 0 (neutral) or -1 (not helpful); "
                                    "other integers answer 400 invalid_reward.")
    reason: str | None = Field(None, max_length=100)
    free_text: str | None = Field(None, max_length=300)


class FeedbackResponse(BaseModel):
    """aico seed: ``{"status": "success", "skill_updated": true, "new_confidence": 0.75}``."""

    status: Literal["success", "learning_disabled"] = "success"
    skill_updated: bool
    new_confidence: float | None
