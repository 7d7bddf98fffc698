"""A Chinese retraction whose topic comes before its cue as "what I said last time"
without "to you" ("上次说的…的事", "之前提的…那个事"), and the cue "当我没讲过/没提过" beside
"当我没说过": the fact it names is taken back. Sentences written for these tests; before
this change each fact stayed active.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

SAID_THEN_TAKEN_BACK = {
    "debt": ("我欠我表哥三万块钱，明年才能还", "上次说的欠表哥钱的事，就当我没提过", "三万"),
    "pregnant": ("我姐上个月查出来怀孕了，还没跟家里人说", "之前提的我姐怀孕那个事，你就当我没讲过吧",
                 "怀孕"),
    "loan": ("我跟老周借了五千块，下个月还他", "上回说跟老周借钱那个事，你别记了", "五千"),
}


@pytest.mark.parametrize("case", sorted(SAID_THEN_TAKEN_BACK))
def test_the_fact_said_last_time_is_taken_back(case: str) -> None:
    said, taken_back, word = SAID_THEN_TAKEN_BACK[case]
    with said_a_day_apart(said, taken_back, start=_START, user_id=case) as memory:
        held = [f.text for f in memory.facts.list(user_id=case) if word in f.text]
        assert not held, held
        history = memory.facts.history(user_id=case)
        assert any(word in f.text and f.status == "retracted" for f in history)


def test_a_fact_not_named_stays() -> None:
    with said_a_day_apart("我在昆明卖鲜花，干了五年了", "我欠我表哥三万块钱，明年才能还",
                          "上次说的欠表哥钱的事，就当我没提过", start=_START,
                          user_id="stays") as memory:
        assert any("鲜花" in f.text for f in memory.facts.list(user_id="stays"))
