"""A remark that names where the user was and no workplace ("Im Zoo in Osnabrück, der war ganz
aus dem Häuschen") is no new employer, however the classifier leans: German capitalises every
noun and a town is a name, so "names something" is not enough; without a word of working, a
kind of workplace or a name after a word of working at, the employer held stays. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("remark", [
    "Im Hallenbad in Leer, der Kleine war so stolz",
    "Im Zoo in Osnabrück, der war ganz aus dem Häuschen",
])
def test_a_visit_said_with_a_town_keeps_the_employer(remark: str) -> None:
    with said_a_day_apart("Ich bin Tade, Elektriker bei Nordlicht Solar in Norden", remark,
                          start=_MARCH, user_id="tade", lang="de") as memory:
        facts = memory.facts.list(user_id="tade")
    assert any(f.text == "The user works at Nordlicht Solar" for f in facts), facts
    assert not any(f.predicate == "works_at" and remark.split(",")[0] in f.text
                   for f in facts), facts


def test_a_new_workplace_said_with_its_kind_still_is_one() -> None:
    with said_a_day_apart("Ich bin Tade, Elektriker bei Nordlicht Solar in Norden",
                          "Seit Montag steh ich im VW-Werk hier in Emden",
                          start=_MARCH, user_id="tade", lang="de") as memory:
        facts = memory.facts.list(user_id="tade")
    assert not any(f.text == "The user works at Nordlicht Solar" for f in facts), facts
