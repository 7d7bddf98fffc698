"""lucidmem: adaptive long-term memory and learning for AI assistants and agents.

>>> from lucidmem import Memory
>>> memory = Memory()                       # embedded SQLite + bundled model
>>> memory.add("I moved to Berlin", user_id="maya")
>>> memory.search("where does she live?", user_id="maya")
"""

from __future__ import annotations

from .aio import AsyncMemory
from .client import AsyncClient, Client
from .errors import (
    CheckpointError,
    ConfigurationError,
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
    UnauthorizedError,
)
from .memory import Memory
from .settings import RETRIEVAL_PRESETS, RetrievalPreset, Settings
from .types import HistoryEntry, LegScore, MemoryItem, SearchHit, StoreStats

__version__ = "0.1.0"

__all__ = [
    "RETRIEVAL_PRESETS",
    "AsyncClient",
    "AsyncMemory",
    "CheckpointError",
    "Client",
    "ConfigurationError",
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
    "UnauthorizedError",
    "__version__",
]
