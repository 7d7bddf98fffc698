"""How much the user works — a working rate (80 %, four days, 32 hours a week) — and what a
newer rate ends.

Pure functions over fact records (validation applies what they return):

* :func:`working_rates` — the rates a text says, in order ("au boulot je passe de 80% à
  60%" → 80 %, 60 %; "ik werk nu 4 dagen / 32 uur" → 4 days, 32 hours); a battery at 20 %
  or "in 3 days" says none;
* :func:`other_rate_targets` — "my 60% was accepted": the facts that say another working
  rate ("I asked to go from 80% to 60%", "I work 80%") end; wanting another rate ("I'd
  like to go down to 60%") changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import (
    WEEKLY,
    WORKING_RATE_UNITS,
    WORKING_VERBS,
    cue_pattern,
    has_cue,
)
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.records import Record

__all__ = [
    "other_rate_targets",
    "working_rates",
]


def _words_alternation(words: Iterable[str]) -> str:
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in word.split())
        tail = r"(?!\w)" if word[-1:].isalnum() else ""
        parts.append(body + tail)
    return "|".join(parts)


@cache
def _rate_pattern() -> re.Pattern[str]:
    units = "|".join(f"(?P<{'pct' if unit == '%' else unit}>{_words_alternation(words)})"
                     for unit, words in WORKING_RATE_UNITS.items())
    return re.compile(r"(?i)(?<![\d.,])(?P<n>\d{1,3})\s?(?:-\s?)?(?:" + units + r")")


_WEEKLY = re.compile(r"(?i)^\s*(?:" + _words_alternation(WEEKLY) + r")")
_WORKING_VERB = re.compile(r"(?i)(?<!\w)(?:" + _words_alternation(WORKING_VERBS) + r")")


def working_rates(text: str, lang: str) -> list[tuple[str, str]]:
    """The working rates ``text`` says, in order, as (unit, number): a percentage beside a
    word of work or right after "my" ("au boulot je passe de 80% à 60%" → 80 %, 60 %;
    "mon 60% a été accepté" → 60 %), a count of days or hours after a verb of working or
    before "a week" ("ik werk nu 4 dagen / 32 uur" → 4 days, 32 hours). A battery at 20 %
    or "in 3 days" says none.

    >>> working_rates("Teilzeit 70 % ab Mai", "de")
    [('%', '70')]
    """
    work = has_cue("working_time", lang, text)
    own = cue_pattern("own_rate", lang)
    out = []
    for m in _rate_pattern().finditer(text):
        if m["pct"]:
            before = text[:m.start()].rstrip()
            mine = own is not None and any(o.end() == len(before)
                                           for o in own.finditer(before))
            if work or mine:
                out.append(("%", m["n"]))
        elif _WEEKLY.match(text[m.end():]) or _WORKING_VERB.search(text[:m.start()]):
            out.append(("days" if m["days"] else "hours", m["n"]))
    return out


def other_rate_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The facts a newer working rate of the user ends: those that say another rate of the
    same unit than the one ``new`` says last. "c'est officiel, mon 60% a été accepté" ends
    "au boulot j'ai demandé à passer de 80% à 60%" (it names 80 %) and "ich arbeite 80%";
    "I'm still at 80% at work" leaves "I work 80%". Wanting another rate changes nothing
    ("I'd like to go down to 60%")."""
    d = new.data
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or new.text)
    if d.get("negated") or d.get("subject") != USER_SUBJECT or has_cue("wanting", lang, said):
        return []
    held = dict(working_rates(said, lang))  # the last number of each unit
    if not held:
        return []
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or r.get("subject") != USER_SUBJECT or r.get("negated"):
            continue
        theirs = working_rates(str(r.get("evidence") or rec.text),
                               str(r.get("language") or "en"))
        if any(unit in held and number != held[unit] for unit, number in theirs):
            out.append(rec)
    return out
