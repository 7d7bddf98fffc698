"""A clause that opens with a common given name, after a short lead or in lowercase chat
("Aber: Ayla zieht Ende Mai aus, zu ihrem Freund nach Ludwigshafen", "lea aus heidelberg is
seit zwei wochen da"), is that person's, though no relation of theirs was said.

Such a clause was read as the user's: the flatmate moving out became the user's move, which
ended the user's home. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_DAY = datetime(2026, 4, 13, 19, 0, tzinfo=UTC)

MOVING_OUT = {  # (the user's home, someone else's move, the user's place, the other's)
    "de": ("Ich wohne in einer WG in der Neustadt.",
           "Aber: Ayla zieht Ende Mai aus, zu ihrem Freund nach Ludwigshafen.",
           "neustadt", "ludwigshafen"),
    "de-chat": ("ich wohn in ner wg in der neustadt",
                "aber: ayla zieht ende mai aus, zu ihrem freund nach ludwigshafen",
                "neustadt", "ludwigshafen"),
    "nl": ("Ik woon in Utrecht, in een studentenhuis.",
           "Maar goed, Sanne verhuist in juni naar Zwolle.", "utrecht", "zwolle"),
}


@pytest.mark.parametrize("case", sorted(MOVING_OUT))
def test_someone_named_first_moving_is_not_the_user_moving(case: str) -> None:
    home, other, mine, theirs = MOVING_OUT[case]
    facts = current_facts(home, other, start=_DAY, lang=case[:2], days=1)
    assert [t for t in facts if mine in t], facts
    assert not [t for t in facts if theirs in t and t.startswith("the user")], facts


def test_a_name_that_is_a_word_opens_no_clause_in_lowercase() -> None:
    facts = current_facts("will start at the bakery on monday, so excited", start=_DAY,
                          lang="en", days=1)
    assert not [t for t in facts if t.startswith("will ")], facts
