"""Reading time and breadth out of a search question, against the question's time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.serving.query_hints import question_hints, season_window

ASKED = datetime(2025, 6, 30, 12, tzinfo=UTC)


def _days(window: tuple[float, float] | None) -> tuple[str, str] | None:
    if window is None:
        return None
    return tuple(datetime.fromtimestamp(t, UTC).date().isoformat()  # type: ignore[return-value]
                 for t in window)


@pytest.mark.parametrize(("question", "window"), [
    ("What did I plant last autumn?", ("2024-09-01", "2024-12-15")),
    ("Was habe ich letzten Herbst gepflanzt?", ("2024-09-01", "2024-12-15")),
    ("Which races have I run since last spring?", ("2025-03-01", "2025-07-14")),
    ("What did we do last summer?", ("2024-06-01", "2024-09-15")),   # summer 2025 not over
    ("What are my plans this summer?", ("2025-06-01", "2025-09-15")),
    ("What did I buy in May 2023?", ("2023-05-01", "2023-06-15")),
    ("What was I leading at work last October?", ("2024-10-01", "2024-11-15")),
    ("Where was I in January?", ("2025-01-01", "2025-02-15")),
    # a part of a month is that part, padded as every window is
    ("Where was I in the middle of January?", ("2025-01-11", "2025-02-04")),
    ("What did I say two weeks ago?", ("2025-06-16", "2025-07-01")),
    ("What is my favourite colour?", None),
])
def test_time_windows(question: str, window: tuple[str, str] | None) -> None:
    assert _days(question_hints(question, ASKED).window) == window


def test_season_window_counts_back_from_the_question() -> None:
    winter = season_window("last winter", datetime(2025, 1, 15, tzinfo=UTC))
    assert winter is not None
    assert (winter[0].date().isoformat(), winter[1].date().isoformat()) == (
        "2023-12-01", "2024-03-01")
    assert season_window("no season here", ASKED) is None


@pytest.mark.parametrize(("question", "order", "aggregate"), [
    ("Which neighborhood do I live in now?", "latest", False),
    ("Welchen Sport macht Paul inzwischen?", "latest", False),
    ("What was my most recent race result?", "latest", False),
    ("Which house did we look at first?", "earliest", False),
    ("Was war zuerst, die Klassenfahrt oder das Konzert?", "earliest", False),
    ("How many times did I go bouldering last fall?", None, True),
    ("Wie viele Konzerte hatte mein Chor?", None, True),
    ("What is the name of my dog?", None, False),
])
def test_order_and_aggregation(question: str, order: str | None, aggregate: bool) -> None:
    hints = question_hints(question, ASKED)
    assert (hints.order, hints.aggregate) == (order, aggregate)
