"""The pure maths of the sleep / consolidation cycle (capabilities M8, M9, M11).

Nothing here touches a store: every function takes numbers, text or vectors and returns
numbers or small frozen dataclasses, with the seeds' constants as named defaults.

- :mod:`.importance` — non-linear importance: six features, softmax with activity-adaptive
  temperature, power alpha = 0.6 (``seeds/nonlinear-importance-consolidation.md``, Part 1).
- :mod:`.surprise` — TD-error surprise and ``final_importance = importance * (1 + surprise)``
  (same seed, Part 3 and *Complete Integration*).
- :mod:`.threshold` — the sigmoid consolidation threshold driven by messages per minute
  (same seed, Part 2).
- :mod:`.replay` — prioritized experience replay, reconsolidation with at most 3 variants and
  7-day round-robin user sharding (``seeds/aico-adaptive-memory-system.md``).

The package re-exports ``importance.importance`` as :func:`importance_score` and
``surprise.surprise`` as :func:`surprise_score`: re-exporting them under their own names would
hide the submodules of the same name (``import lucidmem.consolidation.importance as m`` would
bind the function).

Typical use during consolidation::

    features = ImportanceFeatures(mentioned=mention_score(text, ["Lucid"]), ...)
    imp = importance_score(features, activity_level=conversation_heat(rate))
    s, history = observe(Message(text, ts, author), history)
    if should_consolidate(imp, consolidation_threshold(rate)):
        store(importance=final_importance(imp, s), surprise=s)
"""

from __future__ import annotations

from lucidmem.consolidation.importance import (
    ALPHA,
    DEFAULT_WEIGHTS,
    ImportanceFeatures,
    ImportanceWeights,
    adaptive_temperature,
    conversation_heat,
    emotional_salience,
    expertise_match,
    mention_score,
    recency_score,
    semantic_novelty,
    softmax,
)
from lucidmem.consolidation.importance import (
    importance as importance_score,
)
from lucidmem.consolidation.replay import (
    ReconsolidationAction,
    ReconsolidationDecision,
    ReplayCandidate,
    Variant,
    reconsolidate,
    replay_priority,
    sample_without_replacement,
    sampling_probabilities,
    select_for_replay,
    shard_day,
    shard_of,
    users_for_date,
    variant_expired,
)
from lucidmem.consolidation.surprise import (
    Message,
    SurpriseComponents,
    SurpriseHistory,
    final_importance,
    observe,
    surprise_components,
)
from lucidmem.consolidation.surprise import (
    surprise as surprise_score,
)
from lucidmem.consolidation.threshold import (
    average_activity,
    consolidation_threshold,
    messages_per_minute,
    should_consolidate,
    threshold_for_readings,
)

__all__ = [
    "ALPHA",
    "DEFAULT_WEIGHTS",
    "ImportanceFeatures",
    "ImportanceWeights",
    "Message",
    "ReconsolidationAction",
    "ReconsolidationDecision",
    "ReplayCandidate",
    "SurpriseComponents",
    "SurpriseHistory",
    "Variant",
    "adaptive_temperature",
    "average_activity",
    "consolidation_threshold",
    "conversation_heat",
    "emotional_salience",
    "expertise_match",
    "final_importance",
    "importance_score",
    "mention_score",
    "messages_per_minute",
    "observe",
    "recency_score",
    "reconsolidate",
    "replay_priority",
    "sample_without_replacement",
    "sampling_probabilities",
    "select_for_replay",
    "semantic_novelty",
    "shard_day",
    "shard_of",
    "should_consolidate",
    "softmax",
    "surprise_components",
    "surprise_score",
    "threshold_for_readings",
    "users_for_date",
    "variant_expired",
]
