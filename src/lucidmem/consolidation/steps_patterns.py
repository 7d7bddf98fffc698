"""Pattern detection (emberhearth §4 steps 2 and 6): recurring behaviour over the last 30
days becomes an inferred preference (confidence 0.5) and an anticipatory trigger with its
next fire time.

The detector is deliberately simple and explainable. A content word of the user's turns
(stopwords, numbers and words under 3 letters dropped) is *recurring* on a weekday when it
occurs on that weekday in at least ``pattern_min_weeks`` distinct ISO weeks of the window and
at least 60 % of its occurrences fall on that weekday. Words recurring on the same weekday
over the same turns form one pattern ("groceries", "plan" on Sundays); its hour is the median
hour of those turns (UTC). Each pattern yields

* an ``inferred_preference`` (layer 1, searchable): "Recurring on Sundays around 10:00:
  <the most recent such turn>", ``data.confidence = 0.5``, keywords, evidence;
* an ``anticipatory_trigger`` (layer 2): the weekday/hour as a cron expression and
  ``next_fire_at`` = the next such hour after the run's reference time.

Ids derive from (user, weekday, hour, leading keyword), so reruns update rather than
duplicate. Daily and monthly rhythms are not detected yet.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from lucidmem.consolidation.records import DAY, PREFERENCE, TRIGGER, TURN
from lucidmem.consolidation.steps_base import Changes, Step, StepContext
from lucidmem.records import new_record, stable_id
from lucidmem.store.base import Query, Record
from lucidmem.text import STOPWORDS, tokens

__all__ = ["PatternStep", "detect_weekly"]

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
CONCENTRATION = 0.6


def _words(text: str) -> set[str]:
    return {w for w in tokens(text) if len(w) >= 3 and not w.isdigit() and w not in STOPWORDS}


def detect_weekly(turns: Sequence[Record], min_weeks: int) -> list[dict[str, object]]:
    """Weekly patterns in ``turns`` (see the module docstring), strongest first."""
    seen: dict[str, list[Record]] = {}
    for turn in turns:
        for word in _words(turn.text):
            seen.setdefault(word, []).append(turn)
    groups: dict[tuple[int, frozenset[str]], list[str]] = {}
    for word, hits in seen.items():
        by_day: dict[int, list[Record]] = {}
        for t in hits:
            by_day.setdefault(datetime.fromtimestamp(t.occurred_at, UTC).weekday(), []).append(t)
        for day, on_day in by_day.items():
            weeks = {datetime.fromtimestamp(t.occurred_at, UTC).isocalendar()[:2]
                     for t in on_day}
            if len(weeks) >= min_weeks and len(on_day) >= CONCENTRATION * len(hits):
                groups.setdefault((day, frozenset(t.id for t in on_day)), []).append(word)
    patterns: list[dict[str, object]] = []
    by_id = {t.id: t for t in turns}
    for (day, ids), words in groups.items():
        evidence = sorted((by_id[i] for i in ids), key=lambda t: (t.occurred_at, t.id))
        hours = [datetime.fromtimestamp(t.occurred_at, UTC).hour for t in evidence]
        weeks = {datetime.fromtimestamp(t.occurred_at, UTC).isocalendar()[:2] for t in evidence}
        ranked = sorted(words, key=lambda w: (-sum(w in _words(t.text) for t in evidence), w))
        patterns.append({"weekday": day, "hour": int(statistics.median_low(hours)),
                         "keywords": ranked[:5], "weeks": len(weeks),
                         "occurrences": len(evidence),
                         "evidence": [t.id for t in evidence][-10:],
                         "example": evidence[-1].text[:200]})
    patterns.sort(key=lambda p: (-int(p["weeks"]), -int(p["occurrences"]),  # type: ignore[call-overload]
                                 str(p["keywords"])))
    return patterns


def next_fire(now: float, weekday: int, hour: int) -> float:
    """The first moment after ``now`` that falls on ``weekday`` at ``hour``:00 UTC."""
    start = datetime.fromtimestamp(now, UTC).replace(minute=0, second=0, microsecond=0)
    for offset in range(0, 8 * 24 + 1):
        moment = start + timedelta(hours=offset)
        if moment.weekday() == weekday and moment.hour == hour and moment.timestamp() > now:
            return moment.timestamp()
    raise AssertionError("unreachable: every weekday/hour occurs within 8 days")


class PatternStep(Step):
    """Inferred preferences and anticipatory triggers from weekly recurrences."""

    name = "patterns"
    one_batch = True

    def load(self, ctx: StepContext) -> list[Record]:
        since = ctx.now - ctx.cfg.pattern_window_days * DAY
        turns = ctx.store.find(Query(user_id=ctx.user_id, kinds=[TURN], occurred_from=since,
                                     occurred_to=ctx.now))
        return [t for t in turns if t.data.get("role", "user") == "user"]

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        for pattern in detect_weekly(batch, ctx.cfg.pattern_min_weeks):
            day, hour = int(pattern["weekday"]), int(pattern["hour"])  # type: ignore[call-overload]
            keywords = list(pattern["keywords"])  # type: ignore[call-overload]
            pref_id = stable_id(PREFERENCE, ctx.user_id, day, hour, keywords[0])
            trig_id = stable_id(TRIGGER, ctx.user_id, day, hour, keywords[0])
            found = {r.id: r for r in ctx.store.get(ctx.user_id, [pref_id, trig_id])}
            text = f"Recurring on {WEEKDAYS[day]}s around {hour:02d}:00: {pattern['example']}"
            pref = new_record(pref_id, PREFERENCE, ctx.user_id, ctx.now, {
                "confidence": ctx.cfg.inferred_confidence, "source": "sleep.patterns",
                "pattern": {k: v for k, v in pattern.items() if k != "example"},
            }, prior=found.get(pref_id), text=text, layer=1, searchable=True)
            if out.write(pref, "infer_preference", text, before=found.get(pref_id)):
                out.bump("preferences")
            cron_day = (day + 1) % 7  # cron: 0 = Sunday; Python: 0 = Monday
            trig = new_record(trig_id, TRIGGER, ctx.user_id, ctx.now, {
                "preference_id": pref_id, "weekday": day, "hour": hour,
                "cron": f"0 {hour} * * {cron_day}", "next_fire_at": next_fire(ctx.now, day, hour),
                "message": "The user usually brings this up now: " + ", ".join(keywords),
                "confidence": ctx.cfg.inferred_confidence,
            }, prior=found.get(trig_id), text=f"Anticipate: {', '.join(keywords)}", layer=2)
            if out.write(trig, "schedule_trigger", trig.data["cron"], before=found.get(trig_id)):
                out.bump("triggers")
        return out
