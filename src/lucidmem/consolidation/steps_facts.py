"""Fact steps of the sleep cycle: staged → validated, replay + reconsolidation, emotional
encoding, archiving by decayed confidence, cleanup of old weak variants.

Facts follow the conventions of :mod:`lucidmem.facts.records` (kind ``fact``, statuses
``staged/active/superseded/retracted/variant/exception/archived``, ``data`` with
``confidence``, ``last_reinforced``, ``emotional_intensity``, ``source_turn_ids``, ...).
Staging → validated and archiving call the facts service
(:func:`lucidmem.facts.validation.validate_staged` and ``archive_low_confidence``), which
write in their own transaction and are idempotent (a rerun finds nothing staged / nothing
left to archive). Dry runs, and installs without the service, plan or apply the same
decisions through :mod:`.fact_rules` (the facts layer's pure ``resolve``) inside the job's
checkpointed batches.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any

from lucidmem.clock import from_epoch
from lucidmem.consolidation.fact_rules import (
    ACTIVE,
    ARCHIVED,
    STAGED,
    VARIANT,
    decayed,
    fact_key,
    validate_into,
)
from lucidmem.consolidation.importance import emotional_salience
from lucidmem.consolidation.records import DAY, FACT, TURN, evolve
from lucidmem.consolidation.replay import ReplayCandidate, select_for_replay, variant_expired
from lucidmem.consolidation.scoring import turn_importance
from lucidmem.consolidation.steps_base import Changes, Key, Step, StepContext
from lucidmem.facts.decay import reinforce
from lucidmem.facts.model import DEFAULT_EMOTIONAL_INTENSITY
from lucidmem.facts.offline_extractor import extract
from lucidmem.store.base import Query, Record

__all__ = ["ArchiveStep", "EmotionStep", "ReplayStep", "ValidateStep", "VariantCleanupStep"]


def _service(name: str) -> Any:
    """A function of the facts service (:mod:`lucidmem.facts.validation`), if installed."""
    try:
        module = importlib.import_module("lucidmem.facts.validation")
    except ImportError:  # pragma: no cover - the facts service is part of lucidmem
        return None
    return getattr(module, name, None)


def _facts(ctx: StepContext, statuses: Sequence[str] | None = None) -> list[Record]:
    return ctx.store.find(Query(user_id=ctx.user_id, kinds=[FACT], statuses=statuses))


class ValidateStep(Step):
    """Staging → validated: each staged fact against the active ones (duplicates reinforce,
    contradictions resolved by the facts layer's strategies), oldest first."""

    name = "validate"

    one_batch = True

    def load(self, ctx: StepContext) -> list[Record]:
        return _facts(ctx, [STAGED])

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        service = _service("validate_staged")
        if service is not None and not ctx.dry_run and ctx.memory is not None:
            report = service(ctx.memory.kernel, ctx.user_id, ctx.context)
            out.bump("validated", len(report.validated))
            for name in ("reinforced", "superseded", "retracted", "variants", "exceptions",
                         "discarded"):
                out.bump(name, int(getattr(report, name, 0)))
            return out
        believed = {r.id: r for r in _facts(ctx, [ACTIVE, VARIANT])}
        for staged in batch:
            for record, action, detail in validate_into(staged, believed, ctx.now,
                                                        ctx.max_variants, ctx.base_rate):
                believed[record.id] = record
                out.write(record, action, detail)
                out.bump(action)
        return out


def _feedback(turn: Record) -> bool:
    meta = turn.data.get("metadata")
    return bool(turn.data.get("feedback")) or (isinstance(meta, dict) and "feedback" in meta)


class ReplayStep(Step):
    """Prioritized experience replay of the turns added since the last replay, then
    reconsolidation: a replayed turn that restates a stored fact it is not yet linked to
    reinforces it (and becomes one of its sources, so a second replay cannot count twice)."""

    name = "replay"

    def prepare(self, ctx: StepContext) -> None:
        since = ctx.persist.get("replayed_through")
        turns = ctx.store.find(Query(user_id=ctx.user_id, kinds=[TURN],
                                     order_by="created_at"))
        fresh = [t for t in turns if since is None or t.created_at > float(since)]
        candidates = [
            ReplayCandidate(t.id, turn_importance(t), (ctx.now - t.occurred_at) / DAY,
                            _feedback(t))
            for t in fresh if t.data.get("role", "user") == "user"
        ]
        chosen = select_for_replay(candidates, random.Random(ctx.seed),
                                   batch_size=ctx.cfg.replay_batch_size)
        ctx.step_state["selection"] = [c.item_id for c in chosen]
        watermark = max((t.created_at for t in fresh), default=since)
        ctx.step_state["watermark"] = watermark

    def load(self, ctx: StepContext) -> list[Record]:
        return ctx.store.get(ctx.user_id, list(ctx.step_state.get("selection", [])))

    def key(self, record: Record, ctx: StepContext) -> Key:
        order = ctx.cache.setdefault(
            "replay_order", {i: n for n, i in enumerate(ctx.step_state.get("selection", []))})
        return (float(order.get(record.id, 0)), record.id)

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        by_key: dict[tuple[str, ...], Record] = {}
        for fact in _facts(ctx, [ACTIVE]):
            by_key.setdefault(fact_key(fact.data), fact)
        for turn in batch:
            out.bump("replayed")
            try:
                found = extract(turn.text, speaker="user", timestamp=from_epoch(turn.occurred_at))
            except Exception:  # a turn the extractor rejects is not replayable
                out.bump("unreadable")
                continue
            for cand in found:
                key = (cand.subject.casefold(), cand.predicate, cand.object.casefold(),
                       str(cand.negated), (cand.context or "").casefold())
                match = by_key.get(key)
                if match is None:
                    out.bump("unmatched")
                    continue
                fact = match
                sources = list(fact.data.get("source_turn_ids", []))
                if turn.id in sources:
                    continue
                base = float(fact.data.get("confidence", 0.0))
                updated = evolve(fact, ctx.now)
                updated.data = {
                    **fact.data, "confidence": round(reinforce(base, cand.confidence), 6),
                    "last_reinforced": max(float(fact.data.get("last_reinforced", 0.0)),
                                           turn.occurred_at),
                    "reinforcement_count": int(fact.data.get("reinforcement_count", 1)) + 1,
                    "source_turn_ids": [*sources, turn.id],
                    "resolution": "reinforced by replay",
                }
                by_key[key] = updated
                out.write(updated, "reinforce", f"replayed turn {turn.id} restates it")
                out.bump("reinforced")
        return out

    def finish(self, ctx: StepContext) -> Changes:
        out = Changes(self.name)
        mark = ctx.step_state.get("watermark")
        if mark is not None:
            out.persist["replayed_through"] = mark
        return out


class EmotionStep(Step):
    """Emotional encoding for facts without an intensity: the lexicon salience of the fact's
    sentence and source turns (the schema default 0.3 when nothing emotional is found)."""

    name = "emotion"

    def load(self, ctx: StepContext) -> list[Record]:
        return [f for f in _facts(ctx) if f.data.get("emotional_intensity") is None]

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        for fact in batch:
            sources = ctx.store.get(ctx.user_id, list(fact.data.get("source_turn_ids", [])))
            salience = max([emotional_salience(fact.text)]
                           + [emotional_salience(t.text) for t in sources])
            value = round(salience, 4) if salience > 0 else DEFAULT_EMOTIONAL_INTENSITY
            updated = evolve(fact, ctx.now)
            updated.data = {**fact.data, "emotional_intensity": value,
                            "emotion_source": "sleep.lexicon"}
            out.write(updated, "encode_emotion", f"intensity {value}")
            out.bump("encoded")
        return out


class ArchiveStep(Step):
    """Archive active facts whose decayed confidence is under the threshold (never delete)."""

    name = "archive"
    one_batch = True

    def load(self, ctx: StepContext) -> list[Record]:
        return _facts(ctx, [ACTIVE])

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        service = _service("archive_low_confidence")
        if service is not None and not ctx.dry_run and ctx.memory is not None:
            ids = service(ctx.memory.kernel, ctx.user_id, ctx.context,
                          threshold=ctx.cfg.archive_below)
            out.bump("archived", len(ids))
            return out
        for fact in batch:
            now_conf = decayed(fact, ctx.now, ctx.base_rate)
            if now_conf >= ctx.cfg.archive_below:
                continue
            updated = evolve(fact, ctx.now)
            updated.status, updated.searchable = ARCHIVED, False
            meta = fact.data.get("metadata")
            updated.data = {**fact.data, "archived_at": ctx.now, "retracted_at": ctx.now,
                            "metadata": {**(meta if isinstance(meta, dict) else {}),
                                         "fact_status": ARCHIVED},
                            "archived_confidence": round(now_conf, 6),
                            "resolution": f"decayed to {now_conf:.3f} < {ctx.cfg.archive_below}"}
            out.write(updated, "archive", f"decayed confidence {now_conf:.3f}")
            out.bump("archived")
        return out


class VariantCleanupStep(Step):
    """Delete variants under the cleanup confidence that are older than the cleanup age
    (aico *Variant Cleanup*; the deletion is audited)."""

    name = "variants"

    def load(self, ctx: StepContext) -> list[Record]:
        return _facts(ctx, [VARIANT])

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        for variant in batch:
            conf = min(1.0, max(0.0, float(variant.data.get("confidence", 0.0))))
            age = (ctx.now - variant.created_at) / DAY
            if variant_expired(conf, age, min_confidence=ctx.cfg.variant_cleanup_confidence,
                               max_age_days=ctx.cfg.variant_cleanup_days):
                out.delete(variant, f"confidence {conf:.2f}, {age:.0f} days old")
                out.bump("variants_removed")
        return out
