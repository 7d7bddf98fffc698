"""The kernel: what every capability of :class:`lucidmem.Memory` shares.

It owns the stores (one per context), the embedder, the clock and the retrieval index,
and it is the one place that writes records: :meth:`Kernel.write` and
:meth:`Kernel.remove` keep the vector index in step with the store, so no capability
has to remember to.

Capabilities react to events through explicit, ordered listener lists that
:class:`lucidmem.Memory` fills in one visible place:

* :attr:`Kernel.extract` — fact extraction from turns just stored: after ``add`` returns,
  by the :class:`~lucidmem.extraction.Extractions` worker (the turns wait marked in the
  store; a read of a user's facts first calls :meth:`Kernel.catch_up`), or inside ``add``
  when ``settings.facts.background`` or ``settings.embedding.background`` is off;
* :attr:`Kernel.after_add` — run, in order, after turns are stored (the sleep cycle's
  activity tracking);
* :attr:`Kernel.after_embed` — run after turns got their vectors (in the indexer's
  thread when embedding runs in the background), e.g. the sleep cycle's scoring;
* :attr:`Kernel.before_forget_user` — run inside ``delete_all``'s transaction, before the
  user's partition is removed (agents anonymise what the user left in their partitions);
* :attr:`Kernel.after_forget_user` — run once that transaction committed (files derived
  from the store, such as the insights markdown, are regenerated without the user).
"""

from __future__ import annotations

import logging
import math
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .clock import Clock, from_epoch, system_clock, to_epoch
from .embedding import Embedder, embedder_from_settings
from .embedding.cache import QueryCachingEmbedder
from .embedding.turns import (
    TurnVectors,
    contextual_vector,
    embed_pieces,
    turn_text,
    vector_scheme,
)
from .errors import SchemaMismatchError, StoreUnavailableError
from .extraction import ALL, Extractions
from .indexing import REFRESH_KEY, VECTOR_SCHEME_KEY, Embedded, EmbedPassages, Indexer, Vector
from .records import Kind, Record
from .retrieval.fusion import FusedHit
from .retrieval.hybrid import HybridRetriever, SearchFilters
from .scope import is_user_id, validate_context
from .settings import RetrievalPreset, Settings
from .store.base import Query, Store, VectorSearch
from .store.sqlite import SQLiteStore
from .types import MemoryItem, StoreStats

__all__ = ["AddedTurns", "AfterAdd", "AfterForgetUser", "BeforeForgetUser", "Extract", "Kernel",
           "Ranked", "StoreFactory", "embed_stored_turns", "needs_vector", "previous_turn",
           "previous_turns", "spoken", "to_item"]

log = logging.getLogger(__name__)

StoreFactory = Callable[[str], Store]


@dataclass(frozen=True, slots=True)
class AddedTurns:
    """What :attr:`Kernel.after_add` listeners receive: turns just stored for one user."""

    context: str
    store: Store
    user_id: str
    records: Sequence[Record]
    deferred: bool = False
    """Turns marked in the store's extraction queue (extracted after ``add`` returned): the
    extraction step takes their marks (:meth:`Store.take_extraction_jobs`) in the
    transaction that stages their facts, and stages none whose mark is gone."""


AfterAdd = Callable[[AddedTurns], None]


class Extract(Protocol):
    """Fact extraction as the kernel runs it (``memory.facts``)."""

    def on_turns_added(self, event: AddedTurns) -> None:
        """Extract facts from turns just stored (see :attr:`AddedTurns.deferred`)."""
        ...

    def hidden_until_extracted(self, record: Record) -> bool:
        """Whether search must leave this turn out until its facts are extracted (it may
        confide a secret, which extraction takes out of search)."""
        ...

    def finish_interrupted(self, context: str, store: Store, user_id: str) -> None:
        """Finish what a crash cut short for this user after the marks of their turns were
        taken: facts staged but not yet validated."""
        ...


BeforeForgetUser = Callable[[str, Store, str], None]
"""``(context, store, user_id)``, called inside the forgetting transaction."""
AfterForgetUser = Callable[[str, Store, str], None]
"""``(context, store, user_id)``, called after the forgetting transaction committed."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """What :meth:`Kernel.search` found: the hits best first, their records, each leg's raw
    score per id, and the context and time of the search."""

    context: str
    now: float
    hits: list[FusedHit]
    records: dict[str, Record]
    raw: dict[str, dict[str, float]]


def to_item(record: Record, context: str, now: float) -> MemoryItem:
    """The public view of a stored record."""
    data = record.data
    return MemoryItem(
        id=record.id,
        kind=record.kind,
        user_id=record.user_id,
        context=context,
        text=record.text,
        role=data.get("role"),
        name=data.get("name"),
        agent_id=record.agent_id,
        conversation_id=record.conversation_id,
        layer=record.layer,
        status=record.status,
        occurred_at=from_epoch(record.occurred_at),
        created_at=from_epoch(record.created_at),
        updated_at=from_epoch(record.updated_at),
        last_accessed=None if record.last_accessed is None else from_epoch(record.last_accessed),
        access_count=record.access_count,
        expires_at=None if record.expires_at is None else from_epoch(record.expires_at),
        in_working_memory=record.expires_at is not None and record.expires_at > now,
        version=record.version,
        metadata=dict(data.get("metadata") or {}),
    )


class Kernel:
    """Stores per context, embedder, clock, index upkeep and the event listener lists."""

    def __init__(
        self,
        settings: Settings,
        *,
        embedder: Embedder | None = None,
        store_factory: StoreFactory | None = None,
        clock: Clock | None = None,
    ) -> None:
        settings.check_store()
        self.settings = settings
        self.embedder: Embedder = QueryCachingEmbedder(embedder or embedder_from_settings(settings))
        self.clock: Clock = clock or system_clock
        self.index = HybridRetriever(self.embedder.dimension)
        self.extract: Extract | None = None
        self.after_add: list[AfterAdd] = []
        self.after_embed: list[AfterAdd] = []
        self.before_forget_user: list[BeforeForgetUser] = []
        self.after_forget_user: list[AfterForgetUser] = []
        self.turns_queued: list[Callable[[str, str], object]] = []
        """``(context, user_id)`` after an ``add`` queued turns for embedding and extraction,
        when ``settings.background_work`` hands them to the job workers (which are told)."""
        self._store_factory = store_factory or (
            self._postgres_store if settings.store_url else self._sqlite_store)
        self._stores: OrderedDict[str, Store] = OrderedDict()
        """Open stores, least recently used first (bounded by ``settings.max_open_stores``)."""
        self._let_go: weakref.WeakValueDictionary[str, Store] = weakref.WeakValueDictionary()
        """Stores let go of, while something still holds them (then they close)."""
        self._used: dict[str, float] = {}
        """When each context was last named (monotonic seconds)."""
        self._idle_checked = time.monotonic()
        self._lock = threading.RLock()
        self.indexer = Indexer(self.embedder, stores=self._open_stores,
                               vectors_for=self._vectors_for, on_embedded=self._embedded,
                               batch=settings.embedding.batch)
        self.extraction = Extractions(stores=self._open_stores, extract=self._extract_marked,
                                      resume=self._resume_extraction)

    # -- stores -----------------------------------------------------------------------------
    def context_name(self, context: str | None) -> str:
        """``context`` validated, or the default context when ``None``."""
        return validate_context(self.settings.default_context if context is None else context)

    def store(self, context: str | None = None) -> Store:
        """The store of ``context`` (default context when ``None``), opened on first use."""
        name = self.context_name(context)
        with self._lock:
            now = time.monotonic()
            self._used[name] = now
            self._let_go_idle(now)
            store = self._stores.get(name)
            if store is not None:
                self._stores.move_to_end(name)
            elif (held := self._let_go.pop(name, None)) is not None:
                # let go but still used (a transaction, a round): the same object again, so
                # one context never has two connections writing at once
                store = self._stores[name] = held
                self._let_go_over_limit()
            else:
                store = self._store_factory(name)
                self._check_embedder(store)
                self._check_vector_scheme(store)
                self._stores[name] = store
                self._let_go_over_limit()
                if self.settings.embedding.background and self.runs_background_threads:
                    self.indexer.start()  # resumes what a crashed run left queued
                    self.indexer.wake()
                if self.defers_extraction and self.runs_background_threads:
                    self.extraction.start()
                    self.extraction.wake()
            return store

    def _let_go_over_limit(self) -> None:
        """Forget the least recently used stores beyond ``settings.max_open_stores`` (one key
        naming many contexts must not hold a descriptor each forever). Not closed here: a
        call still using one finishes, and its connection closes with the last reference;
        the next call opens it again (its queued vectors resume then)."""
        if self.settings.in_memory:
            return  # its data lives only in the open connection
        while len(self._stores) > self.settings.max_open_stores:
            name, store = self._stores.popitem(last=False)
            self._let_go[name] = store

    def _let_go_idle(self, now: float) -> None:
        """Let go of stores not named for ``settings.store_idle_seconds`` whose queues are
        empty (looked at no more often than that, and at most once a minute)."""
        idle = self.settings.store_idle_seconds
        if self.settings.in_memory or idle <= 0 or now - self._idle_checked < min(idle, 60.0):
            return
        self._idle_checked = now
        for name in list(self._stores):
            if now - self._used.get(name, now) > idle and \
                    not self._stores[name].embedding_queue().pending and \
                    not self.extraction.waiting(self._stores[name]):
                self._let_go[name] = self._stores.pop(name)

    def open_contexts(self) -> list[str]:
        """The contexts whose store is open now, least recently used first."""
        with self._lock:
            return list(self._stores)

    def _open_stores(self) -> dict[str, Store]:
        with self._lock:
            return dict(self._stores)

    def _sqlite_store(self, context: str) -> Store:
        key = self.settings.key_for(context)
        if self.settings.in_memory:
            return SQLiteStore(":memory:", key=key)
        return SQLiteStore(Path(self.settings.data_dir) / f"{context}.db", key=key)

    def _postgres_store(self, context: str) -> Store:
        from .store.postgres import PostgresStore
        from .store.postgres_schema import schema_for_context

        assert self.settings.store_url is not None
        return PostgresStore(self.settings.store_url, schema=schema_for_context(context))

    def _check_embedder(self, store: Store) -> None:
        expected = f"{self.embedder.name}|{self.embedder.dimension}"
        recorded = store.get_meta("embedder")
        if recorded is None:
            store.set_meta("embedder", expected)
        elif recorded != expected:
            store.close()
            raise SchemaMismatchError(
                f"this store was written with embedder {recorded!r} but {expected!r} is "
                "configured; vectors from different models cannot be compared. Use the "
                "original embedder settings (LUCIDMEM_EMBEDDER, LUCIDMEM_EMBEDDING_MODEL)."
            )
        if isinstance(store, VectorSearch):  # vectors are searched inside the database
            try:
                store.prepare_vectors(self.embedder.dimension)
            except BaseException:
                store.close()
                raise

    def _check_vector_scheme(self, store: Store) -> None:
        """Turns embedded another way (an older release, contextual embeddings switched)
        are queued to be embedded again; their old vectors serve search meanwhile."""
        scheme = vector_scheme(self.settings.contextual_embeddings)
        recorded = store.get_meta(VECTOR_SCHEME_KEY)
        if recorded == scheme:
            return
        with store.transaction():
            stale = 0
            for user_id in store.user_ids():
                ids = [r.id for r in store.find(Query(user_id=user_id, kinds=[Kind.TURN]))
                       if r.searchable and r.embedding is not None and r.text.strip()]
                store.queue_embeddings(user_id, ids)
                stale += len(ids)
            if stale:
                store.set_meta(REFRESH_KEY, scheme)
            store.set_meta(VECTOR_SCHEME_KEY, scheme)
        if stale:
            log.info("%d turn vector(s) were made by %r, not %r: embedding them again in the "
                     "background", stale, recorded or "an earlier release", scheme)

    def now(self) -> float:
        """The current time (epoch seconds) by this memory's clock."""
        return to_epoch(self.clock())

    # -- the one place that writes ----------------------------------------------------------
    def write(self, context: str | None, user_id: str, records: Sequence[Record], *,
              audit: bool = True, extract_later: bool = False) -> None:
        """Store ``records`` of ``user_id`` (one transaction) and update the vector index.

        A record written without an embedding leaves the index (a fact made secret must stop
        matching at once, like it would after a rebuild from the store). ``audit=False`` for
        bookkeeping records that change on every event (bandit arms, checkpoints): they get
        no audit rows. ``extract_later``: the turns among ``records`` are marked for fact
        extraction in the same transaction (:attr:`extract` runs on them later).
        """
        if not records:
            return
        name = self.context_name(context)
        store = self.store(name)
        before = store.revision(user_id)
        with store.transaction():
            store.put(records, audit=audit)
            # a turn written without its vector is queued, in the same transaction
            store.queue_embeddings(user_id, [r.id for r in records if needs_vector(r)])
            turns = [r for r in records if r.kind == Kind.TURN]
            if extract_later and turns and self.extract is not None:
                store.queue_extraction(
                    user_id, [r.id for r in turns], batch=turns[0].id,
                    hidden=[r.id for r in turns if self.extract.hidden_until_extracted(r)])
        try:
            self.index.written(name, store, user_id, records, before,
                               removed=[r.id for r in records if r.embedding is None])
        except StoreUnavailableError as exc:
            # The records are committed: raising would tell the caller nothing was written
            # (StoreUnavailableError says a call is safe to repeat), and a repeated add would
            # store its turns twice. The index is a copy of the store: drop it, the next
            # search loads it again.
            self.index.forget(name, user_id)
            log.warning("the store went away after %d record(s) of %r were stored; the "
                        "vector index is loaded again on the next search: %s", len(records),
                        user_id, exc)

    @property
    def defers_extraction(self) -> bool:
        """Whether facts are extracted after ``add`` returns (both ``settings.facts.background``
        and ``settings.embedding.background`` on, and an extraction step set)."""
        return (self.extract is not None and self.settings.facts.background
                and self.settings.embedding.background)

    def store_turns(self, context: str | None, user_id: str, records: Sequence[Record]) -> None:
        """Store new turns, queue their embedding and (in the background) mark them for fact
        extraction, in one transaction; then run :attr:`extract` (unless deferred) and the
        :attr:`after_add` listeners. In the background the indexer embeds them afterwards and
        the extraction worker extracts them; with ``settings.embedding.background`` off they
        are embedded, then extracted, before ``add`` returns.
        """
        name = self.context_name(context)
        store = self.store(name)
        ids = [r.id for r in records]
        later = self.defers_extraction
        self.indexer.hold(ids)
        try:
            self.write(name, user_id, records, extract_later=later)
            try:
                if not self.settings.embedding.background:
                    self.indexer.embed_now(name, store, user_id, ids)
                    records = store.get(user_id, ids)  # with their vectors (and scores)
                self.added(name, user_id, records, extract=not later)
            except StoreUnavailableError as exc:
                # The turns are committed: raising would make the caller send them again
                # (StoreUnavailableError says a call is safe to repeat) and store them twice.
                # Their vectors stay queued; what the listeners did not do is lost.
                log.warning("the store went away after %d turn(s) of %r were stored; their "
                            "facts were not extracted: %s", len(ids), user_id, exc)
        finally:
            self.indexer.release(ids)
            if later and self.runs_background_threads:
                self.extraction.start()  # once; a store opened before extract was set has none
                self.extraction.wake()
            self._tell_turns_queued(name, user_id)

    @property
    def runs_background_threads(self) -> bool:
        """Whether this process embeds and extracts in its own background threads (False
        when ``settings.background_work`` is ``"workers"``: the job workers do it)."""
        return self.settings.background_work == "threads"

    def _tell_turns_queued(self, context: str, user_id: str) -> None:
        if not self.settings.embedding.background:
            return  # embedded (and extracted) before add returned
        for listener in self.turns_queued:
            try:
                listener(context, user_id)
            except Exception as exc:  # the turns are stored and queued: a sweep finds them
                log.warning("could not hand %r's queued turns to the job workers (the "
                            "workers' periodic sweep will): %s", user_id, exc)

    def embed_waiting(self, context: str | None, user_id: str) -> int:
        """Compute the vectors of ``user_id``'s queued turns in the caller's thread (a job
        worker's task); returns the queue entries handled."""
        name = self.context_name(context)
        return self.indexer.drain_user(name, self.store(name), user_id)

    def catch_up(self, context: str | None, user_id: str | None) -> None:
        """Extract the facts of ``user_id``'s turns still waiting (everyone's when None), in
        the caller's thread: what reads facts calls this first, so a caller that adds and
        then reads sees them. Never inside a store transaction: the worker may be waiting
        for that store to stage the turns this call waits for."""
        name = self.context_name(context)
        self.extraction.drain(name, self.store(name), user_id)

    def _extract_marked(self, context: str, store: Store, user_id: str,
                        ids: Sequence[str]) -> None:
        """The extraction worker's step: the marked turns still stored, to :attr:`extract`."""
        turns = [r for r in store.get(user_id, list(ids)) if r.kind == Kind.TURN]
        if turns and self.extract is not None:
            self.extract.on_turns_added(AddedTurns(context, store, user_id, turns,
                                                   deferred=True))

    def _resume_extraction(self, context: str, store: Store, user_id: str) -> None:
        """The extraction worker's resume step for one user (see :class:`Extractions`)."""
        if self.extract is not None:
            self.extract.finish_interrupted(context, store, user_id)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every context's vectors are computed (see :class:`Indexer`) and its
        waiting turns extracted; opens the contexts not opened yet, whose queues a crashed
        run may have left."""
        deadline = None if timeout is None else time.monotonic() + timeout
        names = self.contexts()
        while names:
            for name in names:  # one after the other: not all may stay open at once
                store = self.store(name)
                if not self.extraction.flush(name, store, deadline):
                    return False
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not self.indexer.flush(left):
                    return False
            # Checked again once all were visited: with more contexts than may stay open,
            # a context let go while the others were flushed was once found with a vector
            # still queued (about 1 run in 10 of tests/memory/test_open_stores.py, cause
            # not found); another pass takes it.
            names = [n for n in names if self._still_queued(n)]
            if names and deadline is not None and time.monotonic() >= deadline:
                return False
        return True

    def _still_queued(self, name: str) -> bool:
        store = self.store(name)
        return bool(store.embedding_queue().pending) or self.extraction.waiting(store)

    def _vectors_for(self, store: Store, records: Sequence[Record],
                     embed_passages: EmbedPassages) -> list[TurnVectors]:
        return embed_stored_turns(embed_passages, store, records,
                                  contextual=self.settings.contextual_embeddings)

    def _embedded(self, event: Embedded) -> None:
        """Vectors just stored by the indexer: update the vector index, run
        :attr:`after_embed`."""
        self.index.written(event.context, event.store, event.user_id, event.records,
                           event.revision_before)
        added = AddedTurns(event.context, event.store, event.user_id, event.records)
        for listener in self.after_embed:
            listener(added)

    def remove(self, context: str | None, user_id: str, ids: Sequence[str], *,
               erase: bool = False) -> int:
        """Delete records of ``user_id`` (audited) and drop them from the index.

        ``erase``: their audit rows keep what happened and when, not what the records said
        (see :meth:`Store.delete`)."""
        if not ids:
            return 0
        name = self.context_name(context)
        store = self.store(name)
        before = store.revision(user_id)
        removed = store.delete(user_id, list(ids), at=self.now(), erase=erase)
        self.index.written(name, store, user_id, [], before, removed=list(ids))
        return removed

    def added(self, context: str | None, user_id: str, records: Sequence[Record], *,
              extract: bool = True) -> None:
        """Run :attr:`extract` (unless ``extract`` is False: it runs later) and then the
        :attr:`after_add` listeners, in order, for turns just stored."""
        name = self.context_name(context)
        event = AddedTurns(name, self.store(name), user_id, records)
        if extract and self.extract is not None:
            self.extract.on_turns_added(event)
        for listener in self.after_add:
            listener(event)

    def forget_user(self, context: str | None, user_id: str) -> int:
        """Remove everything of ``user_id`` in ``context``: the :attr:`before_forget_user`
        listeners and the partition's deletion share one transaction; then the
        :attr:`after_forget_user` listeners run and the store's freed space is erased, its
        file rebuilt (:meth:`Store.erase_freed`). Returns the records removed from the
        user's partition."""
        name = self.context_name(context)
        store = self.store(name)
        # a background round that read the user's turns must not write them back afterwards,
        # nor an extraction validate their facts again
        with self.extraction.paused(), self.indexer.paused(), store.transaction():
            for listener in self.before_forget_user:
                listener(name, store, user_id)
            removed = store.delete_user(user_id)
        self.index.forget(name, user_id)
        for after in self.after_forget_user:
            after(name, store, user_id)
        store.erase_freed(rebuild=True)
        return removed

    # -- ranking ----------------------------------------------------------------------------
    def search(self, context: str | None, filters: SearchFilters, query: str, *, limit: int,
               preset: RetrievalPreset, now: float | None = None) -> Ranked:
        """The ``limit`` best records for ``query`` under ``filters``: both legs fused, the
        preset's recency bonus applied (counted back from ``now``, default the clock), the
        hits marked as accessed."""
        name = self.context_name(context)
        store = self.store(name)
        vector = self.embedder.embed_queries([query])[0] if preset.vector_weight > 0 else None
        now = self.now() if now is None else now
        result = self.index.search(name, store, filters, query, vector, preset, now)
        hits = result.hits
        hidden = self.extraction.hidden(store, filters.user_id)  # may confide a secret:
        if hidden:  # left out until extraction decides (see Extract.hidden_until_extracted)
            hits = [h for h in hits if h.id not in hidden]
        candidates = hits[: limit * 3 if preset.recency_weight else limit]
        read = result.records  # what the second stage read for this search: not read again
        records = {h.id: read[h.id] for h in candidates if h.id in read}
        records.update((r.id, r) for r in store.get(
            filters.user_id, [h.id for h in candidates if h.id not in read]))
        ranked = self.index.apply_recency(
            [h for h in candidates if h.id in records],
            {i: r.occurred_at for i, r in records.items()}, preset, now,
        )[:limit]
        store.touch(filters.user_id, [h.id for h in ranked], now)
        return Ranked(name, now, ranked, records, result.raw)

    # -- administration ---------------------------------------------------------------------
    def contexts(self) -> list[str]:
        """Contexts with a database on disk or a schema in PostgreSQL (or opened here)."""
        names = set(self._stores)
        if self.settings.store_url:
            from .store.postgres import list_contexts

            names |= set(list_contexts(self.settings.store_url))
        elif not self.settings.in_memory and Path(self.settings.data_dir).is_dir():
            names |= {p.stem for p in Path(self.settings.data_dir).glob("*.db")}
        return sorted(names)

    def stats(self, context: str | None = None) -> StoreStats:
        """Counts and size of one context, as they stand (turns waiting for extraction are
        counted, not extracted)."""
        name = self.context_name(context)
        store = self.store(name)
        users = store.user_ids()
        by_kind: dict[str, int] = {}
        working = 0
        now = self.now()
        for user in users:
            for record in store.find(Query(user_id=user)):
                by_kind[record.kind] = by_kind.get(record.kind, 0) + 1
                working += int(record.expires_at is not None and record.expires_at > now)
        location, size = self._location(name, store)
        queue = store.embedding_queue()
        people = sum(1 for user in users if is_user_id(user))  # not ~agent:…, ~outbox, …
        return StoreStats(context=name, path=location, users=people,
                          items_by_kind=by_kind, working_memory_items=working,
                          bytes_on_disk=size, embedder=store.get_meta("embedder"),
                          pending_embeddings=queue.pending, failing_embeddings=queue.failing,
                          last_embedding_error=queue.last_error,
                          pending_extractions=len(store.extraction_jobs(ALL)))

    def _location(self, name: str, store: Store) -> tuple[str, int]:
        """Where a context lives and its bytes: the file(s), or the PostgreSQL schema's
        tables, indexes and TOAST data."""
        if self.settings.store_url:
            from .store.postgres import PostgresStore

            if isinstance(store, PostgresStore):
                return store.location, store.size_bytes()
        path = Path(self.settings.data_dir) / f"{name}.db"
        size = sum(p.stat().st_size for p in path.parent.glob(f"{name}.db*")) if (
            not self.settings.in_memory and path.exists()) else 0
        return (str(path) if size else ":memory:"), size

    def close(self) -> None:
        """Stop the indexer and the extraction worker (what is still queued stays for the
        next open), close every open store."""
        self.extraction.stop()
        self.indexer.stop()
        with self._lock:
            for store in [*self._stores.values(), *self._let_go.values()]:
                store.close()
            self._stores.clear()
            self._let_go.clear()


def needs_vector(record: Record) -> bool:
    """Whether a written record goes into the embedding queue: a searchable turn with text
    and no vector."""
    return (record.kind == Kind.TURN and record.searchable and record.embedding is None
            and bool(record.text.strip()))


def embed_stored_turns(embed_passages: EmbedPassages, store: Store, records: Sequence[Record],
                       *, contextual: bool) -> list[TurnVectors]:
    """What to store for turns already written (the embedding queue's worker, in any order):
    each turn in context of the stored turn before it (:mod:`lucidmem.embedding.turns`), whose
    vector is taken from this batch when it is in it. One ``embed_passages`` call."""
    use_context = [contextual and r.kind == Kind.TURN for r in records]
    befores = [previous_turn(store, r.user_id, r.conversation_id, r.occurred_at, r.id)
               if use else None for r, use in zip(records, use_context, strict=True)]
    raw = embed_pieces(embed_passages, [spoken(r) for r in records],
                       [None if b is None else spoken(b) for b in befores], contextual=contextual)
    computed: dict[str, Vector] = {}
    out: list[TurnVectors | None] = [None] * len(records)
    for i in sorted(range(len(records)), key=lambda i: records[i].occurred_at):
        before = befores[i]
        previous = None if before is None else computed.get(before.id, before.embedding)
        vector = (contextual_vector(raw[i].vector, previous) if use_context[i]
                  else contextual_vector(raw[i].vector, None))
        computed[records[i].id] = vector
        out[i] = TurnVectors(vector, raw[i].chunks)
    return [v for v in out if v is not None]


def previous_turn(store: Store, user_id: str, conversation_id: str | None,
                  occurred_at: float, record_id: str | None = None) -> Record | None:
    """The stored turn just before a turn of ``conversation_id`` (None: none, or no
    conversation).

    ``record_id`` None: a turn about to be stored at ``occurred_at``, so every stored turn at
    or before that time precedes it. Otherwise the turn ``record_id`` itself is stored, and
    among turns with the same ``occurred_at`` only those stored before it precede it.
    """
    if conversation_id is None:
        return None
    bound = occurred_at
    if record_id is not None:
        beside = _beside_at_same_time(store, user_id, conversation_id, occurred_at, record_id, -1)
        if beside is not None:
            return beside
        bound = math.nextafter(occurred_at, -math.inf)
    found = store.find(Query(user_id=user_id, kinds=[Kind.TURN],
                             conversation_id=conversation_id, occurred_to=bound,
                             descending=True, limit=1))
    return found[0] if found else None


def next_turn(store: Store, record: Record) -> Record | None:
    """The stored turn just after the stored turn ``record`` in its conversation (None: it is
    the last, or has no conversation): the turn whose vector mixes in ``record``'s."""
    if record.conversation_id is None:
        return None
    beside = _beside_at_same_time(store, record.user_id, record.conversation_id,
                                  record.occurred_at, record.id, +1)
    if beside is not None:
        return beside
    found = store.find(Query(user_id=record.user_id, kinds=[Kind.TURN],
                             conversation_id=record.conversation_id,
                             occurred_from=math.nextafter(record.occurred_at, math.inf),
                             limit=1))
    return found[0] if found else None


def _beside_at_same_time(store: Store, user_id: str, conversation_id: str, occurred_at: float,
                         record_id: str, step: int) -> Record | None:
    """The turn ``step`` places from the stored turn ``record_id`` among the conversation's
    turns of the same ``occurred_at`` (in the order they were stored); None: there is none."""
    same = store.find(Query(user_id=user_id, kinds=[Kind.TURN], conversation_id=conversation_id,
                            occurred_from=occurred_at, occurred_to=occurred_at))
    ids = [r.id for r in same]
    if record_id in ids and 0 <= ids.index(record_id) + step < len(ids):
        return same[ids.index(record_id) + step]
    return None


def previous_turns(store: Store, user_id: str, conversation_id: str) -> dict[str, Record | None]:
    """Every turn of a conversation → the stored turn before it (None: first)."""
    previous: dict[str, Record | None] = {}
    before: Record | None = None
    for turn in store.find(Query(user_id=user_id, kinds=[Kind.TURN],
                                 conversation_id=conversation_id)):
        previous[turn.id] = before
        before = turn
    return previous


def spoken(record: Record) -> str:
    """What a stored turn says, as embedded (:func:`lucidmem.embedding.turns.turn_text`)."""
    return turn_text(record.text, record.data.get("name"))
