"""Two processes validating one user's staged facts at once apply each staged fact once,
and archiving beside a validation pass undoes nothing the pass did.

Validation reads the staged facts and the held ones, decides, and writes. Any process may
start a pass over a user's staged facts while another is half-way through one: the
extraction worker of each process that has the store open, the resume step of a process
that finds staged facts (it cannot tell a kill from a pass under way), a job worker's
consolidation, a caller of ``memory.facts.validate``. A pass that read the staged facts
before another pass committed, and the held facts after, validated them a second time: a
restatement reinforced its fact twice, and a new fact, met again among the held ones, was
merged into itself (gone from what the user is believed to hold). This was
``tests/deploy/test_job_queue.py`` failing under load: the test process's second memory
resumed the extraction of the first one's store while that one was still validating.

The other process is a second ``Memory`` on the same store; the interleaving is forced:
one pass is held right after it read the staged facts until the other pass has finished
(or, when passes exclude each other, for a while: the other cannot start meanwhile).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from lucidmem import Memory, Settings
from lucidmem.embedding import E5Embedder
from lucidmem.records import Kind, Status
from lucidmem.settings import FactSettings
from lucidmem.store.base import Query, Record

from .conftest import Clock

SUNDAY = datetime(2026, 1, 4, 10, 0, tzinfo=UTC)
HELD_S = 3.0
"""How long the held pass waits for the other one to finish."""


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    # Staged, not validated, after add: the test starts each pass itself.
    facts = FactSettings(auto_validate=False)
    if request.param == "sqlite":
        return Settings(facts=facts)
    url: str = request.getfixturevalue("postgres_url")
    return Settings(store_url=url, facts=facts)


@pytest.fixture
def two(settings: Settings, tmp_path: Path, embedder: E5Embedder,
        clock: Clock) -> Iterator[tuple[Memory, Memory]]:
    shared = tmp_path / "shared"  # one store: the same file, or the same database
    with Memory(shared, settings=settings, embedder=embedder, clock=clock) as a, \
            Memory(shared, settings=settings, embedder=embedder, clock=clock) as b:
        yield a, b


def facts(memory: Memory, user_id: str) -> list[Record]:
    return memory.kernel.store().find(Query(user_id=user_id, kinds=[Kind.FACT]))


def _validate_in_a_when_b_reads(a: Memory, b: Memory, reads: Callable[[Query], bool],
                                 b_does: Callable[[], object]) -> None:
    """Run ``b_does`` in b; the moment b's store answers a query ``reads`` matches, a
    validation pass of li runs in a (another thread), and b waits for it up to ``HELD_S``:
    the interleaving two processes could produce."""
    other: list[BaseException] = []

    def validate_in_a() -> None:
        try:
            a.facts.validate(user_id="li")
        except BaseException as exc:
            other.append(exc)

    store = b.kernel.store()
    find = store.find
    started: list[threading.Thread] = []

    def held_find(query: Query) -> list[Record]:
        found = find(query)
        if not started and reads(query) and found:
            started.append(threading.Thread(target=validate_in_a))
            started[0].start()
            started[0].join(HELD_S)
        return found

    store.find = held_find  # type: ignore[method-assign]
    try:
        b_does()
    finally:
        store.find = find  # type: ignore[method-assign]
    assert started, "b never read what a was to interleave with"
    started[0].join(60)
    assert not started[0].is_alive() and other == []


def test_two_passes_at_once_validate_each_staged_fact_once(two: tuple[Memory, Memory]) -> None:
    a, b = two
    a.add("I love jazz and I'm allergic to peanuts!", user_id="li", timestamp=SUNDAY)
    assert a.flush(timeout=120)
    a.facts.validate(user_id="li")
    a.add("My dentist appointment is on 20 January", user_id="li", conversation_id="sun1",
          timestamp=SUNDAY + timedelta(weeks=1))
    a.add("I love jazz and I'm allergic to peanuts!", user_id="li", conversation_id="tue1",
          timestamp=SUNDAY + timedelta(weeks=1, days=2))
    assert a.flush(timeout=120) and b.flush(timeout=120)
    staged = [f for f in facts(a, "li") if f.status == Status.STAGED]
    assert len(staged) == 3  # the new event, and jazz and peanuts said again
    # b just read the staged facts: a validates them now
    _validate_in_a_when_b_reads(a, b, lambda q: q.statuses == [Status.STAGED],
                                lambda: b.facts.validate(user_id="li"))

    by_status: dict[str, list[Record]] = {}
    for fact in facts(a, "li"):
        by_status.setdefault(fact.status, []).append(fact)
    assert sorted(f.text for f in by_status[Status.ACTIVE]) == [
        "The user is allergic to peanuts", "The user likes jazz",
        "The user's dentist appointment is on 20 January 2026"]
    assert Status.STAGED not in by_status
    for fact in by_status[Status.ACTIVE]:
        assert fact.embedding is not None
        said: Any = fact.data.get("reinforcement_count", 1)
        assert said == (1 if "dentist" in fact.text else 2), fact.text  # once, not twice
        assert len(fact.data["source_turn_ids"]) == len(set(fact.data["source_turn_ids"]))
    merged = by_status[Status.MERGED]
    assert len(merged) == 2
    assert all(f.data["merged_into"] != f.id for f in merged)  # never into itself


def test_archiving_while_a_pass_reinforces_loses_no_restatement(
        two: tuple[Memory, Memory], clock: Clock) -> None:
    """Archiving reads the held facts, picks the weak ones and writes them archived; a pass
    that reinforced one of them in between (the user just said it again) must not be
    undone by archiving what was read before."""
    a, b = two
    long_ago = clock() - timedelta(days=400)  # decayed far below the archiving threshold
    a.add("I love jazz.", user_id="li", timestamp=long_ago)
    assert a.flush(timeout=120)
    a.facts.validate(user_id="li")
    a.add("I love jazz.", user_id="li", timestamp=clock())  # said again today: staged
    assert a.flush(timeout=120) and b.flush(timeout=120)
    # b just read the held facts to archive the weak ones: a validates now
    _validate_in_a_when_b_reads(
        a, b, lambda q: q.statuses == [Status.ACTIVE] and q.kinds == [Kind.FACT],
        lambda: b.facts.archive_low_confidence(user_id="li", threshold=0.3))

    jazz = [f for f in facts(a, "li") if f.text == "The user likes jazz"]
    assert [f.status for f in jazz if f.status == Status.ACTIVE] == [Status.ACTIVE], \
        [(f.status, f.version, f.data.get("reinforcement_count")) for f in jazz]
    for fact in jazz:  # what was said today is held, and never into an archived fact
        if fact.status == Status.MERGED:
            [into] = [f for f in jazz if f.id == fact.data["merged_into"]]
            assert into.status == Status.ACTIVE
