"""Behavioural learning core: skills, style dimensions, bandit maths, context and feedback.

Pure and storage-free (seed: aico-adaptive-memory-system.md, "Behavioral Learning &
Skill-Based Interaction", "Thompson Sampling", "Preference Vectors", "Confidence Score
Update Formula", "Exploration Rate", "Multilingual Feedback Processing"). ``memory.skills``
(:class:`lucidmem.behaviour.capability.Skills`) combines these with the store; nothing
exported here does I/O beyond reading its packaged YAML. :func:`validate_feedback` is the
one check of feedback arguments (``memory.skills``, REST and MCP use it).
"""

from lucidmem.behaviour.context_signals import (
    INTENTS,
    SENTIMENTS,
    TIMES_OF_DAY,
    ContextClassifier,
    ContextSignals,
    EmbedFn,
    PrototypeContextClassifier,
    PrototypeIndex,
    time_of_day,
)
from lucidmem.behaviour.dimensions import (
    DIMENSIONS,
    NEUTRAL_VALUE,
    NUM_DIMENSIONS,
    dimension_index,
    dimensions_from_mapping,
    neutral_vector,
    validate_dimensions,
)
from lucidmem.behaviour.feedback_classifier import (
    FEEDBACK_CATEGORIES,
    MAX_FEEDBACK_CHARS,
    FeedbackCategory,
    FeedbackClassification,
    FeedbackClassifier,
    load_feedback_categories,
)
from lucidmem.behaviour.formulas import (
    EvictionCandidate,
    adaptive_final_score,
    applicable_candidates,
    apply_preference_delta,
    context_bucket,
    cosine_similarity,
    eviction_order,
    eviction_priority,
    exploration_rate,
    final_score,
    posterior_mean,
    preference_alignment,
    rescale_similarity,
    should_explore,
    thompson_sample,
    trigger_match_score,
    trigger_weight,
    update_beta,
    update_confidence,
    update_preference,
)
from lucidmem.behaviour.skills import (
    Skill,
    TriggerContext,
    default_skill,
    load_base_skills,
    parse_skills,
)
from lucidmem.behaviour.validation import CheckedFeedback, validate_feedback

__all__ = [
    "DIMENSIONS",
    "FEEDBACK_CATEGORIES",
    "INTENTS",
    "MAX_FEEDBACK_CHARS",
    "NEUTRAL_VALUE",
    "NUM_DIMENSIONS",
    "SENTIMENTS",
    "TIMES_OF_DAY",
    "CheckedFeedback",
    "ContextClassifier",
    "ContextSignals",
    "EmbedFn",
    "EvictionCandidate",
    "FeedbackCategory",
    "FeedbackClassification",
    "FeedbackClassifier",
    "PrototypeContextClassifier",
    "PrototypeIndex",
    "Skill",
    "TriggerContext",
    "adaptive_final_score",
    "applicable_candidates",
    "apply_preference_delta",
    "context_bucket",
    "cosine_similarity",
    "default_skill",
    "dimension_index",
    "dimensions_from_mapping",
    "eviction_order",
    "eviction_priority",
    "exploration_rate",
    "final_score",
    "load_base_skills",
    "load_feedback_categories",
    "neutral_vector",
    "parse_skills",
    "posterior_mean",
    "preference_alignment",
    "rescale_similarity",
    "should_explore",
    "thompson_sample",
    "time_of_day",
    "trigger_match_score",
    "trigger_weight",
    "update_beta",
    "update_confidence",
    "update_preference",
    "validate_dimensions",
    "validate_feedback",
]
