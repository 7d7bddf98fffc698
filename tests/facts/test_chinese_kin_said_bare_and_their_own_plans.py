"""In Chinese a parent or grandparent opening a clause without 我 is the user's own
("外婆一个人住在琼海"), an older brother said with one character keeps his name ("我哥志强"),
what a relative says they will do is their own plan ("我哥志强说明年要去深圳开一家面馆", not
hearsay), an ordinal, a thing or a verb after a relation is no name ("老师第一次夸我", "奶奶寿宴的
照片", "陪阿嬷吃饭"),
and a correction opened with "对了，之前我说…" puts right what was said, a bare day put right
staying right whatever is said after it. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import current_facts, said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_a_grandparent_said_bare_is_the_users() -> None:
    now = current_facts("外婆一个人住在琼海的老房子里，院子里有两棵芒果树。", start=_MAY, lang="zh",
                        days=1)
    assert [t for t in now if t.startswith("the user's grandmother") and "琼海" in t], now
    assert not [t for t in now if t.startswith("the user (") and "琼海" in t], now


def test_a_brothers_plan_is_his_and_keeps_his_name() -> None:
    now = current_facts("我哥志强说明年要去深圳开一家面馆，我爸都不知道", start=_MAY, lang="zh",
                        days=1)
    assert "the user's brother (哥) is 志强" in now, now
    assert [t for t in now if t.startswith("the user's brother 志强") and "面馆" in t], now


def test_an_ordinal_or_a_thing_after_a_relation_is_no_name() -> None:
    with said_a_day_apart("今天老师第一次夸我的作文", "我在整理奶奶寿宴的照片",
                          "周末回去陪阿嬷吃饭，她煮了一桌菜", start=_MAY, user_id="u",
                          lang="zh") as memory:
        relations = [f.text for f in memory.facts.list(user_id="u")
                     if f.predicate.startswith("has_")]
    assert not [t for t in relations if t.endswith(("第一", "寿宴", "吃饭"))], relations


def test_a_correction_opened_by_the_way_puts_the_old_value_right() -> None:
    now = current_facts("下个月奶奶过七十大寿，全家都回老家。",
                        "对了，之前我说奶奶过七十大寿，是我打错了，是八十大寿，她今年整整八十岁。",
                        start=_MAY, lang="zh", days=20)
    assert not [t for t in now if "七十" in t], now
    assert [t for t in now if "八十" in t], now


def test_a_bare_day_put_right_is_not_taken_back_by_the_next_remark() -> None:
    now = current_facts("我爸生日是9月3号 想订个蛋糕",
                        "对了 之前跟你说我爸生日9月3号 打错了 是9月13号 还好蛋糕还没订 他超开心",
                        start=_MAY, lang="zh", days=10)
    assert [t for t in now if "13 september" in t], now
    assert not [t for t in now if "3 september" in t and "13 september" not in t], now
