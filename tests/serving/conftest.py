"""Fixtures of the serving suite: a real Memory on disk and the real embedder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Iterator[Memory]:
    with Memory(tmp_path / "data", embedder=embedder) as mem:
        yield mem
