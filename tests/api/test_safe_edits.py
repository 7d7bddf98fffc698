"""Safe edits: ``Memory.update(expected_version=)``, the REST ``ETag`` / ``If-Match`` pair
(412 on another version, nothing written) and the clients passing it through."""

from __future__ import annotations

import asyncio
import threading

import httpx
import pytest
from fastapi.testclient import TestClient

from lucidmem import AsyncClient, ConflictError, InvalidInputError, Memory, NotFoundError
from lucidmem.api.etags import etag, matching_versions

from .conftest import KEYS, auth, make_client

M = "/api/v1/memories"


def test_memory_update_with_an_expected_version(memory: Memory) -> None:
    item = memory.add("I live in Porto", user_id="maya")[0]
    moved = memory.update(item.id, user_id="maya", text="I live in Lisbon", expected_version=1)
    assert moved.version == 2
    with pytest.raises(ConflictError, match="version 2, not 1") as caught:
        memory.update(item.id, user_id="maya", text="I live in Faro", expected_version=1)
    assert caught.value.current_version == 2
    assert memory.get(item.id, user_id="maya").text == "I live in Lisbon"  # untouched
    assert [e.action for e in memory.history(item.id, user_id="maya")] == ["add", "update"]
    for bad in (0, -1, True, "2"):
        with pytest.raises(InvalidInputError, match="expected_version"):
            memory.update(item.id, user_id="maya", text="x", expected_version=bad)  # type: ignore[arg-type]
    with pytest.raises(NotFoundError):
        memory.update("no-such-id", user_id="maya", text="x", expected_version=1)


def test_concurrent_edits_from_one_version_let_exactly_one_through(memory: Memory) -> None:
    item = memory.add("draft", user_id="maya")[0]
    outcomes: list[str] = []

    def edit(n: int) -> None:
        try:
            memory.update(item.id, user_id="maya", text=f"edit {n}", expected_version=1)
            outcomes.append("ok")
        except ConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=edit, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "conflict", "conflict", "ok"]
    assert memory.get(item.id, user_id="maya").version == 2


def test_get_answers_an_etag_and_patch_checks_if_match(client: TestClient) -> None:
    item_id = client.post(M, json={"messages": "I live in Porto"},
                          headers=auth("maya")).json()[0]["id"]
    got = client.get(f"{M}/{item_id}", headers=auth("maya"))
    assert got.headers["etag"] == '"1"'
    ok = client.patch(f"{M}/{item_id}", json={"text": "I live in Lisbon"},
                      headers={**auth("maya"), "If-Match": got.headers["etag"]})
    assert ok.status_code == 200 and ok.headers["etag"] == '"2"' and ok.json()["version"] == 2
    stale = client.patch(f"{M}/{item_id}", json={"text": "I live in Faro"},
                         headers={**auth("maya"), "If-Match": '"1"'})
    assert stale.status_code == 412
    assert stale.json()["error"] == "precondition_failed"
    assert stale.json()["current_version"] == 2 and stale.headers["etag"] == '"2"'
    for refused in ('W/"2"', '"two"', "2", '"1", "3"'):  # weak, not a version, unquoted, none
        answer = client.patch(f"{M}/{item_id}", json={"text": "I live in Faro"},
                              headers={**auth("maya"), "If-Match": refused})
        assert answer.status_code == 412, refused
    assert client.get(f"{M}/{item_id}", headers=auth("maya")).json()["text"] == (
        "I live in Lisbon")
    several = client.patch(f"{M}/{item_id}", json={"metadata": {"city": "Lisbon"}},
                           headers={**auth("maya"), "If-Match": '"1", "2"'})
    assert several.status_code == 200 and several.headers["etag"] == '"3"'
    anything = client.patch(f"{M}/{item_id}", json={"text": "I live in Braga"},
                            headers={**auth("maya"), "If-Match": "*"})
    assert anything.status_code == 200 and anything.json()["version"] == 4
    # without If-Match the edit is made whatever the version (documented)
    blind = client.patch(f"{M}/{item_id}", json={"text": "I live in Coimbra"},
                         headers=auth("maya"))
    assert blind.status_code == 200 and blind.json()["version"] == 5
    # another user's item stays a 404, with or without If-Match
    assert client.patch(f"{M}/{item_id}", json={"text": "x"},
                        headers={**auth("sam"), "If-Match": '"5"'}).status_code == 404


def test_the_openapi_documents_etag_and_if_match(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    patch = spec["paths"]["/api/v1/memories/{item_id}"]["patch"]
    header = next(p for p in patch["parameters"] if p["name"] == "If-Match")
    assert header["in"] == "header" and header["description"]
    assert "412" in patch["responses"] and "ETag" in patch["responses"]["200"]["headers"]
    get = spec["paths"]["/api/v1/memories/{item_id}"]["get"]
    assert "ETag" in get["responses"]["200"]["headers"]


def test_the_async_client_sends_expected_version(memory: Memory) -> None:
    app = make_client(memory).app

    async def run() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app)) as http, \
                AsyncClient("http://lucidmem.test", api_key=KEYS["maya"], http=http) as client:
            item = (await client.add("I live in Porto", user_id="maya"))[0]
            await client.update(item.id, user_id="maya", text="I live in Lisbon",
                                expected_version=item.version)
            with pytest.raises(ConflictError) as caught:
                await client.update(item.id, user_id="maya", text="I live in Faro",
                                    expected_version=item.version)
            assert caught.value.current_version == 2

    asyncio.run(run())
    assert memory.get_all(user_id="maya")[0].text == "I live in Lisbon"


def test_entity_tags() -> None:
    assert etag(3) == '"3"'
    assert matching_versions('"3"') == {3}
    assert matching_versions(' "3" , "5"') == {3, 5}
    assert matching_versions("*") is None
    assert matching_versions('W/"3"') == set() and matching_versions('"x"') == set()
    assert matching_versions('"٣"') == set()  # a non-ASCII digit is not a version
