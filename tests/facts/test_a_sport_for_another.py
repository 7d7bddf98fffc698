"""A sport said as what the user does now replaces the sport held before, although the two
share no word ("these days I swim" after "I run every Sunday"); one said as one more ("now I
also climb") or without "now" ("I started climbing") stands beside it. Sentences written for
these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)

SWITCHES = {
    "en": ("I run every Sunday morning.", "These days I swim, my knee needs a break."),
    "de": ("Ich gehe jeden Sonntag joggen.", "Jetzt schwimme ich, das Knie braucht Ruhe."),
    "fr": ("Je fais du jogging tous les dimanches matin.",
           "Maintenant je fais de la natation, mon genou fatigue."),
    "zh": ("我每个星期天早上都去跑步。", "我现在改游泳了，膝盖受不了。"),
}

ADDED = {
    "en": ("I run every Sunday morning.", "Now I also go climbing on Wednesdays."),
    "de": ("Ich gehe jeden Sonntag joggen.", "Jetzt gehe ich auch mittwochs klettern."),
}


def _sports(before: str, after: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(before, after, start=_MARCH, user_id="noor", lang=lang,
                          days=40) as memory:
        return [(str(f.status), f.text) for f in memory.facts.history(user_id="noor")
                if f.predicate == "exercise"]


@pytest.mark.parametrize("lang", sorted(SWITCHES))
def test_a_sport_done_now_replaces_the_old_one(lang: str) -> None:
    facts = _sports(*SWITCHES[lang], lang)
    active = [text for status, text in facts if status.endswith("active")]
    superseded = [text for status, text in facts if status.endswith("superseded")]
    assert len(active) == 1 and len(superseded) == 1, facts
    assert superseded[0] != active[0]


@pytest.mark.parametrize("lang", sorted(ADDED))
def test_a_sport_done_as_well_stands_beside_the_old_one(lang: str) -> None:
    facts = _sports(*ADDED[lang], lang)
    assert len(facts) == 2 and all(status.endswith("active") for status, _ in facts), facts


def test_too_of_too_much_is_no_addition() -> None:
    """"too" adds a value only as "as well" ("these days I swim too"), not in "too tired"."""
    facts = _sports("I run every Sunday morning.", "These days I swim, running is too hard "
                    "on my knee.", "en")
    assert [s for s, _ in facts if s.endswith("active")] == ["active"], facts
    facts = _sports("I run every Sunday morning.", "These days I swim too.", "en")
    assert all(status.endswith("active") for status, _ in facts), facts


def test_now_that_is_a_reason_not_a_replacement() -> None:
    facts = _sports("I do yoga on Tuesdays.", "Now that it's summer I go running in the park.",
                    "en")
    assert all(status.endswith("active") for status, _ in facts), facts
