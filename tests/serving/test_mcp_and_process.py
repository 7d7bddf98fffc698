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

from lucidmem import Memory
from lucidmem.mcp_server import build_server


def _payload(result: Any) -> Any:
    assert not result.is_error, result
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def test_mcp_tools_are_listed_and_callable(memory: Memory) -> None:
    server = build_server(memory, "maya")

    async def scenario() -> None:
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"memories", "remember", "context", "feedback"} <= names
            stored = _payload(await client.call_tool(
                "remember", {"text": "My cat is called Miso", "conversation_id": "c1"}))
            found = _payload(await client.call_tool(
                "memories", {"layer": "search", "query": "cat name"}))
            assert found["results"][0]["id"] == stored["ids"][0]
            detail = _payload(await client.call_tool(
                "memories", {"layer": "detail", "ids": stored["ids"]}))
            assert detail["results"][0]["item"]["text"] == "My cat is called Miso"
            ctx = _payload(await client.call_tool("context", {"message": "what is my cat?",
                                                              "token_budget": 300}))
            assert "Miso" in ctx["prompt"] and ctx["total_tokens"] <= 300
            bad = await client.call_tool("memories", {"layer": "search"})
            assert bad.is_error and "query" in bad.content[0].text
            rated = await client.call_tool("feedback", {"message_id": "x", "skill_id": "s",
                                                        "reward": 5})
            assert rated.is_error and "Reward must be" in rated.content[0].text

    anyio.run(scenario)
    assert memory.get_all(user_id="maya")[0].text == "My cat is called Miso"


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
        hits = httpx.post(f"{base}/api/v1/memories/search", json={"query": "cello"},
                          headers=h).json()
        assert hits[0]["item"]["text"] == "I play the cello"
        assert httpx.get(f"{base}/api/v1/memories", headers={}).status_code == 401
        assert "lucidmem_http_requests_total" in httpx.get(
            f"{base}/metrics", headers={"X-API-Key": "admin-key-0123456789"}).text
    finally:
        process.terminate()
        process.wait(timeout=20)
