"""Staging: from stored turns to ``staged`` fact records (and visible failures).

Plain functions over the :class:`~lucidmem.kernel.Kernel`, so the after-add listener
(:meth:`Facts.on_turns_added <lucidmem.facts.capability.Facts.on_turns_added>`) and
:meth:`Facts.retry_failures <lucidmem.facts.capability.Facts.retry_failures>` share them.

Order of work for one batch of turns: extract (offline or LLM) → drop never-store
categories, counting them per category in the user's ``fact_stats`` record → write one
``staged`` fact record per candidate (``searchable=False``, no embedding) and one
``extraction_failure`` record per failure (raw response kept, status ``open``).
"""

from __future__ import annotations

import inspect
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from lucidmem.clock import from_epoch, to_epoch
from lucidmem.facts.extractors import (
    ExtractionFailure,
    ExtractionResult,
    Extractor,
    KnownFact,
    TurnInput,
)
from lucidmem.facts.model import FactCandidate, FactCategory, PrivacyLevel, Subcategory
from lucidmem.facts.temporal import zone
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, Record, Status, new_record, stable_id
from lucidmem.store.base import Query, Store

__all__ = [
    "StageReport",
    "candidate_of",
    "extract_turns",
    "failure_record",
    "retry_failures",
    "stage_turns",
    "stats_record",
    "turn_inputs",
    "write_staged",
    "zone",
]


@dataclass(slots=True)
class StageReport:
    """What one staging pass did."""

    staged: list[str] = field(default_factory=list)
    never_stored: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    llm_calls: int = 0
    vectors: dict[str, Any] = field(default_factory=dict)
    """Staged fact id → the embedding of the clause it was read from (validation reuses it
    as the fact's embedding while the text is the one written from that clause)."""


def _speaker(record: Record, user_id: str) -> str:
    role = str(record.data.get("role") or "user")
    name = record.data.get("name")
    if role == "user" and name and str(name).casefold() != user_id.casefold():
        return str(name)
    return "user" if role == "user" else role


def turn_inputs(records: Sequence[Record], default_tz: str = "UTC") -> list[TurnInput]:
    """Extractor input for turn records: speaker from role and name; the turn's own time in
    the speaker's time zone (turn metadata ``timezone``, else ``default_tz``), since "next
    week" and "at 9am" are local. ``add`` keeps epoch seconds, so the zone must be told."""
    out = []
    fallback = zone(default_tz) or UTC
    for r in records:
        meta = r.data.get("metadata") or {}
        meta = meta if isinstance(meta, dict) else {}
        hint = meta.get("language")
        tz = zone(meta.get("timezone")) or fallback
        out.append(TurnInput(r.id, r.text, _speaker(r, r.user_id),
                             from_epoch(r.occurred_at).astimezone(tz),
                             hint if isinstance(hint, str) and len(hint) <= 8 else None,
                             r.user_id))
    return out


def _epoch(moment: datetime | None) -> float | None:
    return None if moment is None else to_epoch(moment)


def _blocked(cand: FactCandidate, never: set[str]) -> str | None:
    for label in (cand.category.value, cand.subcategory.value):
        if label in never:
            return label
    if "secret" in never and cand.privacy is PrivacyLevel.SECRET:
        return "secret"
    return None


def stats_record(store: Store, user_id: str, now: float) -> Record:
    """The user's one ``fact_stats`` record (never-store counts), created empty if missing."""
    found = store.find(Query(user_id=user_id, kinds=[Kind.FACT_STATS], limit=1))
    if found:
        return found[0]
    return new_record(stable_id(Kind.FACT_STATS, user_id), Kind.FACT_STATS, user_id, now,
                      {"never_stored": {}, "skipped": {}}, layer=1, status=Status.INTERNAL)


def staged_record(cand: FactCandidate, turn: Record, seq: int, now: float,
                  extractor: str) -> Record:
    """A ``staged`` fact record for ``cand`` read from ``turn``."""
    ts = turn.occurred_at
    valid_to = _epoch(cand.valid_to)
    valid_from = _epoch(cand.valid_from) or ts
    if valid_to is not None and valid_from > valid_to:
        valid_from = valid_to
    meta = turn.data.get("metadata") or {}
    flags = ["unresolved_date"] if cand.temporal_unresolved else []
    data: dict[str, Any] = {
        "subject": cand.subject, "predicate": cand.predicate, "object": cand.object,
        "negated": cand.negated, "context": cand.context, "category": cand.category.value,
        "subcategory": cand.subcategory.value, "confidence": cand.confidence,
        "emotional_intensity": cand.emotional_intensity, "privacy": cand.privacy.value,
        "language": cand.language, "temporal_text": cand.temporal_text,
        "temporal_unresolved": cand.temporal_unresolved, "flags": flags,
        "valid_from": valid_from, "valid_to": valid_to, "recorded_at": ts,
        "stated_from": _epoch(cand.valid_from),
        "retracted_at": None, "last_reinforced": ts, "reinforcement_count": 1,
        "source_turn_ids": [turn.id], "is_change": cand.is_change,
        "is_correction": cand.is_correction, "one_off": cand.one_off,
        "source_text": cand.source_text, "seq": seq, "extractor": extractor,
        "owner": turn.data.get("name") if turn.data.get("role") == "user" else None,
        "source_metadata": dict(meta) if isinstance(meta, dict) else {},
        "text": cand.text, "slot": cand.slot, "evidence": cand.evidence or cand.source_text,
        "corrects": cand.corrects, "retracts": cand.retracts, "exclusive": cand.exclusive,
        "cessation": cand.cessation, "replaces": cand.replaces, "ends_as": cand.ends_as,
        "switched_from": cand.switched_from, "rescheduled": cand.rescheduled,
        "called_off": cand.called_off,
    }
    flags = [*flags, *(f for f in cand.flags if f not in flags)]
    data["flags"] = flags
    record = new_record(uuid.uuid4().hex, Kind.FACT, turn.user_id, now, data,
                        text=cand.text or f"{cand.subject} {cand.predicate} {cand.object}",
                        layer=1,
                        occurred_at=ts, agent_id=turn.agent_id, status=Status.STAGED)
    record.conversation_id = turn.conversation_id
    return record


def candidate_of(record: Record) -> FactCandidate:
    """Rebuild the :class:`FactCandidate` a fact record holds (after entity resolution)."""
    d = record.data
    stated = d.get("stated_from")
    return FactCandidate(
        category=FactCategory(d["category"]), subcategory=Subcategory(d["subcategory"]),
        subject=d["subject"], predicate=d["predicate"], object=d["object"],
        confidence=float(d["confidence"]), emotional_intensity=float(d["emotional_intensity"]),
        privacy=PrivacyLevel(d["privacy"]), temporal_text=d.get("temporal_text"),
        valid_from=None if stated is None else from_epoch(float(stated)),
        valid_to=None if d.get("valid_to") is None else from_epoch(d["valid_to"]),
        temporal_unresolved=bool(d.get("temporal_unresolved")),
        language=d.get("language", "en"), source_text=d.get("source_text", ""),
        negated=bool(d.get("negated")), is_change=bool(d.get("is_change")),
        is_correction=bool(d.get("is_correction")), one_off=bool(d.get("one_off")),
        context=d.get("context"), text=d.get("text"), slot=d.get("slot"),
        evidence=d.get("evidence"), corrects=d.get("corrects"), retracts=d.get("retracts"),
        exclusive=bool(d.get("exclusive")), cessation=bool(d.get("cessation")),
        switched_from=d.get("switched_from"), rescheduled=bool(d.get("rescheduled")),
        called_off=bool(d.get("called_off")),
    )


def failure_record(failure: ExtractionFailure, user_id: str, extractor: str,
                   now: float, turns: dict[str, Record]) -> Record:
    """The visible ``extraction_failure`` record of ``failure`` (``open`` when retryable)."""
    first = turns.get(failure.turn_ids[0]) if failure.turn_ids else None
    record = new_record(
        uuid.uuid4().hex, Kind.EXTRACTION_FAILURE, user_id, now,
        {"turn_ids": list(failure.turn_ids), "error": failure.error,
         "raw_response": failure.raw_response, "attempts": failure.attempts,
         "retryable": failure.retryable, "extractor": extractor},
        text=failure.error[:500], layer=1,
        occurred_at=now if first is None else first.occurred_at,
        status=Status.OPEN if failure.retryable else Status.FAILED,
    )
    record.conversation_id = None if first is None else first.conversation_id
    return record


def stage_turns(kernel: Kernel, context: str, user_id: str, turns: Sequence[Record],
                extractor: Extractor) -> StageReport:
    """Extract from ``turns`` and write staged facts, never-store counts and failures."""
    if not turns:
        return StageReport()
    result = extract_turns(kernel, context, user_id, turns, extractor)
    return write_staged(kernel, context, user_id, turns, extractor.name, result)


def extract_turns(kernel: Kernel, context: str, user_id: str, turns: Sequence[Record],
                  extractor: Extractor) -> ExtractionResult:
    """What ``extractor`` reads in ``turns`` (nothing is written): the slow half of
    :func:`stage_turns`, run outside any transaction."""
    store = kernel.store(context)
    inputs = turn_inputs(turns, kernel.settings.facts.timezone)
    if _takes_known(extractor):
        return extractor.extract(inputs, known=known_facts(store, user_id))  # type: ignore[call-arg]
    return extractor.extract(inputs)


def write_staged(kernel: Kernel, context: str, user_id: str, turns: Sequence[Record],
                 extractor_name: str, result: ExtractionResult) -> StageReport:
    """Write what :func:`extract_turns` found in ``turns``: staged facts, never-store counts
    and failures (one :meth:`Kernel.write <lucidmem.kernel.Kernel.write>`)."""
    report = StageReport()
    if not turns:
        return report
    store = kernel.store(context)
    settings = kernel.settings.facts
    report.llm_calls = result.calls
    never = set(settings.never_store)
    now = kernel.now()
    by_id = {t.id: t for t in turns}
    records: list[Record] = []
    seq = 0
    for turn in turns:
        for cand in result.facts.get(turn.id, []):
            label = _blocked(cand, never)
            if label is not None:
                report.never_stored[label] = report.never_stored.get(label, 0) + 1
                continue
            record = staged_record(cand, turn, seq, now, extractor_name)
            records.append(record)
            if cand.vector is not None:
                report.vectors[record.id] = cand.vector
            seq += 1
    report.staged = [r.id for r in records]
    for failure in result.failures:
        rec = failure_record(failure, user_id, extractor_name, now, by_id)
        records.append(rec)
        report.failures.append(rec.id)
    skipped: dict[str, int] = {}
    for flags in result.flags.values():
        for flag in flags:
            label = flag.removeprefix("skipped:")
            skipped[label] = skipped.get(label, 0) + 1
    if report.never_stored or skipped:
        stats = stats_record(store, user_id, now)
        counts = dict(stats.data.get("never_stored", {}))
        for label, n in report.never_stored.items():
            counts[label] = int(counts.get(label, 0)) + n
        seen = dict(stats.data.get("skipped", {}))
        for label, n in skipped.items():
            seen[label] = int(seen.get(label, 0)) + n
        stats.data = {**stats.data, "never_stored": counts, "skipped": seen}
        stats.updated_at = now
        records.append(stats)
    kernel.write(context, user_id, records)
    return report


KNOWN_FACTS = 60
"""How many of the user's current facts an extractor is shown (most recent first)."""


def known_facts(store: Store, user_id: str, limit: int = KNOWN_FACTS) -> list[KnownFact]:
    """The user's active, non-secret facts, most recently said first."""
    found = [r for r in store.find(Query(user_id=user_id, kinds=[Kind.FACT],
                                         statuses=[Status.ACTIVE]))
             if r.data.get("privacy") != PrivacyLevel.SECRET.value]
    found.sort(key=lambda r: -r.occurred_at)
    return [KnownFact(r.id, str(r.data.get("subject", "")), r.data.get("slot"), r.text)
            for r in found[:limit]]


def _takes_known(extractor: Extractor) -> bool:
    try:
        return "known" in inspect.signature(extractor.extract).parameters
    except (TypeError, ValueError):
        return False


def retry_failures(kernel: Kernel, context: str, user_id: str,
                   extractor: Extractor) -> tuple[int, StageReport]:
    """Run extraction again for the turns of open, retryable failures. The old failure
    records become ``resolved`` (nothing is deleted); new failures are recorded anew.
    Returns how many failure records were retried and the staging report."""
    store = kernel.store(context)
    open_ = store.find(Query(user_id=user_id, kinds=[Kind.EXTRACTION_FAILURE],
                             statuses=[Status.OPEN]))
    if not open_:
        return 0, StageReport()
    ids: list[str] = []
    for failure in open_:
        ids.extend(i for i in failure.data.get("turn_ids", []) if i not in ids)
    turns = store.get(user_id, ids)
    report = stage_turns(kernel, context, user_id, turns, extractor)
    now = kernel.now()
    for failure in open_:
        failure.status = Status.RESOLVED
        failure.updated_at = now
        failure.data = {**failure.data, "retried_at": now,
                        "retry_failures": report.failures}
    kernel.write(context, user_id, open_)
    return len(open_), report
