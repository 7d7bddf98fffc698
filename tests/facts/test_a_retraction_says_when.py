""""Forget what I told you about my salary back in April": when the thing was said (a
month, a weekday, "the other day", "上次") is not what it was about, so it names nothing and
the topic is the salary. A retraction with no topic of its own ("算了，当我没说过") takes
back nothing. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.retraction import topic_of

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "topic"), [
    ("my salary back in April", "my salary"),
    ("mein Gehalt neulich", "mein Gehalt"),
    ("mi sueldo el otro día", "mi sueldo"),
    ("il mio stipendio l'altro giorno", "il mio stipendio"),
    ("mijn salaris vorige keer", "mijn salaris"),
    ("我上次说工资的事", "工资"),
])
def test_when_it_was_said_is_no_part_of_the_topic(said: str, topic: str) -> None:
    assert topic_of(said) == topic


def test_a_retraction_without_a_topic_takes_nothing() -> None:
    """"算了，当我没说过" names nothing: it had taken back the son and the wife, the facts
    closest in meaning to an empty topic."""
    turns = ("我儿子小宇读三年级，我老婆叫丽华", "我们决定下个月去槟城玩", "算了，当我没说过")
    with said_a_day_apart(*turns, start=_MARCH, user_id="wei", lang="zh") as memory:
        current = [f.text for f in memory.facts.list(user_id="wei")]
    assert any("小宇" in text for text in current), current
    assert any("丽华" in text for text in current), current
