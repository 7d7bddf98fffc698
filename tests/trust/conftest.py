"""Fixtures of the trust suite (helpers in :mod:`.traces`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def _permissive_umask() -> Iterator[None]:
    """The common umask 022 (group and others may read): private modes must come from
    lucidmem, not from a strict umask of the machine running the tests."""
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)
