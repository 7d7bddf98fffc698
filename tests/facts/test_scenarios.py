"""Data-driven checks of bench/data/temporal_scenarios.yaml.

1. Every scripted turn yields the facts the scenario expects from the offline extractor.
2. A minimal in-memory replay (extract → relate/resolve → apply the actions) reproduces the
   expected current facts, as-of answers and histories, so the scenario file, the extractor
   and the contradiction rules agree before bench/temporal.py runs them against the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from lucidmem.facts import (
    ActionKind,
    ExistingFact,
    FactCandidate,
    FactCategory,
    Relation,
    extract,
    reinforce,
    relate,
    resolve,
)

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "temporal_scenarios.yaml"
SCENARIOS: list[dict[str, Any]] = yaml.safe_load(DATA.read_text(encoding="utf-8"))["scenarios"]
KINDS = {"preference_change", "correction", "context", "exception", "relationship",
         "dated_event"}


def _dt(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def _matches(fact: dict[str, Any], subject: str, predicate: str, obj: str, negated: bool,
             context: str | None) -> bool:
    return (
        fact["subject"] == subject
        and fact["predicate"] == predicate
        and str(fact["object"]).casefold() == obj.casefold()
        and bool(fact.get("negated", False)) == negated
        and ("context" not in fact or fact["context"] == context)
    )


def _candidate_matches(expected: dict[str, Any], cand: FactCandidate) -> bool:
    if not _matches(expected, cand.subject, cand.predicate, cand.object, cand.negated,
                    cand.context):
        return False
    for flag in ("is_change", "is_correction", "one_off", "temporal_unresolved"):
        if flag in expected and bool(expected[flag]) != getattr(cand, flag):
            return False
    for bound in ("valid_from", "valid_to"):
        if bound in expected and _dt(expected[bound]) != getattr(cand, bound):
            return False
    return True


TURNS = [
    pytest.param(s, i, turn, id=f"{s['id']}#{i}")
    for s in SCENARIOS
    for i, turn in enumerate(s["turns"])
]


def test_suite_shape() -> None:
    assert len(SCENARIOS) >= 30
    assert len({s["id"] for s in SCENARIOS}) == len(SCENARIOS)
    assert {s["kind"] for s in SCENARIOS} == KINDS
    for s in SCENARIOS:
        times = [_dt(t["at"]) for t in s["turns"]]
        assert all(t is not None and t.utcoffset() is not None for t in times), s["id"]
        assert times == sorted(times), s["id"]  # type: ignore[type-var]


@pytest.mark.parametrize(("scenario", "index", "turn"), TURNS)
def test_turn_extracts_expected_facts(scenario: dict[str, Any], index: int,
                                      turn: dict[str, Any]) -> None:
    found = extract(turn["text"], speaker=scenario["speaker"], timestamp=_dt(turn["at"]))
    for expected in turn["expect_facts"]:
        assert any(_candidate_matches(expected, c) for c in found), (expected, found)


# -- replay ------------------------------------------------------------------------------


@dataclass
class _Record:
    cand: FactCandidate
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    confidence: float
    status: str = "current"
    closed_at: datetime | None = None

    def key(self) -> tuple[str, str, str, bool, str | None]:
        c = self.cand
        return (c.subject, c.predicate, c.object, c.negated, c.context)


def _clamp(moment: datetime, low: datetime, high: datetime | None) -> datetime:
    moment = max(moment, low)
    return moment if high is None else min(moment, high)


def _replay(scenario: dict[str, Any]) -> list[_Record]:
    records: list[_Record] = []
    for turn in scenario["turns"]:
        ts = _dt(turn["at"])
        assert ts is not None
        for cand in extract(turn["text"], speaker=scenario["speaker"], timestamp=ts):
            status, store = ("context" if cand.context else "current"), True
            since = cand.valid_from or ts
            for rec in [r for r in records if r.status in ("current", "context")]:
                is_event = rec.cand.category is FactCategory.EVENT
                existing = ExistingFact(
                    rec.cand.subject, rec.cand.predicate, rec.cand.object, rec.confidence,
                    negated=rec.cand.negated, context=rec.cand.context,
                    valid_from=rec.valid_from if is_event else None,
                )
                if relate(existing, cand) is Relation.UNRELATED:
                    continue
                decision = resolve(existing, cand)
                for action in decision.actions:
                    kind = action.kind
                    if kind is ActionKind.REINFORCE_EXISTING:
                        rec.confidence = reinforce(rec.confidence, cand.confidence)
                        store = False
                    elif kind is ActionKind.SUPERSEDE_EXISTING:
                        rec.valid_to = _clamp(action.at or ts, rec.valid_from, rec.valid_to)
                        rec.status, rec.closed_at = "superseded", ts
                    elif kind is ActionKind.RETRACT_EXISTING:
                        rec.status, rec.closed_at = "retracted", ts
                        if cand.valid_from is None:  # the corrected value held all along
                            since = min(since, rec.valid_from)
                    elif kind is ActionKind.FLAG_EXCEPTION:
                        status = "exception"
                    elif kind is ActionKind.KEEP_AS_VARIANT:
                        status = "variant"
                    elif kind in (ActionKind.DISCARD_NEW, ActionKind.REPLACE_WEAKEST_VARIANT):
                        store = False
                    elif kind is ActionKind.REDUCE_CONFIDENCE and action.target == "existing":
                        rec.confidence = max(0.0, rec.confidence - action.amount)
            if store:
                records.append(_Record(cand, since, cand.valid_to, ts, cand.confidence, status))
    return records


def _holds(expected: dict[str, Any], records: list[_Record]) -> bool:
    return any(_matches(expected, *r.key()) for r in records)


def _true_at(records: list[_Record], t: datetime) -> list[_Record]:
    out = []
    for r in records:
        if r.status not in ("current", "context", "superseded"):
            continue
        end = r.valid_to
        if r.valid_from <= t and (end is None or t < end or (end == r.valid_from == t)):
            out.append(r)
    return out


def _believed_at(records: list[_Record], t: datetime) -> list[_Record]:
    return [r for r in records
            if r.status not in ("exception", "variant") and r.recorded_at <= t
            and (r.closed_at is None or r.closed_at > t)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_replay_matches_expectations(scenario: dict[str, Any]) -> None:
    records = _replay(scenario)
    current = [r for r in records if r.status in ("current", "context")]
    for fact in scenario["expected_current"]:
        assert _holds(fact, current), ("missing current", fact, current)
    for fact in scenario["expected_absent"]:
        assert not _holds(fact, current), ("should not be current", fact)
    for check in scenario["expected_as_of"]:
        t = _dt(check["at"])
        assert t is not None
        pool = _true_at(records, t) if check["mode"] == "true" else _believed_at(records, t)
        for fact in check.get("facts", []):
            assert _holds(fact, pool), (check["mode"], t, fact)
        for fact in check.get("absent", []):
            assert not _holds(fact, pool), (check["mode"], t, "absent", fact)
    for entry in scenario["expected_history"]:
        matching = [r for r in records if _matches(entry, *r.key())
                    and r.status == entry["status"]
                    and r.valid_from == _dt(entry["valid_from"])]
        assert matching, ("history entry not found", entry,
                          [(r.key(), r.status, r.valid_from, r.valid_to) for r in records])
        assert matching[0].valid_to == _dt(entry["valid_to"]), entry
