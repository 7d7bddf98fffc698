"""Typed results of ``memory.skills``: frozen pydantic models (REST and MCP serialise them);
times are aware UTC datetimes."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from lucidmem.behaviour.dimensions import DIMENSIONS
from lucidmem.behaviour.skills import Skill
from lucidmem.records import Status

__all__ = [
    "ArmView",
    "BehaviourProfile",
    "CandidateScore",
    "ContextInfo",
    "FeedbackResult",
    "JobReport",
    "PreferenceView",
    "SkillInfo",
    "SkillSelection",
    "SkillStatsView",
    "TrajectoryView",
]


class _Result(BaseModel):
    """Base of every result: immutable."""

    model_config = ConfigDict(frozen=True)


class SkillInfo(_Result):
    """A skill as shown to callers: what to inject into the prompt and its style."""

    id: str
    name: str
    description: str = ""
    template: str
    is_base: bool
    trigger: dict[str, list[str]] = Field(default_factory=dict)
    dimensions: dict[str, float] = Field(default_factory=dict)
    status: str = Status.ACTIVE

    @classmethod
    def of(cls, skill: Skill, status: str = Status.ACTIVE) -> SkillInfo:
        t = skill.trigger
        return cls(
            id=skill.id, name=skill.name, description=skill.description,
            template=skill.template, is_base=skill.is_base, status=status,
            trigger={"intents": list(t.intents), "sentiments": list(t.sentiments),
                     "times_of_day": list(t.times_of_day), "topics": list(t.topics)},
            dimensions=dict(zip(DIMENSIONS, skill.dimensions, strict=True)),
        )


class CandidateScore(_Result):
    """One candidate's scores and the one that decided (see docs/behaviour.md).

    ``seed`` strategy: final = 0.4 trigger + 0.3 sampled + 0.3 alignment. ``adaptive``:
    final = (w·trigger + 0.3·posterior_mean + 0.3·alignment) / (w + 0.6), w =
    :attr:`SkillSelection.trigger_weight`; an exploring selection ranks by the same formula
    with ``sampled`` in place of ``posterior_mean``.
    """

    skill_id: str
    trigger: float
    sampled: float
    """One Thompson draw from Beta(alpha, beta)."""
    posterior_mean: float
    """alpha / (alpha + beta): the expected thumbs-up rate of this skill in this bucket."""
    alignment: float
    final: float
    alpha: float
    beta: float
    confidence: float


class ContextInfo(_Result):
    """The context signals read from the message, and the bucket they hash to."""

    intent: str
    sentiment: str
    time_of_day: str
    bucket: int
    intent_scores: dict[str, float] = Field(default_factory=dict)
    sentiment_scores: dict[str, float] = Field(default_factory=dict)


class SkillSelection(_Result):
    """The skill to apply to the next reply. Send feedback with :attr:`id`."""

    id: str
    user_id: str
    skill: SkillInfo
    candidates: list[CandidateScore] = Field(default_factory=list)
    explored: bool = False
    learning_enabled: bool
    exploration_rate: float = 0.0
    strategy: str = "adaptive"
    """How the candidates were ranked: ``adaptive`` or ``seed`` (BehaviourSettings.selection)."""
    trigger_weight: float = 0.0
    """Weight of the trigger match in ``final`` (0.4 until the user gives feedback here)."""
    context: ContextInfo | None = None
    elapsed_ms: float
    context_ms: float = 0.0
    """Of ``elapsed_ms``: embedding the message and classifying its context."""
    explanation: str


class FeedbackResult(_Result):
    """What a feedback changed (REST answers ``{status, skill_updated, new_confidence}``)."""

    status: Literal["recorded", "learning_disabled"]
    selection_id: str
    skill_id: str | None = None
    reward: int
    skill_updated: bool
    old_confidence: float | None = None
    new_confidence: float | None = None
    alpha: float | None = None
    beta: float | None = None
    bucket: int | None = None
    preference_shift: float = 0.0
    """Euclidean distance the (user, bucket) preference vector moved."""
    event_id: str | None = None
    elapsed_ms: float = 0.0


class SkillStatsView(_Result):
    skill_id: str
    confidence: float
    uses: int
    positives: int
    negatives: int
    last_used_at: datetime
    archived: bool


class ArmView(_Result):
    bucket: int
    skill_id: str
    alpha: float
    beta: float
    mean: float


class PreferenceView(_Result):
    bucket: int
    context: str | None = None
    dimensions: dict[str, float]


class TrajectoryView(_Result):
    """One trajectory step: the selection, the reply logged for it and its reward."""

    id: str
    occurred_at: datetime
    input: str
    skill_id: str
    explored: bool
    response: str | None = None
    reward: int | None = None
    status: str


class BehaviourProfile(_Result):
    """Everything learned about one user's preferred way of being answered."""

    user_id: str
    enabled: bool
    feedback_count: int
    exploration_rate: float
    skills: list[SkillStatsView]
    user_skills: list[SkillInfo]
    arms: list[ArmView]
    preferences: list[PreferenceView]
    trajectories: int
    feedback_events: int


class JobReport(_Result):
    """Outcome of one run of a behaviour job."""

    job: str
    users: int = 0
    processed: int = 0
    updated: int = 0
    archived: int = 0
    deleted: int = 0
    elapsed_ms: float = 0.0
