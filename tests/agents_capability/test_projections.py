"""The four projections as folds, against hand-computed values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import reduce

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
from lucidmem.agents.policy import Action
from lucidmem.agents.projections import (
    AgentAction,
    AgentChanged,
    FeedbackAggregation,
    RoomJoined,
    SessionEnded,
    apply_agent_change,
    apply_feedback,
    fold_agent_summary,
    fold_behaviour_history,
    fold_feedback_aggregation,
    fold_relationships,
    to_rewarded_behaviour,
)
from lucidmem.errors import InvalidInputError

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def fb(
    source: str,
    payload: FeedbackPayload,
    *,
    minute: int = 0,
    agent: str = "a1",
    kind: SourceKind = SourceKind.USER,
    channel: Channel = Channel.CHAT,
) -> FeedbackEvent:
    return FeedbackEvent(
        id=f"f-{source}-{minute}", user_id="u1", agent_id=agent, source_id=source,
        channel=channel, payload=payload, created_at=at(minute), source_kind=kind,
    )


def test_agent_summary_merges_changes() -> None:
    events = [
        AgentChanged("a1", at(0), owner_id="o1", traits={"humor": 0.5, "empathy": 0.7}),
        AgentChanged("a2", at(1), owner_id="o2"),
        AgentChanged("a1", at(2), traits={"humor": 0.6}, mood="cheerful"),
        AgentChanged("a1", at(3), autonomy_level=0.2, archetype="warm_mentor"),
    ]
    summary = fold_agent_summary("a1", events)
    assert summary is not None
    assert summary.owner_id == "o1"
    assert dict(summary.traits) == {"humor": 0.6, "empathy": 0.7}
    assert (summary.mood, summary.archetype, summary.autonomy_level) == (
        "cheerful",
        "warm_mentor",
        0.2,
    )
    assert summary.updated_at == at(3)
    assert fold_agent_summary("a3", events) is None
    with pytest.raises(InvalidInputError) as info:
        apply_agent_change(None, AgentChanged("a1", at(0)))
    assert info.value.field == "owner_id"


def test_feedback_aggregation_hand_computed() -> None:
    events: list[FeedbackEvent | SessionEnded] = [
        fb("m1", ExplicitFeedback(thumbs=1)),  # r 0.8, w 1.0
        fb(
            "m2", ExplicitFeedback(thumbs=-1), kind=SourceKind.OWNER, channel=Channel.POST
        ),  # r -1, w 0.5*0.8 = 0.4
        fb(
            "m3", ImplicitFeedback(engagement_delta=0.6, session_duration_seconds=400), minute=1
        ),  # r 0.3+0.2 = 0.5, w 1; engagement ((0.6+1)/2 + 400/700) / 2
        fb("m1", ReactionFeedback(reaction=ReactionType.LIKE), minute=2),  # 0.4 (not high quality)
        fb("m1", ReactionFeedback(reaction=ReactionType.LOVE), minute=3),  # r 0.8 (same message)
        fb("m9", ExplicitFeedback(thumbs=1), agent="a2"),  # another agent: ignored
        SessionEnded("a1", "u1", at(4), 400),  # success: > 180 s, not abandoned
        SessionEnded("a1", "u1", at(5), 100),  # too short
        SessionEnded("a1", "u1", at(6), 600, abandoned=True),
    ]
    agg = fold_feedback_aggregation("a1", events)
    assert (agg.positive_count, agg.negative_count, agg.total_count) == (4, 1, 5)
    # (0.8 - 0.4 + 0.5 + 0.4 + 0.8) / (1 + 0.4 + 1 + 1 + 1) = 2.1 / 4.4
    assert agg.avg_score == pytest.approx(2.1 / 4.4)
    assert agg.engagement_score == pytest.approx((0.8 + 400 / 700) / 2)
    assert agg.conversation_success_rate == pytest.approx(1 / 3)
    assert agg.last_feedback_at == at(3)
    hq = {i.source_id: i.feedback_score for i in agg.high_quality_interactions}
    assert hq == pytest.approx({"m1": 0.8, "m3": 0.5})
    empty = FeedbackAggregation("a1")
    assert (empty.avg_score, empty.engagement_score, empty.conversation_success_rate) == (0, 0, 0)


def test_high_quality_list_is_capped() -> None:
    agg = FeedbackAggregation("a1")
    for n in range(5):
        agg = apply_feedback(agg, fb(f"m{n}", ExplicitFeedback(thumbs=1)), max_high_quality=3)
    assert [i.source_id for i in agg.high_quality_interactions] == ["m2", "m3", "m4"]


def test_relationship_strength_hand_computed() -> None:
    events: list[RoomJoined | SessionEnded] = [
        RoomJoined("a1", "u1", at(0), invited=True),  # first visit: an invitation, no return
        SessionEnded("a1", "u1", at(10), 600),
        RoomJoined("a1", "u1", at(60)),  # seen before: a return
        SessionEnded("a1", "u1", at(80), 1200),
        RoomJoined("a1", "u2", at(5)),
    ]
    rels = fold_relationships(events)
    rel = rels[("a1", "u1")]
    assert (rel.interaction_count, rel.invitations_count, rel.returns_count) == (2, 1, 1)
    assert rel.session_duration_avg == 900
    assert rel.last_seen_at == at(80)
    # 0.4*2/12 + 0.3*900/1500 + 0.2*1/6 + 0.1*1/4 = 0.0667 + 0.18 + 0.0333 + 0.025 = 0.305
    assert rel.relationship_strength == pytest.approx(0.305)
    assert rels[("a1", "u2")].relationship_strength == 0.0


def test_behaviour_history_hand_computed() -> None:
    events: list[AgentAction | FeedbackEvent] = [
        AgentAction("r1", "a1", "reply_dm_with_owner", at(0), ("humor",)),
        AgentAction("r2", "a1", "reply_dm_with_owner", at(1), ("empathy", "humor")),
        AgentAction("p1", "a1", "post", at(2)),
        AgentAction("x1", "a2", "post", at(2)),
        fb("r1", ExplicitFeedback(thumbs=1), minute=3),  # 0.8
        fb("r2", ExplicitFeedback(thumbs=-1), minute=4),  # -1.0
        fb("r1", ReactionFeedback(reaction=ReactionType.LIKE), minute=5),  # 0.4 -> r1 mean 0.6
        fb("p1", ReactionFeedback(reaction=ReactionType.LOVE), minute=6),  # 0.8
        fb("zz", ExplicitFeedback(thumbs=1), minute=7),  # unknown action: ignored
    ]
    history = fold_behaviour_history("a1", events)
    assert [r.action.action_id for r in history.last_n_actions] == ["r1", "r2", "p1"]
    assert history.last_n_actions[0].reward == pytest.approx(0.6)
    assert history.action_type_distribution == pytest.approx(
        {"post": 1 / 3, "reply_dm_with_owner": 2 / 3}
    )
    # reply rewards 0.8, -1.0, 0.4 -> 2 of 3 positive
    assert history.success_rate_per_action == pytest.approx(
        {"post": 1.0, "reply_dm_with_owner": 2 / 3}
    )
    behaviour = to_rewarded_behaviour(history)
    # humor: r1 0.6 and r2 -1.0 -> -0.2; empathy: r2 -1.0
    assert behaviour.trait_rewards == pytest.approx({"empathy": -1.0, "humor": -0.2})
    assert behaviour.action_rewards == pytest.approx(
        {Action.REPLY_DM_WITH_OWNER: -0.2, Action.POST: 0.8}
    )


def test_behaviour_history_window() -> None:
    events: list[AgentAction | FeedbackEvent] = [
        AgentAction(f"r{n}", "a1", "chat", at(n)) for n in range(4)
    ]
    events.append(fb("r0", ExplicitFeedback(thumbs=1), minute=9))  # r0 already evicted
    history = fold_behaviour_history("a1", events, size=2)
    assert [r.action.action_id for r in history.last_n_actions] == ["r2", "r3"]
    assert history.action_type_distribution == {"chat": 1.0}
    assert history.success_rate_per_action == {}
    assert to_rewarded_behaviour(history).action_rewards == {}  # "chat" is not an Action


payloads = st.one_of(
    st.builds(ExplicitFeedback, thumbs=st.sampled_from([1, -1])),
    st.builds(ExplicitFeedback, rating=st.integers(1, 5)),
    st.builds(ReactionFeedback, reaction=st.sampled_from(list(ReactionType))),
    st.builds(ImplicitFeedback, engagement_delta=st.floats(-1, 1), abandoned=st.booleans()),
)
feedback_events = st.builds(
    fb,
    st.sampled_from(["m1", "m2", "m3"]),
    payloads,
    minute=st.integers(0, 100),
    kind=st.sampled_from(list(SourceKind)),
    channel=st.sampled_from(list(Channel)),
)


@given(st.lists(feedback_events, max_size=30), st.randoms())
def test_aggregation_is_order_independent_and_bounded(
    events: list[FeedbackEvent], rnd: object
) -> None:
    agg = reduce(apply_feedback, events, FeedbackAggregation("a1"))
    shuffled = list(events)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    other = fold_feedback_aggregation("a1", shuffled)
    assert (agg.positive_count, agg.negative_count, agg.total_count) == (
        other.positive_count,
        other.negative_count,
        other.total_count,
    )
    assert agg.avg_score == pytest.approx(other.avg_score)
    assert -1.0 <= agg.avg_score <= 1.0 + 1e-12
    assert 0.0 <= agg.engagement_score <= 1.0
    ids = [i.source_id for i in agg.high_quality_interactions]
    assert len(ids) == len(set(ids))
    assert {i.source_id: i.feedback_score for i in agg.high_quality_interactions} == {
        i.source_id: i.feedback_score for i in other.high_quality_interactions
    }
