"""A working rate ("I work 80%", "Teilzeit 70 %", "ik werk 5 dagen per week") is held one at
a time: a newer rate of the user ends the facts that say another one, from the day the new
one starts. A percentage that is no working rate (a phone's battery) ends nothing. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.working_time import working_rates

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday

# (language, the rate said first, the newer rate, the old rate as written, the new one)
CASES = [
    ("fr", "Au boulot je suis à 100 % depuis des années.",
     "C'est officiel, mon 80 % a été accepté, dès le 1er mai.", "100 %", "80 %"),
    ("en", "I work 80% at the city library.",
     "Good news, my 60% got approved, starting next month.", "80%", "60%"),
    ("it", "Al lavoro sono all'80% da due anni.",
     "Da lunedì il mio part-time al 50% è partito.", "80%", "50%"),
    ("es", "Trabajo al 100 % en la gestoría.",
     "Desde marzo trabajo al 75 % en la gestoría, por fin.", "100 %", "75 %"),
    ("pt", "Trabalho a 100% na farmácia.",
     "Agora trabalho a 80% na farmácia, sexta é minha.", "100%", "80%"),
    ("nl", "Ik werk 5 dagen per week in het ziekenhuis.",
     "Ik werk nu 4 dagen per week, woensdag ben ik thuis.", "5 dagen", "4 dagen"),
    ("zh", "我的工作是100%的全职。", "我现在上班改成80%了，周五休息。", "100%", "80%"),
]


@pytest.mark.parametrize(("lang", "before", "after", "old", "new"), CASES)
def test_a_newer_working_rate_ends_the_one_said_before(
        lang: str, before: str, after: str, old: str, new: str) -> None:
    with said_a_day_apart(before, after, start=_MARCH, user_id="rosa", lang=lang) as memory:
        texts = [f.text for f in memory.facts.list(user_id="rosa")]
        history = [f.text for f in memory.facts.history(user_id="rosa")]
    assert not any(old in t for t in texts), texts
    assert any(new in t for t in texts), texts
    assert any(old in t for t in history), history  # kept as what held before


def test_a_request_for_a_lower_rate_ends_when_the_new_rate_is_granted() -> None:
    """"I asked to go from 80% to 60%" names 80%: the granted 60% ends it, and a question
    about a day before the new rate starts still reads it."""
    with said_a_day_apart("At work I asked to go from 80% to 60% from June.",
                          "It's official, my 60% was accepted, from 1 June.",
                          start=_MARCH, user_id="rosa", lang="en", days=120) as memory:
        texts = [f.text for f in memory.facts.list(user_id="rosa")]
        in_april = [f.text for f in memory.facts.list(
            user_id="rosa", as_of=datetime(2026, 4, 15, 12, 0, tzinfo=UTC), mode="true")]
    assert not any("80%" in t for t in texts), texts
    assert any("60%" in t for t in texts), texts
    assert any("80%" in t for t in in_april), in_april


def test_a_percentage_that_is_no_working_rate_ends_nothing() -> None:
    with said_a_day_apart("My phone battery is always at 20% by noon.",
                          "I work 80% at the bakery now.",
                          start=_MARCH, user_id="rosa", lang="en") as memory:
        texts = [f.text for f in memory.facts.list(user_id="rosa")]
    assert any("20%" in t for t in texts), texts
    assert any("80%" in t for t in texts), texts


@pytest.mark.parametrize(("text", "lang", "rates"), [
    ("Teilzeit 70 % ab Mai", "de", [("%", "70")]),
    ("au boulot je passe de 80% à 60%", "fr", [("%", "80"), ("%", "60")]),
    ("mon 60 % a été accepté", "fr", [("%", "60")]),
    ("ik werk nu 4 dagen / 32 uur", "nl", [("days", "4"), ("hours", "32")]),
    ("the battery is at 20%", "en", []),
    ("we leave in 3 days", "en", []),
])
def test_working_rates_are_a_share_of_work_or_days_and_hours_of_it(
        text: str, lang: str, rates: list[tuple[str, str]]) -> None:
    assert working_rates(text, lang) == rates
