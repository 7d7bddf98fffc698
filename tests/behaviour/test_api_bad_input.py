"""Bad input to the behaviour API: a clear error naming the problem, and nothing written."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from lucidmem import Memory
from lucidmem.behaviour import DIMENSIONS
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.records import Kind
from lucidmem.store.base import Query

MORNING = datetime(2026, 3, 2, 9)
CODE = "Why does my Python script throw a KeyError?"


def snapshot(memory: Memory) -> list[tuple[str, str, str, int, str, object]]:
    store = memory.kernel.store()
    return [(r.user_id, r.id, r.kind, r.version, r.status, r.data)
            for user in store.user_ids() for r in store.find(Query(user_id=user))]


@pytest.fixture
def primed(memory: Memory) -> tuple[Memory, str]:
    memory.skills.enable(user_id="maya")
    memory.skills.create("my_style", user_id="maya", name="Mine", template="Answer in haiku.",
                         dimensions=[0.3] * 16, trigger={"intents": ["chat"]})
    sel = memory.skills.select(CODE, user_id="maya", when=MORNING)
    return memory, sel.id


def _create(m: Memory, skill_id: str, dimensions: list[float], **extra: Any) -> Any:
    return m.skills.create(skill_id, user_id="maya", name="x", template="t",
                           dimensions=dimensions, **extra)


CASES: list[tuple[str, Callable[[Memory, str], Any], type[Exception], str]] = [
    ("reward 2", lambda m, s: m.skills.feedback(s, user_id="maya", reward=2),
     InvalidInputError, "reward must be"),
    ("reward True", lambda m, s: m.skills.feedback(s, user_id="maya", reward=True),
     InvalidInputError, "reward"),
    ("free text 301", lambda m, s: m.skills.feedback(s, user_id="maya", reward=1,
                                                     free_text="x" * 301),
     InvalidInputError, "301 characters"),
    ("bad reason", lambda m, s: m.skills.feedback(s, user_id="maya", reward=1,
                                                  reason="too_loud"),
     InvalidInputError, "too_loud"),
    ("unknown selection", lambda m, s: m.skills.feedback("nope123", user_id="maya", reward=1),
     NotFoundError, "no selection 'nope123'"),
    ("other user's selection", lambda m, s: m.skills.feedback(s, user_id="lena", reward=1),
     NotFoundError, "no selection"),
    ("other user's selection, lena off",
     lambda m, s: m.skills.feedback(s, user_id="lena", reward=1), NotFoundError, "no selection"),
    ("unknown selection, maya off", lambda m, s: (
        m.skills.disable(user_id="maya"), m.skills.feedback("nope123", user_id="maya",
                                                            reward=1)),
     NotFoundError, "no selection 'nope123'"),
    ("log_turn unknown selection",
     lambda m, s: m.skills.log_turn("nope123", "reply", user_id="maya"), NotFoundError,
     "no selection 'nope123'"),
    ("log_turn other user's selection",
     lambda m, s: m.skills.log_turn(s, "reply", user_id="lena"), NotFoundError, "no selection"),
    ("16 dims needed", lambda m, s: _create(m, "too_many", [0.5] * 15),
     InvalidInputError, "15 values but needs exactly 16"),
    ("value 1.5", lambda m, s: _create(m, "too_big", [0.5] * 15 + [1.5]),
     InvalidInputError, "outside [0, 1]"),
    ("edit base", lambda m, s: m.skills.update("concise_response", user_id="maya", name="Mine"),
     InvalidInputError, "base skill"),
    ("delete base", lambda m, s: m.skills.delete("casual_chat", user_id="maya"),
     InvalidInputError, "immutable"),
    ("shadow base", lambda m, s: _create(m, "casual_chat", [0.5] * 16),
     InvalidInputError, "base skill"),
    ("duplicate own", lambda m, s: _create(m, "my_style", [0.5] * 16),
     InvalidInputError, "already exists"),
    ("unknown own skill", lambda m, s: m.skills.update("ghost", user_id="maya", name="x"),
     NotFoundError, "no skill 'ghost'"),
    ("bad own update",
     lambda m, s: m.skills.update("my_style", user_id="maya", dimensions=[2] * 16),
     InvalidInputError, "outside [0, 1]"),
    ("unknown trigger key", lambda m, s: _create(m, "trig", [0.5] * 16, trigger={"mood": []}),
     InvalidInputError, "mood"),
    ("empty message", lambda m, s: m.skills.select("   ", user_id="maya"), InvalidInputError,
     "message"),
    ("bad user id", lambda m, s: m.skills.select(CODE, user_id="../x"), InvalidInputError,
     "user_id"),
]


@pytest.mark.parametrize(("name", "call", "error", "text"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_changes_nothing(primed: tuple[Memory, str], name: str,
                                   call: Callable[[Memory, str], Any], error: type[Exception],
                                   text: str) -> None:
    memory, selection_id = primed
    if name in ("other user's selection", "log_turn other user's selection"):
        memory.skills.enable(user_id="lena")
    before = snapshot(memory)
    with pytest.raises(error) as info:
        call(memory, selection_id)
    assert text in str(info.value)
    after = snapshot(memory)
    if name == "unknown selection, maya off":  # only the opt-out itself was written
        before = [r for r in before if r[2] != Kind.BEHAVIOUR_SETTINGS]
        after = [r for r in after if r[2] != Kind.BEHAVIOUR_SETTINGS]
    assert after == before


def test_second_feedback_on_one_selection_is_refused(primed: tuple[Memory, str]) -> None:
    memory, selection_id = primed
    memory.skills.feedback(selection_id, user_id="maya", reward=1)
    before = snapshot(memory)
    with pytest.raises(InvalidInputError, match="already has feedback"):
        memory.skills.feedback(selection_id, user_id="maya", reward=-1)
    assert snapshot(memory) == before


def test_own_skill_crud(primed: tuple[Memory, str]) -> None:
    memory, _ = primed
    updated = memory.skills.update("my_style", user_id="maya", template="Answer in limericks.",
                                   dimensions={n: 0.4 for n in DIMENSIONS[:14]})
    assert updated.template == "Answer in limericks." and updated.dimensions["verbosity"] == 0.4
    assert memory.skills.get("my_style", user_id="maya").template == "Answer in limericks."
    ids = [s.id for s in memory.skills.list(user_id="maya")]
    assert ids[-1] == "my_style" and len(ids) == 14
    assert memory.skills.delete("my_style", user_id="maya") >= 1
    with pytest.raises(NotFoundError):
        memory.skills.get("my_style", user_id="maya")
