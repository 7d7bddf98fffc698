"""``Memory``: the one object a user of lucidmem needs.

It owns one store per context (a database file each), the embedder and the
retrieval indexes; every front end (CLI, REST, MCP) is a thin layer over its
methods. All methods are synchronous and thread-safe.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from .clock import Clock, from_epoch, parse_time, system_clock, to_epoch
from .embedding import Embedder, embedder_from_settings
from .errors import InvalidInputError, NotFoundError, SchemaMismatchError
from .ingest.messages import normalise_messages
from .retrieval.hybrid import HybridRetriever, SearchFilters
from .scope import validate_context, validate_id
from .settings import RETRIEVAL_PRESETS, RetrievalPreset, Settings
from .store.base import Query, Record, Store
from .store.sqlite import SQLiteStore
from .types import HistoryEntry, LegScore, MemoryItem, MessageDict, SearchHit, StoreStats

__all__ = ["Memory"]

TURN = "turn"
StoreFactory = Callable[[str], Store]
MAX_K = 1_000


def _to_item(record: Record, context: str, now: float) -> MemoryItem:
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


def _embedding_text(content: str, name: str | None) -> str:
    """What gets embedded for a turn: the speaker's name helps "what did X say" queries."""
    return f"{name}: {content}" if name else content


class Memory:
    """Adaptive long-term memory for one application.

    >>> from lucidmem import Memory
    >>> memory = Memory(":memory:")
    >>> _ = memory.add("I'm allergic to peanuts", user_id="maya")
    >>> memory.search("what can't she eat?", user_id="maya")[0].item.text
    "I'm allergic to peanuts"

    ``data_dir`` (or ``settings.data_dir``) holds one database per context;
    ``":memory:"`` keeps everything in RAM. ``embedder`` and ``store_factory``
    replace the defaults (the bundled E5 model, SQLite files); ``clock`` lets
    tests and imports control "now".
    """

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
        self.settings = settings
        self.embedder = embedder or embedder_from_settings(settings)
        self._clock = clock or system_clock
        self._store_factory = store_factory or self._sqlite_store
        self._stores: dict[str, Store] = {}
        self._lock = threading.RLock()
        self._retriever = HybridRetriever(self.embedder.dimension)

    # -- plumbing ---------------------------------------------------------------------------
    def _sqlite_store(self, context: str) -> Store:
        key = self.settings.key_for(context)
        if self.settings.in_memory:
            return SQLiteStore(":memory:", key=key)
        return SQLiteStore(Path(self.settings.data_dir) / f"{context}.db", key=key)

    def store(self, context: str | None = None) -> Store:
        """The store of ``context`` (default context when ``None``), opened on first use."""
        name = validate_context(context or self.settings.default_context)
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

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------
    def add(
        self,
        messages: str | MessageDict | Sequence[MessageDict],
        *,
        user_id: str,
        conversation_id: str | None = None,
        agent_id: str | None = None,
        context: str | None = None,
        timestamp: datetime | str | float | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[MemoryItem]:
        """Remember conversation turns; they are searchable as soon as this returns.

        ``messages`` is a string (one user turn) or a list of
        ``{role, content, name?, timestamp?, metadata?}``. A message's own
        timestamp wins over ``timestamp``, which wins over now, so history can
        be imported with its real dates. Either every message is stored or,
        on invalid input, none is.
        """
        validate_id(user_id)
        for value, field in ((conversation_id, "conversation_id"), (agent_id, "agent_id")):
            if value is not None:
                validate_id(value, field)
        now = self.now()
        default_time = now if timestamp is None else parse_time(timestamp)
        turns = normalise_messages(
            messages,
            default_time=default_time,
            max_chars=self.settings.max_message_chars,
            max_messages=self.settings.max_messages_per_add,
        )
        shared = dict(metadata or {})
        store = self.store(context)
        vectors = self.embedder.embed_passages(
            [_embedding_text(t.content, t.name) for t in turns]
        )
        ttl = self.settings.working_memory_ttl_hours * 3600
        records = [
            Record(
                id=uuid.uuid4().hex,
                kind=TURN,
                user_id=user_id,
                agent_id=agent_id,
                conversation_id=conversation_id,
                layer=0,
                text=turn.content,
                occurred_at=turn.occurred_at,
                created_at=now,
                updated_at=now,
                expires_at=turn.occurred_at + ttl,
                data={"role": turn.role, "name": turn.name,
                      "metadata": {**shared, **turn.metadata}},
                embedding=vectors[i],
            )
            for i, turn in enumerate(turns)
        ]
        self._write(context, store, user_id, records)
        return [_to_item(r, self._context(context), now) for r in records]

    def _context(self, context: str | None) -> str:
        return validate_context(context or self.settings.default_context)

    def _write(self, context: str | None, store: Store, user_id: str,
               records: Sequence[Record]) -> None:
        before = store.revision(user_id)
        store.put(records)
        self._retriever.written(self._context(context), store, user_id, records, before)

    # -- reading ----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        user_id: str,
        k: int = 10,
        context: str | None = None,
        conversation_id: str | None = None,
        since: datetime | str | float | None = None,
        until: datetime | str | float | None = None,
        kinds: Sequence[str] | None = None,
        preset: str | RetrievalPreset | None = None,
    ) -> list[SearchHit]:
        """Hybrid search (BM25 + vectors, fused by RRF) over one user's memories.

        ``since``/``until`` bound the time the item happened; ``preset`` names
        an entry of :data:`~lucidmem.settings.RETRIEVAL_PRESETS` or is one.
        """
        validate_id(user_id)
        if not isinstance(query, str) or not query.strip():
            raise InvalidInputError("query is empty: pass the text to search for", field="query")
        if not 1 <= k <= MAX_K:
            raise InvalidInputError(f"k must be between 1 and {MAX_K}, got {k}", field="k")
        chosen = self._preset(preset)
        filters = SearchFilters(
            user_id=user_id,
            kinds=kinds,
            conversation_id=conversation_id,
            occurred_from=None if since is None else parse_time(since, "since"),
            occurred_to=None if until is None else parse_time(until, "until"),
        )
        name = self._context(context)
        store = self.store(name)
        vector = self.embedder.embed_queries([query])[0] if chosen.vector_weight > 0 else None
        now = self.now()
        result = self._retriever.search(name, store, filters, query, vector, chosen, now)
        candidates = result.hits[: max(k, k * 3 if chosen.recency_weight else k)]
        records = {r.id: r for r in store.get(user_id, [h.id for h in candidates])}
        ranked = self._retriever.apply_recency(
            [h for h in candidates if h.id in records],
            {i: r.occurred_at for i, r in records.items()}, chosen, now,
        )[:k]
        store.touch(user_id, [h.id for h in ranked], now)
        return [
            SearchHit(
                item=_to_item(records[h.id], name, now),
                score=h.score,
                explain={
                    leg: LegScore(
                        rank=h.ranks.get(leg, 0),
                        score=result.raw.get(leg, {}).get(h.id, 0.0),
                        contribution=contribution,
                    )
                    for leg, contribution in h.contributions.items()
                },
            )
            for h in ranked
        ]

    def _preset(self, preset: str | RetrievalPreset | None) -> RetrievalPreset:
        if preset is None:
            return self.settings.retrieval
        if isinstance(preset, RetrievalPreset):
            return preset
        if preset not in RETRIEVAL_PRESETS:
            raise InvalidInputError(
                f"unknown preset {preset!r}; choose one of {sorted(RETRIEVAL_PRESETS)}",
                field="preset",
            )
        return RETRIEVAL_PRESETS[preset]

    def get(self, item_id: str, *, user_id: str, context: str | None = None) -> MemoryItem:
        """One item of this user; NotFoundError if it does not exist (or is someone else's)."""
        validate_id(user_id)
        found = self.store(context).get(user_id, [item_id])
        if not found:
            raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        return _to_item(found[0], self._context(context), self.now())

    def get_all(
        self,
        *,
        user_id: str,
        context: str | None = None,
        conversation_id: str | None = None,
        kinds: Sequence[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[MemoryItem]:
        """A user's items, oldest first, paginated."""
        validate_id(user_id)
        if not 1 <= limit <= 10_000 or offset < 0:
            raise InvalidInputError("limit must be 1..10000 and offset >= 0", field="limit")
        records = self.store(context).find(
            Query(user_id=user_id, conversation_id=conversation_id, kinds=kinds,
                  limit=limit, offset=offset)
        )
        now = self.now()
        return [_to_item(r, self._context(context), now) for r in records]

    def working_memory(
        self,
        *,
        user_id: str,
        conversation_id: str | None = None,
        context: str | None = None,
        limit: int = 50,
    ) -> list[MemoryItem]:
        """The most recent turns still inside the working-memory TTL, oldest first."""
        validate_id(user_id)
        now = self.now()
        records = self.store(context).find(
            Query(user_id=user_id, kinds=[TURN], conversation_id=conversation_id,
                  expires_after=now, descending=True, limit=limit)
        )
        return [_to_item(r, self._context(context), now) for r in reversed(records)]

    def history(self, item_id: str, *, user_id: str,
                context: str | None = None) -> list[HistoryEntry]:
        """Every change made to an item (add, updates, delete), oldest first."""
        validate_id(user_id)
        entries = self.store(context).history(user_id, item_id)
        if not entries:
            raise NotFoundError(f"no history for item {item_id!r} of user {user_id!r}")
        return [
            HistoryEntry(item_id=e.record_id, action=e.action, at=from_epoch(e.at),
                         before=e.before, after=e.after)
            for e in entries
        ]

    # -- changing and forgetting ------------------------------------------------------------
    def update(
        self,
        item_id: str,
        *,
        user_id: str,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        context: str | None = None,
    ) -> MemoryItem:
        """Change an item's text and/or metadata (re-embedded; version + 1; audited)."""
        validate_id(user_id)
        if text is None and metadata is None:
            raise InvalidInputError("nothing to update: pass text and/or metadata", field="text")
        store = self.store(context)
        found = store.get(user_id, [item_id])
        if not found:
            raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        record = found[0]
        if text is not None:
            turn = normalise_messages(
                [{"role": record.data.get("role", "user"), "content": text}],
                default_time=record.occurred_at, max_chars=self.settings.max_message_chars,
                max_messages=1,
            )[0]
            record.text = turn.content
            record.embedding = self.embedder.embed_passages(
                [_embedding_text(turn.content, record.data.get("name"))]
            )[0]
        if metadata is not None:
            normalise_messages([{"content": "x", "metadata": dict(metadata)}], default_time=0,
                               max_chars=1, max_messages=1)
            record.data = {**record.data, "metadata": dict(metadata)}
        now = self.now()
        record.updated_at = now
        record.version += 1
        self._write(context, store, user_id, [record])
        return _to_item(record, self._context(context), now)

    def delete(self, item_id: str, *, user_id: str, context: str | None = None) -> None:
        """Delete one item (its audit trail records the deletion)."""
        validate_id(user_id)
        store = self.store(context)
        before = store.revision(user_id)
        if store.delete(user_id, [item_id], at=self.now()) == 0:
            raise NotFoundError(f"no item {item_id!r} for user {user_id!r} in this context")
        self._retriever.written(self._context(context), store, user_id, [], before,
                                removed=[item_id])

    def delete_all(self, *, user_id: str, context: str | None = None) -> int:
        """Forget everything about a user in a context, audit trail included."""
        validate_id(user_id)
        removed = self.store(context).delete_user(user_id)
        self._retriever.forget(self._context(context), user_id)
        return removed

    # -- administration ---------------------------------------------------------------------
    def contexts(self) -> list[str]:
        """Contexts with a database on disk (or opened in this process)."""
        names = set(self._stores)
        if not self.settings.in_memory and Path(self.settings.data_dir).is_dir():
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
        path = Path(self.settings.data_dir) / f"{name}.db"
        size = sum(p.stat().st_size for p in path.parent.glob(f"{name}.db*")) if (
            not self.settings.in_memory and path.exists()) else 0
        return StoreStats(context=name, path=str(path) if size else ":memory:", users=len(users),
                          items_by_kind=by_kind, working_memory_items=working,
                          bytes_on_disk=size, embedder=store.get_meta("embedder"))

    list = get_all
    """Alias of :meth:`get_all` for mem0 users."""


