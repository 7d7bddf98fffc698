"""A car that no longer runs as it did is still the user's ("o meu Clio velhinho já não sobe
nem às Penhas", "der alte Corsa springt nicht mehr an"): "no longer" said of what the car does
is no cessation, so the car stays current until a new one takes its place; and a new car said
as a 4x4 or an SUV ("três semanas com o Duster 4x4") is a car even by a model name that is
also a common word.

The car was ended the day its trouble was told, so "which car did she have in June?" had no
answer. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2026, 1, 12, 8, 0, tzinfo=UTC)

FAILING = {
    "pt": ("O meu Clio velhinho já não sobe a serra sem correntes.", "Clio"),
    "de": ("Mein alter Corsa springt nicht mehr an, wenn es friert.", "Corsa"),
    "es": ("Mi Ibiza ya no arranca cuando hace frío.", "Ibiza"),
}


@pytest.mark.parametrize("lang", sorted(FAILING))
def test_a_failing_car_is_still_current(lang: str) -> None:
    said, car = FAILING[lang]
    with said_a_day_apart(said, start=_DAY, user_id="c", lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id="c")]
    assert [t for t in current if car in t], current


def test_a_new_4x4_takes_the_old_cars_place() -> None:
    with said_a_day_apart("O meu Clio velhinho já não sobe a serra sem correntes.",
                          "Três semanas com o Duster 4x4 e já subi à serra duas vezes.",
                          start=_DAY, user_id="c", lang="pt", days=60) as memory:
        current = [f.text for f in memory.facts.list(user_id="c")]
    assert [t for t in current if "Duster" in t], current
    assert not [t for t in current if "Clio" in t], current
