"""Metric log lines name users by a keyed hash, never by id: the same id gives the same
pseudonym throughout a deployment (every process on one data directory, or every machine
given one ``log_key``), another deployment's key gives another."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lucidmem import Memory, Settings, StoreError
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.embedding import E5Embedder
from lucidmem.observability import configure_logging, deployment_log_key, pseudonym
from lucidmem.observability.pseudonyms import LOG_KEY_FILE
from lucidmem.settings import FactSettings

ADMIN = "admin-key-0123456789"
KEY = "maya-key-0123456789"
USER = "maya.rodriguez@example.org"
READER = """
import sys
from lucidmem import Settings
from lucidmem.observability import deployment_log_key
print(deployment_log_key(Settings(data_dir=sys.argv[1])).hex())
"""


def test_a_pseudonym_is_keyed_stable_and_names_nobody() -> None:
    one, other = b"k" * 32, b"q" * 32
    assert pseudonym(USER, one) == pseudonym(USER, one)
    assert pseudonym(USER, one) != pseudonym(USER, other)
    assert pseudonym(USER, one) != pseudonym("maya", one)
    assert pseudonym(USER, one).startswith("u_") and len(pseudonym(USER, one)) == 18
    assert "maya" not in pseudonym(USER, one)


def test_the_key_is_the_deployments(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = deployment_log_key(Settings(data_dir=data))
    assert deployment_log_key(Settings(data_dir=data)) == first  # kept: same after restart
    assert stat.S_IMODE(os.stat(data / LOG_KEY_FILE).st_mode) == 0o600
    assert deployment_log_key(Settings(data_dir=tmp_path / "elsewhere")) != first
    assert deployment_log_key(Settings(data_dir=data, log_key="shared secret")) == \
        deployment_log_key(Settings(data_dir=tmp_path / "b", log_key="shared secret"))
    (data / LOG_KEY_FILE).write_bytes(b"short")
    with pytest.raises(StoreError, match="damaged"):
        deployment_log_key(Settings(data_dir=data))


def test_processes_starting_together_share_one_key(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    data = tmp_path / "fresh"
    children = [subprocess.Popen([sys.executable, "-c", READER, str(data)], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for _ in range(5)]
    results = [child.communicate(timeout=120) for child in children]
    assert [c.returncode for c in children] == [0] * 5, results
    assert len({out.strip() for out, _ in results}) == 1
    assert (data / LOG_KEY_FILE).read_bytes().hex() == results[0][0].strip()
    assert sorted(p.name for p in data.iterdir()) == [LOG_KEY_FILE]  # no temporary left


def test_rest_metric_lines_carry_the_pseudonym_not_the_id(tmp_path: Path,
                                                         embedder: E5Embedder) -> None:
    settings = Settings(data_dir=tmp_path / "data", facts=FactSettings(extractor="none"))
    stream = io.StringIO()
    handler = configure_logging("INFO", stream)
    try:
        with Memory(settings=settings, embedder=embedder) as memory:
            memory.skills.enable(user_id=USER)
            client = TestClient(create_app(memory, settings=ServerSettings(),
                                           keys=KeyRing(ADMIN, {USER: KEY})))
            auth = {"Authorization": f"Bearer {KEY}"}
            assert client.post("/api/v1/memories", json={"messages": "I live in Porto"},
                               headers=auth).status_code == 201
            assert client.post("/api/v1/memories/search", json={"query": "where?"},
                               headers=auth).status_code == 200
            assert client.post("/api/v1/context", json={"message": "hello"},
                               headers=auth).status_code == 200
    finally:
        logging.getLogger("lucidmem").removeHandler(handler)
    assert USER not in stream.getvalue() and "maya" not in stream.getvalue()
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    named = [line for line in lines if "user_hash" in line]
    assert {line["metric_type"] for line in named} >= {"memory_add", "memory_search",
                                                       "behavioral_memory_selection"}
    expected = pseudonym(USER, deployment_log_key(settings))  # an operator can correlate
    assert {line["user_hash"] for line in named} == {expected}
    assert not any("user_id" in line for line in lines)


def test_opening_a_memory_writes_no_key_until_a_user_is_logged(tmp_path: Path,
                                                              embedder: E5Embedder) -> None:
    settings = Settings(data_dir=tmp_path / "data", facts=FactSettings(extractor="none"))
    with Memory(settings=settings, embedder=embedder) as memory:
        memory.add("hello", user_id="maya")  # metric lines are off: nothing to name
        assert not (tmp_path / "data" / LOG_KEY_FILE).exists()
