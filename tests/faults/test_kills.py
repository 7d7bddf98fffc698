"""SIGKILL during add and during ``lucidmem import``, repeatedly (small counts here;
bench/faults.py runs 100 of each): no acknowledged turn or imported line is lost, none is
stored twice, and every run resumes."""

from __future__ import annotations

from pathlib import Path

from .killing import kill_adds, kill_imports


def test_kills_during_add_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    figures = kill_adds(tmp_path / "data", kills=6, seed=17)
    assert figures["kills"] == 6, figures
    assert figures["acked"] >= 6, figures  # the kills did land among acknowledged adds
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures


def test_kills_during_import_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    figures = kill_imports(tmp_path / "data", kills=4, seed=17)
    assert figures["kills"] == 4, figures
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures
