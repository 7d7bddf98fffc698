"""Weekdays that name no day: Monday to Friday said of every week (a working week, a habit),
and a weekday that qualifies a recurring thing ("the Sunday stall", "my Tuesday class", "le
marché du dimanche"). Neither is turned into a date; a weekday tied to a week or said as a
day ("next week from Monday to Friday", "this Sunday", "on Sunday") keeps its date.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from lucidmem.facts.render import with_dates
from lucidmem.facts.temporal_patterns import scan

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)  # Tuesday 10 March 2026


@pytest.mark.parametrize("text", [
    "I teach yoga Monday to Friday at the community centre",
    "the library is open from Monday through Friday",
    "Ich fahre von Montag bis Freitag mit dem Zug nach Köln",
    "je garde ma nièce du lundi au vendredi",
    "ik fiets van maandag tot vrijdag naar kantoor",
    "faccio il turno di notte da lunedì a venerdì",
    "durmo cedo de segunda a sexta",
    "Voy al gimnasio de lunes a viernes antes del trabajo",
    "la tienda abre de lunes a sábado",
    "我周一到周五都在图书馆上班",
    "我星期一到星期五坐地铁",
])
def test_monday_to_friday_of_no_week_in_particular_is_no_date(text: str) -> None:
    written, days = with_dates(text, _MARCH, None)
    assert days == [] and "2026" not in written, written


@pytest.mark.parametrize(("text", "first", "last"), [
    ("next week from Monday to Friday I'm covering for Ana",
     date(2026, 3, 16), date(2026, 3, 20)),
    ("la semana que viene, de lunes a viernes, estoy de guardia",
     date(2026, 3, 16), date(2026, 3, 20)),
    ("next week I'm in Porto from Monday to Wednesday", date(2026, 3, 16), date(2026, 3, 18)),
    ("Tuesday to Thursday I'm on a course in Ghent", date(2026, 3, 10), date(2026, 3, 12)),
])
def test_a_weekday_range_of_one_week_keeps_its_dates(text: str, first: date,
                                                     last: date) -> None:
    _written, days = with_dates(text, _MARCH, None)
    assert (days[-2].first, days[-1].first) == (first, last), days


@pytest.mark.parametrize("text", [
    "from next week I work Monday to Friday at the depot",
    "ab nächster Woche arbeite ich von Montag bis Freitag im Lager",
    "à partir de la semaine prochaine je travaille du lundi au vendredi",
    "vanaf volgende week werk ik van maandag tot vrijdag in het magazijn",
])
def test_a_working_week_that_starts_next_week_is_a_habit_from_then(text: str) -> None:
    """"From next week" is where the habit starts, not the one week it is about."""
    _written, days = with_dates(text, _MARCH, None)
    assert [d.first for d in days] == [date(2026, 3, 16)], days


def test_a_working_week_habit_is_kept_in_words_and_does_not_end() -> None:
    with said_a_day_apart("Trabajo de lunes a viernes en una floristería", start=_MARCH,
                          user_id="rui", lang="es") as memory:
        facts = memory.facts.list(user_id="rui")
    texts = [f.text for f in facts]
    assert any("lunes a viernes" in t for t in texts), texts
    assert not any("2026" in t for t in texts), texts
    assert all(f.valid_to is None for f in facts), [(f.text, f.valid_to) for f in facts]


@pytest.mark.parametrize("text", [
    "The Sunday stall did really well, we sold all the honey",
    "my Tuesday class has twelve students now",
    "our Friday dinners with the neighbours are the best",
    "her Saturday shift starts at six",
    "the Sunday evening market is moving to the square",
    "le marché du dimanche a changé de place",
    "il corso del martedì è pieno",
])
def test_a_weekday_that_qualifies_a_recurring_thing_is_no_date(text: str) -> None:
    written, days = with_dates(text, _MARCH, None)
    assert days == [] and "2026" not in written, written


@pytest.mark.parametrize(("text", "weekday"), [
    ("on Sunday we're driving to the coast", 6),
    ("this Sunday the stall is closed", 6),
    ("next Sunday I'm selling at the fair", 6),
    ("Sunday morning I'm meeting Joe", 6),
    ("I'll see my sister on the Sunday", 6),
    ("the Sunday we went to the coast was lovely", 6),
    ("my Tuesday is completely free", 1),
    ("à partir du lundi je travaille de nuit", 0),
    ("tengo la entrevista del martes a las diez", 1),
])
def test_a_weekday_said_as_a_day_keeps_its_date(text: str, weekday: int) -> None:
    _written, days = with_dates(text, _MARCH, None)
    assert [d.first.weekday() for d in days][:1] == [weekday], days


def test_the_stall_of_a_weekday_keeps_its_words() -> None:
    with said_a_day_apart("The Saturday stall is going great, sold out of chutney",
                          start=_MARCH, user_id="bo", lang="en") as memory:
        texts = [f.text for f in memory.facts.list(user_id="bo")]
    assert any("Saturday stall" in t for t in texts), texts
    assert not any("2026" in t for t in texts), texts


# -- Italian Sunday; a weekday that is a person's name ---------------------------------------

def test_the_italian_sunday_is_a_day() -> None:
    """"domenica" was missing from the weekdays: an Italian Sunday was never dated."""
    found = scan("domenica vado al mare con mia sorella", date(2026, 3, 2), True)
    assert [f.piece.first for f in found] == [date(2026, 3, 8)]


def test_la_domenica_is_every_sunday() -> None:
    assert scan("la domenica vado sempre al mare", date(2026, 3, 2), True) == []


@pytest.mark.parametrize("said", ["mia zia Domenica vive a Bari da vent'anni",
                                  "mi tío Domingo vive en Cádiz",
                                  "o meu avô Domingos mora em Braga"])
def test_a_weekday_written_as_a_name_is_no_date(said: str) -> None:
    assert scan(said, date(2026, 3, 2), True) == []


@pytest.mark.parametrize("said", ["Domingo voy al cine con Ana", "On Sunday I see my aunt",
                                  "Am Sonntag sehe ich meine Tante"])
def test_a_capital_weekday_opening_a_sentence_or_in_english_is_a_day(said: str) -> None:
    assert [f.piece.first for f in scan(said, date(2026, 3, 2), True)] == [date(2026, 3, 8)]


@pytest.mark.parametrize("said", ["soy profe en un liceo de Santo Domingo Este y me encanta",
                                  "trabalho no Hospital São Domingos Próximo à praça"])
def test_a_placed_weekday_inside_a_name_of_several_words_is_no_date(said: str) -> None:
    """"Santo Domingo Este": "Domingo Este" had been read as "this Sunday"."""
    assert scan(said, date(2026, 3, 2), True) == []


@pytest.mark.parametrize("said", ["el domingo que viene voy al cine",
                                  "nos vemos el Domingo que viene",
                                  "nos vemos el Próximo Domingo en casa"])
def test_a_placed_weekday_said_with_a_capital_is_still_a_day(said: str) -> None:
    assert [f.piece.first for f in scan(said, date(2026, 3, 2), True)] == [date(2026, 3, 8)]


@pytest.mark.parametrize("said", ["comprei uma mota em segunda mão, uma Honda pequenina",
                                  "é a quinta vez que ligo", "já tomei a segunda dose"])
def test_a_portuguese_weekday_word_as_an_ordinal_is_no_date(said: str) -> None:
    """"em segunda mão" is second-hand: the fact read "comprei uma mota em on Monday 16 June
    2025 mão"."""
    assert scan(said, date(2026, 3, 2), True) == []


@pytest.mark.parametrize("said", ["segunda vou ao médico", "na segunda tenho consulta"])
def test_a_portuguese_monday_is_still_a_day(said: str) -> None:
    assert [f.piece.first for f in scan(said, date(2026, 3, 4), True)] == [date(2026, 3, 9)]


@pytest.mark.parametrize("said", ["nuoto martedì e giovedì dopo il lavoro",
                                  "Op dinsdag en donderdag fiets ik nu naar de zaak",
                                  "Homeoffice bleibt übrigens Montag und Freitag",
                                  "I swim laps tuesday and thursday mornings",
                                  "je cours mardi, jeudi et samedi sur la Corniche"])
def test_weekdays_said_together_are_the_days_of_a_habit(said: str) -> None:
    """Two or more bare weekdays said together of no week in particular: a habit (each had
    been dated the next such day)."""
    assert scan(said, date(2026, 3, 2), True) == []


@pytest.mark.parametrize(("said", "tense"), [
    ("next week, Monday and Tuesday I'm off", None),
    ("I'll be in Madrid Monday and Tuesday", "future"),
    ("Saturday and Sunday we went to the beach", "past"),
])
def test_weekdays_said_together_of_a_week_or_a_tense_stay_days(said: str,
                                                               tense: str | None) -> None:
    said_days = [said[f.start:f.end] for f in scan(said, date(2026, 3, 4), True, tense)]
    assert len([d for d in said_days if d in ("Monday", "Tuesday", "Saturday", "Sunday")]) == 2
