"""The BehaviourCompiler: a policy becomes a system prompt, LLM parameters, a model and flags.

Seed: ``seeds/agent-feedback-rlhf.md`` — "AI Gateway Integration / BehaviorCompiler
Implementation": deterministic rule-based runtime mapping. Trait → prompt phrases are *data*
(the seed keeps them in a ``mapping_rules`` collection, refreshed weekly); ε →
``temperature = 0.2 + ε·1.2``; brevity → ``max_tokens = 150 + (1 − brevity)·200``; formality →
penalties; "Model Selection Logic" (a fine-tuned model only when its status is ``ready``);
behaviour flags (should reply, reply style, brevity level).

The same inputs always give the same :class:`CompiledBehaviour`. Randomness (whether to reply in a
group) enters only through ``MessageContext.draw``, which the caller supplies. What
``memory.agents.policy`` returns (:class:`CompiledBehaviour` and its parts, :class:`PhraseRule`,
:class:`FineTunedModel`) is a frozen pydantic model; the compiler's inputs stay dataclasses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.policy import AgentPolicy, ConversationKind
from lucidmem.errors import InvalidInputError

__all__ = [
    "DEFAULT_PHRASE_RULES",
    "AgentConfig",
    "BehaviourCompiler",
    "BehaviourFlags",
    "BrevityLevel",
    "CompiledBehaviour",
    "FineTunedModel",
    "LLMParams",
    "MessageContext",
    "ModelChoice",
    "ModelStatus",
    "PhraseRule",
    "brevity_level",
    "build_system_prompt",
    "compile_behaviour",
    "conversation_kind",
    "map_llm_params",
    "reply_style",
    "select_model",
    "validate_rules",
]

BASE_TEMPERATURE = 0.2
TEMPERATURE_PER_EPSILON = 1.2
BASE_MAX_TOKENS = 150
MAX_TOKENS_SPAN = 200
PRESENCE_PENALTY_SCALE = 0.6  # presence_penalty = 0.6 · (1 − formality): casual talk roams more
FREQUENCY_PENALTY_SCALE = 0.3  # frequency_penalty = 0.3 · (1 − formality): formal text may repeat
SHORT_BREVITY = 0.7  # seed sample generation: brevity > 0.7 → "short"
LONG_BREVITY = 0.3
NEUTRAL_TRAIT = 0.5  # value assumed for a trait the policy does not define
SMALL_GROUP_MAX = 5  # ours: groups of up to 5 people are "small"


class PhraseRule(BaseModel):
    """Add ``phrase`` when ``low <= traits[trait] < high`` (a ``high`` of 1 is inclusive)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trait: str
    low: float
    high: float
    phrase: str

    def matches(self, value: float) -> bool:
        """Whether a trait ``value`` falls in this rule's range."""
        return self.low <= value < self.high or (self.high >= 1.0 and value == self.high)


def _bands(
    trait: str, low: str, mid: str, high: str, cuts: tuple[float, float]
) -> list[PhraseRule]:
    a, b = cuts
    return [
        PhraseRule(trait=trait, low=0.0, high=a, phrase=low),
        PhraseRule(trait=trait, low=a, high=b, phrase=mid),
        PhraseRule(trait=trait, low=b, high=1.0, phrase=high),
    ]


#: Default rules; the seed's five examples appear verbatim in the top or bottom bands.
DEFAULT_PHRASE_RULES: tuple[PhraseRule, ...] = (
    *_bands(
        "humor",
        "Keep a serious, matter-of-fact tone.",
        "Allow occasional light humour where it fits.",
        "Use light playful phrasing and friendly jokes.",
        (0.3, 0.6),
    ),
    *_bands(
        "empathy",
        "Stay factual and focus on solutions.",
        "Acknowledge the user's feelings before moving on.",
        "Be very empathetic, supportive, and kind.",
        (0.4, 0.7),
    ),
    *_bands(
        "sarcasm",
        "Avoid sarcasm entirely.",
        "Gentle irony is fine, never at the user's expense.",
        "Dry sarcasm is welcome, but stay good-natured.",
        (0.2, 0.5),
    ),
    *_bands(
        "directness",
        "Be tactful and suggest rather than instruct.",
        "Be clear, and soften hard truths.",
        "Be direct and state your view plainly.",
        (0.35, 0.7),
    ),
    *_bands(
        "formality",
        "Use casual, conversational tone.",
        "Use a friendly, professional tone.",
        "Use formal, polished language.",
        (0.4, 0.7),
    ),
    *_bands(
        "curiosity",
        "Only ask questions when you need the answer.",
        "Ask a follow-up question when it helps.",
        "Show curiosity and ask thoughtful follow-up questions.",
        (0.35, 0.7),
    ),
    *_bands(
        "brevity",
        "Give thorough, detailed answers.",
        "Keep answers reasonably short.",
        "Prefer concise answers, 1-3 short paragraphs max.",
        (LONG_BREVITY, SHORT_BREVITY),
    ),
)


def validate_rules(rules: Sequence[PhraseRule]) -> tuple[PhraseRule, ...]:
    """Check user-edited rules: ranges inside [0, 1], non-empty phrases and trait names."""
    for i, rule in enumerate(rules):
        where = f"rules[{i}]"
        if not rule.trait.strip() or not rule.phrase.strip():
            raise InvalidInputError(f"{where}: trait and phrase must be non-empty", field="rules")
        if not 0.0 <= rule.low < rule.high <= 1.0:
            raise InvalidInputError(
                f"{where}: range [{rule.low}, {rule.high}) must satisfy 0 <= low < high <= 1",
                field="rules",
            )
    return tuple(rules)


class ModelStatus(StrEnum):
    """Seed ``FineTunedModel.status``."""

    TRAINING = "training"
    READY = "ready"
    FAILED = "failed"


class FineTunedModel(BaseModel):
    """A registered fine-tuned model (or LoRA adapter) for this agent or its archetype."""

    model_config = ConfigDict(frozen=True, protected_namespaces=())

    model_id: str
    provider: str
    status: ModelStatus


@dataclass(frozen=True, slots=True)
class AgentConfig:
    """The agent's base configuration: who it is and which model it runs on by default."""

    name: str
    description: str = ""
    base_provider: str = "openai-compatible"
    base_model: str = "default"

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise InvalidInputError("name: the agent needs a non-empty name", field="name")


def conversation_kind(
    group_size: int, *, with_owner: bool = False, small_group_max: int = SMALL_GROUP_MAX
) -> ConversationKind:
    """The context of a conversation with ``group_size`` humans (1 = a direct message)."""
    if group_size < 1:
        raise InvalidInputError("group_size: must be 1 or more", field="group_size")
    if group_size == 1:
        return ConversationKind.DM_WITH_OWNER if with_owner else ConversationKind.DM_WITH_OTHERS
    if group_size <= small_group_max:
        return ConversationKind.GROUP_SMALL
    return ConversationKind.GROUP_LARGE


@dataclass(frozen=True, slots=True)
class MessageContext:
    """The situation of the next reply. ``draw`` is a uniform number in [0, 1) from the caller."""

    conversation: ConversationKind = ConversationKind.DM_WITH_OWNER
    addressed_to_agent: bool = False
    draw: float = 0.5


class LLMParams(BaseModel):
    """Sampling parameters for the chat completion."""

    model_config = ConfigDict(frozen=True)

    temperature: float
    max_tokens: int
    presence_penalty: float
    frequency_penalty: float
    top_p: float | None = None


class ModelChoice(BaseModel):
    """Seed ``modelSelection``."""

    model_config = ConfigDict(frozen=True, protected_namespaces=())

    provider: str
    model_id: str
    use_fine_tuned: bool


class BrevityLevel(StrEnum):
    """Seed ``brevityLevel``."""

    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"


class BehaviourFlags(BaseModel):
    """Seed ``behaviorFlags``."""

    model_config = ConfigDict(frozen=True)

    should_reply: bool
    reply_style: str
    brevity_level: BrevityLevel


class CompiledBehaviour(BaseModel):
    """Seed ``BehaviorProfile``: everything the assistant needs for its next reply."""

    model_config = ConfigDict(frozen=True)

    system_prompt: str
    llm_params: LLMParams
    model: ModelChoice
    flags: BehaviourFlags
    policy_version: int


def _trait(traits: Mapping[str, float], name: str) -> float:
    return traits.get(name, NEUTRAL_TRAIT)


def build_system_prompt(
    agent: AgentConfig,
    traits: Mapping[str, float],
    rules: Sequence[PhraseRule] = DEFAULT_PHRASE_RULES,
) -> str:
    """A header naming the agent, then one line per matching rule, in rule order."""
    header = f"You are {agent.name}."
    if agent.description.strip():
        header += f" {agent.description.strip()}"
    lines = [header]
    seen: set[str] = set()
    for rule in rules:
        if rule.trait in traits and rule.matches(traits[rule.trait]) and rule.phrase not in seen:
            seen.add(rule.phrase)
            lines.append(f"- {rule.phrase}")
    return "\n".join(lines)


def map_llm_params(policy: AgentPolicy) -> LLMParams:
    """Seed: temperature = 0.2 + ε·1.2; max_tokens = 150 + (1 − brevity)·200 (rounded)."""
    brevity = min(1.0, max(0.0, _trait(policy.traits, "brevity")))
    formality = min(1.0, max(0.0, _trait(policy.traits, "formality")))
    epsilon = min(1.0, max(0.0, policy.epsilon))
    return LLMParams(
        temperature=round(BASE_TEMPERATURE + epsilon * TEMPERATURE_PER_EPSILON, 6),
        max_tokens=BASE_MAX_TOKENS + math.floor((1.0 - brevity) * MAX_TOKENS_SPAN + 0.5),
        presence_penalty=round(PRESENCE_PENALTY_SCALE * (1.0 - formality), 6),
        frequency_penalty=round(FREQUENCY_PENALTY_SCALE * (1.0 - formality), 6),
    )


def select_model(agent: AgentConfig, fine_tuned: FineTunedModel | None = None) -> ModelChoice:
    """The fine-tuned model when one is registered and ready, else the base model."""
    if fine_tuned is not None and fine_tuned.status == ModelStatus.READY:
        return ModelChoice(provider=fine_tuned.provider, model_id=fine_tuned.model_id,
                           use_fine_tuned=True)
    return ModelChoice(provider=agent.base_provider, model_id=agent.base_model,
                       use_fine_tuned=False)


def brevity_level(brevity: float) -> BrevityLevel:
    """short above 0.7, long below 0.3, medium between."""
    if brevity > SHORT_BREVITY:
        return BrevityLevel.SHORT
    if brevity < LONG_BREVITY:
        return BrevityLevel.LONG
    return BrevityLevel.MEDIUM


_STYLE_TRAITS = (
    ("empathy", "warm"),
    ("humor", "playful"),
    ("directness", "direct"),
    ("curiosity", "inquisitive"),
)


def reply_style(traits: Mapping[str, float]) -> str:
    """``<register>-<tone>``: register from formality, tone from the strongest style trait."""
    formality = _trait(traits, "formality")
    register = "formal" if formality >= 0.6 else "casual" if formality <= 0.4 else "neutral"
    best_value, tone = -1.0, "balanced"
    for name, label in _STYLE_TRAITS:  # ties go to the earlier trait
        value = _trait(traits, name)
        if value > best_value:
            best_value, tone = value, label
    if best_value < 0.5:
        tone = "reserved"
    return f"{register}-{tone}"


def compile_behaviour(
    policy: AgentPolicy,
    agent: AgentConfig,
    *,
    context: MessageContext | None = None,
    rules: Sequence[PhraseRule] = DEFAULT_PHRASE_RULES,
    fine_tuned: FineTunedModel | None = None,
) -> CompiledBehaviour:
    """Compile ``policy`` for ``agent`` into a :class:`CompiledBehaviour` (deterministic)."""
    ctx = context if context is not None else MessageContext()
    frequency = policy.actions.reply_frequency.for_kind(ctx.conversation)
    return CompiledBehaviour(
        system_prompt=build_system_prompt(agent, policy.traits, rules),
        llm_params=map_llm_params(policy),
        model=select_model(agent, fine_tuned),
        flags=BehaviourFlags(
            should_reply=ctx.addressed_to_agent or ctx.draw < frequency,
            reply_style=reply_style(policy.traits),
            brevity_level=brevity_level(_trait(policy.traits, "brevity")),
        ),
        policy_version=policy.version,
    )


@dataclass(frozen=True, slots=True)
class BehaviourCompiler:
    """Holds an editable rule set (loaded from the store) and compiles policies with it."""

    rules: tuple[PhraseRule, ...] = field(default=DEFAULT_PHRASE_RULES)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", validate_rules(self.rules))

    def compile(
        self,
        policy: AgentPolicy,
        agent: AgentConfig,
        *,
        context: MessageContext | None = None,
        fine_tuned: FineTunedModel | None = None,
    ) -> CompiledBehaviour:
        """:func:`compile_behaviour` with this compiler's rules."""
        return compile_behaviour(
            policy, agent, context=context, rules=self.rules, fine_tuned=fine_tuned
        )
