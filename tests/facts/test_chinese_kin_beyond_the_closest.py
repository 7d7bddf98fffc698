"""Chinese kin words beyond parents, siblings and children name a relation too: cousins
(表妹, 堂哥), aunts and uncles (姑姑, 舅舅), nieces and nephews (外甥女), in-laws (嫂子, 姐夫)
and the everyday 闺女 for a daughter, as every other language already lists them.
Sentences written for these tests; before this change none named the relation.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

KIN_NAMED = {
    "cousin": ("周末表姐丽华过来帮我带孩子", "cousin", "丽华"),
    "cousin_paternal": ("我堂哥建国在深圳开出租车", "cousin", "建国"),
    "aunt": ("我姑姑桂兰今年退休了", "aunt", "桂兰"),
    "uncle": ("舅舅德明下个月来昆明看我们", "uncle", "德明"),
    "sister_in_law": ("我嫂子秀英在医院当护士", "sister-in-law", "秀英"),
    "brother_in_law": ("我姐夫志强天天加班", "brother-in-law", "志强"),
    "niece": ("外甥女朵朵今年上小学了", "niece", "朵朵"),
}


@pytest.mark.parametrize("case", sorted(KIN_NAMED))
def test_a_chinese_kin_word_names_the_relation(case: str) -> None:
    said, relation, name = KIN_NAMED[case]
    with said_a_day_apart(said, start=_START, user_id=case) as memory:
        texts = [f.text for f in memory.facts.list(user_id=case)]
        assert any(f"The user's {relation}" in t and name in t for t in texts), texts


def test_a_daughter_said_as_guinu_is_the_daughter() -> None:
    with said_a_day_apart("我闺女在杭州当老师", start=_START, user_id="d") as memory:
        texts = [f.text for f in memory.facts.list(user_id="d")]
        assert any(t.startswith("The user's daughter") for t in texts), texts
