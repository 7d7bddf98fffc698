""""Das mit Tom und Siemens, vergiss das": a retraction whose topic comes before its cue, with
only a pointer after it ("das", "ça", "它", "-lo"), takes back what the topic names; and a
retraction about a person the user told of takes back only what was said of that person,
never a fact about someone else that is merely close in meaning (the daughter's swimming
class) nor the relation itself. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

TOPIC_BEFORE_THE_CUE = {
    # the statement, one about something else, the retraction, a word only the first says
    "de": ("Mein Bruder Tom fängt im Mai bei Siemens an.",
           "Ich spiele jeden Dienstag Badminton.",
           "Das mit Tom und Siemens, vergiss das bitte, er weiß es selbst noch nicht.",
           "Siemens", "Badminton"),
    "es": ("oye, mi marido Andrés lleva semanas dándole vueltas a lo de irse a trabajar a "
           "Dubái, estoy hecha un lío",
           "mi hija empezó natación los sábados por la mañana",
           "lo que te conté del trabajo de Andrés, olvídalo, ni él lo tiene claro",
           "Dubái", "natación"),
}


@pytest.mark.parametrize("lang", sorted(TOPIC_BEFORE_THE_CUE))
def test_a_topic_said_before_the_cue_is_taken_back(lang: str) -> None:
    said, other, retraction, gone, kept = TOPIC_BEFORE_THE_CUE[lang]
    with said_a_day_apart(said, other, retraction, start=_MARCH, user_id="lia") as memory:
        current = [f.text for f in memory.facts.list(user_id="lia")]
        history = memory.facts.history(user_id="lia")
    assert not [t for t in current if gone in t], current
    assert [f for f in history if gone in f.text and f.status == "retracted"], history
    assert any(kept in t for t in current), current
    assert not [t for t in current if "works at" in t], current  # no employer from the name


def test_a_retraction_about_a_person_takes_nothing_said_of_someone_else() -> None:
    turns = ("还有个事，我老公阿强最近老说想去上海那边发展，我心里挺乱的",
             "我女儿这学期报了游泳班，每周六上午去",
             "对了，之前跟你说阿强想去外地发展那个事，你就当我没说过吧")
    with said_a_day_apart(*turns, start=_MARCH, user_id="mei", lang="zh") as memory:
        current = [f.text for f in memory.facts.list(user_id="mei")]
    assert any("游泳" in t for t in current), current
    assert any("阿强" in t for t in current), current  # the husband is still the husband
