"""Routes over the memory operations: each calls one ``Memory`` method."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response

from ..errors import ConflictError
from ..export import UserExport
from ..memory import Memory
from ..observability import log_metric
from ..records import Status
from ..serving.models import AssembledContext, Disclosure
from ..store.base import Query as StoreQuery
from ..types import HistoryEntry, MemoryItem, SearchHit
from .deps import ReadScope, WriteScope, state
from .etags import etag, matching_versions
from .schemas import (
    AddRequest,
    ContextRequest,
    DeletedResponse,
    DisclosureRequest,
    MemoryPage,
    SearchRequest,
    UpdateRequest,
    next_offset,
)

__all__ = ["router"]

router = APIRouter(prefix="/api/v1", tags=["memories"])
ItemId = Annotated[str, Path(min_length=1, max_length=128)]


def _op(request: Request, name: str, metric_type: str | None = None, **fields: Any) -> None:
    state(request).metrics.operation(name)
    if metric_type:
        log_metric(metric_type, name, **fields)


@router.post("/memories", status_code=201, response_model=list[MemoryItem])
def add(request: Request, body: AddRequest, scope: WriteScope) -> list[MemoryItem]:
    """Remember turns (``Memory.add``)."""
    started = time.perf_counter()
    messages: Any = body.messages if isinstance(body.messages, str) else [
        m.model_dump(exclude_none=True) for m in body.messages]
    items = state(request).memory.add(
        messages, user_id=scope.user_id, conversation_id=body.conversation_id,
        agent_id=body.agent_id, context=scope.context, timestamp=body.timestamp,
        metadata=body.metadata)
    _op(request, "add", "memory_add", user_id=scope.user_id, items=len(items),
        duration_ms=(time.perf_counter() - started) * 1000)
    return items


@router.post("/memories/search", response_model=list[SearchHit])
def search(request: Request, body: SearchRequest, scope: ReadScope) -> list[SearchHit]:
    """Hybrid search (``Memory.search``)."""
    started = time.perf_counter()
    hits = state(request).memory.search(
        body.query, user_id=scope.user_id, limit=body.limit, context=scope.context,
        conversation_id=body.conversation_id, since=body.since, until=body.until,
        kinds=body.kinds, preset=body.preset, min_score=body.min_score,
        as_of=body.as_of)
    _op(request, "search", "memory_search", user_id=scope.user_id, layer="hybrid",
        results=len(hits), duration_ms=(time.perf_counter() - started) * 1000)
    return hits


@router.post("/memories/disclose", response_model=Disclosure)
def disclose(request: Request, body: DisclosureRequest, scope: ReadScope) -> Disclosure:
    """Progressive disclosure: search → timeline → detail (``Memory.disclose``)."""
    started = time.perf_counter()
    result = state(request).memory.disclose(
        body.layer, user_id=scope.user_id, query=body.query, ids=body.ids, limit=body.limit,
        context=scope.context, conversation_id=body.conversation_id,
        min_score=body.min_score, as_of=body.as_of)
    _op(request, f"disclose_{body.layer}", "memory_search", user_id=scope.user_id,
        layer=body.layer, results=len(result.results), tokens=result.total_tokens,
        duration_ms=(time.perf_counter() - started) * 1000)
    return result


@router.post("/context", response_model=AssembledContext)
def context(request: Request, body: ContextRequest, scope: ReadScope) -> AssembledContext:
    """Token-budgeted context for the next reply (``Memory.build_context``)."""
    result = state(request).memory.build_context(
        body.message, user_id=scope.user_id, token_budget=body.token_budget,
        conversation_id=body.conversation_id, agent_id=body.agent_id, context=scope.context)
    _op(request, "context", "memory_context", user_id=scope.user_id,
        tokens=result.total_tokens, budget=result.token_budget, duration_ms=result.ms,
        parts={p.name: {"tokens": p.tokens, "ms": round(p.ms, 3)} for p in result.parts})
    return result


@router.get("/memories", response_model=MemoryPage)
def list_memories(
    request: Request, scope: ReadScope,
    conversation_id: Annotated[str | None, Query(max_length=128)] = None,
    kinds: Annotated[list[str] | None, Query(max_length=20)] = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
    offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
) -> MemoryPage:
    """A user's items, oldest first, one page at a time (``Memory.get_all``); ``total``
    counts every page and ``next_offset`` is the ``offset`` of the next one."""
    _op(request, "list")
    memory = state(request).memory
    items = memory.get_all(user_id=scope.user_id, context=scope.context,
                           conversation_id=conversation_id, kinds=kinds, limit=limit,
                           offset=offset)
    # counted as Memory.get_all lists: without kinds, bookkeeping records are left out
    listed = None if kinds is not None else [s for s in Status if s is not Status.INTERNAL]
    total = memory.kernel.store(scope.context).count(StoreQuery(
        user_id=scope.user_id, conversation_id=conversation_id, kinds=kinds, statuses=listed))
    return MemoryPage(items=items, total=total, limit=limit, offset=offset,
                      next_offset=next_offset(offset, len(items), total))


@router.delete("/memories", response_model=DeletedResponse)
def delete_all(request: Request, scope: WriteScope) -> DeletedResponse:
    """Forget everything about the user in this context (``Memory.delete_all``); the API
    keys created for the user that may use this context are revoked (the next request with
    one answers 401)."""
    _op(request, "delete_all")
    app = state(request)
    deleted = app.memory.delete_all(user_id=scope.user_id, context=scope.context)
    app.key_store.remove_user_keys(scope.user_id,
                                   app.memory.kernel.context_name(scope.context))
    return DeletedResponse(deleted=deleted)


@router.get("/export", response_model=UserExport, response_model_exclude_unset=True)
def export(
    request: Request, scope: ReadScope,
    embeddings: Annotated[bool, Query(description="Include the embedding vectors.")] = False,
) -> UserExport:
    """Everything kept about the user in this context, as one JSON document
    (``Memory.export``; format ``lucidmem-export`` version 1)."""
    _op(request, "export")
    return state(request).memory.export(user_id=scope.user_id, context=scope.context,
                                        include_embeddings=embeddings)


ETAG_HEADER = {"ETag": {"description": "The item's version as a strong entity tag "
                                        '(`"3"`); send it back in `If-Match` to edit safely.',
                         "schema": {"type": "string"}}}


@router.get("/memories/{item_id}", response_model=MemoryItem,
            responses={200: {"headers": ETAG_HEADER}})
def get(request: Request, response: Response, item_id: ItemId,
        scope: ReadScope) -> MemoryItem:
    """One item (``Memory.get``); another user's id answers 404. The ``ETag`` header
    names its version, for a safe ``PATCH`` with ``If-Match``."""
    _op(request, "get")
    item = state(request).memory.get(item_id, user_id=scope.user_id, context=scope.context)
    response.headers["ETag"] = etag(item.version)
    return item


def _expected_version(memory: Memory, item_id: str, user_id: str, context: str | None,
                      if_match: str) -> int | None:
    """The version an edit expects from its If-Match: None for ``*``; the one it names; or,
    when it names several, the item's current version if it is one of them."""
    versions = matching_versions(if_match)
    if versions is None:
        return None
    if len(versions) == 1:
        return next(iter(versions))  # checked under Memory.update's edit lock
    current = memory.get(item_id, user_id=user_id, context=context).version
    if current in versions:
        return current
    raise ConflictError(f"item {item_id!r} is at version {current}, which If-Match "
                        f"{if_match!r} does not name: read it again and retry",
                        current_version=current)


IfMatch = Annotated[str | None, Header(
    alias="If-Match", max_length=1000,
    description='Edit only if the item is still at this version: the `ETag` of a GET '
                '(`"3"`), several separated by commas, or `*`. Without it the edit is made '
                "whatever the version (last write wins).")]


@router.patch("/memories/{item_id}", response_model=MemoryItem, responses={
    200: {"headers": ETAG_HEADER},
    412: {"description": "`If-Match` names another version than the item's: nothing was "
                         "changed; the `ETag` header and `current_version` give its version. "
                         "Read it again and retry."}})
def update(request: Request, response: Response, item_id: ItemId, body: UpdateRequest,
           scope: WriteScope, if_match: IfMatch = None) -> MemoryItem:
    """Change text and/or metadata (``Memory.update``), with ``If-Match`` only if the item
    is still at the version it names (``expected_version``)."""
    _op(request, "update")
    memory = state(request).memory
    expected = None if if_match is None else _expected_version(
        memory, item_id, scope.user_id, scope.context, if_match)
    item = memory.update(item_id, user_id=scope.user_id, text=body.text,
                         metadata=body.metadata, context=scope.context,
                         expected_version=expected)
    response.headers["ETag"] = etag(item.version)
    return item


@router.delete("/memories/{item_id}", status_code=204, response_class=Response)
def delete(request: Request, item_id: ItemId, scope: WriteScope) -> Response:
    """Delete one item (``Memory.delete``)."""
    _op(request, "delete")
    state(request).memory.delete(item_id, user_id=scope.user_id, context=scope.context)
    return Response(status_code=204)


@router.get("/memories/{item_id}/history", response_model=list[HistoryEntry])
def history(request: Request, item_id: ItemId, scope: ReadScope) -> list[HistoryEntry]:
    """Every audited change of an item (``Memory.history``)."""
    _op(request, "history")
    return state(request).memory.history(item_id, user_id=scope.user_id,
                                         context=scope.context)


@router.get("/working-memory", response_model=list[MemoryItem])
def working_memory(
    request: Request, scope: ReadScope,
    conversation_id: Annotated[str | None, Query(max_length=128)] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
) -> list[MemoryItem]:
    """Recent turns inside the working-memory TTL (``Memory.working_memory``)."""
    _op(request, "working_memory")
    return state(request).memory.working_memory(
        user_id=scope.user_id, conversation_id=conversation_id, context=scope.context,
        limit=limit)
