"""A dated "it is" said right after the thing it is: "need help planning my sister's hen do,
it's next saturday" dates the hen do, not a day of nothing. Not when the sentence puts
something right ("I reread the email, it's friday not tomorrow"). Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_SATURDAY = datetime(2025, 3, 8, 10, 0, tzinfo=UTC)


def _texts(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_SATURDAY, user_id="it", lang=lang) as memory:
        return [f.text for f in memory.facts.history(user_id="it")]


@pytest.mark.parametrize(("turn", "lang", "thing", "day"), [
    ("morning! need help planning my sister's hen do, it's next saturday and i've left "
     "everything to the last minute", "en", "hen do", "15 March 2025"),
    ("tengo que organizar la fiesta de mi madre, es el sábado 15", "es", "fiesta", "15 March"),
    ("aide-moi à préparer l'anniversaire de ma mère, c'est samedi prochain", "fr",
     "anniversaire", "15 March 2025"),
])
def test_the_day_is_the_things(turn: str, lang: str, thing: str, day: str) -> None:
    texts = _texts(turn, lang=lang)
    assert [t for t in texts if thing in t and day in t], texts


def test_a_day_put_right_stays_the_day_of_what_was_said() -> None:
    texts = _texts("they want me in for a trial shift tomorrow at 5am",
                   "wait no, I just reread the email, it's friday not tomorrow", lang="en")
    assert not [t for t in texts if "email is" in t], texts
