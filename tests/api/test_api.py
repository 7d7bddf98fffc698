"""The REST API through real HTTP (httpx over the ASGI app) with a real Memory."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lucidmem import Memory

from .conftest import ADMIN, auth, make_client

M = "/api/v1/memories"


def _add(client: TestClient, user: str, text: str, **extra: Any) -> str:
    r = client.post(M, json={"messages": text, **extra}, headers=auth(user))
    assert r.status_code == 201, r.text
    item_id: str = r.json()[0]["id"]
    return item_id


def test_every_memory_operation_round_trips(client: TestClient) -> None:
    h = auth("maya")
    turns = [{"role": "user", "content": "I moved to Lisbon in March"},
             {"role": "assistant", "content": "Lisbon is lovely in spring."}]
    r = client.post(M, json={"messages": turns, "conversation_id": "c1"}, headers=h)
    assert r.status_code == 201 and [i["role"] for i in r.json()] == ["user", "assistant"]
    first = r.json()[0]["id"]
    hits = client.post(f"{M}/search", json={"query": "moved to Lisbon", "limit": 2},
                       headers=h).json()
    assert hits[0]["item"]["id"] == first and "explain" in hits[0]
    assert client.get(f"{M}/{first}", headers=h).json()["text"] == "I moved to Lisbon in March"
    listed = client.get(M, params={"conversation_id": "c1", "kinds": ["turn"]}, headers=h)
    assert len(listed.json()["items"]) == 2 and listed.json()["total"] == 2
    assert len(client.get("/api/v1/working-memory", headers=h).json()) == 2
    r = client.patch(f"{M}/{first}", json={"text": "I moved to Porto in March"}, headers=h)
    assert r.status_code == 200 and r.json()["version"] == 2
    actions = [e["action"] for e in client.get(f"{M}/{first}/history", headers=h).json()]
    assert actions == ["add", "update"]
    assert client.delete(f"{M}/{first}", headers=h).status_code == 204
    assert client.get(f"{M}/{first}", headers=h).status_code == 404
    assert client.delete(M, headers=h).json()["deleted"] >= 1  # turns + extracted facts


def test_export_over_http_is_the_users_own(client: TestClient) -> None:
    _add(client, "maya", "I keep bees on my balcony")
    _add(client, "sam", "Sam's bank PIN is in the blue notebook")
    r = client.get("/api/v1/export", headers=auth("maya"))
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["format"] == "lucidmem-export" and doc["user_id"] == "maya"
    assert [x["text"] for x in doc["records"] if x["kind"] == "turn"] == [
        "I keep bees on my balcony"]
    assert "notebook" not in r.text
    # another user's key cannot export maya; the admin key can, naming her
    assert client.get("/api/v1/export", params={"user_id": "maya"},
                      headers=auth("sam")).status_code == 404
    # vectors are computed in the background: wait for them, then they are exported too
    assert client.post("/api/v1/flush", headers=auth("admin")).status_code == 200
    admin = client.get("/api/v1/export", params={"user_id": "maya", "embeddings": True},
                       headers=auth("admin"))
    assert admin.status_code == 200 and len(admin.json()["records"][0]["embedding"]) > 0


def test_context_and_disclosure_routes(client: TestClient) -> None:
    h = auth("maya")
    item = _add(client, "maya", "My sister Ana is a nurse in Porto")
    ctx = client.post("/api/v1/context", json={"message": "what does Ana do?",
                                               "token_budget": 200}, headers=h).json()
    assert ctx["total_tokens"] <= 200 and "nurse" in ctx["prompt"]
    assert {p["name"] for p in ctx["parts"]} == {"skill", "profile", "working_memory",
                                                 "facts", "memories"}
    for layer, body in (("search", {"query": "Ana"}), ("timeline", {"ids": [item]}),
                        ("detail", {"ids": [item]})):
        r = client.post(f"{M}/disclose", json={"layer": layer, **body}, headers=h).json()
        assert item in [x["id"] for x in r["results"]] and r["total_tokens"] > 0


def test_missing_or_wrong_key_is_401_without_detail(client: TestClient) -> None:
    for headers in ({}, {"Authorization": "Bearer nope-nope-nope"}, {"X-API-Key": "x"}):
        r = client.get(M, headers=headers)
        assert r.status_code == 401
        assert r.json() == {"error": "unauthorized", "message": "missing or invalid API key"}


def test_another_users_ids_are_404_not_403(client: TestClient) -> None:
    item = _add(client, "maya", "private note")
    sam = auth("sam")
    assert client.get(f"{M}/{item}", headers=sam).status_code == 404
    assert client.patch(f"{M}/{item}", json={"text": "x"}, headers=sam).status_code == 404
    assert client.delete(f"{M}/{item}", headers=sam).status_code == 404
    assert client.get(f"{M}/{item}/history", headers=sam).status_code == 404
    r = client.get(M, params={"user_id": "maya"}, headers=sam)
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    hidden = client.post(f"{M}/disclose", json={"layer": "detail", "ids": [item]},
                         headers=sam).json()
    assert hidden["results"] == [] and hidden["missing"] == [item]
    assert client.get(f"{M}/{item}", headers=auth("maya")).json()["text"] == "private note"


def test_admin_acts_on_any_named_user(client: TestClient) -> None:
    item = _add(client, "maya", "note of maya")
    admin = auth("admin")
    assert client.get(f"{M}/{item}", params={"user_id": "maya"}, headers=admin).status_code == 200
    assert client.get(f"{M}/{item}", params={"user_id": "sam"}, headers=admin).status_code == 404
    r = client.get(M, headers=admin)
    assert r.status_code == 400 and r.json()["field"] == "user_id"
    assert client.get("/api/v1/stats", headers=admin).json()["users"] == 1
    assert client.get("/api/v1/stats", headers=auth("maya")).status_code == 403


def test_oversized_body_is_413_and_nothing_is_written(memory: Memory) -> None:
    client = make_client(memory, max_body_bytes=4096)
    r = client.post(M, json={"messages": "x" * 5000}, headers=auth("maya"))
    assert r.status_code == 413 and r.json()["error"] == "payload_too_large"
    assert memory.get_all(user_id="maya") == []


def test_malformed_json_and_bad_fields_are_422(client: TestClient) -> None:
    h = {**auth("maya"), "content-type": "application/json"}
    for body in (b"{not json", b"[1, 2]", b'{"messages": 5}', b'{"messages": "x", "bad": 1}'):
        r = client.post(M, content=body, headers=h)
        assert r.status_code == 422, body
        assert r.json()["error"] == "validation_error"


def test_write_flood_is_429_with_retry_after(memory: Memory) -> None:
    client = make_client(memory, write_rate=0.5, write_burst=3)
    h = auth("maya")
    codes = [client.post(M, json={"messages": f"m{i}"}, headers=h).status_code
             for i in range(5)]
    assert codes[:3] == [201] * 3 and codes[3:] == [429, 429]
    r = client.post(M, json={"messages": "again"}, headers=h)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert len(memory.get_all(user_id="maya")) == 3
    assert client.post(f"{M}/search", json={"query": "m1"}, headers=h).status_code == 200
    assert client.post(M, json={"messages": "sam"}, headers=auth("sam")).status_code == 201


@pytest.mark.parametrize("url", ["/api/v1/memories/feedback", "/api/v1/memory/feedback"])
def test_feedback_bad_input_answers_as_the_seed(client: TestClient, url: str) -> None:
    h = auth("maya")
    r = client.post(url, json={"message_id": "m1", "skill_id": "s1", "reward": 2}, headers=h)
    assert (r.status_code, r.json()) == (
        400, {"error": "invalid_reward", "message": "Reward must be -1, 0, or 1"})
    r = client.post(url, json={"message_id": "m1", "reward": 1}, headers=h)
    assert r.status_code == 422 and r.json()["error"] == "validation_error"
    assert r.json()["message"] == "Invalid request format"
    long = {"message_id": "m1", "skill_id": "s1", "reward": 1, "free_text": "x" * 301}
    assert client.post(url, json=long, headers=h).status_code == 422


def test_feedback_loop_through_the_behaviour_api(client: TestClient) -> None:
    h = auth("maya")
    url = "/api/v1/memories/feedback"
    off = client.post("/api/v1/skills/select", json={"message": "hi"}, headers=h).json()
    r = client.post(url, json={"message_id": off["id"], "skill_id": off["skill"]["id"],
                               "reward": 1}, headers=h)
    assert (r.status_code, r.json()) == (
        200, {"status": "learning_disabled", "skill_updated": False, "new_confidence": None})
    assert client.post("/api/v1/behaviour/enable", json={}, headers=h).json() is True
    sel = client.post("/api/v1/skills/select", json={"message": "How do I fix my SQL query?"},
                      headers=h).json()
    r = client.post(url, json={"message_id": sel["id"], "skill_id": sel["skill"]["id"],
                               "reward": 1}, headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "success" and r.json()["skill_updated"] is True
    assert 0 < r.json()["new_confidence"] <= 1
    r = client.post(url, json={"message_id": "nope", "skill_id": "s", "reward": -1}, headers=h)
    assert (r.status_code, r.json()) == (
        404, {"error": "skill_not_found", "message": "Skill ID does not exist"})
    r = client.post(url, json={"message_id": sel["id"], "skill_id": "s", "reward": 1,
                               "reason": "bogus"}, headers=h)
    assert r.status_code == 400 and r.json()["error"] == "invalid_input"
    agg = client.get("/api/v1/metrics/aggregates", headers=auth("admin")).json()
    assert (agg["feedback_events"], agg["skill_accuracy"], agg["user_satisfaction"]) == (
        1, 1.0, 1.0)
    assert agg["adaptation_speed"] is None  # one rating is not enough to call it adapted


def test_fact_reads_are_gets_and_the_old_posts_still_answer(client: TestClient) -> None:
    h = auth("maya")
    _add(client, "maya", "My sister Ana lives in Porto")
    r = client.get("/api/v1/facts", headers=h)
    assert r.status_code == 200, r.text
    page = r.json()
    assert page["total"] == len(page["items"]) >= 1 and page["next_offset"] is None
    assert any("Porto" in f["text"] for f in page["items"])
    assert client.get("/api/v1/facts", params={"mode": "bogus"}, headers=h).status_code == 422
    assert client.get("/api/v1/recall", headers=h).status_code == 422  # no topic
    r = client.get("/api/v1/recall", params={"topic": "my sister"}, headers=h)
    assert r.status_code == 200 and "Porto" in r.json()["answer"]
    # the first release's POSTs, deprecated, with typed bodies
    old = client.post("/api/v1/facts", json={}, headers=h)
    assert old.status_code == 200 and [f["id"] for f in old.json()] == [
        f["id"] for f in page["items"]]
    assert client.post("/api/v1/facts", json={"bogus": 1}, headers=h).status_code == 422
    assert client.post("/api/v1/facts", json={"user_id": "sam"}, headers=h).status_code == 422
    assert client.post("/api/v1/recall", json={}, headers=h).status_code == 422
    assert client.post("/api/v1/recall", json={"topic": "my sister"},
                       headers=h).json()["answer"] == r.json()["answer"]


def test_memories_are_listed_in_pages_with_a_total(client: TestClient) -> None:
    h = auth("maya")
    ids = [_add(client, "maya", f"note number {i}") for i in range(5)]
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = client.get(M, params={"limit": 2, "offset": offset}, headers=h).json()
        assert page["total"] == 5 and page["limit"] == 2
        seen += [i["id"] for i in page["items"]]
        offset = page["next_offset"]
    assert seen == ids
    past = client.get(M, params={"offset": 10}, headers=h).json()
    assert past["items"] == [] and past["next_offset"] is None and past["total"] == 5


def test_skills_are_a_resource(client: TestClient) -> None:
    h = auth("maya")
    base = client.get("/api/v1/skills", headers=h).json()
    assert len(base) >= 3 and all("id" in s for s in base)
    one = client.get(f"/api/v1/skills/{base[0]['id']}", headers=h)
    assert one.status_code == 200 and one.json()["id"] == base[0]["id"]
    assert client.get("/api/v1/skills/no-such-skill", headers=h).status_code == 404
    body = {"skill_id": "haiku", "name": "Haiku", "template": "Answer in a haiku.",
            "dimensions": [0.5] * 16}
    created = client.post("/api/v1/skills", json=body, headers=h)
    assert created.status_code == 201, created.text
    r = client.patch("/api/v1/skills/haiku", json={"name": "Haiku please"}, headers=h)
    assert r.status_code == 200 and r.json()["name"] == "Haiku please"
    assert client.patch("/api/v1/skills/haiku", json={"bogus": 1}, headers=h).status_code == 422
    assert "haiku" in [s["id"] for s in client.get("/api/v1/skills", headers=h).json()]
    assert client.post("/api/v1/skills/get", json={"skill_id": "haiku"},
                       headers=h).json()["name"] == "Haiku please"
    assert client.delete("/api/v1/skills/haiku", headers=h).json()["deleted"] >= 1
    assert client.get("/api/v1/skills/haiku", headers=h).status_code == 404
    assert client.get("/api/v1/behaviour/enabled", headers=h).json() is False
    assert client.post("/api/v1/behaviour/enabled", headers=h).json() is False  # deprecated
    assert client.get("/api/v1/behaviour/profile", headers=h).status_code == 200
    assert client.get("/api/v1/behaviour/trajectories", headers=h).json() == []


def test_openapi_is_typed_and_marks_the_old_paths_deprecated(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            schema = body.get("schema", {})
            schema = next((s for s in schema.get("anyOf", []) if "$ref" in s), schema)
            if "$ref" in schema:
                schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
            if body:
                assert schema.get("properties"), (method, path)  # a model, not a free object
            assert schema.get("additionalProperties") is not True, (method, path)
            ok = op["responses"].get("200") or op["responses"].get("201")
            if ok is not None and path != "/metrics":
                assert ok["content"]["application/json"]["schema"], (method, path)
    reads = {("get", p) for p, ops in spec["paths"].items() for m in ops if m == "get"}
    for path in ("/api/v1/facts", "/api/v1/recall", "/api/v1/skills",
                 "/api/v1/skills/{skill_id}", "/api/v1/behaviour/profile"):
        assert ("get", path) in reads, path
    assert spec["paths"]["/api/v1/memory/feedback"]["post"]["deprecated"] is True
    assert "deprecated" not in spec["paths"]["/api/v1/memories/feedback"]["post"]


def test_docs_pages_load_their_assets_from_this_server(client: TestClient) -> None:
    for page, assets in (("/docs", ("swagger-ui-bundle.js", "swagger-ui.css")),
                         ("/redoc", ("redoc.standalone.js",))):
        html = client.get(page)
        assert html.status_code == 200, page
        urls = re.findall(r"""(?:src|href|url)\s*[=:]\s*['"]([^'"]+)['"]""", html.text)
        assert urls and not [u for u in urls if u.startswith(("http:", "https:", "//"))], urls
        for asset in assets:
            r = client.get(f"/docs-assets/{asset}")
            assert r.status_code == 200 and len(r.content) > 50_000, asset


def test_metrics_and_aggregates(client: TestClient, memory: Memory) -> None:
    _add(client, "maya", "hello")
    client.post(f"{M}/search", json={"query": "hello"}, headers=auth("maya"))
    text = client.get("/metrics", headers={"X-API-Key": ADMIN}).text
    assert 'lucidmem_http_requests_total{method="POST",route="/api/v1/memories",status="201"}' \
        in text
    assert 'lucidmem_memory_operations_total{operation="search"} 1.0' in text
    assert "lucidmem_http_request_seconds_bucket" in text
    assert client.get("/metrics", headers=auth("maya")).status_code == 403
    agg = client.get("/api/v1/metrics/aggregates", headers={"X-API-Key": ADMIN}).json()
    assert agg["metric_type"] == "behavioral_memory_aggregate"
    assert agg["skill_accuracy"] is None and agg["feedback_events"] == 0


def test_openapi_and_health_are_served(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/v1/memories/feedback" in spec["paths"] and "/api/v1/context" in spec["paths"]
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert (ready.status_code, ready.json()["status"]) == (200, "ready")
