"""Rewards from feedback, time-decayed aggregation and learning metrics (pure functions).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Reward Calculation" (``calculateReward``, clamped to
−1..+1), "RL/Learning Service / Learning Metrics" (sentiment, engagement, quality), and the
open-questions proposals #2 (owner feedback weight = 0.5) and #18 (chat 1.0, post 0.8,
comment 0.6).

Two deliberate readings of the seed:

* The seed's calculator only scores explicit feedback whose source is the owner. Here explicit
  feedback (and reactions) from *any* source is scored, and *who* and *where* become an
  aggregation weight (:func:`feedback_weight`), applied in weighted means — never multiplied
  into the reward itself, so a reward stays on the seed's scale.
* A 1–5 rating or a reaction is a signed value ``v`` in [-1, 1]; it is scored like a thumb
  scaled by ``|v|``: ``0.8·v`` when positive, ``1.0·v`` when negative (thumbs are ``v = ±1``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.feedback_model import (
    Channel,
    FeedbackEvent,
    ImplicitFeedback,
    SourceKind,
)
from lucidmem.errors import InvalidInputError

__all__ = [
    "DEFAULT_CHANNEL_WEIGHTS",
    "DEFAULT_HALF_LIFE",
    "DEFAULT_SOURCE_WEIGHTS",
    "ENGAGEMENT_QUALITY_WEIGHT",
    "SENTIMENT_QUALITY_WEIGHT",
    "EngagementScale",
    "LearningMetrics",
    "RewardSample",
    "RewardWeights",
    "aggregate_rewards",
    "calculate_reward",
    "clamp",
    "decay_factor",
    "decayed_average",
    "engagement_value",
    "feedback_weight",
    "learning_metrics",
    "relationship_strength",
    "reward_samples",
]

#: Open question 2: "Owner feedback weight = 0.5" (other users 1.0; peer agents ours: 0.5).
DEFAULT_SOURCE_WEIGHTS: Mapping[SourceKind, float] = {
    SourceKind.USER: 1.0,
    SourceKind.OWNER: 0.5,
    SourceKind.AGENT: 0.5,
}
#: Open question 18: "Chat feedback weight = 1.0, post = 0.8, comment = 0.6" (profile ours: 0.6).
DEFAULT_CHANNEL_WEIGHTS: Mapping[Channel, float] = {
    Channel.CHAT: 1.0,
    Channel.POST: 0.8,
    Channel.COMMENT: 0.6,
    Channel.PROFILE: 0.6,
}
#: "Recent feedback weighted more heavily": a week-old reward counts half.
DEFAULT_HALF_LIFE = timedelta(days=7)


def clamp(value: float, low: float = -1.0, high: float = 1.0) -> float:
    """``value`` limited to ``[low, high]``."""
    return max(low, min(high, value))


@dataclass(frozen=True, slots=True)
class RewardWeights:
    """The seed's reward constants and the aggregation weights, as named defaults."""

    positive_explicit: float = 0.8  # seed: thumbs up +0.8
    negative_explicit: float = 1.0  # seed: thumbs down −1.0
    high_engagement_bonus: float = 0.3  # seed: engagementDelta > 0.5 → +0.3
    high_engagement_threshold: float = 0.5
    long_session_bonus: float = 0.2  # seed: sessionLength > 300 → +0.2
    long_session_seconds: float = 300.0
    abandonment_penalty: float = 0.4  # seed: userLeftImmediately → −0.4
    reinvitation_bonus: float = 0.3  # ours: the seed lists re-invitation but does not score it
    abuse_penalty: float = 2.0  # seed: containsAbuse → −2.0
    source_weights: Mapping[SourceKind, float] = field(
        default_factory=lambda: dict(DEFAULT_SOURCE_WEIGHTS)
    )
    channel_weights: Mapping[Channel, float] = field(
        default_factory=lambda: dict(DEFAULT_CHANNEL_WEIGHTS)
    )


_DEFAULT_WEIGHTS = RewardWeights()


def calculate_reward(event: FeedbackEvent, weights: RewardWeights = _DEFAULT_WEIGHTS) -> float:
    """The seed's ``calculateReward``: a reward in [-1, 1] for one feedback event."""
    reward = 0.0
    payload = event.payload
    if isinstance(payload, ImplicitFeedback):
        delta = payload.engagement_delta
        if delta is not None and delta > weights.high_engagement_threshold:
            reward += weights.high_engagement_bonus
        duration = payload.session_duration_seconds
        if duration is not None and duration > weights.long_session_seconds:
            reward += weights.long_session_bonus
        if payload.abandoned:
            reward -= weights.abandonment_penalty
        if payload.reinvited:
            reward += weights.reinvitation_bonus
    else:
        value = payload.value
        scale = weights.positive_explicit if value > 0 else weights.negative_explicit
        reward += scale * value
    if event.contains_abuse:
        reward -= weights.abuse_penalty
    return clamp(reward)


def feedback_weight(event: FeedbackEvent, weights: RewardWeights = _DEFAULT_WEIGHTS) -> float:
    """Aggregation weight of ``event``: source weight × channel weight."""
    return weights.source_weights[event.source_kind] * weights.channel_weights[event.channel]


def decay_factor(age: timedelta, half_life: timedelta = DEFAULT_HALF_LIFE) -> float:
    """``0.5 ** (age / half_life)``; events from the future count fully (factor 1)."""
    if half_life <= timedelta(0):
        raise InvalidInputError(
            "half_life: must be positive, e.g. timedelta(days=7)", field="half_life"
        )
    if age <= timedelta(0):
        return 1.0
    return math.pow(0.5, age / half_life)


@dataclass(frozen=True, slots=True)
class RewardSample:
    """One reward with its aggregation weight and time."""

    reward: float
    weight: float
    at: datetime


def reward_samples(
    events: Iterable[FeedbackEvent], weights: RewardWeights = _DEFAULT_WEIGHTS
) -> list[RewardSample]:
    """Each event's reward and weight, in order."""
    return [
        RewardSample(calculate_reward(e, weights), feedback_weight(e, weights), e.created_at)
        for e in events
    ]


def decayed_average(
    samples: Iterable[RewardSample], now: datetime, half_life: timedelta = DEFAULT_HALF_LIFE
) -> float | None:
    """Σ wᵢ·dᵢ·rᵢ / Σ wᵢ·dᵢ with dᵢ = 0.5^(ageᵢ/half_life); ``None`` without weight."""
    numerator = 0.0
    denominator = 0.0
    for sample in samples:
        w = sample.weight * decay_factor(now - sample.at, half_life)
        numerator += w * sample.reward
        denominator += w
    if denominator <= 0.0:
        return None
    return numerator / denominator


def aggregate_rewards(
    events: Iterable[FeedbackEvent],
    now: datetime,
    *,
    half_life: timedelta = DEFAULT_HALF_LIFE,
    weights: RewardWeights = _DEFAULT_WEIGHTS,
) -> float | None:
    """Time-decayed, weighted mean reward of ``events`` (``None`` when there are none)."""
    return decayed_average(reward_samples(events, weights), now, half_life)


@dataclass(frozen=True, slots=True)
class EngagementScale:
    """Half-saturation points mapping implicit signals to [0, 1] (ours; the seed has none)."""

    session_seconds: float = 300.0  # a 5-minute session scores 0.5
    reply_seconds: float = 30.0  # a reply after 30 s scores 0.5, an instant one 1.0
    message_chars: float = 100.0  # a 100-character message scores 0.5


_DEFAULT_SCALE = EngagementScale()


def engagement_value(signal: ImplicitFeedback, scale: EngagementScale = _DEFAULT_SCALE) -> float:
    """Mean of the engagement components present in ``signal``, in [0, 1].

    delta d ↦ (d + 1)/2; session s ↦ s/(s + 300); reply speed t ↦ 30/(t + 30);
    length n ↦ n/(n + 100); abandoned ↦ 0; re-invited ↦ 1.
    """
    parts: list[float] = []
    if signal.engagement_delta is not None:
        parts.append((signal.engagement_delta + 1.0) / 2.0)
    if signal.session_duration_seconds is not None:
        s = signal.session_duration_seconds
        parts.append(s / (s + scale.session_seconds))
    if signal.reply_speed_seconds is not None:
        parts.append(scale.reply_seconds / (signal.reply_speed_seconds + scale.reply_seconds))
    if signal.message_length is not None:
        n = float(signal.message_length)
        parts.append(n / (n + scale.message_chars))
    if signal.abandoned:
        parts.append(0.0)
    if signal.reinvited:
        parts.append(1.0)
    return sum(parts) / len(parts)


class LearningMetrics(BaseModel):
    """Seed "Learning Metrics": sentiment in [-1, 1], engagement and quality in [0, 1]."""

    model_config = ConfigDict(frozen=True)

    sentiment: float
    engagement: float
    quality: float
    feedback_count: int
    signal_count: int


#: Quality = 0.6 · (sentiment + 1)/2 + 0.4 · engagement (ours: the seed says "composite").
SENTIMENT_QUALITY_WEIGHT = 0.6
ENGAGEMENT_QUALITY_WEIGHT = 0.4


def learning_metrics(
    events: Iterable[FeedbackEvent],
    now: datetime,
    *,
    half_life: timedelta = DEFAULT_HALF_LIFE,
    weights: RewardWeights = _DEFAULT_WEIGHTS,
    scale: EngagementScale = _DEFAULT_SCALE,
    sentiment_weight: float = SENTIMENT_QUALITY_WEIGHT,
    engagement_weight: float = ENGAGEMENT_QUALITY_WEIGHT,
) -> LearningMetrics:
    """Sentiment (explicit and reactions), engagement (implicit) and their composite quality.

    Both are decayed, weighted means. A part with no data is left out of the quality (and
    reported as 0); with no data at all the quality is the neutral 0.5.
    """
    opinions: list[RewardSample] = []
    signals: list[RewardSample] = []
    for event in events:
        w = feedback_weight(event, weights)
        if isinstance(event.payload, ImplicitFeedback):
            signals.append(
                RewardSample(engagement_value(event.payload, scale), w, event.created_at)
            )
        else:
            opinions.append(RewardSample(calculate_reward(event, weights), w, event.created_at))
    sentiment = decayed_average(opinions, now, half_life)
    engagement = decayed_average(signals, now, half_life)
    parts: list[tuple[float, float]] = []
    if sentiment is not None:
        parts.append((sentiment_weight, (sentiment + 1.0) / 2.0))
    if engagement is not None:
        parts.append((engagement_weight, engagement))
    total = sum(w for w, _ in parts)
    quality = sum(w * v for w, v in parts) / total if total > 0 else 0.5
    return LearningMetrics(
        sentiment=clamp(sentiment) if sentiment is not None else 0.0,
        engagement=clamp(engagement, 0.0) if engagement is not None else 0.0,
        quality=clamp(quality, 0.0),
        feedback_count=len(opinions),
        signal_count=len(signals),
    )


#: Relationship strength weights (ours; the seed gives the inputs, not the formula).
STRENGTH_WEIGHTS = (0.4, 0.3, 0.2, 0.1)  # interactions, session length, returns, invitations
STRENGTH_HALF_POINTS = (10.0, 600.0, 5.0, 3.0)  # value at which each part scores 0.5


def relationship_strength(
    interactions: int, avg_session_seconds: float, returns: int, invitations: int
) -> float:
    """Σ wₖ·xₖ/(xₖ + hₖ) over the four inputs: saturating, in [0, 1)."""
    values = (float(interactions), avg_session_seconds, float(returns), float(invitations))
    return sum(
        w * x / (x + h)
        for w, x, h in zip(STRENGTH_WEIGHTS, values, STRENGTH_HALF_POINTS, strict=True)
    )
