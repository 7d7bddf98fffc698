"""Reward calculator, weights, decay and learning metrics against hand-computed values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.agents.feedback_model import (
    Channel,
    ExplicitFeedback,
    FeedbackEvent,
    FeedbackPayload,
    ImplicitFeedback,
    ReactionFeedback,
    ReactionType,
    SourceKind,
)
from lucidmem.agents.rewards import (
    RewardWeights,
    aggregate_rewards,
    calculate_reward,
    decay_factor,
    engagement_value,
    feedback_weight,
    learning_metrics,
    relationship_strength,
)
from lucidmem.errors import InvalidInputError

NOW = datetime(2026, 1, 28, 12, 0, tzinfo=UTC)


def fb(
    payload: FeedbackPayload,
    *,
    kind: SourceKind = SourceKind.USER,
    channel: Channel = Channel.CHAT,
    age: timedelta = timedelta(0),
    abuse: bool = False,
) -> FeedbackEvent:
    return FeedbackEvent(
        id="f", user_id="u1", agent_id="a1", source_id="m1", channel=channel, payload=payload,
        created_at=NOW - age, source_kind=kind, contains_abuse=abuse,
    )


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (ExplicitFeedback(thumbs=1), 0.8),  # seed: thumbs up +0.8
        (ExplicitFeedback(thumbs=-1), -1.0),  # seed: thumbs down -1.0
        (ExplicitFeedback(rating=5), 0.8),  # v = (5-3)/2 = 1 -> 0.8*1
        (ExplicitFeedback(rating=4), 0.4),  # v = 0.5 -> 0.8*0.5
        (ExplicitFeedback(rating=3), 0.0),  # v = 0
        (ExplicitFeedback(rating=2), -0.5),  # v = -0.5 -> 1.0*-0.5
        (ExplicitFeedback(text="hm"), 0.0),  # text alone is neutral until classified
        (ReactionFeedback(reaction=ReactionType.LOVE), 0.8),  # 0.8*1.0
        (ReactionFeedback(reaction=ReactionType.LIKE), 0.4),  # 0.8*0.5
        (ReactionFeedback(reaction=ReactionType.SAD), -0.2),  # 1.0*-0.2
        (ReactionFeedback(reaction=ReactionType.DISLIKE), -1.0),
        (ImplicitFeedback(engagement_delta=0.6, session_duration_seconds=400), 0.5),  # 0.3+0.2
        (ImplicitFeedback(engagement_delta=0.5, session_duration_seconds=300), 0.0),  # not >
        (ImplicitFeedback(abandoned=True), -0.4),
        (ImplicitFeedback(reinvited=True), 0.3),
        # 0.3 + 0.2 - 0.4 + 0.3 = 0.4
        (
            ImplicitFeedback(
                engagement_delta=0.9, session_duration_seconds=301, abandoned=True, reinvited=True
            ),
            0.4,
        ),
    ],
)
def test_reward_hand_computed(payload: FeedbackPayload, expected: float) -> None:
    assert calculate_reward(fb(payload)) == pytest.approx(expected)


def test_reward_is_the_same_for_every_source_and_channel() -> None:
    owner_post = fb(ExplicitFeedback(thumbs=1), kind=SourceKind.OWNER, channel=Channel.POST)
    assert calculate_reward(owner_post) == pytest.approx(0.8)


def test_abuse_and_clamping() -> None:
    # 0.8 - 2.0 = -1.2 -> clamped to -1
    assert calculate_reward(fb(ExplicitFeedback(thumbs=1), abuse=True)) == -1.0
    # 1.5 * 1 = 1.5 -> clamped to 1
    assert (
        calculate_reward(fb(ExplicitFeedback(thumbs=1)), RewardWeights(positive_explicit=1.5))
        == 1.0
    )


def test_weights_from_the_open_questions() -> None:
    # owner 0.5 (OQ 2) x chat 1.0, post 0.8, comment 0.6 (OQ 18)
    thumbs = ExplicitFeedback(thumbs=1)
    assert feedback_weight(fb(thumbs, kind=SourceKind.OWNER)) == pytest.approx(0.5)
    assert feedback_weight(fb(thumbs, channel=Channel.POST)) == pytest.approx(0.8)
    assert feedback_weight(fb(thumbs, channel=Channel.COMMENT)) == pytest.approx(0.6)
    owner_comment = fb(thumbs, kind=SourceKind.OWNER, channel=Channel.COMMENT)
    assert feedback_weight(owner_comment) == pytest.approx(0.3)  # 0.5 * 0.6


def test_decay_factor() -> None:
    assert decay_factor(timedelta(0)) == 1.0
    assert decay_factor(timedelta(days=7)) == pytest.approx(0.5)
    assert decay_factor(timedelta(days=14)) == pytest.approx(0.25)
    assert decay_factor(timedelta(days=-3)) == 1.0  # future events count fully
    with pytest.raises(InvalidInputError):
        decay_factor(timedelta(days=1), timedelta(0))


def test_time_decayed_aggregation() -> None:
    # owner thumbs up now: r=0.8, w=0.5, d=1 -> 0.5
    # user thumbs down a week ago: r=-1, w=1.0, d=0.5 -> 0.5
    # (0.5*0.8 + 0.5*-1) / (0.5 + 0.5) = -0.1
    events = [
        fb(ExplicitFeedback(thumbs=1), kind=SourceKind.OWNER),
        fb(ExplicitFeedback(thumbs=-1), age=timedelta(days=7)),
    ]
    assert aggregate_rewards(events, NOW) == pytest.approx(-0.1)
    assert aggregate_rewards([], NOW) is None


def test_engagement_value_components() -> None:
    assert engagement_value(ImplicitFeedback(engagement_delta=0.2)) == pytest.approx(0.6)
    assert engagement_value(ImplicitFeedback(session_duration_seconds=300)) == pytest.approx(0.5)
    assert engagement_value(ImplicitFeedback(reply_speed_seconds=0)) == pytest.approx(1.0)
    assert engagement_value(ImplicitFeedback(reply_speed_seconds=30)) == pytest.approx(0.5)
    assert engagement_value(ImplicitFeedback(message_length=100)) == pytest.approx(0.5)
    # length 0.5 and abandoned 0 -> 0.25
    both = ImplicitFeedback(message_length=100, abandoned=True)
    assert engagement_value(both) == pytest.approx(0.25)
    assert engagement_value(ImplicitFeedback(reinvited=True)) == 1.0


def test_learning_metrics_hand_computed() -> None:
    events = [
        fb(ExplicitFeedback(thumbs=1)),  # r=0.8, w=1, d=1
        fb(ExplicitFeedback(rating=2), channel=Channel.POST, age=timedelta(days=7)),  # -0.5, 0.4
        fb(ImplicitFeedback(engagement_delta=0.2, session_duration_seconds=300)),  # (0.6+0.5)/2
        fb(ImplicitFeedback(message_length=100, abandoned=True)),  # (0.5+0)/2
    ]
    metrics = learning_metrics(events, NOW)
    sentiment = (1 * 0.8 + 0.4 * -0.5) / 1.4  # = 0.428571...
    engagement = (0.55 + 0.25) / 2  # = 0.4
    assert metrics.sentiment == pytest.approx(sentiment)
    assert metrics.engagement == pytest.approx(engagement)
    # quality = 0.6 * (s + 1)/2 + 0.4 * e = 0.428571 + 0.16
    assert metrics.quality == pytest.approx(0.6 * (sentiment + 1) / 2 + 0.4 * engagement)
    assert (metrics.feedback_count, metrics.signal_count) == (2, 2)


def test_learning_metrics_without_data() -> None:
    empty = learning_metrics([], NOW)
    assert (empty.sentiment, empty.engagement, empty.quality) == (0.0, 0.0, 0.5)
    only_opinion = learning_metrics([fb(ExplicitFeedback(thumbs=1))], NOW)
    assert only_opinion.quality == pytest.approx((0.8 + 1) / 2)  # 0.9


def test_relationship_strength_formula() -> None:
    # every part at its half point: 0.4*0.5 + 0.3*0.5 + 0.2*0.5 + 0.1*0.5 = 0.5
    assert relationship_strength(10, 600.0, 5, 3) == pytest.approx(0.5)
    assert relationship_strength(0, 0.0, 0, 0) == 0.0


payloads = st.one_of(
    st.builds(ExplicitFeedback, thumbs=st.sampled_from([1, -1])),
    st.builds(ExplicitFeedback, rating=st.integers(1, 5)),
    st.builds(ReactionFeedback, reaction=st.sampled_from(list(ReactionType))),
    st.builds(
        ImplicitFeedback,
        reply_speed_seconds=st.floats(0, 1e4),
        engagement_delta=st.floats(-1, 1),
        message_length=st.integers(0, 10_000),
        session_duration_seconds=st.floats(0, 1e5),
        abandoned=st.booleans(),
        reinvited=st.booleans(),
    ),
)


@given(
    payloads,
    st.sampled_from(list(SourceKind)),
    st.sampled_from(list(Channel)),
    st.booleans(),
)
def test_reward_always_in_range(
    payload: FeedbackPayload, kind: SourceKind, channel: Channel, abuse: bool
) -> None:
    event = fb(payload, kind=kind, channel=channel, abuse=abuse)
    assert -1.0 <= calculate_reward(event) <= 1.0
    if isinstance(payload, ImplicitFeedback):
        assert 0.0 <= engagement_value(payload) <= 1.0


@given(st.lists(st.tuples(payloads, st.integers(0, 60)), min_size=1, max_size=20))
def test_metrics_always_in_range(items: list[tuple[FeedbackPayload, int]]) -> None:
    events = [fb(p, age=timedelta(days=d)) for p, d in items]
    metrics = learning_metrics(events, NOW)
    assert -1.0 <= metrics.sentiment <= 1.0
    assert 0.0 <= metrics.engagement <= 1.0
    assert 0.0 <= metrics.quality <= 1.0
