"""Property-based fuzzing of the OpenAPI spec (schemathesis): no input makes a 5xx, and
every documented answer matches the schema the OpenAPI document gives it.

The one deliberate 5xx is 501 ``not_implemented`` from routes whose capability
(facts, behaviour) is not on ``Memory`` yet.

Bounded: a few examples per operation, so the whole run takes well under a minute.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import response_schema_conformance

from lucidmem import Memory
from lucidmem.api import KeyRing, ServerSettings, create_app
from lucidmem.embedding import E5Embedder

from .conftest import ADMIN, KEYS


@pytest.fixture(scope="module")
def fuzzed_app(tmp_path_factory: pytest.TempPathFactory,
               embedder: E5Embedder) -> Iterator[FastAPI]:
    data: Path = tmp_path_factory.mktemp("fuzz")
    with Memory(data, embedder=embedder) as memory:
        memory.add("seed memory about coffee in Lisbon", user_id="maya", conversation_id="c1")
        yield create_app(memory, settings=ServerSettings(write_rate=1000, write_burst=1000,
                                                        read_rate=1000, read_burst=1000),
                         keys=KeyRing(ADMIN, KEYS))


def test_no_server_errors(fuzzed_app: FastAPI) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", fuzzed_app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15
    strategy = st.one_of([op.as_strategy() for op in operations])

    @given(case=strategy)
    @settings(max_examples=12 * len(operations), deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck), database=None)
    def no_5xx(case: schemathesis.Case) -> None:
        for key in (KEYS["maya"], ADMIN):
            response = case.call(headers={"Authorization": f"Bearer {key}"})
            if response.status_code == 501:  # a capability not on Memory yet, on purpose
                assert response.json()["error"] == "not_implemented"
                continue
            assert response.status_code < 500, (case.method, case.path, response.text)
            case.validate_response(response, checks=[response_schema_conformance])

    no_5xx()
