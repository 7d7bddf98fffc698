"""The README's Python examples run as written (against a temporary data directory)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from client.conftest import Served  # tests/ is on sys.path (rootdir conftest)
from lucidmem import Memory
from lucidmem.api import KeyRing, create_app
from lucidmem.embedding import E5Embedder

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_examples() -> None:
    assert len(python_blocks()) >= 2


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             embedder: E5Embedder) -> None:
    """Every block in order, the client's against a real server on a free local port."""
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    key = "maya-readme-key-0123456789"
    with Memory(tmp_path / "server", embedder=embedder) as served_memory, \
            Served(create_app(served_memory, keys=KeyRing(None, {"maya": key}))) as server:
        monkeypatch.setenv("LUCIDMEM_URL", server.url)
        monkeypatch.setenv("LUCIDMEM_API_KEY", key)
        namespace: dict[str, object] = {}
        for block in python_blocks():
            exec(compile(block, str(README), "exec"), namespace)
        assert [i.text for i in served_memory.get_all(user_id="maya")][:1] == [
            "I'm allergic to peanuts"]
    memory = namespace["memory"]
    assert (tmp_path / "personal.db").exists()
    memory.close()  # type: ignore[attr-defined]
