"""Fixtures every suite shares: isolated settings and the real default embedder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lucidmem.embedding import E5Embedder


@pytest.fixture(autouse=True)
def _isolated_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No LUCIDMEM_* variable or lucidmem.toml from the developer's machine leaks in."""
    for name in list(os.environ):
        if name.startswith("LUCIDMEM_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("LUCIDMEM_CONFIG", str(tmp_path / "absent-lucidmem.toml"))


@pytest.fixture(scope="session")
def embedder() -> E5Embedder:
    """The real bundled embedder, loaded once for the whole test session."""
    return E5Embedder()
