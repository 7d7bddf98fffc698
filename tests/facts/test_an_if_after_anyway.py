"""An "if" sentence opened by "anyway" (and its kin: "comunque", "jedenfalls", "de todas
formas", "hoe dan ook") is still a condition: what would follow it is supposed, not a new
home. Sentences written for these tests; before this change each stored the place.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

IF_AFTER_ANYWAY = {
    "en": ("anyway if the hospital ever closes my ward, I'm off to run a surf shop in "
           "Newquay", "newquay"),
    "it": ("comunque se chiudono la fabbrica mi trasferisco a Lecce da mia zia", "lecce"),
    "nl": ("anyway als de zaak ooit sluit, verhuis ik naar Texel", "texel"),
    "de": ("jedenfalls wenn die Firma zumacht, ziehe ich nach Rügen", "rügen"),
    "es": ("de todas formas, si cierran la fábrica, me voy a vivir a Cádiz", "cádiz"),
}


@pytest.mark.parametrize("case", sorted(IF_AFTER_ANYWAY))
def test_what_would_follow_the_condition_is_no_fact(case: str) -> None:
    said, place = IF_AFTER_ANYWAY[case]
    with said_a_day_apart(said, start=_START, user_id=case) as memory:
        texts = [f.text.casefold() for f in memory.facts.history(user_id=case)]
        assert not any(place in text for text in texts), texts


def test_anyway_without_an_if_still_says_something() -> None:
    with said_a_day_apart("anyway I moved to Exeter in March", start=_START,
                          user_id="so") as memory:
        assert any("Exeter" in f.text for f in memory.facts.list(user_id="so"))
