"""Chinese "我的" keeps its "mine" when the fact drops the speaker ("我的荣耀手机用了四年" is
no "的荣耀手机…"), and a question someone else asked is told, not asked of the assistant
("好多人问是不是单反拍的"): the clause it ends in still states its fact. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang="zh", days=30) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


def test_mine_stays_with_the_thing() -> None:
    current = _current("谢谢。我的荣耀手机用了四年，电池彻底不行了。")
    assert any("我的荣耀手机" in t for t in current), current
    assert not any(": 的" in t for t in current), current


def test_a_question_told_is_no_question() -> None:
    current = _current("我的荣耀手机用了四年，电池彻底不行了。",
                       "新手机到手了！vivo X200拍夜景真的绝，好多人问是不是单反拍的。")
    assert any("vivo X200" in t for t in current), current


def test_a_question_to_the_assistant_is_still_one() -> None:
    assert not _current("我想问一下，你觉得哪款手机拍夜景好？")
