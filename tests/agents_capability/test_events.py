"""The event bus and its durable outbox: crash safety, at-least-once, idempotent handlers."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from lucidmem import InvalidInputError, Memory
from lucidmem.agents.events import (
    AGENT_LEARNING_UPDATED,
    FEEDBACK_CREATED,
    SKILL_SELECTED,
    Event,
)
from lucidmem.embedding import E5Embedder
from lucidmem.scheduler.core import JobContext

from .conftest import Clock


def test_subscribers_receive_the_seed_topics(memory: Memory, agent: str) -> None:
    seen: list[Event] = []
    memory.agents.events.subscribe("*", seen.append)
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", rating=5)
    assert [e.topic for e in seen] == [FEEDBACK_CREATED, AGENT_LEARNING_UPDATED]
    assert seen[0].payload["source_id"] == "m1" and seen[0].payload["value"] == 0.8
    learning = seen[1].payload
    assert learning["agentId"] == agent and learning["ownerUserId"] == "owner"
    assert learning["feedbackStats"]["totalFeedback"] == 1
    assert memory.agents.events.pending() == []
    memory.agents.events.publish(SKILL_SELECTED, {"skill": "balanced_answer"})
    assert seen[-1].topic == SKILL_SELECTED


def test_outbox_survives_a_crash_before_dispatch(data_dir: Path, embedder: E5Embedder,
                                                 clock: Clock) -> None:
    first = Memory(data_dir, embedder=embedder, clock=clock)
    first.agents.register("a1", owner_id="owner", name="A1")
    first.agents.events.auto_dispatch = False
    lost: list[Event] = []
    first.agents.events.subscribe("*", lost.append)
    first.agents.submit_feedback(user_id="maya", agent_id="a1", source_id="m1", thumbs=1)
    first.agents.submit_feedback(user_id="maya", agent_id="a1", source_id="m2", thumbs=-1)
    pending = [e.id for e in first.agents.events.pending()]
    assert len(pending) == 4 and lost == []
    first.close()  # "crash": the state was committed, the events were never delivered

    second = Memory(data_dir, embedder=embedder, clock=clock)
    got: list[Event] = []
    second.agents.events.subscribe("*", got.append)
    report = second.agents.events.dispatch()
    assert report.delivered == 4 and [e.id for e in got] == pending
    assert second.agents.projections("a1").aggregation.total_count == 2  # the state is there
    assert second.agents.events.dispatch().delivered == 0  # delivered exactly once when all is well
    second.close()


def test_idempotent_handler_runs_once_per_event(memory: Memory, agent: str) -> None:
    calls: list[str] = []
    handler = memory.agents.events.idempotent("counter", lambda e: calls.append(e.id))
    memory.agents.events.subscribe(FEEDBACK_CREATED, handler)
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    event = calls[0]
    # at-least-once: the same event delivered again (e.g. crash before it was marked)
    redelivered = Event(id=event, topic=FEEDBACK_CREATED, payload={},
                        created_at=memory.kernel.clock(), context="personal")
    handler(redelivered)
    memory.agents.events.deliver(redelivered)
    assert calls == [event]


def test_events_carry_aware_times_and_delivered_ones_are_purged(memory: Memory, agent: str,
                                                              clock: Clock) -> None:
    seen: list[Event] = []
    memory.agents.events.subscribe(FEEDBACK_CREATED, seen.append)
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    [event] = seen
    assert event.created_at == clock.now and event.created_at.tzinfo is not None
    clock.advance(days=8)
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m2", thumbs=1)
    week_ago = clock.now - timedelta(days=7)
    assert memory.agents.events.purge_delivered(older_than=week_ago) == 2  # the first two
    assert memory.agents.events.purge_delivered(older_than=week_ago.replace(tzinfo=None)) == 0
    with pytest.raises(InvalidInputError):
        memory.agents.events.purge_delivered(older_than=0.0)  # type: ignore[arg-type]


def test_failing_handler_keeps_the_event_pending_then_dead(memory: Memory, agent: str) -> None:
    memory.agents.events.max_attempts = 3
    state = {"fail": True}
    received: list[str] = []

    def flaky(event: Event) -> None:
        if state["fail"]:
            raise RuntimeError("downstream is down")
        received.append(event.topic)

    memory.agents.events.subscribe(FEEDBACK_CREATED, flaky)
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    [pending] = memory.agents.events.pending()
    assert pending.topic == FEEDBACK_CREATED
    memory.agents.events.dispatch()
    report = memory.agents.events.dispatch()
    assert report.dead == 1 and "downstream is down" in report.errors[0]
    assert memory.agents.events.pending() == []
    state["fail"] = False
    assert memory.agents.events.redeliver_dead() == 1
    assert memory.agents.events.dispatch().delivered == 1 and received == [FEEDBACK_CREATED]


def test_a_broker_adapter_replaces_the_transport(memory: Memory, agent: str) -> None:
    class RecordingBroker:
        """What a Kafka adapter would do: produce, and let a consumer call deliver()."""

        def __init__(self) -> None:
            self.produced: list[Event] = []

        def publish(self, event: Event) -> None:
            self.produced.append(event)

    broker = RecordingBroker()
    memory.agents.events.broker = broker
    handled: list[str] = []
    memory.agents.events.subscribe(FEEDBACK_CREATED, lambda e: handled.append(e.id))
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    assert [e.topic for e in broker.produced] == [FEEDBACK_CREATED, AGENT_LEARNING_UPDATED]
    assert handled == []
    memory.agents.events.deliver(broker.produced[0])  # the consumer side
    assert handled == [broker.produced[0].id]


def test_jobs_use_only_the_run_context(memory: Memory, agent: str, clock: Clock) -> None:
    memory.agents.events.auto_dispatch = False
    memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id="m1", thumbs=1)
    jobs = {j.name: j for j in memory.agents.jobs()}
    assert set(jobs) == {"agent_training_triggers", "agent_outbox_dispatch"}
    assert jobs["agent_training_triggers"].needs_idle
    run = cast(JobContext, SimpleNamespace(now=clock.now, context=None))  # no memory in it
    assert jobs["agent_outbox_dispatch"].fn(run) == {"delivered": 2, "failed": 0, "dead": 0}
    assert memory.agents.events.pending() == []
    summary = jobs["agent_training_triggers"].fn(run)
    assert summary == {agent: "skipped: 1 positive feedbacks < 100"}
