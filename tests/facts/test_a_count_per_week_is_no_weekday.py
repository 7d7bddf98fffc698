"""A number after 周 / 星期 / 礼拜 followed by a measure word is a count per week, not a
weekday: "一礼拜四个班" is four shifts a week (not Thursday), "一周三次" three times a week
(not Wednesday). Read as a weekday, a lasting job or habit became an event of one day and
was gone from an as-of question a month later. Sentences written for these tests; each
COUNT case was dated to a weekday before this change. "周三我去看牙医" stays a Wednesday.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

COUNT = {
    "shifts": ("我现在在超市做收银，一礼拜四个班，挺累的。", "超市"),
    "swims": ("我现在一周三次去游泳馆游泳。", "游泳"),
    "classes": ("我在琴行教钢琴，一个星期五节课。", "琴行"),
}


@pytest.mark.parametrize("case", sorted(COUNT))
def test_a_count_per_week_is_no_weekday(case: str) -> None:
    said, value = COUNT[case]
    with said_a_day_apart(said, "谢谢！", start=_MARCH, user_id=case, days=31) as memory:
        facts = [f for f in memory.facts.list(user_id=case) if value in f.text]
        assert facts
        assert not any(day in f.text for f in facts for day in
                       ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"))
        later = memory.facts.list(user_id=case, as_of=_MARCH + timedelta(days=30), mode="true")
        assert any(value in f.text for f in later)


def test_a_weekday_alone_is_still_a_weekday() -> None:
    with said_a_day_apart("周三我去看牙医。", start=_MARCH, user_id="dentist") as memory:
        assert any("Wednesday 5 March 2025" in f.text
                   for f in memory.facts.list(user_id="dentist"))
