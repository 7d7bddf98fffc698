"""The behaviour jobs (injected clock) and the CLI commands (typer's CliRunner)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from lucidmem import Memory
from lucidmem.behaviour.jobs import run_feedback_classification, run_trajectory_retention
from lucidmem.behaviour.records import FEEDBACK_EVENT, PREFERENCE, TRAJECTORY
from lucidmem.cli import app
from lucidmem.store.base import Query

from .conftest import Clock

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"


def test_trajectory_retention(memory: Memory, clock: Clock) -> None:
    memory.enable_behaviour_learning("maya")
    kept = memory.select_skill("maya", CODE, when=MORNING)
    memory.feedback("maya", kept.id, 1)
    dropped = memory.select_skill("maya", CODE, when=MORNING)
    clock.advance(days=89)
    assert run_trajectory_retention(memory).archived == 0
    clock.advance(days=2)
    report = run_trajectory_retention(memory)
    assert (report.archived, report.deleted) == (1, 0)
    steps = {t.id: t.status for t in memory.trajectories("maya", include_archived=True)}
    assert steps == {kept.id: "active", dropped.id: "archived"}
    assert [t.id for t in memory.trajectories("maya")] == [kept.id]
    clock.advance(days=364)
    assert run_trajectory_retention(memory).deleted == 0
    report = run_trajectory_retention(memory, now=clock.now.timestamp() + 2 * 86_400)
    assert report.deleted == 1
    left = memory.store().find(Query(user_id="maya", kinds=[TRAJECTORY]))
    assert [r.id for r in left] == [kept.id]  # with feedback: kept forever


def test_feedback_classification_job(memory: Memory) -> None:
    memory.enable_behaviour_learning("maya")
    sel = memory.select_skill("maya", CODE, when=MORNING)
    memory.feedback("maya", sel.id, -1, free_text="Viel zu lang, komm auf den Punkt.")
    def bucket_preference() -> np.ndarray:  # the selection's bucket, not the learner's state
        assert sel.context is not None
        return np.asarray(next(r.data["dimensions"] for r in memory.store().find(
            Query(user_id="maya", kinds=[PREFERENCE])) if r.data["bucket"] == sel.context.bucket))

    before = bucket_preference()
    report = run_feedback_classification(memory)
    assert (report.users, report.processed, report.updated) == (1, 1, 1)
    [event] = memory.store().find(Query(user_id="maya", kinds=[FEEDBACK_EVENT]))
    assert event.data["classified"] and event.data["labels"][0] == "too_verbose"
    after = bucket_preference()
    delta = memory._behaviour().shared.feedback.preference_delta(event.data["labels"])
    np.testing.assert_allclose(after, np.clip(before + delta, 0, 1))
    assert run_feedback_classification(memory).processed == 0  # each event once


@pytest.fixture
def cli_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUCIDMEM_BEHAVIOUR__SEED", "5")
    return tmp_path / "cli"


def test_cli_commands(cli_dir: Path) -> None:
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--data-dir", str(cli_dir), *args])
        assert result.exit_code == 0, result.output
        return result.output

    skills = json.loads(run("skills", "--user", "maya", "--json"))
    assert len(skills) == 13 and "balanced_answer" in {s["id"] for s in skills}
    assert "13 skills" in run("skills", "--user", "maya")
    assert "on" in run("learning", "on", "--user", "maya")
    sel = json.loads(run("select", CODE, "--user", "maya", "--at", "2026-03-02T09:00",
                         "--json"))
    assert sel["learning_enabled"] and sel["context"]["intent"] == "code"
    out = json.loads(run("feedback", sel["id"], "up", "--user", "maya", "--json"))
    assert out["status"] == "recorded" and out["new_confidence"] == pytest.approx(0.59)
    assert "too_verbose" in run("classify-feedback", "way too long")
    assert "selection" in run("select", CODE, "--user", "maya")
    profile = json.loads(run("behaviour-profile", "--user", "maya", "--json"))
    assert profile["feedback_count"] == 1
    assert "trajectory_retention" in run("behaviour-jobs")
    assert "removed" in run("behaviour-reset", "--user", "maya", "--yes")
    bad = runner.invoke(app, ["--data-dir", str(cli_dir), "feedback", sel["id"], "2",
                              "--user", "maya"])
    assert bad.exit_code != 0
