"""Health, statistics and metrics routes."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel

from ..erasure import ErasureReport
from ..observability import Aggregates, log_metric, read_aggregates
from ..observability.prometheus import CONTENT_TYPE_LATEST
from ..types import StoreStats
from .deps import Admin, state
from .schemas import ErasureRequest, FlushRequest, FlushResult

__all__ = ["router"]

router = APIRouter(tags=["operations"])
ContextParam = Annotated[str | None, Query(max_length=64)]


class Health(BaseModel):
    """``{"status": "ok"}`` while the server runs."""

    status: Literal["ok"] = "ok"


@router.get("/healthz", response_model=Health)
def healthz() -> Health:
    """Liveness (no key needed)."""
    return Health()


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
def flush(request: Request, body: FlushRequest, _: Admin) -> FlushResult:
    """Wait until every turn added so far has its vector (admin; ``Memory.flush``)."""
    return FlushResult(current=state(request).memory.flush(timeout=body.timeout))


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
