"""The sigmoid consolidation threshold against hand-computed values and the seed's table.

Seed: ``seeds/nonlinear-importance-consolidation.md``, Part 2.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.consolidation.threshold import (
    MAX_THRESHOLD,
    MIDPOINT_RATE,
    MIN_THRESHOLD,
    STEEPNESS,
    average_activity,
    consolidation_threshold,
    messages_per_minute,
    should_consolidate,
    threshold_for_readings,
)
from lucidmem.errors import InvalidInputError


def test_constants_are_the_seeds() -> None:
    assert (MIN_THRESHOLD, MAX_THRESHOLD, STEEPNESS, MIDPOINT_RATE) == (0.3, 0.8, 0.5, 5.0)


@pytest.mark.parametrize(
    ("rate", "expected"),
    [
        # 0.3 + 0.5 / (1 + exp(-0.5 * (rate - 5)))
        (0.5, 0.347675),  # 1 / (1 + e^2.25) = 1 / 10.487736 = 0.095349 -> 0.3 + 0.047675
        (2.0, 0.391213),  # 1 / (1 + e^1.5) = 1 / 5.481689 = 0.182426 -> 0.3 + 0.091213
        (5.0, 0.550000),  # 1 / (1 + e^0) = 0.5 -> 0.3 + 0.25
        (10.0, 0.762071),  # 1 / (1 + e^-2.5) = 1 / 1.082085 = 0.924142 -> 0.3 + 0.462071
        (0.0, 0.337929),  # 1 / (1 + e^2.5) = 0.075858 -> 0.3 + 0.037929
    ],
)
def test_sigmoid_hand_values(rate: float, expected: float) -> None:
    assert consolidation_threshold(rate) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize(
    ("rate", "table"),
    [(0.5, 0.32), (2.0, 0.42), (5.0, 0.55), (10.0, 0.72)],
)
def test_reproduces_the_seed_table(rate: float, table: float) -> None:
    # The seed's table is approximate and not exactly its own formula (see the module
    # docstring); the largest gap is 0.042 at 10 msg/min.
    assert consolidation_threshold(rate) == pytest.approx(table, abs=0.05)


def test_table_order_concentration_effect() -> None:
    rates = [0.5, 2.0, 5.0, 10.0]
    values = [consolidation_threshold(r) for r in rates]
    assert values == sorted(values)


@given(st.floats(0.0, 1e9), st.floats(0.0, 1e9))
def test_bounded_and_monotone(a: float, b: float) -> None:
    ta, tb = consolidation_threshold(a), consolidation_threshold(b)
    assert MIN_THRESHOLD <= ta <= MAX_THRESHOLD
    if a <= b:
        assert ta <= tb


def test_custom_bounds() -> None:
    # midpoint -> exactly halfway between the bounds
    assert consolidation_threshold(3.0, minimum=0.2, maximum=0.6, midpoint=3.0) == 0.4


def test_bad_parameters() -> None:
    with pytest.raises(InvalidInputError, match="messages_per_minute"):
        consolidation_threshold(-1.0)
    with pytest.raises(InvalidInputError, match="minimum"):
        consolidation_threshold(1.0, minimum=0.8, maximum=0.3)
    with pytest.raises(InvalidInputError, match="steepness"):
        consolidation_threshold(1.0, steepness=0.0)


def test_average_activity_keeps_last_ten() -> None:
    # Seed: push, shift beyond 10, average. Readings 100, 100, then ten 2.0 -> 2.0
    assert average_activity([100.0, 100.0] + [2.0] * 10) == 2.0
    assert average_activity([1.0, 2.0, 6.0]) == 3.0
    assert average_activity([]) == 0.0
    # mean 5 -> sigmoid midpoint -> 0.55
    assert threshold_for_readings([4.0, 6.0]) == pytest.approx(0.55)


def test_messages_per_minute() -> None:
    now = 10_000.0
    # 20 messages in the last 10 minutes -> 2 msg/min
    stamps = [now - 30.0 * i for i in range(20)]
    assert messages_per_minute(stamps, now=now) == 2.0
    # window edge: (now - 600, now] -> now - 600 is out, now is in; the future is ignored
    assert messages_per_minute([now - 600.0, now, now + 5.0], now=now) == 0.1
    assert messages_per_minute([], now=now) == 0.0
    # 3 messages in a 60 s window -> 3 msg/min
    assert messages_per_minute([now - 1, now - 2, now - 3], now=now, window_s=60.0) == 3.0
    with pytest.raises(InvalidInputError, match="window_s"):
        messages_per_minute([], now=now, window_s=0.0)


def test_should_consolidate() -> None:
    # Seed: importance >= threshold
    assert should_consolidate(0.55, 0.55)
    assert not should_consolidate(0.5499, 0.55)
    with pytest.raises(InvalidInputError):
        should_consolidate(float("nan"), 0.5)
