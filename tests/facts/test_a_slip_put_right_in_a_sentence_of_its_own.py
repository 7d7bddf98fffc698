"""A slip put right in a sentence of its own: "dan wordt lotte 30. o nee wacht, 28 oktober."
(the number before a small letter is no German ordinal), and "He's moving to Tucson in
January. Wait no, Tempe." (only the right name, after a fact that names a month last). The
value said first never held, and only the clause that says the right value is the
correction. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of

from .conftest import said_a_day_apart

_MARCH = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)


@pytest.mark.parametrize(("turn", "lang", "right", "wrong"), [
    ("ik wil een dag vrij op 18 oktober, dan wordt lotte 30. o nee wacht, 28 oktober.", "nl",
     "28 October", "18 October"),
    ("My sister's wedding is on 14 June... oh no wait, 21 June", "en", "21 June", "14 June"),
    ("Good news, my brother Devon got the paramedic job! He's moving to Tucson in January. "
     "Wait no, Tempe.", "en", "Tempe", "Tucson"),
    ("I'm moving to Tucson in January. Wait no, Tempe.", "en", "Tempe", "Tucson"),
])
def test_the_value_put_right_holds(turn: str, lang: str, right: str, wrong: str) -> None:
    with said_a_day_apart(turn, start=_MARCH, user_id="slip", lang=lang) as memory:
        now = [f.text for f in memory.facts.list(user_id="slip")]
    assert any(right in t for t in now), now
    assert not any(wrong in t for t in now), now


def test_what_follows_the_right_value_is_no_correction() -> None:
    said = clauses_of("il est pâtissier à Roubaix… non pardon, à Tourcoing, je confonds "
                      "toujours les deux", language_hint="fr")
    assert [(c.text, c.cues.correction) for c in said] == [
        ("il est pâtissier à Roubaix…", False), ("non pardon, à Tourcoing", True),
        ("je confonds toujours les deux", False)]
