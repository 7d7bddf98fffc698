"""lucidmem: adaptive long-term memory and learning for AI assistants and agents.

>>> from lucidmem import Memory
>>> memory = Memory()                       # embedded SQLite + bundled model
>>> memory.add("I moved to Berlin", user_id="maya")
>>> memory.search("where does she live?", user_id="maya")

``import lucidmem`` loads only the error tree: ``Memory``, ``Settings`` and the result types
are imported on first access (PEP 562), so the command line, the MCP server and programs
that only catch lucidmem's errors start without numpy, pydantic models or the embedder.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import (
    CheckpointError,
    ConfigurationError,
    ConflictError,
    DatasetFormatError,
    DeliveryError,
    DuplicateFeedbackError,
    EmbeddingError,
    EncryptionError,
    FineTuneError,
    ForbiddenError,
    ImportFormatError,
    InvalidInputError,
    LLMError,
    LucidmemError,
    NotFoundError,
    RateLimitedError,
    SchemaMismatchError,
    ServerError,
    StoreError,
    StoreUnavailableError,
    TextTooLongError,
    UnauthorizedError,
)

if TYPE_CHECKING:
    from .aio import AsyncMemory
    from .client import AsyncClient, Client
    from .memory import Memory
    from .settings import RETRIEVAL_PRESETS, RetrievalPreset, Settings
    from .types import HistoryEntry, LegScore, MemoryItem, SearchHit, StoreStats

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "AsyncClient": ".client",
    "AsyncMemory": ".aio",
    "Client": ".client",
    "Memory": ".memory",
    "RETRIEVAL_PRESETS": ".settings",
    "RetrievalPreset": ".settings",
    "Settings": ".settings",
    "HistoryEntry": ".types",
    "LegScore": ".types",
    "MemoryItem": ".types",
    "SearchHit": ".types",
    "StoreStats": ".types",
}
"""Public names imported on first access, and the module that defines each."""


if not TYPE_CHECKING:  # type checkers see the imports above, and no catch-all __getattr__

    def __getattr__(name: str) -> Any:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(module, __name__), name)
        globals()[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "RETRIEVAL_PRESETS",
    "AsyncClient",
    "AsyncMemory",
    "CheckpointError",
    "Client",
    "ConfigurationError",
    "ConflictError",
    "DatasetFormatError",
    "DeliveryError",
    "DuplicateFeedbackError",
    "EmbeddingError",
    "EncryptionError",
    "FineTuneError",
    "ForbiddenError",
    "HistoryEntry",
    "ImportFormatError",
    "InvalidInputError",
    "LLMError",
    "LegScore",
    "LucidmemError",
    "Memory",
    "MemoryItem",
    "NotFoundError",
    "RateLimitedError",
    "RetrievalPreset",
    "SchemaMismatchError",
    "SearchHit",
    "ServerError",
    "Settings",
    "StoreError",
    "StoreStats",
    "StoreUnavailableError",
    "TextTooLongError",
    "UnauthorizedError",
    "__version__",
]
