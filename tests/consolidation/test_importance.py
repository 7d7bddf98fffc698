"""Importance features, softmax and the combination, against hand-computed values.

Seed: ``seeds/nonlinear-importance-consolidation.md``, Part 1.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.consolidation.importance import (
    ALPHA,
    DEFAULT_WEIGHTS,
    ImportanceFeatures,
    ImportanceWeights,
    adaptive_temperature,
    conversation_heat,
    emotional_salience,
    expertise_match,
    importance,
    mention_score,
    recency_score,
    semantic_novelty,
    softmax,
)
from lucidmem.errors import InvalidInputError

# ----------------------------------------------------------------------------- constants


def test_package_exports_do_not_hide_submodules() -> None:
    import types

    import lucidmem.consolidation as pkg
    import lucidmem.consolidation.importance as imp_mod
    import lucidmem.consolidation.surprise as sur_mod

    assert isinstance(imp_mod, types.ModuleType)
    assert isinstance(sur_mod, types.ModuleType)
    assert pkg.importance_score is importance
    assert pkg.surprise_score is sur_mod.surprise
    assert all(hasattr(pkg, name) for name in pkg.__all__)


def test_weights_are_the_seeds() -> None:
    # Seed Part 1 step 2: mentioned 3.0, recency 1.5, heat 1.0, expertise 0.8,
    # novelty 2.0, emotion 1.5; alpha 0.6.
    assert dataclasses.astuple(DEFAULT_WEIGHTS) == (3.0, 1.5, 1.0, 0.8, 2.0, 1.5)
    assert ALPHA == 0.6
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_WEIGHTS.mentioned = 1.0  # type: ignore[misc]


def test_weights_reject_non_finite() -> None:
    with pytest.raises(InvalidInputError):
        ImportanceWeights(recency=math.nan)


# ----------------------------------------------------------------------------- softmax


def test_softmax_hand_values() -> None:
    # [1, 0] at T=1: e / (e + 1) = 2.718282 / 3.718282 = 0.731059
    assert softmax([1.0, 0.0]) == pytest.approx([0.731059, 0.268941], abs=1e-6)
    # [2, 0] at T=2 is [1, 0] at T=1
    assert softmax([2.0, 0.0], 2.0) == pytest.approx(softmax([1.0, 0.0]))
    assert softmax([0.0, 0.0, 0.0]) == pytest.approx([1 / 3] * 3)


def test_softmax_is_overflow_safe() -> None:
    assert softmax([1000.0, 0.0], 0.5) == pytest.approx([1.0, 0.0])


def test_softmax_rejects_bad_temperature_and_empty() -> None:
    with pytest.raises(InvalidInputError, match="temperature"):
        softmax([1.0], 0.0)
    with pytest.raises(InvalidInputError):
        softmax([])


@given(st.lists(st.floats(-50, 50), min_size=6, max_size=6))
def test_literal_seed_reading_is_constant(scores: list[float]) -> None:
    # Why we do not average the softmax (module docstring, decision 1): the mean of a
    # softmax over 6 features is always 1/6, so the seed's literal formula gives
    # (1/6) ** 0.6 = exp(0.6 * ln(1/6)) = exp(0.6 * -1.791759) = exp(-1.075056) = 0.341279
    # for every message.
    mean = sum(softmax(scores, 0.5)) / 6
    assert mean**ALPHA == pytest.approx(0.341279, abs=1e-6)


def test_adaptive_temperature() -> None:
    # Seed: activityLevel > 0.7 ? 2.0 : 0.5 (strictly greater)
    assert adaptive_temperature(0.0) == 0.5
    assert adaptive_temperature(0.7) == 0.5
    assert adaptive_temperature(0.71) == 2.0
    assert adaptive_temperature(1.0) == 2.0
    with pytest.raises(InvalidInputError, match="activity_level"):
        adaptive_temperature(1.5)


# ----------------------------------------------------------------------------- combination


def test_importance_extremes() -> None:
    # All zero: every score 0, uniform attention, pooled value 0 -> 0 ** 0.6 = 0.
    assert importance(ImportanceFeatures(), activity_level=0.2) == 0.0
    # All one: pooled value 1 whatever the attention -> 1.
    ones = ImportanceFeatures(1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    assert importance(ones, activity_level=0.9) == pytest.approx(1.0)


def test_importance_mention_only_calm() -> None:
    # Calm (activity 0.2 <= 0.7) -> T = 0.5. Scores = [3, 0, 0, 0, 0, 0] / 0.5 = [6, 0, ...].
    # a_mentioned = e^6 / (e^6 + 5) = 403.428793 / 408.428793 = 0.987758
    # pooled = 0.987758 * 1 = 0.987758; 0.987758 ** 0.6 = exp(0.6 * -0.012318) = 0.992637
    got = importance(ImportanceFeatures(mentioned=1.0), activity_level=0.2)
    assert got == pytest.approx(0.992637, abs=1e-6)


def test_importance_mention_only_hot() -> None:
    # Hot (activity 0.9 > 0.7) -> T = 2. Scores / T = [1.5, 0, 0, 0, 0, 0].
    # a_mentioned = e^1.5 / (e^1.5 + 5) = 4.481689 / 9.481689 = 0.472664
    # 0.472664 ** 0.6 = exp(0.6 * ln 0.472664) = exp(0.6 * -0.749392) = 0.637872
    got = importance(ImportanceFeatures(mentioned=1.0), activity_level=0.9)
    assert got == pytest.approx(0.637872, abs=1e-6)


MIXED = ImportanceFeatures(
    mentioned=0.0,
    recency=math.exp(-1.0),  # 300 s old: 0.367879
    conversation_heat=0.5,
    expertise_match=0.0,
    semantic_novelty=1.0,
    emotional_salience=0.5,
)


def test_importance_mixed_calm() -> None:
    # scores = [0, 1.5*0.367879, 1.0*0.5, 0, 2.0*1, 1.5*0.5] = [0, 0.551819, 0.5, 0, 2, 0.75]
    # / T=0.5 -> [0, 1.103638, 1, 0, 4, 1.5]
    # exp -> [1, 3.015116, 2.718282, 1, 54.598150, 4.481689], sum = 66.813237
    # pooled = (3.015116*0.367879 + 2.718282*0.5 + 54.598150*1 + 4.481689*0.5) / 66.813237
    #        = (1.109198 + 1.359141 + 54.598150 + 2.240845) / 66.813237 = 0.887658
    # 0.887658 ** 0.6 = 0.930995
    assert importance(MIXED, activity_level=0.5) == pytest.approx(0.930995, abs=1e-6)


def test_importance_mixed_hot() -> None:
    # / T=2 -> [0, 0.275910, 0.25, 0, 1, 0.375]
    # exp -> [1, 1.317729, 1.284025, 1, 2.718282, 1.454991], sum = 8.775027
    # pooled = (1.317729*0.367879 + 1.284025*0.5 + 2.718282 + 1.454991*0.5) / 8.775027
    #        = (0.484765 + 0.642013 + 2.718282 + 0.727496) / 8.775027 = 0.521087
    # 0.521087 ** 0.6 = 0.676311
    assert importance(MIXED, activity_level=0.8) == pytest.approx(0.676311, abs=1e-6)


def test_quiet_conversation_concentrates() -> None:
    # Concentration effect: one strong signal counts more when the room is quiet.
    f = ImportanceFeatures(semantic_novelty=1.0)
    assert importance(f, activity_level=0.1) > importance(f, activity_level=0.9)


def test_custom_weights_and_alpha() -> None:
    # Equal weights of 0 -> uniform attention: pooled = mean of features = 0.6 / 6 = 0.1;
    # alpha = 1 leaves it at 0.1.
    zero = ImportanceWeights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    f = ImportanceFeatures(mentioned=0.6)
    assert importance(f, activity_level=0.0, weights=zero, alpha=1.0) == pytest.approx(0.1)


@given(
    st.lists(st.floats(0.0, 1.0), min_size=6, max_size=6),
    st.floats(0.0, 1.0),
)
def test_importance_is_bounded(values: list[float], activity: float) -> None:
    got = importance(ImportanceFeatures(*values), activity_level=activity)
    assert 0.0 <= got <= 1.0


def test_features_validate_range() -> None:
    with pytest.raises(InvalidInputError, match="recency"):
        ImportanceFeatures(recency=1.5)
    with pytest.raises(InvalidInputError):
        ImportanceFeatures(mentioned=math.nan)


# ----------------------------------------------------------------------------- features


def test_mention_score() -> None:
    assert mention_score("hey @Lucid, can you help?", ["lucid"]) == 1.0
    assert mention_score("Lucid Bot said so", ["lucid bot"]) == 1.0
    assert mention_score("such lucidity", ["lucid"]) == 0.0
    assert mention_score("no names here", ["lucid", ""]) == 0.0
    assert mention_score("anything", [], addressed=True) == 1.0


def test_recency_score() -> None:
    # Seed: exp(-age / 300 s)
    assert recency_score(0.0) == 1.0
    assert recency_score(300.0) == pytest.approx(0.367879, abs=1e-6)  # e^-1
    assert recency_score(600.0) == pytest.approx(0.135335, abs=1e-6)  # e^-2
    # The true half-life is 300 * ln 2 = 207.94 s.
    assert recency_score(300.0 * math.log(2)) == pytest.approx(0.5)
    # A clock that jumped backwards: negative age counts as 0.
    assert recency_score(-50.0) == 1.0
    with pytest.raises(InvalidInputError, match="time_constant_s"):
        recency_score(1.0, time_constant_s=0.0)


def test_conversation_heat() -> None:
    # rate / (rate + 5)
    assert conversation_heat(0.0) == 0.0
    assert conversation_heat(5.0) == 0.5
    assert conversation_heat(10.0) == pytest.approx(2 / 3)
    assert conversation_heat(15.0) == 0.75
    with pytest.raises(InvalidInputError, match="messages_per_minute"):
        conversation_heat(-1.0)


def test_expertise_match() -> None:
    # {postgres, python} & {postgres, sql} = {postgres}: 1 of 2 topics
    assert expertise_match(["Postgres", "python"], ["postgres", "SQL"]) == 0.5
    assert expertise_match([], ["postgres"]) == 0.0
    assert expertise_match(["a", "b", "c", "d"], ["a", "b", "c"]) == 0.75


def test_semantic_novelty_hand_values() -> None:
    m = np.array([1.0, 0.0])
    assert semantic_novelty(m, []) == 1.0  # first message is novel
    assert semantic_novelty(m, [np.array([2.0, 0.0])]) == pytest.approx(0.0)
    assert semantic_novelty(m, [np.array([0.0, 3.0])]) == pytest.approx(1.0)
    assert semantic_novelty(m, [np.array([-1.0, 0.0])]) == pytest.approx(1.0)  # clipped
    # distances 0, 1, 1 - 1/sqrt(2) = 0.292893 -> mean 1.292893 / 3 = 0.430964
    recent = [np.array([1.0, 0.0]), np.array([0.0, 1.0]), np.array([1.0, 1.0])]
    assert semantic_novelty(m, recent) == pytest.approx(0.430964, abs=1e-6)


def test_semantic_novelty_uses_last_five() -> None:
    m = np.array([1.0, 0.0])
    far, same = np.array([0.0, 1.0]), np.array([1.0, 0.0])
    assert semantic_novelty(m, [far] + [same] * 5) == pytest.approx(0.0)
    assert semantic_novelty(m, [far] + [same] * 5, window=6) == pytest.approx(1 / 6)


def test_semantic_novelty_bad_vectors() -> None:
    m = np.array([1.0, 0.0])
    with pytest.raises(InvalidInputError, match="zero vector"):
        semantic_novelty(m, [np.zeros(2)])
    with pytest.raises(InvalidInputError, match="same model"):
        semantic_novelty(m, [np.ones(3)])
    with pytest.raises(InvalidInputError, match="window"):
        semantic_novelty(m, [m], window=0)


def test_emotional_salience() -> None:
    # 1 - 0.5 ** hits
    assert emotional_salience("the meeting is at noon") == 0.0
    assert emotional_salience("I love this") == 0.5  # love
    assert emotional_salience("Ich bin so traurig!") == 0.75  # traurig + "!"
    assert emotional_salience("j'adore ❤") == 0.75  # adore + heart emoji
    assert emotional_salience("Estoy feliz pero preocupado!!") == 0.875  # feliz, preocupado, !
    assert emotional_salience("Je suis très INQUIÈTE") == 0.5  # case-folded
