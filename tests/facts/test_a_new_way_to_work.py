"""A new way of getting to work said as a change replaces the old one, in five languages,
although the two share no word ("I take the metro now" after "I cycle to work"); "to work"
("au travail", "al lavoro") is the destination of a commute, not the context "at work".
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

from .conftest import said_a_day_apart

_JUNE = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)

WAYS = {
    "en": ("I usually cycle to work.", "I take the metro now."),
    "de": ("Ich fahre mit dem Rad zur Arbeit.", "Jetzt nehme ich die U-Bahn."),
    "fr": ("Je vais au travail à vélo.", "Maintenant je prends le métro."),
    "es": ("Voy al trabajo en bici.", "Ahora voy en metro."),
    "it": ("Vado al lavoro in bici.", "Adesso prendo la metro."),
}


def _commutes(before: str, after: str) -> list[tuple[str, str, str | None]]:
    with said_a_day_apart(before, after, start=_JUNE, user_id="ida", days=5) as memory:
        return [(str(f.status), f.text, f.context) for f in memory.facts.history(user_id="ida")
                if f.predicate == "commutes"]


@pytest.mark.parametrize("lang", sorted(WAYS))
def test_a_new_way_to_work_replaces_the_old_one(lang: str) -> None:
    facts = _commutes(*WAYS[lang])
    active = [f for f in facts if f[0].endswith("active")]
    superseded = [f for f in facts if f[0].endswith("superseded")]
    assert len(active) == 1 and len(superseded) == 1, facts
    assert all(f[2] is None for f in facts), facts  # no "at work" context on a commute


ONE_DAY = {
    "en": ("I usually cycle to work.", "Today I took the bus because my bike had a flat tyre."),
    "de": ("Ich fahre jeden Tag mit dem Rad zur Arbeit.",
           "Heute bin ich mit dem Bus zur Arbeit gefahren, es hat geschüttet."),
    "fr": ("Je vais au travail à vélo.",
           "Hier j'ai pris le bus pour aller au travail, il pleuvait trop."),
}


@pytest.mark.parametrize("lang", sorted(ONE_DAY))
def test_one_past_day_another_way_is_that_days_exception(lang: str) -> None:
    """"Today I took the bus" (no "just", no "for once") is that day's exception to the
    habit, not a second way the user goes to work."""
    facts = _commutes(*ONE_DAY[lang])
    assert [f[0].rsplit(".", 1)[-1].casefold() for f in facts].count("active") == 1, facts
    assert any(f[0].casefold().endswith("exception") for f in facts), facts


def test_one_past_day_with_no_habit_held_stands_from_that_day_on() -> None:
    """With no habit to be an exception to, "today I took the bus" is what the user said of
    their way to work from that day on, as any past statement."""
    clock = ManualClock(_JUNE)
    memory = Memory(":memory:", clock=clock)
    try:
        memory.add([{"role": "user", "content": "Today I took the bus to work, first time.",
                     "timestamp": _JUNE.isoformat()}], user_id="ida")
        later = _JUNE + timedelta(days=9)
        clock.now = later + timedelta(days=1)
        then = [f.text for f in memory.facts.list(user_id="ida", as_of=later, mode="true")
                if f.predicate == "commutes"]
    finally:
        memory.close()
    assert any("bus" in text for text in then), then
