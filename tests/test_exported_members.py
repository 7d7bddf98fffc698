"""The public names of ``lucidmem`` are pinned: changing them is a deliberate act."""

from __future__ import annotations

from pathlib import Path

import lucidmem
from lucidmem.embedding import E5Embedder

EXPECTED = [
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


def test_all_is_pinned() -> None:
    assert lucidmem.__all__ == EXPECTED


def test_every_public_name_is_importable() -> None:
    namespace: dict[str, object] = {}
    exec("from lucidmem import *", namespace)
    for name in EXPECTED:
        assert getattr(lucidmem, name) is namespace[name]
        member = getattr(lucidmem, name)
        if isinstance(member, type):
            assert member.__module__.startswith("lucidmem.")


def test_errors_form_one_tree() -> None:
    errors = [getattr(lucidmem, n) for n in EXPECTED if n.endswith("Error")]
    assert all(issubclass(e, lucidmem.LucidmemError) for e in errors)
    assert issubclass(lucidmem.ImportFormatError, lucidmem.InvalidInputError)
    assert issubclass(lucidmem.EncryptionError, lucidmem.StoreError)
    assert issubclass(lucidmem.SchemaMismatchError, lucidmem.StoreError)
    assert issubclass(lucidmem.StoreUnavailableError, lucidmem.StoreError)
    import builtins

    assert not any(hasattr(builtins, n) for n in EXPECTED)


def test_every_error_lucidmem_defines_is_in_the_one_tree() -> None:
    import lucidmem.errors as errors_module

    defined = {name for name, value in vars(errors_module).items()
               if isinstance(value, type) and issubclass(value, Exception)}
    assert defined == set(errors_module.__all__)
    assert defined <= set(EXPECTED)


MEMORY_NAMES = [
    "add", "agents", "build_context", "close", "contexts", "delete", "delete_all", "disclose",
    "export", "facts", "flush", "get", "get_all", "history", "kernel", "search", "skills",
    "sleep", "stats", "update", "verify_erasure", "working_memory",
]


def test_memory_has_twenty_two_public_names(tmp_path: Path, embedder: E5Embedder) -> None:
    """Memory is the conversation memory plus context assembly; every other capability is a
    typed part reached from it (``memory.facts``, ``memory.skills``, ...)."""
    with lucidmem.Memory(tmp_path, embedder=embedder) as memory:
        public = sorted(n for n in dir(memory) if not n.startswith("_"))
    assert public == MEMORY_NAMES
    assert len(public) <= 22


def test_version() -> None:
    assert isinstance(lucidmem.__version__, str) and lucidmem.__version__.count(".") == 2
