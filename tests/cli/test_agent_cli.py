"""``lucidmem agent``: feedback with the message and reply it was about, which then become
a training example; bad feedback is refused and nothing is written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lucidmem import Memory
from lucidmem.cli import app, main

runner = CliRunner()


def run(data_dir: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["--data-dir", str(data_dir), *args])
    return result.exit_code, result.output


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             data_dir: Path, *args: str) -> tuple[int, str]:
    """The installed entry point (which prints lucidmem errors): exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["lucidmem", "--data-dir", str(data_dir), *args])
    with pytest.raises(SystemExit) as info:
        main()
    return int(info.value.code or 0), capsys.readouterr().err


def test_feedback_keeps_the_message_and_reply_for_datasets(tmp_path: Path) -> None:
    assert run(tmp_path, "agent", "register", "helper", "--owner", "ops",
               "--name", "Helper")[0] == 0
    code, out = run(tmp_path, "agent", "feedback", "helper", "--user", "maya",
                    "--source", "m1", "--thumbs", "1",
                    "--message", "How do I reset my password?",
                    "--reply", "Open Settings, then Security, then Reset.",
                    "--trait", "concise", "--trait", "step_by_step")
    assert code == 0, out
    code, out = run(tmp_path, "agent", "dataset", "helper")
    assert code == 0 and out.startswith("1 examples"), out
    with Memory(tmp_path) as memory:
        dataset = memory.agents.training.datasets("helper")[0]
        rows = memory.agents.training.dataset_rows("helper", dataset.dataset_id)
    texts = [m["content"] for m in rows[0]["messages"]]
    assert "How do I reset my password?" in texts
    assert "Open Settings, then Security, then Reset." in texts


def test_bad_feedback_is_refused_and_nothing_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    run(tmp_path, "agent", "register", "helper", "--owner", "ops", "--name", "Helper")
    code, err = run_main(monkeypatch, capsys, tmp_path, "agent", "feedback", "helper",
                         "--user", "maya", "--source", "m1", "--rating", "9",
                         "--message", "hi", "--reply", "hello")
    assert code != 0 and "rating" in err
    code, err = run_main(monkeypatch, capsys, tmp_path, "agent", "feedback", "nobody",
                         "--user", "maya", "--source", "m2", "--thumbs", "1",
                         "--message", "hi", "--reply", "hello")
    assert code != 0 and "nobody" in err
    with Memory(tmp_path) as memory:
        assert memory.agents.feedback("helper", user_id="maya") == []


def test_register_takes_trust_and_intensity_and_refuses_an_unknown_intensity(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(tmp_path, "agent", "register", "ops-bot", "--owner", "ops", "--name", "Ops",
               "--trusted", "--intensity", "low")[0] == 0
    code, err = run_main(monkeypatch, capsys, tmp_path, "agent", "register", "other",
                         "--owner", "ops", "--name", "Other", "--intensity", "loud")
    assert code != 0 and "intensity" in err and "high, moderate, low or off" in err
    with Memory(tmp_path) as memory:
        [info] = memory.agents.list()
    assert info.agent_id == "ops-bot" and info.trusted and info.intensity == "low"
