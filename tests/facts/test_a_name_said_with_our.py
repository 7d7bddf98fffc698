"""A given name said with "our" at a clause's start ("Unsere Marie ist sieben und will
Tierärztin werden", "our Max has started at the rugby club") is the user's child or kin: the
clause is theirs, not the user's, so the user's own move does not end it.

The clause was read as the user's (as a pet or a home), and a later move ended it. Sentences
written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 5, 16, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "name", "word"), [
    ("de", "Unsere Marie ist sieben und will unbedingt Tierärztin werden.", "Marie",
     "Tierärztin"),
    ("en", "Our Max has started at the rugby club, he's over the moon.", "Max", "rugby"),
])
def test_the_named_child_has_the_clause(lang: str, said: str, name: str, word: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id="o", lang=lang) as memory:
        facts = memory.facts.list(user_id="o")
    assert [f for f in facts if f.subject == name and word in f.text], \
        [(f.subject, f.text) for f in facts]


def test_our_before_a_thing_is_still_the_users() -> None:
    with said_a_day_apart("Unsere Wohnung ist viel zu klein geworden.", start=_DAY,
                          user_id="o", lang="de") as memory:
        facts = memory.facts.list(user_id="o")
    assert all(f.subject == "user" for f in facts), [(f.subject, f.text) for f in facts]
