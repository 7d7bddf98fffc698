"""Fixtures of the CLI suite: the commands run on the raw turn layer (fact extraction is
covered by tests/facts)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _turn_layer_only(_isolated_settings: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUCIDMEM_FACTS__EXTRACTOR", "none")
