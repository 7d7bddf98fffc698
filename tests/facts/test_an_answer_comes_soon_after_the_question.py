"""A reply with no subject answers the assistant's question about someone else only soon
after it: "what's he into?" then "mostly football" is about him, but the user's first turn
weeks later ("FIRST WEEK DONE at Crookes Animal Hospital!!!") is their own news. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lucidmem import Memory
from lucidmem.clock import ManualClock
from lucidmem.facts.clause_extractor import ANSWER_WINDOW

_MAY = datetime(2025, 5, 7, 19, 40, tzinfo=UTC)


def _user_facts(reply: str, after: timedelta) -> list[str]:
    clock = ManualClock(_MAY)
    with Memory(":memory:", clock=clock) as memory:
        turns = [("user", "what do i get a 34 year old electrician who says he wants nothing",
                  _MAY),
                 ("assistant", "Tough one! What's he into outside work?",
                  _MAY + timedelta(minutes=1)),
                 ("user", reply, _MAY + timedelta(minutes=1) + after)]
        for role, text, at in turns:
            clock.now = at
            memory.add([{"role": role, "content": text, "timestamp": at.isoformat()}],
                       user_id="ans", metadata={"language": "en"})
        return [f.text for f in memory.facts.list(user_id="ans")]


def test_news_weeks_later_is_the_users() -> None:
    texts = _user_facts("FIRST WEEK DONE at Crookes Animal Hospital!!!", timedelta(days=51))
    assert "The user works at Crookes Animal Hospital" in texts


def test_a_reply_within_the_window_answers_the_question() -> None:
    texts = _user_facts("mostly football and his allotment", ANSWER_WINDOW / 2)
    assert not [t for t in texts if "football" in t], texts
