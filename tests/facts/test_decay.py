"""Decay, reinforcement and bands against values computed by hand from emberhearth §2."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from lucidmem.errors import InvalidInputError
from lucidmem.facts.decay import (
    BASE_DECAY_RATE,
    HEDGE_THRESHOLD,
    PRUNE_THRESHOLD,
    USE_FREELY_THRESHOLD,
    ConfidenceBand,
    confidence_band,
    days_between,
    decayed_confidence,
    decayed_confidence_at,
    effective_decay_rate,
    half_life_days,
    reinforce,
)


def test_seed_constants() -> None:
    assert BASE_DECAY_RATE == 0.01
    assert (USE_FREELY_THRESHOLD, HEDGE_THRESHOLD, PRUNE_THRESHOLD) == (0.8, 0.5, 0.3)


def test_effective_rate_seed_examples() -> None:
    # "Prefers morning coffee": 0.01 × (1 − 0.2) = 0.008
    assert effective_decay_rate(0.2) == pytest.approx(0.008)
    # "Humiliated at work meeting": 0.01 × (1 − 0.9) = 0.001
    assert effective_decay_rate(0.9) == pytest.approx(0.001)
    # "Sister is named Sarah": 0.01 × (1 − 0.3) = 0.007
    assert effective_decay_rate(0.3) == pytest.approx(0.007)


@pytest.mark.parametrize(
    ("c", "days", "intensity", "expected"),
    [
        # 0.9 × (1 − 0.01·0.8)^10 = 0.9 × 0.992^10 = 0.9 × 0.922819 = 0.830537
        (0.9, 10, 0.2, 0.830537),
        # 0.8 × (1 − 0.01·0.1)^365 = 0.8 × 0.999^365 = 0.8 × 0.694070 = 0.555256
        (0.8, 365, 0.9, 0.555256),
        # 0.7 × (1 − 0.01·0.7)^30 = 0.7 × 0.993^30 = 0.7 × 0.809986 = 0.566990
        (0.7, 30, 0.3, 0.566990),
        # 0.95 × (1 − 0.01·1)^100 = 0.95 × 0.99^100 = 0.95 × 0.366032 = 0.347731
        (0.95, 100, 0.0, 0.347731),
        # fractional days: 0.9 × 0.992^1.5 = 0.889222
        (0.9, 1.5, 0.2, 0.889222),
        # no time, no decay; full intensity, no decay
        (0.6, 0, 0.3, 0.6),
        (0.6, 1000, 1.0, 0.6),
    ],
)
def test_decayed_confidence_by_hand(c: float, days: float, intensity: float,
                                    expected: float) -> None:
    assert decayed_confidence(c, days, intensity) == pytest.approx(expected, abs=1e-6)


def test_configurable_base_rate() -> None:
    # base 0.001 (the aico config value), intensity 0: 0.9 × 0.999^10 = 0.891045
    assert decayed_confidence(0.9, 10, 0.0, base_rate=0.001) == pytest.approx(
        0.9 * 0.999**10)


def test_half_life_matches_seed() -> None:
    # ln 0.5 / ln 0.992 = 86.30 days (seed: "~87"); ln 0.5 / ln 0.999 = 692.80 (seed: "~693")
    assert half_life_days(0.2) == pytest.approx(86.296, abs=1e-3)
    assert half_life_days(0.9) == pytest.approx(692.80, abs=1e-2)
    assert half_life_days(1.0) == math.inf
    assert decayed_confidence(1.0, half_life_days(0.2), 0.2) == pytest.approx(0.5)


def test_decay_from_datetimes() -> None:
    start = datetime(2024, 1, 1, tzinfo=UTC)
    assert days_between(start, start + timedelta(hours=36)) == pytest.approx(1.5)
    assert decayed_confidence_at(0.9, start, start + timedelta(days=10), 0.2) == pytest.approx(
        0.830537, abs=1e-6)
    with pytest.raises(InvalidInputError):
        days_between(datetime(2024, 1, 1), start)


@pytest.mark.parametrize(
    ("c", "new", "expected"),
    [
        (0.6, 0.9, 0.75),  # max(0.6, (0.6 + 0.9) / 2 = 0.75) = 0.75
        (0.9, 0.5, 0.9),  # max(0.9, 0.7) = 0.9: a weaker mention never lowers a fact
        (0.8, 0.8, 0.8),
        (0.0, 1.0, 0.5),
    ],
)
def test_reinforce_by_hand(c: float, new: float, expected: float) -> None:
    assert reinforce(c, new) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("c", "band"),
    [
        (0.95, ConfidenceBand.USE_FREELY),
        (0.8000001, ConfidenceBand.USE_FREELY),
        (0.8, ConfidenceBand.HEDGE),
        (0.5, ConfidenceBand.HEDGE),
        (0.4999, ConfidenceBand.ONLY_IF_RELEVANT),
        (0.3, ConfidenceBand.ONLY_IF_RELEVANT),
        (0.2999, ConfidenceBand.PRUNE_CANDIDATE),
        (0.0, ConfidenceBand.PRUNE_CANDIDATE),
    ],
)
def test_bands(c: float, band: ConfidenceBand) -> None:
    assert confidence_band(c) is band


def test_band_of_a_decayed_fact() -> None:
    # 0.9 said a year ago with intensity 0.3: 0.9 × 0.993^365 = 0.9 × 0.07700 = 0.0693 → prune
    assert confidence_band(decayed_confidence(0.9, 365, 0.3)) is ConfidenceBand.PRUNE_CANDIDATE


@pytest.mark.parametrize(
    "call",
    [
        lambda: decayed_confidence(1.2, 1, 0.3),
        lambda: decayed_confidence(0.5, -1, 0.3),
        lambda: decayed_confidence(0.5, 1, 1.5),
        lambda: decayed_confidence(0.5, 1, 0.3, base_rate=1.0),
        lambda: reinforce(0.5, -0.1),
        lambda: confidence_band(float("nan")),
        lambda: confidence_band(0.5, use_freely=0.4),
    ],
)
def test_bad_input_is_refused(call: object) -> None:
    with pytest.raises(InvalidInputError):
        call()  # type: ignore[operator]
