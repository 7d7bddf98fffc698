""""我现在几乎每天早上游一公里" holds 几 (how many) inside 几乎 (almost): it asks nothing and
is a habit. A subject-less clause that opens with 所以 (so) and says what started or changed
("所以这个星期开始去游泳池") is a fact, not a conclusion restating what was said. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of, zh_asks

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)


@pytest.mark.parametrize("said", ["我现在几乎每天都骑车上班", "哪怕下雨我也去跑步",
                                  "最近不怎么喝咖啡了", "周末没什么安排，就在家看书",
                                  "我这么喜欢猫，当然要养一只"])
def test_a_word_that_only_looks_like_a_question_asks_nothing(said: str) -> None:
    assert not zh_asks(said)
    assert not any(c.cues.question for c in clauses_of(said, language_hint="zh"))


@pytest.mark.parametrize("said", ["你几点下班？", "哪家店的包子好吃", "周末做什么好呢",
                                  "你觉得我该不该换工作"])
def test_a_real_question_still_asks(said: str) -> None:
    assert any(c.cues.question for c in clauses_of(said, language_hint="zh"))


def test_a_habit_said_with_almost_is_kept() -> None:
    with said_a_day_apart("我现在几乎每天早上都去游泳，一次一公里", start=_JUNE,
                          user_id="wei", lang="zh") as memory:
        texts = [f.text for f in memory.facts.list(user_id="wei")]
    assert any("游泳" in t for t in texts), texts


def test_so_and_a_start_is_a_fact() -> None:
    with said_a_day_apart("医生说我要少跑步", "所以这个月开始学瑜伽，一个星期两次",
                          start=_JUNE, user_id="wei", lang="zh") as memory:
        texts = [f.text for f in memory.facts.list(user_id="wei")]
    assert any("瑜伽" in t for t in texts), texts
