"""The plumbing every part of :class:`lucidmem.Memory` shares.

``MemoryCore`` owns the stores (one per context), the embedder, the clock and
the retrieval indexes. ``Memory`` is ``MemoryCore`` plus one API mixin per
capability (turns, facts, behaviour, ...), each in its own module and each a
subclass of ``MemoryCore`` so it can use this plumbing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Self

from .clock import Clock, from_epoch, system_clock, to_epoch
from .embedding import Embedder, embedder_from_settings
from .embedding.cache import QueryCachingEmbedder
from .errors import SchemaMismatchError
from .retrieval.hybrid import HybridRetriever
from .scope import is_user_id, validate_context
from .settings import Settings
from .store.base import Query, Record, Store
from .store.sqlite import SQLiteStore
from .types import MemoryItem, StoreStats

__all__ = ["MemoryCore", "StoreFactory", "to_item"]

StoreFactory = Callable[[str], Store]


def to_item(record: Record, context: str, now: float) -> MemoryItem:
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


class MemoryCore:
    """Stores, embedder, clock and indexes; see :class:`lucidmem.Memory` for the API."""

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        store_factory: StoreFactory | None = None,
        clock: Clock | None = None,
    ) -> None:
        settings = settings or Settings()
        if data_dir is not None:
            settings = settings.model_copy(update={"data_dir": Path(str(data_dir))})
        settings.check_store()
        self.settings = settings
        self.embedder: Embedder = QueryCachingEmbedder(embedder or embedder_from_settings(settings))
        self._clock = clock or system_clock
        self._store_factory = store_factory or (
            self._postgres_store if settings.store_url else self._sqlite_store)
        self._stores: dict[str, Store] = {}
        self._lock = threading.RLock()
        self._retriever = HybridRetriever(self.embedder.dimension)

    # -- plumbing ---------------------------------------------------------------------------
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

    def store(self, context: str | None = None) -> Store:
        """The store of ``context`` (default context when ``None``), opened on first use."""
        name = validate_context(self.settings.default_context if context is None else context)
        with self._lock:
            store = self._stores.get(name)
            if store is None:
                store = self._store_factory(name)
                self._check_embedder(store)
                self._stores[name] = store
            return store

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

    def now(self) -> float:
        """The current time (epoch seconds) by this memory's clock."""
        return to_epoch(self._clock())

    def close(self) -> None:
        """Close every open store."""
        with self._lock:
            for store in self._stores.values():
                store.close()
            self._stores.clear()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _after_add(self, context: str, store: Store, user_id: str,
                   records: Sequence[Record]) -> None:
        """Hook run after turns are stored; capability mixins extend it (call super())."""

    def _before_delete_user(self, context: str, store: Store, user_id: str) -> None:
        """Hook run by ``delete_all`` inside its transaction, before the user's partition is
        removed: mixins that keep something about the user elsewhere (another partition)
        forget it here (call super())."""

    def _context(self, context: str | None) -> str:
        return validate_context(self.settings.default_context if context is None else context)

    def _write(self, context: str | None, store: Store, user_id: str,
               records: Sequence[Record]) -> None:
        before = store.revision(user_id)
        store.put(records)
        self._retriever.written(self._context(context), store, user_id, records, before)

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

    def stats(self, *, context: str | None = None) -> StoreStats:
        """Counts and size of one context."""
        name = self._context(context)
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
        people = sum(1 for user in users if is_user_id(user))  # not ~agent:…, ~outbox, …
        return StoreStats(context=name, path=location, users=people,
                          items_by_kind=by_kind, working_memory_items=working,
                          bytes_on_disk=size, embedder=store.get_meta("embedder"))

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
