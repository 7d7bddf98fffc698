"""The agent behaviour policy, its safety bounds, the policy updater and the learning pause.

Seed: ``seeds/agent-feedback-rlhf.md`` — "Data Models / Agent Policy Model"
(``AgentBehaviorPolicy``: traits, action policy, exploration ε), "Policy Update Flow" steps 4–5
(trait and action deltas; min/max bounds such as "empathy not below 0.3", platform rules such
as "support agents can't be too sarcastic", autonomy increases only for trusted agents),
open question 19 (ε starts at 0.1, decays to 0.05 after 100 interactions, more exploration for
low performers) and open question 17 / "Alerts" (pause learning and alert the owner when
sentiment stays below −0.5 for 7 days).

Pure functions of immutable values; versioning, history and rollback belong to the store.
The policy itself (:class:`AgentPolicy`, with :class:`ActionPolicy` and :class:`ReplyFrequency`)
is a frozen pydantic model, as the agents capability returns it; the rest is internal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from lucidmem.errors import InvalidInputError

__all__ = [
    "DEFAULT_LEARNING_RATE",
    "DEFAULT_MAX_STEP",
    "DEFAULT_PLATFORM_RULES",
    "DEFAULT_TRAITS",
    "DEFAULT_TRAIT_BOUNDS",
    "Action",
    "ActionPolicy",
    "AgentPolicy",
    "ConversationKind",
    "LearningPause",
    "PlatformRule",
    "PolicyUpdate",
    "Range",
    "ReplyFrequency",
    "RewardedBehaviour",
    "SafetyBounds",
    "action_values",
    "bounds_for",
    "clamp_policy",
    "exploration_epsilon",
    "is_within_bounds",
    "learning_pause",
    "update_policy",
]

DEFAULT_LEARNING_RATE = 0.1  # seed example: humor +0.1 after positively rewarded humour
DEFAULT_MAX_STEP = 0.2  # largest change of one value in one update (seed example: sarcasm −0.2)

#: Starting traits in [0, 1]; the seed's six plus brevity (used by the compiler) and
#: assertiveness (seed Phase C). Any other trait name may be added.
DEFAULT_TRAITS: Mapping[str, float] = MappingProxyType(
    {
        "humor": 0.5,
        "empathy": 0.7,
        "sarcasm": 0.1,
        "directness": 0.5,
        "formality": 0.4,
        "curiosity": 0.5,
        "brevity": 0.5,
        "assertiveness": 0.5,
    }
)


@dataclass(frozen=True, slots=True)
class Range:
    """A closed interval ``[minimum, maximum]``."""

    minimum: float = 0.0
    maximum: float = 1.0

    def __post_init__(self) -> None:
        if not self.minimum <= self.maximum:
            raise InvalidInputError(
                f"range: minimum {self.minimum} exceeds maximum {self.maximum}", field="range"
            )

    def clamp(self, value: float) -> float:
        """``value`` limited to the range."""
        return max(self.minimum, min(self.maximum, value))


class ConversationKind(StrEnum):
    """The seed's reply-frequency contexts."""

    DM_WITH_OWNER = "dm_with_owner"
    DM_WITH_OTHERS = "dm_with_others"
    GROUP_SMALL = "group_small"
    GROUP_LARGE = "group_large"


class ReplyFrequency(BaseModel):
    """Probability of replying, per conversation kind (seed ``replyFrequency``)."""

    model_config = ConfigDict(frozen=True)

    dm_with_owner: float = 1.0
    dm_with_others: float = 0.8
    group_small: float = 0.5
    group_large: float = 0.2

    def for_kind(self, kind: ConversationKind) -> float:
        """The reply probability for ``kind``."""
        value: float = getattr(self, kind.value)
        return value


class ActionPolicy(BaseModel):
    """Seed ``actionPolicy``."""

    model_config = ConfigDict(frozen=True)

    reply_frequency: ReplyFrequency = Field(default_factory=ReplyFrequency)
    post_probability: float = 0.1
    invite_probability: float = 0.05
    max_autonomous_actions_per_day: int = 0


class AgentPolicy(BaseModel):
    """Seed ``AgentBehaviorPolicy``; ``traits`` is an open mapping of trait → [0, 1]."""

    model_config = ConfigDict(frozen=True)

    traits: dict[str, float] = Field(default_factory=lambda: dict(DEFAULT_TRAITS))
    actions: ActionPolicy = Field(default_factory=ActionPolicy)
    epsilon: float = 0.1
    version: int = 1
    updated_by: str = "lucidmem"

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        traits = data.get("traits", DEFAULT_TRAITS)
        for name, value in {**traits, "epsilon": data.get("epsilon", 0.1)}.items():
            if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                where = "epsilon" if name == "epsilon" else f"traits[{name!r}]"
                raise InvalidInputError(f"{where}: {value!r} is not in [0, 1]", field=where)
        return {**data, "traits": dict(traits)}


class Action(StrEnum):
    """Actions whose rewards move the action policy."""

    REPLY_DM_WITH_OWNER = "reply_dm_with_owner"
    REPLY_DM_WITH_OTHERS = "reply_dm_with_others"
    REPLY_GROUP_SMALL = "reply_group_small"
    REPLY_GROUP_LARGE = "reply_group_large"
    POST = "post"
    INVITE = "invite"
    AUTONOMOUS = "autonomous"


@dataclass(frozen=True, slots=True)
class PlatformRule:
    """A platform-wide limit on one trait for agents of a role, e.g. support: sarcasm ≤ 0.2."""

    role: str
    trait: str
    minimum: float = 0.0
    maximum: float = 1.0


DEFAULT_TRAIT_BOUNDS: Mapping[str, Range] = MappingProxyType({"empathy": Range(0.3, 1.0)})
DEFAULT_PLATFORM_RULES: tuple[PlatformRule, ...] = (
    PlatformRule("support", "sarcasm", maximum=0.2),
)


@dataclass(frozen=True, slots=True)
class SafetyBounds:
    """Where a policy may go. Traits without an entry in ``traits`` are bounded by [0, 1]."""

    traits: Mapping[str, Range] = field(default_factory=lambda: dict(DEFAULT_TRAIT_BOUNDS))
    probabilities: Range = field(default_factory=Range)
    epsilon: Range = field(default_factory=lambda: Range(0.0, 0.3))
    autonomy: Range = field(default_factory=lambda: Range(0, 20))
    trusted: bool = False

    def trait(self, name: str) -> Range:
        """The range of trait ``name``."""
        return self.traits.get(name, Range())


def bounds_for(
    role: str | None = None,
    *,
    trusted: bool = False,
    rules: Iterable[PlatformRule] = DEFAULT_PLATFORM_RULES,
    base: Mapping[str, Range] = DEFAULT_TRAIT_BOUNDS,
) -> SafetyBounds:
    """Bounds for an agent of ``role``: the base trait ranges narrowed by the role's rules."""
    traits = dict(base)
    for rule in rules:
        if rule.role != role:
            continue
        current = traits.get(rule.trait, Range())
        low, high = max(current.minimum, rule.minimum), min(current.maximum, rule.maximum)
        if low > high:
            raise InvalidInputError(
                f"rules: {rule.role}/{rule.trait} [{rule.minimum}, {rule.maximum}] does not "
                f"overlap [{current.minimum}, {current.maximum}]; fix one of them",
                field="rules",
            )
        traits[rule.trait] = Range(low, high)
    return SafetyBounds(traits=traits, trusted=trusted)


def action_values(actions: ActionPolicy) -> dict[Action, float]:
    """The action policy as one number per :class:`Action`."""
    rf = actions.reply_frequency
    return {
        Action.REPLY_DM_WITH_OWNER: rf.dm_with_owner,
        Action.REPLY_DM_WITH_OTHERS: rf.dm_with_others,
        Action.REPLY_GROUP_SMALL: rf.group_small,
        Action.REPLY_GROUP_LARGE: rf.group_large,
        Action.POST: actions.post_probability,
        Action.INVITE: actions.invite_probability,
        Action.AUTONOMOUS: float(actions.max_autonomous_actions_per_day),
    }


def _actions_from(values: Mapping[Action, float], bounds: SafetyBounds) -> ActionPolicy:
    p = bounds.probabilities.clamp
    return ActionPolicy(
        reply_frequency=ReplyFrequency(
            dm_with_owner=p(values[Action.REPLY_DM_WITH_OWNER]),
            dm_with_others=p(values[Action.REPLY_DM_WITH_OTHERS]),
            group_small=p(values[Action.REPLY_GROUP_SMALL]),
            group_large=p(values[Action.REPLY_GROUP_LARGE]),
        ),
        post_probability=p(values[Action.POST]),
        invite_probability=p(values[Action.INVITE]),
        max_autonomous_actions_per_day=int(bounds.autonomy.clamp(values[Action.AUTONOMOUS])),
    )


def clamp_policy(policy: AgentPolicy, bounds: SafetyBounds) -> AgentPolicy:
    """``policy`` with every value projected into ``bounds`` (same version)."""
    return AgentPolicy(  # validated again, as the bounds may be any ranges
        traits={name: bounds.trait(name).clamp(v) for name, v in policy.traits.items()},
        actions=_actions_from(action_values(policy.actions), bounds),
        epsilon=bounds.epsilon.clamp(policy.epsilon),
        version=policy.version,
        updated_by=policy.updated_by,
    )


def is_within_bounds(policy: AgentPolicy, bounds: SafetyBounds) -> bool:
    """Whether no value of ``policy`` lies outside ``bounds``."""
    return clamp_policy(policy, bounds) == policy


@dataclass(frozen=True, slots=True)
class RewardedBehaviour:
    """Mean rewards (in [-1, 1]) observed when traits were expressed and actions taken.

    ``interactions`` and ``average_reward``, when given, also set ε (open question 19).
    """

    trait_rewards: Mapping[str, float] = field(default_factory=dict)
    action_rewards: Mapping[Action, float] = field(default_factory=dict)
    interactions: int | None = None
    average_reward: float = 0.0


@dataclass(frozen=True, slots=True)
class PolicyUpdate:
    """A new policy and the deltas actually applied (after bounds)."""

    policy: AgentPolicy
    trait_deltas: Mapping[str, float]
    action_deltas: Mapping[Action, float]
    epsilon_delta: float
    ignored_traits: tuple[str, ...] = ()


def exploration_epsilon(
    interactions: int,
    average_reward: float = 0.0,
    *,
    start: float = 0.1,
    floor: float = 0.05,
    decay_after: int = 100,
    low_performance_reward: float = 0.0,
    low_performance_boost: float = 0.05,
) -> float:
    """Open question 19: ε = 0.1, 0.05 after 100 interactions, +0.05 when the mean reward < 0."""
    epsilon = start if interactions < decay_after else floor
    if average_reward < low_performance_reward:
        epsilon += low_performance_boost
    return epsilon


def _step(reward: float, learning_rate: float, max_step: float) -> float:
    return max(-max_step, min(max_step, learning_rate * max(-1.0, min(1.0, reward))))


AUTONOMY_REWARD_THRESHOLD = 0.5  # |mean reward| at which the autonomy limit moves by 1


def update_policy(
    policy: AgentPolicy,
    rewarded_behaviour: RewardedBehaviour,
    bounds: SafetyBounds,
    learning_rate: float = DEFAULT_LEARNING_RATE,
    *,
    max_step: float = DEFAULT_MAX_STEP,
    updated_by: str = "lucidmem",
) -> PolicyUpdate:
    """Move each value by ``learning_rate · reward`` (capped at ``max_step``), within bounds.

    The starting policy is first projected into ``bounds``, so the result is always inside
    them. The autonomy limit moves by ±1 when its mean reward reaches ±0.5, and only rises for
    trusted agents. Rewards for traits the policy does not have are reported, not applied.
    """
    if not 0.0 <= learning_rate <= 1.0:
        raise InvalidInputError("learning_rate: must be in [0, 1], e.g. 0.1", field="learning_rate")
    start = clamp_policy(policy, bounds)
    traits = dict(start.traits)
    for name, reward in rewarded_behaviour.trait_rewards.items():
        if name in traits:
            step = _step(reward, learning_rate, max_step)
            traits[name] = bounds.trait(name).clamp(traits[name] + step)
    ignored = tuple(sorted(set(rewarded_behaviour.trait_rewards) - set(traits)))

    values = action_values(start.actions)
    for action, reward in rewarded_behaviour.action_rewards.items():
        if action is not Action.AUTONOMOUS:
            values[action] += _step(reward, learning_rate, max_step)
        elif reward >= AUTONOMY_REWARD_THRESHOLD and bounds.trusted:
            values[action] += 1
        elif reward <= -AUTONOMY_REWARD_THRESHOLD:
            values[action] -= 1
    actions = _actions_from(values, bounds)

    epsilon = start.epsilon
    if rewarded_behaviour.interactions is not None:
        epsilon = bounds.epsilon.clamp(
            exploration_epsilon(rewarded_behaviour.interactions, rewarded_behaviour.average_reward)
        )
    new_policy = AgentPolicy(traits=traits, actions=actions, epsilon=epsilon,
                             version=policy.version + 1, updated_by=updated_by)
    old_values, new_values = action_values(policy.actions), action_values(actions)
    return PolicyUpdate(
        policy=new_policy,
        trait_deltas={n: v - policy.traits[n] for n, v in traits.items() if v != policy.traits[n]},
        action_deltas={a: v - old_values[a] for a, v in new_values.items() if v != old_values[a]},
        epsilon_delta=epsilon - policy.epsilon,
        ignored_traits=ignored,
    )


PAUSE_SENTIMENT_THRESHOLD = -0.5
PAUSE_WINDOW = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class LearningPause:
    """Whether learning is paused; when it is, the owner should be alerted."""

    paused: bool
    reason: str
    below_since: datetime | None = None

    @property
    def alert_owner(self) -> bool:
        """The seed alerts the owner exactly when learning pauses."""
        return self.paused


def learning_pause(
    history: Sequence[tuple[datetime, float]],
    now: datetime,
    *,
    threshold: float = PAUSE_SENTIMENT_THRESHOLD,
    window: timedelta = PAUSE_WINDOW,
) -> LearningPause:
    """Pause when sentiment stayed below ``threshold`` for the whole last ``window``.

    ``history`` is (time, sentiment) samples; sentiment holds its value until the next sample.
    Paused iff the samples at or before ``now`` show sentiment below the threshold without a
    break since some time at or before ``now − window``.
    """
    samples = sorted((at, s) for at, s in history if at <= now)
    if not samples:
        return LearningPause(False, "no sentiment history")
    below_since: datetime | None = None
    for at, sentiment in samples:
        if sentiment >= threshold:
            below_since = None
        elif below_since is None:
            below_since = at
    if below_since is None:
        return LearningPause(False, f"latest sentiment {samples[-1][1]:.2f} >= {threshold:g}")
    if now - below_since >= window:
        days = (now - below_since).total_seconds() / 86400
        return LearningPause(
            True, f"sentiment below {threshold:g} for {days:.1f} days; owner alerted", below_since
        )
    return LearningPause(False, f"sentiment below {threshold:g} only since {below_since}")
