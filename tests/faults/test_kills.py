"""SIGKILL during add, during ``lucidmem import``, while the embedding queue drains and
while facts are extracted after add returned,
repeatedly (small counts here; bench/faults.py runs 100 of each): no acknowledged turn or
imported line is lost, none is stored twice, every run resumes, and the resumed queue gives
every turn the vector an uninterrupted run gives it, and the resumed extraction every turn
its facts once. (Consolidation's kill round is
tests/consolidation/test_job_crash.py.)"""

from __future__ import annotations

from pathlib import Path

from lucidmem.embedding import E5Embedder

from .killing import kill_adds, kill_extraction, kill_imports, kill_queue


def test_kills_during_add_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    figures = kill_adds(tmp_path / "data", kills=6, seed=17)
    assert figures["kills"] == 6, figures
    assert figures["acked"] >= 6, figures  # the kills did land among acknowledged adds
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures


def test_kills_during_import_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    figures = kill_imports(tmp_path / "data", kills=4, seed=17)
    assert figures["kills"] == 4, figures
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures


def test_kills_while_the_embedding_queue_drains_lose_and_change_nothing(
        tmp_path: Path, embedder: E5Embedder) -> None:
    figures = kill_queue(tmp_path / "work", embedder, kills=5, turns=60, seed=17)
    assert figures["kills"] == 5, figures
    assert figures["lost"] == figures["duplicated"] == figures["differing"] == 0, figures


def test_kills_while_facts_are_extracted_lose_and_repeat_nothing(tmp_path: Path) -> None:
    figures = kill_extraction(tmp_path / "work", kills=4, turns=40, seed=17)
    assert figures["kills"] == 4, figures
    assert figures["lost"] == figures["duplicated"] == figures["exposed"] == 0, figures
