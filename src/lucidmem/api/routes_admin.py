"""Health, statistics, metrics and API key routes."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel

from ..erasure import ErasureReport
from ..errors import InvalidInputError, NotFoundError, StoreError
from ..observability import Aggregates, log_metric, read_aggregates
from ..observability.prometheus import CONTENT_TYPE_LATEST
from ..scope import validate_context, validate_id
from ..store.shared import StoredKey
from ..types import StoreStats
from .deps import Admin, state
from .keystore import new_key
from .schemas import CreatedKey, ErasureRequest, FlushRequest, FlushResult, KeyCreate, KeyInfo
from .settings import ADMIN, digest

__all__ = ["router"]

log = logging.getLogger(__name__)
router = APIRouter(tags=["operations"])
ContextParam = Annotated[str | None, Query(max_length=64)]


class Health(BaseModel):
    """``{"status": "ok"}`` while the server runs."""

    status: Literal["ok"] = "ok"


@router.get("/healthz", response_model=Health)
def healthz() -> Health:
    """Liveness (no key needed)."""
    return Health()


class Readiness(BaseModel):
    """``{"status": "ready"}`` when the store answers; ``"unavailable"`` (HTTP 503) when not."""

    status: Literal["ready", "unavailable"]
    detail: str | None = None


@router.get("/readyz", response_model=Readiness,
            responses={503: {"model": Readiness, "description": "the store does not answer"}})
def readyz(request: Request, response: Response) -> Readiness:
    """Readiness (no key needed): whether this process reaches its store (a fresh connection
    to PostgreSQL, or the data directory). A load balancer sends no traffic while it is 503."""
    try:
        state(request).memory.contexts()
    except StoreError as exc:
        log.warning("not ready: %s", exc)
        response.status_code = 503
        return Readiness(status="unavailable",
                         detail="the store does not answer; the server log says why")
    return Readiness(status="ready")


@router.get("/api/v1/stats", response_model=StoreStats)
def stats(request: Request, _: Admin, context: ContextParam = None) -> StoreStats:
    """Counts and size of one context (admin; ``Memory.stats``)."""
    return state(request).memory.stats(context=context)


@router.get("/api/v1/contexts", response_model=list[str])
def contexts(request: Request, _: Admin) -> list[str]:
    """The contexts with data on this server (admin; ``Memory.contexts``)."""
    return state(request).memory.contexts()


@router.post("/api/v1/erasure/verify", response_model=ErasureReport)
def verify_erasure(request: Request, body: ErasureRequest, _: Admin) -> ErasureReport:
    """Search every store and file for a forgotten user (admin; ``Memory.verify_erasure``):
    ``clean`` is true when nothing was found."""
    return state(request).memory.verify_erasure(user_id=body.user_id, texts=body.texts,
                                                context=body.context)


@router.post("/api/v1/flush", response_model=FlushResult)
def flush(request: Request, _: Admin, body: FlushRequest | None = None) -> FlushResult:
    """Wait until every turn added so far has its vector (admin; ``Memory.flush``); the
    body (a timeout) may be left out."""
    timeout = body.timeout if body is not None else None
    return FlushResult(current=state(request).memory.flush(timeout=timeout))


@router.get("/metrics", response_class=Response)
def metrics(request: Request, _: Admin) -> Response:
    """Prometheus exposition (admin key as Bearer token)."""
    return Response(state(request).metrics.exposition(), media_type=CONTENT_TYPE_LATEST)


@router.get("/api/v1/metrics/aggregates", response_model=Aggregates)
def aggregates(request: Request, _: Admin, context: ContextParam = None,
               hours: Annotated[float, Query(gt=0, le=24 * 365)] = 1.0) -> Aggregates:
    """The seed's learning aggregates over the last ``hours`` (null = no data yet)."""
    memory = state(request).memory
    end = memory.kernel.now()
    result = read_aggregates(memory.kernel.store(context), start=end - hours * 3600, end=end)
    log_metric(result.metric_type, "Aggregates computed",
               **result.model_dump(exclude={"metric_type"}))
    return result


def _info(key: StoredKey) -> KeyInfo:
    return KeyInfo(key_id=key.digest, user_id=key.user_id,
                   contexts=None if key.contexts is None else list(key.contexts),
                   created_at=datetime.fromtimestamp(key.created_at, UTC))


@router.post("/api/v1/keys", response_model=CreatedKey, status_code=201)
def create_key(request: Request, body: KeyCreate, _: Admin) -> CreatedKey:
    """Create a user key (admin). The answer holds the key; only its digest is kept, so
    it cannot be shown again. With the PostgreSQL store every API worker knows it at once."""
    user_id = validate_id(body.user_id)
    if user_id == ADMIN:
        raise InvalidInputError("keys created here are user keys; the admin key is "
                                "configured (LUCIDMEM_API_ADMIN_KEY)", field="user_id")
    contexts = None if body.contexts is None else tuple(
        sorted({validate_context(c) for c in body.contexts}))
    key = new_key()
    stored = StoredKey(digest(key), user_id, contexts, state(request).memory.kernel.now())
    state(request).key_store.add_key(stored)
    return CreatedKey(key=key, **_info(stored).model_dump())


@router.get("/api/v1/keys", response_model=list[KeyInfo])
def list_keys(request: Request, _: Admin,
              user_id: Annotated[str | None, Query(max_length=128)] = None) -> list[KeyInfo]:
    """Created keys, without the keys (admin); ``user_id`` narrows to one user's."""
    return [_info(k) for k in state(request).key_store.keys(user_id)]


@router.delete("/api/v1/keys/{key_id}", status_code=204, response_class=Response)
def revoke_key(request: Request, _: Admin,
               key_id: Annotated[str, Path(min_length=64, max_length=64)]) -> Response:
    """Revoke a created key (admin): every worker refuses it from the next request on."""
    if not state(request).key_store.remove_key(key_id.lower()):
        raise NotFoundError(f"no created key {key_id!r}")
    return Response(status_code=204)
