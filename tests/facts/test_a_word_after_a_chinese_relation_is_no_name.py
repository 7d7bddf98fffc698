"""The two characters after a Chinese relation word are its name only when they can be one:
"我儿子小宇" names 小宇, but "我太太人很好" (人很 ends with 很, which follows a name), "我儿子
媳妇" (a daughter-in-law), "我朋友生日" (a birthday) and "我女儿考完了" (a verb, followed by
了) name no one. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 5, 12, 12, 0, tzinfo=UTC)


def _texts(said: str) -> list[str]:
    with said_a_day_apart(said, start=_DAY, user_id="zh", lang="zh") as memory:
        return [f.text for f in memory.facts.history(user_id="zh")]


@pytest.mark.parametrize(("said", "not_a_name"), [
    ("我太太人很好，就是脾气有点急", "人很"),
    ("我儿子媳妇下个月从深圳回来", "媳妇"),
    ("我朋友生日是下周六，想送她一束花", "生日"),
    ("前天我女儿考完了驾照，开心得不行", "考完"),  # followed by 了: a verb
])
def test_a_word_after_the_relation_is_no_name(said: str, not_a_name: str) -> None:
    texts = _texts(said)
    assert not any(t.endswith(f" is {not_a_name}") for t in texts), texts


@pytest.mark.parametrize(("said", "name"), [("我儿子小宇读三年级，成绩还不错", "小宇"),
                                            ("我女儿小雨了解这个，问她就行", "小雨")])
def test_a_name_after_the_relation_is_still_one(said: str, name: str) -> None:
    texts = _texts(said)
    assert any(t.endswith(f" is {name}") for t in texts), texts
