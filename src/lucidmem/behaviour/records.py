"""How behavioural state is kept in the narrow :class:`~lucidmem.store.base.Store`.

Everything is a :class:`~lucidmem.store.base.Record` of one of the kinds below, with
its fields in the JSON ``data`` body; no table, column or store method is added, so any
backend that passes the store contract tests can hold it. Records that exist once per
key (one Beta arm per user, bucket and skill, ...) get a deterministic id
(:func:`lucidmem.records.stable_id` of the kind and the key), so they are read with one
``get`` and replaced in place; every record is built with
:func:`lucidmem.records.new_record`. None of them is searchable or carries an embedding:
they never show up in memory search.

=====================  =====  ==========================================================
kind                   layer  one per / holds
=====================  =====  ==========================================================
behaviour_settings     2      user: opt-in flag, feedback count (drives ε)
skill                  2      user-created skill: template, trigger, 16 dimensions
skill_stats            2      user + skill: confidence, uses, positives, negatives
bandit_arm             2      user + context bucket + skill: Beta(α, β)
preference_vector      2      user + context bucket: 16 preferred style values
trajectory             0      selection (its id is the selection id): input, context,
                              scores, skill, response, reward
feedback_event         0      feedback: reward, reason, free text and its classification
=====================  =====  ==========================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.dimensions import NUM_DIMENSIONS, neutral_vector
from lucidmem.behaviour.formulas import INITIAL_CONFIDENCE, PRIOR_ALPHA, PRIOR_BETA
from lucidmem.behaviour.skills import Skill, TriggerContext
from lucidmem.records import Kind, Record, stable_id

__all__ = [
    "BEHAVIOUR_KINDS",
    "LEARNED_KINDS",
    "ArmState",
    "SkillStats",
    "UserBehaviour",
    "arm_id",
    "bucket_feedback",
    "preference_from",
    "preference_id",
    "settings_id",
    "skill_from_record",
    "skill_record_id",
    "skill_to_data",
    "stats_id",
]

BEHAVIOUR_KINDS: Final = (Kind.BEHAVIOUR_SETTINGS, Kind.SKILL, Kind.SKILL_STATS, Kind.BANDIT_ARM,
                          Kind.PREFERENCE_VECTOR, Kind.TRAJECTORY, Kind.FEEDBACK_EVENT)
#: What :meth:`Skills.reset <lucidmem.behaviour.capability.Skills.reset>` forgets: everything
#: learned, not the user's own skills or the opt-in switch.
LEARNED_KINDS: Final = (Kind.SKILL_STATS, Kind.BANDIT_ARM, Kind.PREFERENCE_VECTOR,
                        Kind.TRAJECTORY, Kind.FEEDBACK_EVENT)


def settings_id(user_id: str) -> str:
    """Id of the user's ``behaviour_settings`` record."""
    return stable_id(Kind.BEHAVIOUR_SETTINGS, user_id)


def skill_record_id(user_id: str, skill_id: str) -> str:
    """Id of a user-created ``skill`` record."""
    return stable_id(Kind.SKILL, user_id, skill_id)


def stats_id(user_id: str, skill_id: str) -> str:
    """Id of the ``skill_stats`` record of (user, skill)."""
    return stable_id(Kind.SKILL_STATS, user_id, skill_id)


def arm_id(user_id: str, bucket: int, skill_id: str) -> str:
    """Id of the ``bandit_arm`` record of (user, bucket, skill)."""
    return stable_id(Kind.BANDIT_ARM, user_id, bucket, skill_id)


def preference_id(user_id: str, bucket: int) -> str:
    """Id of the ``preference_vector`` record of (user, bucket)."""
    return stable_id(Kind.PREFERENCE_VECTOR, user_id, bucket)


@dataclass(slots=True)
class UserBehaviour:
    """The ``behaviour_settings`` body: opt-in and the feedback counter behind ε."""

    enabled: bool = False
    feedback_count: int = 0
    enabled_at: float | None = None
    archived_base: list[str] = field(default_factory=list)
    """Base skills evicted for this user under the storage cap (never selected for them)."""

    @classmethod
    def from_record(cls, record: Record | None) -> UserBehaviour:
        if record is None:
            return cls()
        d = record.data
        return cls(bool(d.get("enabled", False)), int(d.get("feedback_count", 0)),
                   d.get("enabled_at"), [str(x) for x in d.get("archived_base", [])])

    def data(self) -> dict[str, Any]:
        return {"enabled": self.enabled, "feedback_count": self.feedback_count,
                "enabled_at": self.enabled_at, "archived_base": list(self.archived_base)}


@dataclass(slots=True)
class SkillStats:
    """The ``skill_stats`` body (seed table ``user_skill_confidence``)."""

    skill_id: str
    confidence: float = INITIAL_CONFIDENCE
    uses: int = 0
    positives: int = 0
    negatives: int = 0
    last_used_at: float = 0.0

    @classmethod
    def from_record(cls, skill_id: str, record: Record | None) -> SkillStats:
        if record is None:
            return cls(skill_id)
        d = record.data
        return cls(skill_id, float(d["confidence"]), int(d["uses"]), int(d["positives"]),
                   int(d["negatives"]), float(d.get("last_used_at", 0.0)))

    def data(self) -> dict[str, Any]:
        return {"skill_id": self.skill_id, "confidence": self.confidence, "uses": self.uses,
                "positives": self.positives, "negatives": self.negatives,
                "last_used_at": self.last_used_at}


@dataclass(slots=True)
class ArmState:
    """The ``bandit_arm`` body: Beta(α, β) of one skill in one context bucket."""

    skill_id: str
    bucket: int
    alpha: float = PRIOR_ALPHA
    beta: float = PRIOR_BETA

    @classmethod
    def from_record(cls, skill_id: str, bucket: int, record: Record | None) -> ArmState:
        if record is None:
            return cls(skill_id, bucket)
        return cls(skill_id, bucket, float(record.data["alpha"]), float(record.data["beta"]))

    def data(self) -> dict[str, Any]:
        return {"skill_id": self.skill_id, "bucket": self.bucket, "alpha": self.alpha,
                "beta": self.beta}


def bucket_feedback(record: Record | None) -> int:
    """Feedback events (reward ≠ 0) of the user in the bucket of a ``preference_vector``."""
    return 0 if record is None else int(record.data.get("feedback_count", 0))


def preference_from(record: Record | None) -> NDArray[np.float64]:
    """The 16 preferred values of a ``preference_vector`` record (neutral 0.5 if none)."""
    if record is None:
        return neutral_vector()
    values = np.asarray(record.data["dimensions"], dtype=np.float64)
    return values if values.shape == (NUM_DIMENSIONS,) else neutral_vector()


def skill_to_data(skill: Skill) -> dict[str, Any]:
    """A user-created skill as a JSON body."""
    t = skill.trigger
    return {
        "skill_id": skill.id, "name": skill.name, "description": skill.description,
        "template": skill.template, "dimensions": list(skill.dimensions),
        "trigger": {"intents": list(t.intents), "sentiments": list(t.sentiments),
                    "times_of_day": list(t.times_of_day), "topics": list(t.topics)},
    }


def skill_from_record(record: Record) -> Skill:
    """Rebuild a user-created skill from its record."""
    d: Mapping[str, Any] = record.data
    trig = d.get("trigger") or {}
    return Skill(
        id=d["skill_id"], name=d["name"], description=d.get("description", ""),
        template=d["template"],
        trigger=TriggerContext(tuple(trig.get("intents", ())), tuple(trig.get("sentiments", ())),
                               tuple(trig.get("times_of_day", ())),
                               tuple(trig.get("topics", ()))),
        dimensions=tuple(d["dimensions"]), is_base=False,
    )
