"""A server out of file descriptors answers 403/503, never 500, and serves everyone again
once descriptors are back (see descriptors.py for the scenario)."""

from __future__ import annotations

from pathlib import Path

from .descriptors import exhaust, server_errors


def test_descriptor_exhaustion_degrades_to_403_and_503_never_500(tmp_path: Path) -> None:
    answers = exhaust(tmp_path / "data")
    assert server_errors(answers) == 0, answers
    assert answers["admin"]["503"] >= 1, answers  # the process did run out of descriptors
    assert set(answers["flood"]) == {"403"}, answers  # new contexts: refused, nothing opened
    assert set(answers["victim"]) <= {"200", "201", "503"}, answers
    assert answers["victim"]["201"] + answers["victim"]["200"] >= 1, answers
    assert dict(answers["after"]) == {"201": 3, "200": 3}, answers
