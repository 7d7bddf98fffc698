"""How far a rescheduling moves an event: "pushed back a week", "repoussé de deux semaines".

A rescheduling may say no new day but an amount: "mon rdv de demain est repoussé de deux
semaines", "the match got pushed back a week", "推迟了一周". The day it names then moves by
that much. :func:`shift_said` reads the amount, negative for an event brought forward
("um zwei Tage vorverlegt", "anticipato di una settimana"); :func:`shifted` moves a day;
:func:`moved_by_amount` writes a clause's day moved ("mon rdv est repoussé de deux semaines
(Monday 24 November 2025)"). An amount said as a time from now ("in two weeks", "dans deux
semaines", "over twee weken") or ago is a date, not a shift, and gives ``None``.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from lucidmem.facts.render import date_text
from lucidmem.facts.temporal_lexicon import NUMBERS, UNITS
from lucidmem.facts.temporal_patterns import Days, Granularity

__all__ = ["moved_by_amount", "shift_said", "shifted"]

_EARLIER: dict[str, str] = {
    "en": r"brought\s+forward|moved\s+(?:it\s+)?up|moved\s+forward",
    "de": r"vorverlegt|vorgezogen|nach\s+vorne",
    "fr": r"avancé|avancée",
    "es": r"adelantad[oa]|adelantaron|adelantó",
    "it": r"anticipat[oa]|anticipano|anticipata",
    "pt": r"antecipad[oa]|anteciparam|antecipou",
    "nl": r"vervroegd|naar\s+voren",
    "zh": r"提前",
}
"""Words that move an event earlier; any other rescheduling moves it later."""

_NOT_A_SHIFT_BEFORE = re.compile(
    r"(?i)(?:\b(?:in|within|dans|en|em|entro|tra|fra|over|binnen|daqui\s+a|dentro\s+de|"
    r"nach|vor|il\s+y\s+a|hace|há|ha)\s+$)")
"""A word before the amount that makes it a time from now or ago ("in two weeks", "vor
zwei Wochen", "il y a deux semaines")."""

_AGO = re.compile(r"(?i)^\s*(?:ago|back\b(?!\s+to)|her|fa\b|atrás|geleden|depuis|hace)")
"""A word after the amount that makes it a time ago ("two weeks ago", "vor zwei Wochen")."""

_NUMBERS = {**NUMBERS, "einen": 1}
"""Amounts in words ("a", "zwei", "deux") and "einen" ("um einen Tag verschoben")."""

_LATIN_AMOUNT = re.compile(
    r"(?i)(?<!\w)(?P<n>\d{1,2}|" + "|".join(
        re.escape(w) for w in sorted(_NUMBERS, key=len, reverse=True)) + r")\s+(?P<unit>" +
    "|".join(re.escape(u) for u in sorted(
        (u for u, kind in UNITS.items() if kind in ("day", "week", "month", "fortnight")),
        key=len, reverse=True)) + r")(?![\w'’])")
"""An amount of days, weeks or months in a language written with Latin letters, perhaps
after an elided "de" ("d'une semaine")."""

_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10}
_ZH_AMOUNT = re.compile(r"(?P<n>\d{1,2}|[一两二三四五六七八九十])\s*(?:个)?"
                        r"(?P<unit>天|日|周|星期|礼拜|月)")
_ZH_UNITS = {"天": "day", "日": "day", "周": "week", "星期": "week", "礼拜": "week",
             "月": "month"}

_DAYS_PER = {"day": 1, "week": 7, "fortnight": 14}


def shift_said(text: str, lang: str) -> tuple[int, str] | None:
    """The amount a rescheduling in ``text`` moves its event by, as ``(count, unit)`` with
    unit "day", "week", "fortnight" or "month" and a negative count for an event brought
    forward; ``None`` when it says no amount, or says it as a time from now or ago.

    "repoussé de deux semaines" → ``(2, "week")``; "um einen Tag vorverlegt" → ``(-1,
    "day")``; "pushed back in two weeks" → ``None``."""
    if lang == "zh":
        m = _ZH_AMOUNT.search(text)
        if m is None:
            return None
        raw = m["n"]
        n = int(raw) if raw.isdigit() else _ZH_DIGITS[raw]
        unit = _ZH_UNITS[m["unit"]]
    else:
        m = _LATIN_AMOUNT.search(text)
        if m is None or _NOT_A_SHIFT_BEFORE.search(text[:m.start()]) or _AGO.match(text[m.end():]):
            return None
        raw = m["n"].casefold()
        n = int(raw) if raw.isdigit() else _NUMBERS.get(raw, 0)
        unit = UNITS[m["unit"].casefold()]
    if n <= 0:
        return None
    earlier = _EARLIER.get(lang)
    if earlier is not None and re.search(r"(?i)(?:" + earlier + r")", text):
        n = -n
    return n, unit


def shifted(day: date, count: int, unit: str) -> date:
    """``day`` moved by ``count`` units ("day", "week", "fortnight", "month"); a month keeps
    the day of the month, or the month's last day when it has none (31 January + 1 month →
    28 February)."""
    if unit == "month":
        month = day.month - 1 + count
        year, month = day.year + month // 12, month % 12 + 1
        last = (date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)).day
        return date(year, month, min(day.day, last))
    return day + timedelta(days=count * _DAYS_PER[unit])


_WRITTEN = re.compile(
    r"(?:\s+(?:on|of|from|for|de|du|d['’]|vom|von|am|del|di|do|da|van|op|la|le|el|il|"
    r"the))?\s*(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\s+)?"
    r"\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December) \d{4}")
"""A day as :func:`~lucidmem.facts.render.date_text` writes it, with a word before it."""


def moved_by_amount(dated: str, day: Days, lang: str) -> tuple[str, Days] | None:
    """The clause ``dated`` (its dates written out) and its one ``day`` moved by the amount
    it says, or ``None`` when it says none: the old day is taken out and the new one
    written after the amount. "mon rdv de 10 November 2025 est repoussé de deux semaines"
    → "mon rdv est repoussé de deux semaines (Monday 24 November 2025)"."""
    if day.granularity is not Granularity.DAY:
        return None
    amount = shift_said(dated, lang)
    old = _WRITTEN.search(dated)
    if amount is None or old is None:
        return None
    first = shifted(day.first, *amount)
    moved = Days(first, first + (day.end - day.first), Granularity.DAY, day.moment)
    text = dated[:old.start()] + dated[old.end():]
    found = _ZH_AMOUNT.search(text) if lang == "zh" else _LATIN_AMOUNT.search(text)
    if found is None:
        return None
    written = f" ({date_text(moved, with_weekday=True)})"
    return text[:found.end()] + written + text[found.end():], moved
