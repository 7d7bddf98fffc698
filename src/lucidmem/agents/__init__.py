"""Agent-level learning from feedback: the pure core (no store, no I/O).

Seeds: ``seeds/agent-feedback-rlhf.md`` (feedback model, when to ask, deduplication, rewards,
projections, agent policy and its safety bounds, policy updates, the BehaviorCompiler) and
``seeds/config-advisor-memory.md`` (outcomes, computed profiles, insights, pre-suggestion check).
Capabilities M18–M20 and M22.

The capability on :class:`lucidmem.Memory` is ``memory.agents``
(:class:`~lucidmem.agents.capability.Agents`, with ``.policy``, ``.training``, ``.outcomes`` and
``.events``). The pure modules:

* :mod:`~lucidmem.agents.feedback_model` — typed, validated feedback events; deduplication.
* :mod:`~lucidmem.agents.rewards` — reward calculator, weights, time decay, learning metrics.
* :mod:`~lucidmem.agents.ask_rules` — when to ask a user for feedback.
* :mod:`~lucidmem.agents.policy` — traits, action policy, ε, safety bounds, updates, pause.
* :mod:`~lucidmem.agents.compiler` — policy → :class:`CompiledBehaviour`.
* :mod:`~lucidmem.agents.projections` — agent summary, feedback aggregation, relationship
  strength, behaviour history as folds over events.
* :mod:`~lucidmem.agents.profiles` — suggestion outcomes → profiles, insights, ``should_suggest``.
"""

from lucidmem.agents.ask_rules import (
    AskDecision,
    AskKind,
    AskState,
    FeedbackIntensity,
    decide_feedback_ask,
)
from lucidmem.agents.compiler import (
    DEFAULT_PHRASE_RULES,
    AgentConfig,
    BehaviourCompiler,
    CompiledBehaviour,
    FineTunedModel,
    MessageContext,
    ModelStatus,
    PhraseRule,
    compile_behaviour,
    conversation_kind,
)
from lucidmem.agents.feedback_model import (
    Channel,
    DedupAction,
    DedupDecision,
    ExplicitFeedback,
    FeedbackEvent,
    FeedbackType,
    ImplicitFeedback,
    ReactionFeedback,
    ReactionType,
    SourceKind,
    apply_update,
    dedup_key,
    is_visible_to,
    resolve_duplicate,
)
from lucidmem.agents.policy import (
    Action,
    ActionPolicy,
    AgentPolicy,
    ConversationKind,
    LearningPause,
    PlatformRule,
    PolicyUpdate,
    Range,
    ReplyFrequency,
    RewardedBehaviour,
    SafetyBounds,
    bounds_for,
    clamp_policy,
    exploration_epsilon,
    learning_pause,
    update_policy,
)
from lucidmem.agents.profiles import (
    Outcome,
    OutcomeKind,
    PreferenceProfile,
    SuggestDecision,
    compute_profile,
    render_insights,
    should_suggest,
    update_profile,
)
from lucidmem.agents.projections import (
    AgentAction,
    AgentChanged,
    AgentSummary,
    BehaviourHistory,
    FeedbackAggregation,
    Relationship,
    RoomJoined,
    SessionEnded,
    fold_agent_summary,
    fold_behaviour_history,
    fold_feedback_aggregation,
    fold_relationships,
    to_rewarded_behaviour,
)
from lucidmem.agents.rewards import (
    LearningMetrics,
    RewardWeights,
    aggregate_rewards,
    calculate_reward,
    feedback_weight,
    learning_metrics,
)

__all__ = [
    "DEFAULT_PHRASE_RULES",
    "Action",
    "ActionPolicy",
    "AgentAction",
    "AgentChanged",
    "AgentConfig",
    "AgentPolicy",
    "AgentSummary",
    "AskDecision",
    "AskKind",
    "AskState",
    "BehaviourCompiler",
    "BehaviourHistory",
    "Channel",
    "CompiledBehaviour",
    "ConversationKind",
    "DedupAction",
    "DedupDecision",
    "ExplicitFeedback",
    "FeedbackAggregation",
    "FeedbackEvent",
    "FeedbackIntensity",
    "FeedbackType",
    "FineTunedModel",
    "ImplicitFeedback",
    "LearningMetrics",
    "LearningPause",
    "MessageContext",
    "ModelStatus",
    "Outcome",
    "OutcomeKind",
    "PhraseRule",
    "PlatformRule",
    "PolicyUpdate",
    "PreferenceProfile",
    "Range",
    "ReactionFeedback",
    "ReactionType",
    "Relationship",
    "ReplyFrequency",
    "RewardWeights",
    "RewardedBehaviour",
    "RoomJoined",
    "SafetyBounds",
    "SessionEnded",
    "SourceKind",
    "SuggestDecision",
    "aggregate_rewards",
    "apply_update",
    "bounds_for",
    "calculate_reward",
    "clamp_policy",
    "compile_behaviour",
    "compute_profile",
    "conversation_kind",
    "decide_feedback_ask",
    "dedup_key",
    "exploration_epsilon",
    "feedback_weight",
    "fold_agent_summary",
    "fold_behaviour_history",
    "fold_feedback_aggregation",
    "fold_relationships",
    "is_visible_to",
    "learning_metrics",
    "learning_pause",
    "render_insights",
    "resolve_duplicate",
    "should_suggest",
    "to_rewarded_behaviour",
    "update_policy",
    "update_profile",
]
