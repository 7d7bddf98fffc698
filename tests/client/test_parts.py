"""The parts over REST through ``Client`` / ``AsyncClient``: one fact, fact search and
history, an agent, feedback on it and its learning, and a consolidation run — the same
answers as ``Memory``'s, the same errors."""

from __future__ import annotations

import asyncio
import inspect
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
    NotFoundError,
)

from .conftest import ADMIN, KEY, KEYS, Served


def _params(fn: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


def test_the_new_calls_have_memorys_parameters(memory: Memory) -> None:
    client = Client(api_key=KEY)
    for name in ("get", "search", "history"):
        assert _params(getattr(client.facts, name)) == _params(getattr(memory.facts, name))
    for name in ("register", "list", "get", "learning"):
        assert _params(getattr(client.agents, name)) == _params(getattr(memory.agents, name))
    server_decides = {"source_kind", "contains_abuse"}
    assert [p[0] for p in _params(client.agents.submit_feedback)] == [
        p[0] for p in _params(memory.agents.submit_feedback) if p[0] not in server_decides]
    assert [p[0] for p in _params(client.sleep.consolidate)] == [
        p[0] for p in _params(memory.sleep.consolidate) if p[0] != "progress"]
    client.close()


def test_facts_over_rest(served: Served, memory: Memory) -> None:
    memory.add("My sister Ana is a nurse in Porto", user_id="maya")
    with Client(served.url, api_key=KEY) as client:
        hits = client.facts.search("what does Ana do?", user_id="maya", limit=3)
        expected = memory.facts.search("what does Ana do?", user_id="maya", limit=3)
        assert hits and [h.fact.id for h in hits] == [h.fact.id for h in expected]
        fact_id = hits[0].fact.id
        got, local = client.facts.get(fact_id, user_id="maya"), memory.facts.get(
            fact_id, user_id="maya")  # confidence decays to the read time: compare the rest
        assert got.model_dump(exclude={"confidence"}) == local.model_dump(
            exclude={"confidence"})
        assert [f.id for f in client.facts.history(user_id="maya", about="Ana")] == [
            f.id for f in memory.facts.history(user_id="maya", about="Ana")]
        with pytest.raises(NotFoundError):
            client.facts.get("no-such-fact", user_id="maya")
        with pytest.raises(InvalidInputError):
            client.facts.search("   ", user_id="maya")
    with Client(served.url, api_key=KEYS["sam"]) as sam, pytest.raises(NotFoundError):
        sam.facts.get(fact_id, user_id="sam")  # another user's fact does not exist for sam


def test_agents_are_registered_and_listed_with_the_admin_key(served: Served,
                                                               memory: Memory) -> None:
    with Client(served.url, api_key=ADMIN) as admin:
        info = admin.agents.register("helper", owner_id="ops", name="Helper", role="support",
                                     intensity="low", traits={"concise": 0.8})
        assert info == memory.agents.get("helper")
        assert memory.agents.policy.get("helper").traits["concise"] == 0.8
        admin.agents.register("tutor", owner_id="ops", name="Tutor", context="work")
        assert admin.agents.list() == memory.agents.list() == [info]
        assert [a.agent_id for a in admin.agents.list(context="work")] == ["tutor"]
        with pytest.raises(InvalidInputError, match="intensity"):
            admin.agents.register("other", owner_id="ops", name="Other", intensity="loud")
        with pytest.raises(InvalidInputError, match="traits"):  # it has a policy already
            admin.agents.register("helper", owner_id="ops", name="Helper", traits={"x": 1.0})
    with Client(served.url, api_key=KEY) as user:
        with pytest.raises(ForbiddenError):
            user.agents.register("helper", owner_id="maya", name="Mine now")
        with pytest.raises(ForbiddenError):
            user.agents.list()
    assert memory.agents.list() == [info]  # nothing the refused calls sent was written


def test_agents_and_consolidation_over_rest(served: Served, memory: Memory) -> None:
    memory.agents.register("helper", owner_id="ops", name="Helper")
    memory.add("I moved to Lisbon in March", user_id="maya")
    with Client(served.url, api_key=KEY) as client:
        assert client.agents.get("helper") == memory.agents.get("helper")
        receipt = client.agents.submit_feedback(
            user_id="maya", agent_id="helper", source_id="m1", thumbs=1,
            message="How do I reset my password?", response="Settings, then Security.",
            traits=["concise"])
        assert receipt.reward > 0
        assert [e.source_id for e in memory.agents.feedback("helper", user_id="maya")] == [
            "m1"]
        assert client.agents.learning("helper") == memory.agents.learning("helper")
        with pytest.raises(InvalidInputError, match="rating"):
            client.agents.submit_feedback(user_id="maya", agent_id="helper",
                                          source_id="m2", rating=9)
        with pytest.raises(NotFoundError):
            client.agents.submit_feedback(user_id="maya", agent_id="nobody", source_id="m3",
                                          thumbs=1)
        with pytest.raises(NotFoundError):
            client.agents.get("nobody")
        assert len(memory.agents.feedback("helper", user_id="maya")) == 1  # nothing more
        planned = client.sleep.consolidate(user_id="maya", dry_run=True)
        assert planned.dry_run and [u.user_id for u in planned.users] == ["maya"]
        done = client.sleep.consolidate(user_id="maya")
        assert not done.dry_run and done.users[0].status in ("completed", "empty")


def test_the_async_client_reaches_the_parts(app: FastAPI, memory: Memory) -> None:
    memory.agents.register("helper", owner_id="ops", name="Helper")
    memory.add("My sister Ana is a nurse in Porto", user_id="maya")

    async def run() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app)) as http, \
                AsyncClient("http://lucidmem.test", api_key=KEY, http=http) as client:
            hits = await client.facts.search("Ana", user_id="maya")
            fact = await client.facts.get(hits[0].fact.id, user_id="maya")
            assert fact.id == hits[0].fact.id
            assert (await client.agents.get("helper")).name == "Helper"
            await client.agents.submit_feedback(user_id="maya", agent_id="helper",
                                                source_id="m1", rating=5)
            report = await client.sleep.consolidate(user_id="maya", dry_run=True)
            assert report.dry_run

    asyncio.run(run())
    assert len(memory.agents.feedback("helper", user_id="maya")) == 1
