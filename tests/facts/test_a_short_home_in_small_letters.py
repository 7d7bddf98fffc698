"""Where the user lives, said in a few words and small letters ("ik woon in vught", "vivo a
lecce"): the user's own verb of living and a place after it make it the user's home, however
sure the slot reader is that so short a clause is small talk.

It was dropped as small talk, so "where does he live?" had no answer and a later move had
nothing to end. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 2, 21, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "place"), [
    ("nl", "ik woon in vught", "vught"),
    ("it", "vivo a lecce", "lecce"),
])
def test_a_short_home_is_the_users(lang: str, said: str, place: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id="s", lang=lang) as memory:
        facts = memory.facts.list(user_id="s")
    assert [f for f in facts if f.predicate == "lives_in" and place in f.text], \
        [f.text for f in facts]


def test_a_short_wish_to_live_somewhere_is_no_home() -> None:
    with said_a_day_apart("als ik rijk was woonde ik in amsterdam", start=_DAY, user_id="s",
                          lang="nl") as memory:
        facts = memory.facts.list(user_id="s")
    assert not [f for f in facts if f.predicate == "lives_in"], [f.text for f in facts]
