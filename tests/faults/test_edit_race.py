"""Two processes editing the same item with ``expected_version`` at the same moment:
exactly one edit lands, the other gets ``ConflictError`` carrying the new version — on one
SQLite data directory and on one PostgreSQL database. The version check and the write are
one step in the store, so no per-process lock is what keeps them apart."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.settings import FactSettings

EDITOR = Path(__file__).with_name("editor.py")
ROUNDS = 30


def _env() -> dict[str, str]:
    src = Path(__file__).resolve().parents[2] / "src"
    return {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def _race(data_dir: Path, store_url: str, embedder: E5Embedder) -> None:
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"),
                        **({"store_url": store_url} if store_url != "-" else {}))
    with Memory(settings=settings, embedder=embedder) as memory:
        ids = [memory.add(f"note {i}", user_id="ana")[0].id for i in range(ROUNDS)]
    children = [subprocess.Popen([sys.executable, str(EDITOR), str(data_dir), store_url, "ana",
                                  tag], env=_env(), stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for tag in ("one", "two")]
    try:
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        outcomes: list[tuple[str, str]] = []
        for item_id in ids:  # both are sent the same id at once, then both answer
            for child in children:
                assert child.stdin is not None
                child.stdin.write(item_id + "\n")
                child.stdin.flush()
            answers = [child.stdout.readline().split() for child in children
                       if child.stdout is not None]
            outcomes.append((answers[0][0], answers[1][0]))
            assert sorted(a[0] for a in answers) == ["lost", "won"], answers
            loser = next(a for a in answers if a[0] == "lost")
            assert loser[1:] == [item_id, "2"]  # the version the winner wrote
    finally:
        for child in children:
            if child.stdin is not None:
                child.stdin.close()
            child.wait(timeout=120)
    with Memory(settings=settings, embedder=embedder) as memory:
        for item_id, (first, _) in zip(ids, outcomes, strict=True):
            item = memory.get(item_id, user_id="ana")
            assert item.version == 2
            assert item.text == f"edited by {'one' if first == 'won' else 'two'}"
            assert [e.action for e in memory.history(item_id, user_id="ana")] == ["add", "update"]


def test_two_processes_editing_one_sqlite_item_one_wins(tmp_path: Path,
                                                        embedder: E5Embedder) -> None:
    _race(tmp_path / "data", "-", embedder)


@pytest.mark.usefixtures("postgres_server")
def test_two_processes_editing_one_postgres_item_one_wins(tmp_path: Path, postgres_url: str,
                                                          embedder: E5Embedder) -> None:
    _race(tmp_path / "data", postgres_url, embedder)
