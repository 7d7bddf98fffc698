"""The behaviour loop through the public Memory API, on a real store and the real embedder."""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from lucidmem import Memory
from lucidmem.behaviour import DIMENSIONS, context_bucket, load_base_skills
from lucidmem.embedding import E5Embedder
from lucidmem.errors import NotFoundError
from lucidmem.records import Kind
from lucidmem.store.base import Query

from .conftest import Clock, open_memory

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"
SKILLS = {s.id: np.asarray(s.dimensions) for s in load_base_skills()}


def records(memory: Memory, user: str, kind: str) -> list[dict[str, object]]:
    return [r.data for r in memory.kernel.store().find(Query(user_id=user, kinds=[kind]))]


@pytest.fixture
def adaptive_memory(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> Iterator[Memory]:
    """The previous default rule (``selection="adaptive"``), whose formulas these tests pin."""
    with open_memory(tmp_path / "adaptive", embedder, clock, selection="adaptive") as mem:
        yield mem


def test_full_loop_hand_computed(adaptive_memory: Memory) -> None:
    memory = adaptive_memory
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    assert sel.learning_enabled and sel.context is not None
    assert (sel.context.intent, sel.context.sentiment, sel.context.time_of_day) == (
        "code", "neutral", "morning")
    assert sel.context.bucket == context_bucket("code", "neutral", "morning")
    assert sel.skill.id in {c.skill_id for c in sel.candidates}
    assert sel.strategy == "adaptive" and sel.trigger_weight == pytest.approx(0.4)
    for c in sel.candidates:  # a new user: the seed's weights, with the posterior mean 0.5
        assert c.trigger >= 0.5
        assert c.posterior_mean == 0.5 and 0 < c.sampled < 1
        assert c.final == pytest.approx(0.4 * c.trigger + 0.3 * 0.5 + 0.3 * c.alignment)
        assert c.alignment == pytest.approx(1 - np.linalg.norm(0.5 - SKILLS[c.skill_id]) / 4)
    assert sel.explanation.startswith(sel.skill.id) and "\n" not in sel.explanation
    assert sel.elapsed_ms > 0 and sel.context_ms > 0

    result = memory.skills.feedback(sel.id, user_id="maya", reward=1)
    assert result.status == "recorded" and result.skill_updated
    # EMA with alpha 0.3 (1 use < 10): 0.3 * 0.8 + 0.7 * 0.5 = 0.59
    assert result.old_confidence == 0.5
    assert result.new_confidence == pytest.approx(0.59)
    assert (result.alpha, result.beta) == (2.0, 1.0)
    stats = records(memory, "maya", Kind.SKILL_STATS)
    assert stats == [{"skill_id": sel.skill.id, "confidence": pytest.approx(0.59), "uses": 1,
                      "positives": 1, "negatives": 0, "last_used_at": pytest.approx(
                          memory.kernel.now())}]
    pref = np.asarray(records(memory, "maya", Kind.PREFERENCE_VECTOR)[0]["dimensions"])
    expected = 0.5 + 0.1 * (SKILLS[sel.skill.id] - 0.5)
    np.testing.assert_allclose(pref, expected)
    assert np.linalg.norm(pref - SKILLS[sel.skill.id]) < np.linalg.norm(0.5 - SKILLS[
        sel.skill.id])
    profile = memory.skills.profile(user_id="maya")
    assert profile.feedback_count == 1 and profile.trajectories == 1
    assert profile.exploration_rate == pytest.approx(0.1 * 0.95)
    assert profile.arms[0].alpha == 2.0


def test_trigger_weight_fades_with_feedback_in_the_bucket(adaptive_memory: Memory) -> None:
    memory = adaptive_memory
    memory.skills.enable(user_id="maya")
    first = memory.skills.select(CODE, user_id="maya", when=MORNING)
    memory.skills.feedback(first.id, user_id="maya", reward=1)
    [pref] = records(memory, "maya", Kind.PREFERENCE_VECTOR)
    assert pref["feedback_count"] == 1
    second = memory.skills.select(CODE, user_id="maya", when=MORNING)
    assert second.trigger_weight == pytest.approx(0.4 / 2)  # 0.4 · 1 / (1 + 1)
    for c in second.candidates:
        up = c.skill_id == first.skill.id
        assert (c.alpha, c.beta) == ((2.0, 1.0) if up else (1.0, 1.0))
        assert c.posterior_mean == pytest.approx(2 / 3 if up else 0.5)
        learned = c.sampled if second.explored else c.posterior_mean
        assert c.final == pytest.approx(
            (0.2 * c.trigger + 0.3 * learned + 0.3 * c.alignment) / 0.8)
    # the thumbs-up skill now leads on the mean: it is chosen unless this was exploration
    if not second.explored:
        assert second.skill.id == first.skill.id
    # a different bucket has its own count: the trigger weighs 0.4 there
    evening = memory.skills.select("I want to understand how vaccines work.", user_id="maya",
                                   when=datetime(2026, 3, 2, 19))
    assert evening.trigger_weight == pytest.approx(0.4)


def test_seed_strategy_is_the_seed_rule(tmp_path: Path, embedder: E5Embedder,
                                        clock: Clock) -> None:
    with open_memory(tmp_path / "s", embedder, clock, selection="seed") as memory:
        memory.skills.enable(user_id="maya")
        first = memory.skills.select(CODE, user_id="maya", when=MORNING)
        memory.skills.feedback(first.id, user_id="maya", reward=1)
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        assert sel.strategy == "seed" and sel.trigger_weight == 0.4
        for c in sel.candidates:
            assert c.final == pytest.approx(
                0.4 * c.trigger + 0.3 * c.sampled + 0.3 * c.alignment)
        if not sel.explored:
            assert sel.skill.id == max(sel.candidates, key=lambda c: c.final).skill_id


def test_negative_feedback_with_reason(adaptive_memory: Memory) -> None:
    memory = adaptive_memory
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    result = memory.skills.feedback(sel.id, user_id="maya", reward=-1, reason="too_verbose")
    assert result.new_confidence == pytest.approx(0.3 * 0.2 + 0.7 * 0.5)
    assert (result.alpha, result.beta) == (1.0, 2.0)
    pref = np.asarray(records(memory, "maya", Kind.PREFERENCE_VECTOR)[0]["dimensions"])
    moved = np.clip(0.5 - 0.1 * (SKILLS[sel.skill.id] - 0.5), 0, 1)
    moved[DIMENSIONS.index("verbosity")] -= 0.15
    moved[DIMENSIONS.index("explanation_depth")] -= 0.10
    moved[DIMENSIONS.index("example_usage")] -= 0.05
    moved[DIMENSIONS.index("patience")] -= 0.05
    np.testing.assert_allclose(pref, np.clip(moved, 0, 1))


def test_neutral_feedback_counts_but_does_not_move(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    result = memory.skills.feedback(sel.id, user_id="maya", reward=0)
    assert not result.skill_updated and result.new_confidence == 0.5
    assert (result.alpha, result.beta) == (1.0, 1.0)
    assert memory.skills.profile(user_id="maya").feedback_count == 1


def test_opt_in_off_learns_nothing(memory: Memory) -> None:
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    assert not sel.learning_enabled and not sel.explored
    assert sel.skill.id == "balanced_answer" and sel.candidates == []
    assert memory.kernel.store().count(Query(user_id="maya")) == 0
    result = memory.skills.feedback(sel.id, user_id="maya", reward=1)
    assert result.status == "learning_disabled" and not result.skill_updated
    with pytest.raises(NotFoundError, match="learning is off"):
        memory.skills.log_turn(sel.id, "reply", user_id="maya")
    assert memory.kernel.store().count(Query(user_id="maya")) == 0
    # disable keeps what was learned; enabling resumes from it
    memory.skills.enable(user_id="maya")
    first = memory.skills.select(CODE, user_id="maya", when=MORNING)
    memory.skills.feedback(first.id, user_id="maya", reward=1)
    memory.skills.disable(user_id="maya")
    assert memory.skills.select(CODE, user_id="maya", when=MORNING).skill.id == "balanced_answer"
    assert memory.skills.profile(user_id="maya").feedback_count == 1


def test_reset_forgets_learning_keeps_own_skills(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    memory.skills.create("pirate_voice", user_id="maya", name="Pirate",
                         template="Talk like a pirate.", dimensions=[0.5] * 16,
                         trigger={"intents": ["chat"]})
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    memory.skills.feedback(sel.id, user_id="maya", reward=1)
    removed = memory.skills.reset(user_id="maya")
    assert removed == 6  # stats, arm, preference, learner state, trajectory, feedback event
    profile = memory.skills.profile(user_id="maya")
    assert profile.enabled and profile.feedback_count == 0 and not profile.arms
    assert [s.id for s in profile.user_skills] == ["pirate_voice"]


def test_log_turn_and_trajectory(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    view = memory.skills.log_turn(sel.id, "Check the key exists before reading it.",
                                  user_id="maya")
    assert view.response and view.input == CODE and view.occurred_at.tzinfo is not None
    memory.skills.feedback(sel.id, user_id="maya", reward=-1)
    [step] = memory.skills.trajectories(user_id="maya")
    assert (step.skill_id, step.reward, step.response) == (sel.skill.id, -1, view.response)


def test_persistence_across_reopen(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    with open_memory(tmp_path / "d", embedder, clock) as memory:
        memory.skills.enable(user_id="maya")
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        memory.skills.feedback(sel.id, user_id="maya", reward=1)
        before = memory.skills.profile(user_id="maya")
    with open_memory(tmp_path / "d", embedder, clock) as memory:
        after = memory.skills.profile(user_id="maya")
        assert after == before
        nxt = memory.skills.select(CODE, user_id="maya", when=MORNING)
        arm = next(c for c in nxt.candidates if c.skill_id == sel.skill.id)
        assert (arm.alpha, arm.beta) == (2.0, 1.0)


def test_bucket_is_stable_and_records_are_not_searchable(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    buckets = {memory.skills.select(CODE, user_id="maya", when=MORNING).context.bucket  # type: ignore[union-attr]
               for _ in range(3)}
    assert buckets == {context_bucket("code", "neutral", "morning")}
    assert context_bucket("code", "neutral", "morning") == 17  # sha256, fixed across processes
    assert memory.search("KeyError", user_id="maya") == []
    assert all(not r.searchable and r.embedding is None
               for r in memory.kernel.store().find(Query(user_id="maya")))


def test_bandit_posterior_brute_force(memory: Memory) -> None:
    """Stored Beta parameters equal prior + counted outcomes; selection follows the posterior."""
    memory.skills.enable(user_id="maya")
    rng = np.random.default_rng(3)
    outcomes: dict[str, list[int]] = {}
    for _ in range(40):
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        reward = int(rng.choice([-1, 1]))
        outcomes.setdefault(sel.skill.id, []).append(reward)
        memory.skills.feedback(sel.id, user_id="maya", reward=reward)
    arms = {d["skill_id"]: d for d in records(memory, "maya", Kind.BANDIT_ARM)}
    for skill_id, rewards in outcomes.items():
        assert arms[skill_id]["alpha"] == 1 + rewards.count(1)
        assert arms[skill_id]["beta"] == 1 + rewards.count(-1)
    # P(draw_A > draw_B) by brute-force integration over a grid vs. sampled frequency.
    a, b = (1 + 6, 1 + 2), (1 + 2, 1 + 6)
    x = np.linspace(0.0005, 0.9995, 1000)
    pdf = lambda al, be: x ** (al - 1) * (1 - x) ** (be - 1) / math.exp(  # noqa: E731
        math.lgamma(al) + math.lgamma(be) - math.lgamma(al + be))
    cdf_b = np.cumsum(pdf(*b)) / 1000
    exact = float(np.sum(pdf(*a) * cdf_b) / 1000)
    from lucidmem.behaviour import thompson_sample
    gen = np.random.default_rng(0)
    freq = np.mean([thompson_sample(*a, gen) > thompson_sample(*b, gen) for _ in range(20000)])
    assert freq == pytest.approx(exact, abs=0.015)


def test_metrics_are_logged(memory: Memory, caplog: pytest.LogCaptureFixture) -> None:
    memory.skills.enable(user_id="maya")
    with caplog.at_level(logging.INFO, logger="lucidmem.metrics"):
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        memory.skills.feedback(sel.id, user_id="maya", reward=1, free_text="thanks")
    metrics = [r.__dict__ for r in caplog.records if hasattr(r, "metric_type")]
    assert [m["metric_type"] for m in metrics] == ["behavioral_memory_selection",
                                                   "behavioral_memory_feedback"]
    assert {"skill_id", "skill_name", "confidence_score", "preference_alignment",
            "selection_time_ms", "context_extraction_time_ms", "total_candidates",
            "exploration_mode"} <= set(metrics[0])
    assert {"reward", "reason", "old_confidence", "new_confidence", "confidence_delta",
            "total_usage", "positive_rate", "negative_rate", "has_free_text"} <= set(metrics[1])
    assert metrics[1]["has_free_text"] is True


def test_classify_feedback(memory: Memory) -> None:
    result = memory.skills.classify_feedback("Viel zu lang, bitte kürzer.")
    assert set(result.scores) == {"too_verbose", "too_brief", "wrong_tone", "not_helpful",
                                  "incorrect_info"}
    assert result.top in {"too_verbose", "too_brief"}


def test_eviction_under_cap(tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    with open_memory(tmp_path / "d", embedder, clock, max_skills_per_user=14) as memory:
        memory.skills.enable(user_id="maya")
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        for _ in range(3):
            again = memory.skills.select(CODE, user_id="maya", when=MORNING)
            memory.skills.feedback(again.id, user_id="maya", reward=-1)
        memory.skills.feedback(sel.id, user_id="maya", reward=-1)
        dims = [0.5] * 16
        memory.skills.create("mine_one", user_id="maya", name="One", template="t1",
                             dimensions=dims)
        assert len(memory.skills.list(user_id="maya")) == 14
        memory.skills.create("mine_two", user_id="maya", name="Two", template="t2",
                             dimensions=dims)
        active = {s.id for s in memory.skills.list(user_id="maya")}
        assert len(active) == 14 and "mine_two" in active
        # the own skill at 0.5 (x1) goes before untouched base skills at 0.5 x 1.5 = 0.75,
        # unless a base skill's confidence fell below 0.5 / 1.5
        weakest = [s for s in memory.skills.profile(user_id="maya").skills if s.confidence < 1 / 3]
        gone = {s.id for s in memory.skills.list(user_id="maya", include_archived=True)} - active
        assert len(gone) == 1
        assert gone <= ({s.skill_id for s in weakest} if weakest else {"mine_one"})
