"""A weekday said right after a relation is when, not who: "我儿子周六去学游泳" is the son
going on Saturday, not a son called 周六. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.people import mentions

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "day"), [
    ("我儿子周六去学游泳", "周六"),
    ("我女儿星期天要去奶奶家", "星期天"),
    ("我老公礼拜五加班", "礼拜五"),
])
def test_a_weekday_after_a_relation_is_no_name(text: str, day: str) -> None:
    assert not [m for m in mentions(text, "zh") if m.name == day]
    with said_a_day_apart(text, start=_MARCH, user_id="lan", lang="zh") as memory:
        texts = [f.text for f in memory.facts.list(user_id="lan")]
    assert not [t for t in texts if t.endswith(f" is {day}")], texts


def test_a_name_after_a_relation_is_still_a_name() -> None:
    assert [m.name for m in mentions("我儿子小宇周六去学游泳", "zh")] == ["小宇"]
