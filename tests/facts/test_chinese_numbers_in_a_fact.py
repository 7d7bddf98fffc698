"""Numbers and days in what a Chinese-speaking user says: "十几杯" (a dozen-odd cups) is no
question, a year keeps a space on both sides ("店是 1987 年开的"), and "周一到周五" (Monday to
Friday) names no place.

"几" (how many?) made "我每天喝茶十几杯" a question, so the habit was never stored; a year
said right after a character ("店是1987年开的") was written "店是1987 年开的", where the year
cannot be found as a word of its own; "周一到周五我住团里的宿舍" stored "The user lives in
周五我". Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.cue_lexicon import has_cue

from .conftest import current_facts

_DAY = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("said", ["我每天喝咖啡十几杯", "这个月加班好几次"])
def test_a_number_with_ji_is_no_question(said: str) -> None:
    assert not has_cue("question", "zh", said)


@pytest.mark.parametrize("asked", ["你每天喝几杯？", "几点开门"])
def test_ji_alone_still_asks(asked: str) -> None:
    assert has_cue("question", "zh", asked)


def test_a_habit_counted_with_ji_is_kept() -> None:
    facts = current_facts("我每天喝咖啡十几杯，晚上睡不着", start=_DAY, lang="zh", days=1)
    assert [t for t in facts if "十几杯" in t], facts


def test_a_year_stands_apart_in_a_chinese_fact() -> None:
    facts = current_facts("我的面馆是1992年开的。", start=_DAY, lang="zh", days=1)
    assert [t for t in facts if " 1992 年" in t], facts


def test_a_span_of_weekdays_is_no_home() -> None:
    facts = current_facts("周一到周五我住公司的宿舍，周末回爸妈家。", start=_DAY, lang="zh", days=1)
    assert not [t for t in facts if "lives in 周" in t], facts
    assert [t for t in facts if "宿舍" in t], facts
