"""A state said to hold since a month has begun, so the month lies behind the statement:
"since January", said on 2 December 2026, is January 2026, never January 2027 (a since-date
in the future). Every language with a since-word; Italian "da gennaio" is left out, since it
is as often "from January" ("da gennaio cambio lavoro"). Sentences written for these tests;
each SINCE_JANUARY case read January 2027 before this change; "sinds december" said in
December was right and stays as a guard.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DECEMBER = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)

SINCE_JANUARY = {
    "en": ("I've lived in Leeds since January.", "leeds"),
    "de": ("Ich wohne seit Januar in Leipzig.", "leipzig"),
    "fr": ("J'habite à Nantes depuis janvier.", "nantes"),
    "es": ("Pablo trabaja en Zara desde enero.", "zara"),
    "pt": ("Moro em Braga desde janeiro.", "braga"),
    "nl": ("Ik woon sinds januari in Gent.", "gent"),
}


@pytest.mark.parametrize("case", sorted(SINCE_JANUARY))
def test_since_january_said_in_december_is_this_january(case: str) -> None:
    said, value = SINCE_JANUARY[case]
    with said_a_day_apart(said, start=_DECEMBER, user_id=case) as memory:
        facts = [f for f in memory.facts.list(user_id=case) if value in f.text.casefold()]
        assert facts, f"no fact about {value}"
        for fact in facts:
            assert "2027" not in fact.text
            assert fact.valid_from is not None and fact.valid_from <= _DECEMBER
            assert fact.valid_from.year == 2026 or "2026" in fact.text


def test_since_december_said_in_december_is_this_month() -> None:
    with said_a_day_apart("Ik woon sinds december in Utrecht.", start=_DECEMBER,
                          user_id="nl-dec") as memory:
        [fact] = [f for f in memory.facts.list(user_id="nl-dec") if "utrecht" in f.text.casefold()]
        assert "December 2026" in fact.text
