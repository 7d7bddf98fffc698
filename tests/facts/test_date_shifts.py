"""The amount a rescheduling moves an event by, and the day it moves to, checked against
values worked out by hand."""

from __future__ import annotations

from datetime import date

import pytest

from lucidmem.facts.date_shifts import moved_by_amount, shift_said, shifted
from lucidmem.facts.temporal_patterns import Days, Granularity


@pytest.mark.parametrize(("text", "lang", "amount"), [
    ("mon rdv de demain est repoussé de deux semaines", "fr", (2, "week")),
    ("le dentiste a repoussé mon rendez-vous d'une semaine", "fr", (1, "week")),
    ("the match got pushed back a week", "en", (1, "week")),
    ("the launch was postponed by 3 days", "en", (3, "day")),
    ("the wedding got pushed back a fortnight", "en", (1, "fortnight")),
    ("das Teamessen wurde um einen Tag vorverlegt", "de", (-1, "day")),
    ("la cena è stata anticipata di una settimana", "it", (-1, "week")),
    ("a consulta foi adiada duas semanas", "pt", (2, "week")),
    ("de training is twee weken uitgesteld", "nl", (2, "week")),
    ("牙医那边推迟了一周", "zh", (1, "week")),
    ("会议提前了两天", "zh", (-2, "day")),
    ("la boda se aplazó un mes", "es", (1, "month")),
])
def test_the_amount_said(text: str, lang: str, amount: tuple[int, str]) -> None:
    assert shift_said(text, lang) == amount


@pytest.mark.parametrize(("text", "lang"), [
    ("the match got moved to friday", "en"),  # a day, no amount
    ("pushed back, I'll know more in two weeks", "en"),  # a time from now
    ("reporté, il y a deux semaines déjà", "fr"),  # a time ago
    ("vor zwei Wochen verschoben", "de"),
])
def test_no_amount(text: str, lang: str) -> None:
    assert shift_said(text, lang) is None


@pytest.mark.parametrize(("day", "count", "unit", "moved"), [
    (date(2025, 11, 10), 2, "week", date(2025, 11, 24)),
    (date(2025, 3, 6), -1, "day", date(2025, 3, 5)),
    (date(2025, 12, 29), 1, "week", date(2026, 1, 5)),
    (date(2025, 1, 31), 1, "month", date(2025, 2, 28)),
    (date(2025, 11, 15), 3, "month", date(2026, 2, 15)),
    (date(2025, 5, 1), 1, "fortnight", date(2025, 5, 15)),
])
def test_the_day_moved(day: date, count: int, unit: str, moved: date) -> None:
    assert shifted(day, count, unit) == moved


def test_the_clause_says_its_day_moved_and_no_longer_the_old_one() -> None:
    day = Days(date(2025, 11, 10), date(2025, 11, 11), Granularity.DAY)
    text, moved = moved_by_amount(
        "mon rdv de 10 November 2025 est repoussé de deux semaines, l'allergologue est malade",
        day, "fr") or ("", day)
    assert text == ("mon rdv est repoussé de deux semaines (Monday 24 November 2025), "
                    "l'allergologue est malade")
    assert (moved.first, moved.end) == (date(2025, 11, 24), date(2025, 11, 25))


def test_a_month_said_is_moved_by_no_amount() -> None:
    month = Days(date(2025, 11, 1), date(2025, 12, 1), Granularity.MONTH)
    assert moved_by_amount("pushed back two weeks in November 2025", month, "en") is None
