"""``LucidmemStore``: lucidmem as the long-term memory store of LangGraph agents.

A LangGraph ``BaseStore`` (``pip install 'lucidmem[langgraph]'``) over a ``Memory``::

    from langgraph.graph import StateGraph
    from lucidmem import Memory
    from lucidmem.integrations.langgraph import LucidmemStore

    store = LucidmemStore(Memory())
    graph = builder.compile(store=store)
    # in a node: store.put(("maya", "memories"), "food", {"text": "Maya is vegan"})
    #            store.search(("maya", "memories"), query="what does she eat?")

Namespaces name the user: the element at ``user_index`` (default 0, LangGraph's
``(user_id, "memories")`` convention) is the lucidmem ``user_id``, so each user's items
live in their own partition, are found by lucidmem's hybrid search (BM25 + vectors), feed
fact extraction, and are forgotten by ``memory.delete_all(user_id=...)``. A namespace
without a valid user id is refused before anything is written.

Each item is one lucidmem memory: its text is the value's first string field among
``text_fields`` (else the value as compact JSON; a text longer than the memory's
``max_message_chars`` is searched by its beginning, see
:mod:`lucidmem.integrations.long_messages`), the value itself is kept whole in the memory's
metadata, and the namespace becomes the memory's ``conversation_id`` (a digest).
Reading one key scans its namespace (fine for the hundreds of memories an agent keeps per
user and namespace). TTLs are not supported (``supports_ttl = False``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ..errors import InvalidInputError
from ..memory import Memory
from ..scope import validate_id
from ..types import MemoryItem
from .long_messages import searchable_text

__all__ = ["DEFAULT_TEXT_FIELDS", "LucidmemStore"]

DEFAULT_TEXT_FIELDS = ("text", "content", "memory", "data")
"""Value fields whose string becomes the searchable text, first present wins."""
META = "langgraph"
SCAN = 10_000
"""Most items of one user read at once when listing or filtering without a query."""
OVERFETCH = 4
"""Search asks lucidmem for this many times the page, then keeps the prefix's items."""
OPERATORS = {"$eq": lambda a, b: a == b, "$ne": lambda a, b: a != b,
             "$gt": lambda a, b: a > b, "$gte": lambda a, b: a >= b,
             "$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b}


def namespace_id(namespace: Sequence[str]) -> str:
    """The ``conversation_id`` that holds one namespace's items (stable, id-safe)."""
    digest = hashlib.sha256(json.dumps(list(namespace)).encode()).hexdigest()[:24]
    return f"lg.{digest}"


def item_text(value: Mapping[str, Any], fields: Sequence[str]) -> str:
    """The searchable text of a value: its first non-empty string field, else its JSON."""
    for name in fields:
        found = value.get(name)
        if isinstance(found, str) and found.strip():
            return found
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, default=str)


def matches(value: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """LangGraph's filter: each key equals, or satisfies ``{"$gt": 3, ...}``."""
    for key, condition in (wanted or {}).items():
        actual = value.get(key)
        if isinstance(condition, Mapping) and condition and all(
                op in OPERATORS for op in condition):
            try:
                if not all(OPERATORS[op](actual, operand) for op, operand in condition.items()):
                    return False
            except TypeError:  # e.g. None > 3
                return False
        elif actual != condition:
            return False
    return True


def _path_matches(namespace: tuple[str, ...], condition: MatchCondition) -> bool:
    path = tuple(condition.path)
    if len(path) > len(namespace):
        return False
    part = namespace[:len(path)] if condition.match_type == "prefix" else namespace[-len(path):]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))


class LucidmemStore(BaseStore):
    """A LangGraph ``BaseStore`` whose items are lucidmem memories of the namespace's user."""

    supports_ttl = False

    def __init__(self, memory: Memory, *, user_index: int = 0, context: str | None = None,
                 text_fields: Sequence[str] = DEFAULT_TEXT_FIELDS) -> None:
        self.memory = memory
        self.user_index = user_index
        self.context = context
        self.text_fields = tuple(text_fields)

    # -- the BaseStore contract -----------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run LangGraph's operations in order (puts are applied as they come)."""
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, PutOp):
                self._put(op)
                results.append(None)
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._namespaces(op))
            else:
                raise InvalidInputError(f"unknown store operation {type(op).__name__}",
                                        field="op")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """:meth:`batch` on a worker thread, so the event loop is not blocked."""
        return await asyncio.to_thread(self.batch, list(ops))

    # -- helpers ----------------------------------------------------------------------------
    def _user(self, namespace: Sequence[str]) -> str:
        if len(namespace) <= self.user_index:
            raise InvalidInputError(
                f"namespace {tuple(namespace)!r} names no user: lucidmem reads the user id "
                f"at position {self.user_index} (e.g. ('maya', 'memories'))", field="namespace")
        return validate_id(str(namespace[self.user_index]))

    def _items(self, user_id: str, namespace: Sequence[str] | None = None) -> list[MemoryItem]:
        found = self.memory.get_all(
            user_id=user_id, context=self.context, kinds=["turn"], limit=SCAN,
            conversation_id=None if namespace is None else namespace_id(namespace))
        return [i for i in found if isinstance(i.metadata.get(META), Mapping)]

    @staticmethod
    def _namespace(item: MemoryItem) -> tuple[str, ...]:
        return tuple(str(p) for p in item.metadata[META]["namespace"])

    def _find(self, namespace: tuple[str, ...], key: str) -> MemoryItem | None:
        user_id = self._user(namespace)
        return next((i for i in self._items(user_id, namespace)
                     if i.metadata[META]["key"] == key), None)

    @staticmethod
    def _item(found: MemoryItem) -> Item:
        data = found.metadata[META]
        return Item(value=dict(data["value"]), key=str(data["key"]),
                    namespace=tuple(data["namespace"]), created_at=found.created_at,
                    updated_at=found.updated_at)

    # -- operations -------------------------------------------------------------------------
    def _get(self, op: GetOp) -> Item | None:
        found = self._find(tuple(op.namespace), op.key)
        return None if found is None else self._item(found)

    def _put(self, op: PutOp) -> None:
        namespace = tuple(op.namespace)
        user_id = self._user(namespace)
        existing = self._find(namespace, op.key)
        if op.value is None:
            if existing is not None:
                self.memory.delete(existing.id, user_id=user_id, context=self.context)
            return
        value = dict(op.value)
        metadata = {META: {"namespace": list(namespace), "key": op.key, "value": value}}
        text = searchable_text(item_text(value, self.text_fields),
                               self.memory.kernel.settings.max_message_chars)
        if existing is None:
            self.memory.add([{"role": "user", "content": text, "metadata": metadata}],
                            user_id=user_id, conversation_id=namespace_id(namespace),
                            context=self.context)
        else:
            self.memory.update(existing.id, user_id=user_id, text=text, metadata=metadata,
                               context=self.context)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = tuple(op.namespace_prefix)
        user_id = self._user(prefix)

        def inside(item: MemoryItem) -> bool:
            return (isinstance(item.metadata.get(META), Mapping)
                    and self._namespace(item)[:len(prefix)] == prefix
                    and matches(item.metadata[META]["value"], op.filter))

        wanted = op.offset + op.limit
        scored: list[tuple[MemoryItem, float | None]]
        if op.query:
            hits = self.memory.search(op.query, user_id=user_id, context=self.context,
                                      kinds=["turn"], limit=min(1000, wanted * OVERFETCH))
            scored = [(h.item, h.score) for h in hits if inside(h.item)]
        else:
            scored = [(i, None) for i in reversed(self._items(user_id)) if inside(i)]
        return [SearchItem(namespace=self._namespace(i), key=str(i.metadata[META]["key"]),
                           value=dict(i.metadata[META]["value"]), created_at=i.created_at,
                           updated_at=i.updated_at, score=score)
                for i, score in scored[op.offset:wanted]]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        conditions = tuple(op.match_conditions or ())
        named = [c for c in conditions if c.match_type == "prefix"
                 and len(c.path) > self.user_index and c.path[self.user_index] != "*"]
        if not named:
            raise InvalidInputError(
                "list_namespaces needs a prefix naming the user, e.g. prefix=('maya',): "
                "lucidmem never lists across users", field="namespace")
        user_id = self._user(tuple(named[0].path))
        found = {self._namespace(i) for i in self._items(user_id)}
        kept = sorted({ns[:op.max_depth] if op.max_depth is not None else ns
                       for ns in found if all(_path_matches(ns, c) for c in conditions)})
        return kept[op.offset:op.offset + op.limit]
