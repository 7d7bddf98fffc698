"""A Chinese sentence names its topic once and goes on about it: "我表姐美华是老师，在实验
小学上班，每周三带合唱团" — the school and the choir are the cousin's, not the user's (a
clause after it that says 我, or points at someone with 他 / 她, has its own subject). A
correction that says where someone is *not* ("美华不在实验小学，她在育才小学") takes the
wrong value back from the person and is no fact of its own; "上次说错了" only says when the
wrong thing was said, the value comes after it. A retraction whose topic comes before the
cue ("阿强去成都那事儿你别记了") takes that topic back. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import said_a_day_apart

_DAY = datetime(2025, 4, 7, 12, 0, tzinfo=UTC)


def _said(*turns: str) -> tuple[list[tuple[str, str]], list[str]]:
    """((subject, text) of the current facts, every version's text) after ``turns``."""
    with said_a_day_apart(*turns, start=_DAY, user_id="zh", lang="zh") as memory:
        return ([(f.subject, f.text) for f in memory.facts.list(user_id="zh")],
                [f.text for f in memory.facts.history(user_id="zh")])


def test_a_clause_without_a_subject_is_about_the_one_named_before() -> None:
    current, _ = _said("我表姐美华是老师，在实验小学上班，每周三带合唱团")
    school = [(s, t) for s, t in current if "实验小学" in t]
    assert school and all(s == "美华" for s, _ in school), current
    assert not any(s == "user" and ("实验小学" in t or "合唱团" in t) for s, t in current), \
        current


def test_a_clause_that_says_i_is_the_users_own() -> None:
    current, _ = _said("我表姐美华是老师，我在银行上班")
    assert any(s == "user" and "银行" in t for s, t in current), current


def test_a_clause_pointing_at_her_is_not_hers() -> None:
    current, _ = _said("我姥姥住院了，现在天天得去医院陪她")
    assert not any(s != "user" and "陪她" in t for s, t in current), current


def test_where_someone_is_not_takes_the_wrong_value_back() -> None:
    current, history = _said("我表姐美华是老师，在实验小学上班",
                             "上次说错了，美华不在实验小学，她在育才小学")
    assert not any("实验小学" in t for _, t in current), current
    assert any("育才小学" in t for _, t in current), current
    assert not any("不在" in t for t in history), history  # the denial is no fact


def test_a_retraction_whose_topic_comes_first() -> None:
    current, history = _said("我表弟阿强在银行上班，听说他要调去成都了",
                             "阿强去成都那事儿你别记了，是我听错了")
    assert not any("成都" in t for _, t in current), current
    assert any("成都" in t for t in history), history
    assert any("阿强" in t for _, t in current), current  # who he is stays
