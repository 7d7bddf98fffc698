"""A remark about work that names no workplace and says no change ("The girls in the finance
office are lovely, Oksana brings cake") may be read as being about the employer, but it is
no new job: the workplace held ("First week at Red River College") stays. A change ("I
started at the hospital today") or a workplace named ("ich bin jetzt bei Bosch") still ends
it. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
_HELD = "First week at Red River College, done!"


def _current(*turns: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang="en") as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize("remark", [
    "The girls in the finance office are lovely, Oksana brings cake.",
    "Great. It's for the girls from the finance office, Oksana's coming too.",
])
def test_a_remark_about_the_people_at_work_keeps_the_workplace(remark: str) -> None:
    # ("from" before no time is no start: "the girls from the finance office")
    current = _current(_HELD, remark)
    assert "The user works at Red River College" in current, current


@pytest.mark.parametrize(("turn", "now"), [
    ("I started at the hospital today, nights for now.", "hospital"),
    ("I work at Harbour Foods now, on the tills.", "Harbour Foods"),
])
def test_a_change_of_job_still_ends_it(turn: str, now: str) -> None:
    current = _current(_HELD, turn)
    assert "The user works at Red River College" not in current, current
    assert any(now in text for text in current), current


@pytest.mark.parametrize(("lang", "held", "left", "place"), [
    ("fr", "Je travaille à l'usine de Doniambo depuis six ans.",
     "Ça y est, j'ai rendu mon badge de Doniambo vendredi.", "Doniambo"),
    ("en", "I work at Harlow Logistics, on the loading bay.",
     "That's it, I handed in my badge at Harlow Logistics on Friday.", "Harlow"),
])
def test_a_badge_handed_back_ends_the_job(lang: str, held: str, left: str, place: str) -> None:
    with said_a_day_apart(held, left, start=_MONDAY, user_id="u", lang=lang) as memory:
        current = [f.text for f in memory.facts.list(user_id="u")]
    assert not any(place in text for text in current), current
