"""No input can break an account: arbitrary values thrown at every public write either are
refused with InvalidInputError (nothing written) or are stored; afterwards every read of the
user succeeds."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder

TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=()), min_size=0,
               max_size=40)
"""Any code points, lone surrogates included."""
TIMES = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from(["9999-12-31T23:59:59Z", "0001-01-01", "2024-05-03T18:00:00Z",
                     "1899-12-31T23:59:59Z", "2199-12-31", "not a time", ""]),
)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.floats(), st.integers(), TEXT),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children,
                                                                        max_size=3),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory, embedder: E5Embedder) -> Iterator[Memory]:
    with Memory(tmp_path_factory.mktemp("props"), embedder=embedder) as memory:
        yield memory


def _every_read_works(memory: Memory) -> None:
    items = memory.get_all(user_id="maya", limit=10_000)
    for item in items:
        assert math.isfinite(item.occurred_at.timestamp())
        memory.get(item.id, user_id="maya")
        memory.history(item.id, user_id="maya")
    memory.working_memory(user_id="maya")
    memory.search("anything at all", user_id="maya")
    memory.export(user_id="maya").model_dump_json()
    memory.build_context("what do you know?", user_id="maya")
    memory.facts.list(user_id="maya")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck),
          database=None)
@given(content=TEXT, timestamp=TIMES, metadata=st.one_of(st.none(), JSONISH),
       name=st.one_of(st.none(), TEXT))
def test_any_add_is_refused_cleanly_or_stored_and_reads_keep_working(
        shared: Memory, content: str, timestamp: Any, metadata: Any, name: str | None) -> None:
    message: dict[str, Any] = {"role": "user", "content": content}
    if name is not None:
        message["name"] = name
    if timestamp is not None:
        message["timestamp"] = timestamp
    before = len(shared.get_all(user_id="maya", limit=10_000, kinds=["turn"]))
    try:
        stored = shared.add([message], user_id="maya", metadata=metadata)  # type: ignore[list-item]
    except InvalidInputError:
        after = len(shared.get_all(user_id="maya", limit=10_000, kinds=["turn"]))
        assert after == before  # refused means nothing written
    else:
        assert len(stored) == 1
        assert shared.get(stored[0].id, user_id="maya").text == content.strip()
    _every_read_works(shared)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck),
          database=None)
@given(text=TEXT, metadata=st.one_of(st.none(), JSONISH))
def test_any_update_is_refused_cleanly_or_stored(shared: Memory, text: str,
                                                 metadata: Any) -> None:
    [item] = shared.add("a turn to change", user_id="maya")
    try:
        shared.update(item.id, user_id="maya", text=text or None, metadata=metadata)
    except InvalidInputError:
        assert shared.get(item.id, user_id="maya").text == "a turn to change"
    _every_read_works(shared)


@pytest.mark.parametrize("bad", ["a \ud800", "\udfff", "x" * 3 + "\ud83d"])
def test_lone_surrogates_are_refused_everywhere_text_enters(shared: Memory, bad: str) -> None:
    for call in (lambda: shared.add(bad, user_id="maya"),
                 lambda: shared.search(bad, user_id="maya"),
                 lambda: shared.build_context(bad, user_id="maya"),
                 lambda: shared.facts.recall(bad, user_id="maya"),
                 lambda: shared.skills.select(bad, user_id="maya")):
        with pytest.raises(InvalidInputError, match="lone surrogate"):
            call()
    _every_read_works(shared)


def test_time_range_is_checked_at_the_edge(tmp_path: Path, embedder: E5Embedder) -> None:
    with Memory(tmp_path, embedder=embedder) as memory:
        for bad in ("9999-12-31T23:59:59Z", 1e18, float("nan"), float("inf"), -1e12):
            with pytest.raises(InvalidInputError, match="outside the times"):
                memory.add("x", user_id="maya", timestamp=bad)
        assert memory.get_all(user_id="maya") == []
        [ok] = memory.add("x", user_id="maya", timestamp="2199-12-31T00:00:00Z")
        assert ok.occurred_at.year == 2199
