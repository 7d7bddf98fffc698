"""Outcomes, incremental profiles, insights and should_suggest on real storage."""

from __future__ import annotations

from pathlib import Path

import pytest

from lucidmem import InvalidInputError, Memory, NotFoundError


def test_profile_updates_incrementally_and_matches_recompute(memory: Memory) -> None:
    outcomes = memory.agents.outcomes
    for outcome in ["rejected", "rejected", "rejected", "accepted", "ignored"]:
        kind = "reduce_source" if outcome != "accepted" else "add_filter"
        profile = outcomes.record(user_id="maya", suggestion_type=kind, outcome=outcome)
    assert profile.total_outcomes == 5
    assert "never_accepts:reduce_source" in profile.patterns
    assert outcomes.recompute(user_id="maya") == outcomes.profile(user_id="maya")


def test_should_suggest_says_no_with_evidence(memory: Memory) -> None:
    outcomes = memory.agents.outcomes
    assert outcomes.should_suggest("reduce_source", user_id="maya").allowed
    for _ in range(3):
        outcomes.record(user_id="maya", suggestion_type="reduce_source", outcome="rejected")
    decision = outcomes.should_suggest("reduce_source", user_id="maya")
    assert not decision.allowed and "never accepted" in decision.reason
    assert decision.evidence is not None and decision.evidence.rejected == 3
    with pytest.raises(InvalidInputError):
        outcomes.should_suggest(" ", user_id="maya")
    with pytest.raises(InvalidInputError):
        outcomes.record(user_id="maya", suggestion_type="x", outcome="maybe")


def test_agent_profiles_and_insights_file(memory: Memory, agent: str, data_dir: Path) -> None:
    outcomes = memory.agents.outcomes
    outcomes.record(user_id="maya", suggestion_type="post", outcome="accepted", agent_id=agent)
    outcomes.record(user_id="leo", suggestion_type="post", outcome="rejected", agent_id=agent)
    assert outcomes.profile(user_id="maya", agent_id=agent).total_outcomes == 2
    with pytest.raises(NotFoundError):
        outcomes.record(user_id="maya", suggestion_type="post", outcome="accepted",
                        agent_id="ghost")
    assert outcomes.insights() is None  # never rendered
    text = outcomes.render_insights()
    assert "## maya" in text and f"## {agent}" in text
    assert outcomes.insights() == text  # kept in the store, not in a file
    assert not (data_dir / "insights").exists()
    anonymous = outcomes.render_insights(data_dir / "anon.md", anonymise=True)
    assert "maya" not in anonymous and "subject 1" in anonymous
    assert (data_dir / "anon.md").read_text() == anonymous == outcomes.insights(anonymise=True)
    assert outcomes.insights() == text  # the two settings are kept apart
