"""A naive datetime means UTC in the agents capability, as everywhere in lucidmem."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from lucidmem import Memory

NAIVE = datetime(2026, 2, 27, 12, 0)  # before the test clock's now (2026-03-01 12:00 UTC)
INSTANT = NAIVE.replace(tzinfo=UTC)


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The process runs in Berlin (UTC+1 in winter): local time is not UTC."""
    before = os.environ.get("TZ")
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    assert NAIVE.timestamp() != INSTANT.timestamp()  # the zone really is in effect
    yield
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_naive_outcome_time_is_utc(berlin: None, memory: Memory) -> None:
    outcomes = memory.agents.outcomes
    recorded = outcomes.record(user_id="maya", suggestion_type="reduce_source",
                               outcome="rejected", at=NAIVE)
    assert recorded.first_outcome_at == INSTANT
    assert outcomes.profile(user_id="maya").first_outcome_at == INSTANT


def test_naive_action_time_is_utc(berlin: None, memory: Memory, agent: str) -> None:
    memory.agents.record_action(agent, "a1", traits=["humor"], at=NAIVE)
    [remembered] = memory.agents.projections(agent).history.last_n_actions
    assert remembered.action.at == INSTANT


def test_naive_session_start_is_utc(berlin: None, memory: Memory, agent: str) -> None:
    started = datetime(2026, 3, 1, 11, 56)  # 4 minutes before the clock's now, in UTC
    decision = memory.agents.should_ask_for_feedback(agent, user_id="maya",
                                                     session_started_at=started,
                                                     agent_messages=6)
    assert decision.ask and "session 240s" in decision.reason
