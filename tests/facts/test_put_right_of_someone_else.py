"""A correction said of someone else without naming them again ("te dije mal la otra vez, no
trabaja de cajera, trabaja de enfermera") puts right the fact the wrong value was held in, as
that person's; it may come in the middle of a sentence ("…, y anda nerviosa, ah y te dije mal
…"). In Chinese, "上次我说X是Y，说错了" with the right value after it does the same. "Forget
what I said about grandpa and the care home" takes back the one story of both, not every other
fact that names grandpa.

The correction was read as the user's own job, or not read at all; the Chinese opening was
stored as a fact of its own ("对了，，说错了"); and the retraction took every fact of the
grandfather. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import history_facts

_DAY = datetime(2026, 1, 10, 18, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=30)


@pytest.mark.parametrize("correction", [
    "Te dije mal la otra vez, Sofía no trabaja de cajera, trabaja de enfermera.",
    "ah y te dije mal la otra vez, no trabaja de cajera, trabaja de enfermera",
    "le escribo mañana y anda nerviosa, ah y te dije mal la otra vez, no trabaja de cajera, "
    "trabaja de enfermera",
])
def test_the_right_value_is_hers(correction: str) -> None:
    facts = _facts("Mi hermana Sofía trabaja de cajera en el Mercadona.", correction, lang="es")
    assert any(st == "active" and s == "Sofía" and "enfermera" in t for st, s, t in facts), facts
    assert not any(st == "active" and "cajera" in t for st, s, t in facts), facts
    assert not any(s == "user" and "enfermera" in t for st, s, t in facts), facts


def test_chinese_said_wrong_then_the_right_value() -> None:
    facts = _facts("我表哥阿峰在厦门开餐馆，是福州人。",
                   "对了，上次我说阿峰是福州人，说错了，他是泉州人。", lang="zh")
    assert not any("说错了" in t for st, s, t in facts), facts
    assert any(st == "active" and "泉州" in t for st, s, t in facts), facts


def test_forgetting_the_story_of_both_keeps_the_rest() -> None:
    facts = _facts("ik wil al machinist worden sinds ik met opa naar de treinen keek",
                   "mn oom belde, opa gaat naar een verzorgingshuis in hoorn",
                   "vergeet wat ik zei over opa en dat verzorgingshuis, hij blijft gewoon thuis",
                   lang="nl")
    assert any(st == "active" and "treinen" in t for st, s, t in facts), facts
    assert not any(st == "active" and "verzorgingshuis" in t for st, s, t in facts), facts
