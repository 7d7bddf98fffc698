"""Where others live, said in lowercase chat with a verb that says whose it is ("mn broer daan
komt eten met z'n vriendin noor, die wonen in tilburg", "my brother comes over with his wife,
who live in york"): no home of the user's, so the user's own home stays current.

With no capital the place was not found, so the clause was read as the user's home and ended
the real one. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 7, 11, 0, tzinfo=UTC)

OTHERS = {
    # the user's home, the turn about others, a word only the user's home says
    "nl": ("ik woon in een flatje in vught", "zaterdag komt mn zus lotte langs met d'r vriend "
           "bram, die wonen in zwolle.", "vught"),
    "en": ("i live in a tiny flat in headingley", "tomorrow my brother sam comes over for "
           "dinner with his wife, who live in york.", "headingley"),
}


@pytest.mark.parametrize("lang", sorted(OTHERS))
def test_others_home_leaves_the_users(lang: str) -> None:
    home, others, word = OTHERS[lang]
    with said_a_day_apart(home, others, start=_DAY, user_id="h", lang=lang, days=20) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id="h")]
    assert [t for t in current if word in t], current


def test_the_users_own_verb_beside_others_keeps_it_the_users() -> None:
    with said_a_day_apart("ik woon in een flatje in vught",
                          "sinds maart wonen we in den bosch, mijn ouders wonen nog in vught",
                          start=_DAY, user_id="h", lang="nl", days=20) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id="h")]
    assert [t for t in current if "den bosch" in t], current
