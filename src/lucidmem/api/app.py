"""The FastAPI application: ``create_app(memory)``.

Endpoints are synchronous (FastAPI runs them in its thread pool) over the
synchronous, thread-safe ``Memory``. Two pure ASGI middlewares wrap them:
the body-size limit (413 before anything is read into a handler) and the
request metrics (Prometheus counters/histograms and one JSON log line per
request).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..observability import ServerMetrics
from . import routes_admin, routes_browser, routes_learning, routes_memory, routes_parts
from .contexts import KnownContexts
from .deps import AppState
from .docs import install_docs
from .errors import error_body, install_error_handlers
from .keystore import InProcessKeys, KeyStore
from .ratelimit import RateLimiter, TokenBuckets
from .settings import KeyRing, ServerSettings

if TYPE_CHECKING:
    from ..memory import Memory

__all__ = ["create_app"]

logger = logging.getLogger("lucidmem.api")


class BodyLimit:
    """Answer 413 to bodies over ``limit`` bytes (declared or streamed), without reading more."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._reject(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._reject(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _reject(self, send: Send) -> None:
        payload = json.dumps(error_body(
            "payload_too_large", f"request bodies are limited to {self.limit} bytes")).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload})


class RequestMetrics:
    """Count and time every request by route template, method and status."""

    def __init__(self, app: ASGIApp, metrics: ServerMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def capture(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, capture)
        finally:
            seconds = time.perf_counter() - started
            route: Any = scope.get("route")
            name = getattr(route, "path", None) or "unmatched"
            self.metrics.observe(name, scope["method"], status, seconds)
            logger.info("request", extra={"metric_type": "http_request", "route": name,
                                          "method": scope["method"], "status": status,
                                          "duration_ms": round(seconds * 1000, 3)})


def shared_state(store_url: str | None) -> tuple[RateLimiter, KeyStore]:
    """Where rate-limit buckets and created API keys live: in PostgreSQL when the memory
    is (so every worker shares them), else in this process."""
    if store_url:
        from ..store.server_state import PostgresServerState

        state = PostgresServerState(store_url)
        return state, state
    return TokenBuckets(), InProcessKeys()


def create_app(memory: Memory | None = None, *, settings: ServerSettings | None = None,
               keys: KeyRing | None = None) -> FastAPI:
    """The REST API over ``memory`` (default: ``Memory()`` from the environment).

    ``keys`` default to those of ``settings`` (``LUCIDMEM_API_*``); with no key
    configured or created every request answers 401. Rate-limit buckets and keys created
    at run time are shared through PostgreSQL when the memory's ``store_url`` is set
    (:func:`shared_state`).
    """
    settings = settings or ServerSettings()
    if memory is None:
        from ..memory import Memory

        memory = Memory()
    limiter, key_store = shared_state(memory.kernel.settings.store_url)
    app_state = AppState(memory=memory, keys=keys or KeyRing.from_settings(settings),
                         key_store=key_store, limiter=limiter, settings=settings,
                         contexts=KnownContexts(
                             memory.contexts, memory.kernel.context_name(None),
                             refresh_seconds=settings.context_refresh_seconds),
                         metrics=ServerMetrics())

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        app_state.close()

    app = FastAPI(
        title="lucidmem", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
        description="Adaptive long-term memory for AI assistants. Authenticate with "
                    "`Authorization: Bearer <key>` or `X-API-Key: <key>`.")
    app.state.lucidmem = app_state
    install_error_handlers(app)
    install_docs(app, title="lucidmem")
    for module in (routes_memory, routes_learning, routes_parts, routes_admin, routes_browser):
        app.include_router(module.router)
    app.add_middleware(RequestMetrics, metrics=app_state.metrics)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app
