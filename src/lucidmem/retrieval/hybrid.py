"""Hybrid retrieval: BM25 from the store, exact cosine from an in-process index, RRF.

The vector index of each (context, user) is loaded from the store on first
use and kept in step with every write made through this process. Each store
keeps a per-user revision counter; when it moves without us (another process
wrote), the index is reloaded before answering, so results are never stale.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..embedding.turns import CHUNKS_KEY, decode_chunks
from ..settings import RetrievalPreset
from ..store.base import Query, Record, Store, VectorSearch
from ..text import query_terms
from .fusion import FusedHit, recency_bonus, reciprocal_rank_fusion
from .rerank import QueryHints, default_weights, rerank
from .vector_index import VectorIndex, VectorRow

__all__ = ["HybridRetriever", "LegResult", "SearchFilters"]


@dataclass(frozen=True, slots=True)
class SearchFilters:
    user_id: str
    kinds: Sequence[str] | None = None
    statuses: Sequence[str] | None = ("active",)
    conversation_id: str | None = None
    occurred_from: float | None = None
    occurred_to: float | None = None
    hints: QueryHints = field(default_factory=QueryHints)
    """What the question says about time and breadth: boosts for the ranker, never filters."""

    def query(self) -> Query:
        return Query(
            user_id=self.user_id,
            kinds=self.kinds,
            statuses=self.statuses,
            conversation_id=self.conversation_id,
            occurred_from=self.occurred_from,
            occurred_to=self.occurred_to,
        )


@dataclass(slots=True)
class LegResult:
    """The fused hits plus each leg's raw score per id."""

    hits: list[FusedHit]
    raw: dict[str, dict[str, float]] = field(default_factory=dict)
    records: dict[str, Record] = field(default_factory=dict)
    """The records of the hits the second stage read (none without it), so the caller
    does not read them again."""


def vector_rows(records: Sequence[Record]) -> list[VectorRow]:
    """The index rows of records: one per embedding, plus one per extra chunk of a long
    turn (:mod:`lucidmem.embedding.turns`), each carrying the record's id."""
    rows = []
    for r in records:
        if r.embedding is None:
            continue
        rows.append(VectorRow(r.id, r.embedding, r.kind, r.status, r.conversation_id,
                              r.occurred_at))
        if CHUNKS_KEY in r.data:
            rows.extend(VectorRow(r.id, chunk, r.kind, r.status, r.conversation_id,
                                  r.occurred_at)
                        for chunk in decode_chunks(r.data, len(r.embedding)))
    return rows


class HybridRetriever:
    """Owns the vector indexes of every (context, user) this process has touched."""

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self._indexes: dict[tuple[str, str], VectorIndex] = {}
        self._lock = threading.RLock()

    # Lock discipline: ``self._lock`` guards only in-memory work. The store is never
    # called while holding it, because writers call ``written`` from inside a store
    # transaction (holding the store's lock); the opposite order would deadlock.

    def index(self, context: str, store: Store, user_id: str) -> VectorIndex:
        """The up-to-date index of ``user_id`` in ``context``."""
        key = (context, user_id)
        revision = store.revision(user_id)
        with self._lock:
            current = self._indexes.get(key)
            if current is not None and current.revision == revision:
                return current
        fresh = VectorIndex(self.dimension, revision)
        fresh.upsert(vector_rows(store.find(Query(user_id=user_id))))
        with self._lock:
            self._indexes[key] = fresh
        return fresh

    def written(
        self, context: str, store: Store, user_id: str, records: Sequence[Record],
        revision_before: int, removed: Sequence[str] = (),
    ) -> None:
        """Apply our own write to the index; drop the index if someone else wrote meanwhile."""
        revision_after = store.revision(user_id)
        with self._lock:
            current = self._indexes.get((context, user_id))
            if current is None and revision_before == 0 and revision_after == 1:
                # A new user: the index is exactly what was written, built now for free.
                fresh = VectorIndex(self.dimension, revision_after)
                fresh.upsert(vector_rows(records))
                self._indexes[(context, user_id)] = fresh
                return
        if current is None:
            if any(r.embedding is not None for r in records):
                # Load it while the writer waits anyway (it just embedded), so the first
                # search after a write costs what any other does.
                self.index(context, store, user_id)
            return
        with self._lock:
            current = self._indexes.get((context, user_id))
            if current is None:
                return
            if current.revision != revision_before:
                del self._indexes[(context, user_id)]
                return
            current.remove(list(removed))
            current.upsert(vector_rows(records))
            current.revision = revision_after

    def loaded(self, context: str, user_id: str) -> bool:
        """Whether the index of ``user_id`` in ``context`` is held in this process."""
        with self._lock:
            return (context, user_id) in self._indexes

    def forget(self, context: str, user_id: str) -> None:
        with self._lock:
            self._indexes.pop((context, user_id), None)

    def search(
        self,
        context: str,
        store: Store,
        filters: SearchFilters,
        text: str,
        query_vector: npt.NDArray[np.float32] | None,
        preset: RetrievalPreset,
        now: float,
    ) -> LegResult:
        rankings: dict[str, list[str]] = {}
        raw: dict[str, dict[str, float]] = {}
        if preset.bm25_weight > 0:
            hits = store.text_search(filters.query(), query_terms(text), preset.candidates)
            rankings["bm25"] = [h.id for h in hits]
            raw["bm25"] = {h.id: h.score for h in hits}
        if preset.vector_weight > 0 and query_vector is not None and isinstance(
                store, VectorSearch):  # searched inside the database: no copy held here
            pairs = store.vector_search(filters.query(), query_vector, preset.candidates)
            rankings["vector"] = [item_id for item_id, _ in pairs]
            raw["vector"] = dict(pairs)
        elif preset.vector_weight > 0 and query_vector is not None:
            index = self.index(context, store, filters.user_id)
            with self._lock:  # writers mutate the index in place
                pairs = index.search(
                    query_vector,
                    preset.candidates,
                    kinds=filters.kinds,
                    statuses=filters.statuses,
                    conversation_id=filters.conversation_id,
                    occurred_from=filters.occurred_from,
                    occurred_to=filters.occurred_to,
                )
            rankings["vector"] = [item_id for item_id, _ in pairs]
            raw["vector"] = dict(pairs)
        fused = reciprocal_rank_fusion(
            rankings,
            k=preset.rrf_k,
            weights={"bm25": preset.bm25_weight, "vector": preset.vector_weight},
        )
        records: dict[str, Record] = {}
        if preset.rerank_depth > 0 and len(fused) > 1:
            fused, records = self._rerank(store, filters, text, query_vector, fused, raw,
                                          preset.rerank_depth)
        return LegResult(hits=fused, raw=raw, records=records)

    @staticmethod
    def _rerank(store: Store, filters: SearchFilters, text: str,
                query_vector: npt.NDArray[np.float32] | None, fused: list[FusedHit],
                raw: dict[str, dict[str, float]], depth: int,
                ) -> tuple[list[FusedHit], dict[str, Record]]:
        """The second stage over the top ``depth`` fused hits (:mod:`.rerank`); returns the
        hits and the records it read."""
        head = fused[:depth]
        records = {r.id: r for r in store.get(filters.user_id, [h.id for h in head])}
        ranked = [h for h in head if h.id in records]
        ranked = rerank(text, ranked, records, raw, filters.hints, default_weights(),
                        query_vector)
        raw["rerank"] = {h.id: h.score - 1.0 for h in ranked}
        return ranked + [h for h in head if h.id not in records] + fused[depth:], records

    @staticmethod
    def apply_recency(
        hits: list[FusedHit], occurred: dict[str, float], preset: RetrievalPreset, now: float
    ) -> list[FusedHit]:
        """Add the preset's recency bonus (scaled to RRF magnitudes) and re-sort."""
        if preset.recency_weight == 0:
            return hits
        scale = 1.0 / (preset.rrf_k + 1)
        for hit in hits:
            age_days = max(now - occurred.get(hit.id, now), 0.0) / 86_400
            bonus = scale * recency_bonus(
                age_days, weight=preset.recency_weight,
                half_life_days=preset.recency_half_life_days,
            )
            if not math.isclose(bonus, 0.0):
                hit.contributions["recency"] = bonus
                hit.score += bonus
        return sorted(hits, key=lambda h: -h.score)
