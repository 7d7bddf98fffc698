"""``lucidmem demo`` with fact extraction on: the memory keeps the truth, in three languages."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from lucidmem.cli import app


def test_the_demo_answers_from_facts_a_move_a_habit_a_correction_and_a_retraction(
        tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path), "demo"],
                                terminal_width=200)
    assert result.exit_code == 0, (result.output, result.exception)
    output = result.output
    truth = re.search(r"(\d+)/(\d+) questions answered right from the facts", output)
    assert truth, output
    assert truth.group(1) == truth.group(2) == "6", output
    found = re.search(r"(\d+)/(\d+) queries found the expected message", output)
    assert found, output
    assert found.group(1) == found.group(2) == "10", output  # every search finds its answer
    assert "{as_of}" not in output and "Where did she live on " in output
    assert "is mentioned" not in output
    assert "Wednesday" in output  # the dentist moved by the German correction
