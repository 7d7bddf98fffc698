"""The hourly aggregates over what behaviour learning really stores (not hand-made records)."""

from __future__ import annotations

import statistics
from datetime import datetime

import pytest

from lucidmem import Memory
from lucidmem.observability import read_aggregates

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"


def test_skill_retention_is_the_variance_of_each_skills_confidence(memory: Memory) -> None:
    """Skill retention (seed: "confidence score stability over time") comes from the
    confidences the feedback path records: before this fix it read the audit trail of
    ``skill_stats``, which is written without audit rows, and was always None."""
    memory.skills.enable(user_id="maya")
    series: dict[str, list[float]] = {}
    for reward in (1, -1, 1, 1, -1, 0):
        sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
        result = memory.skills.feedback(sel.id, user_id="maya", reward=reward)
        assert result.old_confidence is not None and result.new_confidence is not None
        confidences = series.setdefault(sel.skill.id, [result.old_confidence])
        assert confidences[-1] == result.old_confidence  # one unbroken series per skill
        confidences.append(result.new_confidence)
    agg = read_aggregates(memory.kernel.store(), start=0, end=memory.kernel.now() + 1)
    assert agg.feedback_events == 6
    assert agg.skills_tracked == len(series)
    assert agg.skill_retention == pytest.approx(
        statistics.fmean(statistics.pvariance(s) for s in series.values()))
    assert agg.skill_retention is not None and agg.skill_retention > 0


def test_skill_retention_is_none_without_feedback(memory: Memory) -> None:
    memory.skills.enable(user_id="maya")
    memory.skills.select(CODE, user_id="maya", when=MORNING)
    agg = read_aggregates(memory.kernel.store(), start=0, end=memory.kernel.now() + 1)
    assert agg.skill_retention is None and agg.skills_tracked == 0
