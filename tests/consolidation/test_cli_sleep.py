"""``lucidmem consolidate``, ``jobs`` through Typer's CliRunner."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from lucidmem.cli import app

runner = CliRunner()


def _add(data: Path) -> None:
    for text in ("I love jazz", "I'm allergic to peanuts"):
        result = runner.invoke(app, ["--data-dir", str(data), "add", text, "--user", "maya"])
        assert result.exit_code == 0, result.output


def test_consolidate_dry_run_then_real(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _add(data)
    dry = runner.invoke(app, ["--data-dir", str(data), "consolidate", "--user", "maya",
                              "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "dry run" in dry.output and "maya" in dry.output
    real = runner.invoke(app, ["--data-dir", str(data), "consolidate"])
    assert real.exit_code == 0, real.output
    assert "completed" in real.output


def test_the_summary_fits_80_columns_with_dates(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _add(data)
    result = runner.invoke(app, ["--data-dir", str(data), "consolidate"],
                           env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert all(len(line) <= 80 for line in result.output.splitlines()), result.output
    assert re.search(r"\b20\d\d-\d\d-\d\d \d\d:\d\d\b", result.output)
    assert not re.search(r"\b1[7-9]\d{8}\b", result.output)  # no epoch seconds
    assert "maya" in result.output and "completed" in result.output


def test_jobs_lists_schedule_and_history(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _add(data)
    result = runner.invoke(app, ["--data-dir", str(data), "jobs"])
    assert result.exit_code == 0, result.output
    for name in ("consolidation", "index_maintenance", "0 2 * * *"):
        assert name in result.output
    assert "no runs recorded yet" in result.output
