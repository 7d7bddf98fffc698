"""What the user told before and now calls wrong, said in more of the ways people say it: the
polite or pluperfect French "je vous avais dit qu'…", after "au fait" and before a colon;
Dutch chat with "vorig jaar", "da" and "klopt nie"; and a number put right with "as I told
you" after the wrong one ("cumple 85, no 80 como te dije"). The told value is no fact of its
own (it had become the user's home, ending the real one), and the held fact is put right.
Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

TOLD_WRONG = {
    # the user's home, a fact of someone else's, the turn that puts it right, the wrong value,
    # the right value, a word of the user's home
    "fr": ("J'habite à Vénissieux.", "Ma tante Josiane, à Megève, fête ses 70 ans en août.",
           "Au fait, je vous avais dit qu'elle habitait à Megève : c'est faux, elle vit à "
           "Sallanches.", "Megève", "Sallanches", "Vénissieux"),
    "nl": ("ik woon in vught", "mn zus lotte woont in zwolle",
           "en btw, ik zei vorig jaar da ze in zwolle woont maar da klopt nie, ze woont in kampen",
           "zwolle", "kampen", "vught"),
}


@pytest.mark.parametrize("lang", sorted(TOLD_WRONG))
def test_the_told_value_is_put_right_and_the_home_stays(lang: str) -> None:
    home, fact, put_right, wrong, right, own = TOLD_WRONG[lang]
    with said_a_day_apart(home, fact, put_right, start=_DAY, user_id="t", lang=lang,
                          days=40) as memory:
        current = [f.text for f in memory.facts.list(user_id="t")]
    assert [t for t in current if right in t], current
    assert not [t for t in current if wrong in t], current
    assert [t for t in current if own in t], current


@pytest.mark.parametrize(("lang", "fact", "put_right"), [
    ("es", "Mi abuela Rosa cumple 80 en mayo.",
     "ah y cumple 85, no 80 como te dije, casi me mata cuando vio la invitación"),
    ("pt", "A minha avó Rosa faz 80 anos em maio.",
     "ah e ela faz 85, não 80 como eu te disse, quase me matou quando viu o convite"),
])
def test_a_number_put_right_with_as_i_told_you_after_it(lang: str, fact: str,
                                                        put_right: str) -> None:
    with said_a_day_apart(fact, put_right, start=_DAY, user_id="t", lang=lang,
                          days=40) as memory:
        current = [f.text for f in memory.facts.list(user_id="t")]
    assert not [t for t in current if "80" in t], current
    assert [t for t in current if "85" in t], current


def test_wondering_why_it_was_written_in_french_still_puts_it_right() -> None:
    with said_a_day_apart("Mon copain Hugo conduit des bus à Lille.",
                          "Au fait, je t'avais dit qu'il conduisait des bus, c'est faux, je ne "
                          "sais pas pourquoi j'ai écrit ça : il est pompier à Roubaix.",
                          start=_DAY, user_id="t", lang="fr", days=40) as memory:
        current = [f.text for f in memory.facts.list(user_id="t")]
    assert not [t for t in current if "bus" in t], current
    assert [t for t in current if "pompier" in t and "Hugo" in t], current
