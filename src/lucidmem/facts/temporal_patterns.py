"""Internal: the matchers behind :mod:`lucidmem.facts.temporal` (one regex + handler each).

Conventions are documented in :mod:`lucidmem.facts.temporal`.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, time, timedelta
from enum import StrEnum

from lucidmem.facts.language import detect_language
from lucidmem.facts.temporal_lexicon import (
    DAY_WORDS,
    MONTHS,
    NUMBERS,
    REL_LAST,
    REL_NEXT,
    REL_SAID_BEFORE_ONLY,
    REL_THIS,
    SEASONS,
    UNITS,
    VAGUE,
    WEEKDAYS,
    alternation,
)

__all__ = ["Clock", "Days", "Found", "Granularity", "TemporalAnchor", "Vague", "add_months",
           "anchor_of", "held_for", "joined_as_range", "looks_back", "opens_range", "scan"]


class Granularity(StrEnum):
    """How precise a resolved expression is."""

    INSTANT = "instant"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


class TemporalAnchor(StrEnum):
    """Whether the expression names the time itself, a beginning ("since") or an end ("until")."""

    AT = "at"
    SINCE = "since"
    UNTIL = "until"





@dataclass(frozen=True, slots=True)
class Days:
    first: date
    end: date  # exclusive
    granularity: Granularity
    moment: time | None = None


@dataclass(frozen=True, slots=True)
class Clock:
    moment: time


@dataclass(frozen=True, slots=True)
class Vague:
    pass


_Piece = Days | Clock | Vague


@dataclass(frozen=True, slots=True)
class Opts:
    """How to read ambiguous expressions: day-first numeric dates, and the clause's tense
    ("past" turns a bare weekday or a yearless date into the most recent one, "future"
    into the next one; "present" takes the closest unless it lies more than
    :data:`DATE_LOOKS_BACK_DAYS` back; ``None`` picks the closest)."""

    day_first: bool = True
    tense: str | None = None


_Handler = Callable[[re.Match[str], date, Opts], _Piece | None]

_B, _E = r"(?<!\w)", r"(?!\w)"
_MONTH = alternation(MONTHS)
_SEASON = alternation(SEASONS)
_WEEKDAY = alternation(WEEKDAYS)

WEEKDAY_SHORT: dict[str, int] = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
    "sat": 5, "sun": 6}
"""Weekdays shortened in English chat, read only before a day of the month ("since mon the
28th", "sat 14th"): alone, "sat" and "sun" are words."""
_UNIT = alternation(UNITS)
_NUM = r"(?:\d{1,3}|" + alternation(NUMBERS)[3:]
_REL = alternation((*REL_NEXT, *REL_LAST, *REL_THIS))
_WEEKEND = alternation(w for w, u in UNITS.items() if u == "weekend")
_ANCHOR_SINCE = re.compile(r"\b(?:since|seit|depuis|desde|from|ab|sinds|vanaf|dal|dalla|dallo)"
                           r"(?:\s+(?:dem|den|le|el|o))?\s*$", re.IGNORECASE)
"""A start said before a date, with the article some languages put there ("seit dem 14.
Mai", "depuis le 14 mai", "desde el 14 de mayo")."""
_ANCHOR_UNTIL = re.compile(
    r"\b(?:until|till|til|by|bis|jusqu'(?:à|au)|hasta)\s*$", re.IGNORECASE
)
_HIER_IS_HERE = ("de", "nl")
"""Languages in which "hier" means "here" (French "hier" is yesterday)."""
_NOT_A_DAY_BEFORE = re.compile(
    r"(?:\b(?:am|guten|jeden|den|la|de|por|the)\s*)$", re.IGNORECASE
)


def add_months(day: date, months: int) -> date:
    """``day`` moved by ``months`` calendar months, clamped to the target month's last day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def _week(first_monday: date) -> Days:
    return Days(first_monday, first_monday + timedelta(days=7), Granularity.WEEK)


def _month(year: int, month: int) -> Days:
    first = date(year, month, 1)
    return Days(first, add_months(first, 1), Granularity.MONTH)


def _one_day(day: date) -> Days:
    return Days(day, day + timedelta(days=1), Granularity.DAY)


def _closest(ref: date, build: Callable[[int], date], tense: str | None = None) -> date | None:
    options: list[date] = []
    for year in (ref.year - 1, ref.year, ref.year + 1):
        try:
            options.append(build(year))
        except ValueError:
            continue
    closest = min(options, key=lambda d: (abs((d - ref).days), d < ref)) if options else None
    if tense == "past" and closest is not None and (closest - ref).days > 60 and \
            any(d <= ref for d in options):
        return max(d for d in options if d <= ref)
    if tense == "future" and any(d >= ref for d in options):
        return min(d for d in options if d >= ref)
    if not options:
        return None
    return min(options, key=lambda d: (abs((d - ref).days), d < ref))


def _number(word: str) -> int:
    word = " ".join(word.casefold().split())
    return int(word) if word.isdigit() else NUMBERS[word]


def _relation(word: str) -> int:
    word = " ".join(word.casefold().split())
    if word in REL_NEXT:
        return 1
    if word in REL_LAST:
        return -1
    return 0


def _shift(ref: date, unit: str, amount: int) -> date:
    if unit == "day":
        return ref + timedelta(days=amount)
    if unit == "week":
        return ref + timedelta(weeks=amount)
    if unit == "month":
        return add_months(ref, amount)
    return add_months(ref, 12 * amount)


def _relative_unit(unit: str, rel: int, ref: date) -> Days:
    if unit == "fortnight":
        unit = "week"
    if unit == "day":
        return _one_day(ref + timedelta(days=rel))
    if unit in ("week", "weekend"):
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=rel)
        if unit == "week":
            return _week(monday)
        saturday = monday + timedelta(days=5)
        return Days(saturday, saturday + timedelta(days=2), Granularity.DAY)
    if unit == "month":
        target = add_months(ref.replace(day=1), rel)
        return _month(target.year, target.month)
    first = date(ref.year + rel, 1, 1)
    return Days(first, date(first.year + 1, 1, 1), Granularity.YEAR)


def _weekday(target: int, rel: int, ref: date, tense: str | None = None) -> Days:
    if rel > 0:
        delta = (target - ref.weekday()) % 7 or 7
    elif rel < 0 or (rel == 0 and tense == "past"):
        delta = -((ref.weekday() - target) % 7 or 7)
        if rel == 0 and target == ref.weekday():
            delta = 0
    else:
        delta = (target - ref.weekday()) % 7
    return _one_day(ref + timedelta(days=delta))


def _ymd(year: int, month: int, day: int) -> Days | None:
    try:
        return _one_day(date(year, month, day))
    except ValueError:
        return None


def _h_iso(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    found = _ymd(int(m["y"]), int(m["mo"]), int(m["d"]))
    if found is not None and m["h"] is not None:
        hour, minute = int(m["h"]), int(m["mi"])
        if hour > 23 or minute > 59:
            return None
        return Days(found.first, found.end, Granularity.INSTANT, time(hour, minute))
    return found


DATE_LOOKS_BACK_DAYS = 90
"""How far back a day and month said without a year may lie in a clause in the present tense
("my mum's birthday is on 12 October", "la boda es el 14 de junio", said in March or
November): further back, it is the coming one, as a month is past
:data:`MONTH_LOOKS_BACK_DAYS`. The closest occurrence would be the one of half a year ago.
Only for ``tense="present"``: a text whose tense is not known keeps the closest."""


def _coming_unless_past(found: date | None, ref: date, tense: str | None) -> date | None:
    """``found``, or the same day a year later when the clause is in the present tense and
    ``found`` lies more than :data:`DATE_LOOKS_BACK_DAYS` before ``ref``."""
    if found is None or tense != "present" or (ref - found).days <= DATE_LOOKS_BACK_DAYS:
        return found
    try:
        return found.replace(year=found.year + 1)
    except ValueError:  # 29 February
        return found


def _h_numeric(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    a, b = int(m["a"]), int(m["b"])
    day, month = (a, b) if (opts.day_first and b <= 12) or a > 12 else (b, a)
    if m["y"]:
        year = int(m["y"])
        return _ymd(year + 2000 if year < 100 else year, month, day)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    found = _coming_unless_past(_closest(ref, lambda y: date(y, month, day), opts.tense), ref,
                                opts.tense)
    return None if found is None else _one_day(found)


def _h_named_date(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    if m["m"] == "Mei" and detect_language(m.string) != "nl":
        return None  # "meistens die Linie 30. Mei Frau will wisse …": Hessian "my", not May
    month, day = MONTHS[m["m"].casefold().rstrip(".")], int(m["d"])
    if m["y"]:
        return _ymd(int(m["y"]), month, day) or Vague()
    found = _coming_unless_past(_closest(ref, lambda y: date(y, month, day), opts.tense), ref,
                                opts.tense)
    return Vague() if found is None else _one_day(found)


def _h_month_year(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    return _month(int(m["y"]), MONTHS[m["m"].casefold()])


MONTH_LOOKS_BACK_DAYS = 30
"""How far back a month said without a past tense may lie ("in October we're flying to
Porto", "im Oktober habe ich Geburtstag", said in March): further back, it is the coming
one — the present speaks of what holds or is planned, and a month gone is told in the past."""


def _h_in_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    month = MONTHS[m["m"].casefold()]
    found = _closest(ref, lambda y: date(y, month, 15), opts.tense)
    if found is not None and opts.tense in (None, "present") and \
            (ref - date(found.year, month, 1)).days > MONTH_LOOKS_BACK_DAYS:
        found = date(found.year + 1, month, 15)
    return None if found is None else _month(found.year, month)


def _h_since_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"since January", "seit Januar", "desde enero": a start that has come, so the latest
    such month up to the one the statement is made in — never the coming one ("desde enero",
    said in December 2026, is January 2026)."""
    month = MONTHS[m["m"].casefold()]
    return _month(ref.year if month <= ref.month else ref.year - 1, month)


_PART_OF_MONTH: dict[str, tuple[int, int | None]] = {
    **dict.fromkeys(("early", "beginning of", "start of", "the beginning of", "the start of",
                     "anfang", "début", "principios de", "inicios de", "comienzos de",
                     "inizio", "início de", "inicio de", "começo de", "início", "inicio",
                     "começo", "principios", "inicios", "begin", "初", "上旬"),
                    (1, 11)),
    **dict.fromkeys(("mid", "middle of", "the middle of", "mitte", "mi", "mediados de", "metà",
                     "meados de", "meados", "mediados", "half", "midden", "中", "中旬"), (11, 21)),
    **dict.fromkeys(("late", "end of", "the end of", "ende", "fin", "finales de", "fines de",
                     "fine", "final de", "fim de", "final", "fim", "finales", "fines", "eind",
                     "底", "末", "下旬"), (21, None)),
}
"""Parts of a month ("early May", "Mitte April", "fin avril", "a finales de mayo", "eind
juni", "5月底"): the first day and the day after the last (``None``: the month's end)."""
_PART = alternation(w for w in _PART_OF_MONTH if not re.search(r"[\u4e00-\u9fff]", w))


def _part_of(month: Days, part: str) -> Days:
    """``month`` narrowed to one of its parts; written "early / mid- / late <month>"."""
    first, end = _PART_OF_MONTH[" ".join(part.casefold().split())]
    return Days(month.first.replace(day=first),
                month.end if end is None else month.first.replace(day=end), Granularity.MONTH)


def _h_part_of_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"end of April", "Mitte Mai", "à la mi-juin", "a finales de mayo", "fine aprile"."""
    month = MONTHS[m["m"].casefold()]
    if m["y"]:
        return _part_of(_month(int(m["y"]), month), m["part"])
    found = _closest(ref, lambda y: date(y, month, 15), opts.tense)
    return None if found is None else _part_of(_month(found.year, month), m["part"])


def _h_part_of_rel_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"end of the month", "Anfang nächsten Monats", "fin du mois prochain", "月底", "下个月初"."""
    rel = _relation(m["r"] or m["r2"] or "")  # none said: this month
    if m.groupdict().get("zr"):
        rel = {"下": 1, "上": -1}.get(m["zr"], 0)
    month = _relative_unit("month", rel, ref)
    return _part_of(month, m["part"])


def _h_zh_part_of_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"5月底", "三月初": a part of a month named by its number."""
    month = _zh_number(m["mo"])
    if not 1 <= month <= 12:
        return None
    found = _closest(ref, lambda y: date(y, month, 15), opts.tense)
    return None if found is None else _part_of(_month(found.year, month), m["part"])


def _h_year(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    year = int(m["y"])
    return Days(date(year, 1, 1), date(year + 1, 1, 1), Granularity.YEAR)


def _h_day_word(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    word = " ".join(m["w"].casefold().split())
    if word in ("morgen", "mañana") and _NOT_A_DAY_BEFORE.search(m.string[: m.start()]):
        return None  # "am Morgen", "por la mañana": a part of the day, not tomorrow
    if word == "hier" and detect_language(m.string) in _HIER_IS_HERE:
        return None  # "Ich wohne hier", "Ik woon hier": here, not French "yesterday"
    return _one_day(ref + timedelta(days=DAY_WORDS[word]))


_WHOSE_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:my|your|his|our|their|mein|meine[mnrs]?|dein\w*|sein\w*|ihre[mnrs]?|"
    r"unser\w*|mon|ma|ton|ta|son|sa|notre|votre|leur|mi|tu|su|nuestr[ao]|mio|mia|tuo|tua|"
    r"suo|sua|meu|minha|teu|seu|mijn|jouw|zijn|onze)\s+$")
"""A possessive right before a relative span: "my last week at Siemens", "mon dernier jour"
say which week or day of something, not the one before this one. Not the words that are
also an object ("I saw her last week", "ich hab ihr letzte Woche geschrieben", "ik zag haar
vorige week")."""


def _h_rel_unit(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    unit, relation = UNITS[" ".join(m["u"].casefold().split())], _relation(m["r"])
    if (unit == "day" and relation < 0) or _WHOSE_BEFORE.search(m.string[:m.start()]):
        return None  # "heute war mein letzter Tag bei Siemens": the final day, not yesterday
    if m.start("r") > m.start("u") and " ".join(m["r"].casefold().split()) in REL_SAID_BEFORE_ONLY:
        return None
    return _relative_unit(unit, relation, ref)


def _h_rel_weekday(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    rel = _relation(m["r"]) if m["r"] else 0
    groups = m.groupdict()
    if groups.get("wk"):
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=rel)
        return _one_day(monday + timedelta(days=WEEKDAYS[m["w"].casefold()]))
    return _weekday(WEEKDAYS[m["w"].casefold()], rel, ref, opts.tense if not m["r"] else None)


def _h_weekday_after_next(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"the Sunday after next", "a week from Sunday", "Sunday week", "übernächsten Sonntag",
    "samedi en huit", "zaterdag over een week": a week after the coming such day; as many
    weeks as are said ("two weeks from Saturday", "Samstag in zwei Wochen", "zaterdag over
    twee weken", "sabato fra due settimane", "samedi en quinze")."""
    coming = _weekday(WEEKDAYS[(m["w"] or m["w2"]).casefold()], 1, ref)
    said = m["n"] or m["n2"]
    weeks = _number(said) if said else _WEEKS_IN_DAYS_SAID.get((m["days"] or "").casefold(), 1)
    return _one_day(coming.first + timedelta(weeks=weeks))


def _h_weekend_after_next(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"the weekend after next", "das übernächste Wochenende": a week after the coming one."""
    return _relative_unit("weekend", 2, ref)  # "next weekend" is the one of next week


_FIRST_TIME = re.compile(
    r"(?i)(?:first\s+time|primera\s+vez|primeira\s+vez|premi[eè]re\s+fois|prima\s+volta|"
    r"voor\s+het\s+eerst|zum\s+ersten\s+mal|erste[ns]?\s+mal)\W+(?:[^\W\d_][\w'’-]*\W+){0,3}$")
"""The words of a first time before a span ("first time in ten years", "première fois en douze
ans", "é a primeira vez em dez anos"): the span says how long it had not happened."""


_FROM_N_TO_N = re.compile(r"(?i)(?<!\w)de\s+(?P<n>\w+)\s+$")
"""The first half of "de quinze em quinze dias", "de quince en quince días", "de deux en deux
semaines": with the same count again, a span that recurs."""


def _h_offset(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    unit = UNITS[" ".join(m["u"].casefold().split())]
    if unit == "weekend":
        return None
    groups = m.groupdict()
    back = groups.get("back") is not None or (groups.get("post") or "").casefold() in (
        "ago", "fa", "atrás", "geleden")
    if not back and ((unit == "year" and opts.tense == "past") or
                     _FIRST_TIME.search(m.string[:m.start()])):
        return None  # how long, not when: "en cinco años nunca me dejaron", "first time in
        # ten years" (a past clause never yields a day to come)
    every = _FROM_N_TO_N.search(m.string[:m.start()])
    if every is not None and m["n"] and every["n"].casefold() == m["n"].casefold():
        return None  # "de quinze em quinze dias": every fifteen days, no day
    amount = _number(m["n"]) if m["n"] else 1
    if unit == "fortnight":
        unit, amount = "week", 2 * amount
    if unit == "day" and amount in (8, 15) and m["n"].casefold() in (
            "huit", "quinze", "otto", "quindici", "quinze dias", "quince"):
        unit, amount = "week", amount // 7  # "dans quinze jours", "en quince días": two weeks
    return _one_day(_shift(ref, unit, -amount if back else amount))


_WEEKS_IN_DAYS_SAID = {"huit": 1, "otto": 1, "quinze": 2, "quindici": 2}
"""Weeks meant by "en huit" / "a otto" (eight days counting both ends: a week) and "en
quinze" / "a quindici" (two weeks)."""


def _h_span_said_before_the_day(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """A span said with the day it counts from ("a fortnight today", "a week tomorrow",
    "two weeks today", "aujourd'hui en quinze", "demain en huit", "oggi a otto"): that long
    after the day, or before it when the clause tells of the past ("I quit two weeks today")."""
    groups = m.groupdict()
    day = ref + timedelta(days=DAY_WORDS.get(
        (groups.get("from") or groups.get("from2") or "").casefold().replace("’", "'"), 0))
    said = (m["n"] or "").casefold()
    if said in _WEEKS_IN_DAYS_SAID:
        unit, amount = "week", _WEEKS_IN_DAYS_SAID[said]
    else:
        unit = UNITS[" ".join(m["u"].casefold().split())]
        amount = _number(said) if said else 1
        if unit == "fortnight":
            unit, amount = "week", 2 * amount
    return _one_day(_shift(day, unit, -amount if opts.tense == "past" else amount))


def _h_offset_from_day(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """An offset counted from today or tomorrow ("three weeks from today", "a week from
    tomorrow", "heute in drei Wochen", "morgen in einer Woche", "de hoy en tres semanas",
    "d'ici trois semaines"): the day that many units after that day."""
    groups = m.groupdict()
    day = (groups.get("from") or groups.get("from2") or "").casefold()
    return _h_offset(m, ref + timedelta(days=DAY_WORDS.get(day, 0)), opts)


def _season(year: int, month: int) -> Days:
    """The season that starts in ``month`` of ``year``: three months."""
    first = date(year, month, 1)
    return Days(first, add_months(first, 3), Granularity.MONTH)


def _season_said(ref: date, month: int, rel: int, tense: str | None) -> Days:
    """The season starting in ``month`` that "this" (``rel`` 0), "next" (1) or "last" (-1)
    means on ``ref``: "this" is the one under way, else the coming one, or the one just
    gone when the clause is in the past ("im Frühling waren wir …")."""
    seasons = [_season(y, month) for y in (ref.year - 2, ref.year - 1, ref.year, ref.year + 1)]
    now = next((s for s in seasons if s.first <= ref < s.end), None)
    coming = next(s for s in seasons if s.first > ref)
    gone = [s for s in seasons if s.end <= ref][-1]
    if rel > 0:
        return coming
    if rel < 0:
        return gone
    if now is not None:
        return now
    return gone if tense == "past" else coming


def _h_season(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"this spring", "next summer", "last winter", "heuer im Frühling", "l'été dernier",
    "el verano pasado", "dit voorjaar": three months; a bare "in primavera" only in a clause
    in the past or to come (in the present it is every spring)."""
    groups = m.groupdict()
    said = groups.get("r") or groups.get("r2") or ""
    if not said and opts.tense not in ("past", "future"):
        return None  # "im Winter ist es kalt", "in summer I cycle": every winter, no date
    rel = 0 if said.casefold() in ("heuer", "quest'", "quest’") else _relation(said)
    return _season_said(ref, SEASONS[m["s"].casefold()], rel, opts.tense)


def _h_zh_season(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """今年春天, 明年夏天, 去年冬天 (the winter that starts in December of that year), 春天."""
    month = SEASONS[m["s"]]
    if not m["y"]:
        return _season_said(ref, month, 0, opts.tense)
    year = ref.year + {"今年": 0, "明年": 1, "去年": -1, "前年": -2, "后年": 2}[m["y"]]
    return _season(year, month)


def _h_weekday_of_week(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    rel = _relation(m["r1"] or m["r2"])
    monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=rel)
    return _one_day(monday + timedelta(days=WEEKDAYS[m["w"].casefold()]))


def _h_day_of_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"the 15th", "am 12.", "el 19", "Thursday the 6th": the nearest such day of a month
    (past or coming by the clause's tense), checked against a named weekday."""
    day = int(m["d"])
    if not 1 <= day <= 31:
        return None
    candidates = []
    for months in (-1, 0, 1):
        first = add_months(ref.replace(day=1), months)
        try:
            candidates.append(first.replace(day=day))
        except ValueError:
            continue
    if m["w"]:
        w = m["w"].casefold()
        target = WEEKDAYS.get(w, WEEKDAY_SHORT.get(w))
        candidates = [c for c in candidates if c.weekday() == target] or candidates
    if opts.tense == "past" and not m["w"]:
        chosen = [c for c in candidates if c <= ref] or candidates
        return _one_day(max(chosen))
    ahead = [c for c in candidates if c >= ref]
    if opts.tense == "future" or m["w"]:
        return _one_day(min(ahead)) if ahead else _one_day(max(candidates))
    return _one_day(min(candidates, key=lambda c: (abs((c - ref).days), c < ref)))


def _h_day_of_rel_month(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """"the 15th of next month", "am 15. nächsten Monats", "le 3 du mois dernier", "下个月15号":
    that day of the month the relative word names."""
    groups = m.groupdict()
    rel = groups.get("r") or groups.get("r2") or ""
    shift = {"下": 1, "上": -1, "这": 0, "本": 0}.get(rel)
    first = add_months(ref.replace(day=1), _relation(rel) if shift is None else shift)
    day = int(m["d"]) if m["d"].isdigit() else _zh_number(m["d"])
    return _ymd(first.year, first.month, day)


def _h_clock(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    if m["word"]:
        word = m["word"].casefold()
        return Clock(time(0, 0) if word in ("midnight", "minuit", "medianoche") else time(12))
    pre = (m["pre"] or "").casefold().strip()
    suffix = (m["suf"] or "").casefold().replace(".", "")
    sep = m["sep"] or ""
    if not suffix and not pre.startswith("a l") and sep not in (":", "h") and not (sep and pre):
        return None
    hour, minute = int(m["h"]), int(m["mi"] or 0)
    if suffix in ("am", "pm"):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    if hour > 23 or minute > 59:
        return None
    return Clock(time(hour, minute))


_AFTERNOON = (r"de\s+l['’]apr[eè]s-midi|de\s+la\s+tarde|da\s+tarde|à\s+tarde|"
              r"del\s+pomeriggio|di\s+pomeriggio|nachmittags|['’]s\s+middags|"
              r"in\s+the\s+afternoon")
_EVENING = (r"du\s+soir|de\s+la\s+noche|da\s+noite|à\s+noite|di\s+sera|della\s+sera|"
            r"abends|['’]s\s+avonds|in\s+the\s+evening|at\s+night")
_MORNING = (r"du\s+matin|de\s+la\s+mañana|da\s+manhã|di\s+mattina|del\s+mattino|"
            r"della\s+mattina|morgens|['’]s\s+ochtends|in\s+the\s+morning")


def _h_clock_of_day_part(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    """An hour said with the part of the day it falls in ("a las 4 de la tarde", "às 8 da
    noite", "alle 9 di sera", "um 4 Uhr nachmittags", "om 7 uur 's avonds"): after noon in
    the afternoon, and in the evening from five; the words are the marker a bare hour needs."""
    hour, minute = int(m["h"]), int(m["mi"] or 0)
    if hour > 23 or minute > 59:
        return None
    if hour < 12 and ((m["pm"] and hour >= 1) or (m["eve"] and hour >= 5)):
        hour += 12
    return Clock(time(hour, minute))


def _h_vague(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    return Vague()


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ART = r"(?:(?:the|la|le|el|am|on)\s+|l')?"
_MONTH_UNIT = alternation((*(w for w, u in UNITS.items() if u == "month"), "monats"))
_REL_MONTH = (r"(?:(?P<r>" + _REL + r")\s+(?P<u>" + _MONTH_UNIT + r")|(?P<u2>" + _MONTH_UNIT
              + r")\s+(?P<r2>" + _REL + r"))")
"""A month named relative to now ("next month", "mois prochain", "el mes que viene")."""
_DAYS_TO_MONTHS = alternation(w for w, u in UNITS.items()
                              if u in ("day", "week", "fortnight", "month"))
"""Units a span said with its day is counted in ("a fortnight today", "three days tomorrow")."""
_NOT_A_FRACTION = r"(?!-?[^\W\d_])"
"""A day/month is never glued to a word: "4/5de", "4/5e", "4/5ths", "4/5-Stelle" are a share
of a working week (a fraction with its ordinal ending), not the 4th of May."""
_NOT_A_STREET = r"(?!(?<=(?<!\w)na\s)\d{1,2}\s+de\s)"
"""A day and month after Portuguese "na" is a street or a square, whose name is a date ("um
call center na 13 de julho": na Avenida 13 de Julho): a day is "no dia 13 de julho" or "em
13 de julho". (Dutch "na 13 mei", "after 13 May", has no "de".)"""
_MATCHERS: tuple[tuple[re.Pattern[str], _Handler], ...] = (
    (
        _rx(r"(?<!\d)(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})"
            r"(?:[T ](?P<h>\d{1,2}):(?P<mi>\d{2}))?(?!\d)"),
        _h_iso,
    ),
    (_rx(r"(?<![\d.:/])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?(?![\d/])"
         + _NOT_A_FRACTION), _h_numeric),
    (_rx(r"(?<![\d.:])(?P<a>\d{1,2})\.(?P<b>\d{1,2})\.(?P<y>\d{4}|\d{2})?(?!\d)"), _h_numeric),
    (
        _rx(_B + _NOT_A_STREET + r"(?P<d>\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:of\s+|de\s+)?"
            r"(?P<m>" + _MONTH + r")\.?(?:,?\s+(?:de\s+)?(?P<y>\d{4}))?" + _E),
        _h_named_date,
    ),
    (
        _rx(_B + r"(?P<m>" + _MONTH + r")\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?"
            r"(?:,?\s+(?P<y>\d{4}))?(?![\w:])"),
        _h_named_date,
    ),
    (_rx(_B + r"(?P<m>" + _MONTH + r")\s+(?P<y>\d{4})" + _E), _h_month_year),
    (_rx(_B + r"(?P<part>" + _PART + r")(?:\s+|-)(?:(?:of|de|di|do|da|van)\s+)?(?P<m>"
         + _MONTH + r")" + _E + r"(?:\s+(?P<y>(?:19|20)\d{2})(?!\d))?(?!\s*\d)"), _h_part_of_month),
    (_rx(_B + r"(?P<part>" + _PART + r")\s+(?:(?:of|des|du|del|de|do|da|van)\s+)?(?:(?:the|this|"
         r"le|el|il|o|de|dem)\s+)?(?:(?P<r>" + _REL + r")\s+)?(?:" + _MONTH_UNIT + r")"
         r"(?:\s+(?P<r2>" + _REL + r"))?" + _E), _h_part_of_rel_month),
    (_rx(_B + r"(?:(?P<r>" + _REL + r"|heuer|quest['’])\s*(?:(?:im|in\s+the|in|au|en|na|no|a)\s+)?|"
         r"(?:in|im|au|en|na|no|in\s+de|in\s+het)\s+(?:(?:the|la|le|el|il|o|de|het|l')\s*)?|"
         r"(?:la|le|el|il|o|l')\s*(?=" + _SEASON + r"\s+(?:" + _REL + r")))"
         r"(?P<s>" + _SEASON + r")" + _E + r"(?:\s+(?P<r2>" + _REL + r")" + _E + r")?"
         r"(?!\s+(?-i:Street|St\b|Road|Rd\b|Avenue|Lane|Festival|Camp|School|Term|Sale))"),
     _h_season),
    (_rx(_B + r"(?:in|im|en|em)\s+(?P<m>" + _MONTH + r")" + _E + r"(?!\s+\d)"), _h_in_month),
    # a state since a month ("since March", "seit Januar", "desde marzo"): begun, so gone by
    # (not the name Marco, which folds to Portuguese "março")
    (_rx(_B + r"(?:since|seit|depuis|desde|sinds|sedan)\s+(?:(?:el|le|il)\s+)?"
         r"(?!(?-i:Marco)\b)(?P<m>" + _MONTH + r")" + _E + r"(?!\s+\d)"), _h_since_month),
    # Italian "da gennaio" is "since" or "from" ("da gennaio cambio lavoro")
    (_rx(_B + r"(?:da|dal|dalla)\s+(?:(?:el|le|il)\s+)?"
         r"(?!(?-i:Marco)\b)(?P<m>" + _MONTH + r")" + _E + r"(?!\s+\d)"), _h_in_month),
    (_rx(_B + r"(?:in|im|en|since|seit|depuis|desde)\s+(?P<y>(?:19|20)\d{2})" + _E), _h_year),
    (_rx(_B + r"(?P<w>" + alternation(DAY_WORDS) + r")" + _E), _h_day_word),
    (_rx(_B + _ART + r"(?P<r>" + _REL + r")\s+(?P<u>" + _UNIT + r")" + _E), _h_rel_unit),
    (_rx(_B + _ART + r"(?P<u>" + _UNIT + r")\s+(?P<r>" + _REL + r")" + _E), _h_rel_unit),
    (
        _rx(_B + _ART + r"(?:(?P<w>" + _WEEKDAY + r")\s+(?:after\s+next|en\s+(?P<days>huit|"
            r"quinze)|in\s+acht\s+tagen|week(?!\s*\d)|(?:in|over|tra|fra)\s+(?P<n>" + _NUM
            + r")\s+(?:wochen?|weken?|week|settiman[ae]))|(?:übernächste[nr]?|(?P<n2>" + _NUM
            + r")\s+weeks?\s+(?:from|on))\s+(?P<w2>" + _WEEKDAY + r"))" + _E),
        _h_weekday_after_next,
    ),
    (
        _rx(_B + _ART + r"(?:(?P<u>" + _WEEKEND + r")\s+after\s+next|(?:übernächste[sn]?|"
            r"overnächste)\s+(?P<u2>" + _WEEKEND + r"))" + _E),
        _h_weekend_after_next,
    ),
    (
        _rx(_B + _ART + r"(?P<w>" + _WEEKDAY + r")\s+(?:of\s+|della\s+|da\s+|de\s+la\s+|"
            r"de\s+|del\s+|van\s+)?(?:the\s+|la\s+)?(?:(?P<r1>" + _REL + r")\s+(?P<wk>"
            + alternation(w for w, u in UNITS.items() if u == "week") + r")|(?P<wk2>"
            + alternation(w for w, u in UNITS.items() if u == "week") + r")\s+(?P<r2>" + _REL
            + r"))" + _E),
        _h_weekday_of_week,
    ),
    (
        _rx(_B + r"(?P<r>" + _REL + r")\s+(?P<wk>" + alternation(
            w for w, u in UNITS.items() if u == "week") + r")\s+(?:on\s+|am\s+|op\s+)?(?P<w>"
            + _WEEKDAY + r")" + _E),
        _h_rel_weekday,
    ),
    (_rx(_B + _ART + r"(?P<r>" + _REL + r")\s+(?P<w>" + _WEEKDAY + r")" + _E), _h_rel_weekday),
    (_rx(_B + _ART + r"(?P<w>" + _WEEKDAY + r")\s+(?P<r>" + _REL + r")" + _E), _h_rel_weekday),
    (_rx(_B + _ART + r"(?P<r>)?(?P<w>" + _WEEKDAY + r")" + _E), _h_rel_weekday),
    (
        _rx(_B + r"(?P<n>" + _NUM + r")\s+(?P<u>" + _UNIT + r")\s+from\s+"
            r"(?P<from>today|tomorrow)" + _E),
        _h_offset_from_day,
    ),
    (
        _rx(_B + r"(?:(?P<a>an?)|(?P<n>" + _NUM + r"))\s+(?P<u>" + _DAYS_TO_MONTHS + r")\s+"
            r"(?P<from>today|tomorrow)" + _E),
        _h_span_said_before_the_day,
    ),
    (
        _rx(_B + r"(?:(?P<from>aujourd['’]hui|demain)\s+en|(?P<from2>oggi|domani)\s+a)\s+"
            r"(?P<n>huit|quinze|otto|quindici)(?P<u>)" + _E),
        _h_span_said_before_the_day,
    ),
    (
        _rx(_B + r"(?:(?P<from>heute|morgen)\s+in|(?:de\s+)?(?P<from2>hoy|mañana)\s+en|"
            r"d['’]ici|de\s+aquí\s+a|da\s+qui\s+a|(?:vandaag|morgen)\s+over)\s+"
            r"(?:(?:a|an|une?|una?|uno|einer?|einem|een)\s+)?(?P<n>" + _NUM + r")?\s*"
            r"(?P<u>" + _UNIT + r")" + _E),
        _h_offset_from_day,
    ),
    (
        _rx(_B + r"(?:(?P<back>vor|il\s+y\s+a|hace|há)|in|within|dans|en|dentro\s+de|tra|fra|"
            r"entro|daqui\s+a|em|over|binnen)\s+(?:(?:a|an|the|un|une|una|uno)\s+)?"
            r"(?P<n>" + _NUM + r")\s+(?P<u>" + _UNIT + r")" + _E),
        _h_offset,
    ),
    (
        _rx(_B + r"(?:in|within|dans|en|tra|fra|daqui\s+a|em|over)\s+(?:a|une|una|uno|een)?\s*"
            r"(?P<n>)(?P<u>fortnight|quinzaine)" + _E),
        _h_offset,
    ),
    (
        _rx(_B + r"(?P<n>" + _NUM + r")\s+(?P<u>" + _UNIT + r")\s+"
            r"(?P<post>ago|from\s+now|later|fa|atrás|geleden|plus\s+tard|después|dopo|depois)"
            r"(?!\s+(?:de|di|del|da|do|dal)\b)" + _E),  # "faz 6 anos depois de amanhã": after a
        # day it names, not that long from now
        _h_offset,
    ),
    (
        _rx(_B + r"(?:(?:the|le|el|il|am|den|dem|op|on|dia|día|o|de)\s+|"
            r"(?=\d{1,2}(?:st|nd|rd|th|er|º|e|\.)\s))(?P<d>\d{1,2})"
            r"(?:st|nd|rd|th|er|º|e|\.)?\s+(?:of\s+(?:the\s+)?|du\s+|del\s+|de\s+la\s+|"
            r"de\s+|do\s+|van\s+(?:de\s+)?|des\s+|dello\s+|della\s+)?" + _REL_MONTH + _E),
        _h_day_of_rel_month,
    ),
    (
        _rx(_B + _ART + _REL_MONTH + r"\s*,?\s+(?:(?:on\s+)?the\s+|am\s+|le\s+|el\s+|il\s+|"
            r"o\s+dia\s+|dia\s+|op\s+de\s+|den\s+)(?P<d>\d{1,2})(?:st|nd|rd|th|er|º|e|\.)?"
            r"(?![\d:/])" + _E),
        _h_day_of_rel_month,
    ),
    (
        _rx(_B + r"(?:(?:on\s+|am\s+|le\s+|el\s+|il\s+)?(?P<w>" + _WEEKDAY + r"|"
            + alternation(WEEKDAY_SHORT) + r")\.?\s+(?:the\s+|le\s+"
            r"|el\s+|il\s+|den\s+)?|(?:the|le|el|il|am|den|dem|op|on|dia|día|de(?=\s+\d{1,2}e\b))\s+)"
            r"(?P<d>\d{1,2})(?:st|nd|rd|th|er|º|e|\.)?"
            + r"(?![\w/.:,]\d)(?!\.?\s*(?:(?:de|of|di)\s+)?(?:" + _MONTH
            + r"|%|€|\$|years?|ans|años|anni|anos|jahre|jaar|h\b|uhr|heures?|min|km|kg|kilos?"
            r"|minutes?|hours?|people|personas|persone|off\b))"
            + _E),
        _h_day_of_month,
    ),
    (
        _rx(r"(?<![\w:.])(?:(?:at|um|à|às|as|a\s+las|a\s+la|alle|all['’]|om|a)\s+)?(?P<h>\d{1,2})"
            r"(?:[:h.](?P<mi>\d{2}))?\s*(?:h|uhr|uur|heures?)?\s+(?:(?P<pm>" + _AFTERNOON
            + r")|(?P<eve>" + _EVENING + r")|(?:" + _MORNING + r"))" + _E),
        _h_clock_of_day_part,
    ),
    (
        _rx(r"(?<![\w:.])(?P<pre>(?:at|um|à|a\s+las|a\s+la)\s+)?(?P<h>\d{1,2})"
            r"(?:(?P<sep>[:h.])(?P<mi>\d{2}))?\s*"
            r"(?P<suf>a\.m\.|p\.m\.|am|pm|uhr|heures?|h|o'clock)?(?![\w])"
            r"|" + _B + r"(?<!après-)(?<!apres-)(?:at\s+|um\s+|à\s+|a\s+)?"
            r"(?P<word>noon|midnight|mittag|midi|minuit|mediodía|medianoche)" + _E),
        _h_clock,
    ),
    (_rx(_B + r"(?:" + alternation(VAGUE) + r")" + _E), _h_vague),
)

_ZH_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
           "九": 9, "十": 10, "半": 0}
_ZH_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def _zh_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if len(text) == 2 and text[0] == "十":
        return 10 + _ZH_NUM.get(text[1], 0)
    if len(text) == 2 and text[1] == "十":
        return 10 * _ZH_NUM.get(text[0], 1)
    return _ZH_NUM.get(text, 1)


def _h_zh_weekday(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    rel = {"下下": 2, "上上": -2, "下": 1, "上": -1, "这": 0, "本": 0, "": 0}[m["r"] or ""]
    target = _ZH_WEEKDAY[m["w"]]
    if m["r"]:
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=rel)
        return _one_day(monday + timedelta(days=target))
    return _weekday(target, 0, ref, opts.tense)


def _h_zh_rel_unit(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    rel = {"下下": 2, "上上": -2, "下": 1, "上": -1, "这": 0, "本": 0, "今": 0, "明": 1,
           "去": -1}[m["r"]]
    unit = {"周": "week", "星期": "week", "礼拜": "week", "月": "month", "年": "year",
            "周末": "weekend"}[m["u"]]
    return _relative_unit(unit, rel, ref)


def _h_zh_offset(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    unit = {"天": "day", "周": "week", "星期": "week", "礼拜": "week", "个月": "month",
            "月": "month", "年": "year"}[m["u"]]
    amount = _zh_number(m["n"])
    return _one_day(_shift(ref, unit, -amount if m["post"] == "前" else amount))


def _h_zh_date(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    day = int(m["d"])
    if m["mo"]:
        month = int(m["mo"])
        if m["y"]:
            return _ymd(int(m["y"]), month, day)
        found = _coming_unless_past(_closest(ref, lambda y: date(y, month, day), opts.tense),
                                    ref, opts.tense)
        return None if found is None else _one_day(found)
    return _h_day_of_month(re.match(r"(?P<w>)?(?P<d>\d+)", str(day)) or m, ref, opts)


_ZH_DAY_WORDS = {"今天": 0, "今晚": 0, "今早": 0, "明天": 1, "明早": 1, "明晚": 1, "后天": 2,
                 "昨天": -1, "昨晚": -1, "前天": -2, "大后天": 3}


_ZH_NOT_EVERY_DAY = r"(?!天(?![气空然津才下堂生文地使]))"
"""A day word whose 天 begins 天天 ("every day") is not a day: in "上线前天天加班" (before
the launch, every day) 前 closes "上线前" and 天天 is the habit, not 前天 (the day before
yesterday). 今天天气 (today's weather) keeps 今天."""


def _h_zh_day_word(m: re.Match[str], ref: date, opts: Opts) -> _Piece | None:
    return _one_day(ref + timedelta(days=_ZH_DAY_WORDS[m.group(0)]))


_ZH_NOT_A_COUNT = r"(?![个次回趟节])"
"""A number after 周 / 星期 / 礼拜 that a measure word follows counts per week, it names no
weekday: "一礼拜四个班" is four shifts a week, "一周三次" three times a week, not Thursday or
Wednesday."""


_ZH_MATCHERS: tuple[tuple[re.Pattern[str], _Handler], ...] = (
    (re.compile(r"(?P<mo>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<part>初|上旬|中旬|下旬|底|末)"),
     _h_zh_part_of_month),
    (re.compile(r"(?:(?P<zr>[下上这本])(?:个)?)?月(?P<part>初|上旬|中旬|下旬|底|末)(?P<r>)(?P<r2>)"),
     _h_part_of_rel_month),
    (re.compile(r"(?P<r>[下上这本])(?:个)?月(?:的)?(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]"),
     _h_day_of_rel_month),
    (re.compile(r"(?:(?P<y>\d{4})年)?(?P<mo>\d{1,2})月(?P<d>\d{1,2})[日号]"), _h_zh_date),
    (re.compile(r"(?<![\d月])(?P<w>)(?P<d>\d{1,2})[日号](?!\w*[月])"), _h_day_of_month),
    (re.compile(r"(?P<r>下下|上上|[下上这本]?)(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])"
                + _ZH_NOT_A_COUNT), _h_zh_weekday),
    (re.compile(r"(?P<y>今年|明年|去年|前年|后年)?的?(?P<s>春天|春季|夏天|夏季|秋天|秋季|冬天|冬季)"),
     _h_zh_season),
    (re.compile(r"(?P<r>下下|上上|[下上这本今明去])(?:个)?(?P<u>周末|周|星期|礼拜|月|年)"
                r"(?![一二三四五六日天])"), _h_zh_rel_unit),
    (re.compile(r"(?P<n>\d+|[一两二三四五六七八九十半]{1,2})个?(?P<u>天|周|星期|礼拜|个月|年)(?P<post>[后前])"),
     _h_zh_offset),
    (re.compile("(?:" + "|".join(sorted(_ZH_DAY_WORDS, key=len, reverse=True)) + ")"
                + _ZH_NOT_EVERY_DAY), _h_zh_day_word),
)


@dataclass(frozen=True, slots=True)
class Found:
    start: int
    end: int
    piece: _Piece


_EVERY_BEFORE = re.compile(
    r"(?i)(?:(?<!\w)(?:every|each|jeden|jede|jedem|chaque|tous\s+les|toutes\s+les|cada|"
    r"todos\s+los|todas\s+las|ogni|tutti\s+i|tutte\s+le|todas\s+as|todos\s+os|toda|todo|elke|"
    r"iedere)"
    r"\s+(?:other\s+|second\s+|zweiten\s+|deux\s+)?|每(?:个|逢)?)$"
)
"""A weekday after "every" ("every Sunday", "jeden Sonntag", "cada miércoles", 每周日) is a
habit, not a dated day: no single date is read from it."""

_EVERY_DAY_AND = re.compile(
    r"(?i)(?<!\w)(?:every|jeden|chaque|cada|ogni|toda|todo|elke|todos\s+los|todas\s+las|"
    r"tutti\s+i|tous\s+les|todas\s+as|todos\s+os)\s+[^\W\d_]+(?:-feira)?\s+"
    r"(?:and|und|et|y|e|en|&)\s+$")
"""The second weekday of a habit's pair ("toda terça e quinta", "every Tuesday and
Thursday"): every one of it too."""

_WEEKDAY_HANDLERS: tuple[_Handler, ...] = (_h_rel_weekday, _h_zh_weekday)


_HABIT_ARTICLE = re.compile(r"(?i)(?<!\w)(?:los|las|il)\s+$")
"""An article that makes a weekday every one of them: Spanish "los jueves" (plural), Italian
"il giovedì" (a bare "giovedì" is this Thursday); French "le jeudi" below."""


_ONE_OF_THEM = re.compile(r"(?i)(?<!\w)(?:un|une|ein|eine|einen|einem|uno|una|een)\s+$")
"""An indefinite article that makes a weekday any one of them ("a Wednesday evening market",
"un mercredi sur deux", "ein Mittwoch wie jeder andere"): no date. "a" only before an
English weekday: Portuguese "a quarta" is "the Wednesday", Spanish "a viernes" "to Friday"."""


_OWNER_BEFORE = re.compile(r"(?i)(?<!\w)(?:my|our|your|his|her|their)\s+$")
"""A possessive before an English weekday ("my Tuesday class", "our Friday dinners")."""

_PART_OF_DAY = ("morning", "afternoon", "evening", "night")
_NOT_A_NOUN = ("after", "before", "and", "but", "the", "for", "from", "with", "that", "this",
               "then", "when", "which", "who", "where", "was", "were", "are", "will", "would",
               "could", "should", "can", "has", "had", "have", "you", "she", "they", "his",
               "her", "our", "your", "their", "its", "them", "him", "there", "off", "till",
               "until", "through", "thru", "around", "about", "not", "too", "also", "just",
               "next", "last", "coming", "following", "works", "suits", *_PART_OF_DAY)
"""Words that may follow "the Sunday" or "my Sunday" when it is a day ("the Sunday after
next", "the Sunday she left", "my Sunday was quiet", "the Sunday morning"): no noun that it
could qualify."""

_NOUN_AFTER = re.compile(r"(?:\s+(?:" + "|".join(_PART_OF_DAY) + r"))?\s+(?!(?:"
                         + "|".join(_NOT_A_NOUN) + r")\b)[a-z]{3,}(?![\w'’])")
"""A lowercase noun after an English weekday, past a part of the day ("stall", "evening
market", "morning run")."""

_OF_THE_DAY_BEFORE = re.compile(r"(?i)(?<!\w)(?:du|della|dello|del)\s+$")
"""French "du" and Italian "del" / "della" before a weekday, after the noun it qualifies
("le marché du dimanche", "il corso del martedì"): the one of every such day. Spanish "del
martes" mostly names one Tuesday ("la entrevista del martes") and is left dated."""

_FROM_THE_DAY_BEFORE = re.compile(r"(?i)(?:partir|compter)\s+du\s+$")
"""French "à partir du lundi": from a day on, a date."""

_RANGE_AFTER = re.compile(r"(?i)\s*(?:au|al|jusqu['’]au|fino\s+al)\s")
"""The second end of a range after a weekday ("du lundi au vendredi")."""


def _qualifies_a_noun(m: re.Match[str]) -> bool:
    """Whether a bare weekday names the kind of a recurring thing rather than a day: English
    after "the" or a possessive and before a noun ("the Sunday stall", "my Tuesday class";
    not "the Sunday after next", "this Sunday"), French "du" and Italian "del" after the
    noun ("le marché du dimanche", "il corso del martedì"; not "du lundi au vendredi")."""
    before, after = m.string[: m.start()], m.string[m.end():]
    if re.match(r"(?i)the\s", m.group(0)) or _OWNER_BEFORE.search(before):
        return _NOUN_AFTER.match(after) is not None
    of_the_day = _OF_THE_DAY_BEFORE.search(before)
    if of_the_day is None or _FROM_THE_DAY_BEFORE.search(before) or _RANGE_AFTER.match(after):
        return False
    return of_the_day.group(0).casefold().startswith("du") or detect_language(m.string) == "it"


def _a_habit(m: re.Match[str], handler: _Handler) -> bool:
    """Whether a bare weekday match is the day of a habit ("every Sunday", "los jueves", "le
    jeudi", "il giovedì", "la domenica"), any one of them ("a Wednesday evening one") or the
    kind of a recurring thing ("the Sunday stall", "le marché du dimanche")."""
    if handler not in _WEEKDAY_HANDLERS or m["r"]:
        return False
    before = m.string[: m.start()]
    return _EVERY_BEFORE.search(before) is not None or \
        _EVERY_DAY_AND.search(before) is not None or \
        _HABIT_ARTICLE.search(before) is not None or \
        _ONE_OF_THEM.search(before) is not None or (
            re.search(r"(?<!\w)(?:a|an|A|An)\s+$", before) is not None
            and re.match(r"(?i)(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", m.group(0))
            is not None) or \
        re.match(r"(?i)(?:le|la)\s", m.group(0)) is not None or _qualifies_a_noun(m) or \
        _PARTS_OF_DAYS_AFTER.match(m.string, m.end()) is not None


_PARTS_OF_DAYS_AFTER = re.compile(
    r"(?i)(?:\s*(?:,|and|&|or)\s*(?:mon|tues|wednes|thurs|fri|satur|sun)day)*"
    r"\s+(?:nights|mornings|evenings|afternoons)\b")
"""A part of the day in the plural after an English weekday, or after the weekdays said with
it ("Band practice is Wednesday nights", "tuesday and thursday mornings"): every such day,
no date."""


_CAPITALISED_WEEKDAYS = frozenset({
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "montag",
    "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag"})
"""Weekdays written with a capital in any sentence (English, German)."""


def _a_name(m: re.Match[str], handler: _Handler) -> bool:
    """Whether a bare weekday is a person's name: capitalised inside a sentence in a language
    that writes weekdays in lower case ("mia zia Domenica", "mi tío Domingo"). With a word
    that places it ("domingo este", "domenica prossima") it is a name only inside a name of
    several capitalised words ("un liceo de Santo Domingo Este")."""
    if handler not in _WEEKDAY_HANDLERS:
        return False
    word = next((w for w in re.findall(r"[^\W\d_][\w-]*", m.group(0))
                 if w.casefold() in WEEKDAYS), None)
    if word is None or not word[0].isupper() or word.casefold() in _CAPITALISED_WEEKDAYS:
        return False
    before = m.string[:m.start() + m.group(0).index(word)].rstrip()
    inside = bool(before) and not before.endswith((".", "!", "?", ":", ";", "…", "\n"))
    if m["r"]:  # (a placing word said first, "el próximo Domingo", keeps it a day)
        return inside and m.start("r") > m.start() + m.group(0).index(word) and (
            m["r"][0].isupper() or
            re.search(r"(?<![\w'’])[A-ZÀ-Þ][\w'’-]*$", before) is not None)
    return inside


_ORDINAL_AFTER = re.compile(
    r"(?i)\s+(?:m[ãa]o|vez|vezes|opini[ãa]o|parte|s[ée]rie|classe|chance|gera[çc][ãa]o|"
    r"temporada|edi[çc][ãa]o|divis[ãa]o|fila|etapa|fase|dose)\b")
"""What follows a Portuguese weekday word used as an ordinal ("uma mota em segunda mão", "pela
quinta vez", "a terça parte", "a segunda dose"): second, fifth, third — no day."""


def _an_ordinal(m: re.Match[str], handler: _Handler) -> bool:
    """Whether a bare weekday is an ordinal ("comprei uma mota em segunda mão")."""
    return handler in _WEEKDAY_HANDLERS and not m["r"] and \
        _ORDINAL_AFTER.match(m.string, m.end()) is not None


def scan(text: str, ref: date, day_first: bool, tense: str | None = None) -> list[Found]:
    opts = Opts(day_first, tense)
    found: list[Found] = []
    bare: dict[tuple[int, int], int] = {}  # where a bare weekday was said → which weekday
    counted: set[tuple[int, int]] = set()  # where a day was counted ("in two weeks")
    han = re.search(r"[\u4e00-\u9fff]", text) is not None
    for pattern, handler in (*_MATCHERS, *_ZH_MATCHERS) if han else _MATCHERS:
        for m in pattern.finditer(text):
            if m.end() == m.start() or _a_habit(m, handler) or _a_name(m, handler) or \
                    _an_ordinal(m, handler):
                continue
            piece = handler(m, ref, opts)
            if piece is not None:
                found.append(Found(m.start(), m.end(), piece))
                if handler in _WEEKDAY_HANDLERS and not m["r"] and \
                        not m.groupdict().get("wk") and isinstance(piece, Days):
                    bare[(m.start(), m.end())] = piece.first.weekday()
                if handler is _h_offset:
                    counted.add((m.start(), m.end()))
    found.sort(key=lambda f: (f.start, f.start - f.end))
    chosen: list[Found] = []
    for item in found:
        if not chosen or item.start >= chosen[-1].end:
            chosen.append(item)
    chosen = _weekdays_with_their_date(text, chosen, bare)
    chosen = _counted_day_named(chosen, counted)
    chosen = _without_every_working_week(text, chosen, bare, ref)
    chosen = _without_weekdays_of_a_habit(text, chosen, bare, ref, tense)
    return _ranges_in_order(text, _weekdays_after_a_day_to_come(chosen, bare, ref))


COUNTED_DAY_NAMED_WITHIN_CHARS = 30
"""How soon after a counted day ("in two weeks") the day it names may follow."""

COUNTED_DAY_NAMED_WITHIN_DAYS = 4
"""How far from the counted day the day named after it may be and still be that day: "daqui
a duas semanas, na segunda-feira, dia 7" said on Saturday 22 March is Monday 7 April, two
days after the fortnight's 5 April."""


def _counted_day_named(chosen: list[Found], counted: set[tuple[int, int]]) -> list[Found]:
    """A day counted from now and then named ("in two weeks, on Monday the 7th", "daqui a
    duas semanas, na segunda-feira, dia 7"): the named day, which a count of weeks only comes
    near, when it falls within :data:`COUNTED_DAY_NAMED_WITHIN_DAYS` of it."""
    out: list[Found] = []
    for item in chosen:
        before = out[-1] if out else None
        if before is not None and (before.start, before.end) in counted and \
                isinstance(before.piece, Days) and isinstance(item.piece, Days) and \
                item.piece.granularity is Granularity.DAY and \
                0 <= item.start - before.end <= COUNTED_DAY_NAMED_WITHIN_CHARS and \
                abs((item.piece.first - before.piece.first).days) <= \
                COUNTED_DAY_NAMED_WITHIN_DAYS:
            out[-1] = Found(before.start, item.end, item.piece)
            continue
        out.append(item)
    return out


_BESIDE_ITS_DATE = re.compile(r"(?i)[\s,，]*(?:(?:the|den|der|dia|de|el|le|il|op|am)\s+)?")
"""What may stand between a weekday and the date it names: "Saturday, March 14", "Samstag,
den 14.", "sábado dia 14", "zaterdag de 14e", "3月14日星期六"."""


def _weekdays_with_their_date(text: str, chosen: list[Found],
                              bare: dict[tuple[int, int], int]) -> list[Found]:
    """A bare weekday said right beside a day of the month is that day ("martedì 10 marzo",
    "Saturday, March 14", "3月14日星期六"), not the next such weekday and then the date: one
    date, the day of the month's (it is the more precise when the two disagree)."""
    out: list[Found] = []
    for item in chosen:
        before = out[-1] if out else None
        if before is not None and _beside(text, before, item) and (
                ((before.start, before.end) in bare and _a_day_of_the_month(item, bare)) or
                ((item.start, item.end) in bare and _a_day_of_the_month(before, bare))):
            day, named = (before, item) if (item.start, item.end) in bare else (item, before)
            piece = day.piece if _MONTH_SAID.search(text[day.start:day.end]) else \
                _month_of_the_weekday(day.piece, bare[(named.start, named.end)])
            out[-1] = Found(before.start, item.end, piece)
            continue
        out.append(item)
    return out


_MONTH_SAID = re.compile(
    r"(?i)(?!(?:the|den|der|dia|del|op|am|on)\b)[^\W\d_]{3,}|\d+\s*[./-]\s*\d+")
"""A month said with a day ("March 14", "14.03."): what only the day's number says may be
moved to the month of its weekday; a month said stays."""


def _month_of_the_weekday(piece: _Piece, weekday: int) -> _Piece:
    """The day of the month ``piece`` names, moved a month on or back when only there it falls
    on the ``weekday`` said beside it ("na segunda-feira, dia 7", said in March 2025: Monday 7
    April, not Friday 7 March); as it is otherwise (a wrong weekday stays the user's)."""
    if not isinstance(piece, Days) or piece.first.weekday() == weekday:
        return piece
    for months in (1, -1):
        try:
            moved = add_months(piece.first.replace(day=1), months).replace(day=piece.first.day)
        except ValueError:
            continue
        if moved.weekday() == weekday:
            return _one_day(moved)
    return piece


def _beside(text: str, a: Found, b: Found) -> bool:
    return _BESIDE_ITS_DATE.fullmatch(text[a.end:b.start]) is not None


def _a_day_of_the_month(item: Found, bare: dict[tuple[int, int], int]) -> bool:
    return (item.start, item.end) not in bare and isinstance(item.piece, Days) and \
        item.piece.granularity is Granularity.DAY and \
        (item.piece.end - item.piece.first).days <= 1


_WORKING_WEEK_ENDS = (4, 5)
"""The last day of a working week said as a range from Monday: Friday, or Saturday for a
shop's week."""


def _sets_the_week(text: str, said_before: Found, ref: date) -> bool:
    """Whether a date said before a range of weekdays names the week they fall in ("next
    week", "last week", "in two weeks"): a week, or a day still to come, that is not where a
    habit starts ("ab nächster Woche", "from next week", "a partir de la semana que viene")."""
    piece = said_before.piece
    if not isinstance(piece, Days) or \
            anchor_of(text, said_before.start) is not TemporalAnchor.AT or \
            _FROM_ON.search(text[max(0, said_before.start - 16):said_before.start]):
        return False
    return piece.granularity is Granularity.WEEK or (
        piece.granularity is Granularity.DAY and piece.first > ref)


def _without_every_working_week(text: str, chosen: list[Found], bare: dict[tuple[int, int], int],
                                ref: date) -> list[Found]:
    """Monday to Friday (or Saturday) said of no week in particular is every such week, a
    habit ("Trabajo de lunes a viernes", "von Montag bis Freitag", 周一到周五): neither end is
    a date. Said after a week it stays that week's ("next week from Monday to Friday")."""
    dropped: set[int] = set()
    for i in range(1, len(chosen)):
        first, last = chosen[i - 1], chosen[i]
        if bare.get((first.start, first.end)) == 0 and \
                bare.get((last.start, last.end)) in _WORKING_WEEK_ENDS and \
                joined_as_range(text, first, last) and \
                not (i >= 2 and _sets_the_week(text, chosen[i - 2], ref)):
            dropped.update((i - 1, i))
    return [item for i, item in enumerate(chosen) if i not in dropped]


_WEEKDAYS_JOINED = re.compile(r"(?i)\s*(?:,\s*)?(?:(?:and|e|y|et|und|en|&)\s+)?$")
"""What joins the weekdays of a habit ("martedì e giovedì", "Montag und Freitag", "mardi, jeudi
et samedi")."""


def _without_weekdays_of_a_habit(text: str, chosen: list[Found],
                                 bare: dict[tuple[int, int], int], ref: date,
                                 tense: str | None) -> list[Found]:
    """Two or more bare weekdays said together, of no week in particular and not of what is
    to come, are the days of a habit ("nuoto martedì e giovedì alle 19:30", "Op dinsdag en
    donderdag fiets ik nu naar de zaak", "Homeoffice bleibt Montag und Freitag"): none of
    them is a date. Said after a week ("next week, Monday and Tuesday"), in a future clause
    ("I'll be in Madrid Monday and Tuesday") or a past one ("Saturday and Sunday we went to
    the beach") they stay days."""
    if tense in ("future", "past"):
        return chosen
    dropped: set[int] = set()
    for i in range(1, len(chosen)):
        first, last = chosen[i - 1], chosen[i]
        if (first.start, first.end) in bare and (last.start, last.end) in bare and \
                first.end < last.start and \
                _WEEKDAYS_JOINED.fullmatch(text[first.end:last.start]) is not None and \
                not joined_as_range(text, first, last) and \
                not (i >= 2 and (chosen[i - 2].start, chosen[i - 2].end) not in bare and
                     _sets_the_week(text, chosen[i - 2], ref)):
            dropped.update((i - 1, i))
    return [item for i, item in enumerate(chosen) if i not in dropped]


def _weekdays_after_a_day_to_come(chosen: list[Found], bare: dict[tuple[int, int], int],
                                  ref: date) -> list[Found]:
    """A bare weekday said after a day still to come is that day's or the next one after it
    ("in two weeks I'm in Madrid, Tuesday to Thursday": the Tuesday of that week; "Saturday
    the 26th is off, moved to Sunday": the 27th), not the one nearest to when it is said."""
    out = list(chosen)
    for i in range(1, len(out)):
        before, item = out[i - 1].piece, out[i]
        weekday = bare.get((item.start, item.end))
        if weekday is None or not isinstance(before, Days) or before.first <= ref or \
                before.granularity not in (Granularity.DAY, Granularity.WEEK):
            continue
        day = before.first + timedelta(days=(weekday - before.first.weekday()) % 7)
        out[i] = Found(item.start, item.end, _one_day(day))
    return out


_RANGE_BETWEEN = re.compile(
    r"(?i)\s*(?:-|–|—|~|to|until|till|through|thru|bis(?:\s+zum|\s+zur)?|au|jusqu'au|"
    r"jusqu’au|al|hasta\s+el|a|fino\s+al|tot(?:\s+en\s+met)?|t/m|até|ao|到|至)\s*$"
)
"""What stands between the two ends of a range of dates ("14 May to 18 May", "vom 28.
Dezember bis 3. Januar", "du 28 décembre au 3 janvier", "5月14日到5月18日")."""


_FROM_ON = re.compile(r"(?i)\b(?:from|ab|vanaf|[aà]\s+partir\s+de|a\s+partire\s+da)"
                      r"(?:\s+(?:dem|den|le|el|o))?\s*$")
"""Words that start a state on a day without saying it has begun ("from May 14 I work
nights", "ab April", "vanaf mei"): unlike "since" / "seit" / "depuis", the day may lie
ahead."""


def looks_back(text: str, pieces: Sequence[Found]) -> bool:
    """Whether the first date found is the start of something that has already begun
    ("since April", "seit Mai", "depuis lundi"), so it lies in the past: not the first end of
    a range ("from May 14 to May 18") and not a start that may lie ahead ("from May 14",
    "ab April")."""
    if not pieces or opens_range(text, pieces) or \
            anchor_of(text, pieces[0].start) is not TemporalAnchor.SINCE:
        return False
    return _FROM_ON.search(text[max(0, pieces[0].start - 16):pieces[0].start]) is None


_AGO_FIRST = re.compile(r"(?i)^(?:hace|há)\s")
_HOLDING_NOW: dict[str, re.Pattern[str]] = {
    "es": re.compile(r"(?i)(?<!\w)(?:tengo|tiene|tenemos|tienen|vivo|vive|vivimos|viven|"
                     r"trabajo|trabaja|trabajamos|trabajan|estoy|está|estamos|están|soy|es|"
                     r"somos|son|llevo|lleva|conozco|conoce|sigo|sigue|uso|usa|juego|juega|"
                     r"toco|toca|estudio|estudia)(?!\w)"),
    "pt": re.compile(r"(?i)(?<!\w)(?:tenho|tem|temos|têm|moro|mora|moramos|moram|vivo|vive|"
                     r"vivemos|vivem|trabalho|trabalha|trabalhamos|trabalham|estou|está|"
                     r"estamos|estão|tô|tá|sou|é|somos|são|conheço|conhece|ando|anda|uso|usa|"
                     r"jogo|joga|toco|toca|estudo|estuda)(?!\w)"),
}
"""Verbs of a state that holds now, in the languages whose "ago" word also says "for"."""


def held_for(said: str, text: str, lang: str, tense: str | None) -> bool:
    """Whether ``said``, a time said as "ago" in ``text``, is how long a present state has
    held: "vive en Lima hace dos años" (has lived there for two years), "tenho o Fiat há dez
    anos". Spanish and Portuguese say both with "hace" / "há"; a verb of a present state and
    no past tense in the clause make it "for" ("me mudé hace dos años", "comprei o Fiat há
    dez anos" stay "ago"). "desde hace" is a "since" already, read as such before."""
    holding = _HOLDING_NOW.get(lang)
    return tense in (None, "present") and holding is not None and \
        _AGO_FIRST.match(said) is not None and \
        holding.search(text) is not None and \
        re.search(r"(?i)\bdesde\s+" + re.escape(said), text) is None


def opens_range(text: str, pieces: Sequence[Found]) -> bool:
    """Whether the first two dates found are the two ends of a range ("from May 14 to May
    18", "dal 14 al 18 maggio", "vom 3. bis 7. Juni"): its "from" is then no "since", and
    the range may lie ahead."""
    return len(pieces) >= 2 and joined_as_range(text, pieces[0], pieces[1])


def joined_as_range(text: str, a: Found, b: Found) -> bool:
    """Whether two dates found one after the other are the two ends of one range."""
    return isinstance(a.piece, Days) and isinstance(b.piece, Days) and \
        _RANGE_BETWEEN.fullmatch(text[a.end:b.start]) is not None


def _ranges_in_order(text: str, chosen: list[Found]) -> list[Found]:
    """The end of a range of dates never lies before its start: a year-less end that was
    resolved on its own to an earlier day ("May 14 to May 18" said in November: 14 May is
    closest next year, 18 May this year; "28 December to 3 January" said on 29 June) is the
    next such day after the start, a year on."""
    out = list(chosen)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if not joined_as_range(text, a, b):
            continue
        assert isinstance(a.piece, Days) and isinstance(b.piece, Days)
        if b.piece.first >= a.piece.first or re.search(r"\d{4}", text[b.start:b.end]) or \
                a.piece.granularity not in (Granularity.DAY, Granularity.MONTH) or \
                b.piece.granularity is not a.piece.granularity:
            continue
        moved = Days(add_months(b.piece.first, 12), add_months(b.piece.end, 12),
                     b.piece.granularity, b.piece.moment)
        if moved.first >= a.piece.first:
            out[i] = Found(b.start, b.end, moved)
    return out


def anchor_of(text: str, start: int) -> TemporalAnchor:
    before = text[max(0, start - 12) : start]
    head = text[start : start + 7]
    if _ANCHOR_SINCE.search(before) or \
            re.match(r"(since|seit|depuis|desde|sinds|da|dal|dalla)\b", head, re.I) or \
            (re.search(r"\bda\s*$", before, re.I) and re.match(r"quest", head, re.I)):
        # ("da questo mese": Italian "since"; a bare "da" before a date is Portuguese "of")
        return TemporalAnchor.SINCE
    if _ANCHOR_UNTIL.search(before):
        return TemporalAnchor.UNTIL
    return TemporalAnchor.AT

