"""The wrong value set aside in a sentence of its own, the right one bare in the next, in
every language as in English ("Wait, not Yishun! Sembawang."): "Nee, niet Zwolle. Kampen.",
"Attends, pas Rennes. Vannes.", "No, not Leeds. York.". Before, only a sentence that opened
with an apology or "wait" in the language's own list was read as a correction; "nee",
"attends", "aspetta", "no" were not. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_DAY = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)

CASES = {
    "nl": ("Mijn tante Els woont in Zwolle.", "Nee, niet Zwolle. Kampen.", "zwolle", "kampen"),
    "fr": ("Mon frère Hugo habite à Rennes.", "Attends, pas Rennes. Vannes.", "rennes",
           "vannes"),
    "it": ("Mia sorella Giulia abita a Lecce.", "Aspetta, non Lecce! Bari.", "lecce", "bari"),
    "en": ("My brother lives in Leeds.", "No, not Leeds. York.", "leeds", "york"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_bare_value_in_the_next_sentence_puts_it_right(lang: str) -> None:
    first, fix, wrong, right = CASES[lang]
    with said_a_day_apart(first, fix, start=_DAY, user_id=lang, lang=lang) as memory:
        current = memory.facts.list(user_id=lang)
        fixed = [f for f in current if right in f.text.casefold()]
        assert fixed, [f.text for f in current]
        assert fixed[0].text.casefold() != right  # the old sentence, put right
        assert not any(wrong in f.text.casefold() for f in current)
        gone = [f for f in memory.facts.history(user_id=lang) if wrong in f.text.casefold()]
        assert gone and all(f.status is Status.RETRACTED for f in gone)
        assert fixed[0].subject == gone[0].subject
