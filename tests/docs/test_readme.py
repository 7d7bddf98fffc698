"""The README's Python examples run as written (against a temporary data directory)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_examples() -> None:
    assert len(python_blocks()) >= 2


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    namespace: dict[str, object] = {}
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), namespace)
    memory = namespace["memory"]
    assert (tmp_path / "personal.db").exists()
    memory.close()  # type: ignore[attr-defined]
