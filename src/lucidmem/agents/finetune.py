"""Fine-tuning providers, job states, retry policy and training triggers (M21).

Seed: ``seeds/agent-feedback-rlhf.md`` — "LoRA Fine-Tuning Pipeline / For OpenAI" (upload the
JSONL file, create the job with ``n_epochs``/``batch_size``/``learning_rate_multiplier``, poll it,
read ``fine_tuned_model``), "Training Job Management" (``pending → running →
completed|failed``), open questions 10 (retry up to 3 times with exponential backoff, alert on
persistent failure, fall back to the base model), 5 and 20 (weekly; ≥ 100 positive feedbacks
and ≥ 50 high-quality interactions).

A provider is two calls, so a job survives a crash: :meth:`FineTuneProvider.submit` returns the
provider's job id, which the job manager stores before it starts polling
:meth:`FineTuneProvider.poll`; after a restart, polling resumes from the stored id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, ConfigDict

from lucidmem.errors import FineTuneError
from lucidmem.store.files import read_side_file

if TYPE_CHECKING:
    import httpx

__all__ = [
    "MIN_HIGH_QUALITY",
    "MIN_POSITIVE_FEEDBACK",
    "TRAINING_INTERVAL",
    "FineTuneProvider",
    "OpenAIFineTuneProvider",
    "PollResult",
    "RetryPolicy",
    "TrainingRequest",
    "TriggerDecision",
    "decide_trigger",
]

MIN_POSITIVE_FEEDBACK = 100
MIN_HIGH_QUALITY = 50
TRAINING_INTERVAL = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class TrainingRequest:
    """What a provider needs to train: the dataset files and the base model."""

    job_id: str
    agent_id: str
    base_model: str
    chat_path: Path
    lora_path: Path
    hyperparameters: dict[str, Any] = field(default_factory=dict)
    key: str | None = field(default=None, repr=False)
    """The store's encryption key: the dataset files are sealed with it when it is set."""


@dataclass(frozen=True, slots=True)
class PollResult:
    """A provider job's state: ``running``, ``succeeded`` (with a model id) or ``failed``."""

    state: str
    model_id: str | None = None
    error: str | None = None


class FineTuneProvider(Protocol):
    """A fine-tuning backend (OpenAI-compatible API, local LoRA, ...)."""

    name: str

    def submit(self, request: TrainingRequest) -> str:
        """Start training; returns the provider's job id. Raise :class:`FineTuneError`."""
        ...

    def poll(self, external_id: str) -> PollResult:
        """The job's current state. Raise :class:`FineTuneError` when it cannot be read."""
        ...


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Open question 10: 3 retries, delays ``base·2ⁿ``; a job polls at most ``max_wait``."""

    max_retries: int = 3
    backoff_seconds: float = 30.0
    poll_interval_seconds: float = 30.0
    max_wait_seconds: float = 6 * 3600.0

    def delay(self, attempt: int) -> float:
        """Delay before retry number ``attempt`` (1-based): base, 2·base, 4·base."""
        return float(self.backoff_seconds * 2.0 ** (attempt - 1))


class OpenAIFineTuneProvider:
    """The OpenAI fine-tuning API (or a compatible server): files + fine_tuning/jobs."""

    name = "openai"

    def __init__(
        self, base_url: str, *, api_key: str | None = None, timeout_seconds: float = 60.0,
        n_epochs: int = 3, batch_size: int = 4, learning_rate_multiplier: float = 1.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout_seconds = timeout_seconds
        self.hyperparameters = {"n_epochs": n_epochs, "batch_size": batch_size,
                                "learning_rate_multiplier": learning_rate_multiplier}
        self._transport = transport

    def _client(self) -> httpx.Client:
        import httpx  # imported on first use: only the OpenAI trainer makes HTTP calls

        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        return httpx.Client(base_url=self.base_url, timeout=self.timeout_seconds,
                            headers=headers, transport=self._transport)

    def _json(self, response: httpx.Response, what: str) -> dict[str, Any]:
        if response.status_code >= 400:
            raise FineTuneError(f"{what}: HTTP {response.status_code} from {self.base_url}: "
                                f"{response.text[:200]}")
        try:
            body = response.json()
        except ValueError:
            raise FineTuneError(f"{what}: {self.base_url} answered non-JSON") from None
        if not isinstance(body, dict):
            raise FineTuneError(f"{what}: unexpected answer {body!r:.200}")
        return body

    def submit(self, request: TrainingRequest) -> str:
        """Upload the chat JSONL (purpose ``fine-tune``) and create the job."""
        import httpx

        try:
            with self._client() as client:
                body = read_side_file(request.chat_path, request.key)
                uploaded = self._json(client.post(
                    "/files", data={"purpose": "fine-tune"},
                    files={"file": (request.chat_path.name, body, "application/jsonl")}),
                    "upload")
                job = self._json(client.post("/fine_tuning/jobs", json={
                    "training_file": uploaded["id"], "model": request.base_model,
                    "hyperparameters": {**self.hyperparameters, **request.hyperparameters},
                    "suffix": request.agent_id[:18]}), "create job")
                return str(job["id"])
        except httpx.TimeoutException as exc:
            raise FineTuneError(f"{self.base_url} timed out after {self.timeout_seconds}s "
                                f"({type(exc).__name__})") from exc
        except httpx.HTTPError as exc:
            raise FineTuneError(f"{self.base_url} is unreachable: {exc}") from exc
        except KeyError as exc:
            raise FineTuneError(f"{self.base_url} answered without {exc}") from exc
        except OSError as exc:
            raise FineTuneError(f"cannot read the dataset {request.chat_path}: {exc}; build "
                                "the dataset again") from exc

    def poll(self, external_id: str) -> PollResult:
        """Map the job's status: succeeded, failed/cancelled, anything else running."""
        import httpx

        try:
            with self._client() as client:
                job = self._json(client.get(f"/fine_tuning/jobs/{external_id}"), "poll")
        except httpx.TimeoutException as exc:
            raise FineTuneError(f"{self.base_url} timed out polling {external_id}") from exc
        except httpx.HTTPError as exc:
            raise FineTuneError(f"{self.base_url} is unreachable: {exc}") from exc
        status = job.get("status")
        if status == "succeeded":
            model = job.get("fine_tuned_model")
            if not model:
                return PollResult("failed", error="succeeded without fine_tuned_model")
            return PollResult("succeeded", str(model))
        if status in ("failed", "cancelled"):
            error = job.get("error") or {}
            message = error.get("message") if isinstance(error, dict) else str(error)
            return PollResult("failed", error=message or str(status))
        return PollResult("running")


class TriggerDecision(BaseModel):
    """Whether an agent is due for fine-tuning, and the evidence."""

    model_config = ConfigDict(frozen=True)

    due: bool
    reason: str
    positive_feedback: int
    high_quality: int
    last_trained_at: datetime | None


def decide_trigger(
    positive_feedback: int, high_quality: int, last_trained_at: datetime | None, now: datetime, *,
    min_positive: int = MIN_POSITIVE_FEEDBACK, min_high_quality: int = MIN_HIGH_QUALITY,
    interval: timedelta = TRAINING_INTERVAL,
) -> TriggerDecision:
    """Due when ≥ 100 positive feedbacks and ≥ 50 high-quality interactions accumulated since
    the last training, and that training is at least a week old (weekly cadence)."""
    evidence = {"positive_feedback": positive_feedback, "high_quality": high_quality,
                "last_trained_at": last_trained_at}
    if positive_feedback < min_positive:
        return TriggerDecision(
            due=False, reason=f"{positive_feedback} positive feedbacks < {min_positive}",
            **evidence)
    if high_quality < min_high_quality:
        return TriggerDecision(
            due=False, reason=f"{high_quality} high-quality interactions < {min_high_quality}",
            **evidence)
    if last_trained_at is not None and now - last_trained_at < interval:
        days = (now - last_trained_at) / timedelta(days=1)
        return TriggerDecision(due=False, reason=f"last training {days:.1f} days ago (weekly)",
                               **evidence)
    return TriggerDecision(due=True, reason=f"{positive_feedback} positive feedbacks and "
                           f"{high_quality} high-quality interactions since the last training",
                           **evidence)
