"""``Client`` / ``AsyncClient`` against the real app over real HTTP: same names and result
types as ``Memory``, typed errors, bounded retries."""

from __future__ import annotations

import asyncio
import http.server
import inspect
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from lucidmem import (
    AsyncClient,
    Client,
    ForbiddenError,
    InvalidInputError,
    Memory,
    MemoryItem,
    NotFoundError,
    RateLimitedError,
    SearchHit,
    ServerError,
    UnauthorizedError,
)
from lucidmem.errors import ConfigurationError, TextTooLongError
from lucidmem.serving import AssembledContext

from .conftest import ADMIN, KEY, Served, build_app, free_port

PARTS = {"kernel", "facts", "skills", "agents", "sleep"}
REST_FACTS = {"list", "recall"}


def _params(fn: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


def test_every_memory_method_has_a_client_twin_with_the_same_parameters(
        memory: Memory) -> None:
    client = Client(api_key=KEY)
    names = [n for n in dir(memory) if not n.startswith("_") and n not in PARTS
             and callable(getattr(memory, n))]
    for name in names:
        assert hasattr(client, name), f"Client has no {name}"
        if name != "close":
            assert _params(getattr(client, name)) == _params(getattr(memory, name)), name
    for name in REST_FACTS:
        assert _params(getattr(client.facts, name)) == _params(getattr(memory.facts, name))
    skills = [n for n in dir(memory.skills) if not n.startswith("_")
              and n not in {"maintenance", "jobs", "on_forget_user"}  # wiring, not API
              and callable(getattr(memory.skills, n))]
    for name in skills:
        assert _params(getattr(client.skills, name)) == _params(
            getattr(memory.skills, name)), f"skills.{name}"
    client.close()


def test_the_same_calls_give_the_same_result_types_as_memory(
        served: Served, memory: Memory) -> None:
    with Client(served.url, api_key=KEY) as client:
        added = client.add([{"role": "user", "content": "My sister Ana is a nurse in Porto"},
                            {"role": "assistant", "content": "Porto is lovely."}],
                           user_id="maya", conversation_id="c1")
        assert all(isinstance(i, MemoryItem) for i in added)
        assert client.get(added[0].id, user_id="maya") == memory.get(added[0].id,
                                                                     user_id="maya")
        hits = client.search("what does Ana do?", user_id="maya", limit=3, kinds=["turn"])
        assert isinstance(hits[0], SearchHit) and hits[0].item.id == added[0].id
        assert [i.id for i in client.get_all(user_id="maya", kinds=["turn"])] == [
            i.id for i in added]
        assert [i.id for i in client.get_all(user_id="maya", kinds=["turn"], limit=1,
                                             offset=1)] == [added[1].id]
        assert len(client.working_memory(user_id="maya")) == 2
        updated = client.update(added[0].id, user_id="maya", text="My sister Ana is a doctor")
        assert updated.version == 2
        assert [e.action for e in client.history(added[0].id, user_id="maya")] == [
            "add", "update"]
        ctx = client.build_context("what does Ana do?", user_id="maya", token_budget=300)
        assert isinstance(ctx, AssembledContext) and "doctor" in ctx.prompt
        found = client.disclose("search", user_id="maya", query="Ana")
        assert added[0].id in [r.id for r in found.results]
        assert "Ana" in client.facts.recall("my sister", user_id="maya").answer
        facts = client.facts.list(user_id="maya")
        assert facts and [(f.id, f.text) for f in facts] == [
            (f.id, f.text) for f in memory.facts.list(user_id="maya")]
        exported = client.export(user_id="maya")
        assert exported.user_id == "maya" and exported.records
        # skills: opt in, rate a reply, read what was learned
        assert client.skills.enable(user_id="maya") is True
        ctx = client.build_context("any tips?", user_id="maya")
        assert ctx.selection_id is not None
        rated = client.skills.feedback(ctx.selection_id, user_id="maya", reward=1)
        assert rated.status == "recorded" and rated.skill_updated
        assert client.skills.profile(user_id="maya").feedback_count == 1
        assert client.skills.get(client.skills.list(user_id="maya")[0].id, user_id="maya")
        client.delete(added[1].id, user_id="maya")
        with pytest.raises(NotFoundError):
            client.get(added[1].id, user_id="maya")
        assert client.delete_all(user_id="maya") >= 1
        assert client.get_all(user_id="maya") == []
    with Client(served.url, api_key=ADMIN) as admin:
        assert admin.contexts() == ["personal"]
        assert admin.stats().users == 0
        report = admin.verify_erasure(user_id="maya", texts=["Clara"])
        assert report.clean and report.user_id == "maya" and report.texts_checked == 1


def test_bad_input_raises_what_memory_raises(served: Served) -> None:
    with Client(served.url, api_key=KEY) as client:
        with pytest.raises(InvalidInputError):
            client.search("   ", user_id="maya")  # the server's own check (400)
        with pytest.raises(InvalidInputError, match="limit"):
            client.search("x", user_id="maya", limit=0)  # the request schema (422)
        with pytest.raises(NotFoundError):
            client.get("no-such-id", user_id="maya")
        with pytest.raises(NotFoundError):
            client.get_all(user_id="sam")  # another user's data does not exist for this key
        with pytest.raises(NotFoundError):
            client.skills.feedback("no-such-selection", user_id="maya", reward=1)
        with pytest.raises(InvalidInputError):
            client.skills.feedback("no-such-selection", user_id="maya", reward=5)
        with pytest.raises(TextTooLongError, match="MAX_QUERY_CHARS"):  # 413, as Memory raises
            client.search("word " * 1_000, user_id="maya")


def test_a_wrong_key_is_refused_naming_the_url_not_the_key(served: Served) -> None:
    secret = "not-the-key-0123456789"
    with Client(served.url, api_key=secret) as client, \
            pytest.raises(UnauthorizedError) as caught:
        client.get_all(user_id="maya")
    assert served.url in str(caught.value) and secret not in str(caught.value)


def test_no_server_at_the_url_is_a_server_error_after_bounded_retries() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with Client(url, api_key=KEY, retries=1) as client, pytest.raises(ServerError) as caught:
        client.get_all(user_id="maya")
    assert url in str(caught.value) and KEY not in str(caught.value)
    assert caught.value.status is None
    with pytest.raises(ConfigurationError):
        Client("localhost:8765")


class _Always(http.server.BaseHTTPRequestHandler):
    """A local HTTP server that always answers one status (a proxy in trouble, or
    another service at the URL)."""

    status = 503
    body = b'{"error": "upstream_unavailable", "message": "a model backend failed"}'
    calls = 0

    def do_GET(self) -> None:
        self.answer()

    def do_DELETE(self) -> None:
        self.answer()

    def answer(self) -> None:
        type(self).calls += 1
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Retry-After", "0")
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def failing() -> Iterator[tuple[str, type[_Always]]]:
    handler = type("Handler", (_Always,), {"calls": 0})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", handler
    server.shutdown()
    server.server_close()


def test_503_is_retried_a_bounded_number_of_times_then_typed(
        failing: tuple[str, type[_Always]]) -> None:
    url, handler = failing
    with Client(url, api_key=KEY, retries=2) as client, pytest.raises(ServerError) as caught:
        client.get_all(user_id="maya")
    assert handler.calls == 3 and caught.value.status == 503
    assert "503" in str(caught.value)


def test_a_server_that_is_not_lucidmem_is_named(failing: tuple[str, type[_Always]]) -> None:
    url, handler = failing
    handler.status, handler.body = 404, b"<html>nginx</html>"
    with Client(url, api_key=KEY) as client, pytest.raises(ServerError, match="base URL"):
        client.get_all(user_id="maya")
    assert handler.calls == 1  # a 404 is not retried


def test_429_is_retried_after_retry_after_then_succeeds(memory: Memory) -> None:
    app = build_app(memory, write_rate=1.0, write_burst=1)
    with Served(app) as served:
        with Client(served.url, api_key=KEY, retries=0) as impatient:
            impatient.add("first", user_id="maya")
            with pytest.raises(RateLimitedError) as caught:
                impatient.add("refused", user_id="maya")
            assert caught.value.retry_after >= 1
        with Client(served.url, api_key=KEY, retries=3) as patient:
            patient.add("second", user_id="maya")  # waits for its token, then succeeds
    texts = [i.text for i in memory.get_all(user_id="maya")]
    assert texts == ["first", "second"]


def test_async_client_over_the_asgi_app_under_concurrent_tasks(
        app: FastAPI, memory: Memory) -> None:
    async def journey() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport) as http, \
                AsyncClient("http://lucidmem.test", api_key=KEY, http=http) as client:
            words = ["violin", "cello", "oboe", "flute", "harp", "tuba"]
            added = await asyncio.gather(*(client.add(f"the {w} lesson is on Tuesday",
                                                      user_id="maya") for w in words))
            assert all(isinstance(items[0], MemoryItem) for items in added)
            hits = await client.search("oboe", user_id="maya", limit=2)
            assert "oboe" in hits[0].item.text
            assert len(await client.get_all(user_id="maya", kinds=["turn"])) == 6
            with pytest.raises(NotFoundError):
                await client.get("nope", user_id="maya")
            assert (await client.facts.recall("lesson", user_id="maya")).topic == "lesson"
            assert await client.delete_all(user_id="maya") >= 6

    asyncio.run(journey())
    assert memory.get_all(user_id="maya") == []


def test_a_write_behind_a_failing_proxy_is_not_retried(
        failing: tuple[str, type[_Always]]) -> None:
    """502 from a proxy: the write may have happened, so it is not sent again; a read is."""
    url, handler = failing
    handler.status = 502
    with Client(url, api_key=KEY, retries=2) as client:
        with pytest.raises(ServerError):
            client.delete_all(user_id="maya")
        assert handler.calls == 1
        with pytest.raises(ServerError):
            client.get_all(user_id="maya")
        assert handler.calls == 1 + 3


def test_min_score_leaves_out_what_is_off_topic_over_http(served: Served,
                                                          memory: Memory) -> None:
    memory.add("My sister Ana is a nurse in Porto", user_id="maya")
    with Client(served.url, api_key=KEY) as client:
        off_topic = "quantum chromodynamics lattice gauge"
        assert client.search(off_topic, user_id="maya", min_score=0.3) == memory.search(
            off_topic, user_id="maya", min_score=0.3)
        on_topic = client.search("Ana's job", user_id="maya", min_score=0.3)
        assert [h.item.id for h in on_topic] == [
            h.item.id for h in memory.search("Ana's job", user_id="maya", min_score=0.3)]
        with pytest.raises(InvalidInputError):
            client.search("x", user_id="maya", min_score=2.0)


def test_flush_over_http_waits_for_the_vectors(served: Served, memory: Memory) -> None:
    with Client(served.url, api_key=KEY) as client:
        client.add("I adopted a greyhound called Biscuit", user_id="maya")
        with pytest.raises(ForbiddenError):
            client.flush(timeout=60)  # waiting on every user's queue is the admin's call
    with Client(served.url, api_key=ADMIN) as admin:
        assert admin.flush(timeout=60) is True
        with pytest.raises(InvalidInputError):
            admin.flush(timeout=-1)
    assert memory.stats().pending_embeddings == 0
    hits = memory.search("which dog?", user_id="maya", preset="vector")
    # the turn or the fact read from it ("The user adopted …"), whichever is extracted by
    # now: either way found by its vector
    assert hits and "adopted a greyhound" in hits[0].item.text
