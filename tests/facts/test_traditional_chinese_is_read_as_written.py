"""A turn in traditional Chinese is read with the simplified tables, character for character,
and its facts keep the characters the user wrote ("在清水國中上完第一週的課了" is a first week
at 清水國中; "阿嬤" is the user's grandmother). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.chinese_script import folded

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_folding_keeps_every_position_and_writes_back() -> None:
    said = "我現在在臺中教書，週末回鹽水"
    script = folded(said)
    assert script.text == "我现在在台中教书，周末回盐水"
    assert len(script.text) == len(said)
    assert script.restore("The user (job): 现在在台中教书") == "The user (job): 現在在臺中教書"


def test_simplified_text_is_left_alone() -> None:
    script = folded("我在杭州上班")
    assert script.text == "我在杭州上班" and not script.back


def test_a_first_week_in_traditional_characters_is_the_new_job() -> None:
    now = current_facts("我在興華補習班上班，晚上和週末都要上課",
                        "在清水國中上完第一週的課了！學生都很可愛", start=_MAY, lang="zh", days=30)
    assert "the user works at 清水國中" in now, now


def test_a_taiwanese_grandmother_said_bare_is_the_users() -> None:
    now = current_facts("阿嬤一個人住在鹿港的老厝，每天早上去市場", start=_MAY, lang="zh", days=1)
    assert [t for t in now if t.startswith("the user's grandmother") and "鹿港" in t], now
