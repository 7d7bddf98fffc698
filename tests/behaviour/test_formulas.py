"""The behavioural formulas against values computed by hand from the seed's formulas."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import lucidmem.behaviour.formulas as formulas_module
from lucidmem.behaviour.formulas import (
    EvictionCandidate,
    adaptive_final_score,
    applicable_candidates,
    apply_preference_delta,
    context_bucket,
    cosine_similarity,
    eviction_order,
    eviction_priority,
    exploration_rate,
    final_score,
    posterior_mean,
    preference_alignment,
    rescale_similarity,
    should_explore,
    thompson_sample,
    trigger_match_score,
    trigger_weight,
    update_beta,
    update_confidence,
    update_preference,
)
from lucidmem.errors import InvalidInputError

# The seed's concise_response dimension vector.
CONCISE = [0.2, 0.5, 0.5, 0.5, 0.3, 0.7, 0.4, 0.5, 0.5, 0.5, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5]
NEUTRAL = [0.5] * 16


# --- context bucket ----------------------------------------------------------------------


def test_context_bucket_hard_coded_values() -> None:
    # Computed once: int.from_bytes(sha256(b"technical_question_neutral_morning")[:8]) % 100
    assert context_bucket("technical_question", "neutral", "morning") == 52
    assert context_bucket("question", "neutral", "morning") == 84
    digest = hashlib.sha256(b"question_negative_night").digest()
    assert context_bucket("question", "negative", "night") == int.from_bytes(digest[:8]) % 100


def test_context_bucket_is_stable_across_processes() -> None:
    code = (
        "from lucidmem.behaviour.formulas import context_bucket as c; "
        "print(c('chat', 'positive', 'evening'))"
    )
    src = str(Path(formulas_module.__file__).resolve().parents[2])
    outs = set()
    for seed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": src}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout.strip())
    assert outs == {str(context_bucket("chat", "positive", "evening"))}


def test_context_bucket_normalises_and_spreads() -> None:
    assert context_bucket(" Question ", "NEUTRAL", "Morning") == 84
    keys = [(i, s, t) for i in ("question", "request", "learning", "chat", "support", "code")
            for s in ("positive", "neutral", "negative")
            for t in ("morning", "afternoon", "evening", "night")]
    buckets = {context_bucket(*k) for k in keys}
    assert all(0 <= b < 100 for b in buckets)
    assert len(buckets) >= 40  # 72 contexts into 100 buckets: ~51 distinct expected
    assert context_bucket("a", "b", "c", buckets=7) < 7
    with pytest.raises(InvalidInputError):
        context_bucket("a", "b", "c", buckets=0)


# --- trigger matching --------------------------------------------------------------------


def test_trigger_match_score_weights() -> None:
    # intent only + topic 0.5: 0.40 + 0.30*0.5 = 0.55
    assert trigger_match_score(True, False, False, 0.5) == pytest.approx(0.55)
    # everything: 0.40 + 0.15 + 0.15 + 0.30 = 1.0
    assert trigger_match_score(True, True, True, 1.0) == pytest.approx(1.0)
    # no intent: 0.15 + 0.15 + 0.30*0.6 = 0.48, below the 0.5 threshold
    assert trigger_match_score(False, True, True, 0.6) == pytest.approx(0.48)
    # topic clamped to [0, 1]
    assert trigger_match_score(False, False, False, 1.7) == pytest.approx(0.30)
    assert trigger_match_score(False, False, False, -0.2) == 0.0


def test_rescale_similarity_and_cosine() -> None:
    assert rescale_similarity(0.86) == pytest.approx((0.86 - 0.80) / 0.12)  # 0.5
    assert rescale_similarity(0.70) == 0.0
    assert rescale_similarity(0.99) == 1.0
    assert cosine_similarity([1, 0], [1, 1]) == pytest.approx(1 / np.sqrt(2))
    assert cosine_similarity([0, 0], [1, 1]) == 0.0


def test_applicable_candidates_threshold_limit_and_ties() -> None:
    scores = {"a": 0.55, "b": 0.49, "c": 0.9, "d": 0.5, "e": 0.7, "f": 0.7, "g": 0.6, "h": 0.8}
    got = applicable_candidates(scores)
    assert [s for s, _ in got] == ["c", "h", "e", "f", "g"]  # 5 best, ties by id, b excluded
    assert applicable_candidates({"x": 0.5}) == [("x", 0.5)]  # threshold is inclusive
    assert applicable_candidates({"x": 0.49}) == []


# --- Thompson sampling -------------------------------------------------------------------


def test_update_beta() -> None:
    assert update_beta(1.0, 1.0, 1) == (2.0, 1.0)
    assert update_beta(1.0, 1.0, -1) == (1.0, 2.0)
    assert update_beta(3.0, 4.0, 0) == (3.0, 4.0)  # neutral: no update
    for bad in (2, -2, True):
        with pytest.raises(InvalidInputError, match="reward"):
            update_beta(1.0, 1.0, bad)


def test_thompson_sample_matches_beta_moments() -> None:
    rng = np.random.default_rng(7)
    draws = np.array([thompson_sample(3.0, 7.0, rng) for _ in range(50_000)])
    # Beta(3, 7): mean 3/10 = 0.3; variance 3*7 / (10^2 * 11) = 0.0190909
    assert draws.mean() == pytest.approx(0.3, abs=0.004)
    assert draws.var() == pytest.approx(21 / 1100, abs=0.0008)
    again = np.random.default_rng(7)
    assert thompson_sample(3.0, 7.0, again) == draws[0]  # seedable
    with pytest.raises(InvalidInputError):
        thompson_sample(0.0, 1.0, rng)


def test_posterior_against_brute_force_grid() -> None:
    """After Bernoulli feedback, Beta(1+s, 1+f) equals the grid posterior p^s (1-p)^f."""
    rng = np.random.default_rng(11)
    alpha, beta = 1.0, 1.0
    rewards = np.where(rng.random(60) < 0.7, 1, -1)
    for r in rewards:
        alpha, beta = update_beta(alpha, beta, int(r))
    s, f = int((rewards == 1).sum()), int((rewards == -1).sum())
    assert (alpha, beta) == (1 + s, 1 + f)
    grid = np.linspace(0.0005, 0.9995, 1000)
    log_post = s * np.log(grid) + f * np.log(1 - grid)
    w = np.exp(log_post - log_post.max())
    w /= w.sum()
    grid_mean = float((w * grid).sum())
    grid_var = float((w * (grid - grid_mean) ** 2).sum())
    sampled = np.array([thompson_sample(alpha, beta, rng) for _ in range(40_000)])
    assert posterior_mean(alpha, beta) == pytest.approx(grid_mean, abs=1e-4)
    assert sampled.mean() == pytest.approx(grid_mean, abs=0.003)
    assert sampled.var() == pytest.approx(grid_var, rel=0.05)


def test_thompson_selection_finds_best_arm() -> None:
    rng = np.random.default_rng(3)
    true_p = [0.3, 0.5, 0.8]
    params = [(1.0, 1.0)] * 3
    picks = []
    for _ in range(1500):
        arm = int(np.argmax([thompson_sample(a, b, rng) for a, b in params]))
        reward = 1 if rng.random() < true_p[arm] else -1
        params[arm] = update_beta(*params[arm], reward)
        picks.append(arm)
    assert picks[-500:].count(2) / 500 > 0.85


# --- preference vectors ------------------------------------------------------------------


def test_preference_alignment_by_hand() -> None:
    # diffs vs 0.5: -0.3, -0.2 (emotional), +0.2 (structure), -0.1 (explanation), +0.1
    # (directness): squares 0.09+0.04+0.04+0.01+0.01 = 0.19; 1 - sqrt(0.19)/4 = 0.891029
    assert preference_alignment(NEUTRAL, CONCISE) == pytest.approx(1 - np.sqrt(0.19) / 4)
    assert preference_alignment(CONCISE, CONCISE) == 1.0
    assert preference_alignment([0.0] * 16, [1.0] * 16) == pytest.approx(0.0)
    with pytest.raises(InvalidInputError):
        preference_alignment([0.5] * 15, CONCISE)


def test_update_preference_by_hand() -> None:
    up = update_preference(NEUTRAL, CONCISE, 1)
    # verbosity 0.5 + 0.1*(0.2-0.5) = 0.47; structure 0.5 + 0.1*(0.7-0.5) = 0.52
    assert up[0] == pytest.approx(0.47) and up[5] == pytest.approx(0.52)
    down = update_preference(NEUTRAL, CONCISE, -1)
    assert down[0] == pytest.approx(0.53) and down[5] == pytest.approx(0.48)
    # clamp: 0.98 - 0.5*(0.0 - 0.98) = 1.47 -> 1.0
    assert update_preference([0.98] * 16, [0.0] * 16, -1, learning_rate=0.5)[0] == 1.0
    same = update_preference(NEUTRAL, CONCISE, 0)
    assert same.tolist() == NEUTRAL
    assert apply_preference_delta(NEUTRAL, [-0.6] + [0.1] * 15).tolist()[:2] == [0.0, 0.6]


# --- confidence, exploration, final score, eviction ---------------------------------------


def test_update_confidence_by_hand() -> None:
    assert update_confidence(0.5, 1, 0) == pytest.approx(0.3 * 0.8 + 0.7 * 0.5)  # 0.59
    assert update_confidence(0.5, -1, 0) == pytest.approx(0.3 * 0.2 + 0.7 * 0.5)  # 0.41
    assert update_confidence(0.5, 1, 9) == pytest.approx(0.59)  # still alpha 0.3
    assert update_confidence(0.5, 1, 10) == pytest.approx(0.1 * 0.8 + 0.9 * 0.5)  # 0.53
    assert update_confidence(0.95, 1, 0) == 0.9  # 0.905 clamped
    assert update_confidence(0.2, -1, 3) == pytest.approx(0.2)  # 0.06 + 0.14
    assert update_confidence(0.21, -1, 20) == pytest.approx(0.209)  # 0.02 + 0.189
    assert update_confidence(0.42, 0, 5) == 0.42
    conf = 0.5
    for uses in range(40):
        conf = update_confidence(conf, 1, uses)
    assert conf == pytest.approx(0.8, abs=1e-3)  # converges to the target 0.8, not the cap


def test_exploration_rate_by_hand() -> None:
    assert exploration_rate(0) == pytest.approx(0.1)
    assert exploration_rate(1) == pytest.approx(0.095)
    assert exploration_rate(10) == pytest.approx(0.1 * 0.95**10)  # 0.0598737
    assert exploration_rate(13) == pytest.approx(0.1 * 0.95**13)  # 0.0513 > floor
    assert exploration_rate(14) == 0.05  # 0.0488 -> floor
    assert exploration_rate(100) == 0.05
    with pytest.raises(InvalidInputError):
        exploration_rate(-1)
    rng = np.random.default_rng(5)
    rate = np.mean([should_explore(0, rng) for _ in range(40_000)])
    assert rate == pytest.approx(0.1, abs=0.006)


def test_final_score_by_hand() -> None:
    # 0.4*0.6 + 0.3*0.7 + 0.3*0.9 = 0.24 + 0.21 + 0.27 = 0.72
    assert final_score(0.6, 0.7, 0.9) == pytest.approx(0.72)


def test_posterior_mean_by_hand() -> None:
    assert posterior_mean(1, 1) == 0.5
    assert posterior_mean(3, 1) == 0.75  # two thumbs up on the Beta(1, 1) prior
    assert posterior_mean(*update_beta(*update_beta(1.0, 1.0, -1), -1)) == pytest.approx(1 / 4)
    with pytest.raises(InvalidInputError):
        posterior_mean(0, 1)


def test_trigger_weight_by_hand() -> None:
    assert trigger_weight(0) == 0.4  # the seed's weight for a new user
    assert trigger_weight(1) == pytest.approx(0.2)  # 0.4 · 1 / 2
    assert trigger_weight(3) == pytest.approx(0.1)  # 0.4 · 1 / 4
    assert trigger_weight(2, half=2.0) == pytest.approx(0.2)
    assert [trigger_weight(n) for n in range(5)] == sorted(
        (trigger_weight(n) for n in range(5)), reverse=True)
    with pytest.raises(InvalidInputError):
        trigger_weight(-1)
    with pytest.raises(InvalidInputError):
        trigger_weight(1, half=0)


def test_adaptive_final_score_by_hand() -> None:
    # no feedback yet: exactly the seed's 0.4 / 0.3 / 0.3
    assert adaptive_final_score(0.8, 0.6, 0.7, 0) == pytest.approx(final_score(0.8, 0.6, 0.7))
    assert adaptive_final_score(0.8, 0.6, 0.7, 0) == pytest.approx(0.71)
    # one feedback: (0.2·0.8 + 0.3·0.6 + 0.3·0.7) / 0.8 = 0.55 / 0.8
    assert adaptive_final_score(0.8, 0.6, 0.7, 1) == pytest.approx(0.6875)
    # a thumbs-up arm (mean 2/3) with a weaker trigger overtakes an untried one after one
    # feedback in the bucket, but not under the seed's fixed 40 %
    strong, liked = (0.9, 0.5, 0.8), (0.7, 2 / 3, 0.8)
    assert final_score(*strong) > final_score(*liked)
    assert adaptive_final_score(*liked, 1) > adaptive_final_score(*strong, 1)
    assert 0.0 <= adaptive_final_score(1, 1, 1, 7) <= 1.0


def test_eviction_weights_base_skills() -> None:
    assert eviction_priority(0.3, True) == pytest.approx(0.45)
    assert eviction_priority(0.4, False) == 0.4
    rows = [
        EvictionCandidate("base_low", 0.3, True, 100.0),  # 0.45
        EvictionCandidate("user_mid", 0.4, False, 50.0),  # 0.40
        EvictionCandidate("user_old", 0.2, False, 10.0),  # 0.20, older
        EvictionCandidate("user_new", 0.2, False, 20.0),  # 0.20, newer
        EvictionCandidate("base_very_low", 0.2, True, 0.0),  # 0.30
    ]
    assert eviction_order(rows) == ["user_old", "user_new", "base_very_low", "user_mid",
                                    "base_low"]
    assert eviction_order(rows, limit=2) == ["user_old", "user_new"]
