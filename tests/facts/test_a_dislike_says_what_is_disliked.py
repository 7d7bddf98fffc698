"""A dislike is kept only when the clause says something is disliked, avoided or not borne
("I can't stand …", "ich vertrag keine …", "mag niks met …", "不吃 …"): the classifier
leans to "dislikes" for many negated remarks that dislike nothing ("ik geloof er geen bal
van", "non ci crederai", "they don't help when …"), and those are no fact to keep (cue
"aversion").
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 6, 2, 18, 0, tzinfo=UTC)


def _current(said: str, lang: str) -> list[str]:
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id=lang)]


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "Honestly I can't stand fennel", "fennel"),
    ("de", "Ich vertrag keine Pilze", "Pilze"),
    ("nl", "Ik mag niks met mosselen", "mosselen"),
    ("it", "Non sopporto il finocchio", "finocchio"),
])
def test_a_dislike_said_is_kept(lang: str, said: str, word: str) -> None:
    current = _current(said, lang)
    assert any(word in text for text in current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "non ci crederai"),
    ("nl", "ik geloof er geen bal van"),
    ("en", "they don't help when it rains sideways"),
])
def test_a_negated_remark_is_no_dislike(lang: str, said: str) -> None:
    current = _current(said, lang)
    assert not any("(dislikes)" in text for text in current), current
