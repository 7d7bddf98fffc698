"""Resolve temporal expressions to absolute dates against the message's own timestamp.

Seed: ``emberhearth-memory-research.md`` §1 "Extraction Architecture" (a fact's ``temporal``
field, e.g. ``"next_week"``) and ``aico-adaptive-memory-system.md`` "Temporal Metadata" / the
temporal knowledge graph (validity intervals). Issue 3: "a temporal expression resolved to
absolute dates against the message's own timestamp"; unresolvable dates are kept as text and
flagged.

Conventions (decided here, tested in ``tests/facts/test_temporal.py``):

* Intervals are half-open ``[start, end)`` in the reference's timezone; an instant ("at 7pm",
  "tomorrow at 19:30") has ``start == end``.
* Weeks are ISO weeks, Monday–Sunday. "next week" said on Wednesday 3 May 2023 is
  ``[Mon 8 May, Mon 15 May)`` — the week of 10 May; "last week" is ``[24 Apr, 1 May)``.
* "next <weekday>" is the first such day strictly after today (1–7 days ahead); "this
  <weekday>" and a bare "<weekday>" / "on <weekday>" the next such day counting today (0–6
  ahead); "last <weekday>" the most recent strictly before today. "this/next weekend" is
  Saturday–Sunday of this/next ISO week.
* A date without a year ("12 June", "12/06") is the occurrence closest to the reference
  (within ±6 months), so "on 3 January" said on 20 December is next January and said on
  10 January is this one. "in June" is the closest June.
* Numeric dates are day-first ("12/06" is 12 June) unless a part exceeds 12 or
  ``day_first=False``; dotted dates need a trailing dot or a year ("12.06.", "12.06.2023").
* "in N days/weeks/months/years" and "N … ago" give a single day; months clamp to the
  month's end (31 January + 1 month = 28/29 February).
* A bare hour needs a marker ("7pm", "19:30", "19 Uhr", "19h", "a las 7", or the part of
  the day: "at 7 in the evening", "às 4 da tarde", "alle 9 di sera"); "at 7" alone is not
  read as a time. Times are taken literally (no am/pm guessing) unless the part of the day
  is said: "a las 4 de la tarde" is 16:00, "à 8h du soir" 20:00.
* "since …" / "until …" (and German, French, Spanish equivalents) set :attr:`anchor`.
* Vague expressions ("soon", "someday", "bald", "bientôt", "pronto"…) and impossible dates
  ("30 February") come back with ``start is None`` — text kept, :attr:`resolved` false.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lucidmem.errors import InvalidInputError
from lucidmem.facts.temporal_patterns import (
    Clock,
    Days,
    Granularity,
    TemporalAnchor,
    add_months,
    anchor_of,
    looks_back,
    opens_range,
    scan,
)

__all__ = [
    "Granularity",
    "TemporalAnchor",
    "TemporalResolution",
    "add_months",
    "find_temporal",
    "resolve_temporal",
    "zone",
]


@dataclass(frozen=True, slots=True)
class TemporalResolution:
    """A temporal expression found in a text and, when possible, its absolute interval."""

    text: str
    start: datetime | None
    end: datetime | None
    granularity: Granularity | None
    anchor: TemporalAnchor = TemporalAnchor.AT
    span: tuple[int, int] = (0, 0)

    @property
    def resolved(self) -> bool:
        """False when the expression was kept as text only (vague or impossible)."""
        return self.start is not None



def _at(day: date, moment: time, tz: tzinfo | None) -> datetime:
    return datetime.combine(day, moment, tzinfo=tz)


def find_temporal(
    text: str, reference: datetime, *, day_first: bool = True, tense: str | None = None
) -> TemporalResolution | None:
    """The first temporal expression in ``text``, resolved against ``reference``.

    A day and a clock time close together ("tomorrow at 7pm", "am 12. Juni um 19 Uhr") merge
    into one instant. Returns ``None`` when ``text`` holds no temporal expression at all, and
    an unresolved :class:`TemporalResolution` when it holds only vague or impossible ones.
    """
    if reference.utcoffset() is None:
        raise InvalidInputError(
            "the reference timestamp must be timezone-aware (e.g. datetime.now(UTC))",
            field="timestamp",
        )
    tz = reference.tzinfo
    pieces = scan(text, reference.date(), day_first, tense)
    ranged = opens_range(text, pieces)
    if tense != "past" and looks_back(text, pieces):
        pieces = scan(text, reference.date(), day_first, "past")
    if not pieces:
        return None
    days = next((p for p in pieces if isinstance(p.piece, Days)), None)
    clock = next((p for p in pieces if isinstance(p.piece, Clock)), None)
    if clock is not None and days is not None:
        gap = abs(clock.start - days.end) if clock.start >= days.end else days.start - clock.end
        if gap > 12:
            clock = None
    used = [p for p in (days, clock) if p is not None]
    if not used:
        first = pieces[0]
        return TemporalResolution(
            text[first.start : first.end], None, None, None, anchor_of(text, first.start),
            (first.start, first.end),
        )
    lo, hi = min(p.start for p in used), max(p.end for p in used)
    span_text = text[lo:hi]
    anchor = TemporalAnchor.AT if ranged else anchor_of(text, lo)  # "from May 14 to May 18"
    if days is not None and isinstance(days.piece, Days):
        d = days.piece
        moment = clock.piece.moment if clock is not None and isinstance(clock.piece, Clock) \
            else d.moment
        if moment is not None and d.granularity in (Granularity.DAY, Granularity.INSTANT):
            instant = _at(d.first, moment, tz)
            return TemporalResolution(span_text, instant, instant, Granularity.INSTANT, anchor,
                                      (lo, hi))
        return TemporalResolution(span_text, _at(d.first, time(0), tz), _at(d.end, time(0), tz),
                                  d.granularity, anchor, (lo, hi))
    assert clock is not None and isinstance(clock.piece, Clock)
    instant = _at(reference.date(), clock.piece.moment, tz)
    return TemporalResolution(span_text, instant, instant, Granularity.INSTANT, anchor, (lo, hi))


def resolve_temporal(
    expression: str, reference: datetime, *, day_first: bool = True
) -> TemporalResolution:
    """Resolve ``expression`` ("next Tuesday", "am 12. Juni", "soon") against ``reference``.

    Never loses the input: if nothing can be resolved the result keeps ``expression`` as
    :attr:`TemporalResolution.text` with ``start`` ``None`` (check :attr:`resolved`).
    """
    found = find_temporal(expression, reference, day_first=day_first)
    if found is None:
        stripped = expression.strip()
        return TemporalResolution(stripped, None, None, None, TemporalAnchor.AT,
                                  (0, len(stripped)))
    return found


def zone(name: object) -> tzinfo | None:
    """A tzinfo from an IANA name ("Europe/Berlin") or a UTC offset ("+02:00"); else None."""
    if not isinstance(name, str) or not name.strip():
        return None
    text = name.strip()
    match = re.fullmatch(r"(?:UTC)?([+-])(\d{1,2}):?(\d{2})?", text)
    if match:
        minutes = int(match[2]) * 60 + int(match[3] or 0)
        return timezone((1 if match[1] == "+" else -1) * timedelta(minutes=minutes))
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        return None
