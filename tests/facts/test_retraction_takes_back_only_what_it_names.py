""""Forget what I told you about X" takes back the statement about X, not what was said
beside it, and what that statement had replaced holds again (it never held). Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

_JUNE = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


def _facts(*turns: str) -> list[tuple[str, str]]:
    """(status, text) of every fact after ``turns``, said a day apart."""
    clock = ManualClock(_JUNE)
    memory = Memory(":memory:", clock=clock)
    try:
        for day, text in enumerate(turns):
            clock.now = _JUNE + timedelta(days=day)
            memory.add([{"role": "user", "content": text, "timestamp": clock.now.isoformat()}],
                       user_id="ida")
        return [(str(f.status).rsplit(".", 1)[-1], f.text)
                for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize(("said", "forget", "kept", "gone"), [
    ("I'm vegetarian, but I eat fish sometimes.",
     "Oh and forget what I told you about the fish.", "vegetarian", "fish"),
    ("Je suis végétarien, mais je mange du poisson de temps en temps.",
     "Oublie ce que je t'ai dit sur le poisson.", "végétarien", "poisson"),
    ("Ich bin Vegetarier, aber ab und zu esse ich Fisch.",
     "Vergiss, was ich dir über den Fisch erzählt habe.", "Vegetarier", "Fisch"),
])
def test_what_was_said_beside_the_topic_stays(said: str, forget: str, kept: str,
                                              gone: str) -> None:
    facts = _facts(said, forget)
    assert any(kept in text and status == "active" for status, text in facts), facts
    assert all(status == "retracted" for status, text in facts if gone in text), facts


def test_what_a_retracted_statement_had_replaced_holds_again() -> None:
    facts = _facts("I live in Lyon.", "I moved to Paris.", "Forget what I told you about Paris.")
    assert ("active", "The user lives in Lyon") in facts, facts
    assert all(status == "retracted" for status, text in facts if "Paris" in text), facts


def test_the_same_holds_when_all_is_said_in_one_call() -> None:
    said = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)
    memory = Memory(":memory:", clock=ManualClock(said))
    try:
        memory.add([{"role": "user", "content": text, "timestamp": said.isoformat()}
                    for text in ("I live in Lyon.", "I moved to Paris.",
                                 "Forget what I told you about Paris.")], user_id="ida")
        current = [f.text for f in memory.facts.list(user_id="ida")]
    finally:
        memory.close()
    assert current == ["The user lives in Lyon"], current
