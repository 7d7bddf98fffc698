"""Computed profiles (config-advisor seed): stats, patterns, trends, insights, should_suggest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lucidmem.agents.profiles import (
    Outcome,
    OutcomeKind,
    PreferenceProfile,
    TypeStats,
    compute_profile,
    confidence_label,
    empty_profile,
    render_insights,
    should_suggest,
    update_profile,
)
from lucidmem.errors import InvalidInputError

T0 = datetime(2026, 1, 14, 10, 30, tzinfo=UTC)
A, R, IGN = OutcomeKind.ACCEPTED, OutcomeKind.REJECTED, OutcomeKind.IGNORED


def outcomes_for(counts: dict[str, tuple[int, int]], user: str = "abc123") -> list[Outcome]:
    result: list[Outcome] = []
    for kind, (accepted, rejected) in counts.items():
        for o in [A] * accepted + [R] * rejected:
            result.append(Outcome(user, kind, o, T0 + timedelta(hours=12 * len(result))))
    return result


# The seed's "Profile Structure" example.
SEED = {
    "add_topic": (8, 2),
    "remove_topic": (1, 5),
    "boost_source": (4, 3),
    "reduce_source": (0, 6),
}


def seed_profile() -> PreferenceProfile:
    return reduce(update_profile, outcomes_for(SEED), empty_profile("abc123"))


def test_seed_example_rates_and_confidence() -> None:
    stats = seed_profile().stats
    expected = {
        "add_topic": (0.80, "high"),  # 8 / 10
        "remove_topic": (0.17, "medium"),  # 1 / 6
        "boost_source": (0.57, "medium"),  # 4 / 7
        "reduce_source": (0.00, "high"),  # 0 / 6, unanimous
    }
    for kind, (rate, confidence) in expected.items():
        assert stats[kind].rate == pytest.approx(rate, abs=0.005)
        assert stats[kind].confidence == confidence


def test_confidence_rule() -> None:
    assert confidence_label(2, 1.0) == "low"
    assert confidence_label(3, 1.0) == "medium"
    assert confidence_label(5, 1.0) == "high"
    assert confidence_label(9, 0.5) == "medium"
    assert confidence_label(10, 0.5) == "high"
    assert TypeStats(ignored=4).rate is None and TypeStats(ignored=4).confidence == "low"


def test_seed_example_patterns() -> None:
    assert seed_profile().patterns == (
        "never_accepts:reduce_source",
        "usually_accepts:add_topic",
        "usually_rejects:remove_topic",
    )


def test_should_suggest_with_evidence() -> None:
    profile = seed_profile()
    no = should_suggest(profile, "reduce_source")
    assert not no.allowed
    assert no.reason == "never accepted reduce_source in 6 tries"
    assert no.evidence == TypeStats(accepted=0, rejected=6, ignored=0)
    assert should_suggest(profile, "add_topic").allowed
    assert should_suggest(profile, "rename_topic").allowed
    # a high-confidence low rate blocks only when asked to
    assert should_suggest(profile, "remove_topic", min_rate=0.2).allowed  # medium confidence
    strict = should_suggest(profile, "add_topic", min_rate=0.9)
    assert not strict.allowed and "8 of 10" in strict.reason
    few = reduce(update_profile, outcomes_for({"x": (0, 2)}), empty_profile("abc123"))
    assert should_suggest(few, "x").allowed  # 2 tries are not enough evidence


def test_ignored_outcomes_are_not_decisions() -> None:
    events = [Outcome("u", "add_topic", IGN, T0 + timedelta(hours=n)) for n in range(5)]
    profile = compute_profile("u", events)
    assert profile.stats["add_topic"] == TypeStats(accepted=0, rejected=0, ignored=5)
    assert should_suggest(profile, "add_topic").allowed
    assert profile.patterns == ()


def test_trends() -> None:
    def at(n: int) -> datetime:
        return T0 + timedelta(hours=n)

    shifting = compute_profile(
        "u", [Outcome("u", "t", R if n < 10 else A, at(n)) for n in range(20)]
    )
    assert shifting.trends.preference_stability == "shifting"  # recent 1.0 vs overall 0.5
    assert shifting.trends.engagement == "stable"
    assert shifting.trends.suggestions_per_week == 20.0  # 19 hours < 1 week -> 20 / 1
    fading = compute_profile(
        "u", [Outcome("u", "t", A if n < 10 else IGN, at(n)) for n in range(20)]
    )
    assert fading.trends.engagement == "decreasing"  # 0/10 decided vs 10/20
    assert fading.trends.preference_stability == "unknown"
    spread = compute_profile(
        "u", [Outcome("u", "t", A, T0 + timedelta(days=7 * n)) for n in range(5)]
    )
    assert spread.trends.suggestions_per_week == 1.25  # 5 outcomes over 4 weeks
    assert spread.trends.preference_stability == "stable"
    assert empty_profile("u").trends.engagement == "unknown"


def test_update_rejects_another_subject_and_bad_outcomes() -> None:
    with pytest.raises(InvalidInputError) as info:
        update_profile(empty_profile("u1"), Outcome("u2", "t", A, T0))
    assert info.value.field == "outcome"
    with pytest.raises(InvalidInputError) as info:
        Outcome("u1", "t", "maybe", T0)  # type: ignore[arg-type]
    assert info.value.field == "outcome"
    with pytest.raises(InvalidInputError):
        Outcome("u1", "", A, T0)


def test_insights_markdown() -> None:
    other = compute_profile("zed", outcomes_for({"reduce_source": (0, 3)}, user="zed"))
    text = render_insights([other, seed_profile()])
    assert text.startswith("# Learned patterns\n")
    assert text.index("## abc123") < text.index("## zed")
    assert "| reduce_source | 0 | 6 | 0 | 0% | high |" in text
    assert "| add_topic | 8 | 2 | 0 | 80% | high |" in text
    assert "- never_accepts: reduce_source — 2 of 2" in text
    assert text == render_insights([seed_profile(), other])  # deterministic
    anonymous = render_insights([other, seed_profile()], anonymise=True)
    assert "abc123" not in anonymous and "zed" not in anonymous and "## subject 2" in anonymous
    assert "No outcomes recorded yet." in render_insights([])


outcome_lists = st.lists(
    st.builds(
        Outcome,
        st.just("u"),
        st.sampled_from(["add_topic", "remove_topic", "boost_source", "reduce_source"]),
        st.sampled_from(list(OutcomeKind)),
        st.integers(0, 60 * 24 * 90).map(lambda m: T0 + timedelta(minutes=m)),
    ),
    max_size=40,
)


@given(outcome_lists, st.integers(1, 15))
def test_incremental_profile_equals_full_recompute(outcomes: list[Outcome], window: int) -> None:
    incremental = empty_profile("u")
    for n, outcome in enumerate(outcomes, start=1):
        incremental = update_profile(incremental, outcome, window=window)
        recomputed = compute_profile("u", outcomes[:n], window=window)
        assert incremental == recomputed
        assert incremental.patterns == recomputed.patterns
        assert incremental.trends == recomputed.trends
    assert incremental.total_outcomes == len(outcomes)
    for kind in ("add_topic", "reduce_source"):
        decision = should_suggest(incremental, kind)
        stats = incremental.stats.get(kind)
        never = stats is not None and stats.accepted == 0 and stats.decided >= 3
        assert decision.allowed is not never
