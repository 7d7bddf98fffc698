"""The learner (the default ``selection``) through the public Memory API only."""

from __future__ import annotations

import json
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lucidmem import Memory, Settings
from lucidmem.behaviour.engine import POPULATION_META_KEY, learner_id
from lucidmem.behaviour.learner import LearnerParams, Population, UserModel, user_kernel
from lucidmem.behaviour.learner import style_features as features
from lucidmem.behaviour.skills import load_base_skills
from lucidmem.embedding import E5Embedder

from .conftest import Clock, open_memory

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"
LIKED, OTHER = "code_review_constructive", "technical_precision"  # the trigger prefers OTHER
SKILLS = {s.id: s for s in load_base_skills()}


def serve(memory: Memory, user: str, liked: str, turns: int) -> list[str]:
    """A user who gives a thumbs up to ``liked`` and a thumbs down to anything else."""
    chosen = []
    for _ in range(turns):
        sel = memory.skills.select(CODE, user_id=user, when=MORNING)
        chosen.append(sel.skill.id)
        memory.skills.feedback(sel.id, user_id=user, reward=1 if sel.skill.id == liked else -1)
    return chosen


def population(memory: Memory) -> dict[str, Any]:
    raw = memory.kernel.store().get_meta(POPULATION_META_KEY)
    assert raw is not None
    data: dict[str, Any] = json.loads(raw)
    return data


def test_default_is_the_learner_and_a_clear_preference_is_learned(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    first = memory.skills.select(CODE, user_id="maya", when=MORNING)
    assert first.strategy == "learner"
    assert {c.skill_id for c in first.candidates} == {LIKED, OTHER}
    for c in first.candidates:  # expected thumbs-up rates, in [0, 1]
        assert 0.0 <= c.posterior_mean <= 1.0 and 0.0 <= c.final <= 1.0
    memory.skills.feedback(first.id, user_id="maya", reward=1 if first.skill.id == LIKED else -1)
    chosen = serve(memory, "maya", LIKED, 11)
    assert LIKED in chosen[:5]  # found within a handful of interactions
    assert chosen[-5:].count(LIKED) >= 4  # and kept
    last = memory.skills.select(CODE, user_id="maya", when=MORNING)
    means = {c.skill_id: c.posterior_mean for c in last.candidates}
    assert means[LIKED] > means[OTHER]


def test_a_new_user_starts_from_what_earlier_users_taught(memory: Memory) -> None:
    for user in ("u1", "u2", "u3", "u4"):
        memory.skills.enable(user_id=user)
        serve(memory, user, LIKED, 8)
    memory.skills.enable(user_id="newcomer")
    sel = memory.skills.select(CODE, user_id="newcomer", when=MORNING)
    means = {c.skill_id: c.posterior_mean for c in sel.candidates}
    assert means[LIKED] > means[OTHER]
    assert set(population(memory)["blocks"]) == {"code/neutral"}


def test_private_preset_keeps_users_apart(tmp_path: Path, embedder: E5Embedder,
                                          clock: Clock) -> None:
    with open_memory(tmp_path / "p", embedder, clock, selection="learner_private") as memory:
        for user in ("u1", "u2", "u3"):
            memory.skills.enable(user_id=user)
            serve(memory, user, LIKED, 8)
        assert memory.kernel.store().get_meta(POPULATION_META_KEY) is None
        memory.skills.enable(user_id="newcomer")
        sel = memory.skills.select(CODE, user_id="newcomer", when=MORNING)
        assert sel.strategy == "learner_private"
        means = {c.skill_id: c.posterior_mean for c in sel.candidates}
        triggers = {c.skill_id: c.trigger for c in sel.candidates}
        # nothing learned from others: the expected rates follow the trigger prior alone
        assert (means[OTHER] > means[LIKED]) == (triggers[OTHER] > triggers[LIKED])


def test_a_flood_of_thumbs_counts_as_one_well_known_user(memory: Memory) -> None:
    memory.skills.enable(user_id="bot")
    for _ in range(100):
        sel = memory.skills.select(CODE, user_id="bot", when=MORNING)
        memory.skills.feedback(sel.id, user_id="bot", reward=1)
    profile = memory.skills.profile(user_id="bot")
    [state] = [p for p in profile.preferences if p.bucket == -1]
    assert state.context == "learner: all contexts"
    skills = [s.id for s in load_base_skills()]
    precision, _ = Population.from_json(population(memory), skills).blocks["code/neutral"]
    # what one user can add about the skills they rated is at most the inverse of their own
    # prior covariance there (reached only with infinitely many thumbs)
    touched = [LIKED, OTHER]
    f = np.stack([features(SKILLS[s].dimensions)[0] for s in touched])
    codes = np.arange(len(touched))
    ctx = np.zeros(len(touched), dtype=np.intp)
    ceiling = np.linalg.inv(user_kernel(f, ctx, codes, f, ctx, codes, LearnerParams()))
    idx = [skills.index(s) for s in touched]
    gap = ceiling - precision[np.ix_(idx, idx)]
    assert np.linalg.eigvalsh(gap).min() > 0  # bounded, however many thumbs


def test_taste_change_is_followed(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    serve(memory, "maya", OTHER, 12)
    after = serve(memory, "maya", LIKED, 10)
    assert after[-4:].count(LIKED) >= 3


def test_contradictory_feedback_stays_sane(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    for i in range(20):
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        assert all(0.0 <= c.posterior_mean <= 1.0 for c in sel.candidates)
        memory.skills.feedback(sel.id, user_id="maya", reward=1 if i % 2 else -1)
    means = [c.posterior_mean for c in memory.skills.select(CODE, user_id="maya",
                                                           when=MORNING).candidates]
    assert all(0.2 < m < 0.8 for m in means)


def test_population_survives_reopening(tmp_path: Path, embedder: E5Embedder,
                                       clock: Clock) -> None:
    with open_memory(tmp_path / "r", embedder, clock) as memory:
        for user in ("u1", "u2", "u3", "u4"):
            memory.skills.enable(user_id=user)
            serve(memory, user, LIKED, 8)
        stored = memory.kernel.store().get_meta(POPULATION_META_KEY)
    with open_memory(tmp_path / "r", embedder, clock) as memory:
        assert memory.kernel.store().get_meta(POPULATION_META_KEY) == stored
        memory.skills.enable(user_id="newcomer")
        sel = memory.skills.select(CODE, user_id="newcomer", when=MORNING)
        means = {c.skill_id: c.posterior_mean for c in sel.candidates}
        assert means[LIKED] > means[OTHER]
        # a returning user's information is replaced, not added twice
        before = population(memory)["blocks"]
        serve(memory, "u1", LIKED, 1)
        after = population(memory)["blocks"]
        assert set(after) == set(before)


def blocks(memory: Memory) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    skills = [s.id for s in load_base_skills()]
    return Population.from_json(population(memory), skills).blocks


CHAT = "Hey, how was your weekend? Mine was lovely."


def test_forgetting_a_user_takes_them_out_of_the_population(memory: Memory) -> None:
    for user in ("u2", "u3"):
        memory.skills.enable(user_id=user)
        serve(memory, user, LIKED, 6)
    without = blocks(memory)
    memory.skills.enable(user_id="u1")
    serve(memory, "u1", LIKED, 6)
    sel = memory.skills.select(CHAT, user_id="u1", when=MORNING)  # a context only u1 used
    memory.skills.feedback(sel.id, user_id="u1", reward=-1)
    with_u1 = blocks(memory)
    assert set(with_u1) == set(without) | {"chat/positive"}
    assert not np.allclose(with_u1["code/neutral"][0], without["code/neutral"][0])
    assert memory.delete_all(user_id="u1") > 0
    after = blocks(memory)
    assert set(after) == set(without)  # u1's only context is gone entirely
    for ctx, (p, h) in without.items():  # the rest is what the other users taught
        np.testing.assert_allclose(after[ctx][0], p, atol=1e-9)
        np.testing.assert_allclose(after[ctx][1], h, atol=1e-9)
    # and a selection right after uses the rebuilt prior, not a cached copy
    memory.skills.enable(user_id="newcomer")
    fresh = memory.skills.select(CHAT, user_id="newcomer", when=MORNING)
    assert fresh.skill is not None


def test_reset_takes_the_user_out_of_the_population_too(memory: Memory) -> None:
    memory.skills.enable(user_id="u2")
    serve(memory, "u2", LIKED, 5)
    only_u2 = blocks(memory)
    memory.skills.enable(user_id="u1")
    serve(memory, "u1", OTHER, 5)
    memory.skills.reset(user_id="u1")
    after = blocks(memory)
    np.testing.assert_allclose(after["code/neutral"][0], only_u2["code/neutral"][0], atol=1e-9)
    # feedback after the reset adds u1's new evidence once, the old one is not counted twice
    serve(memory, "u1", OTHER, 1)
    [state] = memory.kernel.store().get("u1", [learner_id("u1")])
    assert state.data["feedback_count"] == 1
    added = UserModel.from_data(state.data["learner"], len(SKILLS)).added["code/neutral"]
    for now, before, own in zip(blocks(memory)["code/neutral"], only_u2["code/neutral"], added,
                                strict=True):
        np.testing.assert_allclose(now, before + own, atol=1e-9)


EXPLAIN = "Can you explain how photosynthesis works?"
LONG, SHORTER = "detailed_explanation", "proactive_suggestions"  # verbosity 0.9 vs 0.6


def _gap_after_one_thumb_down(memory: Memory, **complaint: str) -> float:
    """How much more the shorter skill is expected to please than the long one, after one
    thumbs-down on the first reply (with ``complaint`` as reason or text)."""
    memory.skills.enable(user_id="maya")
    first = memory.skills.select(EXPLAIN, user_id="maya", when=MORNING)
    memory.skills.feedback(first.id, user_id="maya", reward=-1, **complaint)
    if "free_text" in complaint:
        assert memory.skills.maintenance.classify_feedback().updated == 1
    means = {c.skill_id: c.posterior_mean
             for c in memory.skills.select(EXPLAIN, user_id="maya", when=MORNING).candidates}
    return means[SHORTER] - means[LONG]


def test_a_too_long_complaint_makes_shorter_skills_more_likely(
        tmp_path: Path, embedder: E5Embedder, clock: Clock) -> None:
    gaps = {}
    for name, complaint in (("thumb", {}), ("text", {"free_text": "Way too long, just give "
                                                                "me the answer."}),
                            ("reason", {"reason": "too_verbose"})):
        with open_memory(tmp_path / name, embedder, clock) as memory:
            gaps[name] = _gap_after_one_thumb_down(memory, **complaint)
    assert gaps["text"] > gaps["thumb"] + 0.02  # the text moved the verbosity dimensions
    assert gaps["reason"] > gaps["thumb"] + 0.02  # so does the label given directly
    assert gaps["text"] > 0 and gaps["reason"] > 0  # shorter is now expected to please more


def test_a_too_brief_complaint_moves_the_other_way(tmp_path: Path, embedder: E5Embedder,
                                                   clock: Clock) -> None:
    with open_memory(tmp_path / "a", embedder, clock) as memory:
        thumb = _gap_after_one_thumb_down(memory)
    with open_memory(tmp_path / "b", embedder, clock) as memory:
        brief = _gap_after_one_thumb_down(memory, reason="too_brief")
    assert brief < thumb - 0.02


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_feedback_from_two_processes_at_once_keeps_every_contribution(
        backend: str, tmp_path: Path, embedder: E5Embedder, clock: Clock,
        request: pytest.FixtureRequest) -> None:
    """Two Memory instances (as two processes would) learn from feedback at the same time:
    the stored population is exactly the sum of what every user taught (no update lost)."""
    config = Settings(store_url=request.getfixturevalue("postgres_url")) \
        if backend == "postgres" else Settings()
    users = {"u1": LIKED, "u2": OTHER}
    with Memory(tmp_path, settings=config, embedder=embedder, clock=clock) as first, \
            Memory(tmp_path, settings=config, embedder=embedder, clock=clock) as second:
        for user in users:
            first.skills.enable(user_id=user)
        threads = [threading.Thread(target=serve, args=(memory, user, liked, 8))
                   for memory, (user, liked) in zip((first, second), users.items(), strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        store = first.kernel.store()
        skills = [s.id for s in load_base_skills()]
        stored = Population.from_json(population(first), skills)
        taught = [UserModel.from_data(store.get(u, [learner_id(u)])[0].data["learner"],
                                      len(skills)).added for u in users]
    expected = Population.summed(skills, stored.epoch, taught).blocks
    assert set(stored.blocks) == set(expected)
    for ctx, (p, h) in expected.items():
        np.testing.assert_allclose(stored.blocks[ctx][0], p, atol=1e-9)
        np.testing.assert_allclose(stored.blocks[ctx][1], h, atol=1e-9)
