"""The one place where errors become HTTP answers.

Every answer that is not a success has the body ``{"error": code, "message":
text}`` (the aico seed's shape). The lucidmem error tree maps to:

=============================  ======  ===========================================
error                          status  code
=============================  ======  ===========================================
request body/params invalid    422     ``validation_error`` (+ ``detail``)
TextTooLongError               413     ``text_too_long`` (a message or query over its limit)
InvalidInputError              400     ``invalid_input`` (``invalid_reward`` for reward)
NotFoundError                  404     ``not_found`` (``skill_not_found`` on feedback)
UnauthorizedError              401     ``unauthorized`` (no detail of why)
ForbiddenError                 403     ``forbidden`` (admin-only routes, contexts a key
                                       may not use)
ConflictError                  412     ``precondition_failed`` + ``ETag``, ``current_version``
RateLimitedError               429     ``rate_limited`` + ``Retry-After``
EmbeddingError / LLMError      503     ``upstream_unavailable``
StoreUnavailableError          503     ``store_unavailable`` + ``Retry-After`` (the server
                                       went away; nothing was written)
StoreError                     503     ``store_unavailable`` + ``Retry-After`` (logged)
OSError: too many open files   503     ``overloaded`` + ``Retry-After`` (logged)
other errors                   500     ``internal_error`` (logged, not shown)
=============================  ======  ===========================================
"""

from __future__ import annotations

import errno
import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException

from ..errors import (
    ConflictError,
    EmbeddingError,
    ForbiddenError,
    InvalidInputError,
    LLMError,
    LucidmemError,
    NotFoundError,
    RateLimitedError,
    StoreError,
    StoreUnavailableError,
    TextTooLongError,
    UnauthorizedError,
)
from .etags import etag

__all__ = [
    "FEEDBACK_PATH",
    "LEGACY_FEEDBACK_PATH",
    "error_body",
    "install_error_handlers",
]

FEEDBACK_PATH = "/api/v1/memories/feedback"
LEGACY_FEEDBACK_PATH = "/api/v1/memory/feedback"
"""The first release's path of feedback, kept as a deprecated alias."""
logger = logging.getLogger("lucidmem.api")
STORE_RETRY_AFTER_SECONDS = 2
"""``Retry-After`` of a 503 while the database cannot be reached (a restart takes seconds)."""


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The body of every error answer."""
    return {"error": code, "message": message, **extra}


RETRY_AFTER_SECONDS = 1
"""``Retry-After`` of answers that say the server is busy (503)."""


def out_of_descriptors(exc: BaseException) -> bool:
    """Whether ``exc`` (or what caused it) is the process or the system running out of
    file descriptors."""
    seen: BaseException | None = exc
    for _ in range(10):  # a chain, and never a cycle's forever
        if seen is None:
            break
        if isinstance(seen, OSError) and seen.errno in (errno.EMFILE, errno.ENFILE):
            return True
        if "too many open files" in str(seen).lower():
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _answer(status: int, code: str, message: str, headers: dict[str, str] | None = None,
            **extra: Any) -> JSONResponse:
    return JSONResponse(error_body(code, message, **extra), status_code=status, headers=headers)


def _lucidmem(request: Request, exc: LucidmemError) -> JSONResponse:
    feedback = request.url.path in (FEEDBACK_PATH, LEGACY_FEEDBACK_PATH)
    if isinstance(exc, TextTooLongError):
        return _answer(413, "text_too_long", str(exc), field=exc.field)
    if isinstance(exc, InvalidInputError):
        if getattr(exc, "field", None) == "reward":
            return _answer(400, "invalid_reward", "Reward must be -1, 0, or 1")
        return _answer(400, "invalid_input", str(exc), field=exc.field)
    if isinstance(exc, NotFoundError):
        if feedback:
            return _answer(404, "skill_not_found", "Skill ID does not exist")
        return _answer(404, "not_found", str(exc))
    if isinstance(exc, UnauthorizedError):
        return _answer(401, "unauthorized", "missing or invalid API key",
                       {"WWW-Authenticate": "Bearer"})
    if isinstance(exc, ForbiddenError):
        return _answer(403, "forbidden", str(exc))
    if isinstance(exc, ConflictError):  # an edit whose If-Match names another version
        return _answer(412, "precondition_failed", str(exc), {"ETag": etag(exc.current_version)},
                       current_version=exc.current_version)
    if isinstance(exc, RateLimitedError):
        wait = max(1, math.ceil(exc.retry_after))
        return _answer(429, "rate_limited", str(exc), {"Retry-After": str(wait)})
    if isinstance(exc, StoreUnavailableError):
        logger.warning("store unavailable on %s: %s", request.url.path, exc)
        return _answer(503, "store_unavailable",
                       "the database cannot be reached; nothing was written, retry shortly",
                       headers={"Retry-After": str(STORE_RETRY_AFTER_SECONDS)})
    if isinstance(exc, EmbeddingError | LLMError):
        logger.warning("upstream failure: %s", exc)
        return _answer(503, "upstream_unavailable", "a model backend failed; retry later")
    if isinstance(exc, StoreError):
        logger.error("store failure on %s: %s", request.url.path, exc)
        return _answer(503, "store_unavailable", "the store is busy or unavailable; retry "
                       "later", {"Retry-After": str(RETRY_AFTER_SECONDS)})
    logger.error("internal error on %s", request.url.path, exc_info=exc)
    return _answer(500, "internal_error", "the server failed to handle the request")


def _details(errors: list[Any]) -> list[dict[str, Any]]:
    return [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")),
             "type": str(e.get("type", ""))} for e in errors]


def install_error_handlers(app: FastAPI) -> None:
    """Register the mapping above on ``app``."""

    async def lucidmem_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, LucidmemError)
        return _lucidmem(request, exc)

    async def validation_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError | ValidationError)
        return _answer(422, "validation_error", "Invalid request format",
                       detail=_details(list(exc.errors())))

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        codes = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
        return _answer(exc.status_code, codes.get(exc.status_code, "http_error"),
                       str(exc.detail), headers=dict(exc.headers or {}))

    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        if out_of_descriptors(exc):
            logger.error("out of file descriptors on %s: %s", request.url.path, exc)
            return _answer(503, "overloaded", "the server is out of resources; retry later",
                           {"Retry-After": str(RETRY_AFTER_SECONDS)})
        logger.error("unexpected error on %s", request.url.path, exc_info=exc)
        return _answer(500, "internal_error", "the server failed to handle the request")

    app.add_exception_handler(LucidmemError, lucidmem_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(ValidationError, validation_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
