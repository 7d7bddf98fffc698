"""The place a commute starts from: the user's home of that time.

"An hour on the bus from Kirkstall to the office", "de Carouge, compte une heure de route",
"每天从昌平坐地铁到公司" say where the user lives as much as how they get to work. So a new
home ends the commute from another place ("we've been in Headingley for a month" ends "an
hour on the bus from Kirkstall"): :func:`commutes_left`.

The words are data per language: the from-words (:data:`FROM_WORDS`) and the between-words
(:data:`BETWEEN_WORDS`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from lucidmem.facts.cue_lexicon import has_cue
from lucidmem.facts.model import USER_SUBJECT
from lucidmem.facts.temporal_lexicon import MONTHS, WEEKDAYS
from lucidmem.records import Record

__all__ = ["BETWEEN_WORDS", "FROM_WORDS", "commutes_left", "origin_of"]

FROM_WORDS: dict[str, str] = {
    "en": r"from", "de": r"von|aus", "fr": r"depuis|de|d['’]", "es": r"desde|de",
    "it": r"da|dal|dalla|dall['’]", "pt": r"de|do|da|desde", "nl": r"vanuit|van|uit",
}
"""Where a route starts ("from Kirkstall", "depuis Belsunce", "vanuit Zuid")."""

BETWEEN_WORDS: dict[str, tuple[str, str]] = {
    "en": (r"between", r"and"), "de": (r"zwischen", r"und"), "fr": (r"entre", r"et"),
    "es": (r"entre", r"y|e"), "it": (r"tra|fra", r"e|ed"), "pt": (r"entre", r"e"),
    "nl": (r"tussen", r"en"),
}
"""A route said as "between A and B": the first place is where it starts ("dans les gbakas
entre Yop et le Plateau")."""

_PLACE = (r"(?P<place>[A-ZÀ-Þ][\w'’.-]*(?:\s+(?:(?:de|des|du|del|di|da|do|van|der|la|le)\s+)?"
          r"[A-ZÀ-Þ][\w'’.-]*)*)")
_ZH_FROM = re.compile(r"从\s*(?P<place>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,11}?)\s*"
                      r"(?:的|坐|搭|乘|骑|开|走|到|去|出发)")


@cache
def _origin(lang: str) -> re.Pattern[str] | None:
    start, between = FROM_WORDS.get(lang), BETWEEN_WORDS.get(lang)
    if start is None or between is None:
        return None
    return re.compile(r"(?i:(?<![\w'’])(?:(?:" + start + r")|(?:" + between[0] + r"))\s*)"
                      + r"(?:(?i:the|der|dem|la|le|l['’]|el|il|lo|o|a|het|de)\s+)?" + _PLACE)


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold())
                   if not unicodedata.combining(c))


def origin_of(text: str, lang: str) -> str | None:
    """The place a route in ``text`` starts from ("from Kirkstall to the office" →
    "Kirkstall", "entre Yop et le Plateau" → "Yop", "从 Richmond 的寄宿家庭坐 Canada Line" →
    "Richmond"); ``None`` when none is said."""
    if lang == "zh":
        found = _ZH_FROM.search(text)
        if found is None:
            return None
        return found["place"].strip()
    pattern = _origin(lang)
    if pattern is None:
        return None
    for found in pattern.finditer(text):
        if found["place"].casefold() in WEEKDAYS or found["place"].casefold() in MONTHS:
            continue  # "from Monday I cycle": a start, no place
        return found["place"]
    return None


def _is_commute(rec: Record) -> bool:
    return rec.data.get("slot") == "commute"


def commutes_left(new: Record, facts: Sequence[Record]) -> list[Record]:
    """The user's held commutes from another place than the one a new home is in: a new
    home, said as one ("ça fait un mois qu'on est à Villeurbanne", "we moved to Abingdon",
    "我们上个月搬到海淀了"), ends "une heure en bus depuis Vénissieux", "每天从昌平坐地铁到公司".
    A commute from a place the new home names, a second home said for a part of the week, or
    a commute said in the same breath stays."""
    d = new.data
    lang = str(d.get("language") or "en")
    if d.get("subject") != USER_SUBJECT or d.get("negated") or d.get("context") or \
            d.get("one_off"):
        return []
    said = f"{d.get('evidence') or ''} {new.text}"
    if d.get("predicate") != "lives_in" or not (
            d.get("is_change") or d.get("stated_from") is not None or
            any(has_cue(cue, lang, said) for cue in ("dwelling", "time_in_a_place", "change",
                                                     "start"))):
        return []  # "it's pouring here in Leeds again": a remark, no home taken up
    here = _fold(said)
    out = []
    for rec in facts:
        r = rec.data
        if rec.id == new.id or not _is_commute(rec) or r.get("subject") != USER_SUBJECT or \
                r.get("negated") or r.get("context") or r.get("stated_from") is not None or \
                rec.occurred_at >= new.occurred_at:
            continue
        place = origin_of(f"{r.get('evidence') or ''} {rec.text}",
                          str(r.get("language") or lang))
        if place is not None and _fold(place) not in here:
            out.append(rec)
    return out
