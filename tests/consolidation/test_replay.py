"""Prioritized replay, reconsolidation and sharding.

Seed: ``seeds/aico-adaptive-memory-system.md`` (Replay Prioritization Algorithm, Memory
Reconsolidation Strategy, Variant Cleanup, Consolidation Parallelization with User Sharding).
"""

from __future__ import annotations

import itertools
import math
import os
import random
import subprocess
import sys
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pytest

from lucidmem.consolidation.replay import (
    MAX_CONCURRENT_USERS,
    MAX_FACT_VARIANTS,
    PRIORITY_ALPHA,
    REPLAY_BATCH_SIZE,
    ReconsolidationAction,
    ReplayCandidate,
    Variant,
    reconsolidate,
    replay_priority,
    sample_without_replacement,
    sampling_probabilities,
    select_for_replay,
    shard_day,
    shard_of,
    users_for_date,
    variant_expired,
)
from lucidmem.errors import InvalidInputError

# Chi-square critical value, 3 degrees of freedom, p = 0.001.
CHI2_3DF_999 = 16.266


def _chi_square(observed: Counter[int], probs: list[float], n: int) -> float:
    return sum((observed[i] - n * p) ** 2 / (n * p) for i, p in enumerate(probs))


def test_constants_are_the_seeds() -> None:
    assert (PRIORITY_ALPHA, REPLAY_BATCH_SIZE, MAX_FACT_VARIANTS, MAX_CONCURRENT_USERS) == (
        0.6,
        100,
        3,
        4,
    )


# ----------------------------------------------------------------------------- priority


def test_replay_priority_hand_values() -> None:
    # |importance| + 1 / max(1, days) + (1 if feedback)
    assert replay_priority(0.5, 3.0, False) == pytest.approx(0.5 + 1 / 3)  # 0.833333
    assert replay_priority(-0.4, 0.5, True) == pytest.approx(0.4 + 1.0 + 1.0)  # 2.4
    assert replay_priority(0.2, 10.0, True) == pytest.approx(0.2 + 0.1 + 1.0)  # 1.3
    assert replay_priority(0.0, -2.0, False) == 1.0  # clock skew: full recency bonus
    with pytest.raises(InvalidInputError, match="days_since"):
        replay_priority(0.1, math.inf, False)


def test_sampling_probabilities_hand_values() -> None:
    # alpha = 1: [1, 4] / 5
    assert sampling_probabilities([1.0, 4.0], alpha=1.0) == pytest.approx([0.2, 0.8])
    # alpha = 0.5: [1, 2] / 3
    assert sampling_probabilities([1.0, 4.0], alpha=0.5) == pytest.approx([1 / 3, 2 / 3])
    # alpha = 0.6: 4 ** 0.6 = exp(0.6 * 1.386294) = 2.297397 -> [1, 2.297397] / 3.297397
    assert sampling_probabilities([1.0, 4.0]) == pytest.approx([0.303270, 0.696730], abs=1e-6)
    with pytest.raises(InvalidInputError, match="all priorities are zero"):
        sampling_probabilities([0.0, 0.0])
    with pytest.raises(InvalidInputError, match="replay_priority"):
        sampling_probabilities([-1.0, 1.0])


# ----------------------------------------------------------------------------- sampling


def test_first_draw_frequencies_match_priorities() -> None:
    # k = 1: P(i) = w_i / sum w = [0.1, 0.2, 0.3, 0.4]
    rng = random.Random(1234)
    n = 20_000
    counts = Counter(sample_without_replacement([1.0, 2.0, 3.0, 4.0], 1, rng)[0] for _ in range(n))
    assert _chi_square(counts, [0.1, 0.2, 0.3, 0.4], n) < CHI2_3DF_999


def test_select_for_replay_uses_alpha() -> None:
    # Priorities 1.5, 2.5, 3.5, 0.5 + ... built from the seed formula:
    cands = [
        ReplayCandidate("a", 0.5, 1.0),  # 0.5 + 1 = 1.5
        ReplayCandidate("b", 0.5, 1.0, has_feedback=True),  # 2.5
        ReplayCandidate("c", 1.5, 0.0, has_feedback=True),  # 1.5 + 1 + 1 = 3.5
        ReplayCandidate("d", 0.0, 2.0),  # 0.5
    ]
    assert [c.priority for c in cands] == [1.5, 2.5, 3.5, 0.5]
    probs = sampling_probabilities([1.5, 2.5, 3.5, 0.5])  # p ** 0.6 normalised
    rng = np.random.default_rng(7)
    n = 20_000
    ids = "abcd"
    counts = Counter(
        ids.index(select_for_replay(cands, rng, batch_size=1)[0].item_id) for _ in range(n)
    )
    assert _chi_square(counts, probs, n) < CHI2_3DF_999


def _brute_force_inclusion(weights: list[float], k: int) -> list[float]:
    """P(i in sample) for successive weighted draws without replacement, by enumeration."""
    incl = [0.0] * len(weights)
    for order in itertools.permutations(range(len(weights)), k):
        p, left = 1.0, sum(weights)
        for i in order:
            p *= weights[i] / left
            left -= weights[i]
        for i in order:
            incl[i] += p
    return incl


def test_batch_inclusion_matches_brute_force() -> None:
    weights = [1.0, 2.0, 3.0, 4.0]
    expected = _brute_force_inclusion(weights, 2)
    assert sum(expected) == pytest.approx(2.0)
    rng = np.random.default_rng(2024)
    n = 20_000
    counts: Counter[int] = Counter()
    for _ in range(n):
        batch = sample_without_replacement(weights, 2, rng)
        assert len(set(batch)) == 2
        counts.update(batch)
    for i, p in enumerate(expected):
        se = math.sqrt(p * (1 - p) / n)
        assert abs(counts[i] / n - p) < 4 * se


def test_sampling_edge_cases() -> None:
    rng = random.Random(0)
    # zero weights are never drawn; k beyond the positive weights returns them all
    assert sorted(sample_without_replacement([0.0, 1.0, 0.0, 2.0], 10, rng)) == [1, 3]
    assert sample_without_replacement([1.0, 2.0], 0, rng) == []
    assert select_for_replay([], rng) == []
    cands = [ReplayCandidate(str(i), 0.1 * i, float(i)) for i in range(30)]
    batch = select_for_replay(cands, rng)  # batch 100 > 30 candidates
    assert sorted(c.item_id for c in batch) == sorted(c.item_id for c in cands)
    with pytest.raises(InvalidInputError, match="k="):
        sample_without_replacement([1.0], -1, rng)
    with pytest.raises(InvalidInputError, match="weight"):
        sample_without_replacement([math.nan], 1, rng)


def test_sampling_is_reproducible() -> None:
    w = [float(i + 1) for i in range(50)]
    assert sample_without_replacement(w, 10, random.Random(5)) == sample_without_replacement(
        w, 10, random.Random(5)
    )
    a = sample_without_replacement(w, 10, np.random.default_rng(5))
    assert a == sample_without_replacement(w, 10, np.random.default_rng(5))


# ----------------------------------------------------------------------------- reconsolidation


def test_more_confident_fact_supersedes() -> None:
    d = reconsolidate(0.9, 0.8, [Variant("v1", 0.5)] * 3)
    assert d.action is ReconsolidationAction.SUPERSEDE
    assert d.replaced_variant_id is None


def test_weaker_or_equal_fact_becomes_variant() -> None:
    assert reconsolidate(0.6, 0.8).action is ReconsolidationAction.ADD_VARIANT
    assert reconsolidate(0.8, 0.8).action is ReconsolidationAction.ADD_VARIANT  # seed: ">"
    two = [Variant("v1", 0.5), Variant("v2", 0.4)]
    assert reconsolidate(0.1, 0.8, two).action is ReconsolidationAction.ADD_VARIANT


def test_replace_weakest_of_three() -> None:
    three = [Variant("v1", 0.5), Variant("v2", 0.3), Variant("v3", 0.4)]
    d = reconsolidate(0.35, 0.8, three)
    assert d.action is ReconsolidationAction.REPLACE_VARIANT
    assert d.replaced_variant_id == "v2"


def test_discard_when_not_stronger_than_weakest() -> None:
    three = [Variant("v1", 0.5), Variant("v2", 0.3), Variant("v3", 0.4)]
    assert reconsolidate(0.3, 0.8, three).action is ReconsolidationAction.DISCARD
    assert reconsolidate(0.1, 0.8, three).action is ReconsolidationAction.DISCARD


def test_reconsolidation_ties_and_limits() -> None:
    tied = [Variant("vb", 0.3), Variant("va", 0.3), Variant("vc", 0.6)]
    assert reconsolidate(0.5, 0.8, tied).replaced_variant_id == "va"  # smallest id
    four = [Variant(f"v{i}", 0.2 + 0.1 * i) for i in range(4)]  # over the limit already
    d = reconsolidate(0.5, 0.8, four)
    assert (d.action, d.replaced_variant_id) == (ReconsolidationAction.REPLACE_VARIANT, "v0")
    assert reconsolidate(0.5, 0.8, max_variants=0).action is ReconsolidationAction.DISCARD
    with pytest.raises(InvalidInputError, match="new_confidence"):
        reconsolidate(1.5, 0.8)


def test_variant_cleanup() -> None:
    # Seed: is_variant AND confidence < 0.3 AND created more than 90 days ago
    assert variant_expired(0.2, 91.0)
    assert not variant_expired(0.3, 100.0)
    assert not variant_expired(0.2, 90.0)


# ----------------------------------------------------------------------------- sharding


def test_shard_day_is_weekday() -> None:
    monday = date(2025, 11, 24)
    assert [shard_day(monday + timedelta(d)) for d in range(7)] == list(range(7))
    assert all(
        shard_day(monday + timedelta(d)) == (monday + timedelta(d)).weekday() for d in range(30)
    )


@pytest.mark.parametrize("strategy", ["hash", "index"])
@pytest.mark.parametrize("start", [date(2025, 1, 1), date(2025, 11, 24), date(2031, 6, 9)])
def test_every_user_exactly_once_per_seven_days(strategy: str, start: date) -> None:
    users = [f"user-{i}" for i in range(100)]
    seen = Counter(
        u
        for d in range(7)
        for u in users_for_date(users, start + timedelta(d), strategy=strategy)  # type: ignore[arg-type]
    )
    assert set(seen) == set(users)
    assert set(seen.values()) == {1}


def test_index_strategy_is_the_seeds() -> None:
    # Seed: Day 0 (Mon): users 0, 7, 14, 21 ...; Day 1 (Tue): 1, 8, 15, 22 ...
    users = [f"u{i:02d}" for i in range(70)]
    monday, tuesday = date(2025, 11, 24), date(2025, 11, 25)
    assert users_for_date(users, monday, strategy="index") == users[0::7]
    assert users_for_date(users, tuesday, strategy="index") == users[1::7]
    assert len(users_for_date(users + users, monday, strategy="index")) == 10  # de-duplicated


def test_hash_shard_is_stable_across_processes() -> None:
    ids = ["alice", "bob", "карина", "user-42"]
    here = [shard_of(u) for u in ids]
    code = (
        f"from lucidmem.consolidation.replay import shard_of\nprint([shard_of(u) for u in {ids!r}])"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    for seed in ("0", "123"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": src}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == str(here)


def test_hash_shard_hand_value() -> None:
    # int.from_bytes(sha256(b"alice").digest()[:8], "big") % 7, computed with hashlib
    import hashlib

    expected = int.from_bytes(hashlib.sha256(b"alice").digest()[:8], "big") % 7
    assert shard_of("alice") == expected
    assert 0 <= shard_of("anyone", cycle_days=3) < 3


def test_hash_shards_are_roughly_balanced() -> None:
    users = [f"user-{i}" for i in range(7000)]
    sizes = Counter(shard_of(u) for u in users)
    assert all(850 <= sizes[d] <= 1150 for d in range(7))  # 1000 expected per day


def test_sharding_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="cycle_days"):
        shard_of("a", cycle_days=0)
    with pytest.raises(InvalidInputError, match="strategy"):
        users_for_date(["a"], date(2025, 1, 1), strategy="round")  # type: ignore[arg-type]
