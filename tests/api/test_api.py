"""The REST API through real HTTP (httpx over the ASGI app) with a real Memory."""

from __future__ import annotations

from typing import Any

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
    assert len(listed.json()) == 2
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


def test_feedback_bad_input_answers_as_the_seed(client: TestClient) -> None:
    h = auth("maya")
    url = "/api/v1/memory/feedback"
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
    url = "/api/v1/memory/feedback"
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


def test_passthrough_routes_call_the_facts_api(client: TestClient) -> None:
    h = auth("maya")
    _add(client, "maya", "My sister Ana lives in Porto")
    r = client.post("/api/v1/facts", json={}, headers=h)
    assert r.status_code == 200 and isinstance(r.json(), list)
    assert client.post("/api/v1/facts", json={"bogus": 1}, headers=h).status_code == 422
    assert client.post("/api/v1/facts", json={"user_id": "sam"}, headers=h).status_code == 400
    assert client.post("/api/v1/recall", json={}, headers=h).status_code == 422  # no topic
    r = client.post("/api/v1/recall", json={"topic": "Ana"}, headers=h)
    assert r.status_code == 200, r.text


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
    assert "/api/v1/memory/feedback" in spec["paths"] and "/api/v1/context" in spec["paths"]
    assert client.get("/healthz").json() == {"status": "ok"}
