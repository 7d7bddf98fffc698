"""BehaviourCompiler: seed formulas, rules as data, model choice, flags, and a property test."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from lucidmem.agents.compiler import (
    DEFAULT_PHRASE_RULES,
    AgentConfig,
    BehaviourCompiler,
    BrevityLevel,
    FineTunedModel,
    MessageContext,
    ModelStatus,
    PhraseRule,
    brevity_level,
    build_system_prompt,
    compile_behaviour,
    conversation_kind,
    map_llm_params,
    reply_style,
    select_model,
)
from lucidmem.agents.policy import (
    DEFAULT_TRAITS,
    ActionPolicy,
    AgentPolicy,
    ConversationKind,
    ReplyFrequency,
    SafetyBounds,
    bounds_for,
    clamp_policy,
)
from lucidmem.errors import InvalidInputError

AGENT = AgentConfig("Mira", "A warm mentor.", base_provider="ollama", base_model="llama3")


def test_seed_phrases_for_the_seed_example() -> None:
    traits = {"humor": 0.7, "empathy": 0.9, "sarcasm": 0.1, "formality": 0.3, "brevity": 0.8}
    prompt = build_system_prompt(AGENT, traits)
    assert prompt.splitlines() == [
        "You are Mira. A warm mentor.",
        "- Use light playful phrasing and friendly jokes.",
        "- Be very empathetic, supportive, and kind.",
        "- Avoid sarcasm entirely.",
        "- Use casual, conversational tone.",
        "- Prefer concise answers, 1-3 short paragraphs max.",
    ]


def test_rules_are_data() -> None:
    rules = [PhraseRule(trait="humor", low=0.0, high=1.0, phrase="Speak like a pirate.")]
    prompt = build_system_prompt(AGENT, {"humor": 0.2, "empathy": 1.0}, rules)
    assert prompt == "You are Mira. A warm mentor.\n- Speak like a pirate."
    compiler = BehaviourCompiler(tuple(rules))
    assert "pirate" in compiler.compile(AgentPolicy(), AGENT).system_prompt
    with pytest.raises(InvalidInputError):
        BehaviourCompiler((PhraseRule(trait="humor", low=0.6, high=0.4, phrase="x"),))
    with pytest.raises(InvalidInputError):
        BehaviourCompiler((PhraseRule(trait="humor", low=0.0, high=1.0, phrase=" "),))


def test_rule_range_boundaries() -> None:
    rule = PhraseRule(trait="brevity", low=0.7, high=1.0, phrase="short")
    assert rule.matches(0.7) and rule.matches(1.0) and not rule.matches(0.69)
    assert not PhraseRule(trait="brevity", low=0.3, high=0.7, phrase="mid").matches(0.7)


@pytest.mark.parametrize(
    ("epsilon", "brevity", "temperature", "max_tokens"),
    [
        (0.0, 1.0, 0.2, 150),  # 0.2 + 0 * 1.2; 150 + 0 * 200
        (0.1, 0.8, 0.32, 190),  # 0.2 + 0.12; 150 + 0.2 * 200 = 190
        (0.05, 0.5, 0.26, 250),  # 0.2 + 0.06; 150 + 100
        (1.0, 0.0, 1.4, 350),  # 0.2 + 1.2; 150 + 200
    ],
)
def test_llm_params_seed_formulas(
    epsilon: float, brevity: float, temperature: float, max_tokens: int
) -> None:
    policy = AgentPolicy(traits={"brevity": brevity, "formality": 0.5}, epsilon=epsilon)
    params = map_llm_params(policy)
    assert params.temperature == pytest.approx(temperature)
    assert params.max_tokens == max_tokens
    # formality 0.5: presence 0.6 * 0.5 = 0.3, frequency 0.3 * 0.5 = 0.15
    assert (params.presence_penalty, params.frequency_penalty) == (0.3, 0.15)


def test_model_choice_uses_a_ready_fine_tune_only() -> None:
    base = select_model(AGENT)
    assert (base.provider, base.model_id, base.use_fine_tuned) == ("ollama", "llama3", False)
    training = FineTunedModel(model_id="ft:mentor-v3", provider="openai",
                              status=ModelStatus.TRAINING)
    assert select_model(AGENT, training) == base
    ready = FineTunedModel(model_id="ft:mentor-v3", provider="openai", status=ModelStatus.READY)
    chosen = select_model(AGENT, ready)
    assert (chosen.model_id, chosen.use_fine_tuned) == ("ft:mentor-v3", True)


def test_flags() -> None:
    assert brevity_level(0.71) is BrevityLevel.SHORT
    assert brevity_level(0.7) is BrevityLevel.MEDIUM
    assert brevity_level(0.29) is BrevityLevel.LONG
    assert reply_style({"formality": 0.3, "empathy": 0.9, "humor": 0.7}) == "casual-warm"
    assert reply_style({"formality": 0.8, "directness": 0.9}) == "formal-direct"
    assert reply_style({"empathy": 0.2, "humor": 0.1, "directness": 0.3, "curiosity": 0.4}) == (
        "neutral-reserved"
    )
    policy = AgentPolicy(actions=ActionPolicy(reply_frequency=ReplyFrequency(group_large=0.2)))
    group = MessageContext(ConversationKind.GROUP_LARGE, draw=0.5)
    assert not compile_behaviour(policy, AGENT, context=group).flags.should_reply
    lucky = MessageContext(ConversationKind.GROUP_LARGE, draw=0.1)
    assert compile_behaviour(policy, AGENT, context=lucky).flags.should_reply
    mentioned = MessageContext(ConversationKind.GROUP_LARGE, addressed_to_agent=True, draw=0.9)
    assert compile_behaviour(policy, AGENT, context=mentioned).flags.should_reply
    assert compile_behaviour(policy, AGENT).flags.should_reply  # DM with owner: 1.0


def test_conversation_kind() -> None:
    assert conversation_kind(1, with_owner=True) is ConversationKind.DM_WITH_OWNER
    assert conversation_kind(1) is ConversationKind.DM_WITH_OTHERS
    assert conversation_kind(5) is ConversationKind.GROUP_SMALL
    assert conversation_kind(6) is ConversationKind.GROUP_LARGE
    with pytest.raises(InvalidInputError):
        conversation_kind(0)


def test_compile_is_deterministic_and_frozen() -> None:
    policy = AgentPolicy(version=7)
    first = compile_behaviour(policy, AGENT)
    assert first == compile_behaviour(policy, AGENT)
    assert first.policy_version == 7
    with pytest.raises(ValidationError, match="frozen"):
        first.system_prompt = "x"  # type: ignore[misc]
    with pytest.raises(InvalidInputError):
        AgentConfig(" ")


unit = st.floats(0, 1)
policies = st.builds(
    AgentPolicy,
    traits=st.dictionaries(st.sampled_from([*DEFAULT_TRAITS, "zest"]), unit),
    actions=st.builds(
        ActionPolicy,
        reply_frequency=st.builds(ReplyFrequency, dm_with_owner=unit, dm_with_others=unit,
                                  group_small=unit, group_large=unit),
        post_probability=unit,
        invite_probability=unit,
        max_autonomous_actions_per_day=st.integers(0, 20),
    ),
    epsilon=unit,
)
contexts = st.builds(
    MessageContext, st.sampled_from(list(ConversationKind)), st.booleans(), st.floats(0, 0.999)
)
all_bounds = st.one_of(
    st.builds(bounds_for, st.sampled_from([None, "support"]), trusted=st.booleans()),
    st.just(SafetyBounds(epsilon=bounds_for().probabilities)),
)


@given(policies, all_bounds, contexts, st.booleans())
def test_every_policy_within_bounds_compiles_to_a_valid_profile(
    policy: AgentPolicy, limits: SafetyBounds, context: MessageContext, ready: bool
) -> None:
    bounded = clamp_policy(policy, limits)
    status = ModelStatus.READY if ready else ModelStatus.FAILED
    profile = compile_behaviour(
        bounded, AGENT, context=context,
        fine_tuned=FineTunedModel(model_id="ft:x", provider="openai", status=status),
    )
    params = profile.llm_params
    assert 0.2 <= params.temperature <= 1.4
    assert params.temperature == pytest.approx(0.2 + bounded.epsilon * 1.2, abs=1e-6)
    assert 150 <= params.max_tokens <= 350
    assert 0.0 <= params.presence_penalty <= 0.6 and 0.0 <= params.frequency_penalty <= 0.3
    assert profile.system_prompt.strip()
    assert profile.system_prompt.startswith("You are Mira.")
    assert profile.model.use_fine_tuned is ready
    assert profile.flags.brevity_level in set(BrevityLevel)
    assert profile.flags.reply_style.count("-") == 1
    # one phrase per trait present in the policy (the default bands tile [0, 1])
    defined = {r.trait for r in DEFAULT_PHRASE_RULES}
    expected = len(set(bounded.traits) & defined)
    assert len(profile.system_prompt.splitlines()) == 1 + expected
