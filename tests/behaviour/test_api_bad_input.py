"""Bad input to the behaviour API: a clear error naming the problem, and nothing written."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from lucidmem import Memory
from lucidmem.behaviour import DIMENSIONS
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.store.base import Query

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"


def snapshot(memory: Memory) -> list[tuple[str, str, int, str, object]]:
    return [(r.id, r.kind, r.version, r.status, r.data)
            for r in memory.store().find(Query(user_id="maya"))]


@pytest.fixture
def primed(memory: Memory) -> tuple[Memory, str]:
    memory.enable_behaviour_learning("maya")
    memory.create_skill("maya", "my_style", name="Mine", template="Answer in haiku.",
                        dimensions=[0.3] * 16, trigger={"intents": ["chat"]})
    sel = memory.select_skill("maya", CODE, when=MORNING)
    return memory, sel.id


CASES: list[tuple[str, Callable[[Memory, str], Any], type[Exception], str]] = [
    ("reward 2", lambda m, s: m.feedback("maya", s, 2), InvalidInputError, "reward must be"),
    ("reward True", lambda m, s: m.feedback("maya", s, True), InvalidInputError, "reward"),
    ("free text 301", lambda m, s: m.feedback("maya", s, 1, free_text="x" * 301),
     InvalidInputError, "301 characters"),
    ("bad reason", lambda m, s: m.feedback("maya", s, 1, reason="too_loud"),
     InvalidInputError, "too_loud"),
    ("unknown selection", lambda m, s: m.feedback("maya", "nope123", 1), NotFoundError,
     "no selection 'nope123'"),
    ("other user's selection", lambda m, s: m.feedback("lena", s, 1), NotFoundError,
     "no selection"),
    ("16 dims needed", lambda m, s: m.create_skill(
        "maya", "too_many", name="x", template="t", dimensions=[0.5] * 15),
     InvalidInputError, "15 values but needs exactly 16"),
    ("value 1.5", lambda m, s: m.create_skill(
        "maya", "too_big", name="x", template="t", dimensions=[0.5] * 15 + [1.5]),
     InvalidInputError, "outside [0, 1]"),
    ("edit base", lambda m, s: m.update_skill("maya", "concise_response", name="Mine"),
     InvalidInputError, "base skill"),
    ("delete base", lambda m, s: m.delete_skill("maya", "casual_chat"), InvalidInputError,
     "immutable"),
    ("shadow base", lambda m, s: m.create_skill(
        "maya", "casual_chat", name="x", template="t", dimensions=[0.5] * 16),
     InvalidInputError, "base skill"),
    ("duplicate own", lambda m, s: m.create_skill(
        "maya", "my_style", name="x", template="t", dimensions=[0.5] * 16),
     InvalidInputError, "already exists"),
    ("unknown own skill", lambda m, s: m.update_skill("maya", "ghost", name="x"),
     NotFoundError, "no skill 'ghost'"),
    ("bad own update", lambda m, s: m.update_skill("maya", "my_style", dimensions=[2] * 16),
     InvalidInputError, "outside [0, 1]"),
    ("unknown trigger key", lambda m, s: m.create_skill(
        "maya", "trig", name="x", template="t", dimensions=[0.5] * 16, trigger={"mood": []}),
     InvalidInputError, "mood"),
    ("empty message", lambda m, s: m.select_skill("maya", "   "), InvalidInputError,
     "message"),
    ("bad user id", lambda m, s: m.select_skill("../x", CODE), InvalidInputError, "user_id"),
]


@pytest.mark.parametrize(("name", "call", "error", "text"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_changes_nothing(primed: tuple[Memory, str], name: str,
                                   call: Callable[[Memory, str], Any], error: type[Exception],
                                   text: str) -> None:
    memory, selection_id = primed
    if name == "other user's selection":
        memory.enable_behaviour_learning("lena")
    before = snapshot(memory)
    with pytest.raises(error) as info:
        call(memory, selection_id)
    assert text in str(info.value)
    assert snapshot(memory) == before


def test_second_feedback_on_one_selection_is_refused(primed: tuple[Memory, str]) -> None:
    memory, selection_id = primed
    memory.feedback("maya", selection_id, 1)
    before = snapshot(memory)
    with pytest.raises(InvalidInputError, match="already has feedback"):
        memory.feedback("maya", selection_id, -1)
    assert snapshot(memory) == before


def test_own_skill_crud(primed: tuple[Memory, str]) -> None:
    memory, _ = primed
    updated = memory.update_skill("maya", "my_style", template="Answer in limericks.",
                                  dimensions={n: 0.4 for n in DIMENSIONS[:14]})
    assert updated.template == "Answer in limericks." and updated.dimensions["verbosity"] == 0.4
    assert memory.get_skill("maya", "my_style").template == "Answer in limericks."
    ids = [s.id for s in memory.list_skills("maya")]
    assert ids[-1] == "my_style" and len(ids) == 14
    assert memory.delete_skill("maya", "my_style") >= 1
    with pytest.raises(NotFoundError):
        memory.get_skill("maya", "my_style")
