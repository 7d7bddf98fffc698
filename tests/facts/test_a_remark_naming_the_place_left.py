"""Where the user lives or works is one place at a time: when a move or a new job ends it, a
remark of any earlier turn that still names the old place ("Clapham on a Friday night is a
zoo", "the coffee machine at Kingfisher Dental is broken again"), whatever kind the classifier
read it as and whether it names a day or not, is no current fact either; the history keeps it.
An event there ("went to a gig in Clapham on Saturday") stays what it was. Sentences written
for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_DAY = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


def _said(*turns: str) -> tuple[list[str], list[str]]:
    with said_a_day_apart(*turns, start=_DAY, user_id="en", lang="en", days=30) as memory:
        return ([f.text for f in memory.facts.list(user_id="en")],
                [f.text for f in memory.facts.history(user_id="en")])


@pytest.mark.parametrize(("turns", "old", "new"), [
    (("I live in Clapham with two flatmates", "Clapham on a Friday night is a zoo honestly",
      "we moved to Peckham last weekend, loving it"), "Clapham", "Peckham"),
    (("I work at Kingfisher Dental on reception",
      "the coffee machine at Kingfisher Dental is broken again",
      "first day done at Millbrook Library!! the phones never stop"), "Kingfisher", "Millbrook"),
])
def test_a_remark_naming_the_place_left_ends_with_it(turns: tuple[str, ...], old: str,
                                                     new: str) -> None:
    current, history = _said(*turns)
    assert any(new in text for text in current), current
    assert not any(old in text for text in current), current
    assert sum(old in text for text in history) >= 2, history


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    ("en", ("I work at Kingfisher Dental on reception",
            "yesterday the boiler at Kingfisher Dental packed in again, freezing",
            "I work at Millbrook Library now"), "Kingfisher", "Millbrook"),
    ("fr", ("je travaille chez Optique Lemaire à Caen",
            "hier la clim chez Optique Lemaire est encore tombée en panne",
            "je travaille chez Krys maintenant"), "Lemaire", "Krys"),
])
def test_a_dated_remark_naming_the_workplace_left_ends_with_it(
        lang: str, turns: tuple[str, ...], old: str, new: str) -> None:
    with said_a_day_apart(*turns, start=_DAY, user_id=lang, lang=lang, days=30) as memory:
        current = [f.text for f in memory.facts.list(user_id=lang)]
        history = [f.text for f in memory.facts.history(user_id=lang)]
    assert any(new in text for text in current), current
    assert not any(old in text for text in current), current  # the day named kept it before
    assert any(old in text and "2025" in text for text in history), history


def test_a_dated_event_at_the_place_left_stays() -> None:
    current, _ = _said("I live in Clapham with two flatmates",
                       "went to a gig in Clapham on Saturday, amazing",
                       "we moved to Peckham last weekend, loving it")
    assert any("gig" in text for text in current), current
