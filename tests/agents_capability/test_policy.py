"""Agent policy: bounds, platform rules, the updater (hand-computed) and the learning pause."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from lucidmem.agents.policy import (
    DEFAULT_TRAITS,
    Action,
    ActionPolicy,
    AgentPolicy,
    PlatformRule,
    Range,
    ReplyFrequency,
    RewardedBehaviour,
    SafetyBounds,
    bounds_for,
    clamp_policy,
    exploration_epsilon,
    is_within_bounds,
    learning_pause,
    update_policy,
)
from lucidmem.errors import InvalidInputError

NOW = datetime(2026, 1, 28, tzinfo=UTC)


def test_default_policy_is_within_default_bounds() -> None:
    policy = AgentPolicy()
    assert dict(policy.traits) == dict(DEFAULT_TRAITS)
    assert is_within_bounds(policy, bounds_for())
    with pytest.raises(ValidationError, match="frozen"):
        policy.traits = {"humor": 1.0}  # type: ignore[misc]


def test_platform_rule_support_agents_sarcasm() -> None:
    support = bounds_for("support")
    assert support.trait("sarcasm") == Range(0.0, 0.2)
    assert support.trait("empathy") == Range(0.3, 1.0)  # seed: empathy not below 0.3
    assert bounds_for("companion").trait("sarcasm") == Range(0.0, 1.0)
    sarcastic = AgentPolicy(traits={**DEFAULT_TRAITS, "sarcasm": 0.9, "empathy": 0.1})
    assert not is_within_bounds(sarcastic, support)
    clamped = clamp_policy(sarcastic, support)
    assert clamped.traits["sarcasm"] == 0.2 and clamped.traits["empathy"] == 0.3


def test_conflicting_rules_are_rejected() -> None:
    rules = (PlatformRule("kids", "empathy", maximum=0.2),)  # base says empathy >= 0.3
    with pytest.raises(InvalidInputError) as info:
        bounds_for("kids", rules=rules)
    assert info.value.field == "rules"
    with pytest.raises(InvalidInputError):
        Range(0.8, 0.2)


def test_update_hand_computed() -> None:
    policy = AgentPolicy(
        traits={"humor": 0.5, "sarcasm": 0.1, "empathy": 0.3},
        actions=ActionPolicy(reply_frequency=ReplyFrequency(group_large=0.2), post_probability=0.1),
    )
    behaviour = RewardedBehaviour(
        trait_rewards={"humor": 1.0, "sarcasm": -1.0, "empathy": -0.5, "wit": 1.0},
        action_rewards={Action.POST: 0.5, Action.REPLY_GROUP_LARGE: -0.4},
    )
    update = update_policy(policy, behaviour, bounds_for())
    new = update.policy
    assert new.traits["humor"] == pytest.approx(0.6)  # 0.5 + 0.1 * 1.0
    assert new.traits["sarcasm"] == pytest.approx(0.0)  # 0.1 - 0.1 = 0.0
    assert new.traits["empathy"] == 0.3  # 0.3 - 0.05 -> held at its minimum 0.3
    assert new.actions.post_probability == pytest.approx(0.15)  # 0.1 + 0.1 * 0.5
    assert new.actions.reply_frequency.group_large == pytest.approx(0.16)  # 0.2 - 0.04
    assert update.trait_deltas == pytest.approx({"humor": 0.1, "sarcasm": -0.1})
    assert update.action_deltas == pytest.approx(
        {Action.POST: 0.05, Action.REPLY_GROUP_LARGE: -0.04}
    )
    assert update.ignored_traits == ("wit",)
    assert new.version == policy.version + 1
    assert update.epsilon_delta == 0.0


def test_step_is_capped() -> None:
    policy = AgentPolicy(traits={"humor": 0.5})
    behaviour = RewardedBehaviour(trait_rewards={"humor": 1.0})
    # 0.9 * 1.0 = 0.9, capped at max_step 0.2 -> 0.7
    update = update_policy(policy, behaviour, bounds_for(), learning_rate=0.9)
    assert update.policy.traits["humor"] == pytest.approx(0.7)
    with pytest.raises(InvalidInputError):
        update_policy(policy, behaviour, bounds_for(), learning_rate=1.5)


def test_autonomy_rises_only_for_trusted_agents() -> None:
    policy = AgentPolicy(actions=ActionPolicy(max_autonomous_actions_per_day=2))
    good = RewardedBehaviour(action_rewards={Action.AUTONOMOUS: 0.8})
    bad = RewardedBehaviour(action_rewards={Action.AUTONOMOUS: -0.6})
    untrusted = update_policy(policy, good, bounds_for(trusted=False))
    trusted = update_policy(policy, good, bounds_for(trusted=True))
    lowered = update_policy(policy, bad, bounds_for(trusted=False))
    assert untrusted.policy.actions.max_autonomous_actions_per_day == 2
    assert trusted.policy.actions.max_autonomous_actions_per_day == 3
    assert trusted.action_deltas == {Action.AUTONOMOUS: 1.0}
    assert lowered.policy.actions.max_autonomous_actions_per_day == 1


def test_exploration_epsilon() -> None:
    # open question 19: 0.1, 0.05 after 100 interactions, more for low performers
    assert exploration_epsilon(0) == 0.1
    assert exploration_epsilon(99) == 0.1
    assert exploration_epsilon(100) == 0.05
    assert exploration_epsilon(150, average_reward=-0.2) == pytest.approx(0.1)
    policy = AgentPolicy(epsilon=0.1)
    update = update_policy(policy, RewardedBehaviour(interactions=200), bounds_for())
    assert update.policy.epsilon == 0.05 and update.epsilon_delta == pytest.approx(-0.05)


unit = st.floats(0, 1)
reward = st.floats(-1, 1)
trait_names = st.sampled_from([*DEFAULT_TRAITS, "playfulness"])
policies = st.builds(
    AgentPolicy,
    traits=st.dictionaries(trait_names, unit, min_size=1),
    actions=st.builds(
        ActionPolicy,
        reply_frequency=st.builds(ReplyFrequency, dm_with_owner=unit, dm_with_others=unit,
                                  group_small=unit, group_large=unit),
        post_probability=unit,
        invite_probability=unit,
        max_autonomous_actions_per_day=st.integers(0, 40),
    ),
    epsilon=unit,
)
behaviours = st.builds(
    RewardedBehaviour,
    trait_rewards=st.dictionaries(trait_names, reward),
    action_rewards=st.dictionaries(st.sampled_from(list(Action)), reward),
    interactions=st.one_of(st.none(), st.integers(0, 500)),
    average_reward=reward,
)
bounds = st.builds(
    bounds_for, st.sampled_from([None, "support", "companion"]), trusted=st.booleans()
)


@given(policies, behaviours, bounds, st.floats(0, 1))
def test_updates_never_leave_bounds(
    policy: AgentPolicy, behaviour: RewardedBehaviour, limits: SafetyBounds, rate: float
) -> None:
    update = update_policy(policy, behaviour, limits, rate)
    assert is_within_bounds(update.policy, limits)
    for name, delta in update.trait_deltas.items():
        assert update.policy.traits[name] == pytest.approx(policy.traits[name] + delta)
    assert set(update.policy.traits) == set(policy.traits)
    if not limits.trusted:
        before = min(policy.actions.max_autonomous_actions_per_day, 20)
        assert update.policy.actions.max_autonomous_actions_per_day <= before


@given(policies, st.lists(behaviours, max_size=5), bounds)
def test_repeated_updates_stay_in_bounds(
    policy: AgentPolicy, steps: list[RewardedBehaviour], limits: SafetyBounds
) -> None:
    for behaviour in steps:
        policy = update_policy(policy, behaviour, limits).policy
        assert is_within_bounds(policy, limits)


def days(n: float) -> datetime:
    return NOW + timedelta(days=n)


def test_learning_pauses_after_seven_days_below_minus_half() -> None:
    history = [(days(0), -0.6), (days(3), -0.7), (days(5), -0.55)]
    paused = learning_pause(history, days(7))
    assert paused.paused and paused.alert_owner and paused.below_since == days(0)
    assert not learning_pause(history, days(6.9)).paused
    recovered = [*history, (days(6), -0.4)]
    assert not learning_pause(recovered, days(10)).paused
    relapse = [*recovered, (days(8), -0.9)]
    assert not learning_pause(relapse, days(14)).paused
    assert learning_pause(relapse, days(15)).paused


def test_learning_pause_edge_cases() -> None:
    assert not learning_pause([], NOW).paused
    assert not learning_pause([(days(0), -0.5)], days(30)).paused  # not *under* -0.5
    future = [(days(0), 0.2), (days(20), -0.9)]
    assert not learning_pause(future, days(10)).paused  # samples after now are ignored
    unsorted = [(days(5), -0.8), (days(0), -0.9)]
    assert learning_pause(unsorted, days(7)).below_since == days(0)


def test_policy_values_are_validated() -> None:
    with pytest.raises(InvalidInputError) as info:
        AgentPolicy(traits={"humor": 1.5})
    assert info.value.field == "traits['humor']"
    with pytest.raises(InvalidInputError) as info:
        AgentPolicy(epsilon=float("nan"))
    assert info.value.field == "epsilon"
