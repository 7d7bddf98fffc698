"""Outcomes, incremental profiles, insights and should_suggest on real storage."""

from __future__ import annotations

from pathlib import Path

import pytest

from lucidmem import InvalidInputError, Memory, NotFoundError


def test_profile_updates_incrementally_and_matches_recompute(memory: Memory) -> None:
    for outcome in ["rejected", "rejected", "rejected", "accepted", "ignored"]:
        kind = "reduce_source" if outcome != "accepted" else "add_filter"
        profile = memory.record_outcome("maya", kind, outcome)
    assert profile.total_outcomes == 5
    assert "never_accepts:reduce_source" in profile.patterns
    assert memory.recompute_profile("maya") == memory.preference_profile("maya")


def test_should_suggest_says_no_with_evidence(memory: Memory) -> None:
    assert memory.should_suggest("maya", "reduce_source").allowed
    for _ in range(3):
        memory.record_outcome("maya", "reduce_source", "rejected")
    decision = memory.should_suggest("maya", "reduce_source")
    assert not decision.allowed and "never accepted" in decision.reason
    assert decision.evidence is not None and decision.evidence.rejected == 3
    with pytest.raises(InvalidInputError):
        memory.should_suggest("maya", " ")
    with pytest.raises(InvalidInputError):
        memory.record_outcome("maya", "x", "maybe")


def test_agent_profiles_and_insights_file(memory: Memory, agent: str, data_dir: Path) -> None:
    memory.record_outcome("maya", "post", "accepted", agent_id=agent)
    memory.record_outcome("leo", "post", "rejected", agent_id=agent)
    assert memory.preference_profile("maya", agent_id=agent).total_outcomes == 2
    with pytest.raises(NotFoundError):
        memory.record_outcome("maya", "post", "accepted", agent_id="ghost")
    text = memory.render_insights()
    written = (data_dir / "insights" / "personal.md").read_text()
    assert text == written and "## maya" in text and f"## {agent}" in text
    anonymous = memory.render_insights(data_dir / "anon.md", anonymise=True)
    assert "maya" not in anonymous and "subject 1" in anonymous
