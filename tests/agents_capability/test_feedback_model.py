"""Feedback events: validation, values, privacy and the 5-minute dedup window (seed OQ 1)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.agents.feedback_model import (
    DEDUP_UPDATE_WINDOW,
    MAX_FEEDBACK_TEXT_CHARS,
    Channel,
    DedupAction,
    ExplicitFeedback,
    FeedbackEvent,
    FeedbackPayload,
    FeedbackType,
    ImplicitFeedback,
    ReactionFeedback,
    ReactionType,
    SourceKind,
    apply_update,
    dedup_key,
    is_visible_to,
    resolve_duplicate,
)
from lucidmem.errors import InvalidInputError

T0 = datetime(2026, 1, 28, 12, 0, tzinfo=UTC)


def event(
    payload: FeedbackPayload | None = None,
    *,
    at: datetime = T0,
    event_id: str = "f1",
    user: str = "u1",
    source: str = "m1",
    agent: str = "a1",
) -> FeedbackEvent:
    return FeedbackEvent(
        id=event_id,
        user_id=user,
        agent_id=agent,
        source_id=source,
        channel=Channel.CHAT,
        payload=payload or ExplicitFeedback(thumbs=1),
        created_at=at,
    )


def test_explicit_values() -> None:
    assert ExplicitFeedback(thumbs=1).value == 1.0
    assert ExplicitFeedback(thumbs=-1).value == -1.0
    # rating r -> (r - 3) / 2
    assert [ExplicitFeedback(rating=r).value for r in range(1, 6)] == [-1.0, -0.5, 0.0, 0.5, 1.0]
    assert ExplicitFeedback(text="nice").value == 0.0


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({}, "thumbs"),
        ({"thumbs": 2}, "thumbs"),
        ({"thumbs": True}, "thumbs"),
        ({"rating": 0}, "rating"),
        ({"rating": 6}, "rating"),
        ({"rating": 4.5}, "rating"),
        ({"thumbs": 1, "rating": 5}, "rating"),
        ({"text": "x" * (MAX_FEEDBACK_TEXT_CHARS + 1)}, "text"),
    ],
)
def test_explicit_rejects_bad_input(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        ExplicitFeedback(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field
    assert field in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({}, "engagement_delta"),
        ({"engagement_delta": 1.5}, "engagement_delta"),
        ({"engagement_delta": float("nan")}, "engagement_delta"),
        ({"reply_speed_seconds": -1.0}, "reply_speed_seconds"),
        ({"message_length": -3}, "message_length"),
        ({"session_duration_seconds": float("inf")}, "session_duration_seconds"),
    ],
)
def test_implicit_rejects_bad_input(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        ImplicitFeedback(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field


def test_reaction_accepts_strings_and_rejects_unknown() -> None:
    assert ReactionFeedback(reaction="love").reaction is ReactionType.LOVE  # type: ignore[arg-type]
    assert ReactionFeedback(reaction=ReactionType.DISLIKE).value == -1.0
    with pytest.raises(InvalidInputError, match="like, love"):
        ReactionFeedback(reaction="meh")  # type: ignore[arg-type]


def test_event_validation_names_the_field() -> None:
    with pytest.raises(InvalidInputError) as info:
        event(user="  ")
    assert info.value.field == "user_id"
    with pytest.raises(InvalidInputError) as info:
        event(at=datetime(2026, 1, 1))  # naive
    assert info.value.field == "created_at"
    with pytest.raises(InvalidInputError) as info:
        FeedbackEvent(id="f", user_id="u", agent_id="a", source_id="s", channel="email",  # type: ignore[arg-type]
                      payload=ExplicitFeedback(thumbs=1), created_at=T0)
    assert info.value.field == "channel"
    with pytest.raises(InvalidInputError) as info:
        FeedbackEvent(id="f", user_id="u", agent_id="a", source_id="s", channel=Channel.CHAT,
                      payload=ExplicitFeedback(thumbs=1), created_at=T0,
                      source_kind="boss")  # type: ignore[arg-type]
    assert info.value.field == "source_kind"


def test_event_coerces_strings_and_derives_type() -> None:
    e = FeedbackEvent(id="f", user_id="u", agent_id="a", source_id="s", channel="post",  # type: ignore[arg-type]
                      payload=ReactionFeedback(reaction=ReactionType.WOW), created_at=T0,
                      source_kind="owner")  # type: ignore[arg-type]
    assert e.channel is Channel.POST and e.source_kind is SourceKind.OWNER
    assert e.feedback_type is FeedbackType.REACTION
    assert event(ImplicitFeedback(abandoned=True)).feedback_type is FeedbackType.IMPLICIT
    assert event().feedback_type is FeedbackType.EXPLICIT


def test_feedback_is_private_to_its_author() -> None:
    e = event()
    assert is_visible_to(e, "u1")
    assert not is_visible_to(e, "u2")


def test_dedup_key_is_user_source_agent_and_type() -> None:
    key = dedup_key(event())
    assert (key.user_id, key.source_id, key.agent_id) == ("u1", "m1", "a1")
    assert dedup_key(event(ReactionFeedback(reaction=ReactionType.LIKE))) != key


def test_dedup_first_submission_inserts() -> None:
    assert resolve_duplicate(None, event()).action is DedupAction.INSERT
    other = event(user="u2")
    assert resolve_duplicate(event(), other).action is DedupAction.INSERT


@given(st.integers(min_value=0, max_value=20 * 60))
def test_dedup_window_is_five_minutes(seconds: int) -> None:
    first = event()
    again = event(ExplicitFeedback(thumbs=-1), at=T0 + timedelta(seconds=seconds), event_id="f2")
    decision = resolve_duplicate(first, again)
    if seconds <= DEDUP_UPDATE_WINDOW.total_seconds():
        assert decision.action is DedupAction.UPDATE
    else:
        assert decision.action is DedupAction.REJECT
        assert "5 minutes" in decision.reason


def test_dedup_boundaries_and_out_of_order() -> None:
    first = event()
    at_limit = event(at=T0 + timedelta(minutes=5))
    just_after = event(at=T0 + timedelta(minutes=5, microseconds=1))
    earlier = event(at=T0 - timedelta(seconds=1))
    assert resolve_duplicate(first, at_limit).action is DedupAction.UPDATE
    assert resolve_duplicate(first, just_after).action is DedupAction.REJECT
    assert resolve_duplicate(first, earlier).action is DedupAction.REJECT


def test_apply_update_keeps_id_and_creation_time() -> None:
    first = event()
    change = event(ExplicitFeedback(thumbs=-1), at=T0 + timedelta(minutes=2), event_id="f2")
    stored = apply_update(first, change)
    assert stored.id == "f1" and stored.created_at == T0
    assert stored.updated_at == T0 + timedelta(minutes=2)
    assert stored.payload == ExplicitFeedback(thumbs=-1)
    # the window keeps counting from the first submission
    late = event(at=T0 + timedelta(minutes=6))
    assert resolve_duplicate(stored, late).action is DedupAction.REJECT
    with pytest.raises(InvalidInputError):
        apply_update(first, event(user="u2"))
