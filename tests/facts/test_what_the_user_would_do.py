"""What the user would do ("I'd buy a static caravan in Tenby", after "if I won the
Euromillions") is no fact, as the other languages' conditionals were already ("je vivrais",
"viviría"); and a cue typed with a phone's curly apostrophe ("I’d love to live in Lisbon")
reads as the same cue typed with a straight one. Before, both stored "The user lives in …".
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("said", [
    "Honestly, if I won the Euromillions I wouldn't bother with any of it, I'd buy a static "
    "caravan in Tenby and never come back.",
    "if we ever sold the house we'd move to Tenby, right by the beach",
    "I’d love to live in Tenby one day",
    "I’d buy a flat in Tenby if I had the money",
])
def test_what_the_user_would_do_is_no_home(said: str) -> None:
    now = current_facts(said, start=_MAY, lang="en", days=1)
    assert not [t for t in now if "tenby" in t and t.startswith("the user lives")], now


def test_a_home_said_plainly_is_still_one() -> None:
    now = current_facts("I’ve lived in Tenby for ten years, right by the beach",
                        start=_MAY, lang="en", days=1)
    assert [t for t in now if "tenby" in t], now
