"""A slip put right in the same breath, after an ellipsis or a dash: "A consulta no dentista é dia 9
de maio... não, é dia 16", "Mein Zahnarzttermin ist am 14. März – nein, am 16.". The
"no" after the ellipsis sets aside the day just said, so the day said after it moves the fact
said before it, in the month said there. Before, "não,"/"nee,"/"non, pardon," were read as no
correction (the day was a fact of its own, or none), a dash ended no sentence, and "……" glued
the Chinese correction to the day it corrects. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

SLIPS = {
    "pt": ("A consulta no dentista é dia 9 de maio... não, é dia 16", "9 may", "16 may"),
    "fr": ("Mon rendez-vous chez le dentiste est le 14 mars... non, pardon, le 16", "14 march",
           "16 march"),
    "es": ("La cita con el dentista es el 14 de marzo... no, perdón, el 16", "14 march",
           "16 march"),
    "nl": ("Mijn afspraak bij de tandarts is op 14 maart... nee, de 16e", "14 march",
           "16 march"),
    "de": ("Mein Zahnarzttermin ist am 14. März – nein, am 16.", "14 march", "16 march"),
    "zh": ("牙医预约是3月14号……不对，16号", "14 march", "16 march"),
}


@pytest.mark.parametrize("lang", sorted(SLIPS))
def test_the_day_after_the_slip_moves_the_fact(lang: str) -> None:
    said, wrong, right = SLIPS[lang]
    with said_a_day_apart(said, start=_DAY, user_id=lang, lang=lang) as memory:
        current = [f.text.casefold() for f in memory.facts.list(user_id=lang)]
        assert any(right in t for t in current), current
        assert not any(wrong in t for t in current), current
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)


def test_a_no_that_answers_something_else_moves_nothing() -> None:
    """"No" in a sentence of its own, after no ellipsis or dash, corrects nothing."""
    with said_a_day_apart("I'm seeing the dentist on the 6th of May. No, I don't like him much.",
                          start=_DAY, user_id="guard", lang="en") as memory:
        current = [f.text for f in memory.facts.list(user_id="guard")]
        assert any("6 May" in t for t in current), current
        assert all(f.status is not Status.RETRACTED for f in memory.facts.history(user_id="guard"))
