"""Public results of ``memory.agents.training``: frozen pydantic views of stored records.

Times are aware UTC datetimes; each view is built from its record by ``from_record``.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from lucidmem.agents.compiler import ModelStatus
from lucidmem.clock import from_epoch
from lucidmem.records import Status
from lucidmem.store.base import Record

__all__ = ["DatasetInfo", "ModelView", "TrainingJobView", "TriggerResult"]

_FROZEN = ConfigDict(frozen=True, protected_namespaces=())


def _time(seconds: float | None) -> datetime | None:
    return None if seconds is None else from_epoch(seconds)


class DatasetInfo(BaseModel):
    """A built dataset: its files, sizes and the learning context it was built in."""

    model_config = _FROZEN

    dataset_id: str
    agent_id: str
    chat_path: Path
    lora_path: Path
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
                   chat_path=Path(data["chat_path"]), lora_path=Path(data["lora_path"]),
                   examples=data["examples"], real_examples=data["real"],
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
    chat_path: Path
    lora_path: Path
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
                   chat_path=Path(data["chat_path"]), lora_path=Path(data["lora_path"]),
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
