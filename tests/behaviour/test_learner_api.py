"""The learner (the default ``selection``) through the public Memory API only."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from lucidmem import Memory
from lucidmem.behaviour.engine import POPULATION_META_KEY
from lucidmem.behaviour.learner import LearnerParams, Population, user_kernel
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
