"""``memory.facts``: fact extraction, staging, validation, privacy, recall and the temporal
graph (M2, M3, M4, M10, extraction-time M25), as one composed capability.

``Memory.add`` stores turns; :meth:`Facts.on_turns_added` (the first
:attr:`~lucidmem.kernel.Kernel.after_add` listener) extracts facts from them (offline rules,
or the LLM when ``settings.facts.base_url`` is set), stages them and — while
``settings.facts.auto_validate`` is on — validates them at once::

    memory.add("My sister Sarah is vegan", user_id="maya")
    memory.facts.list(user_id="maya", about="my sister")   # [Fact(text="The user's sister …")]
    memory.facts.recall("my family", user_id="maya").answer  # "Your sister is Sarah. …"

Secret facts have no embedding and are not full-text indexed, so ``Memory.search`` never
returns them; the turn they came from is marked ``privacy: secret`` and leaves the search
indexes too. Pass ``include_secrets=True`` to :meth:`Facts.list` / :meth:`Facts.search` /
:meth:`Facts.recall`.
"""

from __future__ import annotations

import builtins
import logging
import re
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from lucidmem.clock import parse_time
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.facts.entities import EntityIndex, fold, normalise_about
from lucidmem.facts.extractor_choice import extractor_from_settings
from lucidmem.facts.extractors import ExtractionFailure, Extractor
from lucidmem.facts.graph import Evolution, believed_at, evolution, neighbours, overlapping, true_at
from lucidmem.facts.llm_extractor import LLMExtractor
from lucidmem.facts.model import PrivacyLevel
from lucidmem.facts.privacy import assess_privacy
from lucidmem.facts.recall import Recall, build_recall, topic_filter
from lucidmem.facts.records import Fact, fact_from_record, is_searchable
from lucidmem.facts.relevance import about_the_user, own_names, record_relevance
from lucidmem.facts.results import ExtractionFailureView, FactHit, FactStats, RetryReport
from lucidmem.facts.staging import (
    StageReport,
    extract_turns,
    failure_record,
    retry_failures,
    write_staged,
)
from lucidmem.facts.validation import ValidationReport, archive_low_confidence, validate_staged
from lucidmem.kernel import AddedTurns, Kernel
from lucidmem.records import Kind, Record, Status
from lucidmem.retrieval.fusion import reciprocal_rank_fusion
from lucidmem.retrieval.hybrid import SearchFilters
from lucidmem.scope import validate_id
from lucidmem.store.base import Query, Store, item_lock_key
from lucidmem.text import query_terms

if TYPE_CHECKING:
    from lucidmem.scheduler.core import Job

__all__ = ["GRAPH_WEIGHT", "HISTORY_STATUSES", "MAX_LIMIT", "Facts"]

log = logging.getLogger("lucidmem.facts")

HISTORY_STATUSES = (Status.ACTIVE, Status.SUPERSEDED, Status.RETRACTED, Status.VARIANT,
                    Status.EXCEPTION, Status.ARCHIVED)
"""Fact statuses :meth:`Facts.history` lists (not staged, merged or discarded)."""

GRAPH_WEIGHT = 0.5
"""RRF weight of the graph leg in :meth:`Facts.search` (the search legs weigh 1)."""

MAX_LIMIT = 1_000
"""Largest ``limit`` of :meth:`Facts.search` (as for ``Memory.search``)."""

_SECRET = PrivacyLevel.SECRET.value


class Facts:
    """The facts of every user, in every context, through the :class:`~lucidmem.kernel.Kernel`.

    Contract:

    * reads never change a fact, except that :meth:`search` marks the facts it returns as
      accessed (like ``Memory.search``); confidence is decayed to the moment of reading;
    * the only writes are :meth:`on_turns_added` (staging, and validation while
      ``settings.facts.auto_validate``), :meth:`validate`, :meth:`set_privacy` and
      :meth:`retry_failures`, all through :meth:`Kernel.write
      <lucidmem.kernel.Kernel.write>`; nothing is ever deleted (facts change status);
    * secret facts are returned only with ``include_secrets=True`` and never enter the
      search indexes;
    * every method is scoped to one ``user_id`` (keyword-only) in one ``context``
      (``None``: the default context); an unknown fact id is a
      :class:`~lucidmem.errors.NotFoundError`, bad input an
      :class:`~lucidmem.errors.InvalidInputError`.
    """

    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel
        self._extractor: Extractor | None = None
        self._extractor_chosen = False
        self._owns_extractor = False
        """Built here from the settings (closed by :meth:`close`), not handed in."""

    # -- extractor ---------------------------------------------------------------------------
    @property
    def extractor(self) -> Extractor | None:
        """The extractor new turns go through (from ``settings.facts``, built on first use);
        assign another one (or ``None``: no extraction) to replace it."""
        if not self._extractor_chosen:
            self._extractor = extractor_from_settings(self._kernel.settings.facts,
                                                      self._kernel.embedder)
            self._extractor_chosen = True
            self._owns_extractor = True
        return self._extractor

    @extractor.setter
    def extractor(self, value: Extractor | None) -> None:
        self.close()
        self._extractor = value
        self._extractor_chosen = True
        self._owns_extractor = False

    def close(self) -> None:
        """Release what the extractor built from the settings holds (the LLM extractor's
        HTTP connections); an extractor handed in stays its owner's to close."""
        if self._owns_extractor and isinstance(self._extractor, LLMExtractor):
            self._extractor.close()
        self._owns_extractor = False

    # -- the after-add listener --------------------------------------------------------------
    def on_turns_added(self, event: AddedTurns) -> None:
        """Extract facts from the turns just stored and stage them (validated at once while
        ``settings.facts.auto_validate``). An extractor that raises costs no turn: the
        failure is kept as a visible, retryable ``extraction_failure`` record.

        Turns extracted after ``add`` returned (``event.deferred``) have their marks taken
        in the transaction that stages their facts; a turn whose mark is already gone
        (extracted by another thread or process, or its user forgotten) is skipped."""
        extractor = self.extractor
        kernel, context, user_id, store = self._kernel, event.context, event.user_id, event.store
        turns = [r for r in event.records if r.kind == Kind.TURN]
        if extractor is None or not turns:
            if event.deferred:
                store.take_extraction_jobs(user_id, [r.id for r in event.records])
            return
        try:
            result = extract_turns(kernel, context, user_id, turns, extractor)
            with store.transaction():
                if event.deferred:
                    taken = set(store.take_extraction_jobs(user_id, [t.id for t in turns]))
                    turns = [t for t in turns if t.id in taken]
                    result.facts = {k: v for k, v in result.facts.items() if k in taken}
                    result.failures = [f for f in result.failures
                                       if taken.intersection(f.turn_ids)]
                report = write_staged(kernel, context, user_id, turns, extractor.name, result)
                self._mark_secret_turns(event, turns, report)
        except Exception as exc:
            log.exception("fact extraction failed for %s turn(s)", len(turns))
            failure = ExtractionFailure(tuple(t.id for t in turns),
                                        f"{type(exc).__name__}: {exc}", None, 1, True)
            with store.transaction():
                if event.deferred:
                    taken = set(store.take_extraction_jobs(user_id, [t.id for t in turns]))
                    turns = [t for t in turns if t.id in taken]
                if turns:
                    kernel.write(context, user_id, [failure_record(
                        failure, user_id, extractor.name, kernel.now(),
                        {t.id: t for t in turns})])
            return
        if kernel.settings.facts.auto_validate and report.staged:
            validate_staged(kernel, user_id, context, report.vectors)

    def finish_interrupted(self, context: str, store: Store, user_id: str) -> None:
        """Validate the user's staged facts when ``settings.facts.auto_validate``: a process
        killed between staging (which took the turns' marks) and validation left them so,
        and no mark is left to bring them back (the extraction worker calls this once per
        user when it resumes a store). Without ``auto_validate`` staged facts wait for
        :meth:`validate` by design."""
        if not self._kernel.settings.facts.auto_validate:
            return
        if store.count(Query(user_id=user_id, kinds=[Kind.FACT], statuses=[Status.STAGED])):
            validate_staged(self._kernel, user_id, context)

    def hidden_until_extracted(self, record: Record) -> bool:
        """Whether search leaves a turn out while its facts wait to be extracted: its text
        confides a secret by the privacy rules (a secrecy marker, a credential, a sensitive
        health or legal matter, a complaint about a named colleague), which extraction
        would take out of search. A few regular expressions: cheap enough for ``add``."""
        return record.kind == Kind.TURN and \
            assess_privacy(record.text).level is PrivacyLevel.SECRET

    def _mark_secret_turns(self, event: AddedTurns, turns: Sequence[Record],
                           report: StageReport) -> None:
        """Turns that confided a secret leave the search indexes (privacy at extraction).
        Read again inside the staging transaction (an edit meanwhile is kept), and their
        version moves, so a vector computed from the old row is not stored on them."""
        staged = event.store.get(event.user_id, report.staged)
        secret_turns = {t for r in staged if r.data.get("privacy") == _SECRET
                        for t in r.data.get("source_turn_ids", [])}
        ids = sorted(t.id for t in turns if t.id in secret_turns)
        for item_id in ids:  # the lock an edit takes (of any process): no edit in between
            event.store.lock(item_lock_key(event.user_id, item_id))
        changed = []
        for turn in event.store.get(event.user_id, ids) if ids else []:
            meta = dict(turn.data.get("metadata") or {})
            meta["privacy"] = _SECRET
            turn.data = {**turn.data, "metadata": meta}
            turn.searchable = False
            turn.embedding = None
            turn.version += 1
            changed.append(turn)
        self._kernel.write(event.context, event.user_id, changed)

    def forget_turn(self, turn: Record, *, context: str | None = None) -> int:
        """The user deleted ``turn``: facts learned only from it go too (their audit rows
        keep what happened, not what they said); a fact also learned from other turns stays,
        without this turn among its sources, without its words in the evidence, and with
        its earlier versions' audit content blanked (they quoted it); a fact that a deleted
        one had superseded or retracted holds again, and the recorded shift between them
        goes. Call inside the transaction that
        deletes the turn. Returns the facts deleted."""
        store = self._kernel.store(context)
        gone: builtins.list[str] = []
        kept: builtins.list[Record] = []
        for fact in store.find(Query(user_id=turn.user_id, kinds=[Kind.FACT])):
            sources = [str(s) for s in fact.data.get("source_turn_ids", [])]
            if turn.id not in sources:
                continue
            others = [s for s in sources if s != turn.id]
            if not others:
                gone.append(fact.id)
                continue
            fact.data = {**fact.data, "source_turn_ids": others,
                         **{key: _without_quotes_of(fact.data.get(key), turn.text)
                            for key in _QUOTES if key in fact.data}}
            kept.append(fact)
        if kept:
            self._kernel.write(context, turn.user_id, kept, audit=False)
            store.erase_history(turn.user_id, [f.id for f in kept])
        restored = []  # a fact a deleted one had ended holds again: that statement is gone
        for fact in store.find(Query(user_id=turn.user_id, kinds=[Kind.FACT],
                                     statuses=[Status.SUPERSEDED, Status.RETRACTED])):
            if fact.data.get("superseded_by") in gone:
                fact.status = Status.ACTIVE
                fact.searchable = is_searchable(fact.status, fact.data.get("privacy", ""))
                fact.data = {k: v for k, v in fact.data.items()
                             if k not in ("superseded_by", "retracted_at", "valid_to")}
                fact.version += 1
                fact.updated_at = self._kernel.now()
                restored.append(fact)
        self._kernel.write(context, turn.user_id, restored)
        shifts = [r.id for r in store.find(Query(user_id=turn.user_id,
                                                 kinds=[Kind.PREFERENCE_SHIFT]))
                  if r.data.get("from_fact") in gone or r.data.get("to_fact") in gone]
        self._kernel.remove(context, turn.user_id, shifts, erase=True)
        return self._kernel.remove(context, turn.user_id, gone, erase=True)

    def jobs(self) -> builtins.list[Job]:
        """Scheduled work of facts: none (the sleep cycle validates and archives them)."""
        return []

    # -- reading -----------------------------------------------------------------------------
    def list(
        self,
        *,
        user_id: str,
        about: str | None = None,
        as_of: datetime | str | float | None = None,
        mode: Literal["true", "believed"] = "believed",
        include_staged: bool = False,
        include_secrets: bool = False,
        context: str | None = None,
    ) -> builtins.list[Fact]:
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
            at = self._kernel.now()
        else:
            at = self._as_epoch(as_of)
            everything = self._fact_records(user_id, context)
            records = true_at(everything, at) if mode == "true" else believed_at(everything, at)
        return self._facts_of(records, at, include_secrets, about, context, user_id)

    def staged(self, *, user_id: str, include_secrets: bool = False,
               context: str | None = None) -> builtins.list[Fact]:
        """Facts extracted but not validated yet (the sleep cycle, or :meth:`validate`,
        validates them)."""
        records = self._fact_records(user_id, context, [Status.STAGED])
        return self._facts_of(records, self._kernel.now(), include_secrets, None, context,
                              user_id)

    def get(self, fact_id: str, *, user_id: str, context: str | None = None) -> Fact:
        """One fact by id, whatever its status; NotFoundError otherwise."""
        return self._fact(self._record(fact_id, user_id, context))

    def history(self, *, user_id: str, about: str | None = None,
                predicate: str | None = None, include_secrets: bool = False,
                context: str | None = None) -> builtins.list[Fact]:
        """Every version of the user's facts that was ever accepted or flagged (active,
        superseded, retracted, variant, exception, archived), oldest validity first."""
        records = [r for r in self._fact_records(user_id, context)
                   if r.status in HISTORY_STATUSES
                   and (predicate is None or r.data["predicate"] == predicate)]
        if about is not None:
            records = self._about(records, about, user_id, context)
        return sorted(self._visible(records, include_secrets),
                      key=lambda f: (f.valid_from, f.recorded_at))

    def between(self, start: datetime | str | float, end: datetime | str | float, *,
                user_id: str, mode: Literal["true", "believed"] = "true",
                include_secrets: bool = False,
                context: str | None = None) -> builtins.list[Fact]:
        """Facts whose validity (``mode="true"``) or belief interval overlaps [start, end)."""
        if mode not in ("true", "believed"):
            raise InvalidInputError('mode must be "true" or "believed"', field="mode")
        lo, hi = parse_time(start, "start"), parse_time(end, "end")
        if hi <= lo:
            raise InvalidInputError("end must lie after start", field="end")
        records = overlapping(self._fact_records(user_id, context), lo, hi, mode)
        return sorted(self._visible(records, include_secrets), key=lambda f: f.valid_from)

    def evolution(self, predicate: str, *, user_id: str, subject: str = "user",
                  object: str | None = None,  # noqa: A002 - the fact's own field name
                  context: str | None = None) -> Evolution:
        """How ``subject``'s ``predicate`` evolved (likes/dislikes as one family): every value
        with its intervals, and the detected preference shifts."""
        records = self._fact_records(user_id, context)
        who = self._entities(user_id, context).canonical(normalise_about(subject))
        return evolution(records, who, predicate, object)

    def neighbours(self, name: str, *, user_id: str, depth: int = 1,
                   include_secrets: bool = False,
                   context: str | None = None) -> builtins.list[Fact]:
        """Active facts within ``depth`` (1..3) hops of an entity ("Sarah", "my sister")."""
        if not 1 <= depth <= 3:
            raise InvalidInputError("depth must be 1..3", field="depth")
        records = self._fact_records(user_id, context, [Status.ACTIVE])
        who = self._entities(user_id, context).canonical(normalise_about(name))
        return self._visible(neighbours(records, who, depth=depth), include_secrets)

    def search(self, query: str, *, user_id: str, limit: int = 10,
               include_secrets: bool = False, graph: bool = True,
               min_score: float | None = None,
               context: str | None = None) -> builtins.list[FactHit]:
        """Hybrid search restricted to active facts, plus a graph leg and (when asked)
        secrets, fused by RRF. A query that names the user ("Where does Maya live now?")
        is about the user: relevance reads the name as "the user" and orders the hits, so
        the name fact does not outrank the answer.

        Legs: ``search`` (BM25 + vectors over active, non-secret facts, as ``Memory.search``
        ranks them), ``graph`` (neighbours of entities named in the query and of the three
        best hits, weight :data:`GRAPH_WEIGHT`), ``secret`` (term overlap over secret facts;
        only with ``include_secrets``). Each hit carries its ``relevance`` to the query
        (:mod:`lucidmem.facts.relevance`); with ``min_score`` hits below it are left out, so a
        query about something the memory knows nothing of returns nothing."""
        validate_id(user_id)
        if min_score is not None and not -1.0 <= min_score <= 1.0:
            raise InvalidInputError("min_score is a relevance in [-1, 1]", field="min_score")
        if not isinstance(query, str) or not query.strip():
            raise InvalidInputError("query is empty: pass the text to search for", field="query")
        if not 1 <= limit <= MAX_LIMIT:
            raise InvalidInputError(f"limit must be between 1 and {MAX_LIMIT}, got {limit}",
                                    field="limit")
        rankings = {"search": self._ranked(query, user_id, min(max(limit * 2, 10), MAX_LIMIT),
                                           context)}
        active = self._fact_records(user_id, context, [Status.ACTIVE])
        by_id = {r.id: r for r in active}
        if graph:
            rankings["graph"] = self._graph_leg(query, rankings["search"], by_id, user_id,
                                                context)
        if include_secrets:
            terms = set(query_terms(query))
            scored = [(len(terms & set(query_terms(r.text))), r.id) for r in active
                      if r.data.get("privacy") == _SECRET]
            rankings["secret"] = [i for n, i in sorted(scored, reverse=True) if n > 0]
        fused = reciprocal_rank_fusion(rankings, weights={"search": 1.0, "graph": GRAPH_WEIGHT,
                                                          "secret": 1.0})
        found = [(hit, by_id[hit.id]) for hit in fused if hit.id in by_id]
        topic = about_the_user(query, own_names(active))
        relevance = record_relevance(self._kernel.embedder, topic,
                                     [r for _, r in found[:max(limit * 2, 10)]])
        if topic != query:  # the query names the user: what it asks is what is left
            found.sort(key=lambda pair: -relevance.get(pair[1].id, -1.0))
        out: builtins.list[FactHit] = []
        for hit, record in found:
            score = relevance.get(record.id)
            if min_score is not None and (score is None or score < min_score):
                continue
            out.append(FactHit(fact=self._fact(record), score=hit.score, legs=dict(hit.ranks),
                               relevance=score))
            if len(out) == limit:
                break
        return out

    def recall(self, topic: str, *, user_id: str, include_secrets: bool = False,
               limit: int = 30, min_score: float | None = None,
               context: str | None = None) -> Recall:
        """What the memory knows about ``topic`` ("my family", "Sarah", "food"), grouped and
        answer-ready in the second person, each line with confidence, band and source turns.
        Facts about the topic first; when there are none, the :meth:`search` hits relevant to
        it (``min_score``, default ``settings.facts.recall_min_relevance``) — and nothing when
        nothing relevant is known ("I don't know anything about … yet")."""
        if not isinstance(topic, str) or not topic.strip():
            raise InvalidInputError("topic is empty", field="topic")
        if min_score is not None and not -1.0 <= min_score <= 1.0:
            raise InvalidInputError("min_score is a relevance in [-1, 1]", field="min_score")
        facts = self.list(user_id=user_id, about=topic, include_secrets=include_secrets,
                          context=context)
        if not facts:
            floor = self._kernel.settings.facts.recall_min_relevance if min_score is None \
                else min_score
            hits = self.search(topic, user_id=user_id, limit=limit,
                               include_secrets=include_secrets, min_score=floor,
                               context=context)
            facts = [h.fact for h in hits]
        relations = self._entities(user_id, context).relation_of()
        return build_recall(topic, facts[:limit], relations)

    def stats(self, *, user_id: str, context: str | None = None) -> FactStats:
        """Facts per status and never-store drops per category for the user."""
        by_status: dict[str, int] = {}
        for r in self._fact_records(user_id, context):
            by_status[r.status] = by_status.get(r.status, 0) + 1
        found = self._kernel.store(context).find(
            Query(user_id=user_id, kinds=[Kind.FACT_STATS], limit=1))
        never = {str(k): int(v) for k, v in found[0].data.get("never_stored", {}).items()} \
            if found else {}
        skipped = {str(k): int(v) for k, v in found[0].data.get("skipped", {}).items()} \
            if found else {}
        return FactStats(by_status=by_status, never_stored=never,
                         never_stored_total=sum(never.values()), skipped=skipped)

    def failures(self, *, user_id: str, include_resolved: bool = False,
                 context: str | None = None) -> builtins.list[ExtractionFailureView]:
        """Extraction failures recorded for the user (error, raw response, turn ids): open and
        failed ones, and resolved ones too with ``include_resolved``."""
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        statuses = None if include_resolved else [Status.OPEN, Status.FAILED]
        records = self._kernel.store(context).find(
            Query(user_id=user_id, kinds=[Kind.EXTRACTION_FAILURE], statuses=statuses))
        return [ExtractionFailureView.of(r) for r in records]

    # -- changing ----------------------------------------------------------------------------
    def validate(self, *, user_id: str, context: str | None = None) -> ValidationReport:
        """Validate the user's staged facts now (dedupe, contradictions, entities)."""
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        return validate_staged(self._kernel, user_id, context)

    def archive_low_confidence(self, *, user_id: str, context: str | None = None,
                               threshold: float = 0.3) -> builtins.list[str]:
        """Archive the user's active facts whose decayed confidence fell below
        ``threshold`` (their belief interval closes now; nothing is deleted). Returns their
        ids. The sleep cycle calls this."""
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        return archive_low_confidence(self._kernel, user_id, context, threshold=threshold)

    def set_privacy(self, fact_id: str, privacy: str | PrivacyLevel, *, user_id: str,
                    context: str | None = None) -> Fact:
        """Override a fact's privacy level (public / private / secret); a secret fact leaves
        the search indexes at once, an un-secreted active one joins them."""
        try:
            level = PrivacyLevel(privacy)
        except ValueError as exc:
            raise InvalidInputError(
                f"privacy must be one of {[p.value for p in PrivacyLevel]}, got {privacy!r}",
                field="privacy") from exc
        rec = self._record(fact_id, user_id, context)
        rec.data = {**rec.data, "privacy": level.value, "privacy_overridden": True,
                    "metadata": {**rec.data.get("metadata", {}), "privacy": level.value}}
        rec.searchable = is_searchable(rec.status, level.value)
        if level is PrivacyLevel.SECRET:
            rec.embedding = None
        elif rec.embedding is None and rec.status == Status.ACTIVE:
            rec.embedding = self._kernel.embedder.embed_passages([rec.text])[0]
        rec.updated_at = self._kernel.now()
        rec.version += 1
        self._kernel.write(context, user_id, [rec])
        return self._fact(rec)

    def retry_failures(self, *, user_id: str, context: str | None = None) -> RetryReport:
        """Extract again the turns of open (retryable) failures; validate at once while
        ``settings.facts.auto_validate``. Nothing to do without an extractor."""
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        extractor = self.extractor
        if extractor is None:
            return RetryReport()
        ctx = self._kernel.context_name(context)
        retried, report = retry_failures(self._kernel, ctx, user_id, extractor)
        if self._kernel.settings.facts.auto_validate and report.staged:
            validate_staged(self._kernel, user_id, ctx)
        return RetryReport(retried=retried, staged=len(report.staged),
                           failures=report.failures)

    # -- helpers -----------------------------------------------------------------------------
    def _fact(self, record: Record) -> Fact:
        return fact_from_record(record, self._kernel.now(),
                                self._kernel.settings.facts.decay_base_rate)

    def _record(self, fact_id: str, user_id: str, context: str | None) -> Record:
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        found = [r for r in self._kernel.store(context).get(user_id, [fact_id])
                 if r.kind == Kind.FACT]
        if not found:
            raise NotFoundError(f"no fact {fact_id!r} for user {user_id!r} in this context")
        return found[0]

    def _fact_records(self, user_id: str, context: str | None,
                      statuses: Sequence[str] | None = None) -> builtins.list[Record]:
        validate_id(user_id)
        self._kernel.catch_up(context, user_id)
        return self._kernel.store(context).find(Query(user_id=user_id, kinds=[Kind.FACT],
                                                      statuses=statuses))

    def _visible(self, records: Sequence[Record], include_secrets: bool) -> builtins.list[Fact]:
        now, rate = self._kernel.now(), self._kernel.settings.facts.decay_base_rate
        return [fact_from_record(r, now, rate) for r in records
                if include_secrets or r.data.get("privacy") != _SECRET]

    def _as_epoch(self, as_of: datetime | str | float) -> float:
        t = parse_time(as_of, "as_of")
        if t > self._kernel.now() + 1e-6:
            raise InvalidInputError(
                f"as_of lies in the future ({as_of!r}); the memory knows nothing about the "
                "future yet: pass a moment up to now", field="as_of")
        return t

    def _facts_of(self, records: Sequence[Record], at: float, include_secrets: bool,
                  about: str | None, context: str | None,
                  user_id: str) -> builtins.list[Fact]:
        rate = self._kernel.settings.facts.decay_base_rate
        if about is not None:
            records = self._about(records, about, user_id, context)
        out = [fact_from_record(r, at, rate) for r in records
               if include_secrets or r.data.get("privacy") != _SECRET]
        return sorted(out, key=lambda f: (f.subject.casefold(), f.predicate, f.valid_from))

    def _entities(self, user_id: str, context: str | None) -> EntityIndex:
        self._kernel.catch_up(context, user_id)
        return EntityIndex.load(user_id, self._kernel.store(context).find(
            Query(user_id=user_id, kinds=[Kind.ENTITY], statuses=[Status.ACTIVE])))

    def _about(self, records: Sequence[Record], about: str, user_id: str,
               context: str | None) -> builtins.list[Record]:
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

    def _ranked(self, query: str, user_id: str, limit: int,
                context: str | None) -> builtins.list[str]:
        """Ids of the facts ``Memory.search`` would rank for ``query`` (same preset, recency
        and access bookkeeping), best first."""
        self._kernel.catch_up(context, user_id)
        found = self._kernel.search(context, SearchFilters(user_id=user_id, kinds=[Kind.FACT]),
                                    query, limit=limit, preset=self._kernel.settings.retrieval)
        return [h.id for h in found.hits]

    def _graph_leg(self, query: str, best: Sequence[str], by_id: dict[str, Record],
                   user_id: str, context: str | None) -> builtins.list[str]:
        """Active, non-secret facts around the entities the query names and around the
        subjects of the three best search hits."""
        index = self._entities(user_id, context)
        words = re.findall(r"[\w'-]+", query.casefold())
        folded = " " + " ".join(words) + " "
        seeds = [str(r.data["name"]) for r in index.records.values()
                 if any(f" {fold(n)} " in folded
                        for n in [r.data["name"], *r.data.get("aliases", [])])]
        seeds.extend(str(by_id[h].data["subject"]) for h in best[:3] if h in by_id)
        active = builtins.list(by_id.values())
        ranked: builtins.list[str] = []
        for seed in dict.fromkeys(seeds):
            ranked.extend(r.id for r in neighbours(active, seed) if r.id not in ranked
                          and r.data.get("privacy") != _SECRET)
        return ranked


_QUOTES = ("evidence", "source_text")
"""Fact data keys that quote the turns a fact was read from."""


def _without_quotes_of(quoted: object, text: str) -> str:
    """A fact's quotes (joined by `` / ``) without those taken from ``text`` ("" if none)."""
    if not isinstance(quoted, str):
        return ""
    return " / ".join(q for q in quoted.split(" / ")
                      if q.strip() and q not in text and text not in q)
