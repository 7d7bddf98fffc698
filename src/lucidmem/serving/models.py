"""Typed results of context assembly and progressive disclosure (frozen pydantic models)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..types import MemoryItem

__all__ = [
    "AssembledContext",
    "ContextEntry",
    "ContextPart",
    "DisclosedMemory",
    "Disclosure",
    "Layer",
    "PartName",
    "TimelineTurn",
]

PartName = Literal["skill", "profile", "working_memory", "facts", "memories"]
Layer = Literal["search", "timeline", "detail"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class ContextEntry(_Frozen):
    """One line of a context part: what was shown, from which item, at what cost."""

    text: str
    tokens: int
    item_id: str | None = None
    score: float | None = None
    confidence: float | None = None
    band: str | None = None


class ContextPart(_Frozen):
    """One part of an assembled context with its share of the budget and what it cost."""

    name: PartName
    title: str
    entries: list[ContextEntry]
    tokens: int
    """Tokens of the rendered part (title line included); 0 when the part is empty."""
    budget: int
    """Tokens this part was allowed (its share plus what earlier parts left unused)."""
    ms: float
    """Time spent producing the part (retrieval + counting), milliseconds."""
    dropped: int = 0
    """Candidates that did not fit in the budget."""
    note: str | None = None
    """Why the part is empty, when it is (e.g. behaviour learning not enabled)."""


class AssembledContext(_Frozen):
    """Everything an assistant needs for its next reply, within ``token_budget``."""

    user_id: str
    message: str
    token_budget: int
    total_tokens: int
    """Tokens of :attr:`prompt`, always <= :attr:`token_budget`."""
    parts: list[ContextPart]
    prompt: str
    """The parts rendered as one ready-to-use block for a system prompt."""
    ms: float
    tokenizer: str
    skill_id: str | None = None
    """The skill whose guidance the skill part shows."""
    selection_id: str | None = None
    """The selection to rate with ``memory.skills.feedback(selection_id, ...)``; ``None``
    while the user has not opted in to behaviour learning."""


class TimelineTurn(_Frozen):
    """A neighbouring turn of the same conversation shown in the timeline layer."""

    id: str
    occurred_at: datetime
    role: str | None
    text: str
    position: Literal["before", "after"]


class DisclosedMemory(_Frozen):
    """One result of :meth:`lucidmem.Memory.disclose` at some layer.

    ``rendered`` is exactly what an agent is meant to read and ``tokens`` its
    cost; ``item`` (detail) and ``neighbours`` (timeline) carry the structure.
    """

    id: str
    occurred_at: datetime
    kind: str
    rendered: str
    tokens: int
    score: float | None = None
    neighbours: list[TimelineTurn] = []
    item: MemoryItem | None = None


class Disclosure(_Frozen):
    """The answer of one progressive-disclosure call."""

    layer: Layer
    results: list[DisclosedMemory]
    total_tokens: int
    missing: list[str] = []
    """Requested ids that do not exist for this user (timeline / detail)."""
    tokenizer: str
