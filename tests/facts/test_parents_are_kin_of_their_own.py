"""The user's parents ("my parents", "meine Eltern", "mis padres", "mijn ouders", "我爸妈")
are kin with facts of their own: "My parents live in Harrogate" is where they live, not the
user's home, and does not put the user's own home aside.

There was no word for parents, so the clause was read as the user's and the user's home became
a variant of the parents' town. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "said", "own", "theirs"), [
    ("en", "I live in Selby. My parents live in Harrogate.", "Selby", "Harrogate"),
    ("de", "Ich wohne in Fulda. Meine Eltern wohnen in Kassel.", "Fulda", "Kassel"),
    ("es", "Vivo en Valladolid. Mis padres viven en Zamora.", "Valladolid", "Zamora"),
    ("nl", "Ik woon in Zwolle. Mijn ouders wonen in Deventer.", "Zwolle", "Deventer"),
    ("zh", "我住在绍兴。我爸妈住在宁波。", "绍兴", "宁波"),
])
def test_the_parents_home_is_theirs(lang: str, said: str, own: str, theirs: str) -> None:
    with said_a_day_apart(said, start=_DAY, user_id="p", lang=lang) as memory:
        facts = memory.facts.list(user_id="p")
    users = [f.text for f in facts if f.subject == "user"]
    parents = [f.text for f in facts if f.subject == "user's parents"]
    assert any(own in t for t in users), [(f.subject, f.text) for f in facts]
    assert not any(theirs in t for t in users), users
    assert any(theirs in t for t in parents), [(f.subject, f.text) for f in facts]
