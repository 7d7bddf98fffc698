"""A remark read from the same statement as a workplace written in small letters ("… and I was
late for my shift in the canteen at the airport"), whose words hold that workplace, ends with
it when a new job takes its place, as one holding a capitalised name did.

Only a capitalised value (or Chinese) ended the statement's other facts, so the old workplace
stayed current inside the remark. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import said_a_day_apart

_DAY = datetime(2026, 1, 5, 7, 30, tzinfo=UTC)

_SAID = ("The car hates me, honestly: the old Astra wouldn't start again this morning and I was "
         "late for my shift in the canteen at the airport.")


def test_the_remark_holding_the_old_workplace_ends_with_it() -> None:
    with said_a_day_apart(_SAID, "First week at Brookfield Bakery done!", start=_DAY,
                          user_id="r", lang="en", days=90) as memory:
        current = [f.text for f in memory.facts.list(user_id="r")]
    assert [t for t in current if "Brookfield Bakery" in t], current
    assert not [t for t in current if "canteen at the airport" in t], current


def test_the_remark_stays_while_the_workplace_does() -> None:
    with said_a_day_apart(_SAID, "I'm doing a pottery course on Thursdays now.", start=_DAY,
                          user_id="r", lang="en", days=90) as memory:
        current = [f.text for f in memory.facts.list(user_id="r")]
    assert [t for t in current if "canteen at the airport" in t], current
