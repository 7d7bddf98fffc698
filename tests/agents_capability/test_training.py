"""Datasets, PII scrubbing, JSONL validation, fine-tune jobs against a local HTTP server."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from lucidmem import InvalidInputError, Memory, Settings
from lucidmem.agents.capability import Agents
from lucidmem.agents.datasets import (
    LLMEndpoint,
    scrub_pii,
    validate_chat_jsonl,
    validate_chat_rows,
)
from lucidmem.agents.events import MODEL_UPDATED, TRAINING_DATASET_READY, Event
from lucidmem.agents.finetune import OpenAIFineTuneProvider, RetryPolicy
from lucidmem.embedding import E5Embedder
from lucidmem.errors import DatasetFormatError
from lucidmem.records import Status

from .conftest import Clock


class FakeAPI(BaseHTTPRequestHandler):
    """An OpenAI-compatible server: chat completions, files, fine_tuning/jobs."""

    plan: ClassVar[dict[str, Any]] = {}

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, code: int, body: object) -> None:
        raw = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        plan = self.plan
        plan.setdefault("calls", []).append(self.path)
        if self.path.endswith("/chat/completions"):
            lines = [json.dumps({"user": "I feel stuck.", "assistant": "Let's take it step by "
                                 "step together."}),
                     json.dumps({"user": "Any tips?", "assistant": "yeah right, obviously."}),
                     "not json"]
            self._send(200, {"choices": [{"message": {"content": "\n".join(lines)}}]})
        elif self.path.endswith("/files"):
            plan["uploaded"] = body
            if plan.get("sleep"):
                time.sleep(plan["sleep"])
            if plan.get("fail_uploads", 0) > 0:
                plan["fail_uploads"] -= 1
                self._send(500, {"error": "boom"})
                return
            self._send(200, {"id": "file-1"})
        else:
            self._send(200, {"id": "ftjob-1", "status": "queued"})

    def do_GET(self) -> None:
        polls = self.plan.setdefault("polls", 0)
        self.plan["polls"] = polls + 1
        if self.plan.get("job_fails"):
            self._send(200, {"status": "failed", "error": {"message": "bad data"}})
        elif polls < 1:
            self._send(200, {"status": "running"})
        else:
            self._send(200, {"status": "succeeded", "fine_tuned_model": "ft:mentor:v1"})


@pytest.fixture
def server() -> Iterator[str]:
    FakeAPI.plan = {}
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeAPI)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def _feed(memory: Memory, agent: str, n: int = 6) -> None:
    for i in range(n):
        memory.agents.submit_feedback(
            user_id="maya", agent_id=agent, source_id=f"m{i}", thumbs=1,
            message=f"I'm Maya, mail me at maya.k@example.com or call +1 415 555 0199 ({i})",
            response="Sure Maya! Card 4111 1111 1111 1111 is not needed.")
    memory.agents.submit_feedback(user_id="leo", agent_id=agent, source_id="bad", thumbs=-1,
                                  message="hm", response="nope")


def test_scrub_pii() -> None:
    text = "Maya (maya@x.org, +44 20 7946 0958) paid with 4111-1111-1111-1111, order 12345."
    out = scrub_pii(text, names=["Maya"])
    assert out == "[NAME] ([EMAIL], [PHONE]) paid with [CARD], order 12345."


def test_dataset_from_high_quality_interactions(memory: Memory, agent: str,
                                               tmp_path: Path) -> None:
    ready: list[Event] = []
    memory.agents.events.subscribe(TRAINING_DATASET_READY, ready.append)
    _feed(memory, agent)
    kept = memory.agents.training.build_dataset(agent, extra_names=["Maya"])
    assert kept.chat_path is None and kept.lora_path is None  # in the store only
    stored = memory.agents.training.dataset_rows(agent, kept.dataset_id)
    assert validate_chat_rows(stored) == 6
    info = memory.agents.training.build_dataset(agent, extra_names=["Maya"],
                                                out_dir=tmp_path / "export")
    assert info.real_examples == 6 and info.examples == 6
    assert info.chat_path is not None and info.lora_path is not None
    assert info.chat_path.parent == tmp_path / "export"
    assert validate_chat_jsonl(info.chat_path) == 6
    text = info.chat_path.read_text()
    assert [json.loads(line) for line in text.splitlines()] == stored  # same examples
    assert memory.agents.training.dataset_rows(agent, info.dataset_id) == stored
    for secret in ("maya.k@example.com", "555", "4111", "Maya"):
        assert secret not in text
    row = json.loads(text.splitlines()[0])
    assert [m["role"] for m in row["messages"]] == ["system", "user", "assistant"]
    assert row["messages"][0]["content"].startswith("You are Mentor.")
    lora = [json.loads(x) for x in info.lora_path.read_text().splitlines()]
    assert lora[0]["prompt"].startswith("<|system|>") and lora[0]["completion"]
    assert ready[0].payload["datasetId"] == kept.dataset_id
    assert ready[0].payload["chatPath"] is None
    assert ready[1].payload["chatPath"] == str(info.chat_path)
    assert len(ready[0].payload["highQualityInteractions"]) == 6
    with pytest.raises(InvalidInputError, match="100 are needed"):
        memory.agents.training.build_dataset(agent, min_examples=100)


def test_synthetic_samples_are_validated_against_traits(memory: Memory, agent: str,
                                                        server: str) -> None:
    _feed(memory, agent, 2)
    endpoint = LLMEndpoint(server, "tiny", timeout_seconds=5)
    info = memory.agents.training.build_dataset(agent, synthetic=5, endpoint=endpoint)
    assert info.synthetic_examples == 1  # the sarcastic one and the garbage are dropped
    assert info.synthetic_rejected == 2
    assert validate_chat_rows(memory.agents.training.dataset_rows(agent, info.dataset_id)) == 3
    skipped = memory.agents.training.build_dataset(agent, synthetic=5)  # no endpoint configured
    assert skipped.synthetic_examples == 0 and "no chat endpoint" in skipped.note


def test_corrupted_dataset_file_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"messages": [{"role": "user", "content": "hi"}, '
                    '{"role": "assistant", "content": "yo"}]}\n{"messages": [trunc\n')
    with pytest.raises(DatasetFormatError, match="line 2"):
        validate_chat_jsonl(path)
    path.write_text('{"messages": [{"role": "wizard", "content": "hi"}]}\n')
    with pytest.raises(DatasetFormatError, match="role"):
        validate_chat_jsonl(path)
    with pytest.raises(DatasetFormatError, match="does not exist"):
        validate_chat_jsonl(tmp_path / "missing.jsonl")


@pytest.fixture
def fast(memory: Memory) -> Agents:
    """The agents capability of ``memory`` with quick retries and polling."""
    return Agents(memory.kernel, training_retry=RetryPolicy(
        backoff_seconds=0.5, poll_interval_seconds=0.01, max_wait_seconds=1.0))


def test_openai_fine_tune_completes_and_registers(memory: Memory, agent: str, server: str,
                                                  fast: Agents) -> None:
    sleeps: list[float] = []
    updates: list[Event] = []
    fast.events.subscribe(MODEL_UPDATED, updates.append)
    _feed(memory, agent)
    info = fast.training.build_dataset(agent)
    FakeAPI.plan["fail_uploads"] = 2
    job = fast.training.start_fine_tune(agent, info.dataset_id, OpenAIFineTuneProvider(server),
                                        sleep=sleeps.append)
    assert job.status is Status.COMPLETED and job.model_id == "ft:mentor:v1"
    assert job.attempts == 2 and "HTTP 500" in job.errors[0]
    assert job.model_version == 1 and job.completed_at == memory.kernel.clock()
    assert sleeps[:2] == [0.5, 1.0]  # exponential backoff
    assert b"fine-tune" in FakeAPI.plan["uploaded"]
    assert updates[-1].payload["status"] == "completed"
    assert memory.agents.policy.compile(agent, draw=0.0).model.model_id == "ft:mentor:v1"
    [model] = fast.training.models(agent)
    assert (model.model_id, model.job_id, model.serving) == ("ft:mentor:v1", job.job_id, True)


def test_persistent_failure_fails_after_three_retries(memory: Memory, agent: str, server: str,
                                                      fast: Agents) -> None:
    sleeps: list[float] = []
    _feed(memory, agent)
    info = fast.training.build_dataset(agent)
    FakeAPI.plan["job_fails"] = True
    job = fast.training.start_fine_tune(agent, info.dataset_id, OpenAIFineTuneProvider(server),
                                        sleep=sleeps.append)
    assert job.status is Status.FAILED and job.attempts == 4
    assert sleeps == [0.5, 1.0, 2.0]
    assert "bad data" in job.errors[-1]
    assert not memory.agents.policy.compile(agent, draw=0.0).model.use_fine_tuned
    assert fast.training.models(agent) == []


def test_timeout_is_retried(memory: Memory, agent: str, server: str, fast: Agents) -> None:
    sleeps: list[float] = []
    _feed(memory, agent)
    info = fast.training.build_dataset(agent)
    FakeAPI.plan["sleep"] = 0.5
    provider = OpenAIFineTuneProvider(server, timeout_seconds=0.1)
    job = fast.training.start_fine_tune(agent, info.dataset_id, provider, sleep=sleeps.append)
    assert job.status is Status.FAILED and "timed out" in job.errors[0]


def test_job_resumes_after_a_crash(memory: Memory, agent: str, server: str,
                                   fast: Agents) -> None:
    _feed(memory, agent)
    info = fast.training.build_dataset(agent)
    provider = OpenAIFineTuneProvider(server)
    job = fast.training.start_fine_tune(agent, info.dataset_id, provider, run=False)
    assert job.status is Status.PENDING and job.started_at is None
    [done] = fast.training.resume_jobs({"openai": provider}, sleep=lambda s: None)
    assert done.job_id == job.job_id and done.status is Status.COMPLETED
    assert fast.training.job(agent, job.job_id).status is Status.COMPLETED


def test_triggers(memory: Memory, agent: str, clock: Clock) -> None:
    first = memory.agents.training.fine_tune_due(agent)
    assert not first.due and "0 positive" in first.reason
    for i in range(100):
        memory.agents.submit_feedback(user_id=f"u{i % 7}", agent_id=agent, source_id=f"m{i}",
                                      thumbs=1, message="q", response="a")
    due = memory.agents.training.fine_tune_due(agent)
    assert due.due and due.positive_feedback == 100 and due.high_quality == 100
    [result] = memory.agents.training.run_triggers()
    assert (result.agent_id, result.due, result.job) == (agent, True, None)
    assert result.dataset_id is not None and result.summary.startswith("dataset")
    [dataset] = memory.agents.training.datasets(agent)
    assert dataset.dataset_id == result.dataset_id and dataset.real_examples == 100
    assert dataset.window_end == clock.now


def test_an_encrypted_store_seals_its_dataset_and_uploads_the_plain_text(
        data_dir: Path, embedder: E5Embedder, clock: Clock, server: str) -> None:
    """The dataset files are sealed with the store's key; the provider still receives the
    chat JSONL it expects (decrypted in memory, never written in plain)."""
    settings = Settings(data_dir=data_dir, encryption_key="c3" * 32)
    with Memory(settings=settings, embedder=embedder, clock=clock) as memory:
        memory.agents.register("mentor", owner_id="owner", name="Mentor")
        _feed(memory, "mentor")
        quick = Agents(memory.kernel, training_retry=RetryPolicy(
            backoff_seconds=0.01, poll_interval_seconds=0.01, max_wait_seconds=1.0))
        info = quick.training.build_dataset("mentor", out_dir=data_dir / "export")
        assert info.chat_path is not None
        assert b"[EMAIL]" not in info.chat_path.read_bytes()
        job = quick.training.start_fine_tune("mentor", info.dataset_id,
                                             OpenAIFineTuneProvider(server), sleep=lambda _: None)
        assert job.status is Status.COMPLETED and job.chat_path == info.chat_path
        assert b'"role": "assistant"' in FakeAPI.plan["uploaded"]
        assert b"[EMAIL]" in FakeAPI.plan["uploaded"]
        # a dataset kept in the store only: its files are written for the provider's call
        FakeAPI.plan["uploaded"] = b""
        kept = quick.training.build_dataset("mentor")
        files = sorted(data_dir.rglob("*"))
        job = quick.training.start_fine_tune("mentor", kept.dataset_id,
                                             OpenAIFineTuneProvider(server), sleep=lambda _: None)
        assert job.status is Status.COMPLETED and job.chat_path is None
        assert b"[EMAIL]" in FakeAPI.plan["uploaded"]
        assert sorted(data_dir.rglob("*")) == files  # nothing left on disk
