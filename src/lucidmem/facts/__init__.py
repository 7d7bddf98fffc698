"""Fact memory, the pure core: taxonomy, extraction, time, privacy, decay and contradictions.

Seeds: ``emberhearth-memory-research.md`` (§1 taxonomy and extraction, §2 decay, reinforcement,
confidence bands and contradictions, §5 privacy) and ``aico-adaptive-memory-system.md``
(reconsolidation with variants, temporal metadata). Nothing here touches a store.

>>> from datetime import datetime, UTC
>>> facts = extract("My sister Sarah is vegan", speaker="user",
...                 timestamp=datetime(2023, 5, 3, tzinfo=UTC))
>>> [(f.subject, f.predicate, f.object) for f in facts]
[('user', 'has_sister', 'Sarah'), ('Sarah', 'diet', 'vegan')]
"""

from __future__ import annotations

from lucidmem.facts.contradictions import (
    Action,
    ActionKind,
    ContradictionDecision,
    ExistingFact,
    ReconsolidationOutcome,
    Relation,
    Strategy,
    is_single_valued,
    reconsolidate,
    relate,
    resolve,
)
from lucidmem.facts.decay import (
    BASE_DECAY_RATE,
    ConfidenceBand,
    confidence_band,
    decayed_confidence,
    decayed_confidence_at,
    effective_decay_rate,
    half_life_days,
    reinforce,
)
from lucidmem.facts.model import (
    SUBCATEGORIES,
    USER_SUBJECT,
    FactCandidate,
    FactCategory,
    PrivacyLevel,
    Subcategory,
    category_of,
)
from lucidmem.facts.offline_extractor import detect_language, extract
from lucidmem.facts.privacy import PrivacyAssessment, assess_privacy, classify_privacy
from lucidmem.facts.temporal import (
    Granularity,
    TemporalAnchor,
    TemporalResolution,
    find_temporal,
    resolve_temporal,
)

__all__ = [
    "BASE_DECAY_RATE",
    "SUBCATEGORIES",
    "USER_SUBJECT",
    "Action",
    "ActionKind",
    "ConfidenceBand",
    "ContradictionDecision",
    "ExistingFact",
    "FactCandidate",
    "FactCategory",
    "Granularity",
    "PrivacyAssessment",
    "PrivacyLevel",
    "ReconsolidationOutcome",
    "Relation",
    "Strategy",
    "Subcategory",
    "TemporalAnchor",
    "TemporalResolution",
    "assess_privacy",
    "category_of",
    "classify_privacy",
    "confidence_band",
    "decayed_confidence",
    "decayed_confidence_at",
    "detect_language",
    "effective_decay_rate",
    "extract",
    "find_temporal",
    "half_life_days",
    "is_single_valued",
    "reconsolidate",
    "reinforce",
    "relate",
    "resolve",
    "resolve_temporal",
]
