"""Fair use over real HTTP (the ASGI app, a real Memory on disk): read limits per key,
failed authentication limited per client address, created keys, the contexts a user key
may use, and length limits on messages and queries."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lucidmem import Memory, Settings
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.api.ratelimit import MAX_BUCKETS, TokenBuckets
from lucidmem.embedding import E5Embedder
from lucidmem.errors import TextTooLongError
from lucidmem.settings import FactSettings

from .conftest import ADMIN, KEYS, auth, make_client

M = "/api/v1/memories"


def _client(memory: Memory, address: str = "10.0.0.1", **settings: object) -> TestClient:
    app = create_app(memory, settings=ServerSettings(**settings),  # type: ignore[arg-type]
                     keys=KeyRing(ADMIN, KEYS))
    return TestClient(app, raise_server_exceptions=False, client=(address, 50000))


def test_read_flood_is_429_per_key_with_retry_after(memory: Memory) -> None:
    client = make_client(memory, read_rate=0.01, read_burst=4)
    h = auth("maya")
    codes = [client.get(M, headers=h).status_code for _ in range(6)]
    assert codes == [200] * 4 + [429] * 2
    r = client.post(f"{M}/search", json={"query": "anything"}, headers=h)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert r.json()["error"] == "rate_limited" and "reads" in r.json()["message"]
    assert client.get(M, headers=auth("sam")).status_code == 200  # another key's bucket
    # reads and writes have buckets of their own
    assert client.post(M, json={"messages": "still allowed"}, headers=h).status_code == 201


def test_failed_authentication_is_limited_per_client_address(memory: Memory) -> None:
    settings = {"auth_failure_rate": 0.01, "auth_failure_burst": 3}
    attacker = _client(memory, "10.0.0.66", **settings)
    codes = [attacker.get(M, headers={"Authorization": f"Bearer guess-{i}-xxxxxxxx"}
                          ).status_code for i in range(5)]
    assert codes == [401, 401, 401, 429, 429]
    r = attacker.get(M, headers={"X-API-Key": "one-more-guess"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert "failed authentications" in r.json()["message"]
    # a created key is not even looked up from that address while it waits ...
    created = attacker.post("/api/v1/keys", json={"user_id": "maya"}, headers=auth("admin"))
    assert created.status_code == 201
    key = created.json()["key"]
    assert attacker.get(M, headers={"Authorization": f"Bearer {key}"}).status_code == 429
    # ... while another address, sharing the same app and buckets, is not affected
    other = TestClient(attacker.app, raise_server_exceptions=False, client=("10.0.0.7", 1))
    assert other.get(M, headers={"Authorization": f"Bearer {key}"}).status_code == 200
    assert other.get(M, headers={"Authorization": "Bearer wrong-wrong"}).status_code == 401


def test_created_keys_work_list_without_secret_and_revoke(memory: Memory) -> None:
    client = make_client(memory)
    admin = auth("admin")
    r = client.post("/api/v1/keys", json={"user_id": "noor"}, headers=admin)
    assert r.status_code == 201, r.text
    created = r.json()
    key, key_id = created["key"], created["key_id"]
    assert key.startswith("lm_") and len(key) > 40 and created["contexts"] is None
    noor = {"Authorization": f"Bearer {key}"}
    assert client.post(M, json={"messages": "noor's note"}, headers=noor).status_code == 201
    assert [i["text"] for i in client.get(M, headers=noor).json()["items"]] == ["noor's note"]
    assert client.get(M, params={"user_id": "maya"}, headers=noor).status_code == 404
    listed = client.get("/api/v1/keys", params={"user_id": "noor"}, headers=admin).json()
    assert [k["key_id"] for k in listed] == [key_id] and key not in str(listed)
    assert client.get("/api/v1/keys", headers=noor).status_code == 403
    assert client.post("/api/v1/keys", json={"user_id": "x"}, headers=noor).status_code == 403
    assert client.delete(f"/api/v1/keys/{key_id}", headers=admin).status_code == 204
    assert client.get(M, headers=noor).status_code == 401
    assert client.delete(f"/api/v1/keys/{key_id}", headers=admin).status_code == 404
    bad = client.post("/api/v1/keys", json={"user_id": "no spaces please"}, headers=admin)
    assert bad.status_code == 400 and bad.json()["field"] == "user_id"


def test_a_user_key_uses_only_contexts_that_exist(memory: Memory, tmp_path: Path) -> None:
    client = make_client(memory, context_refresh_seconds=0)
    maya = auth("maya")
    assert client.post(M, json={"messages": "home note"}, headers=maya).status_code == 201
    before = sorted(p.name for p in (tmp_path / "data").iterdir())
    for i in range(5):  # each new name would be a new database file and its descriptors
        r = client.get(M, params={"context": f"made-up-{i}"}, headers=maya)
        assert r.status_code == 403 and "does not exist" in r.json()["message"]
        r = client.post(M, params={"context": f"made-up-{i}"}, json={"messages": "x"},
                        headers=maya)
        assert r.status_code == 403
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == before
    assert memory.contexts() == ["personal"]
    # the admin creates a context by writing to it; user keys may use it from then on
    r = client.post(M, params={"context": "work", "user_id": "maya"},
                    json={"messages": "admin seeded"}, headers=auth("admin"))
    assert r.status_code == 201
    r = client.post(M, params={"context": "work"}, json={"messages": "work note"}, headers=maya)
    assert r.status_code == 201
    assert {i["text"] for i in client.get(M, params={"context": "work"}, headers=maya
                                          ).json()["items"]} == {"admin seeded", "work note"}


def test_a_created_key_uses_only_the_contexts_its_admin_listed(memory: Memory) -> None:
    client = make_client(memory)
    r = client.post("/api/v1/keys", json={"user_id": "ivo", "contexts": ["work"]},
                    headers=auth("admin"))
    assert r.status_code == 201 and r.json()["contexts"] == ["work"]
    ivo = {"Authorization": f"Bearer {r.json()['key']}"}
    r = client.post(M, json={"messages": "in the default context"}, headers=ivo)
    assert r.status_code == 403 and "may use: work" in r.json()["message"]
    r = client.post(M, params={"context": "work"}, json={"messages": "ok"}, headers=ivo)
    assert r.status_code == 201  # listed by the admin, so it may create it
    assert client.get(M, params={"context": "leisure"}, headers=ivo).status_code == 403
    assert memory.get_all(user_id="ivo") == []


def test_long_messages_and_queries_are_413_and_nothing_is_written(
        tmp_path: Path, embedder: E5Embedder) -> None:
    settings = Settings(data_dir=tmp_path / "d", max_message_chars=300, max_query_chars=50,
                        facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        client = make_client(memory)
        h = auth("maya")
        r = client.post(M, json={"messages": "word " * 100}, headers=h)
        assert r.status_code == 413 and r.json()["error"] == "text_too_long"
        assert "300" in r.json()["message"] and r.json()["field"] == "content"
        assert memory.get_all(user_id="maya") == []
        assert client.post(M, json={"messages": "short"}, headers=h).status_code == 201
        r = client.post(f"{M}/search", json={"query": "q" * 51}, headers=h)
        assert r.status_code == 413 and "LUCIDMEM_MAX_QUERY_CHARS" in r.json()["message"]
        assert client.post(f"{M}/search", json={"query": "q" * 50}, headers=h
                           ).status_code == 200
        with pytest.raises(TextTooLongError):
            memory.search("q" * 51, user_id="maya")
        r = client.post("/api/v1/skills/select", json={"message": "word " * 100}, headers=h)
        assert r.status_code == 413 and r.json()["error"] == "text_too_long"
        assert "max_message_chars" in r.json()["message"]


def test_in_process_buckets_forget_full_ones_beyond_their_bound() -> None:
    now = [0.0]
    buckets = TokenBuckets(clock=lambda: now[0])
    for i in range(MAX_BUCKETS):
        assert buckets.take(f"a{i}", 1.0, 2) == 0.0
    assert buckets.take("slow", 0.001, 1) == 0.0  # empty for 1000 s
    now[0] = 10.0  # every a* bucket is full again, "slow" is not
    buckets.take("trigger", 1.0, 2)
    assert len(buckets) == 2 and buckets.take("slow", 0.001, 1) > 900  # slow, trigger


def test_forgetting_a_user_revokes_the_keys_created_for_them(memory: Memory) -> None:
    client = make_client(memory)
    admin = auth("admin")
    assert client.post(M, json={"messages": "a work note"}, params={"user_id": "noor",
                       "context": "work"}, headers=admin).status_code == 201
    keys = [client.post("/api/v1/keys", json=body, headers=admin).json()["key"]
            for body in ({"user_id": "noor"}, {"user_id": "noor", "contexts": ["work"]},
                         {"user_id": "noor", "contexts": ["work"]}, {"user_id": "lena"})]
    noor, noor_work, noor_work2, lena = ({"Authorization": f"Bearer {k}"} for k in keys)
    assert client.post(M, json={"messages": "noor's note"}, headers=noor).status_code == 201
    # forgetting noor in the default context: the key that may use it goes, the one
    # limited to "work" stays, and so does another user's
    assert client.delete(M, headers=noor).json()["deleted"] >= 1
    assert client.get(M, headers=noor).status_code == 401
    assert client.get(M, params={"context": "work"}, headers=noor_work).status_code == 200
    assert client.get(M, headers=lena).status_code == 200
    listed = client.get("/api/v1/keys", params={"user_id": "noor"}, headers=admin).json()
    assert len(listed) == 2 and all(k["contexts"] == ["work"] for k in listed)
    # the admin forgetting noor in "work" revokes the rest
    assert client.delete(M, params={"user_id": "noor", "context": "work"},
                         headers=admin).status_code == 200
    for gone in (noor_work, noor_work2):
        assert client.get(M, params={"context": "work"}, headers=gone).status_code == 401
    assert client.get("/api/v1/keys", params={"user_id": "noor"}, headers=admin).json() == []
    assert client.get(M, headers=lena).status_code == 200
