"""``Memory`` methods for facts (M2, M3, M10, extraction-time M25): the :class:`FactsAPI` mixin.

``Memory.add`` stores turns, then the after-add hook extracts facts from them (offline rules,
or the LLM when ``settings.facts.base_url`` is set), stages them and — while
``settings.facts.auto_validate`` is on — validates them at once::

    memory.add("My sister Sarah is vegan", user_id="maya")
    memory.facts("maya", about="my sister")        # [Fact(text="The user's sister Sarah is vegan")]
    memory.recall_about("maya", "my family").answer  # "Your sister is Sarah. Sarah is vegan."

Secret facts have no embedding and are not full-text indexed, so ``search`` never returns them;
the turn they came from is marked ``privacy: secret`` and leaves the search indexes too. Pass
``include_secrets=True`` to :meth:`facts` / :meth:`search_facts` / :meth:`recall_about`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from lucidmem.clock import parse_time
from lucidmem.core import MemoryCore
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.facts.extractors import ExtractionFailure, Extractor, extractor_from_settings
from lucidmem.facts.graph_api import GraphAPI
from lucidmem.facts.model import PrivacyLevel
from lucidmem.facts.recall import Recall, build_recall
from lucidmem.facts.records import Fact, fact_from_record, is_searchable
from lucidmem.facts.staging import StageReport, failure_record, retry_failures, stage_turns
from lucidmem.facts.validation import ValidationReport, validate_staged
from lucidmem.records import Kind, Status
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Record, Store

__all__ = ["FactsAPI"]

log = logging.getLogger("lucidmem.facts")


class FactsAPI(GraphAPI, MemoryCore):
    """Fact extraction, staging, validation, privacy and recall."""

    # -- extractor ---------------------------------------------------------------------------
    @property
    def fact_extractor(self) -> Extractor | None:
        """The extractor ``add`` uses (from ``settings.facts``); assign to replace it."""
        if "_fact_extractor" not in self.__dict__:
            self.__dict__["_fact_extractor"] = extractor_from_settings(self.settings.facts)
        value: Extractor | None = self.__dict__["_fact_extractor"]
        return value

    @fact_extractor.setter
    def fact_extractor(self, value: Extractor | None) -> None:
        self.__dict__["_fact_extractor"] = value

    # -- the after-add hook ---------------------------------------------------------------------
    def _after_add(self, context: str, store: Store, user_id: str,
                   records: Sequence[Record]) -> None:
        super()._after_add(context, store, user_id, records)
        extractor = self.fact_extractor
        turns = [r for r in records if r.kind == Kind.TURN]
        if extractor is None or not turns:
            return
        try:
            report = stage_turns(self.kernel, context, user_id, turns, extractor)
        except Exception as exc:
            log.exception("fact extraction failed for %s turn(s)", len(turns))
            failure = ExtractionFailure(tuple(t.id for t in turns),
                                        f"{type(exc).__name__}: {exc}", None, 1, True)
            self.kernel.write(context, user_id,
                              [failure_record(failure, user_id, extractor.name, self.now(),
                                              {t.id: t for t in turns})])
            return
        self._mark_secret_turns(context, store, user_id, turns, report)
        if self.settings.facts.auto_validate and report.staged:
            validate_staged(self.kernel, user_id, context)

    def _mark_secret_turns(self, context: str, store: Store, user_id: str,
                           turns: Sequence[Record], report: StageReport) -> None:
        """Turns that confided a secret leave the search indexes (privacy at extraction)."""
        staged = store.get(user_id, report.staged)
        secret_turns = {t for r in staged if r.data.get("privacy") == PrivacyLevel.SECRET.value
                        for t in r.data.get("source_turn_ids", [])}
        changed = []
        for turn in turns:
            if turn.id in secret_turns:
                meta = dict(turn.data.get("metadata") or {})
                meta["privacy"] = PrivacyLevel.SECRET.value
                turn.data = {**turn.data, "metadata": meta}
                turn.searchable = False
                turn.embedding = None
                changed.append(turn)
        self.kernel.write(context, user_id, changed)

    # -- reading -------------------------------------------------------------------------------
    def _fact_records(self, user_id: str, context: str | None,
                      statuses: Sequence[str] | None = None) -> list[Record]:
        validate_id(user_id)
        return self.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT],
                                              statuses=statuses))

    def _as_epoch(self, as_of: datetime | str | float) -> float:
        t = parse_time(as_of, "as_of")
        now = self.now()
        if t > now + 1e-6:
            raise InvalidInputError(
                f"as_of lies in the future ({as_of!r}); the memory knows nothing about the "
                "future yet: pass a moment up to now", field="as_of")
        return t

    def _facts_of(self, records: Sequence[Record], at: float, include_secrets: bool,
                  about: str | None, context: str | None, user_id: str) -> list[Fact]:
        rate = self.settings.facts.decay_base_rate
        if about is not None:
            records = self._about(records, about, user_id, context)
        out = [fact_from_record(r, at, rate) for r in records
               if include_secrets or r.data.get("privacy") != PrivacyLevel.SECRET.value]
        return sorted(out, key=lambda f: (f.subject.casefold(), f.predicate, f.valid_from))

    def facts(
        self,
        user_id: str,
        *,
        about: str | None = None,
        as_of: datetime | str | float | None = None,
        mode: Literal["true", "believed"] = "believed",
        include_staged: bool = False,
        include_secrets: bool = False,
        context: str | None = None,
    ) -> list[Fact]:
        """The user's facts, confidence decayed to now (or to ``as_of``).

        Without ``as_of``: the current beliefs (``active``; plus ``staged`` ones when
        ``include_staged``). With ``as_of``: ``mode="believed"`` → what the memory believed
        then, ``mode="true"`` → what was true then by today's knowledge; a future ``as_of`` is
        an error. ``about`` narrows to an entity ("Sarah", "my sister", "me") or a topic
        ("family", "preference.diet"). Secret facts only with ``include_secrets``.
        """
        if mode not in ("true", "believed"):
            raise InvalidInputError('mode must be "true" or "believed"', field="mode")
        if as_of is None:
            statuses = [Status.ACTIVE, Status.STAGED] if include_staged else [Status.ACTIVE]
            records = self._fact_records(user_id, context, statuses)
            at = self.now()
        else:
            from lucidmem.facts.graph import believed_at, true_at

            at = self._as_epoch(as_of)
            everything = self._fact_records(user_id, context)
            records = true_at(everything, at) if mode == "true" else believed_at(everything, at)
        return self._facts_of(records, at, include_secrets, about, context, user_id)

    def staged_facts(self, user_id: str, *, include_secrets: bool = False,
                     context: str | None = None) -> list[Fact]:
        """Facts extracted but not validated yet (the sleep cycle, or :meth:`validate_facts`,
        validates them)."""
        records = self._fact_records(user_id, context, [Status.STAGED])
        return self._facts_of(records, self.now(), include_secrets, None, context, user_id)

    def validate_facts(self, user_id: str, *, context: str | None = None) -> ValidationReport:
        """Validate the user's staged facts now (dedupe, contradictions, entities)."""
        validate_id(user_id)
        return validate_staged(self.kernel, user_id, context)

    def fact(self, user_id: str, fact_id: str, *, context: str | None = None) -> Fact:
        """One fact by id, whatever its status; NotFoundError otherwise."""
        validate_id(user_id)
        found = [r for r in self.store(context).get(user_id, [fact_id]) if r.kind == Kind.FACT]
        if not found:
            raise NotFoundError(f"no fact {fact_id!r} for user {user_id!r} in this context")
        return fact_from_record(found[0], self.now(), self.settings.facts.decay_base_rate)

    # -- user control ------------------------------------------------------------------------------
    def set_fact_privacy(self, user_id: str, fact_id: str, privacy: str | PrivacyLevel, *,
                         context: str | None = None) -> Fact:
        """Override a fact's privacy level (public / private / secret); a secret fact leaves
        the search indexes at once, an un-secreted one joins them."""
        validate_id(user_id)
        try:
            level = PrivacyLevel(privacy)
        except ValueError as exc:
            raise InvalidInputError(
                f"privacy must be one of {[p.value for p in PrivacyLevel]}, got {privacy!r}",
                field="privacy") from exc
        ctx = self._context(context)
        store = self.store(ctx)
        found = [r for r in store.get(user_id, [fact_id]) if r.kind == Kind.FACT]
        if not found:
            raise NotFoundError(f"no fact {fact_id!r} for user {user_id!r} in this context")
        rec = found[0]
        rec.data = {**rec.data, "privacy": level.value, "privacy_overridden": True,
                    "metadata": {**rec.data.get("metadata", {}), "privacy": level.value}}
        rec.searchable = is_searchable(rec.status, level.value)
        if level is PrivacyLevel.SECRET:
            rec.embedding = None
        elif rec.embedding is None and rec.status == Status.ACTIVE:
            rec.embedding = self.embedder.embed_passages([rec.text])[0]
        rec.updated_at = self.now()
        rec.version += 1
        self.kernel.write(ctx, user_id, [rec])
        return fact_from_record(rec, self.now(), self.settings.facts.decay_base_rate)

    def recall_about(self, user_id: str, topic: str, *, include_secrets: bool = False,
                     limit: int = 30, context: str | None = None) -> Recall:
        """What the memory knows about ``topic`` ("my family", "Sarah", "food"), grouped and
        answer-ready in the second person, each line with confidence, band and source turns."""
        if not isinstance(topic, str) or not topic.strip():
            raise InvalidInputError("topic is empty", field="topic")
        facts = self.facts(user_id, about=topic, include_secrets=include_secrets,
                           context=context)
        if not facts:
            hits = self.search_facts(topic, user_id=user_id, k=limit,
                                     include_secrets=include_secrets, context=context)
            facts = [h.fact for h in hits]
        return build_recall(topic, facts[:limit], self._relations(user_id, context))

    # -- extraction failures -----------------------------------------------------------------------
    def extraction_failures(self, user_id: str, *, include_resolved: bool = False,
                            context: str | None = None) -> list[dict[str, Any]]:
        """Extraction failures recorded for the user (error, raw response, turn ids)."""
        validate_id(user_id)
        statuses = None if include_resolved else [Status.OPEN, Status.FAILED]
        records = self.store(context).find(Query(user_id=user_id,
                                                 kinds=[Kind.EXTRACTION_FAILURE],
                                                 statuses=statuses))
        return [{"id": r.id, "status": r.status, "created_at": r.created_at, **r.data}
                for r in records]

    def retry_failed_extractions(self, user_id: str, *,
                                 context: str | None = None) -> dict[str, Any]:
        """Extract again the turns of open (retryable) failures; validate when auto_validate."""
        validate_id(user_id)
        extractor = self.fact_extractor
        if extractor is None:
            return {"retried": 0, "staged": 0, "failures": []}
        ctx = self._context(context)
        retried, report = retry_failures(self.kernel, ctx, user_id, extractor)
        if self.settings.facts.auto_validate and report.staged:
            validate_staged(self.kernel, user_id, ctx)
        return {"retried": retried, "staged": len(report.staged), "failures": report.failures}

    def fact_stats(self, user_id: str, *, context: str | None = None) -> dict[str, Any]:
        """Facts per status and never-store drops per category for the user."""
        validate_id(user_id)
        store = self.store(context)
        by_status: dict[str, int] = {}
        for r in store.find(Query(user_id=user_id, kinds=[Kind.FACT])):
            by_status[r.status] = by_status.get(r.status, 0) + 1
        stats = store.find(Query(user_id=user_id, kinds=[Kind.FACT_STATS], limit=1))
        never = dict(stats[0].data.get("never_stored", {})) if stats else {}
        return {"by_status": by_status, "never_stored": never,
                "never_stored_total": sum(never.values())}
