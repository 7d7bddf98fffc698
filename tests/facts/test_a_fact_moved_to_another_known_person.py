"""A fact put right from one known person to another ("el alérgico al camarón no es Emiliano,
es Jorge", Jorge being the husband) renames no one.

It was read as a correction of the son's name: Jorge became the son, and Emiliano's facts
his. Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

from .conftest import current_facts

_DAY = datetime(2026, 2, 10, 20, 0, tzinfo=UTC)


def test_a_fact_moved_between_two_known_people_renames_no_one() -> None:
    facts = current_facts("Mi hijo Emiliano cumple diez años y es alérgico a las nueces.",
                          "Mi esposo Jorge cocina los domingos.",
                          "Te corrijo algo: el alérgico a las nueces no es Emiliano, es Jorge.",
                          start=_DAY, lang="es", days=7)
    assert not [t for t in facts if "son" in t.split(" is ")[0] and "jorge" in t], facts
    assert "the user's husband (esposo) is jorge" in facts, facts
