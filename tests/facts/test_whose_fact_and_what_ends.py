"""Whose fact a chat sentence states, and what it ends, in the way people write: a verb
first with no subject ("Cut out coffee …"), a person named with where the user knows them
from ("Anna from work is vegan"), a breakup said as "Sam and I split up". Sentences written
for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

_START = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)


def _history(turns: list[str]) -> list[tuple[str, str, str]]:
    """(status, predicate, text) of every fact, each turn a week after the one before."""
    clock = ManualClock(_START)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = _START + i * timedelta(weeks=1)
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida", conversation_id=f"c{i}")
        return [(str(f.status), f.predicate, f.text) for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


def test_a_verb_first_is_the_users_and_cut_out_ends_the_habit() -> None:
    facts = _history(["Honestly I'm a coffee person, two cups every morning.",
                      "Cut out coffee completely last week, it was wrecking my sleep."])
    coffee = [f for f in facts if "coffee person" in f[2]]
    assert coffee and coffee[0][0].endswith("superseded"), facts
    assert not any(f[2].startswith("Cut") for f in facts), facts  # "Cut" is no one's name


@pytest.mark.parametrize("text", [
    "Anna from work is vegan.", "Marc du boulot est végétarien.",
    "Lucía del trabajo es vegana.",
])
def test_a_person_known_from_somewhere_is_not_the_user(text: str) -> None:
    facts = _history([text])
    # never the user's own ("The user is vegan"); "The user's colleague Anna is vegan" is hers
    assert facts and not any(f[2].startswith(("The user ", "The user (")) for f in facts), facts


def test_sam_and_i_split_up_ends_the_boyfriend() -> None:
    facts = _history(["My boyfriend Sam and I are going hiking this weekend.",
                      "Sam and I split up. It's for the best."])
    boyfriend = [f for f in facts if f[1] == "has_boyfriend"]
    assert boyfriend and all(not f[0].endswith("active") for f in boyfriend), facts


def test_a_start_in_a_month_is_the_coming_one() -> None:
    # said on 5 January 2026 + 1 week: September 2025 is nearer than September 2026 by the
    # day count, but what starts is to come
    facts = _history(["J'ai une fille.", "Ma fille Chloé commence la crèche en septembre."])
    assert any("September 2026" in f[2] for f in facts), facts


def test_chinese_now_and_late_are_not_places() -> None:
    facts = _history(["我在深圳一家游戏公司做程序员，每天加班到很晚。",
                      "我跳槽了，现在在腾讯做产品经理。"])
    assert "The user works at 很晚" not in [f[2] for f in facts], facts
    assert any(f[2] == "The user works at 腾讯" and f[0].endswith("active") for f in facts), facts


@pytest.mark.parametrize(("text", "day"), [
    ("hago yoga los jueves", None), ("je fais du yoga le jeudi", None),
    ("faccio yoga il giovedì", None), ("hago yoga todos los jueves", None),
    ("el jueves tengo dentista", "2026-03-05"), ("faccio yoga giovedì", "2026-03-05"),
    ("je fais du yoga jeudi", "2026-03-05"), ("le jeudi 12 mars", "2026-03-12"),
])
def test_a_weekday_with_the_plural_or_habit_article_is_no_date(text: str, day: str | None,
                                                                ) -> None:
    from lucidmem.facts.temporal import find_temporal

    found = find_temporal(text, datetime(2026, 3, 5, 10, tzinfo=UTC))
    got = found.start.date().isoformat() if found is not None and found.start else None
    assert got == day, found


@pytest.mark.parametrize("retract", [
    "Forget everything I told you about Fiona.",
    "Vergiss alles, was ich dir über Fiona erzählt habe.",
])
def test_forget_everything_about_someone_retracts_them(retract: str) -> None:
    facts = _history(["My colleague Fiona is lovely, she brings cake every Friday.", retract])
    fiona = [f for f in facts if "Fiona" in f[2]]
    assert fiona and all(f[0].endswith("retracted") for f in fiona), facts


@pytest.mark.parametrize("retract", [
    "Never mind what I said about Fiona.", "Forget the bit about Fiona, please.",
])
def test_forget_what_was_said_about_someone_keeps_who_they_are(retract: str) -> None:
    facts = _history(["My colleague Fiona is lovely, she brings cake every Friday.", retract])
    told = [f for f in facts if "cake" in f[2]]
    assert told and all(f[0].endswith("retracted") for f in told), facts
    assert any(f[0].endswith("active") and "colleague" in f[2] and "Fiona" in f[2]
               for f in facts), facts
