"""Public results of ``memory.agents``: frozen pydantic views of stored records and state.

Times are aware UTC datetimes. The training views are built from their record by
``from_record``; :class:`AgentProjections` (``memory.agents.projections``) is a snapshot of the
learning state an agent's feedback is folded into, built by :meth:`AgentProjections.of`. The
folds themselves stay small internal dataclasses (they run once per feedback event).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.base import AgentInfo
from lucidmem.agents.compiler import ModelStatus
from lucidmem.agents.learning import Loaded
from lucidmem.agents.policy import AgentPolicy
from lucidmem.agents.projections import (
    ActionRecord,
    AgentAction,
    BehaviourHistory,
    FeedbackAggregation,
    HighQualityInteraction,
)
from lucidmem.agents.state import LearningState
from lucidmem.clock import from_epoch
from lucidmem.records import Status
from lucidmem.store.base import Record

__all__ = [
    "ActionRecordView",
    "AgentActionView",
    "AgentProjections",
    "BehaviourHistoryView",
    "DatasetInfo",
    "FeedbackAggregationView",
    "HighQualityInteractionView",
    "LearningStateView",
    "ModelView",
    "TrainingJobView",
    "TriggerResult",
]

_FROZEN = ConfigDict(frozen=True, protected_namespaces=())


def _time(seconds: float | None) -> datetime | None:
    return None if seconds is None else from_epoch(seconds)


def _path(value: str | None) -> Path | None:
    return None if value is None else Path(value)


class DatasetInfo(BaseModel):
    """A built dataset: its sizes, the learning context it was built in and, when it was
    exported to disk (``out_dir``), its files."""

    model_config = _FROZEN

    dataset_id: str
    agent_id: str
    chat_path: Path | None
    """The exported OpenAI chat JSONL file (``None``: kept in the store only)."""
    lora_path: Path | None
    """The exported local LoRA JSONL file (``None``: kept in the store only)."""
    examples: int
    real_examples: int
    synthetic_examples: int
    synthetic_rejected: int
    traits: dict[str, float]
    policy_version: int
    window_start: datetime | None
    """When the oldest feedback considered was given (``None``: there was none)."""
    window_end: datetime
    """When the dataset was built."""
    note: str = ""

    @classmethod
    def from_record(cls, record: Record) -> DatasetInfo:
        """The view of a ``dataset`` record."""
        data = record.data
        return cls(dataset_id=record.id, agent_id=str(record.agent_id),
                   chat_path=_path(data.get("chat_path")),
                   lora_path=_path(data.get("lora_path")), examples=data["examples"],
                   real_examples=data["real"],
                   synthetic_examples=data["synthetic"],
                   synthetic_rejected=data["synthetic_rejected"], traits=data["traits"],
                   policy_version=data["policy_version"],
                   window_start=_time(data["window_start"]),
                   window_end=from_epoch(data["window_end"]), note=data["note"])


class TrainingJobView(BaseModel):
    """A fine-tuning job: ``pending → running → completed | failed``."""

    model_config = _FROZEN

    job_id: str
    agent_id: str
    dataset_id: str
    status: Status
    provider: str
    base_model: str
    examples: int
    attempts: int
    errors: tuple[str, ...]
    """The last (up to 10) failed attempts' errors, oldest first."""
    external_id: str | None
    """The provider's job id while an attempt runs."""
    model_id: str | None
    model_version: int | None
    """The registered model version once completed."""
    chat_path: Path | None
    """The dataset's exported chat file (``None``: written from the store for the provider)."""
    lora_path: Path | None
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None

    @classmethod
    def from_record(cls, record: Record) -> TrainingJobView:
        """The view of a ``training_job`` record."""
        data = record.data
        return cls(job_id=record.id, agent_id=data["agent_id"], dataset_id=data["dataset_id"],
                   status=Status(record.status), provider=data["provider"],
                   base_model=data["base_model"], examples=data["examples"],
                   attempts=data["attempts"], errors=tuple(data["errors"]),
                   external_id=data["external_id"], model_id=data["model_id"],
                   model_version=data.get("model_version"),
                   chat_path=_path(data.get("chat_path")),
                   lora_path=_path(data.get("lora_path")),
                   created_at=from_epoch(record.created_at),
                   started_at=_time(data["started_at"]),
                   completed_at=_time(data["completed_at"]))


class ModelView(BaseModel):
    """A registered model version of an agent; ``serving`` marks the one it serves."""

    model_config = _FROZEN

    version: int
    model_id: str
    provider: str
    status: ModelStatus
    job_id: str | None
    """The training job that made it (``None``: registered by hand)."""
    dataset_id: str | None
    registered_at: datetime
    serving: bool

    @classmethod
    def from_record(cls, record: Record, *, serving: bool) -> ModelView:
        """The view of a ``model_version`` record."""
        data = record.data
        return cls(version=data["version"], model_id=data["model_id"],
                   provider=data["provider"], status=ModelStatus(data["status"]),
                   job_id=data["job_id"], dataset_id=data["dataset_id"],
                   registered_at=from_epoch(data["registered_at"]), serving=serving)


class TriggerResult(BaseModel):
    """What the training trigger did for one agent."""

    model_config = _FROZEN

    agent_id: str
    due: bool
    reason: str
    """Why the agent was (not) due (:func:`~lucidmem.agents.finetune.decide_trigger`)."""
    dataset_id: str | None = None
    """The dataset built for a due agent."""
    job: TrainingJobView | None = None
    """The fine-tuning job run on it, when a provider was given."""

    @property
    def summary(self) -> str:
        """One line: skipped, dataset built, or the job's outcome."""
        if self.job is not None:
            return f"job {self.job.job_id}: {self.job.status.value}"
        if self.dataset_id is not None:
            return f"dataset {self.dataset_id}"
        return f"skipped: {self.reason}"


# -- projections (memory.agents.projections) --------------------------------------------------
class HighQualityInteractionView(BaseModel):
    """A rated message whose reward reached the high-quality threshold (training material)."""

    model_config = _FROZEN

    source_id: str
    feedback_score: float
    at: datetime

    @classmethod
    def of(cls, item: HighQualityInteraction) -> HighQualityInteractionView:
        """The view of one remembered interaction."""
        return cls(source_id=item.source_id, feedback_score=item.feedback_score, at=item.at)


class FeedbackAggregationView(BaseModel):
    """The feedback aggregation projection: counts, weighted sums and their ratios."""

    model_config = _FROZEN

    agent_id: str
    positive_count: int
    negative_count: int
    total_count: int
    weighted_reward_sum: float
    weight_sum: float
    engagement_sum: float
    engagement_count: int
    sessions: int
    successful_sessions: int
    last_feedback_at: datetime | None
    high_quality_interactions: tuple[HighQualityInteractionView, ...]
    avg_score: float
    """Weighted mean reward in [-1, 1] (0 without feedback)."""
    engagement_score: float
    """Mean engagement of implicit signals in [0, 1] (0 without signals)."""
    conversation_success_rate: float
    """Share of ended sessions that succeeded (0 without sessions)."""

    @classmethod
    def of(cls, agg: FeedbackAggregation) -> FeedbackAggregationView:
        """The view of the aggregation."""
        return cls(
            agent_id=agg.agent_id, positive_count=agg.positive_count,
            negative_count=agg.negative_count, total_count=agg.total_count,
            weighted_reward_sum=agg.weighted_reward_sum, weight_sum=agg.weight_sum,
            engagement_sum=agg.engagement_sum, engagement_count=agg.engagement_count,
            sessions=agg.sessions, successful_sessions=agg.successful_sessions,
            last_feedback_at=agg.last_feedback_at,
            high_quality_interactions=tuple(HighQualityInteractionView.of(h)
                                            for h in agg.high_quality_interactions),
            avg_score=agg.avg_score, engagement_score=agg.engagement_score,
            conversation_success_rate=agg.conversation_success_rate)


class AgentActionView(BaseModel):
    """An agent action (a reply, a post, ...) and the traits it expressed."""

    model_config = _FROZEN

    action_id: str
    agent_id: str
    action_type: str
    at: datetime
    traits: tuple[str, ...]

    @classmethod
    def of(cls, action: AgentAction) -> AgentActionView:
        """The view of one action."""
        return cls(action_id=action.action_id, agent_id=action.agent_id,
                   action_type=action.action_type, at=action.at, traits=action.traits)


class ActionRecordView(BaseModel):
    """One remembered action and the rewards of the feedback it received."""

    model_config = _FROZEN

    action: AgentActionView
    reward_sum: float
    reward_count: int
    reward: float | None
    """Mean reward, or ``None`` when nobody reacted yet."""

    @classmethod
    def of(cls, record: ActionRecord) -> ActionRecordView:
        """The view of one remembered action."""
        return cls(action=AgentActionView.of(record.action), reward_sum=record.reward_sum,
                   reward_count=record.reward_count, reward=record.reward)


class BehaviourHistoryView(BaseModel):
    """The behaviour history projection: the last actions and per-type statistics."""

    model_config = _FROZEN

    agent_id: str
    size: int
    last_n_actions: tuple[ActionRecordView, ...]
    action_counts: dict[str, int]
    rewarded_counts: dict[str, int]
    success_counts: dict[str, int]
    action_type_distribution: dict[str, float]
    """Share of each action type among all actions seen."""
    success_rate_per_action: dict[str, float]
    """Share of positive rewards among the rewards of each action type."""

    @classmethod
    def of(cls, history: BehaviourHistory) -> BehaviourHistoryView:
        """The view of the history."""
        return cls(
            agent_id=history.agent_id, size=history.size,
            last_n_actions=tuple(ActionRecordView.of(r) for r in history.last_n_actions),
            action_counts=dict(history.action_counts),
            rewarded_counts=dict(history.rewarded_counts),
            success_counts=dict(history.success_counts),
            action_type_distribution=history.action_type_distribution,
            success_rate_per_action=history.success_rate_per_action)


class LearningStateView(BaseModel):
    """The learning state's counters, pause and sentiment history (not its decayed sums)."""

    model_config = _FROZEN

    version: int
    """Bumped by every learning step."""
    feedback_count: int
    signal_count: int
    positive_count: int
    since_policy_update: int
    """Feedback events since the last policy update."""
    paused: bool
    pause_reason: str
    half_life: timedelta
    """Half life of the decayed learning metrics."""
    samples: tuple[tuple[datetime, float], ...]
    """(time, sentiment) samples kept for the learning-pause rule, oldest first."""

    @classmethod
    def of(cls, state: LearningState) -> LearningStateView:
        """The view of the learning state."""
        return cls(version=state.version, feedback_count=state.feedback_count,
                   signal_count=state.signal_count, positive_count=state.positive_count,
                   since_policy_update=state.since_policy_update, paused=state.paused,
                   pause_reason=state.pause_reason,
                   half_life=timedelta(seconds=state.half_life),
                   samples=tuple((from_epoch(at), value) for at, value in state.samples))


class AgentProjections(BaseModel):
    """An agent's learning state at one moment: agent, policy and the three projections."""

    model_config = _FROZEN

    info: AgentInfo
    policy: AgentPolicy
    aggregation: FeedbackAggregationView
    history: BehaviourHistoryView
    learning: LearningStateView

    @classmethod
    def of(cls, state: Loaded) -> AgentProjections:
        """A frozen snapshot of a loaded (mutable) learning state."""
        return cls(info=state.info, policy=state.policy,
                   aggregation=FeedbackAggregationView.of(state.aggregation),
                   history=BehaviourHistoryView.of(state.history),
                   learning=LearningStateView.of(state.learning))
