"""What a search question says about time and breadth, resolved against the question's time.

Dates are resolved by the facts' resolver (:func:`lucidmem.facts.temporal.find_temporal`:
"in May 2023", "last month", "two weeks ago", "since March"); seasons, which it does not read,
are added here ("last autumn", "letzten Herbst", "since the spring"). The result is a
:class:`~lucidmem.retrieval.rerank.QueryHints` for the ranker: a time window to boost (never a
filter — a turn may tell of last autumn in winter), whether the question asks for the first or
the latest of something ("which did we see first", "what car do we drive now"), and whether it
needs several pieces ("how many …").
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from ..facts.temporal import TemporalAnchor, find_temporal
from ..retrieval.rerank import Order, QueryHints

__all__ = ["DEFAULT_WINDOW_GRACE_DAYS", "question_hints", "season_window"]

DEFAULT_WINDOW_GRACE_DAYS = 14.0
"""A named time is often told about a little later ("last week I …"): the window's end is
extended by this much."""

_SEASONS = {
    "spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12,
    "frühling": 3, "frühjahr": 3, "sommer": 6, "herbst": 9,
    "printemps": 3, "été": 6, "automne": 9, "hiver": 12,
    "primavera": 3, "verano": 6, "otoño": 9, "invierno": 12,
}
_LAST = r"last|past|previous|letzten|letztes|letzter|vergangenen|dernier|passé|pasado|pasada"
_THIS = r"this|diesen|dieses|diesem|ce|cet|cette|este|esta"
_SINCE = r"since|seit|depuis|desde"
_SEASON = re.compile(
    rf"(?:\b(?P<since>{_SINCE})\s+)?(?:(?:the|im|dem|le|l'|el)\s+)?"
    rf"(?:\b(?P<rel>{_LAST}|{_THIS})\s+)?(?P<season>{'|'.join(_SEASONS)})\b",
    re.IGNORECASE,
)
_MONTH_LEAD = re.compile(
    r"\b(?:last|past|previous|(?:in )?(?:the )?(?:middle|start|end|beginning) of|early|late|"
    r"letzten|vergangenen|Mitte|Anfang|Ende|dernier|fin|début|pasado|finales de|principios de)"
    r"\s+(?=\w)",
    re.IGNORECASE,
)
"""Words before a month the resolver reads only after "in": "last October" → "in October"."""
_LATEST = re.compile(
    r"\b(?:now|currently|these days|nowadays|at the moment|at present|still|latest|newest|"
    r"most recent(?:ly)?|the last time|jetzt|inzwischen|derzeit|aktuell|mittlerweile|"
    r"zurzeit|neueste[snmr]?|zuletzt|letzte mal|maintenant|actuellement|en ce moment|"
    r"dernière fois|ahora|actualmente|estos días|última vez)\b",
    re.IGNORECASE,
)
_EARLIEST = re.compile(
    r"\b(?:first|earliest|originally|initially|at the start|zuerst|als erste[snmr]?|"
    r"ursprünglich|anfangs|d'abord|en premier|au début|primero|al principio)\b",
    re.IGNORECASE,
)
_AGGREGATE = re.compile(
    r"\b(?:how many|how often|how much|(?:which|what)\s+(?:\w+\s+)?\w+s\s+(?:has|have|does|"
    r"do|did)|which \w+s\b|what (?:kinds?|types?|sorts?) of|in what ways|both|list|all the|"
    r"every|wie viele|wie oft|welche|combien|quels|quelles|cuántos|cuántas|cuáles)\b",
    re.IGNORECASE,
)


def season_window(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The interval of the first season named in ``text``: "last autumn" is the latest autumn
    over by ``now``, "this summer" the one of ``now``'s year, a bare season the latest that has
    begun; "since …" runs to ``now``. Seasons are meteorological (spring March–May)."""
    found = _SEASON.search(text)
    if found is None:
        return None
    first_month = _SEASONS[found["season"].casefold()]
    rel = (found["rel"] or "").casefold()

    def occurrence(year: int) -> tuple[datetime, datetime]:
        start = datetime(year, first_month, 1, tzinfo=now.tzinfo or UTC)
        end_month = first_month + 3
        end = datetime(year + (end_month - 1) // 12, (end_month - 1) % 12 + 1, 1,
                       tzinfo=start.tzinfo)
        return start, end

    candidates = [occurrence(now.year + delta) for delta in (1, 0, -1, -2)]
    if rel and re.fullmatch(_THIS, rel):
        start, end = next(c for c in candidates if c[0].year == now.year)
    elif rel:
        start, end = next(c for c in candidates if c[1] <= now)
    else:
        start, end = next(c for c in candidates if c[0] <= now)
    if found["since"]:
        return start, now
    return start, end


def _order(text: str) -> Order | None:
    if _EARLIEST.search(text):
        return "earliest"
    if _LATEST.search(text):
        return "latest"
    return None


def question_hints(question: str, now: datetime,
                   *, grace_days: float = DEFAULT_WINDOW_GRACE_DAYS) -> QueryHints:
    """The hints of ``question`` asked at ``now`` (timezone-aware)."""
    window: tuple[datetime, datetime] | None = season_window(question, now)
    if window is None:
        found = find_temporal(question, now, tense="past")
        if found is None:
            leading = _MONTH_LEAD.sub("in ", question)
            if leading != question:  # the same text would find nothing again
                found = find_temporal(leading, now, tense="past")
        if found is not None and found.start is not None and found.end is not None:
            end = found.end if found.end > found.start else found.start + timedelta(days=1)
            if found.anchor is TemporalAnchor.SINCE:
                end = now
            window = (found.start, end)
    epochs = None if window is None else (
        window[0].timestamp(), (window[1] + timedelta(days=grace_days)).timestamp())
    return QueryHints(window=epochs, order=_order(question),
                      aggregate=_AGGREGATE.search(question) is not None)
