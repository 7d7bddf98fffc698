"""The behaviour jobs (injected clock) and the CLI commands (typer's CliRunner)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from typer.testing import CliRunner

from lucidmem import Memory
from lucidmem.behaviour.engine import shared_encoders
from lucidmem.behaviour.records import arm_id
from lucidmem.cli import app
from lucidmem.records import Kind, new_record
from lucidmem.store.base import Query

from .conftest import Clock

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"


def test_trajectory_retention(memory: Memory, clock: Clock) -> None:
    run_trajectory_retention = memory.skills.maintenance.retain_trajectories
    memory.skills.enable(user_id="maya")
    kept = memory.skills.select(CODE, user_id="maya", when=MORNING)
    memory.skills.feedback(kept.id, user_id="maya", reward=1)
    dropped = memory.skills.select(CODE, user_id="maya", when=MORNING)
    clock.advance(days=89)
    assert run_trajectory_retention().archived == 0
    clock.advance(days=2)
    report = run_trajectory_retention()
    assert (report.archived, report.deleted) == (1, 0)
    steps = {t.id: t.status
             for t in memory.skills.trajectories(user_id="maya", include_archived=True)}
    assert steps == {kept.id: "active", dropped.id: "archived"}
    assert [t.id for t in memory.skills.trajectories(user_id="maya")] == [kept.id]
    clock.advance(days=364)
    assert run_trajectory_retention().deleted == 0
    report = run_trajectory_retention(now=clock.now.timestamp() + 2 * 86_400)
    assert report.deleted == 1
    left = memory.kernel.store().find(Query(user_id="maya", kinds=[Kind.TRAJECTORY]))
    assert [r.id for r in left] == [kept.id]  # with feedback: kept forever


def test_feedback_classification_job(memory: Memory) -> None:
    run_feedback_classification = memory.skills.maintenance.classify_feedback
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    memory.skills.feedback(sel.id, user_id="maya", reward=-1,
                           free_text="Viel zu lang, komm auf den Punkt.")

    def bucket_preference() -> np.ndarray:  # the selection's bucket, not the learner's state
        assert sel.context is not None
        return np.asarray(next(r.data["dimensions"] for r in memory.kernel.store().find(
            Query(user_id="maya", kinds=[Kind.PREFERENCE_VECTOR]))
            if r.data["bucket"] == sel.context.bucket))

    before = bucket_preference()
    report = run_feedback_classification()
    assert (report.users, report.processed, report.updated) == (1, 1, 1)
    [event] = memory.kernel.store().find(Query(user_id="maya", kinds=[Kind.FEEDBACK_EVENT]))
    assert event.data["classified"] and event.data["labels"][0] == "too_verbose"
    after = bucket_preference()
    delta = shared_encoders(memory.kernel.embedder).feedback.preference_delta(
        event.data["labels"])
    np.testing.assert_allclose(after, np.clip(before + delta, 0, 1))
    assert run_feedback_classification().processed == 0  # each event once


def test_batch_rebuilds_drifted_arms_from_the_trajectories(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    rewards = (1, 1, -1, 0)
    chosen = []
    for reward in rewards:
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        memory.skills.feedback(sel.id, user_id="maya", reward=reward)
        chosen.append((sel.skill.id, sel.context.bucket if sel.context else -1, reward))
    refresh = memory.skills.maintenance.refresh_arms
    report = refresh()
    assert (report.users, report.processed, report.updated) == (1, 4, 0)  # nothing drifted
    skill_id, bucket, _ = chosen[0]
    store = memory.kernel.store()
    [arm] = store.get("maya", [arm_id("maya", bucket, skill_id)])
    up = sum(1 for s, b, r in chosen if (s, b) == (skill_id, bucket) and r > 0)
    down = sum(1 for s, b, r in chosen if (s, b) == (skill_id, bucket) and r < 0)
    assert (arm.data["alpha"], arm.data["beta"]) == (1 + up, 1 + down)
    drifted = new_record(arm.id, Kind.BANDIT_ARM, "maya", memory.kernel.now(),
                         {**arm.data, "alpha": 40.0, "beta": 0.5}, layer=2, prior=arm)
    memory.kernel.write(None, "maya", [drifted], audit=False)
    assert refresh().updated == 1
    [fixed] = store.get("maya", [arm.id])
    assert (fixed.data["alpha"], fixed.data["beta"]) == (1 + up, 1 + down)


def test_jobs_use_only_the_time_and_context_they_are_given(memory: Memory, clock: Clock) -> None:
    jobs = {job.name: job for job in memory.skills.jobs()}
    assert {n: j.cron for n, j in jobs.items()} == {
        "feedback_classification": "0 3 * * *", "trajectory_retention": "0 3 * * 0",
        "behaviour_batch": "0 4 * * *"}
    memory.skills.enable(user_id="maya")
    memory.skills.select(CODE, user_id="maya", when=MORNING)
    # a job receives a JobContext; its function reads nothing but ``now`` and ``context``
    later = SimpleNamespace(now=clock.now + timedelta(days=91), context=None)
    assert jobs["trajectory_retention"].fn(later)["archived"] == 1  # type: ignore[arg-type]
    assert jobs["feedback_classification"].fn(later)["job"] == "feedback_classification"  # type: ignore[arg-type]
    assert jobs["behaviour_batch"].fn(later)["updated"] == 0  # type: ignore[arg-type]
    other = SimpleNamespace(now=clock.now, context="elsewhere")
    assert jobs["trajectory_retention"].fn(other)["users"] == 0  # type: ignore[arg-type]


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
    jobs = run("behaviour-jobs")
    assert all(name in jobs for name in ("feedback_classification", "trajectory_retention",
                                         "behaviour_batch"))
    assert "removed" in run("behaviour-reset", "--user", "maya", "--yes")
    bad = runner.invoke(app, ["--data-dir", str(cli_dir), "feedback", sel["id"], "2",
                              "--user", "maya"])
    assert bad.exit_code != 0
