"""``memory.agents.training``: datasets, fine-tuning jobs, the model registry, triggers (M21).

A ``training_job`` record moves ``pending → running → completed | failed`` and is written at
every step, so :meth:`Training.resume_jobs` continues after a crash: a running job with a
provider id is polled again, a pending one is submitted. A failure (the provider raised,
reported failure or timed out) is retried up to 3 times with exponential backoff; after the
last one the job fails, an ``agent.alert`` is raised and the agent keeps its current model.

On success the model is registered as a new ``model_version`` (status ``ready``) and becomes
the agent's serving model (``model_current``), and ``model.updated`` is published — all in one
transaction; :meth:`Training.rollback_model` serves an earlier ready version again.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from lucidmem.agents.base import AgentStore
from lucidmem.agents.compiler import ModelStatus
from lucidmem.agents.dataset_builder import DatasetBuilder
from lucidmem.agents.datasets import LLMEndpoint
from lucidmem.agents.events import AGENT_ALERT, MODEL_UPDATED, TRAINING_JOB_UPDATED
from lucidmem.agents.feedback_model import ImplicitFeedback
from lucidmem.agents.finetune import (
    FineTuneProvider,
    RetryPolicy,
    TrainingRequest,
    TriggerDecision,
    decide_trigger,
)
from lucidmem.agents.learning import Learner
from lucidmem.agents.policies import Policies
from lucidmem.agents.records import partition
from lucidmem.agents.views import DatasetInfo, ModelView, TrainingJobView, TriggerResult
from lucidmem.clock import from_epoch
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, Status, new_record, stable_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["Sleep", "Training"]

Sleep = Callable[[float], None]
_OPEN = (Status.PENDING, Status.RUNNING)


class Training:
    """Training data, fine-tuning jobs and the model registry of agents.

    Contract: a job's record is written at every state change (a crash loses no provider id);
    a failed job leaves the serving model unchanged; ``retry`` (given at construction) sets
    the retries, backoff and polling of every job. Unknown agents, datasets, jobs and model
    versions raise :class:`~lucidmem.errors.NotFoundError`.
    """

    def __init__(self, kernel: Kernel, agents: AgentStore, learner: Learner,
                 policies: Policies, *, retry: RetryPolicy | None = None,
                 datasets: DatasetBuilder | None = None) -> None:
        self._kernel = kernel
        self._agents = agents
        self._learner = learner
        self._retry = retry or RetryPolicy()
        self._datasets = datasets or DatasetBuilder(kernel, agents, learner, policies)

    # -- datasets ---------------------------------------------------------------------------
    def build_dataset(
        self, agent_id: str, *, out_dir: str | Path | None = None, min_examples: int = 1,
        synthetic: int = 0, endpoint: LLMEndpoint | None = None, since: datetime | None = None,
        extra_names: Sequence[str] = (), context: str | None = None,
    ) -> DatasetInfo:
        """Build, scrub, export (OpenAI chat JSONL + local LoRA JSONL) and announce a dataset.

        See :meth:`~lucidmem.agents.dataset_builder.DatasetBuilder.build`; raises
        :class:`~lucidmem.errors.InvalidInputError` with fewer than ``min_examples`` examples.
        """
        return self._datasets.build(agent_id, out_dir=out_dir, min_examples=min_examples,
                                    synthetic=synthetic, endpoint=endpoint, since=since,
                                    extra_names=extra_names, context=context)

    def datasets(self, agent_id: str, *, context: str | None = None) -> list[DatasetInfo]:
        """The agent's datasets, oldest first."""
        return self._datasets.list(agent_id, context=context)

    def dataset_rows(self, agent_id: str, dataset_id: str, *, layout: str = "chat",
                     context: str | None = None) -> list[dict[str, Any]]:
        """The examples of a dataset, one dict per JSONL line (``layout`` ``"chat"``, the
        OpenAI chat format, or ``"lora"``), read from the store (any worker sees them)."""
        return self._datasets.rows(agent_id, dataset_id, layout=layout, context=context)

    # -- jobs -------------------------------------------------------------------------------
    def start_fine_tune(
        self, agent_id: str, dataset_id: str, provider: FineTuneProvider, *,
        base_model: str | None = None, run: bool = True, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> TrainingJobView:
        """Create a pending job for a dataset and (with ``run``) run it to completion."""
        store = self._kernel.store(context)
        info = self._agents.agent(store, agent_id)
        dataset = self._datasets.record(store, agent_id, dataset_id)
        now = self._kernel.now()
        job_id = uuid.uuid4().hex
        data = {"job_id": job_id, "agent_id": agent_id, "dataset_id": dataset_id,
                "provider": provider.name, "base_model": base_model or info.base_model,
                "chat_path": dataset.data["chat_path"], "lora_path": dataset.data["lora_path"],
                "examples": dataset.data["examples"], "attempts": 0, "external_id": None,
                "model_id": None, "errors": [], "started_at": None, "completed_at": None}
        record = new_record(job_id, Kind.TRAINING_JOB, partition(agent_id), now, data,
                            status=Status.PENDING, agent_id=agent_id)
        self._agents.commit(context, [record, self._job_event(record, now)])
        if run:
            return self.run_job(agent_id, job_id, provider, sleep=sleep, context=context)
        return TrainingJobView.from_record(record)

    def job(self, agent_id: str, job_id: str, *, context: str | None = None) -> TrainingJobView:
        """One job: status, attempts, errors, provider id, model id."""
        return TrainingJobView.from_record(self._job(self._kernel.store(context), agent_id,
                                                     job_id))

    def _job(self, store: Store, agent_id: str, job_id: str) -> Record:
        self._agents.agent(store, agent_id)
        found = store.get(partition(agent_id), [job_id])
        if not found or found[0].kind != Kind.TRAINING_JOB:
            raise NotFoundError(f"agent {agent_id!r} has no training job {job_id!r}")
        return found[0]

    def _job_event(self, record: Record, now: float) -> Record:
        payload = {**record.data, "status": record.status}
        return self._agents.event(TRAINING_JOB_UPDATED, payload, now, record.agent_id)

    def _save_job(self, context: str | None, record: Record,
                  extra: list[Record] | None = None) -> None:
        now = self._kernel.now()
        record.updated_at = now
        self._agents.commit(context, [record, self._job_event(record, now), *(extra or [])])

    def run_job(
        self, agent_id: str, job_id: str, provider: FineTuneProvider, *,
        sleep: Sleep = time.sleep, context: str | None = None,
    ) -> TrainingJobView:
        """Drive a job to ``completed`` or ``failed`` (resumes a running job by its provider id)."""
        store = self._kernel.store(context)
        record = self._job(store, agent_id, job_id)
        policy = self._retry
        while record.status in _OPEN:
            data = record.data
            try:
                if record.status == Status.PENDING or not data.get("external_id"):
                    external = self._submit(store, context, record, provider)
                    record.status = Status.RUNNING
                    record.data = {**data, "external_id": external,
                                   "started_at": data.get("started_at") or self._kernel.now()}
                    self._save_job(context, record)  # the provider id survives a crash
                waited = 0.0
                while True:
                    result = provider.poll(record.data["external_id"])
                    if result.state == "succeeded" and result.model_id:
                        self._complete(store, context, record, result.model_id)
                        return TrainingJobView.from_record(record)
                    if result.state == "failed":
                        raise _JobFailed(result.error or "the provider reported a failure")
                    if waited >= policy.max_wait_seconds:
                        raise _JobFailed(f"no result after {waited:.0f}s (timeout)")
                    sleep(policy.poll_interval_seconds)
                    waited += policy.poll_interval_seconds
            except Exception as exc:  # provider errors of any kind count as a failed attempt
                self._failed_attempt(store, context, record, str(exc), sleep)
        return TrainingJobView.from_record(record)

    def _submit(self, store: Store, context: str | None, record: Record,
                provider: FineTuneProvider) -> str:
        """Hand the job's dataset to ``provider``: its exported files when it has them, else
        files written from the store into a private temporary directory for the call."""
        data = record.data
        name = self._kernel.context_name(context)
        key = self._kernel.settings.key_for(name)
        if data.get("chat_path") and data.get("lora_path"):
            return provider.submit(TrainingRequest(
                record.id, str(record.agent_id), data["base_model"], Path(data["chat_path"]),
                Path(data["lora_path"]), key=key))
        dataset = self._datasets.record(store, str(record.agent_id), data["dataset_id"])
        examples = self._datasets.examples(dataset, key)
        with tempfile.TemporaryDirectory(prefix="lucidmem-dataset-") as tmp:
            chat, lora = self._datasets.write_files(examples, Path(tmp), dataset.id, name)
            return provider.submit(TrainingRequest(
                record.id, str(record.agent_id), data["base_model"], chat, lora, key=key))

    def _failed_attempt(self, store: Store, context: str | None, record: Record,
                        error: str, sleep: Sleep) -> None:
        attempts = int(record.data.get("attempts", 0)) + 1
        errors = [*record.data.get("errors", []), error][-10:]
        record.data = {**record.data, "attempts": attempts, "errors": errors,
                       "external_id": None}
        policy = self._retry
        if attempts <= policy.max_retries:
            record.status = Status.PENDING
            self._save_job(context, record)
            sleep(policy.delay(attempts))
            return
        now = self._kernel.now()
        record.status = Status.FAILED
        record.data = {**record.data, "completed_at": now}
        agent_id = str(record.agent_id)
        info = self._agents.agent(store, agent_id)
        self._save_job(context, record, [
            self._agents.event(AGENT_ALERT, {
                "agent_id": agent_id, "owner_id": info.owner_id, "alert": "training_failed",
                "reason": f"job {record.id} failed after {attempts} attempts: {error}"},
                now, agent_id),
            self._agents.event(MODEL_UPDATED, {
                "agentId": agent_id, "archetype": info.archetype, "modelId": None,
                "provider": record.data["provider"], "trainingJobId": record.id,
                "status": Status.FAILED, "updatedAt": now}, now, agent_id)])

    def _complete(self, store: Store, context: str | None, record: Record,
                  model_id: str) -> None:
        agent_id = str(record.agent_id)
        now = self._kernel.now()
        info = self._agents.agent(store, agent_id)
        started = record.data.get("started_at") or now

        def build() -> list[Record]:  # under the agent's model lock: the version is ours
            version = len(self._model_records(store, agent_id)) + 1
            record.status = Status.COMPLETED
            record.data = {**record.data, "model_id": model_id, "completed_at": now,
                           "model_version": version}
            record.updated_at = now
            return [record, self._job_event(record, now),
                    *self._model_version_records(agent_id, version, model_id, record, now),
                    self._agents.event(MODEL_UPDATED, {
                        "agentId": agent_id, "archetype": info.archetype, "modelId": model_id,
                        "provider": record.data["provider"], "trainingJobId": record.id,
                        "status": Status.COMPLETED, "version": version, "metadata": {
                            "trainingExamples": record.data["examples"],
                            "trainingDuration": now - started}, "updatedAt": now},
                        now, agent_id)]

        self._agents.commit_locked(context, _models_lock(agent_id), build)

    def resume_jobs(
        self, providers: Mapping[str, FineTuneProvider], *, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> list[TrainingJobView]:
        """Continue every pending or running job whose provider is given (after a crash)."""
        store = self._kernel.store(context)
        done = []
        for info in self._agents.agents(store):
            for record in store.find(Query(user_id=partition(info.agent_id),
                                           kinds=[Kind.TRAINING_JOB], statuses=list(_OPEN))):
                provider = providers.get(record.data["provider"])
                if provider is not None:
                    done.append(self.run_job(info.agent_id, record.id, provider, sleep=sleep,
                                             context=context))
        return done

    # -- model registry ---------------------------------------------------------------------
    @staticmethod
    def _model_records(store: Store, agent_id: str) -> list[Record]:
        found = store.find(Query(user_id=partition(agent_id), kinds=[Kind.MODEL_VERSION]))
        return sorted(found, key=lambda r: int(r.data["version"]))

    @staticmethod
    def _pointer(agent_id: str, version: int, now: float) -> Record:
        return new_record(stable_id(Kind.MODEL_CURRENT, agent_id), Kind.MODEL_CURRENT,
                          partition(agent_id), now, {"version": version}, layer=2,
                          agent_id=agent_id)

    def _model_version_records(self, agent_id: str, version: int, model_id: str,
                               job: Record | None, now: float, provider: str | None = None,
                               ) -> list[Record]:
        data = {"version": version, "model_id": model_id,
                "provider": provider or (job.data["provider"] if job else "manual"),
                "status": ModelStatus.READY, "job_id": None if job is None else job.id,
                "dataset_id": None if job is None else job.data["dataset_id"],
                "registered_at": now}
        return [new_record(stable_id(Kind.MODEL_VERSION, agent_id, version), Kind.MODEL_VERSION,
                           partition(agent_id), now, data, layer=2, agent_id=agent_id),
                self._pointer(agent_id, version, now)]

    def register_model(self, agent_id: str, model_id: str, *, provider: str,
                       context: str | None = None) -> ModelView:
        """Register an externally trained model as the agent's new serving version."""
        if not model_id.strip():
            raise InvalidInputError("model_id: must be non-empty", field="model_id")
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        now = self._kernel.now()

        def build() -> list[Record]:  # under the agent's model lock: the version is ours
            version = len(self._model_records(store, agent_id)) + 1
            records = self._model_version_records(agent_id, version, model_id, None, now,
                                                  provider)
            return [*records, self._agents.event(MODEL_UPDATED, {
                "agentId": agent_id, "modelId": model_id, "provider": provider,
                "status": Status.COMPLETED, "version": version, "updatedAt": now},
                now, agent_id)]

        written = self._agents.commit_locked(context, _models_lock(agent_id), build)
        return ModelView.from_record(written[0], serving=True)

    def models(self, agent_id: str, *, context: str | None = None) -> list[ModelView]:
        """Every registered model version, oldest first, with ``serving`` marked."""
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        pointer = store.get(partition(agent_id), [stable_id(Kind.MODEL_CURRENT, agent_id)])
        current = pointer[0].data["version"] if pointer else None
        return [ModelView.from_record(r, serving=r.data["version"] == current)
                for r in self._model_records(store, agent_id)]

    def rollback_model(self, agent_id: str, version: int, *,
                       context: str | None = None) -> ModelView:
        """Serve an earlier ready model version again (the registry keeps every version)."""
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        found = store.get(partition(agent_id),
                          [stable_id(Kind.MODEL_VERSION, agent_id, version)])
        if not found or found[0].data["status"] != ModelStatus.READY:
            raise NotFoundError(f"agent {agent_id!r} has no ready model version {version}")
        now = self._kernel.now()
        data = found[0].data
        self._agents.commit(context, [
            self._pointer(agent_id, version, now),
            self._agents.event(MODEL_UPDATED, {
                "agentId": agent_id, "modelId": data["model_id"], "provider": data["provider"],
                "status": Status.COMPLETED, "version": version, "rollback": True,
                "updatedAt": now}, now, agent_id)])
        return ModelView.from_record(found[0], serving=True)

    # -- triggers ---------------------------------------------------------------------------
    def fine_tune_due(self, agent_id: str, *, context: str | None = None) -> TriggerDecision:
        """The seed's trigger: ≥ 100 positive feedbacks, ≥ 50 high-quality interactions since
        the last training job, and weekly at most."""
        store = self._kernel.store(context)
        state = self._learner.load(store, agent_id)
        jobs = store.find(Query(user_id=partition(agent_id), kinds=[Kind.TRAINING_JOB],
                                order_by="created_at", descending=True, limit=1))
        last = from_epoch(jobs[0].created_at) if jobs else None
        feedback = self._learner.feedback_events(store, agent_id)
        positive = sum(1 for e in feedback if (last is None or e.created_at > last)
                       and not isinstance(e.payload, ImplicitFeedback)
                       and e.payload.value > 0)
        high = sum(1 for h in state.aggregation.high_quality_interactions
                   if last is None or h.at > last)
        return decide_trigger(positive, high, last, from_epoch(self._kernel.now()))

    def run_triggers(
        self, provider: FineTuneProvider | None = None, *, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> list[TriggerResult]:
        """The weekly job: build a dataset for every due agent, and train it with ``provider``."""
        results: list[TriggerResult] = []
        for info in self._agents.agents(self._kernel.store(context)):
            decision = self.fine_tune_due(info.agent_id, context=context)
            if not decision.due:
                results.append(TriggerResult(agent_id=info.agent_id, due=False,
                                             reason=decision.reason))
                continue
            dataset = self.build_dataset(info.agent_id, context=context)
            job = None if provider is None else self.start_fine_tune(
                info.agent_id, dataset.dataset_id, provider, sleep=sleep, context=context)
            results.append(TriggerResult(agent_id=info.agent_id, due=True,
                                         reason=decision.reason,
                                         dataset_id=dataset.dataset_id, job=job))
        return results


class _JobFailed(Exception):
    """A provider-reported failure or a polling timeout (retried like any error)."""


def _models_lock(agent_id: str) -> str:
    """The store lock under which an agent's next model version is numbered and written."""
    return f"agent-models:{agent_id}"
