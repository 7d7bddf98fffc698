"""Forgetting and its verification through every front end: REST (the real ASGI app), MCP
(the SDK's in-process client) and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from fastapi.testclient import TestClient
from mcp import Client
from typer.testing import CliRunner

from lucidmem import InvalidInputError, Memory
from lucidmem.api import KeyRing, create_app
from lucidmem.cli import app
from lucidmem.embedding import E5Embedder
from lucidmem.mcp_server import FORGET_EVERYTHING, build_server

from .traces import CANARIES, USER, fill_every_part, residue

ADMIN = "admin-key-0123456789"
USER_KEY = "zoe-key-0123456789"
WORDS = (*CANARIES, USER)


def test_rest_delete_all_then_verify(data_dir: Path, embedder: E5Embedder) -> None:
    with Memory(data_dir, embedder=embedder) as memory:
        fill_every_part(memory)
        client = TestClient(create_app(memory, keys=KeyRing(ADMIN, {USER: USER_KEY})),
                            raise_server_exceptions=False)
        body = {"user_id": USER, "texts": list(CANARIES)}
        admin = {"Authorization": f"Bearer {ADMIN}"}
        before = client.post("/api/v1/erasure/verify", json=body, headers=admin)
        assert before.status_code == 200 and before.json()["clean"] is False
        own = {"Authorization": f"Bearer {USER_KEY}"}
        assert client.post("/api/v1/erasure/verify", json=body, headers=own).status_code == 403
        assert client.request("DELETE", "/api/v1/memories", headers=own).json()["deleted"] > 0
        after = client.post("/api/v1/erasure/verify", json=body, headers=admin)
        assert after.status_code == 200 and after.json()["clean"] is True, after.json()
        assert residue(data_dir, WORDS) == {}
        bad = client.post("/api/v1/erasure/verify", json={"user_id": "no/slash"},
                          headers=admin)
        assert bad.status_code == 400 and "user_id" in bad.text
        empty = client.post("/api/v1/erasure/verify", json={"user_id": USER, "texts": [" "]},
                            headers=admin)
        assert empty.status_code == 400 and "texts" in empty.text


def test_mcp_forget_everything_reports_the_verification(data_dir: Path,
                                                        embedder: E5Embedder) -> None:
    with Memory(data_dir, embedder=embedder) as memory:
        fill_every_part(memory)
        server = build_server(memory, USER)

        async def scenario() -> dict[str, object]:
            async with Client(server) as client:
                result = await client.call_tool(
                    "forget", {"everything": True, "confirm": FORGET_EVERYTHING})
                assert not result.is_error, result
                found: dict[str, object] = result.structured_content or json.loads(
                    result.content[0].text)
                return found

        answer = anyio.run(scenario)
        assert answer["clean"] is True and answer["findings"] == [], answer["findings"]
        assert isinstance(answer["deleted"], int) and answer["deleted"] > 0
    # after closing: the background work of the memory (vectors, facts) has ended too, so
    # nothing it wrote after the forgetting can hide from this scan
    assert residue(data_dir, WORDS) == {}


def test_cli_forget_then_verify_erasure(data_dir: Path, embedder: E5Embedder) -> None:
    with Memory(data_dir, embedder=embedder) as memory:
        fill_every_part(memory)
    runner = CliRunner()
    texts = [arg for word in CANARIES for arg in ("--text", word)]
    found = runner.invoke(app, ["--data-dir", str(data_dir), "verify-erasure", "--user", USER,
                                *texts])
    assert found.exit_code == 1 and "NOT clean" in found.output
    forgot = runner.invoke(app, ["--data-dir", str(data_dir), "forget", "--user", USER,
                                 "--everything", "--yes"])
    assert forgot.exit_code == 0, forgot.output
    clean = runner.invoke(app, ["--data-dir", str(data_dir), "verify-erasure", "--user", USER,
                                *texts, "--json"])
    assert clean.exit_code == 0, clean.output
    report = json.loads(clean.output)
    assert report["clean"] is True and report["texts_checked"] == len(CANARIES)
    assert residue(data_dir, WORDS) == {}
    bad = runner.invoke(app, ["--data-dir", str(data_dir), "verify-erasure", "--user", "a b"])
    assert isinstance(bad.exception, InvalidInputError) and "user_id" in str(bad.exception)
