"""Several processes on one data directory: simultaneous first opens run the migrations
once, and concurrent adds from separate processes all land, none twice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lucidmem import Memory, Settings
from lucidmem.settings import FactSettings
from lucidmem.store.migrations import MIGRATIONS
from lucidmem.store.sqlite import SQLiteStore

WRITER = Path(__file__).with_name("writer.py")
OPENER = """
import sys
from lucidmem.store.sqlite import SQLiteStore
store = SQLiteStore(sys.argv[1])
print(len(store.applied_migrations()))
store.close()
"""


def _env() -> dict[str, str]:
    src = Path(__file__).resolve().parents[2] / "src"
    return {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}


def test_simultaneous_first_opens_migrate_once(tmp_path: Path) -> None:
    for round_ in range(3):
        path = tmp_path / f"fresh{round_}.db"
        children = [subprocess.Popen([sys.executable, "-c", OPENER, str(path)], env=_env(),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                    for _ in range(6)]
        results = [child.communicate(timeout=120) for child in children]
        assert [c.returncode for c in children] == [0] * 6, results
        assert {out.strip() for out, _ in results} == {str(len(MIGRATIONS))}
        store = SQLiteStore(path)
        assert store.applied_migrations() == [m.name for m in MIGRATIONS]
        store.close()


def test_processes_adding_at_once_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    names, count = ["ana", "ben", "cai"], 25
    children = [subprocess.Popen([sys.executable, str(WRITER), str(data_dir), name, str(count)],
                                 env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for name in names]
    results = [child.communicate(timeout=600) for child in children]
    assert [out.strip() for out, _ in results] == [f"ok {count}"] * len(names), results
    settings = Settings(data_dir=data_dir, facts=FactSettings(extractor="none"))
    with Memory(settings=settings) as memory:
        for name in names:
            texts = [item.text for item in memory.get_all(user_id=name, limit=1000)]
            assert sorted(texts) == sorted(f"{name} note number {i}" for i in range(count))
