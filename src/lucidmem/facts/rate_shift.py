"""A habit counted per day or week, moved to another count without saying again what is
counted: "I smoke a pack a day" … "I'm down to 8 a day with the gum", "fumo un pacchetto al
giorno" … "sono sceso a 8 al giorno", "我现在每天抽一包烟" … "现在减到每天8根了".

The new statement says a count right after a word that moves it ("down to", "sceso a",
"runter auf", "减到") and the period right beside the number ("a day", "al giorno",
"每天"), with nothing counted between them. It ends the latest held fact of the same
person that counts something over the same period: that count is what moved. A new count
that names what it counts is left to the amount comparison of the lifecycle, which matches
the counted word. The cue words and periods are data of :mod:`lucidmem.facts.cue_lexicon`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lucidmem.facts.cue_lexicon import cue_pattern, find_cue
from lucidmem.records import Record

__all__ = ["moved_count_targets", "moves_a_count"]

_PERIODS = ("per_day", "per_week")
_NUMBER = r"\d+(?:\s*(?:-|–|o|or|oder|ou|a|of|或)\s*\d+)?"
_ZH_NUMBER = r"[\d一二两三四五六七八九十半]+"


def _period_of_moved_count(said: str, lang: str) -> str | None:
    """The period of the count a statement moves to ("down to 8 a day", "hab auf 2 am Tag
    reduziert" → "per_day"), when the count names nothing it counts."""
    if find_cue("count_moved", lang, said) is None:
        return None
    for period in _PERIODS:
        pattern = cue_pattern(period, lang)
        if pattern is None:
            continue
        if lang == "zh":  # "减到每天8根": the period first, then the number and its measure
            found = re.search(r"(?:" + pattern.pattern + r")\s*" + _ZH_NUMBER +
                              r"\s*[根支杯个次包瓶罐]?(?:了|吧|啦|[，。！,.!]|$)", said)
        else:
            found = re.search(r"(?<![\w.,])" + _NUMBER + r"\s+(?:" + pattern.pattern + r")",
                              said, re.IGNORECASE)
        if found is not None:
            return period
    return None


def moves_a_count(said: str, lang: str) -> bool:
    """Whether a statement moves a count per day or week without naming what it counts
    ("Agora reduzi para 2 por dia"): it says something of the user's own habit, however
    little else it says."""
    return _period_of_moved_count(said, lang) is not None


def _counts_over(said: str, lang: str, period: str) -> bool:
    """Whether a statement counts something over ``period`` ("a pack a day", "5 cafés par
    jour", "每天抽一包烟")."""
    pattern = cue_pattern(period, lang)
    return pattern is not None and pattern.search(said) is not None and (
        re.search(r"\d|" + _ZH_NUMBER if lang == "zh" else r"\d", said) is not None or
        find_cue("count_moved", lang, said) is None)


def moved_count_targets(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The held fact a count moved without its counted word ends: the latest one of the same
    subject that counts something over the same period ("a pack a day" for "down to 8 a
    day"). Empty when the new statement moves no count, or names what it counts."""
    d = new.data
    lang = str(d.get("language") or "en")
    said = str(d.get("evidence") or "")
    period = _period_of_moved_count(said, lang)
    if period is None:
        return []
    held = [rec for rec in facts
            if rec.id != new.id and rec.data.get("subject") == d.get("subject") and
            rec.data.get("valid_to") is None and not rec.data.get("one_off") and
            _counts_over(str(rec.data.get("evidence") or ""), lang, period)]
    held.sort(key=lambda r: float(r.data.get("recorded_at", r.occurred_at)))
    return held[-1:]
