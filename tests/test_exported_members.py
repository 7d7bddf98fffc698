"""The public names of ``lucidmem`` are pinned: changing them is a deliberate act."""

from __future__ import annotations

import lucidmem

EXPECTED = [
    "RETRIEVAL_PRESETS",
    "ConfigurationError",
    "EmbeddingError",
    "EncryptionError",
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
    "Settings",
    "StoreError",
    "StoreStats",
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
    import builtins

    assert not any(hasattr(builtins, n) for n in EXPECTED)


def test_version() -> None:
    assert isinstance(lucidmem.__version__, str) and lucidmem.__version__.count(".") == 2
