"""Temporal resolution against fixed, timezone-aware message timestamps."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from lucidmem.errors import InvalidInputError
from lucidmem.facts.temporal import (
    Granularity,
    TemporalAnchor,
    add_months,
    find_temporal,
    resolve_temporal,
)
from lucidmem.facts.temporal_patterns import Days, scan

CEST = timezone(timedelta(hours=2))
WED = datetime(2023, 5, 3, 14, 0, tzinfo=CEST)  # Wednesday 3 May 2023, 14:00 +02:00


def _d(y: int, m: int, d: int, h: int = 0, mi: int = 0, tz: timezone = CEST) -> datetime:
    return datetime(y, m, d, h, mi, tzinfo=tz)


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity"),
    [
        ("today", _d(2023, 5, 3), _d(2023, 5, 4), Granularity.DAY),
        ("tomorrow", _d(2023, 5, 4), _d(2023, 5, 5), Granularity.DAY),
        ("yesterday", _d(2023, 5, 2), _d(2023, 5, 3), Granularity.DAY),
        ("the day after tomorrow", _d(2023, 5, 5), _d(2023, 5, 6), Granularity.DAY),
        # ISO weeks: said on Wed 3 May, "next week" is Mon 8 – Sun 14 May (the week of 10 May)
        ("next week", _d(2023, 5, 8), _d(2023, 5, 15), Granularity.WEEK),
        ("last week", _d(2023, 4, 24), _d(2023, 5, 1), Granularity.WEEK),
        ("this week", _d(2023, 5, 1), _d(2023, 5, 8), Granularity.WEEK),
        ("this weekend", _d(2023, 5, 6), _d(2023, 5, 8), Granularity.DAY),
        ("next Tuesday", _d(2023, 5, 9), _d(2023, 5, 10), Granularity.DAY),
        ("next Wednesday", _d(2023, 5, 10), _d(2023, 5, 11), Granularity.DAY),
        ("this Friday", _d(2023, 5, 5), _d(2023, 5, 6), Granularity.DAY),
        ("on Monday", _d(2023, 5, 8), _d(2023, 5, 9), Granularity.DAY),
        ("Wednesday", _d(2023, 5, 3), _d(2023, 5, 4), Granularity.DAY),
        ("last Monday", _d(2023, 5, 1), _d(2023, 5, 2), Granularity.DAY),
        ("last Wednesday", _d(2023, 4, 26), _d(2023, 4, 27), Granularity.DAY),
        ("in 3 days", _d(2023, 5, 6), _d(2023, 5, 7), Granularity.DAY),
        ("in two weeks", _d(2023, 5, 17), _d(2023, 5, 18), Granularity.DAY),
        ("in a month", _d(2023, 6, 3), _d(2023, 6, 4), Granularity.DAY),
        ("2 days ago", _d(2023, 5, 1), _d(2023, 5, 2), Granularity.DAY),
        ("three weeks ago", _d(2023, 4, 12), _d(2023, 4, 13), Granularity.DAY),
        ("next month", _d(2023, 6, 1), _d(2023, 7, 1), Granularity.MONTH),
        ("last month", _d(2023, 4, 1), _d(2023, 5, 1), Granularity.MONTH),
        ("last year", _d(2022, 1, 1), _d(2023, 1, 1), Granularity.YEAR),
        ("next year", _d(2024, 1, 1), _d(2025, 1, 1), Granularity.YEAR),
        ("in 2021", _d(2021, 1, 1), _d(2022, 1, 1), Granularity.YEAR),
        ("on 12 June", _d(2023, 6, 12), _d(2023, 6, 13), Granularity.DAY),
        ("June 12th 2023", _d(2023, 6, 12), _d(2023, 6, 13), Granularity.DAY),
        ("12th of June", _d(2023, 6, 12), _d(2023, 6, 13), Granularity.DAY),
        ("2023-06-12", _d(2023, 6, 12), _d(2023, 6, 13), Granularity.DAY),
        ("12/06", _d(2023, 6, 12), _d(2023, 6, 13), Granularity.DAY),  # day-first
        ("12/06/2024", _d(2024, 6, 12), _d(2024, 6, 13), Granularity.DAY),
        ("06/13", _d(2023, 6, 13), _d(2023, 6, 14), Granularity.DAY),  # 13 can't be a month
        ("in June", _d(2023, 6, 1), _d(2023, 7, 1), Granularity.MONTH),
        ("June 2022", _d(2022, 6, 1), _d(2022, 7, 1), Granularity.MONTH),
    ],
)
def test_english(text: str, start: datetime, end: datetime, granularity: Granularity) -> None:
    found = resolve_temporal(text, WED)
    assert found.resolved
    assert (found.start, found.end, found.granularity) == (start, end, granularity)


def test_times_of_day() -> None:
    assert resolve_temporal("at 7pm", WED).start == _d(2023, 5, 3, 19)
    assert resolve_temporal("at 19:30", WED).start == _d(2023, 5, 3, 19, 30)
    assert resolve_temporal("at noon", WED).start == _d(2023, 5, 3, 12)
    found = resolve_temporal("tomorrow at 7pm", WED)
    assert (found.start, found.end, found.granularity) == (
        _d(2023, 5, 4, 19), _d(2023, 5, 4, 19), Granularity.INSTANT)
    assert found.text == "tomorrow at 7pm"
    assert resolve_temporal("12am", WED).start == _d(2023, 5, 3, 0)
    assert resolve_temporal("2023-06-12T08:15", WED).start == _d(2023, 6, 12, 8, 15)


def test_year_less_dates_take_the_closest_occurrence() -> None:
    dec = datetime(2023, 12, 20, tzinfo=UTC)
    assert resolve_temporal("on 3 January", dec).start == datetime(2024, 1, 3, tzinfo=UTC)
    jan = datetime(2024, 1, 10, tzinfo=UTC)
    assert resolve_temporal("on 3 January", jan).start == datetime(2024, 1, 3, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "said", "start", "end"),
    [
        # 14 May is closest next year, 18 May this year: both are next year's
        ("Lisbon with Sarah, May 14 to May 18", date(2026, 11, 13),
         date(2027, 5, 14), date(2027, 5, 18)),
        ("from 28 December to 3 January", date(2025, 6, 29), date(2025, 12, 28), date(2026, 1, 3)),
        ("vom 28. Dezember bis 3. Januar", date(2025, 6, 29), date(2025, 12, 28), date(2026, 1, 3)),
        ("du 28 décembre au 3 janvier", date(2025, 6, 29), date(2025, 12, 28), date(2026, 1, 3)),
        ("del 28 de diciembre al 3 de enero", date(2025, 6, 29),
         date(2025, 12, 28), date(2026, 1, 3)),
        ("van 28 december tot 3 januari", date(2025, 6, 29), date(2025, 12, 28), date(2026, 1, 3)),
        ("12月28日到1月3日", date(2025, 6, 29), date(2025, 12, 28), date(2026, 1, 3)),
    ],
)
def test_the_end_of_a_range_of_dates_never_lies_before_its_start(
        text: str, said: date, start: date, end: date) -> None:
    first, last = (f.piece for f in scan(text, said, True))
    assert isinstance(first, Days) and isinstance(last, Days)
    assert (first.first, last.first) == (start, end)


def test_dates_that_are_no_range_or_carry_a_year_keep_their_own_reading() -> None:
    said = date(2025, 6, 29)
    listed = [f.piece for f in scan("on 3 January and on 28 December", said, True)]
    assert [p.first for p in listed if isinstance(p, Days)] == [date(2025, 1, 3),
                                                                 date(2025, 12, 28)]
    dated = [f.piece for f in scan("28 December to 3 January 2025", said, True)]
    assert [p.first for p in dated if isinstance(p, Days)][1] == date(2025, 1, 3)


def test_month_end_clamping() -> None:
    assert add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert add_months(date(2023, 1, 31), 1) == date(2023, 2, 28)
    assert add_months(date(2023, 11, 15), 3) == date(2024, 2, 15)
    assert add_months(date(2023, 3, 15), -3) == date(2022, 12, 15)
    jan31 = datetime(2023, 1, 31, tzinfo=UTC)
    assert resolve_temporal("in 1 month", jan31).start == datetime(2023, 2, 28, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("nächste Woche", _d(2023, 5, 8)),
        ("morgen", _d(2023, 5, 4)),
        ("übermorgen", _d(2023, 5, 5)),
        ("nächsten Montag", _d(2023, 5, 8)),
        ("in 3 Tagen", _d(2023, 5, 6)),
        ("vor drei Tagen", _d(2023, 4, 30)),
        ("letztes Jahr", _d(2022, 1, 1)),
        ("am 12. Juni", _d(2023, 6, 12)),
        ("12.06.2023", _d(2023, 6, 12)),
        ("la semaine prochaine", _d(2023, 5, 8)),
        ("demain", _d(2023, 5, 4)),
        ("lundi prochain", _d(2023, 5, 8)),
        ("dans 3 jours", _d(2023, 5, 6)),
        ("il y a 2 jours", _d(2023, 5, 1)),
        ("le 12 juin", _d(2023, 6, 12)),
        ("le 1er juin", _d(2023, 6, 1)),
        ("l'année dernière", _d(2022, 1, 1)),
        ("la semana que viene", _d(2023, 5, 8)),
        ("la próxima semana", _d(2023, 5, 8)),
        ("mañana", _d(2023, 5, 4)),
        ("el próximo lunes", _d(2023, 5, 8)),
        ("el lunes que viene", _d(2023, 5, 8)),
        # chat writes "que" as "q" or "k"
        ("el lunes q viene", _d(2023, 5, 8)),
        ("la semana k viene", _d(2023, 5, 8)),
        ("quarta da semana q vem", _d(2023, 5, 10)),
        # and short, without accents or umlauts
        ("la prox settimana", _d(2023, 5, 8)),
        ("depois de amanha", _d(2023, 5, 5)),  # not "amanha" alone: the day after
        ("pasado manana", _d(2023, 5, 5)),
        ("ubermorgen", _d(2023, 5, 5)),
        ("apres demain", _d(2023, 5, 5)),
        ("see you tmrw", _d(2023, 5, 4)),
        ("hj", _d(2023, 5, 3)),
        ("hace 3 días", _d(2023, 4, 30)),
        ("el 12 de junio de 2023", _d(2023, 6, 12)),
        ("el año pasado", _d(2022, 1, 1)),
    ],
)
def test_other_languages(text: str, start: datetime) -> None:
    assert resolve_temporal(text, WED).start == start


def test_other_language_times() -> None:
    assert resolve_temporal("am 12. Juni um 19 Uhr", WED).start == _d(2023, 6, 12, 19)
    assert resolve_temporal("à 19h30", WED).start == _d(2023, 5, 3, 19, 30)
    assert resolve_temporal("mañana a las 7", WED).start == _d(2023, 5, 4, 7)


@pytest.mark.parametrize("text", [
    "last night", "Last night I finally finished the book", "I slept badly last night",
    "letzte Nacht", "gestern Abend", "Hier soir on a mangé chez Paul", "la nuit dernière",
    "anoche", "Anoche cenamos en casa", "ieri sera", "ontem à noite", "gisteravond",
])
def test_last_night_is_the_day_before(text: str) -> None:
    assert resolve_temporal(text, WED).start == _d(2023, 5, 2)


@pytest.mark.parametrize("text", [
    "Ich wohne jetzt hier in Berlin", "Hier ist es im Winter kalt",
    "Mein Büro ist hier um die Ecke", "Ik woon hier met mijn vriend",
])
def test_german_and_dutch_hier_is_here_not_yesterday(text: str) -> None:
    assert find_temporal(text, WED) is None


@pytest.mark.parametrize("text", ["Hier, j'ai vu Marie", "Je suis arrivée hier", "hier"])
def test_french_hier_is_still_yesterday(text: str) -> None:
    assert resolve_temporal(text, WED).start == _d(2023, 5, 2)


def test_part_of_day_words_are_not_tomorrow() -> None:
    assert find_temporal("por la mañana", WED) is None
    assert find_temporal("am Morgen", WED) is None


@pytest.mark.parametrize("text", ["soon", "someday", "in a few days", "bald", "bientôt",
                                  "pronto", "30 February", "31 June"])
def test_unresolvable_is_kept_and_flagged(text: str) -> None:
    found = resolve_temporal(text, WED)
    assert not found.resolved
    assert found.start is None and found.end is None
    assert found.text == text


def test_no_expression() -> None:
    assert find_temporal("I like jazz", WED) is None
    assert find_temporal("I have 3 kids and a 7.5 score", WED) is None
    kept = resolve_temporal("after Christmas", WED)
    assert (kept.text, kept.resolved) == ("after Christmas", False)


def test_found_inside_a_sentence() -> None:
    found = find_temporal("my dentist appointment is next Tuesday at 3pm", WED)
    assert found is not None
    assert found.text == "next Tuesday at 3pm"
    assert found.start == _d(2023, 5, 9, 15)
    assert found.span == (26, 45)


def test_anchors() -> None:
    since = find_temporal("I've been vegan since last year", WED)
    assert since is not None and since.anchor is TemporalAnchor.SINCE
    assert find_temporal("living here since 2019", WED).anchor is TemporalAnchor.SINCE  # type: ignore[union-attr]
    until = find_temporal("I'm in Paris until Friday", WED)
    assert until is not None and until.anchor is TemporalAnchor.UNTIL
    assert find_temporal("next week", WED).anchor is TemporalAnchor.AT  # type: ignore[union-attr]


def test_result_stays_in_the_reference_timezone() -> None:
    found = resolve_temporal("tomorrow", WED)
    assert found.start is not None and found.start.utcoffset() == timedelta(hours=2)


def test_naive_reference_is_refused() -> None:
    with pytest.raises(InvalidInputError):
        resolve_temporal("tomorrow", datetime(2023, 5, 3))


@pytest.mark.parametrize(("text", "day"), [
    ("the 15th of next month", _d(2023, 6, 15)),
    ("next month on the 15th", _d(2023, 6, 15)),
    ("on the 2nd of last month", _d(2023, 4, 2)),
    ("am 15. nächsten Monats", _d(2023, 6, 15)),
    ("le 15 du mois prochain", _d(2023, 6, 15)),
    ("el 15 del mes que viene", _d(2023, 6, 15)),
    ("il 15 del mese prossimo", _d(2023, 6, 15)),
    ("no dia 15 do mês que vem", _d(2023, 6, 15)),
    ("de 15e van volgende maand", _d(2023, 6, 15)),
    ("下个月15号还要回去复查", _d(2023, 6, 15)),
    ("上个月的3号", _d(2023, 4, 3)),
    ("这个月二十号", _d(2023, 5, 20)),
])
def test_a_day_of_the_month_named_relative_to_now(text: str, day: datetime) -> None:
    """Said on 3 May: the day falls in the month the relative word names, not the nearest
    15th with the month words left over ("September 202615 号")."""
    found = find_temporal(text, WED)
    assert found is not None and found.granularity is Granularity.DAY, found
    assert found.start == day, found


def test_a_count_before_next_month_is_no_day() -> None:
    found = find_temporal("3 next month", WED)
    assert found is not None and found.granularity is Granularity.MONTH, found


@pytest.mark.parametrize("text", [
    "first time in ten years I'm not on a machine",
    "Première fois en douze ans que je suis pas sur une machine",
    "é a primeira vez em dez anos que ele vem",
    "es la primera vez en cinco años que llueve así",
    "prima volta in dieci anni che torno a Bari",
    "voor het eerst in tien jaar weer op de fiets",
    "zum ersten Mal in zehn Jahren wieder im Urlaub",
])
def test_a_first_time_in_a_span_is_how_long_not_when(text: str) -> None:
    """The span says how long it had not happened: it was read as that long from now (a
    day in 2033)."""
    assert find_temporal(text, WED) is None


@pytest.mark.parametrize("text", ["in five years they never let me touch a neck",
                                  "en Borinquen en cinco años nunca me dejaron tocar un mástil"])
def test_years_in_a_past_clause_are_how_long(text: str) -> None:
    assert find_temporal(text, WED, tense="past") is None
    # (said of what is to come, the same words are a day: "in five years I retire")
    assert find_temporal("in five years I retire", WED) is not None


@pytest.mark.parametrize(("text", "day"), [
    ("o Kelvin faz 6 anos depois de amanhã", _d(2023, 5, 5)),
    ("la niña cumple 6 años después del lunes", _d(2023, 5, 8)),
])
def test_a_count_before_after_a_day_is_no_offset_from_now(text: str, day: datetime) -> None:
    """"6 anos depois de amanhã": six years after nothing, the day after tomorrow (it was a
    day six years from now)."""
    found = find_temporal(text, WED)
    assert found is not None and found.start == day, found


def test_weeks_in_a_past_clause_can_still_be_a_day_to_come() -> None:
    """"me dieron cita en tres meses": an appointment booked in the past for later."""
    found = find_temporal("me dieron cita en tres semanas", WED, tense="past")
    assert found is not None and found.start == _d(2023, 5, 24), found


@pytest.mark.parametrize("text", ["it was my last day at Siemens",
                                  "war mein letzter Tag bei Siemens",
                                  "c'était mon dernier jour chez Airbus",
                                  "my last week at the company was rough"])
def test_a_last_day_or_ones_own_last_week_is_no_date(text: str) -> None:
    """"heute war mein letzter Tag bei Siemens": the final day, not yesterday (the fact read
    "on 3 February 2025 war mein on 2 February 2025 bei Siemens")."""
    assert find_temporal(text, WED, tense="past") is None


@pytest.mark.parametrize("text", ["letzte Woche war ich krank",
                                  "Marc came over for her last week",
                                  "ich hab ihr letzte Woche geschrieben"])
def test_last_week_is_still_the_week_before(text: str) -> None:
    found = find_temporal(text, WED, tense="past")
    assert found is not None and found.start == _d(2023, 4, 24), found


def test_a_span_word_said_after_a_count_in_dutch_is_no_span() -> None:
    """"twee dagen deze week": this week, not "dagen deze" read as a span of its own."""
    found = scan("twee dagen deze week met de fiets naar het werk", date(2023, 5, 3), True)
    assert [(f.start, f.end) for f in found] == [(11, 20)]


def test_the_afternoon_is_no_noon() -> None:
    """"4h de l'après-midi": "midi" inside "après-midi" had been read as noon."""
    found = scan("je viens de me lever, l'après-midi, normal en hiver", date(2023, 5, 3), True)
    assert found == []


@pytest.mark.parametrize(("text", "hour"), [
    ("demain à 4h de l'après-midi", 16),
    ("mañana a las 4 de la tarde", 16),
    ("amanhã às 4 da tarde", 16),
    ("domani alle 9 di sera", 21),
    ("morgen um 4 Uhr nachmittags", 16),
    ("morgen om 7 uur 's avonds", 19),
    ("tomorrow at 8 in the evening", 20),
    ("demain à 7h du matin", 7),
])
def test_an_hour_said_with_its_part_of_the_day(text: str, hour: int) -> None:
    """"a las 4 de la tarde" is 16:00 (it was 04:00), and "às 4 da tarde", "alle 9 di sera"
    are hours at all: the part of the day is the marker a bare hour needs."""
    found = find_temporal(text, WED)
    assert found is not None and found.granularity is Granularity.INSTANT, found
    assert found.start == _d(2023, 5, 4, hour), found


@pytest.mark.parametrize("text", ["ele quer reunir às segundas de quinze em quinze dias",
                                  "nos vemos de quince en quince días",
                                  "on se voit de deux en deux semaines"])
def test_a_span_said_twice_recurs(text: str) -> None:
    """"de quinze em quinze dias" is every fifteen days (it was a day fifteen days ahead)."""
    assert find_temporal(text, WED) is None
    assert find_temporal("em quinze dias mudo de casa", WED) is not None


def test_a_dialect_my_after_a_number_is_no_month() -> None:
    """Hessian and Bavarian "Mei" is "my" ("meistens die Linie 12. Mei Frau sagt …"); only a
    Dutch sentence has "mei" as May."""
    assert find_temporal("isch fahr meistens die Linie 12. Mei Frau sagt, des is zu viel", WED) \
        is None
    found = find_temporal("Op 12 Mei ga ik met mijn zus naar Gent", WED)
    assert found is not None and found.start == _d(2023, 5, 12), found
    found = find_temporal("am 12. Mai fahr ich nach Gent", WED)
    assert found is not None and found.start == _d(2023, 5, 12), found


_SATURDAY_22_MARCH = datetime(2025, 3, 22, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", [
    "vai ser operado ao joelho daqui a duas semanas, na segunda-feira, dia 7",
    "my dad has knee surgery in two weeks, on Monday the 7th",
])
def test_a_counted_day_then_named_is_the_named_day(text: str) -> None:
    """"In two weeks, on Monday the 7th", said on Saturday 22 March: Monday 7 April, which the
    fortnight (5 April) only comes near."""
    found = find_temporal(text, _SATURDAY_22_MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == date(2025, 4, 7)


def test_a_counted_day_far_from_the_named_one_stays_counted() -> None:
    found = find_temporal("in two weeks we fly, and on Monday I start", _SATURDAY_22_MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == date(2025, 4, 5)


@pytest.mark.parametrize(("text", "day"), [
    ("na segunda-feira, dia 7", date(2025, 4, 7)),  # 7 March is a Friday, 7 April a Monday
    ("Montag, den 7.", date(2025, 4, 7)),
    ("Monday, March 7", date(2025, 3, 7)),  # a month said stays, whatever the weekday
    ("segunda-feira, 07/03", date(2025, 3, 7)),
])
def test_a_weekday_beside_a_day_number_takes_the_month_it_falls_in(text: str, day: date) -> None:
    found = find_temporal(text, _SATURDAY_22_MARCH)
    assert found is not None and found.start is not None
    assert found.start.date() == day
