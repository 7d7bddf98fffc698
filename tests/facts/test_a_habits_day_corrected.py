""""It's on Thursday evenings, not Wednesday" corrects a habit that named the Wednesday, as it
corrects a dated plan: the weekday is matched as itself, not turned into the date of the next
Wednesday (which no habit states). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_APRIL = datetime(2026, 4, 6, 20, 0, tzinfo=UTC)  # a Monday

CASES = {
    "en": ("Our choir rehearses on Wednesday evenings, I sing alto.",
           "my mistake: choir is on Thursday evenings, not on Wednesday.", "wednesday"),
    "de": ("Unser Chor probt immer am Mittwochabend, ich singe Alt.",
           "Korrektur: die Chorprobe ist am Donnerstagabend, nicht am Mittwoch.", "mittwoch"),
    "nl": ("Ons koor repeteert op woensdagavond, ik zing alt.",
           "foutje: de koorrepetitie is op donderdagavond, niet op woensdag.", "woensdag"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_wrong_weekday_of_a_habit_is_corrected(lang: str) -> None:
    habit, correction, old = CASES[lang]
    with said_a_day_apart(habit, correction, start=_APRIL, user_id="lio", lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id="lio")]
    assert not any(old in text.casefold() for text in current), current
    assert any("donderdag" in t.casefold() or "donnerstag" in t.casefold() or
               "thursday" in t.casefold() for t in current), current
