""""I told you X, that's wrong, no idea why I wrote that: Y." The clause that calls the told
value wrong says nothing of its own to take back: X is what the right statement after it puts
right, not the words of the denial ("je ne sais pas pourquoi j'ai écrit ça" read as the value
taken back left the train-driver fact standing). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

CASES = {
    "fr": ("Mon copain s'appelle Rémi. Il conduit des TER entre Metz et Nancy.",
           "Tu peux m'aider avec une carte pour Rémi ? Et au fait, je t'avais dit qu'il "
           "conduisait des TER, c'est faux, je ne sais pas pourquoi j'ai écrit ça : il est "
           "aiguilleur au poste de Metz-Ville.", "TER", "aiguilleur"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_told_value_is_put_right_past_the_denial(lang: str) -> None:
    first, then, wrong, right = CASES[lang]
    with said_a_day_apart(first, then, start=_START, user_id="u", lang=lang,
                          days=30) as memory:
        facts = [f.text for f in memory.facts.list(user_id="u")]
    assert not any(wrong in f for f in facts), facts
    assert any(right in f for f in facts), facts
