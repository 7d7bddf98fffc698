"""When to ask for feedback: the seed's rules (Moderate), the other intensities, and Off."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.agents.ask_rules import (
    INTENSITY_PRESETS,
    AskKind,
    AskState,
    FeedbackIntensity,
    decide_feedback_ask,
    is_sentiment_uncertain,
)
from lucidmem.errors import InvalidInputError

NOW = datetime(2026, 1, 28, 12, 0, tzinfo=UTC)


def state(
    *,
    session_seconds: float = 240,
    messages: int = 6,
    last_feedback_hours: float | None = 48,
    intensity: FeedbackIntensity = FeedbackIntensity.MODERATE,
    **kwargs: object,
) -> AskState:
    last = None if last_feedback_hours is None else NOW - timedelta(hours=last_feedback_hours)
    return AskState(
        now=NOW,
        session_started_at=NOW - timedelta(seconds=session_seconds),
        agent_messages_in_session=messages,
        last_feedback_at=last,
        intensity=intensity,
        **kwargs,  # type: ignore[arg-type]
    )


def test_session_prompt_when_all_three_conditions_hold() -> None:
    decision = decide_feedback_ask(state())
    assert decision.ask and decision.kind is AskKind.SESSION
    assert "240s > 180s" in decision.reason


@pytest.mark.parametrize(
    "overrides",
    [
        {"session_seconds": 180},  # not > 3 min
        {"messages": 5},  # not > 5 messages
        {"last_feedback_hours": 24},  # not > 24 h
    ],
)
def test_session_prompt_needs_every_condition(overrides: dict[str, float]) -> None:
    decision = decide_feedback_ask(state(**overrides))  # type: ignore[arg-type]
    assert decision.kind is not AskKind.SESSION


def test_session_prompt_not_repeated_within_a_day_when_ignored() -> None:
    asked = state(last_session_ask_at=NOW - timedelta(hours=2))
    assert decide_feedback_ask(asked).kind is not AskKind.SESSION
    asked_long_ago = state(last_session_ask_at=NOW - timedelta(hours=25))
    assert decide_feedback_ask(asked_long_ago).kind is AskKind.SESSION


def test_never_gave_feedback_counts_as_stale() -> None:
    assert decide_feedback_ask(state(last_feedback_hours=None)).kind is AskKind.SESSION


@pytest.mark.parametrize(("messages", "inline"), [(1, False), (4, False), (5, True), (10, True)])
def test_inline_on_every_fifth_message(messages: int, inline: bool) -> None:
    s = state(session_seconds=60, messages=messages, last_feedback_hours=1)
    decision = decide_feedback_ask(s)
    assert decision.ask is inline
    assert (decision.kind is AskKind.INLINE) is inline


def test_inline_when_sentiment_uncertain() -> None:
    s = state(session_seconds=60, messages=2, last_feedback_hours=1, sentiment=0.05)
    decision = decide_feedback_ask(s)
    assert decision.kind is AskKind.INLINE and "uncertain" in decision.reason
    assert is_sentiment_uncertain(None) and is_sentiment_uncertain(-0.19)
    assert not is_sentiment_uncertain(0.2)


def test_check_in_after_seven_days_with_a_relationship() -> None:
    quiet = state(session_seconds=60, messages=2, last_feedback_hours=7 * 24 + 1)
    assert decide_feedback_ask(quiet).ask is False  # relationship strength 0
    close = replace(quiet, relationship_strength=0.6)
    decision = decide_feedback_ask(close)
    assert decision.kind is AskKind.CHECK_IN
    recent = replace(close, last_feedback_at=NOW - timedelta(days=6))
    assert decide_feedback_ask(recent).ask is False
    checked = replace(close, last_check_in_at=NOW - timedelta(days=1))
    assert decide_feedback_ask(checked).ask is False


def test_off_never_asks() -> None:
    decision = decide_feedback_ask(state(intensity=FeedbackIntensity.OFF, sentiment=None))
    assert not decision.ask and "off" in decision.reason


def test_per_intensity_inline_cadence() -> None:
    def inline_at(intensity: FeedbackIntensity) -> list[int]:
        return [
            n
            for n in range(1, 31)
            if decide_feedback_ask(
                state(session_seconds=30, messages=n, last_feedback_hours=1, intensity=intensity)
            ).kind
            is AskKind.INLINE
        ]

    assert inline_at(FeedbackIntensity.HIGH) == list(range(3, 31, 3))
    assert inline_at(FeedbackIntensity.MODERATE) == list(range(5, 31, 5))
    assert inline_at(FeedbackIntensity.LOW) == [15, 30]
    assert inline_at(FeedbackIntensity.OFF) == []


def test_low_intensity_ignores_uncertainty_and_needs_longer_sessions() -> None:
    low = FeedbackIntensity.LOW
    s = state(session_seconds=30, messages=2, last_feedback_hours=1, sentiment=0.0, intensity=low)
    assert not decide_feedback_ask(s).ask
    assert decide_feedback_ask(state(intensity=low)).kind is not AskKind.SESSION
    long = state(session_seconds=400, messages=11, last_feedback_hours=73, intensity=low)
    assert decide_feedback_ask(long).kind is AskKind.SESSION


def test_invalid_state() -> None:
    with pytest.raises(InvalidInputError) as info:
        state(messages=-1)
    assert info.value.field == "agent_messages_in_session"
    with pytest.raises(InvalidInputError):
        state(session_seconds=-5)
    with pytest.raises(InvalidInputError):
        state(intensity="loud")  # type: ignore[arg-type]


@given(
    st.sampled_from(list(FeedbackIntensity)),
    st.floats(0, 4 * 3600),
    st.integers(0, 60),
    st.one_of(st.none(), st.floats(0, 60 * 24)),
    st.one_of(st.none(), st.floats(-1, 1)),
    st.floats(0, 1),
)
def test_intensity_orders_how_often_we_ask(
    intensity: FeedbackIntensity,
    seconds: float,
    messages: int,
    hours: float | None,
    sentiment: float | None,
    strength: float,
) -> None:
    s = state(
        session_seconds=seconds,
        messages=messages,
        last_feedback_hours=hours,
        intensity=intensity,
        sentiment=sentiment,
        relationship_strength=strength,
    )
    decision = decide_feedback_ask(s)
    assert decision.reason
    if intensity is FeedbackIntensity.OFF:
        assert not decision.ask
    # whenever a lower intensity asks for a session or check-in, every higher one asks too
    order = [FeedbackIntensity.LOW, FeedbackIntensity.MODERATE, FeedbackIntensity.HIGH]
    if decision.ask and decision.kind is not AskKind.INLINE and intensity in order:
        for higher in order[order.index(intensity) + 1 :]:
            assert decide_feedback_ask(replace(s, intensity=higher)).ask
    assert INTENSITY_PRESETS[FeedbackIntensity.OFF] is None
