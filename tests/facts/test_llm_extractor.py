"""The LLM extractor against a local OpenAI-compatible chat-completions server (loopback)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from lucidmem import Memory
from lucidmem.embedding import E5Embedder
from lucidmem.facts.extractor_choice import extractor_from_settings
from lucidmem.facts.extractors import TurnInput
from lucidmem.facts.llm_extractor import LLMExtractor
from lucidmem.settings import FactSettings, Settings

T0 = datetime(2024, 5, 3, 10, 0, tzinfo=UTC)


def _item(turn_id: str, **over: Any) -> dict[str, Any]:
    item = {
        "turn_id": turn_id, "category": "preference", "subcategory": "preference.diet",
        "subject": "user", "predicate": "diet", "object": "vegan", "confidence": 0.9,
        "emotional_intensity": 0.3, "privacy": "public", "temporal_text": None,
        "negated": False, "is_change": False, "is_correction": False, "one_off": False,
        "context": None, "language": "en",
    }
    item.update(over)
    return item


def completion(content: str) -> dict[str, Any]:
    return {"id": "x", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop"}]}


class FakeLLM:
    """Scripted answers: each request takes the next (status, body, headers, delay); the
    last one repeats. ``facts_for`` builds a valid answer from the request's turn ids."""

    def __init__(self) -> None:
        self.script: list[tuple[int, Any, dict[str, str], float]] = []
        self.requests: list[dict[str, Any]] = []
        self.facts_for: Any = None

    def next(self, body: dict[str, Any]) -> tuple[int, str, dict[str, str], float]:
        self.requests.append(body)
        step = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        status, payload, headers, delay = step
        if payload == "VALID":
            turns = json.loads(body["messages"][1]["content"])["turns"]
            payload = completion(json.dumps({"facts": self.facts_for(turns)}))
        text = payload if isinstance(payload, str) else json.dumps(payload)
        return status, text, headers, delay


@pytest.fixture
def llm() -> Iterator[tuple[FakeLLM, str]]:
    fake = FakeLLM()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", 0))
            body = json.loads(self.rfile.read(length))
            assert self.path == "/v1/chat/completions"
            status, text, headers, delay = fake.next(body)
            time.sleep(delay)
            try:
                self.send_response(status)
                for key, value in {"content-type": "application/json", **headers}.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(text.encode())
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield fake, f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def _extractor(url: str, sleeps: list[float], **kw: Any) -> LLMExtractor:
    options: dict[str, Any] = {"backoff": 0.01, "timeout": 2.0, **kw}
    return LLMExtractor(url, "test-model", api_key="k", sleep=sleeps.append, **options)


def _turn(i: int = 0, text: str = "I'm vegan.") -> TurnInput:
    return TurnInput(f"t{i}", text, "user", T0)


def test_valid_output_with_schema_and_language(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"], object="Veganerin",
                                          language="de", temporal_text="nächste Woche",
                                          category="event", subcategory="event.upcoming",
                                          predicate="visiting")]
    result = _extractor(url, []).extract([_turn(text="Ich bin Veganerin.")])
    assert result.failures == [] and result.calls == 1
    fact = result.facts["t0"][0]
    assert fact.object == "Veganerin" and fact.language == "de"
    assert fact.valid_from == datetime(2024, 5, 6, tzinfo=UTC)  # resolved against the turn
    sent = fake.requests[0]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["model"] == "test-model"


def test_malformed_json_is_retried_then_succeeds(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, completion("{not json"), {}, 0.0), (200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"])]
    sleeps: list[float] = []
    result = _extractor(url, sleeps).extract([_turn()])
    assert result.calls == 2 and result.failures == []
    assert sleeps == [0.01]
    assert result.facts["t0"][0].object == "vegan"


def test_still_invalid_becomes_failure_with_raw_response(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, completion('{"facts": "garbage"}'), {}, 0.0)]
    result = _extractor(url, [], max_retries=2).extract([_turn()])
    assert result.calls == 3
    (failure,) = result.failures
    assert failure.retryable and failure.turn_ids == ("t0",)
    assert failure.raw_response is not None and "garbage" in failure.raw_response


def test_429_honours_retry_after(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(429, {"error": "slow down"}, {"Retry-After": "0.05"}, 0.0),
                   (200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"])]
    sleeps: list[float] = []
    result = _extractor(url, sleeps).extract([_turn()])
    assert sleeps == [0.05] and result.failures == [] and result.facts["t0"]


def test_timeout_is_a_retryable_failure(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.6)]
    fake.facts_for = lambda turns: []
    result = _extractor(url, [], timeout=0.2, max_retries=1).extract([_turn()])
    (failure,) = result.failures
    assert failure.retryable and "timed out" in failure.error


def test_partial_output_keeps_valid_items_and_records_the_rest(
        llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"]),
                                    _item(turns[0]["turn_id"], subcategory="nonsense")]
    result = _extractor(url, []).extract([_turn()])
    assert len(result.facts["t0"]) == 1
    (failure,) = result.failures
    assert not failure.retryable and "1 invalid" in failure.error and failure.raw_response


def test_calls_per_add_are_bounded(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: []
    turns = [_turn(i) for i in range(45)]
    result = _extractor(url, [], turns_per_call=20, max_calls=2).extract(turns)
    assert result.calls == 2 == len(fake.requests)
    (failure,) = result.failures  # the third batch: budget exhausted, retry later
    assert failure.retryable and len(failure.turn_ids) == 5 and "budget" in failure.error


def test_settings_choose_the_llm_only_with_a_base_url() -> None:
    assert extractor_from_settings(FactSettings()).name == "offline"  # type: ignore[union-attr]
    chosen = extractor_from_settings(FactSettings(base_url="http://127.0.0.1:9/v1"))
    assert isinstance(chosen, LLMExtractor)
    assert extractor_from_settings(FactSettings(extractor="none")) is None


def _memory(tmp_path: Path, embedder: E5Embedder, url: str) -> Memory:
    settings = Settings(data_dir=tmp_path / "d", facts=FactSettings(
        base_url=url, model="m", backoff_seconds=0.01, max_retries=1, timeout_seconds=2.0))
    return Memory(settings=settings, embedder=embedder)


def test_llm_down_stores_turn_records_failure_and_retries_later(
        llm: tuple[FakeLLM, str], tmp_path: Path, embedder: E5Embedder) -> None:
    fake, url = llm
    fake.script = [(503, {"error": "down"}, {}, 0.0)]
    fake.facts_for = lambda turns: [_item(t["turn_id"]) for t in turns]
    with _memory(tmp_path, embedder, url) as memory:
        items = memory.add("I'm vegan.", user_id="maya")
        assert memory.get(items[0].id, user_id="maya").text == "I'm vegan."
        (failure,) = memory.facts.failures(user_id="maya")
        assert failure.retryable and failure.turn_ids == [items[0].id]
        assert failure.status == "open"
        assert memory.facts.list(user_id="maya") == []
        fake.script = [(200, "VALID", {}, 0.0)]
        outcome = memory.facts.retry_failures(user_id="maya")
        assert outcome.retried == 1 and outcome.staged == 1 and outcome.failures == []
        assert [f.object for f in memory.facts.list(user_id="maya")] == ["vegan"]
        assert memory.facts.failures(user_id="maya") == []
        (resolved,) = memory.facts.failures(user_id="maya", include_resolved=True)
        assert resolved.status == "resolved" and resolved.id == failure.id
        assert resolved.retried_at is not None and resolved.retried_at.tzinfo is not None


def test_unreachable_endpoint_never_loses_the_turn(tmp_path: Path,
                                                   embedder: E5Embedder) -> None:
    with _memory(tmp_path, embedder, "http://127.0.0.1:9/v1") as memory:
        memory.add("I live in Lisbon.", user_id="maya")
        assert len(memory.get_all(user_id="maya", kinds=["turn"])) == 1
        (failure,) = memory.facts.failures(user_id="maya")
        assert "unreachable" in failure.error


def test_items_are_checked_against_the_schema(llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"], confidence=7),
                                    _item(turns[0]["turn_id"], bogus=1),
                                    _item(turns[0]["turn_id"])]
    result = _extractor(url, []).extract([_turn()])
    assert len(result.facts["t0"]) == 1
    (failure,) = result.failures
    assert "2 invalid fact item(s)" in failure.error and "out of range" in failure.error
    assert "unknown field 'bogus'" in failure.error and failure.raw_response


def test_facts_about_people_the_user_never_named_are_flagged(
        llm: tuple[FakeLLM, str]) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]
    fake.facts_for = lambda turns: [_item(turns[0]["turn_id"], subject="Gregor")]
    result = _extractor(url, []).extract([_turn(text="My sister is vegan.")])
    assert result.facts["t0"] == []
    assert result.flags["t0"] == ["llm:unknown_person"]
    assert "not named by the user" in result.failures[0].error


def test_the_model_sees_current_facts_and_supersedes_by_id(
        llm: tuple[FakeLLM, str], tmp_path: Path, embedder: E5Embedder) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]

    def facts_for(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = json.loads(fake.requests[-1]["messages"][1]["content"]).get("known_facts", [])
        home = [k for k in known if "Porto" in k["text"]]
        city = "Lisbon" if "Lisbon" in turns[0]["text"] else "Porto"
        return [_item(turns[0]["turn_id"], category="biographical",
                      subcategory="biographical.personal", predicate="lives_in", object=city,
                      text=f"The user lives in {city}",
                      action="supersede" if home else "state",
                      target_fact_id=home[0]["id"] if home else None)]

    fake.facts_for = facts_for
    settings = Settings(data_dir=tmp_path / "d", facts=FactSettings(base_url=url, model="m"))
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add("I live in Porto", user_id="maya", timestamp=T0)
        memory.add("We moved last month, new flat in Lisbon", user_id="maya",
                   timestamp=datetime(2024, 9, 3, tzinfo=UTC))
        assert [f.text for f in memory.facts.list(user_id="maya")] == ["The user lives in Lisbon"]
        old = [f for f in memory.facts.history(user_id="maya") if f.status == "superseded"]
        assert [f.text for f in old] == ["The user lives in Porto"]
    assert "known_facts" in fake.requests[-1]["messages"][1]["content"]


def test_a_retraction_by_id_takes_the_fact_back(
        llm: tuple[FakeLLM, str], tmp_path: Path, embedder: E5Embedder) -> None:
    fake, url = llm
    fake.script = [(200, "VALID", {}, 0.0)]

    def facts_for(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        known = json.loads(fake.requests[-1]["messages"][1]["content"]).get("known_facts", [])
        if known:
            return [_item(turns[0]["turn_id"], action="retract", target_fact_id=known[0]["id"],
                          text=None)]
        return [_item(turns[0]["turn_id"], text="The user is vegan")]

    fake.facts_for = facts_for
    settings = Settings(data_dir=tmp_path / "d", facts=FactSettings(base_url=url, model="m"))
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add("I'm vegan", user_id="maya", timestamp=T0)
        memory.add("forget what I said about my diet", user_id="maya", timestamp=T0)
        assert memory.facts.list(user_id="maya") == []
        assert [f.status for f in memory.facts.history(user_id="maya")] == ["retracted"]


def test_closing_the_memory_closes_the_extractor_it_built(tmp_path: Path,
                                                          embedder: E5Embedder) -> None:
    settings = Settings(facts=FactSettings(base_url="http://127.0.0.1:9", model="m"))
    handed_in = LLMExtractor("http://127.0.0.1:9", "m")
    with Memory(tmp_path / "a", embedder=embedder, settings=settings) as memory:
        built = memory.facts.extractor
        assert isinstance(built, LLMExtractor) and not built.client.is_closed
    assert built.client.is_closed
    with Memory(tmp_path / "b", embedder=embedder, settings=settings) as memory:
        memory.facts.extractor = handed_in
    assert not handed_in.client.is_closed  # the caller's, to close
    handed_in.close()
