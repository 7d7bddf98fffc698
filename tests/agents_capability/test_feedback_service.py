"""The feedback service on real storage: validation, dedup, privacy, projections, ask rules."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from lucidmem import InvalidInputError, Memory, NotFoundError
from lucidmem.agents.feedback_model import DedupAction, SourceKind
from lucidmem.agents.records import partition
from lucidmem.agents.rewards import learning_metrics
from lucidmem.agents.views import AgentProjections
from lucidmem.errors import DuplicateFeedbackError
from lucidmem.records import Kind, stable_id
from lucidmem.store.base import Query

from .conftest import Clock


def test_submit_updates_projections_and_metrics(memory: Memory, agent: str) -> None:
    receipt = memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1",
                                            thumbs=1, message="hi", response="hello")
    assert receipt.action is DedupAction.INSERT and receipt.reward == pytest.approx(0.8)
    memory.agents.submit_feedback(user_id="leo", agent_id=agent, source_id="m1", reaction="sad")
    memory.agents.submit_feedback(user_id="leo", agent_id=agent, source_id="m2",
                                  implicit={"engagement_delta": 0.8,
                                            "session_duration_seconds": 600})
    state = memory.agents.projections(agent)
    assert state.aggregation.total_count == 3
    assert state.aggregation.positive_count == 2 and state.aggregation.negative_count == 1
    assert [h.source_id for h in state.aggregation.high_quality_interactions] == ["m1", "m2"]
    metrics = memory.agents.learning(agent)
    events = [*memory.agents.feedback(agent, user_id="maya"),
              *memory.agents.feedback(agent, user_id="leo")]
    expected = learning_metrics(events, events[0].created_at)
    assert metrics == pytest.approx(expected)


def test_projections_are_a_frozen_snapshot(memory: Memory, agent: str) -> None:
    memory.agents.record_action(agent, "a1", traits=["humor"])
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="a1", thumbs=1)
    snapshot = memory.agents.projections(agent)
    assert snapshot.info.agent_id == agent and snapshot.policy.version >= 1
    agg = snapshot.aggregation
    assert agg.total_count == 1 and agg.avg_score == pytest.approx(0.8)
    assert agg.last_feedback_at is not None and agg.last_feedback_at.tzinfo is not None
    [record] = snapshot.history.last_n_actions
    assert record.action.traits == ("humor",) and record.reward == pytest.approx(0.8)
    assert snapshot.history.action_counts == {"reply_dm_with_others": 1}
    assert snapshot.learning.feedback_count == 1 and not snapshot.learning.paused
    [(sampled_at, sentiment)] = snapshot.learning.samples
    assert sampled_at.tzinfo is not None and sentiment == pytest.approx(0.8)
    with pytest.raises(ValidationError, match="frozen"):
        snapshot.learning = snapshot.learning  # type: ignore[misc]
    assert AgentProjections.model_validate_json(snapshot.model_dump_json()) == snapshot
    memory.agents.submit_feedback(user_id="leo", agent_id=agent, source_id="a1", thumbs=-1)
    assert snapshot.aggregation.total_count == 1  # a snapshot: later feedback leaves it
    assert memory.agents.projections(agent).aggregation.total_count == 2


def test_metrics_decay_matches_the_pure_fold(memory: Memory, agent: str, clock: Clock) -> None:
    for i, thumbs in enumerate([1, -1, 1, 1, -1]):
        memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id=f"s{i}",
                                      thumbs=thumbs)
        clock.advance(days=2)
    events = memory.agents.feedback(agent, user_id="maya")
    expected = learning_metrics(events, clock.now)
    assert memory.agents.learning(agent).sentiment == pytest.approx(expected.sentiment)


@pytest.mark.parametrize("kwargs", [
    {"rating": 6}, {"rating": 0}, {"thumbs": 2}, {"reaction": "angry"},
    {"implicit": {"engagement_delta": 3.0}}, {"implicit": {"bogus": 1}},
    {"thumbs": 1, "reaction": "like"}, {},
    {"thumbs": 1, "message": "  \n"}, {"thumbs": 1, "message": "hi", "response": ""},
])
def test_bad_values_are_refused_and_nothing_is_written(
    memory: Memory, agent: str, kwargs: dict[str, object]
) -> None:
    with pytest.raises(InvalidInputError):
        memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1",
                                      **kwargs)  # type: ignore[arg-type]
    assert memory.agents.feedback(agent, user_id="maya") == []
    assert memory.agents.projections(agent).aggregation.total_count == 0


def test_unknown_agent_and_invalid_user(memory: Memory, agent: str) -> None:
    with pytest.raises(NotFoundError, match="register it first"):
        memory.agents.submit_feedback(user_id="maya", agent_id="ghost", source_id="m1", thumbs=1)
    with pytest.raises(InvalidInputError):
        memory.agents.submit_feedback(user_id="../x", agent_id=agent, source_id="m1", thumbs=1)
    with pytest.raises(NotFoundError):
        memory.agents.policy.get("ghost")
    with pytest.raises(InvalidInputError):
        memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1,
                                      channel="fax")


def test_duplicate_within_five_minutes_updates(memory: Memory, agent: str,
                                               clock: Clock) -> None:
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    clock.advance(minutes=3)
    again = memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1",
                                          thumbs=-1)
    assert again.action is DedupAction.UPDATE
    stored = memory.agents.feedback(agent, user_id="maya")
    assert len(stored) == 1 and stored[0].payload.value == -1  # type: ignore[union-attr]
    agg = memory.agents.projections(agent).aggregation
    assert (agg.total_count, agg.positive_count, agg.negative_count) == (1, 0, 1)
    assert memory.agents.learning(agent).sentiment == pytest.approx(-1.0)


def test_duplicate_after_the_window_is_refused(memory: Memory, agent: str,
                                               clock: Clock) -> None:
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", rating=4)
    clock.advance(minutes=6)
    with pytest.raises(DuplicateFeedbackError, match="5 minutes"):
        memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", rating=1)
    assert memory.agents.projections(agent).aggregation.total_count == 1
    # another type on the same message is a separate key
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", reaction="love")
    assert memory.agents.projections(agent).aggregation.total_count == 2


def test_feedback_is_private_to_its_author(memory: Memory, agent: str) -> None:
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1,
                                  text="lovely")
    assert memory.agents.feedback(agent, user_id="leo") == []
    assert len(memory.agents.feedback(agent, user_id="maya")) == 1
    # the agent partition cannot be named through the public API
    with pytest.raises(InvalidInputError):
        memory.get_all(user_id=partition(agent))
    assert memory.get_all(user_id="maya") == []  # nothing leaked into the user's memories


def test_owner_feedback_is_weighted_as_owner(memory: Memory, agent: str) -> None:
    memory.agents.submit_feedback(user_id="owner", agent_id=agent, source_id="m1", thumbs=1)
    [event] = memory.agents.feedback(agent, user_id="owner")
    assert event.source_kind is SourceKind.OWNER


def test_forget_anonymises_but_keeps_learning(memory: Memory, agent: str) -> None:
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1,
                                  message="my email is maya@example.com", response="noted")
    assert memory.agents.forget_feedback(agent, user_id="maya") == 1
    assert memory.agents.feedback(agent, user_id="maya") == []
    assert memory.agents.projections(agent).aggregation.total_count == 1


def test_delete_all_forgets_the_user_in_agent_partitions(memory: Memory, agent: str) -> None:
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1,
                                  message="my email is maya@example.com", response="noted")
    memory.agents.submit_feedback(user_id="leo", agent_id=agent, source_id="m1", thumbs=-1)
    memory.agents.record_session(agent, user_id="maya", duration_seconds=900)
    memory.add("I live in Berlin", user_id="maya")
    owner = partition(agent)
    before = memory.kernel.store().find(Query(user_id=owner))
    assert any(r.data.get("user_id") == "maya" for r in before)  # the session names her
    maya_rel, leo_rel = (stable_id(Kind.AGENT_RELATIONSHIP, agent, u) for u in ("maya", "leo"))
    assert {maya_rel, leo_rel} <= {r.id for r in before}

    assert memory.delete_all(user_id="maya") >= 1  # her turn (and any fact from it)
    assert memory.agents.feedback(agent, user_id="maya") == []
    after = memory.kernel.store().find(Query(user_id=owner))
    assert not any("maya" in json.dumps(r.data) for r in after)  # no id, no e-mail, no text
    assert maya_rel not in {r.id for r in after} and leo_rel in {r.id for r in after}
    # the other user's feedback and the agent's learning are intact
    assert len(memory.agents.feedback(agent, user_id="leo")) == 1
    assert memory.agents.projections(agent).aggregation.total_count == 2


def test_sessions_and_relationship(memory: Memory, agent: str) -> None:
    memory.agents.record_session(agent, user_id="maya", joined=True, invited=True)
    strength = memory.agents.record_session(agent, user_id="maya", duration_seconds=900)
    assert 0 < strength < 1
    agg = memory.agents.projections(agent).aggregation
    assert agg.sessions == 1 and agg.conversation_success_rate == 1.0
    with pytest.raises(InvalidInputError):
        memory.agents.record_session(agent, user_id="maya", duration_seconds=-5)


def test_ask_rules_and_cooldown(memory: Memory, agent: str, clock: Clock) -> None:
    start = clock.now
    clock.advance(minutes=4)
    first = memory.agents.should_ask_for_feedback(agent, user_id="maya", session_started_at=start,
                                                  agent_messages=6)
    assert first.ask and first.kind is not None and first.kind.value == "session"
    again = memory.agents.should_ask_for_feedback(agent, user_id="maya", session_started_at=start,
                                                  agent_messages=7)
    assert not (again.ask and again.kind is not None and again.kind.value == "session")
    memory.agents.register(agent, owner_id="owner", name="Mentor", role="support",
                           intensity="off")
    off = memory.agents.should_ask_for_feedback(agent, user_id="maya", session_started_at=start,
                                                agent_messages=10)
    assert not off.ask and "off" in off.reason
    clock.advance(days=1)
    assert memory.agents.get(agent).intensity.value == "off"


def test_batch_reports_duplicates_without_raising(memory: Memory, agent: str,
                                                  clock: Clock) -> None:
    from lucidmem.agents.feedback_model import ExplicitFeedback, FeedbackEvent
    from lucidmem.agents.submissions import FeedbackSubmission

    def sub(i: int, source: str) -> FeedbackSubmission:
        event = FeedbackEvent(id=f"e{i}", user_id="maya", agent_id=agent, source_id=source,
                              channel="chat",  # type: ignore[arg-type]
                              payload=ExplicitFeedback(thumbs=1), created_at=clock.now)
        return FeedbackSubmission(event)

    memory.agents.submit_feedback_batch([sub(0, "a")])
    clock.advance(minutes=10)
    receipts = memory.agents.submit_feedback_batch([sub(1, "a"), sub(2, "b")])
    assert [r.action for r in receipts] == [DedupAction.REJECT, DedupAction.INSERT]
    stored = memory.agents.feedback(agent, user_id="maya")
    assert [(e.id, e.source_id) for e in stored] == [("e0", "a"), ("e2", "b")]  # e1 refused
    assert memory.agents.projections(agent).aggregation.total_count == 2
