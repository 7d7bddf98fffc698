"""The MCP server (in-process, through the SDK's client) and a real ``lucidmem serve`` process."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
from mcp import Client

from lucidmem import ConfigurationError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.mcp_server import MemoryOpener, build_server


def _payload(result: Any) -> Any:
    assert not result.is_error, result
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def _leads_with(client: Any, found: dict[str, Any], turn_id: str) -> None:
    """The first search result is the turn, or a fact read from it (the ranker may put the
    fact first: it counts as evidence for the turn it came from)."""
    top = found["results"][0]["id"]
    if top == turn_id:
        return
    shown = _payload(await client.call_tool("detail", {"ids": [top]}))["results"][0]["item"]
    assert turn_id in (shown["metadata"].get("source_turn_ids") or []), shown


def test_mcp_tools_are_listed_and_callable(memory: Memory) -> None:
    server = build_server(memory, "maya")

    async def scenario() -> None:
        async with Client(server) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == {"remember", "search", "timeline", "detail", "recall_about",
                                  "context", "feedback", "forget"}
            for tool in tools.values():  # written for a model to read
                assert tool.description and "``" not in tool.description
                assert "\n" not in tool.description and "  " not in tool.description
                assert "assemble" not in json.dumps(tool.input_schema)
                for name, schema in tool.input_schema.get("properties", {}).items():
                    assert schema.get("description"), f"{tool.name}.{name} has no description"
            stored = _payload(await client.call_tool(
                "remember", {"text": "My cat is called Miso", "conversation_id": "c1"}))
            found = _payload(await client.call_tool("search", {"query": "cat name"}))
            await _leads_with(client, found, stored["ids"][0])
            detail = _payload(await client.call_tool("detail", {"ids": stored["ids"]}))
            assert detail["results"][0]["item"]["text"] == "My cat is called Miso"
            ctx = _payload(await client.call_tool("context", {"message": "what is my cat?",
                                                              "token_budget": 300}))
            assert "Miso" in ctx["prompt"] and ctx["total_tokens"] <= 300
            assert ctx["selection_id"] is None  # learning is opt-in
            bad = await client.call_tool("search", {"query": ""})
            assert bad.is_error
            missing = await client.call_tool("timeline", {"ids": ["no-such-id"]})
            assert _payload(missing)["missing"] == ["no-such-id"]

    anyio.run(scenario)
    assert memory.get_all(user_id="maya")[0].text == "My cat is called Miso"


def test_mcp_feedback_rates_the_selection_that_context_returned(memory: Memory) -> None:
    """The old feedback tool dropped the selection id and failed on every valid call."""
    memory.skills.enable(user_id="maya")
    server = build_server(memory, "maya")

    async def scenario() -> None:
        async with Client(server) as client:
            ctx = _payload(await client.call_tool(
                "context", {"message": "Why does my Python script throw a KeyError?"}))
            assert ctx["selection_id"] and ctx["skill_id"]
            rated = _payload(await client.call_tool(
                "feedback", {"selection_id": ctx["selection_id"], "reward": 1}))
            assert rated["status"] == "recorded" and rated["skill_id"] == ctx["skill_id"]
            out_of_range = await client.call_tool(
                "feedback", {"selection_id": ctx["selection_id"], "reward": 5})
            assert out_of_range.is_error
            unknown = await client.call_tool("feedback", {"selection_id": "nope", "reward": 1})
            assert unknown.is_error and "nope" in unknown.content[0].text

    anyio.run(scenario)
    assert memory.skills.profile(user_id="maya").feedback_count == 1


def test_mcp_forget_needs_a_confirmation_for_everything(memory: Memory) -> None:
    server = build_server(memory, "maya")
    memory.add("I like green tea", user_id="maya")
    [keep, drop] = memory.add([{"role": "user", "content": "I have a dog"},
                               {"role": "user", "content": "I play chess"}], user_id="maya")

    async def scenario() -> None:
        async with Client(server) as client:
            assert _payload(await client.call_tool("forget", {"item_id": drop.id})) == {
                "deleted": 1}
            refused = await client.call_tool("forget", {"everything": True})
            assert refused.is_error and "forget everything" in refused.content[0].text
            assert memory.get(keep.id, user_id="maya").text == "I have a dog"
            gone = _payload(await client.call_tool(
                "forget", {"everything": True, "confirm": "forget everything"}))
            assert gone["deleted"] >= 2

    anyio.run(scenario)
    assert memory.get_all(user_id="maya") == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_lucidmem_serve_answers_on_loopback(tmp_path: Path) -> None:
    port = _free_port()
    keys = tmp_path / "keys.toml"
    keys.write_text('admin_key = "admin-key-0123456789"\n[users]\nmaya = "maya-key-0123456789"\n')
    env = {**os.environ, "LUCIDMEM_CONFIG": str(tmp_path / "none.toml")}
    cmd = [sys.executable, "-c", "from lucidmem.cli import main; main()",
           "--data-dir", str(tmp_path / "data"), "serve", "--port", str(port),
           "--keys-file", str(keys), "--log-level", "warning"]
    process = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        h = {"Authorization": "Bearer maya-key-0123456789"}
        r = httpx.post(f"{base}/api/v1/memories", json={"messages": "I play the cello"},
                       headers=h)
        assert r.status_code == 201
        stored_id = r.json()[0]["id"]
        hits = httpx.post(f"{base}/api/v1/memories/search", json={"query": "cello"},
                          headers=h).json()
        # the turn, or first the fact read from it (the ranker may lead with the fact)
        top = hits[0]["item"]
        assert top["text"] == "I play the cello" or (
            "cello" in top["text"] and stored_id in top["metadata"].get("source_turn_ids", []))
        assert "I play the cello" in [x["item"]["text"] for x in hits]
        assert httpx.get(f"{base}/api/v1/memories", headers={}).status_code == 401
        assert "lucidmem_http_requests_total" in httpx.get(
            f"{base}/metrics", headers={"X-API-Key": "admin-key-0123456789"}).text
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_mcp_opens_the_memory_at_the_first_tool_call_only(tmp_path: Path,
                                                          embedder: E5Embedder) -> None:
    """``lucidmem mcp`` answers the host before the memory (most imports) is open."""
    opened: list[Memory] = []
    refuse = [True]

    def open_memory() -> Memory:
        if refuse[0]:
            refuse[0] = False
            raise ConfigurationError("not yet: set LUCIDMEM_DATA_DIR")
        opened.append(Memory(tmp_path / "data", embedder=embedder))
        return opened[-1]

    opener = MemoryOpener(open_memory)
    server = build_server(opener, "maya")

    async def scenario() -> None:
        async with Client(server) as client:
            assert len((await client.list_tools()).tools) == 8
            assert opened == []  # listing tools does not open it
            failed = await client.call_tool("remember", {"text": "I live in Porto"})
            assert failed.is_error and "LUCIDMEM_DATA_DIR" in failed.content[0].text
            stored = _payload(await client.call_tool("remember", {"text": "I live in Porto"}))
            found = _payload(await client.call_tool("search", {"query": "where do I live"}))
            await _leads_with(client, found, stored["ids"][0])

    anyio.run(scenario)
    assert len(opened) == 1  # opened once, after the failure, and reused
    opener.close()
    with Memory(tmp_path / "data", embedder=embedder) as again:
        assert "I live in Porto" in [i.text for i in again.get_all(user_id="maya")]


def test_lucidmem_mcp_over_stdio_answers_and_remembers(tmp_path: Path) -> None:
    env = {**os.environ, "LUCIDMEM_CONFIG": str(tmp_path / "none.toml")}
    cmd = [sys.executable, "-c", "from lucidmem.cli import main; main()",
           "--data-dir", str(tmp_path / "data"), "mcp", "--user", "maya"]
    process = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None

    def ask(message: dict[str, Any]) -> dict[str, Any]:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
        if "id" not in message:
            return {}
        answer: dict[str, Any] = json.loads(process.stdout.readline())
        assert answer["id"] == message["id"], answer
        return answer

    try:
        hello = ask({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}})
        assert hello["result"]["serverInfo"]["name"] == "lucidmem"
        ask({"jsonrpc": "2.0", "method": "notifications/initialized"})
        stored = ask({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "remember", "arguments": {"text": "My cat is called Miso"}}})
        assert not stored["result"]["isError"], stored
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0, process.stderr.read() if process.stderr else ""
    with Memory(tmp_path / "data") as memory:
        assert "My cat is called Miso" in [i.text for i in memory.get_all(user_id="maya")]
