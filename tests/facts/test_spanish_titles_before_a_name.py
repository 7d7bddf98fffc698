"""Spanish titles before a name ("doña Ligia", "señor Alcántara", "señora Ruiz") are no part
of the name, as "dona", "signora", "Frau" already were: "mi madre, doña Ligia, …" names
the mother Ligia. Sentences written for these tests; before this change no relation was
named.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

TITLED = {
    "doña": ("mi madre, doña Remedios, cocina para todo el barrio", "mother", "Remedios"),
    "señor": ("mi vecino, señor Alcántara, toca el piano cada noche", "neighbour", "Alcántara"),
    "señora": ("mi abuela, señora Pilar, viaja mucho a Lima", "grandmother", "Pilar"),
}


@pytest.mark.parametrize("case", sorted(TITLED))
def test_the_title_is_no_part_of_the_name(case: str) -> None:
    said, relation, name = TITLED[case]
    with said_a_day_apart(said, start=_START, user_id="u") as memory:
        texts = [f.text for f in memory.facts.list(user_id="u")]
        assert any(t.startswith(f"The user's {relation}") and t.endswith(f" is {name}")
                   for t in texts), texts
