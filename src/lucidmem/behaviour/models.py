"""Typed results of the behaviour API (pydantic, so REST and MCP can serialise them)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from lucidmem.behaviour.dimensions import DIMENSIONS
from lucidmem.behaviour.skills import Skill

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


class SkillInfo(BaseModel):
    """A skill as shown to callers: what to inject into the prompt and its style."""

    id: str
    name: str
    description: str = ""
    template: str
    is_base: bool
    trigger: dict[str, list[str]] = Field(default_factory=dict)
    dimensions: dict[str, float] = Field(default_factory=dict)
    status: str = "active"

    @classmethod
    def of(cls, skill: Skill, status: str = "active") -> SkillInfo:
        t = skill.trigger
        return cls(
            id=skill.id, name=skill.name, description=skill.description,
            template=skill.template, is_base=skill.is_base, status=status,
            trigger={"intents": list(t.intents), "sentiments": list(t.sentiments),
                     "times_of_day": list(t.times_of_day), "topics": list(t.topics)},
            dimensions=dict(zip(DIMENSIONS, skill.dimensions, strict=True)),
        )


class CandidateScore(BaseModel):
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


class ContextInfo(BaseModel):
    """The context signals read from the message, and the bucket they hash to."""

    intent: str
    sentiment: str
    time_of_day: str
    bucket: int
    intent_scores: dict[str, float] = Field(default_factory=dict)
    sentiment_scores: dict[str, float] = Field(default_factory=dict)


class SkillSelection(BaseModel):
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


class FeedbackResult(BaseModel):
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


class SkillStatsView(BaseModel):
    skill_id: str
    confidence: float
    uses: int
    positives: int
    negatives: int
    last_used_at: float
    archived: bool


class ArmView(BaseModel):
    bucket: int
    skill_id: str
    alpha: float
    beta: float
    mean: float


class PreferenceView(BaseModel):
    bucket: int
    context: str | None = None
    dimensions: dict[str, float]


class TrajectoryView(BaseModel):
    id: str
    occurred_at: float
    input: str
    skill_id: str
    explored: bool
    response: str | None = None
    reward: int | None = None
    status: str


class BehaviourProfile(BaseModel):
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


class JobReport(BaseModel):
    """Outcome of one run of a behaviour job."""

    job: str
    users: int = 0
    processed: int = 0
    updated: int = 0
    archived: int = 0
    deleted: int = 0
    elapsed_ms: float = 0.0
