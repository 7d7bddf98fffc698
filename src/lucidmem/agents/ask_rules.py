"""When to ask a user for feedback on an agent (a pure function of a small state).

Seed: ``seeds/agent-feedback-rlhf.md`` — "Feedback Service / Rate Limiting Strategy":

* explicit session feedback only when the session is longer than 3 min, the agent spoke more
  than 5 messages, and the last feedback is older than 24 h ("rate limiting: once per day",
  Week 6 UI);
* inline thumbs on every 5th agent message, or when sentiment is uncertain;
* a periodic check-in ("How is [Agent] doing?") only if there was no feedback for 7 days and
  the relationship strength is above a threshold;
* per-agent intensity High / Moderate / Low / Off.

The seed's numbers are the *Moderate* preset (the default). High and Low are ours: High asks
about twice as often, Low about three times less, Off never asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from lucidmem.errors import InvalidInputError

__all__ = [
    "DEFAULT_RELATIONSHIP_THRESHOLD",
    "INTENSITY_PRESETS",
    "UNCERTAIN_SENTIMENT_BAND",
    "AskDecision",
    "AskKind",
    "AskState",
    "FeedbackIntensity",
    "IntensityRules",
    "decide_feedback_ask",
    "is_sentiment_uncertain",
]

#: Sentiment scores with |s| below this are "uncertain" (ours; the seed gives no number).
UNCERTAIN_SENTIMENT_BAND = 0.2
#: Check-ins need relationship strength above this (seed: "> threshold"; the value is ours).
DEFAULT_RELATIONSHIP_THRESHOLD = 0.3


class FeedbackIntensity(StrEnum):
    """Per-agent feedback intensity chosen by the user."""

    HIGH = "high"
    MODERATE = "moderate"
    LOW = "low"
    OFF = "off"


class AskKind(StrEnum):
    """Which feedback prompt to show."""

    SESSION = "session"
    CHECK_IN = "check_in"
    INLINE = "inline"


@dataclass(frozen=True, slots=True)
class IntensityRules:
    """The thresholds of one intensity level."""

    session_min_seconds: float
    session_min_agent_messages: int
    session_cooldown: timedelta
    inline_every_n: int | None
    inline_when_uncertain: bool
    check_in_after: timedelta | None
    relationship_threshold: float = DEFAULT_RELATIONSHIP_THRESHOLD


INTENSITY_PRESETS: Mapping[FeedbackIntensity, IntensityRules | None] = {
    FeedbackIntensity.HIGH: IntensityRules(
        session_min_seconds=180,
        session_min_agent_messages=5,
        session_cooldown=timedelta(hours=12),
        inline_every_n=3,
        inline_when_uncertain=True,
        check_in_after=timedelta(days=3),
    ),
    FeedbackIntensity.MODERATE: IntensityRules(  # the seed's numbers
        session_min_seconds=180,
        session_min_agent_messages=5,
        session_cooldown=timedelta(hours=24),
        inline_every_n=5,
        inline_when_uncertain=True,
        check_in_after=timedelta(days=7),
    ),
    FeedbackIntensity.LOW: IntensityRules(
        session_min_seconds=300,
        session_min_agent_messages=10,
        session_cooldown=timedelta(hours=72),
        inline_every_n=15,
        inline_when_uncertain=False,
        check_in_after=timedelta(days=21),
    ),
    FeedbackIntensity.OFF: None,
}


def is_sentiment_uncertain(score: float | None, band: float = UNCERTAIN_SENTIMENT_BAND) -> bool:
    """Unknown sentiment, or a score within ``band`` of neutral, is uncertain."""
    return score is None or abs(score) < band


@dataclass(frozen=True, slots=True)
class AskState:
    """What the caller knows about one user–agent pair right now.

    ``agent_messages_in_session`` counts the agent's messages in the current session including
    the one just sent. ``last_session_ask_at`` / ``last_check_in_at`` are when those prompts
    were last *shown*, so an ignored prompt is not repeated before its cooldown. ``sentiment``
    is the current estimate in [-1, 1] (``None`` when unknown, which counts as uncertain).
    """

    now: datetime
    session_started_at: datetime
    agent_messages_in_session: int
    last_feedback_at: datetime | None = None
    last_session_ask_at: datetime | None = None
    last_check_in_at: datetime | None = None
    sentiment: float | None = 0.5
    relationship_strength: float = 0.0
    intensity: FeedbackIntensity = FeedbackIntensity.MODERATE

    def __post_init__(self) -> None:
        if self.agent_messages_in_session < 0:
            raise InvalidInputError(
                "agent_messages_in_session: must be 0 or more", field="agent_messages_in_session"
            )
        if self.session_started_at > self.now:
            raise InvalidInputError(
                "session_started_at: is after now; pass the session's start time",
                field="session_started_at",
            )
        try:
            object.__setattr__(self, "intensity", FeedbackIntensity(self.intensity))
        except ValueError:
            raise InvalidInputError(
                f"intensity: {self.intensity!r} is unknown; use high, moderate, low or off",
                field="intensity",
            ) from None


class AskDecision(BaseModel):
    """Whether to ask, which prompt, and why (also why not)."""

    model_config = ConfigDict(frozen=True)

    ask: bool
    kind: AskKind | None
    reason: str


def _older_than(moment: datetime | None, now: datetime, age: timedelta) -> bool:
    return moment is None or now - moment > age


def _hours(delta: timedelta) -> str:
    return f"{delta.total_seconds() / 3600:g} h"


def decide_feedback_ask(
    state: AskState,
    presets: Mapping[FeedbackIntensity, IntensityRules | None] = INTENSITY_PRESETS,
) -> AskDecision:
    """Decide whether to ask for feedback now; session prompt > check-in > inline thumbs."""
    rules = presets[state.intensity]
    if rules is None:
        return AskDecision(ask=False, kind=None, reason="feedback intensity is off for this agent")
    now = state.now
    session_seconds = (now - state.session_started_at).total_seconds()
    messages = state.agent_messages_in_session

    session_long = session_seconds > rules.session_min_seconds
    talkative = messages > rules.session_min_agent_messages
    feedback_stale = _older_than(state.last_feedback_at, now, rules.session_cooldown)
    not_asked = _older_than(state.last_session_ask_at, now, rules.session_cooldown)
    if session_long and talkative and feedback_stale and not_asked:
        return AskDecision(
            ask=True,
            kind=AskKind.SESSION,
            reason=f"session {session_seconds:.0f}s > {rules.session_min_seconds:g}s, "
            f"{messages} agent messages > {rules.session_min_agent_messages}, "
            f"no feedback or prompt in {_hours(rules.session_cooldown)}",
        )

    if rules.check_in_after is not None:
        quiet = _older_than(state.last_feedback_at, now, rules.check_in_after)
        not_checked = _older_than(state.last_check_in_at, now, rules.check_in_after)
        close = state.relationship_strength > rules.relationship_threshold
        if quiet and not_checked and close:
            return AskDecision(
                ask=True,
                kind=AskKind.CHECK_IN,
                reason=f"no feedback for {rules.check_in_after.days} days and relationship "
                f"strength {state.relationship_strength:.2f} > {rules.relationship_threshold:g}",
            )

    if rules.inline_every_n is not None and messages > 0 and messages % rules.inline_every_n == 0:
        return AskDecision(
            ask=True,
            kind=AskKind.INLINE,
            reason=f"agent message #{messages} (every {rules.inline_every_n}th)",
        )
    if rules.inline_when_uncertain and messages > 0 and is_sentiment_uncertain(state.sentiment):
        return AskDecision(
            ask=True, kind=AskKind.INLINE, reason="the user's sentiment is uncertain"
        )

    why = []
    if not session_long:
        why.append(f"session {session_seconds:.0f}s <= {rules.session_min_seconds:g}s")
    if not talkative:
        why.append(f"{messages} agent messages <= {rules.session_min_agent_messages}")
    if not feedback_stale:
        why.append(f"feedback within {_hours(rules.session_cooldown)}")
    if not not_asked:
        why.append(f"already asked within {_hours(rules.session_cooldown)}")
    return AskDecision(
        ask=False, kind=None, reason="not now: " + ("; ".join(why) or "no rule applies")
    )
