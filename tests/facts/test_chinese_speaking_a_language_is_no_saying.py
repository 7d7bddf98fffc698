"""Chinese 说 before a language ("我说英语", "跟爸妈只说四川话") is speaking it, not reported
speech, and a context said after a comma ("…，在家跟奶奶只说粤语") starts a clause of its own, so
each language keeps its context (at work, at home). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)


def _texts(turn: str) -> list[str]:
    with said_a_day_apart(turn, start=_MAY, user_id="zh-lang") as memory:
        return [f.text for f in memory.facts.list(user_id="zh-lang")]


@pytest.mark.parametrize(("turn", "at_work", "at_home"), [
    ("在公司我说英语，在家跟奶奶只说粤语", "英语", "粤语"),
    ("上班的时候说普通话，在家跟爸妈说客家话", "普通话", "客家话"),
    ("在单位我们都说普通话，家里跟我妈说闽南话", "普通话", "闽南话"),
])
def test_each_language_keeps_its_context(turn: str, at_work: str, at_home: str) -> None:
    texts = _texts(turn)
    assert [t for t in texts if at_work in t and "at work" in t and at_home not in t]
    assert [t for t in texts if at_home in t and "at home" in t and at_work not in t]
