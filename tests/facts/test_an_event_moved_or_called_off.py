"""A planned event moved or called off, as people say it: moved to a day to come ("mum's
moved her birthday meal to saturday", said on a Monday, is the coming Saturday, and it ends
the day said before even when the plan's sentence names another word for it), moved by an
amount with its day in the clause ("mon rdv de demain est repoussé de deux semaines") or
held before ("the dentist got pushed back a week"), and called off ("jalen's tournament in
madison got rained out"), also when told after its day. Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock


def _facts(said: Sequence[tuple[datetime, str]], lang: str,
           zone: str = "Europe/London") -> list[tuple[str, str]]:
    """(status, text) of every fact after the user said each turn at its time."""
    clock = ManualClock(said[0][0])
    memory = Memory(":memory:", clock=clock)
    try:
        for at, text in said:
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="u", metadata={"language": lang, "timezone": zone})
        return [(str(f.status).rsplit(".", 1)[-1].lower(), f.text)
                for f in memory.facts.history(user_id="u")]
    finally:
        memory.close()


def _active(facts: list[tuple[str, str]]) -> list[str]:
    return [text for status, text in facts if status == "active"]


def _assert_moved(facts: list[tuple[str, str]], day: str, old: str) -> None:
    """A fact that holds says the new ``day`` and none says the ``old`` one."""
    active = _active(facts)
    assert [t for t in active if day in t], facts
    assert not [t for t in active if old in t], facts


_SATURDAY = datetime(2025, 3, 8, 10, 30, tzinfo=UTC)
_MONDAY = datetime(2025, 3, 17, 19, 30, tzinfo=UTC)


def test_a_meal_moved_to_a_weekday_is_the_coming_one_and_ends_the_day_before() -> None:
    facts = _facts([(_SATURDAY, "other thing, mum's 60th is the thursday after next, we're "
                                "taking her for a meal at the red lion in eaton."),
                    (_MONDAY, "change of plan, mum's moved her birthday meal to saturday.")],
                   "en")
    active = _active(facts)
    assert [t for t in active if "22 March 2025" in t], facts
    assert not [t for t in active if "20 March" in t or "15 March" in t], facts
    assert [t for t in active if "red lion" in t], facts  # it names no day: not the one moved


def test_a_name_with_has_got_is_no_past() -> None:
    facts = _facts([(_MONDAY, "kieran's got a night job on thursday and she wants everyone "
                              "there.")], "en")
    assert [t for t in _active(facts) if "20 March 2025" in t], facts


def test_a_spanish_operation_passed_to_another_day() -> None:
    facts = _facts([(datetime(2025, 3, 11, 19, 30, tzinfo=UTC),
                     "a mi madre la operan de la rodilla el jueves de la semana que viene"),
                    (datetime(2025, 3, 17, 20, 0, tzinfo=UTC),
                     "cambio de planes: a mi madre le han pasado la operación al martes de la "
                     "semana que viene, el traumatólogo se va a un congreso")],
                   "es", "Europe/Madrid")
    active = _active(facts)
    assert [t for t in active if "25 March 2025" in t], facts
    assert not [t for t in active if "20 March" in t], facts


@pytest.mark.parametrize(("first", "moved", "lang", "day", "old"), [
    ("j'ai rdv chez l'allergologue après-demain",
     "le chu vient d'appeler, mon rdv de demain est repoussé de deux semaines",
     "fr", "24 November 2025", "10 November"),
    ("our team dinner is on friday", "our team dinner on friday got postponed by a week",
     "en", "21 November 2025", "14 November"),
])
def test_a_day_in_the_clause_moved_by_an_amount(first: str, moved: str, lang: str, day: str,
                                                old: str) -> None:
    start = datetime(2025, 11, 8, 9, 0, tzinfo=UTC)  # a Saturday
    facts = _facts([(start, first), (start.replace(day=9), moved)], lang, "Europe/Paris")
    _assert_moved(facts, day, old)


@pytest.mark.parametrize(("first", "moved", "lang", "day", "old"), [
    ("My dentist appointment is on Thursday.", "The dentist got pushed back a week.", "en",
     "13 March 2025", "6 March"),
    ("j'ai rendez-vous chez le dentiste jeudi",
     "le dentiste a repoussé mon rendez-vous d'une semaine", "fr", "13 March 2025", "6 March"),
    ("下周三我要去看牙医", "牙医那边推迟了一周", "zh", "19 March 2025", "12 March"),
])
def test_a_held_plan_moved_by_an_amount(first: str, moved: str, lang: str, day: str,
                                        old: str) -> None:
    start = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)  # a Monday
    facts = _facts([(start, first), (start.replace(day=4), moved)], lang, "Europe/Berlin")
    _assert_moved(facts, day, old)


def test_an_amount_that_moves_nothing_held_is_no_fact() -> None:
    start = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)
    facts = _facts([(start, "I love my new bike."),
                    (start.replace(day=4), "The meeting got pushed back a week.")], "en")
    assert not [t for _, t in facts if "pushed back" in t], facts


@pytest.mark.parametrize(("plan", "off", "lang", "zone", "days", "planned"), [
    ("at least he's got a tournament in madison in two weeks, saturday",
     "jalen's tournament in madison got rained out in the end", "en", "America/Chicago", 55,
     "5 July 2025"),
    ("还有下周六公司团建去平潭，两天一夜", "还有这周六平潭的团建取消了", "zh", "Asia/Shanghai", 8,
     "15 November 2025"),
])
def test_a_planned_event_called_off_ends(plan: str, off: str, lang: str, zone: str, days: int,
                                         planned: str) -> None:
    start = datetime(2025, 6, 21, 15, 0, tzinfo=UTC) if lang == "en" else \
        datetime(2025, 11, 4, 13, 0, tzinfo=UTC)
    later = datetime.fromtimestamp(start.timestamp() + days * 86400, tz=UTC)
    facts = _facts([(start, plan), (later, off)], lang, zone)
    plans = [(status, t) for status, t in facts
             if planned in t and "rained out" not in t and "取消" not in t]
    assert plans and all(status != "active" for status, _ in plans), facts


@pytest.mark.parametrize("later", [
    "I cancelled my gym membership, too pricey",  # called off, but no plan of that name
    "we moved all our boxes to the new flat on saturday",  # a move, not a day moved
])
def test_what_names_no_plan_ends_none(later: str) -> None:
    start = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)
    facts = _facts([(start, "we're having dinner at Rosa's on Friday"),
                    (start.replace(day=4), later)], "en")
    assert [t for t in _active(facts) if "Friday 7 March 2025" in t], facts


@pytest.mark.parametrize(("plan", "news", "lang", "zone", "day", "old"), [
    ("单位体检定在下周四，早上八点，要空腹", "体检又改了，改到下下周一，说医院那天机器坏了", "zh",
     "Asia/Shanghai", "7 April 2025", "27 March"),
    ("I have a dentist appointment on Thursday 27 March.",
     "The clinic called and said my appointment has been moved to Friday 28 March.", "en",
     "Europe/London", "28 March 2025", "27 March"),
])
def test_a_plans_news_passed_on_moves_it(plan: str, news: str, lang: str, zone: str, day: str,
                                         old: str) -> None:
    facts = _facts([(datetime(2025, 3, 17, 13, 0, tzinfo=UTC), plan),
                    (datetime(2025, 3, 25, 13, 0, tzinfo=UTC), news)], lang, zone)
    _assert_moved(facts, day, old)


@pytest.mark.parametrize("said", [
    "团团周六打完疫苗一点事没有，还问护士阿姨要了个贴纸 哈哈",  # 了 after 要: got, not to come
    "团团周六打完疫苗，一点事没有",  # a verb and 完: done
])
def test_a_chinese_day_said_done_is_the_one_gone(said: str) -> None:
    facts = _facts([(datetime(2025, 11, 24, 13, 0, tzinfo=UTC), said)],  # a Monday
                   "zh", "Asia/Shanghai")
    assert [t for t in _active(facts) if "22 November 2025" in t], facts


@pytest.mark.parametrize(("plan", "moved", "lang", "day", "old"), [
    ("übermorgen ist schon der erste elternabend, um 19 uhr",
     "update: elternabend ist verschoben, frau demir ist krank. jetzt erst am montag, gleiche "
     "uhrzeit", "de", "29 September 2025", "24 September"),
    ("Our book club dinner is the day after tomorrow.",
     "The book club dinner got postponed, Sam is ill. It's on Monday now.", "en",
     "29 September 2025", "24 September"),
])
def test_a_move_said_first_and_its_day_after(plan: str, moved: str, lang: str, day: str,
                                             old: str) -> None:
    facts = _facts([(datetime(2025, 9, 22, 17, 15, tzinfo=UTC), plan),  # a Monday
                    (datetime(2025, 9, 23, 19, 0, tzinfo=UTC), moved)], lang, "Europe/Berlin")
    _assert_moved(facts, day, old)
