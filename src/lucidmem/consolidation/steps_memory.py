"""Turn-level steps of the sleep cycle: scoring turns that lack importance/surprise,
refreshing missing or stale embeddings, and compaction of old raw turns (M23).

Compaction (``config-advisor-memory.md`` *Compaction*, "keep core fields, drop large
context"): a turn older than ``compaction_days`` keeps its id, text, role, name, times,
conversation/agent ids, embedding and its importance/surprise; from ``metadata`` it keeps
scalar values up to ``compaction_max_value_chars`` characters (ids, tags, sources) and drops
longer or nested ones (image captions, tool payloads, attachments), whose keys are listed
in ``data["compacted"]["dropped"]``; the per-feature score breakdown is dropped too. The text
and every id facts point to are never touched. A per-user ``sleep_marker`` record keeps
``compacted_through`` and the bytes saved so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from lucidmem.consolidation.records import DAY, FACT, MARKER, PREFERENCE, TURN, data_bytes
from lucidmem.consolidation.scoring import SCORE_KEY, has_score, score_turns
from lucidmem.consolidation.steps_base import Changes, Step, StepContext
from lucidmem.embedding.turns import (
    CHUNKS_KEY,
    TurnVectors,
    contextual_vector,
    embed_pieces,
    with_chunks,
)
from lucidmem.kernel import previous_turns, spoken
from lucidmem.records import evolve, new_record, stable_id
from lucidmem.store.base import Query, Record

__all__ = ["CompactionStep", "EmbeddingStep", "ScoreStep", "compact_data"]


class ScoreStep(Step):
    """Importance and surprise for turns stored without them (imports, ``score_on_add`` off)."""

    name = "score"

    def load(self, ctx: StepContext) -> list[Record]:
        return [t for t in ctx.store.find(Query(user_id=ctx.user_id, kinds=[TURN]))
                if not has_score(t)]

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        groups: dict[str | None, list[Record]] = {}
        for turn in batch:
            groups.setdefault(turn.conversation_id, []).append(turn)
        for conversation, turns in groups.items():
            first = turns[0]
            mine = {t.id for t in turns}
            earlier = ctx.store.find(Query(
                user_id=ctx.user_id, kinds=[TURN], conversation_id=conversation,
                occurred_to=first.occurred_at, descending=True, limit=60))
            history = [t for t in reversed(earlier) if t.id not in mine
                       and t.conversation_id == conversation
                       and (t.occurred_at, t.id) < (first.occurred_at, first.id)]
            for turn, body in zip(turns, score_turns(turns, history, ctx.cfg.assistant_names),
                                  strict=True):
                updated = evolve(turn, turn.updated_at)
                updated.version = turn.version
                updated.data[SCORE_KEY] = body
                out.write(updated, "score", f"importance {body['importance']:.3f}",
                          quiet=True)
                out.bump("scored")
        return out


def _embeddings(ctx: StepContext, batch: Sequence[Record]) -> list[TurnVectors]:
    """What ``add`` would store for each record (:mod:`lucidmem.embedding.turns`): turns with
    their speaker and, in a conversation, the end of the turn before them and its stored
    vector; long turns as chunks. Turns are mixed in stored order, so a turn re-embedded
    here passes its fresh vector on to the next one of the batch."""
    previous: dict[str, Record | None] = {}
    order: dict[str, int] = {}
    contextual = ctx.contextual_embeddings
    if contextual:
        for conversation in {r.conversation_id for r in batch if r.kind == TURN}:
            if conversation is not None:
                found = previous_turns(ctx.store, ctx.user_id, conversation)
                order |= {turn_id: i for i, turn_id in enumerate(found)}
                previous |= found
    embedded: dict[str, TurnVectors] = {}
    turns = sorted((r for r in batch if r.kind == TURN),
                   key=lambda r: (str(r.conversation_id), order.get(r.id, 0)))
    befores = [previous.get(r.id) for r in turns]
    raw = embed_pieces(ctx.embedder.embed_passages, [spoken(r) for r in turns],
                       [None if b is None else spoken(b) for b in befores],
                       contextual=contextual)
    for record, before, vectors in zip(turns, befores, raw, strict=True):
        if contextual:
            vector = None if before is None else (
                embedded[before.id].vector if before.id in embedded else before.embedding)
            vectors = TurnVectors(contextual_vector(vectors.vector, vector), vectors.chunks)
        embedded[record.id] = vectors
    others = [r for r in batch if r.kind != TURN]
    empty = np.zeros((0, ctx.embedder.dimension), dtype=np.float32)
    rows = ctx.embedder.embed_passages([r.text for r in others]) if others else empty
    for record, row in zip(others, rows, strict=True):
        embedded[record.id] = TurnVectors(np.asarray(row, dtype=np.float32), empty)
    return [embedded[r.id] for r in batch]


class EmbeddingStep(Step):
    """Embed searchable records without a vector, with a vector of the wrong size, or flagged
    ``data["embedding_stale"]`` (e.g. by an edit that did not re-embed)."""

    name = "embeddings"

    def load(self, ctx: StepContext) -> list[Record]:
        dim = ctx.embedder.dimension
        return [r for r in ctx.store.find(Query(user_id=ctx.user_id,
                                                kinds=[TURN, FACT, PREFERENCE]))
                if r.text.strip() and r.searchable and (
                    r.embedding is None or r.embedding.shape != (dim,)
                    or bool(r.data.get("embedding_stale")))]

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        for record, embedded in zip(batch, _embeddings(ctx, batch), strict=True):
            updated = evolve(record, record.updated_at)
            updated.version = record.version
            updated.embedding = embedded.vector
            if record.kind == TURN:
                updated.data = with_chunks(updated.data, embedded.chunks)
            updated.data.pop("embedding_stale", None)
            out.write(updated, "embed", record.kind, quiet=True)
            out.bump("embedded")
        return out


def compact_data(data: dict[str, Any], max_chars: int, at: float) -> dict[str, Any]:
    """A turn's ``data`` reduced to its core fields (see the module docstring)."""
    kept: dict[str, Any] = {}
    dropped: list[str] = []
    meta = data.get("metadata")
    for key, value in (meta.items() if isinstance(meta, dict) else []):
        small = value is None or isinstance(value, bool | int | float) or (
            isinstance(value, str) and len(value) <= max_chars)
        if small:
            kept[key] = value
        else:
            dropped.append(str(key))
    out: dict[str, Any] = {"role": data.get("role"), "name": data.get("name"), "metadata": kept}
    score = data.get(SCORE_KEY)
    if isinstance(score, dict):
        out[SCORE_KEY] = {k: score[k] for k in ("importance", "surprise", "final") if k in score}
    if CHUNKS_KEY in data:  # what search finds in a long turn stays findable
        out[CHUNKS_KEY] = data[CHUNKS_KEY]
    extra = sorted(k for k in data
                   if k not in ("role", "name", "metadata", SCORE_KEY, CHUNKS_KEY))
    out["compacted"] = {"at": at, "dropped": sorted(dropped), "dropped_fields": extra,
                        "bytes_before": data_bytes(data)}
    out["compacted"]["bytes_after"] = data_bytes(out)
    return out


class CompactionStep(Step):
    """Reduce raw turns older than ``compaction_days`` to their core fields."""

    name = "compaction"

    def _cutoff(self, ctx: StepContext) -> float:
        return ctx.now - ctx.cfg.compaction_days * DAY

    def load(self, ctx: StepContext) -> list[Record]:
        turns = ctx.store.find(Query(user_id=ctx.user_id, kinds=[TURN],
                                     occurred_to=self._cutoff(ctx)))
        return [t for t in turns if "compacted" not in t.data and t.occurred_at < self._cutoff(
            ctx)]

    def process(self, ctx: StepContext, batch: Sequence[Record]) -> Changes:
        out = Changes(self.name)
        for turn in batch:
            updated = evolve(turn, ctx.now)
            updated.data = compact_data(turn.data, ctx.cfg.compaction_max_value_chars, ctx.now)
            saved = data_bytes(turn.data) - data_bytes(updated.data)
            out.write(updated, "compact", f"{saved} bytes", quiet=True)
            out.bytes_saved += saved
            out.bump("compacted")
        out.bump("bytes_saved", out.bytes_saved)
        return out

    def finish(self, ctx: StepContext) -> Changes:
        out = Changes(self.name)
        marker_id = stable_id(MARKER, ctx.user_id, "compaction")
        found = ctx.store.get(ctx.user_id, [marker_id])
        prior = found[0] if found else None
        before = dict(prior.data) if prior else {}
        through = max(float(before.get("compacted_through", 0.0)), self._cutoff(ctx))
        counts = ctx.cache.get("step_counts", {})
        run_saved = int(counts.get("bytes_saved", 0))
        data = {"compacted_through": through,
                "bytes_saved_total": int(before.get("bytes_saved_total", 0)) + run_saved,
                "turns_compacted_total": int(before.get("turns_compacted_total", 0))
                + int(counts.get("compacted", 0))}
        record = new_record(marker_id, MARKER, ctx.user_id, ctx.now, data, prior=prior)
        out.write(record, "mark", f"compacted through {through:.0f}", before=prior, quiet=True)
        return out
