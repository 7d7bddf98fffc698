"""``Memory`` methods over the temporal knowledge graph and fact search (the GraphAPI mixin).

* :meth:`GraphAPI.facts_between` — facts valid (or believed) during a time range;
* :meth:`GraphAPI.fact_evolution` — how a predicate changed (preference evolution, shifts);
* :meth:`GraphAPI.fact_neighbours` — facts around an entity (pattern completion);
* :meth:`GraphAPI.search_facts` — hybrid search over facts plus a graph leg (neighbours of
  the entities the query names and of the best hits), fused by RRF.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Literal, cast

from pydantic import BaseModel

from lucidmem.clock import parse_time
from lucidmem.core import MemoryCore
from lucidmem.errors import InvalidInputError
from lucidmem.facts.entities import EntityIndex, fold, normalise_about
from lucidmem.facts.graph import Evolution, evolution, neighbours, overlapping
from lucidmem.facts.model import PrivacyLevel
from lucidmem.facts.recall import topic_filter
from lucidmem.facts.records import Fact, fact_from_record
from lucidmem.records import Kind, Status
from lucidmem.retrieval.fusion import reciprocal_rank_fusion
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record
from lucidmem.text import query_terms

__all__ = ["FactHit", "GraphAPI"]

HISTORY_STATUSES = (Status.ACTIVE, Status.SUPERSEDED, Status.RETRACTED, Status.VARIANT,
                    Status.EXCEPTION, Status.ARCHIVED)
"""Fact statuses :meth:`GraphAPI.fact_history` lists (not staged, merged or discarded)."""

GRAPH_WEIGHT = 0.5
"""RRF weight of the graph leg in :meth:`GraphAPI.search_facts` (search legs weigh 1)."""


class FactHit(BaseModel):
    """A fact found by :meth:`GraphAPI.search_facts`, with its fused score and legs."""

    fact: Fact
    score: float
    legs: dict[str, int]


class GraphAPI(MemoryCore):
    """Temporal graph queries and fact search."""

    def _entities(self, user_id: str, context: str | None) -> EntityIndex:
        return EntityIndex.load(user_id, self.store(context).find(
            Query(user_id=user_id, kinds=[Kind.ENTITY], statuses=[Status.ACTIVE])))

    def _relations(self, user_id: str, context: str | None) -> dict[str, str]:
        return self._entities(user_id, context).relation_of()

    def _about(self, records: Sequence[Record], about: str, user_id: str,
               context: str | None) -> list[Record]:
        """Records about an entity (any of its names) or a topic (see recall.TOPICS)."""
        prefixes = topic_filter(about)
        if prefixes is not None:
            chosen = [r for r in records if r.data["subcategory"].startswith(prefixes)
                      or r.data["category"] in prefixes]
            people = {fold(r.data["object"]) for r in chosen
                      if r.data["category"] == "relationship"}
            return [r for r in records if r in chosen or fold(r.data["subject"]) in people]
        index = self._entities(user_id, context)
        name = index.canonical(normalise_about(about))
        keys = {fold(name)}
        entity_id = index.by_key.get(fold(name))
        if entity_id is not None:
            ent = index.records[entity_id].data
            keys |= {fold(a) for a in [ent["name"], *ent.get("aliases", [])]}
        return [r for r in records
                if fold(r.data["subject"]) in keys or fold(r.data["object"]) in keys]

    def _range(self, start: datetime | str | float, end: datetime | str | float
               ) -> tuple[float, float]:
        lo, hi = parse_time(start, "start"), parse_time(end, "end")
        if hi <= lo:
            raise InvalidInputError("end must lie after start", field="end")
        return lo, hi

    def facts_between(self, user_id: str, start: datetime | str | float,
                      end: datetime | str | float, *,
                      mode: Literal["true", "believed"] = "true",
                      include_secrets: bool = False, context: str | None = None) -> list[Fact]:
        """Facts whose validity (``mode="true"``) or belief interval overlaps [start, end)."""
        validate_id(user_id)
        lo, hi = self._range(start, end)
        records = overlapping(self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT])),
                              lo, hi, mode)
        rate = self.settings.facts.decay_base_rate
        now = self.now()
        return sorted((fact_from_record(r, now, rate) for r in records
                       if include_secrets or r.data.get("privacy") != PrivacyLevel.SECRET.value),
                      key=lambda f: f.valid_from)

    def fact_history(self, user_id: str, *, about: str | None = None,
                     predicate: str | None = None, include_secrets: bool = False,
                     context: str | None = None) -> list[Fact]:
        """Every version of the user's facts that was ever accepted or flagged (active,
        superseded, retracted, variant, exception, archived), oldest validity first."""
        validate_id(user_id)
        records = [r for r in self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT]))
                   if r.status in HISTORY_STATUSES
                   and (predicate is None or r.data["predicate"] == predicate)]
        if about is not None:
            records = self._about(records, about, user_id, context)
        rate = self.settings.facts.decay_base_rate
        now = self.now()
        return sorted((fact_from_record(r, now, rate) for r in records
                       if include_secrets or r.data.get("privacy") != PrivacyLevel.SECRET.value),
                      key=lambda f: (f.valid_from, f.recorded_at))

    def fact_evolution(self, user_id: str, predicate: str, *, subject: str = "user",
                       object: str | None = None,  # noqa: A002 - the fact's own field name
                       context: str | None = None) -> Evolution:
        """How ``subject``'s ``predicate`` evolved (likes/dislikes as one family): every value
        with its intervals, and the detected preference shifts."""
        validate_id(user_id)
        index = self._entities(user_id, context)
        who = index.canonical(normalise_about(subject))
        records = self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT]))
        return evolution(records, who, predicate, object)

    def fact_neighbours(self, user_id: str, name: str, *, depth: int = 1,
                        include_secrets: bool = False,
                        context: str | None = None) -> list[Fact]:
        """Active facts within ``depth`` hops of an entity ("Sarah", "my sister")."""
        validate_id(user_id)
        if not 1 <= depth <= 3:
            raise InvalidInputError("depth must be 1..3", field="depth")
        index = self._entities(user_id, context)
        who = index.canonical(normalise_about(name))
        records = self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT],
                                                 statuses=[Status.ACTIVE]))
        found = neighbours(records, who, depth=depth)
        rate = self.settings.facts.decay_base_rate
        now = self.now()
        return [fact_from_record(r, now, rate) for r in found
                if include_secrets or r.data.get("privacy") != PrivacyLevel.SECRET.value]

    def search_facts(self, query: str, *, user_id: str, k: int = 10,
                     include_secrets: bool = False, graph: bool = True,
                     context: str | None = None) -> list[FactHit]:
        """Hybrid search restricted to facts, plus a graph leg and (when asked) secrets.

        Legs: ``search`` (BM25 + vectors over active, non-secret facts), ``graph``
        (neighbours of entities named in the query and of the three best hits, weight
        :data:`GRAPH_WEIGHT`), ``secret`` (term overlap over secret facts; only with
        ``include_secrets``)."""
        validate_id(user_id)
        search = cast(Callable[..., list[Any]], getattr(self, "search"))  # noqa: B009
        hits = search(query, user_id=user_id, k=min(max(k * 2, 10), 1000), kinds=[Kind.FACT],
                      context=context)
        rankings: dict[str, list[str]] = {"search": [h.item.id for h in hits]}
        active = self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT],
                                                statuses=[Status.ACTIVE]))
        by_id = {r.id: r for r in active}
        if graph:
            index = self._entities(user_id, context)
            words = re.findall(r"[\w'-]+", query.casefold())
            folded = " " + " ".join(words) + " "
            seeds = [str(r.data["name"]) for r in index.records.values()
                     if any(f" {fold(n)} " in folded
                            for n in [r.data["name"], *r.data.get("aliases", [])])]
            for h in rankings["search"][:3]:
                if h in by_id:
                    seeds.append(str(by_id[h].data["subject"]))
            ranked: list[str] = []
            for seed in dict.fromkeys(seeds):
                ranked.extend(r.id for r in neighbours(active, seed) if r.id not in ranked
                              and r.data.get("privacy") != PrivacyLevel.SECRET.value)
            rankings["graph"] = ranked
        if include_secrets:
            terms = set(query_terms(query))
            scored = [(len(terms & set(query_terms(r.text))), r.id) for r in active
                      if r.data.get("privacy") == PrivacyLevel.SECRET.value]
            rankings["secret"] = [i for n, i in sorted(scored, reverse=True) if n > 0]
        fused = reciprocal_rank_fusion(rankings, weights={"search": 1.0, "graph": GRAPH_WEIGHT,
                                                          "secret": 1.0})
        rate = self.settings.facts.decay_base_rate
        now = self.now()
        out = []
        for hit in fused:
            record = by_id.get(hit.id)
            if record is None:
                continue
            out.append(FactHit(fact=fact_from_record(record, now, rate), score=hit.score,
                               legs=dict(hit.ranks)))
            if len(out) == k:
                break
        return out
