""""end of April", "Mitte Mai", "à la mi-juin", "a finales de mayo", "fine aprile", "no fim do
mês", "eind van de maand", "5月底": a part of a month is a date (early: the 1st to the 10th,
mid: the 11th to the 20th, late: the 21st to the month's end), written "early / mid- / late
<month>". Before, none of them was read, and a plan said with one had no date at all. Said on
Wednesday 4 March 2026. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.render import date_text
from lucidmem.facts.temporal_patterns import scan

from .conftest import said_a_day_apart

_WEDNESDAY = date(2026, 3, 4)


@pytest.mark.parametrize(("said", "first", "end", "written"), [
    ("we move at the end of April", date(2026, 4, 21), date(2026, 5, 1), "late April 2026"),
    ("die Prüfung ist Mitte Mai", date(2026, 5, 11), date(2026, 5, 21), "mid-May 2026"),
    ("on déménage à la mi-juin", date(2026, 6, 11), date(2026, 6, 21), "mid-June 2026"),
    ("la boda es a finales de mayo", date(2026, 5, 21), date(2026, 6, 1), "late May 2026"),
    ("parto a inizio aprile", date(2026, 4, 1), date(2026, 4, 11), "early April 2026"),
    ("a mudança é no fim do mês", date(2026, 3, 21), date(2026, 4, 1), "late March 2026"),
    ("eind van de maand heb ik vakantie", date(2026, 3, 21), date(2026, 4, 1),
     "late March 2026"),
    ("Anfang nächsten Monats fange ich an", date(2026, 4, 1), date(2026, 4, 11),
     "early April 2026"),
    ("我5月底搬家", date(2026, 5, 21), date(2026, 6, 1), "late May 2026"),
    ("下个月初开始上班", date(2026, 4, 1), date(2026, 4, 11), "early April 2026"),
])
def test_a_part_of_a_month(said: str, first: date, end: date, written: str) -> None:
    found = scan(said, _WEDNESDAY, True, "future")
    assert [(f.piece.first, f.piece.end) for f in found] == [(first, end)], found
    assert date_text(found[0].piece) == written


@pytest.mark.parametrize("said", ["the final was great", "o final da festa foi ótimo",
                                  "fin de semana en la playa", "the end of the film was sad"])
def test_an_end_of_no_month_is_no_date(said: str) -> None:
    assert scan(said, _WEDNESDAY, True, "future") == []


def test_a_whole_month_is_still_written_as_the_month() -> None:
    found = scan("in April we move", _WEDNESDAY, True, "future")
    assert [date_text(f.piece) for f in found] == ["April 2026"]


def test_a_move_at_the_end_of_a_month_holds_from_then() -> None:
    start = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
    with said_a_day_apart("wir ziehen Ende April nach Köln", start=start, user_id="jo",
                          lang="de") as memory:
        facts = memory.facts.list(user_id="jo")
    home = [f for f in facts if "Köln" in f.text]
    assert len(home) == 1 and home[0].valid_from is not None, [f.text for f in facts]
    assert home[0].valid_from.date() == date(2026, 4, 21)
