"""``as_of``: search the memory as it stood at a time, through every front end."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from typer.testing import CliRunner

from lucidmem import InvalidInputError, Memory
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.cli import app as cli_app
from lucidmem.embedding import E5Embedder
from lucidmem.mcp_server import build_server

MAY = datetime(2025, 5, 1, tzinfo=UTC)
AUGUST = datetime(2025, 8, 1, tzinfo=UTC)
JUNE = "2025-06-15T00:00:00+00:00"
KEY = "maya-key-0123456789"


def _fill(memory: Memory) -> tuple[str, str]:
    lisbon = memory.add("I live in Lisbon now.", user_id="maya", conversation_id="a",
                        timestamp=MAY)[0].id
    porto = memory.add("I live in Porto now.", user_id="maya", conversation_id="b",
                       timestamp=AUGUST)[0].id
    return lisbon, porto


def test_library_as_of(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        lisbon, porto = _fill(memory)
        now = [h.item.id for h in memory.search("where do I live?", user_id="maya",
                                                 kinds=["turn"])]
        assert set(now) == {lisbon, porto}
        then = memory.search("where do I live?", user_id="maya", kinds=["turn"], as_of=JUNE)
        assert [h.item.id for h in then] == [lisbon]
        # as_of tightens until, never widens it
        assert memory.search("live", user_id="maya", as_of=AUGUST,
                             until=datetime(2025, 4, 1, tzinfo=UTC)) == []
        # recency counts back from as_of: the recent preset's bonus is that of a fresh item
        recent = memory.search("where do I live?", user_id="maya", kinds=["turn"],
                               preset="recent", as_of=MAY)
        today = memory.search("where do I live?", user_id="maya", kinds=["turn"],
                              preset="recent")
        bonus_then = next(h for h in recent if h.item.id == lisbon).explain["recency"]
        bonus_now = next(h for h in today if h.item.id == lisbon).explain.get("recency")
        assert bonus_now is None or bonus_then.contribution > bonus_now.contribution
        snippets = memory.disclose("search", user_id="maya", query="where do I live?",
                                   as_of=JUNE)
        assert lisbon in [r.id for r in snippets.results]
        assert porto not in [r.id for r in snippets.results]
        with pytest.raises(InvalidInputError) as info:
            memory.search("live", user_id="maya", as_of="not a time")
        assert info.value.field == "as_of"


def test_rest_mcp_and_cli_as_of(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        lisbon, porto = _fill(memory)
        client = TestClient(create_app(memory, settings=ServerSettings(),
                                       keys=KeyRing("admin-key-0123456789", {"maya": KEY})),
                            raise_server_exceptions=False)
        h = {"Authorization": f"Bearer {KEY}"}
        hits = client.post("/api/v1/memories/search", headers=h, json={
            "query": "where do I live?", "kinds": ["turn"], "as_of": JUNE}).json()
        assert [x["item"]["id"] for x in hits] == [lisbon]
        shown = client.post("/api/v1/memories/disclose", headers=h, json={
            "query": "where do I live?", "as_of": JUNE}).json()
        assert porto not in [r["id"] for r in shown["results"]]
        bad = client.post("/api/v1/memories/search", headers=h,
                          json={"query": "live", "as_of": "yesterday-ish"})
        assert bad.status_code == 422

        server = build_server(memory, "maya")

        async def scenario() -> None:
            async with Client(server) as mcp:
                found = await mcp.call_tool("search", {"query": "where do I live?",
                                                       "as_of": JUNE})
                assert not found.is_error
                ids = [r["id"] for r in json.loads(found.content[0].text)["results"]]
                assert lisbon in ids and porto not in ids
                wrong = await mcp.call_tool("search", {"query": "live", "as_of": "soon"})
                assert wrong.is_error

        anyio.run(scenario)
    runner = CliRunner()
    args = ["--data-dir", str(tmp_path), "search", "where do I live?", "--user", "maya",
            "--json"]
    out = runner.invoke(cli_app, [*args, "--as-of", JUNE])
    assert out.exit_code == 0, out.output
    ids = [json.loads(line)["item"]["id"] for line in out.output.strip().splitlines()]
    assert lisbon in ids and porto not in ids
    failed = runner.invoke(cli_app, [*args, "--as-of", "soon"])
    assert failed.exit_code != 0 and isinstance(failed.exception, InvalidInputError)
    assert failed.exception.field == "as_of"
