"""A span said together with the day it counts from — British "a fortnight today", "a week
tomorrow", French "aujourd'hui en quinze", "demain en huit", Italian "oggi a otto" — is the
day that long after it, not today or tomorrow. Sentences written for these tests; before
this change each fact was dated today or tomorrow.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from .conftest import said_a_day_apart

_TUESDAY = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)

SPAN_WITH_ITS_DAY = {
    "en_fortnight": ("my driving test in Swansea is a fortnight today", date(2026, 3, 24)),
    "en_week": ("my sister's wedding in Totnes is a week tomorrow", date(2026, 3, 18)),
    "fr_quinze": ("mon oral de concours à Rennes est aujourd'hui en quinze",
                  date(2026, 3, 24)),
    "fr_huit": ("le déménagement de ma sœur à Dijon, c'est demain en huit", date(2026, 3, 18)),
    "it_otto": ("la laurea di mia figlia a Pavia è oggi a otto", date(2026, 3, 17)),
}


@pytest.mark.parametrize("case", sorted(SPAN_WITH_ITS_DAY))
def test_the_span_counts_from_the_day_said(case: str) -> None:
    said, day = SPAN_WITH_ITS_DAY[case]
    with said_a_day_apart(said, start=_TUESDAY, user_id=case) as memory:
        facts = memory.facts.list(user_id=case)
        assert facts
        assert any(f.valid_from is not None and f.valid_from.date() == day for f in facts), \
            [(f.text, f.valid_from) for f in facts]
