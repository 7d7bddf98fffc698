"""``Memory`` methods of the fine-tune service: jobs, the model registry, triggers (M21).

A ``training_job`` record moves ``pending → running → completed | failed`` and is written at
every step, so :meth:`TrainingAPI.resume_training_jobs` continues after a crash: a running job
with a provider id is polled again, a pending one is submitted. A failure (the provider raised,
reported failure or timed out) is retried up to 3 times with exponential backoff; after the
last one the job fails, an ``agent.alert`` is raised and the agent keeps its current model.

On success the model is registered as a new ``model_version`` (status ``ready``) and becomes
the agent's serving model (``model_current``), and ``model.updated`` is published — all in one
transaction; :meth:`TrainingAPI.rollback_model` serves an earlier ready version again.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from lucidmem.agents.dataset_api import DatasetAPI
from lucidmem.agents.events import AGENT_ALERT, MODEL_UPDATED, TRAINING_JOB_UPDATED
from lucidmem.agents.feedback_model import ImplicitFeedback
from lucidmem.agents.finetune import (
    FineTuneProvider,
    JobStatus,
    RetryPolicy,
    TrainingRequest,
    TriggerDecision,
    decide_trigger,
)
from lucidmem.agents.records import (
    MODEL_CURRENT,
    MODEL_VERSION,
    TRAINING_JOB,
    hashed,
    internal,
    partition,
)
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.store.base import Query, Record, Store

__all__ = ["TrainingAPI"]

Sleep = Callable[[float], None]


class TrainingAPI(DatasetAPI):
    """Training jobs, the model registry and the fine-tuning triggers."""

    training_retry: RetryPolicy = RetryPolicy()
    """Retry and polling policy of training jobs (override per Memory for tests)."""

    def start_fine_tune(
        self, agent_id: str, dataset_id: str, provider: FineTuneProvider, *,
        base_model: str | None = None, run: bool = True, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> dict[str, Any]:
        """Create a pending job for a dataset and (with ``run``) run it to completion."""
        store = self.store(context)
        info = self._agent(store, agent_id)
        dataset = self._dataset(store, agent_id, dataset_id)
        now = self.now()
        job_id = uuid.uuid4().hex
        data = {"job_id": job_id, "agent_id": agent_id, "dataset_id": dataset_id,
                "provider": provider.name, "base_model": base_model or info.base_model,
                "chat_path": dataset.data["chat_path"], "lora_path": dataset.data["lora_path"],
                "examples": dataset.data["examples"], "attempts": 0, "external_id": None,
                "model_id": None, "errors": [], "started_at": None, "completed_at": None}
        record = internal(job_id, TRAINING_JOB, partition(agent_id), data, now,
                          agent_id=agent_id, status=JobStatus.PENDING.value, layer=0)
        self._commit(context, store, [record, self._job_event(record, now)])
        if run:
            return self.run_training_job(agent_id, job_id, provider, sleep=sleep,
                                         context=context)
        return self._job_view(record)

    def training_job(self, agent_id: str, job_id: str, *,
                     context: str | None = None) -> dict[str, Any]:
        """One job: status, attempts, errors, provider id, model id."""
        return self._job_view(self._job(self.store(context), agent_id, job_id))

    def _job(self, store: Store, agent_id: str, job_id: str) -> Record:
        self._agent(store, agent_id)
        found = store.get(partition(agent_id), [job_id])
        if not found or found[0].kind != TRAINING_JOB:
            raise NotFoundError(f"agent {agent_id!r} has no training job {job_id!r}")
        return found[0]

    @staticmethod
    def _job_view(record: Record) -> dict[str, Any]:
        return {**record.data, "status": record.status}

    def _job_event(self, record: Record, now: float) -> Record:
        return self._event_record(TRAINING_JOB_UPDATED, self._job_view(record), now,
                                  record.agent_id)

    def _save_job(self, store: Store, context: str | None, record: Record,
                  extra: list[Record] | None = None) -> None:
        now = self.now()
        record.updated_at = now
        self._commit(context, store, [record, self._job_event(record, now), *(extra or [])])

    def run_training_job(
        self, agent_id: str, job_id: str, provider: FineTuneProvider, *,
        sleep: Sleep = time.sleep, context: str | None = None,
    ) -> dict[str, Any]:
        """Drive a job to ``completed`` or ``failed`` (resumes a running job by its provider id)."""
        store = self.store(context)
        record = self._job(store, agent_id, job_id)
        policy = self.training_retry
        while record.status in (JobStatus.PENDING.value, JobStatus.RUNNING.value):
            data = record.data
            try:
                if record.status == JobStatus.PENDING.value or not data.get("external_id"):
                    request = TrainingRequest(job_id, agent_id, data["base_model"],
                                              Path(data["chat_path"]), Path(data["lora_path"]))
                    external = provider.submit(request)
                    record.status = JobStatus.RUNNING.value
                    record.data = {**data, "external_id": external,
                                   "started_at": data.get("started_at") or self.now()}
                    self._save_job(store, context, record)  # the provider id survives a crash
                waited = 0.0
                while True:
                    result = provider.poll(record.data["external_id"])
                    if result.state == "succeeded" and result.model_id:
                        self._complete(store, context, record, result.model_id)
                        return self._job_view(record)
                    if result.state == "failed":
                        raise_error = result.error or "the provider reported a failure"
                        raise _JobFailed(raise_error)
                    if waited >= policy.max_wait_seconds:
                        raise _JobFailed(f"no result after {waited:.0f}s (timeout)")
                    sleep(policy.poll_interval_seconds)
                    waited += policy.poll_interval_seconds
            except Exception as exc:  # provider errors of any kind count as a failed attempt
                self._failed_attempt(store, context, record, str(exc), sleep)
        return self._job_view(record)

    def _failed_attempt(self, store: Store, context: str | None, record: Record,
                        error: str, sleep: Sleep) -> None:
        attempts = int(record.data.get("attempts", 0)) + 1
        errors = [*record.data.get("errors", []), error][-10:]
        record.data = {**record.data, "attempts": attempts, "errors": errors,
                       "external_id": None}
        policy = self.training_retry
        if attempts <= policy.max_retries:
            record.status = JobStatus.PENDING.value
            self._save_job(store, context, record)
            sleep(policy.delay(attempts))
            return
        record.status = JobStatus.FAILED.value
        record.data = {**record.data, "completed_at": self.now()}
        now = self.now()
        agent_id = str(record.agent_id)
        info = self._agent(store, agent_id)
        self._save_job(store, context, record, [
            self._event_record(AGENT_ALERT, {
                "agent_id": agent_id, "owner_id": info.owner_id, "alert": "training_failed",
                "reason": f"job {record.id} failed after {attempts} attempts: {error}"},
                now, agent_id),
            self._event_record(MODEL_UPDATED, {
                "agentId": agent_id, "archetype": info.archetype, "modelId": None,
                "provider": record.data["provider"], "trainingJobId": record.id,
                "status": "failed", "updatedAt": now}, now, agent_id)])

    def _complete(self, store: Store, context: str | None, record: Record,
                  model_id: str) -> None:
        agent_id = str(record.agent_id)
        now = self.now()
        version = len(self._model_records(store, agent_id)) + 1
        record.status = JobStatus.COMPLETED.value
        record.data = {**record.data, "model_id": model_id, "completed_at": now,
                       "model_version": version}
        info = self._agent(store, agent_id)
        started = record.data.get("started_at") or now
        self._save_job(store, context, record, [
            *self._model_version_records(agent_id, version, model_id, record, now),
            self._event_record(MODEL_UPDATED, {
                "agentId": agent_id, "archetype": info.archetype, "modelId": model_id,
                "provider": record.data["provider"], "trainingJobId": record.id,
                "status": "completed", "version": version, "metadata": {
                    "trainingExamples": record.data["examples"],
                    "trainingDuration": now - started}, "updatedAt": now}, now, agent_id)])

    def resume_training_jobs(
        self, providers: Mapping[str, FineTuneProvider], *, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> list[dict[str, Any]]:
        """Continue every pending or running job whose provider is given (after a crash)."""
        store = self.store(context)
        done = []
        for info in self.list_agents(context=context):
            for record in store.find(Query(user_id=partition(info.agent_id),
                                           kinds=[TRAINING_JOB],
                                           statuses=[JobStatus.PENDING.value,
                                                     JobStatus.RUNNING.value])):
                provider = providers.get(record.data["provider"])
                if provider is not None:
                    done.append(self.run_training_job(info.agent_id, record.id, provider,
                                                      sleep=sleep, context=context))
        return done

    # -- model registry ---------------------------------------------------------------------
    def _model_records(self, store: Store, agent_id: str) -> list[Record]:
        found = store.find(Query(user_id=partition(agent_id), kinds=[MODEL_VERSION]))
        return sorted(found, key=lambda r: int(r.data["version"]))

    def _model_version_records(self, agent_id: str, version: int, model_id: str,
                               job: Record | None, now: float, provider: str | None = None,
                               ) -> list[Record]:
        owner = partition(agent_id)
        data = {"version": version, "model_id": model_id,
                "provider": provider or (job.data["provider"] if job else "manual"),
                "status": "ready", "job_id": None if job is None else job.id,
                "dataset_id": None if job is None else job.data["dataset_id"],
                "registered_at": now}
        return [internal(hashed(MODEL_VERSION, agent_id, version), MODEL_VERSION, owner, data,
                         now, agent_id=agent_id),
                internal(hashed(MODEL_CURRENT, agent_id), MODEL_CURRENT, owner,
                         {"version": version}, now, agent_id=agent_id)]

    def register_model(self, agent_id: str, model_id: str, *, provider: str,
                       context: str | None = None) -> int:
        """Register an externally trained model as the agent's new serving version."""
        if not model_id.strip():
            raise InvalidInputError("model_id: must be non-empty", field="model_id")
        store = self.store(context)
        self._agent(store, agent_id)
        now = self.now()
        version = len(self._model_records(store, agent_id)) + 1
        self._commit(context, store, [
            *self._model_version_records(agent_id, version, model_id, None, now, provider),
            self._event_record(MODEL_UPDATED, {
                "agentId": agent_id, "modelId": model_id, "provider": provider,
                "status": "completed", "version": version, "updatedAt": now}, now, agent_id)])
        return version

    def agent_models(self, agent_id: str, *, context: str | None = None) -> list[dict[str, Any]]:
        """Every registered model version, oldest first, with ``serving`` marked."""
        store = self.store(context)
        self._agent(store, agent_id)
        pointer = store.get(partition(agent_id), [hashed(MODEL_CURRENT, agent_id)])
        current = pointer[0].data["version"] if pointer else None
        return [{**r.data, "serving": r.data["version"] == current}
                for r in self._model_records(store, agent_id)]

    def rollback_model(self, agent_id: str, version: int, *,
                       context: str | None = None) -> dict[str, Any]:
        """Serve an earlier ready model version again (``None`` history is kept)."""
        store = self.store(context)
        self._agent(store, agent_id)
        found = store.get(partition(agent_id), [hashed(MODEL_VERSION, agent_id, version)])
        if not found or found[0].data["status"] != "ready":
            raise NotFoundError(f"agent {agent_id!r} has no ready model version {version}")
        now = self.now()
        data = found[0].data
        self._commit(context, store, [
            internal(hashed(MODEL_CURRENT, agent_id), MODEL_CURRENT, partition(agent_id),
                     {"version": version}, now, agent_id=agent_id),
            self._event_record(MODEL_UPDATED, {
                "agentId": agent_id, "modelId": data["model_id"], "provider": data["provider"],
                "status": "completed", "version": version, "rollback": True,
                "updatedAt": now}, now, agent_id)])
        return dict(data)

    # -- triggers ---------------------------------------------------------------------------
    def fine_tune_due(self, agent_id: str, *, context: str | None = None) -> TriggerDecision:
        """The seed's trigger: ≥ 100 positive feedbacks, ≥ 50 high-quality interactions since
        the last training job, and weekly at most."""
        store = self.store(context)
        state = self._load(store, agent_id)
        jobs = store.find(Query(user_id=partition(agent_id), kinds=[TRAINING_JOB],
                                order_by="created_at", descending=True, limit=1))
        last = jobs[0].created_at if jobs else None
        feedback = self._feedback_events(store, agent_id)
        positive = sum(1 for e in feedback if (last is None or e.created_at.timestamp() > last)
                       and not isinstance(e.payload, ImplicitFeedback)
                       and e.payload.value > 0)
        high = sum(1 for h in state.aggregation.high_quality_interactions
                   if last is None or h.at.timestamp() > last)
        return decide_trigger(positive, high, last, self.now())

    def run_training_triggers(
        self, provider: FineTuneProvider | None = None, *, sleep: Sleep = time.sleep,
        context: str | None = None,
    ) -> dict[str, str]:
        """The weekly job: build a dataset for every due agent, and train it with ``provider``."""
        outcome: dict[str, str] = {}
        for info in self.list_agents(context=context):
            decision = self.fine_tune_due(info.agent_id, context=context)
            if not decision.due:
                outcome[info.agent_id] = f"skipped: {decision.reason}"
                continue
            dataset = self.build_dataset(info.agent_id, context=context)
            if provider is None:
                outcome[info.agent_id] = f"dataset {dataset.dataset_id}"
                continue
            job = self.start_fine_tune(info.agent_id, dataset.dataset_id, provider,
                                       sleep=sleep, context=context)
            outcome[info.agent_id] = f"job {job['job_id']}: {job['status']}"
        return outcome


class _JobFailed(Exception):
    """A provider-reported failure or a polling timeout (retried like any error)."""
