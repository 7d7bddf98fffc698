"""A move names both homes: the one left and the one moved to ("we moved from Sheffield to
Durham", "raus aus der Wohnung in Eimsbüttel, jetzt wohnen wir in Barmbek"). The new home is
current; the old one is the former home, held until the move (an ``as_of`` before it answers
it, the history shows it first), never current and never a variant of the new one. A home
held already is what ends. A planned move keeps the home until then; a trip is no move.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)  # a Monday
_BEFORE = _MAY - timedelta(days=60)  # before every move below

MOVES = {  # language: (turn, the home left, the new home)
    "en": ("we finally moved from Sheffield to Durham", "Sheffield", "Durham"),
    "en-two-clauses": ("we signed for the house in Harrogate!! finally out of our cramped "
                       "flat in Bradford", "Bradford", "Harrogate"),
    "en-left-for": ("we finally left Norwich for Ipswich", "Norwich", "Ipswich"),
    "de": ("wir sind raus aus der alten Wohnung in Eimsbüttel, jetzt wohnen wir in Barmbek",
           "Eimsbüttel", "Barmbek"),
    "fr": ("j'ai quitté mon appart à Roubaix pour une maison à Tourcoing", "Roubaix",
           "Tourcoing"),
    "es": ("dejé mi piso en Triana, ahora vivo en Nervión", "Triana", "Nervión"),
    "it": ("abbiamo lasciato la casa a Bergamo, ora abitiamo a Brescia", "Bergamo", "Brescia"),
    "pt": ("saí do apartamento em Campinas, agora moro em Jundiaí", "Campinas", "Jundiaí"),
    "nl": ("we zijn weg uit ons oude huis in Haarlem, nu wonen we in Leiden", "Haarlem",
           "Leiden"),
    "zh": ("我们终于从苏州搬到了南京", "苏州", "南京"),
    "de-from": ("wir sind von Kassel nach Fulda gezogen", "Kassel", "Fulda"),
    "fr-from": ("on a déménagé de Lille à Nantes", "Lille", "Nantes"),
    "es-from": ("nos mudamos de Sevilla a Málaga", "Sevilla", "Málaga"),
    "it-from": ("ci siamo trasferiti da Torino a Pavia", "Torino", "Pavia"),
    "nl-from": ("we zijn van Delft naar Gouda verhuisd", "Delft", "Gouda"),
}


def _homes(memory: Memory, as_of: datetime | None = None) -> list[str]:
    """The homes current (no ``as_of``) or true at ``as_of``."""
    facts = memory.facts.list(user_id="noa") if as_of is None else \
        memory.facts.list(user_id="noa", as_of=as_of, mode="true")
    return [f.text for f in facts if f.predicate == "lives_in"]


@pytest.mark.parametrize("case", sorted(MOVES))
def test_the_new_home_is_current_and_the_old_one_held_until_the_move(case: str) -> None:
    turn, old, new = MOVES[case]
    with said_a_day_apart(turn, start=_MAY, user_id="noa", lang=case[:2]) as memory:
        current = _homes(memory)
        before = _homes(memory, as_of=_BEFORE)
        history = [(str(f.status).rsplit(".", 1)[-1], f.text)
                   for f in memory.facts.history(user_id="noa") if f.predicate == "lives_in"]
    assert len(current) == 1 and new in current[0] and old not in current[0], history
    assert len(before) == 1 and old in before[0], history
    assert [status for status, text in history if old in text] == ["superseded"], history
    assert [i for i, (_, t) in enumerate(history) if old in t] < \
        [i for i, (_, t) in enumerate(history) if new in t], history


def test_the_former_home_ends_on_the_day_of_the_move() -> None:
    with said_a_day_apart("we moved from Sheffield to Durham last month", start=_MAY,
                          user_id="noa", lang="en") as memory:
        in_march = _homes(memory, as_of=datetime(2026, 3, 15, tzinfo=UTC))
        in_april = _homes(memory, as_of=datetime(2026, 4, 15, tzinfo=UTC))
    assert len(in_march) == 1 and "Sheffield" in in_march[0], in_march
    assert len(in_april) == 1 and "Durham" in in_april[0], in_april


@pytest.mark.parametrize(("lang", "home", "move", "old", "new"), [
    ("en", "I live in Norwich.", "we finally moved from Norwich to Ipswich", "Norwich",
     "Ipswich"),
    ("de", "Ich wohne in Kiel.", "endlich raus aus der Wohnung in Kiel, jetzt wohnen wir in "
     "Lübeck", "Kiel", "Lübeck"),
    ("es", "Vivo en Getafe.", "dejamos el piso de Getafe, ahora vivo en Leganés", "Getafe",
     "Leganés"),
    ("nl", "Ik woon in Delft.", "we zijn van Delft naar Gouda verhuisd", "Delft", "Gouda"),
])
def test_a_home_held_already_is_what_ends(lang: str, home: str, move: str, old: str,
                                          new: str) -> None:
    with said_a_day_apart(home, move, start=_MAY, user_id="noa", lang=lang) as memory:
        history = [(str(f.status).rsplit(".", 1)[-1], f.text)
                   for f in memory.facts.history(user_id="noa") if f.predicate == "lives_in"]
        current = _homes(memory)
    assert [status for status, text in history if old in text] == ["superseded"], history
    assert len(current) == 1 and new in current[0], history


def test_leaving_alone_is_the_former_home_until_the_day_it_was_left() -> None:
    with said_a_day_apart("we moved out of our flat in Swindon last week", start=_MAY,
                          user_id="noa", lang="en") as memory:
        current = _homes(memory)
        before = _homes(memory, as_of=_BEFORE)
        on_the_day = _homes(memory, as_of=_MAY - timedelta(days=3))
    assert current == [] and on_the_day == [], (current, on_the_day)
    assert before == ["The user lives in Swindon"], before


def test_a_planned_move_keeps_the_home_until_then() -> None:
    for turns in (("I live in Norwich.", "we're moving to Ipswich in August"),
                  ("we're moving from Norwich to Ipswich in August",)):
        with said_a_day_apart(*turns, start=_MAY, user_id="noa", lang="en") as memory:
            now = _homes(memory, as_of=_MAY + timedelta(days=len(turns) - 1))
        assert len(now) == 1 and "Norwich" in now[0], (turns, now)


@pytest.mark.parametrize("turn", ["I'm flying from Norwich to Ipswich on Friday",
                                  "I left my umbrella in Norwich"])
def test_a_trip_or_a_thing_left_somewhere_is_no_move(turn: str) -> None:
    with said_a_day_apart(turn, start=_MAY, user_id="noa", lang="en") as memory:
        homes = [f.text for f in memory.facts.history(user_id="noa")
                 if f.predicate == "lives_in" and f.valid_from < _MAY]
    assert homes == [], homes


def test_a_plain_home_has_no_former_one() -> None:
    with said_a_day_apart("I live in Norwich.", start=_MAY, user_id="noa", lang="en") as memory:
        history = [f.text for f in memory.facts.history(user_id="noa")]
        before = _homes(memory, as_of=_BEFORE)
    assert history == ["The user lives in Norwich"] and before == [], history
