"""A share of the working week written as a fraction with its ordinal ending ("4/5de",
"4/5e", "4/5-Stelle") is no date: it must stay in the fact as said, never turn into the
4th of May. Sentences written for these tests; each read "4 May" before this change.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 10, 18, 0, tzinfo=UTC)

A_SHARE_OF_THE_WEEK = {
    "nl": ("Sinds februari werk ik 4/5de bij de gemeente.", "4/5de"),
    "fr": ("Depuis février je travaille à 4/5e à la mairie.", "4/5e"),
    "de": ("Seit Februar arbeite ich auf einer 4/5-Stelle im Rathaus.", "4/5-stelle"),
}


@pytest.mark.parametrize("case", sorted(A_SHARE_OF_THE_WEEK))
def test_a_fraction_of_the_week_stays_a_fraction(case: str) -> None:
    said, share = A_SHARE_OF_THE_WEEK[case]
    with said_a_day_apart(said, start=_MARCH, user_id=case) as memory:
        texts = [f.text.casefold() for f in memory.facts.list(user_id=case)]
        assert any(share in text for text in texts), texts
        assert not any("may" in text for text in texts), texts


def test_a_day_and_month_before_a_space_is_still_a_date() -> None:
    with said_a_day_apart("My sister's wedding is on 14/06 in Bath.", start=_MARCH,
                          user_id="en") as memory:
        texts = [f.text for f in memory.facts.list(user_id="en")]
        assert any("June" in text for text in texts), texts
