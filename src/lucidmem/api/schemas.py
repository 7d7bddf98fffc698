"""Request and response bodies of the REST API (pydantic; they make the OpenAPI schema)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..facts.records import Fact
from ..types import MemoryItem, Role

__all__ = [
    "AddRequest",
    "ClassifyRequest",
    "ContextRequest",
    "CreatedKey",
    "DeletedResponse",
    "DisclosureRequest",
    "FactPage",
    "FactsFilter",
    "FeedbackRequest",
    "FeedbackResponse",
    "KeyCreate",
    "KeyInfo",
    "LogTurnRequest",
    "MemoryPage",
    "MessageIn",
    "RecallRequest",
    "SearchRequest",
    "SelectRequest",
    "SkillCreate",
    "SkillRef",
    "SkillUpdate",
    "SkillUpdateByRef",
    "SkillsFilter",
    "TrajectoriesFilter",
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
    min_score: float | None = Field(None, ge=-1.0, le=1.0, description=(
        "Leave out hits less relevant to the query than this (about 0.3 and above is on "
        "topic); a query about nothing the memory holds then returns nothing."))
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
    min_score: float | None = Field(None, ge=-1.0, le=1.0, description=(
        "search layer: leave out hits less relevant to the query than this."))
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


class _Page(BaseModel):
    total: int = Field(description="How many match, over every page.")
    limit: int
    offset: int
    next_offset: int | None = Field(
        description="The offset of the next page; null on the last page.")


class MemoryPage(_Page):
    """One page of ``GET /memories``: pass ``next_offset`` as ``offset`` for the next."""

    items: list[MemoryItem]


class FactPage(_Page):
    """One page of ``GET /facts``: pass ``next_offset`` as ``offset`` for the next."""

    items: list[Fact]


def next_offset(offset: int, returned: int, total: int) -> int | None:
    """Where the next page starts, or None when this one reached the end."""
    end = offset + returned
    return end if returned and end < total else None


Mode = Literal["true", "believed"]


class FactsFilter(_Body):
    """Deprecated ``POST /facts`` body (use ``GET /facts``)."""

    about: str | None = Field(None, max_length=1000, description="Only facts about this.")
    as_of: datetime | float | None = Field(None, description="Beliefs at this time.")
    mode: Mode = "believed"
    include_staged: bool = False
    include_secrets: bool = False


class RecallRequest(_Body):
    """Deprecated ``POST /recall`` body (use ``GET /recall``)."""

    topic: str = Field(min_length=1, max_length=1000)
    include_secrets: bool = False
    limit: int = Field(30, ge=1, le=1000)
    min_score: float | None = Field(None, ge=-1.0, le=1.0)


class TrajectoriesFilter(_Body):
    """Deprecated ``POST /behaviour/trajectories`` body."""

    limit: int = Field(50, ge=1, le=10_000)
    include_archived: bool = False


class SkillsFilter(_Body):
    """Deprecated ``POST /skills/list`` body (use ``GET /skills``)."""

    include_archived: bool = False


class SkillRef(_Body):
    """Deprecated ``POST /skills/get`` and ``/skills/delete`` body."""

    skill_id: str = Id


class SelectRequest(_Body):
    """``memory.skills.select``."""

    message: str = Field(min_length=1, max_length=100_000,
                         description="The message the next reply answers.")
    when: datetime | None = Field(None, description="The user's local time; default now.")


class LogTurnRequest(_Body):
    """``memory.skills.log_turn``."""

    selection_id: str = Id
    response: str = Field(min_length=1, max_length=100_000,
                          description="The assistant's reply.")


class ClassifyRequest(_Body):
    """``memory.skills.classify_feedback``."""

    text: str = Field(min_length=1, max_length=300,
                      description="The user's words about a reply, any language.")


Dimensions = list[float] | dict[str, float]
Trigger = dict[Literal["intents", "sentiments", "times_of_day", "topics"],
               list[str]]


class SkillCreate(_Body):
    """``memory.skills.create``: a skill of the user's own."""

    skill_id: str = Id
    name: str = Field(min_length=1, max_length=200)
    template: str = Field(min_length=1, max_length=10_000)
    dimensions: Dimensions = Field(description="16 values in [0, 1], as a list or by name.")
    description: str = Field("", max_length=2000)
    trigger: Trigger | None = None


class SkillUpdate(_Body):
    """``memory.skills.update``: the fields to change."""

    name: str | None = Field(None, min_length=1, max_length=200)
    template: str | None = Field(None, min_length=1, max_length=10_000)
    description: str | None = Field(None, max_length=2000)
    dimensions: Dimensions | None = None
    trigger: Trigger | None = None


class SkillUpdateByRef(SkillUpdate):
    """Deprecated ``POST /skills/update`` body (use ``PATCH /skills/{skill_id}``)."""

    skill_id: str = Id


class FlushRequest(BaseModel):
    """How long to wait for the background embedding queue."""

    timeout: float | None = Field(None, ge=0, le=3600, description=(
        "Seconds to wait at most; wait until done when left out."))


class FlushResult(BaseModel):
    """Whether every index was current when the call returned."""

    model_config = ConfigDict(frozen=True)

    current: bool = Field(description="True: every turn added so far has its vector.")


class ErasureRequest(BaseModel):
    """Whom to look for, and what they said (forgetting deleted it: only you can name it)."""

    user_id: str = Field(min_length=1, max_length=128)
    texts: list[str] = Field(default_factory=list, max_length=100)
    context: str | None = Field(None, max_length=64,
                                description="One context; every context when left out.")


class FactSearchRequest(_Body):
    """``memory.facts.search``: hybrid search over the user's facts."""

    query: str = Field(min_length=1, max_length=10_000)
    limit: int = Field(10, ge=1, le=1000)
    include_secrets: bool = False
    graph: bool = Field(True, description="Add neighbours of entities named in the query.")
    min_score: float | None = Field(None, ge=-1.0, le=1.0)


class AgentRegisterRequest(_Body):
    """``memory.agents.register``: an agent to register, or the new settings of one already
    registered (its policy is kept; ``traits`` only seed a new agent's first policy)."""

    agent_id: str = Id
    owner_id: str = Id
    name: str = Field(min_length=1, max_length=200, description="Display name.")
    description: str = Field("", max_length=10_000)
    role: str | None = Field(None, max_length=64, description="e.g. support")
    trusted: bool = False
    intensity: str = Field("moderate", max_length=16,
                           description="How often to ask for feedback: high, moderate, low "
                                       "or off.")
    base_provider: str = Field("openai-compatible", max_length=64)
    base_model: str = Field("default", max_length=200)
    archetype: str | None = Field(None, max_length=64)
    traits: dict[str, float] | None = Field(None, max_length=100,
                                            description="A new agent's first policy traits.")


class AgentFeedbackRequest(_Body):
    """``memory.agents.submit_feedback``: one feedback of the key's user on an agent's
    message (thumbs ±1, a 1–5 rating, text, a reaction or implicit signals)."""

    source_id: str = Field(min_length=1, max_length=128, description="The rated message id.")
    channel: str = Field("chat", max_length=32)
    thumbs: int | None = Field(None, description="1 or -1.")
    rating: int | None = Field(None, description="1 to 5.")
    text: str | None = Field(None, max_length=10_000)
    reaction: str | None = Field(None, max_length=64)
    implicit: dict[str, Any] | None = None
    room_id: str | None = Field(None, max_length=128)
    message: str | None = Field(None, max_length=100_000,
                                description="The user's message the rated reply answered.")
    response: str | None = Field(None, max_length=100_000, description="The rated reply.")
    traits: list[str] = Field(default_factory=list, max_length=50)


class ConsolidateRequest(_Body):
    """``memory.sleep.consolidate`` for the key's user."""

    dry_run: bool = Field(False, description="Write nothing; list the planned changes.")
    reset: bool = Field(False, description="Discard a corrupted checkpoint and start over.")
class KeyCreate(_Body):
    """A user key to create: its user and, optionally, the only contexts it may use."""

    user_id: str = Id
    contexts: list[str] | None = Field(
        None, max_length=100, description="The contexts the key may use; omitted: the "
        "contexts that exist (never a new one).")


class KeyInfo(BaseModel):
    """A created key, without the key: ``key_id`` (its SHA-256 digest) revokes it."""

    model_config = ConfigDict(frozen=True)

    key_id: str
    user_id: str
    contexts: list[str] | None
    created_at: datetime


class CreatedKey(KeyInfo):
    """A key just created: ``key`` is shown this once and never again."""

    key: str
