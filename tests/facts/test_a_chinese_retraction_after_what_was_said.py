"""A Chinese retraction said right after the user recalls what they said ("上次说我舅舅要卖
面馆 你删了吧"): the recalled clause is what is taken back, and no fact of its own; and a word of
time after a relation ("俺婆婆天天在家看电视剧": every day) names no one.

With nothing around its cue the retraction took back nothing, and the recalled clause was
stored as a new event; "天天" was stored as the mother-in-law's name. Sentences written for
these tests. A retraction said in dialect ("你莫记") takes back as well, and "离婚" after a
relation ("我表哥跟我表嫂离婚了") is what happened to him, no name.
"""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import said_a_day_apart

_DAY = datetime(2026, 5, 9, 20, 0, tzinfo=UTC)


def test_the_recalled_clause_is_taken_back_and_not_stored() -> None:
    with said_a_day_apart("心里不太好受 我舅舅要把面馆卖掉了 开了十五年的店",
                          "上次说我舅舅要卖面馆 你删了吧 是我听错了 面馆照开",
                          start=_DAY, user_id="z", lang="zh", days=30) as memory:
        current = [f.text for f in memory.facts.list(user_id="z")]
        retracted = [f.text for f in memory.facts.history(user_id="z")
                     if f.status == "retracted"]
    assert not [t for t in current if "上次说" in t or "卖" in t], current
    assert [t for t in retracted if "十五年" in t], retracted


def test_every_day_after_a_relation_is_no_name() -> None:
    with said_a_day_apart("俺婆婆天天在家看电视剧，俺是真看不下去", start=_DAY, user_id="z",
                          lang="zh") as memory:
        texts = [f.text for f in memory.facts.history(user_id="z")]
    assert not [t for t in texts if "is 天天" in t or "婆婆) is" in t], texts


def test_dont_note_it_in_dialect_takes_back_the_divorce() -> None:
    with said_a_day_apart("我表哥跟我表嫂离婚了 心情有点差",
                          "上次跟你讲我表哥离婚那个 你莫记 是我听岔了 他们好得很",
                          start=_DAY, user_id="z", lang="zh", days=30) as memory:
        current = [f.text for f in memory.facts.list(user_id="z")]
        texts = [f.text for f in memory.facts.history(user_id="z")]
    assert not [t for t in current if "离婚" in t], current
    assert not [t for t in texts if "is 离婚" in t], texts
