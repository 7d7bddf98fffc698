"""Every user-visible operation through every front end: the library, REST, MCP and the CLI.

One journey (remember, list, search, context, feedback, recall, forget) and the same bad
inputs run through each front end (``Memory``, ``AsyncMemory``, ``Client`` and
``AsyncClient`` over HTTP, the REST routes by hand, MCP, the CLI), which must agree: the
same results on valid input and an error (not a crash, not a silent success) on invalid
input. A capability that one front end cannot reach, or reaches wrongly, fails here (the
MCP feedback tool once dropped the selection id and failed on every valid call).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from typer.testing import CliRunner

from lucidmem import AsyncClient, AsyncMemory, LucidmemError, Memory
from lucidmem import Client as RestClient
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.cli import app as cli_app
from lucidmem.embedding import E5Embedder
from lucidmem.mcp_server import FORGET_EVERYTHING, build_server

USER = "maya"
KEY = "maya-key-0123456789"
ADMIN = "admin-key-0123456789"


class Rejected(Exception):
    """A front end refused an operation (what each one says is in the message)."""


class FrontEnd(Protocol):
    def remember(self, text: str) -> str: ...
    def list_texts(self) -> list[str]: ...
    def search(self, query: str, min_score: float | None = None) -> list[str]: ...
    def context(self, message: str) -> tuple[str, str | None]: ...
    def feedback(self, selection_id: str, reward: int) -> str: ...
    def recall(self, topic: str, min_score: float | None = None) -> str: ...
    def forget(self, item_id: str) -> None: ...
    def forget_everything(self) -> None: ...


class Library:
    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self.admin: Any = memory  # what registers and lists agents (over REST: the admin key)

    def _call(self, fn: Any) -> Any:
        try:
            return fn()
        except LucidmemError as exc:
            raise Rejected(str(exc)) from exc

    def remember(self, text: str) -> str:
        return str(self._call(lambda: self.memory.add(text, user_id=USER))[0].id)

    def list_texts(self) -> list[str]:
        return [i.text for i in self.memory.get_all(user_id=USER, kinds=["turn"])]

    def search(self, query: str, min_score: float | None = None) -> list[str]:
        return [h.item.id for h in self._call(lambda: self.memory.search(
            query, user_id=USER, min_score=min_score))]

    def context(self, message: str) -> tuple[str, str | None]:
        ctx = self._call(lambda: self.memory.build_context(message, user_id=USER))
        return ctx.prompt, ctx.selection_id

    def feedback(self, selection_id: str, reward: int) -> str:
        return str(self._call(lambda: self.memory.skills.feedback(
            selection_id, user_id=USER, reward=reward)).status)

    def recall(self, topic: str, min_score: float | None = None) -> str:
        return str(self._call(lambda: self.memory.facts.recall(
            topic, user_id=USER, min_score=min_score)).answer)

    def forget(self, item_id: str) -> None:
        self._call(lambda: self.memory.delete(item_id, user_id=USER))

    def forget_everything(self) -> None:
        self.memory.delete_all(user_id=USER)

    def register_agent(self, agent_id: str) -> str:
        return str(self._call(lambda: self.admin.agents.register(
            agent_id, owner_id=USER, name="Mentor", role="support")).agent_id)

    def list_agents(self) -> list[str]:
        return sorted(a.agent_id for a in self._call(lambda: self.admin.agents.list()))


class AsyncLibrary(Library):
    """``AsyncMemory``: each call awaited in its own event loop."""

    def __init__(self, memory: Memory) -> None:
        super().__init__(memory)
        self.amemory = AsyncMemory(memory=memory)
        self.memory = _Blocking(self.amemory)  # type: ignore[assignment]
        self.admin = self.memory


class _Blocking:
    """Runs the coroutine methods of an async memory or client to completion."""

    def __init__(self, target: Any) -> None:
        self.target = target

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.target, name)
        if callable(found):
            return lambda *a, **k: asyncio.run(found(*a, **k))
        return _Blocking(found)


class ClientLibrary(Library):
    """``lucidmem.Client`` over real HTTP to the ASGI app: the Library's very calls."""

    def __init__(self, memory: Memory) -> None:
        super().__init__(memory)
        app = create_app(memory, settings=ServerSettings(), keys=KeyRing(ADMIN, {USER: KEY}))
        self.memory = RestClient(  # type: ignore[assignment]
            "http://testserver", api_key=KEY, retries=0,
            http=TestClient(app, raise_server_exceptions=False))
        self.admin = RestClient("http://testserver", api_key=ADMIN, retries=0,
                                http=TestClient(app, raise_server_exceptions=False))


class AsyncClientLibrary(Library):
    """``lucidmem.AsyncClient`` over httpx's ASGI transport."""

    def __init__(self, memory: Memory) -> None:
        super().__init__(memory)
        app = create_app(memory, settings=ServerSettings(), keys=KeyRing(ADMIN, {USER: KEY}))
        self.memory = _Blocking(AsyncClient(  # type: ignore[assignment]
            "http://testserver", api_key=KEY, retries=0,
            http=httpx.AsyncClient(transport=httpx.ASGITransport(app=app))))
        self.admin = _Blocking(AsyncClient(
            "http://testserver", api_key=ADMIN, retries=0,
            http=httpx.AsyncClient(transport=httpx.ASGITransport(app=app))))


class Rest:
    def __init__(self, memory: Memory) -> None:
        app = create_app(memory, settings=ServerSettings(), keys=KeyRing(ADMIN, {USER: KEY}))
        self.client = TestClient(app, raise_server_exceptions=False)
        self.headers = {"Authorization": f"Bearer {KEY}"}
        self.admin = {"Authorization": f"Bearer {ADMIN}"}

    def _ok(self, response: Any) -> Any:
        assert response.status_code < 500, response.text
        if response.status_code >= 400:
            raise Rejected(response.text)
        return response.json() if response.content else None

    def remember(self, text: str) -> str:
        return str(self._ok(self.client.post("/api/v1/memories", headers=self.headers,
                                             json={"messages": text}))[0]["id"])

    def list_texts(self) -> list[str]:
        page = self._ok(self.client.get("/api/v1/memories", headers=self.headers,
                                        params={"kinds": "turn"}))
        return [i["text"] for i in page["items"] if i["kind"] == "turn"]

    def search(self, query: str, min_score: float | None = None) -> list[str]:
        hits = self._ok(self.client.post("/api/v1/memories/search", headers=self.headers,
                                         json={"query": query, "min_score": min_score}))
        return [h["item"]["id"] for h in hits]

    def context(self, message: str) -> tuple[str, str | None]:
        ctx = self._ok(self.client.post("/api/v1/context", headers=self.headers,
                                        json={"message": message}))
        return ctx["prompt"], ctx["selection_id"]

    def feedback(self, selection_id: str, reward: int) -> str:
        body = {"message_id": selection_id, "selection_id": selection_id,
                "skill_id": "any", "reward": reward}
        answer = self._ok(self.client.post("/api/v1/memories/feedback", headers=self.headers,
                                           json=body))
        return "recorded" if answer["status"] == "success" else str(answer["status"])

    def recall(self, topic: str, min_score: float | None = None) -> str:
        params: dict[str, str | float] = {"topic": topic}
        if min_score is not None:
            params["min_score"] = min_score
        answer = self._ok(self.client.get("/api/v1/recall", headers=self.headers,
                                          params=params))
        return str(answer["answer"])

    def forget(self, item_id: str) -> None:
        self._ok(self.client.delete(f"/api/v1/memories/{item_id}", headers=self.headers))

    def forget_everything(self) -> None:
        self._ok(self.client.delete("/api/v1/memories", headers=self.headers))

    def register_agent(self, agent_id: str) -> str:
        body = {"agent_id": agent_id, "owner_id": USER, "name": "Mentor", "role": "support"}
        return str(self._ok(self.client.post("/api/v1/agents", headers=self.admin,
                                             json=body))["agent_id"])

    def list_agents(self) -> list[str]:
        return sorted(a["agent_id"] for a in self._ok(self.client.get(
            "/api/v1/agents", headers=self.admin)))


class Mcp:
    def __init__(self, memory: Memory) -> None:
        self.server = build_server(memory, USER)

    def _tool(self, name: str, arguments: dict[str, Any]) -> Any:
        async def call() -> Any:
            async with Client(self.server) as client:
                return await client.call_tool(name, arguments)

        result = anyio.run(call)
        if result.is_error:
            raise Rejected(result.content[0].text)
        if result.structured_content is not None:
            return result.structured_content
        return json.loads(result.content[0].text)

    def remember(self, text: str) -> str:
        return str(self._tool("remember", {"text": text})["ids"][0])

    def list_texts(self) -> list[str]:
        found = self._tool("search", {"query": "the", "limit": 100})["results"]
        detail = self._tool("detail", {"ids": [r["id"] for r in found]}) if found else {
            "results": []}
        return [r["item"]["text"] for r in detail["results"] if r["item"]["kind"] == "turn"]

    def search(self, query: str, min_score: float | None = None) -> list[str]:
        return [r["id"] for r in self._tool("search", {"query": query,
                                                       "min_score": min_score})["results"]]

    def context(self, message: str) -> tuple[str, str | None]:
        ctx = self._tool("context", {"message": message})
        return ctx["prompt"], ctx["selection_id"]

    def feedback(self, selection_id: str, reward: int) -> str:
        return str(self._tool("feedback", {"selection_id": selection_id,
                                           "reward": reward})["status"])

    def recall(self, topic: str, min_score: float | None = None) -> str:
        return str(self._tool("recall_about", {"topic": topic,
                                               "min_score": min_score})["answer"])

    def forget(self, item_id: str) -> None:
        self._tool("forget", {"item_id": item_id})

    def forget_everything(self) -> None:
        self._tool("forget", {"everything": True, "confirm": FORGET_EVERYTHING})


class Cli:
    def __init__(self, data_dir: Path) -> None:
        self.runner = CliRunner()
        self.base = ["--data-dir", str(data_dir)]

    def _run(self, *args: str) -> str:
        result = self.runner.invoke(cli_app, [*self.base, *args])
        if isinstance(result.exception, LucidmemError) or result.exit_code == 2:
            raise Rejected(str(result.exception or result.output))
        assert result.exit_code == 0, (args, result.output, result.exception)
        return result.output

    def remember(self, text: str) -> str:
        return self._run("add", text, "-u", USER).split()[-1]

    def list_texts(self) -> list[str]:
        lines = self._run("list", "-u", USER, "--json", "--limit", "100").splitlines()
        return [item["text"] for item in map(json.loads, lines) if item["kind"] == "turn"]

    def search(self, query: str, min_score: float | None = None) -> list[str]:
        extra = [] if min_score is None else ["--min-score", str(min_score)]
        lines = self._run("search", query, "-u", USER, "--json", *extra).splitlines()
        return [json.loads(line)["item"]["id"] for line in lines]

    def context(self, message: str) -> tuple[str, str | None]:
        ctx = json.loads(self._run("context", message, "-u", USER, "--json"))
        return ctx["prompt"], ctx["selection_id"]

    def feedback(self, selection_id: str, reward: int) -> str:
        word = {1: "up", 0: "neutral", -1: "down"}.get(reward, str(reward))
        return str(json.loads(self._run("feedback", selection_id, word, "-u", USER,
                                        "--json"))["status"])

    def recall(self, topic: str, min_score: float | None = None) -> str:
        extra = [] if min_score is None else ["--min-score", str(min_score)]
        return str(json.loads(self._run("recall", topic, "-u", USER, "--json",
                                        *extra))["answer"])

    def forget(self, item_id: str) -> None:
        self._run("forget", item_id, "-u", USER)

    def forget_everything(self) -> None:
        self._run("forget", "-u", USER, "--everything", "--yes")

    def register_agent(self, agent_id: str) -> str:
        said = self._run("agent", "register", agent_id, "--owner", USER, "--name", "Mentor",
                         "--role", "support")
        return said.split()[1]

    def list_agents(self) -> list[str]:
        lines = self._run("agent", "list", "--json").splitlines()
        return sorted(json.loads(line)["agent_id"] for line in lines)


FRONT_ENDS = ("library", "async", "client", "async-client", "rest", "mcp", "cli")
AGENT_FRONT_ENDS = tuple(f for f in FRONT_ENDS if f != "mcp")
"""Where agents are registered and listed: an operator's job, so over REST it takes the
admin key; the MCP server acts for its one user and has no agent tools."""


@pytest.fixture(params=FRONT_ENDS)
def front(request: pytest.FixtureRequest, tmp_path: Path,
          embedder: E5Embedder) -> Iterator[tuple[FrontEnd, Memory]]:
    data = tmp_path / "data"
    with Memory(data, embedder=embedder) as memory:
        memory.skills.enable(user_id=USER)  # opted in, so replies can be rated
        if request.param == "cli":
            memory.close()  # the CLI opens the data directory itself
            yield Cli(data), memory
            return
        built: FrontEnd = {"library": Library, "async": AsyncLibrary, "client": ClientLibrary,
                           "async-client": AsyncClientLibrary, "rest": Rest,
                           "mcp": Mcp}[request.param](memory)
        yield built, memory


def test_the_same_journey_works_through_every_front_end(
        front: tuple[FrontEnd, Memory]) -> None:
    ui, _ = front
    first = ui.remember("My sister Sarah is vegan and lives in Lisbon")
    ui.remember("I play the cello in a quartet on Thursdays")
    assert sorted(ui.list_texts()) == ["I play the cello in a quartet on Thursdays",
                                       "My sister Sarah is vegan and lives in Lisbon"]
    assert first in ui.search("what does Sarah eat?")[:3]
    prompt, selection = ui.context("any dinner ideas for my sister?")
    assert "vegan" in prompt
    assert selection is not None, "context must return the id that feedback takes"
    assert ui.feedback(selection, 1) == "recorded"
    assert "Sarah" in ui.recall("my sister")
    ui.forget(first)
    assert ui.list_texts() == ["I play the cello in a quartet on Thursdays"]
    ui.forget_everything()
    assert ui.list_texts() == []


def test_every_front_end_says_it_knows_nothing_about_a_topic_never_spoken_of(
        front: tuple[FrontEnd, Memory]) -> None:
    ui, _ = front
    said = ui.remember("I live in Lisbon now, I'm allergic to peanuts and my brother Tom is "
                       "a chef")
    assert ui.search("quantum physics", min_score=0.3) == []
    assert "don't know" in ui.recall("quantum physics")
    assert "don't know" in ui.recall("quantum physics", min_score=0.3)
    assert said in ui.search("where does the user live?", min_score=0.3)
    assert "Lisbon" in ui.recall("where I live", min_score=0.3)
    assert ui.search("quantum physics") != [], "without a cut-off search ranks what it has"


@pytest.mark.parametrize("bad", [
    pytest.param(lambda ui: ui.search(""), id="empty-query"),
    pytest.param(lambda ui: ui.search("peanuts", min_score=5.0), id="min-score-out-of-range"),
    pytest.param(lambda ui: ui.recall("peanuts", min_score=-2.0), id="recall-min-score-bad"),
    pytest.param(lambda ui: ui.remember(""), id="empty-text"),
    pytest.param(lambda ui: ui.feedback("no-such-selection", 1), id="unknown-selection"),
    pytest.param(lambda ui: ui.feedback("no-such-selection", 5), id="reward-out-of-range"),
    pytest.param(lambda ui: ui.forget("no-such-id"), id="unknown-item"),
    pytest.param(lambda ui: ui.context(""), id="empty-message"),
])
def test_bad_input_is_refused_by_every_front_end_and_changes_nothing(
        front: tuple[FrontEnd, Memory], bad: Any) -> None:
    ui, _ = front
    ui.remember("I keep bees on the roof")
    with pytest.raises(Rejected):
        bad(ui)
    assert ui.list_texts() == ["I keep bees on the roof"]


class AgentAdmin(Protocol):
    def register_agent(self, agent_id: str) -> str: ...
    def list_agents(self) -> list[str]: ...


@pytest.mark.parametrize("front", AGENT_FRONT_ENDS, indirect=True)
def test_agents_are_registered_and_listed_through_every_front_end(
        front: tuple[FrontEnd, Memory]) -> None:
    ui = front[0]
    assert isinstance(ui, Library | Rest | Cli)
    admin: AgentAdmin = ui
    assert admin.list_agents() == []
    assert admin.register_agent("mentor") == "mentor"
    assert admin.register_agent("coach") == "coach"
    assert admin.register_agent("mentor") == "mentor"  # registering again updates it
    assert admin.list_agents() == ["coach", "mentor"]
    with pytest.raises(Rejected):
        admin.register_agent("no spaces in ids")
    assert admin.list_agents() == ["coach", "mentor"]
