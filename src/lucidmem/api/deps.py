"""Request dependencies: who is calling, and which user's memories they may touch.

:func:`_scope` is the single place where access is decided. A user key acts
on its own user only: naming another user answers 404 exactly as an unknown
id does, so existence is never revealed; every ``Memory`` call is then scoped
by that user id, so another user's item ids are simply not found. The admin
key must name the user (``?user_id=``) and may act on any. Writes also take
a token from the caller's rate-limit bucket.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Query, Request, Security
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from ..errors import (
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RateLimitedError,
    UnauthorizedError,
)
from ..observability import ServerMetrics
from ..scope import validate_id
from .ratelimit import TokenBuckets
from .settings import KeyRing, Principal

if TYPE_CHECKING:
    from ..memory import Memory

__all__ = ["AppState", "Scope", "admin_only", "caller", "read_scope", "state", "write_scope"]

_bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer <API key>")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="X-API-Key: <API key>")


@dataclass
class AppState:
    """What every request handler needs, kept on ``app.state.lucidmem``."""

    memory: Memory
    keys: KeyRing
    buckets: TokenBuckets
    metrics: ServerMetrics


@dataclass(frozen=True, slots=True)
class Scope:
    """The user a request acts on, the store context, and who asked."""

    user_id: str
    context: str | None
    principal: Principal


def state(request: Request) -> AppState:
    """The server's shared state."""
    found: AppState = request.app.state.lucidmem
    return found


def caller(
    request: Request,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)] = None,
    api_key: Annotated[str | None, Security(_header)] = None,
) -> Principal:
    """The principal of the presented API key; 401 (without saying why) otherwise."""
    presented = api_key or (bearer.credentials if bearer else None)
    principal = state(request).keys.lookup(presented)
    if principal is None:
        raise UnauthorizedError("missing or invalid API key")
    return principal


UserParam = Annotated[str | None, Query(
    max_length=128, description="The user to act on: required with the admin key, "
                                "optional (and must be your own) with a user key.")]
ContextParam = Annotated[str | None, Query(
    max_length=64, description="Memory context (e.g. personal, work); default from settings.")]


def _scope(request: Request, principal: Principal, user_id: str | None,
           context: str | None, *, write: bool) -> Scope:
    if principal.is_admin:
        if user_id is None:
            raise InvalidInputError("the admin key acts on a named user: pass ?user_id=",
                                    field="user_id")
        validate_id(user_id)
    elif user_id is not None and user_id != principal.user_id:
        raise NotFoundError("not found")
    if write:
        wait = state(request).buckets.take(principal.key_digest)
        if wait > 0:
            raise RateLimitedError("too many writes for this API key; slow down",
                                   retry_after=wait)
    return Scope(user_id or principal.user_id, context, principal)


def read_scope(request: Request, principal: Annotated[Principal, Depends(caller)],
               user_id: UserParam = None, context: ContextParam = None) -> Scope:
    """Scope of a read."""
    return _scope(request, principal, user_id, context, write=False)


def write_scope(request: Request, principal: Annotated[Principal, Depends(caller)],
                user_id: UserParam = None, context: ContextParam = None) -> Scope:
    """Scope of a write (rate limited per key)."""
    return _scope(request, principal, user_id, context, write=True)


def admin_only(principal: Annotated[Principal, Depends(caller)]) -> Principal:
    """Admin-only routes (stats, metrics): 403 for user keys."""
    if not principal.is_admin:
        raise ForbiddenError("admin only")
    return principal


ReadScope = Annotated[Scope, Depends(read_scope)]
WriteScope = Annotated[Scope, Depends(write_scope)]
Admin = Annotated[Principal, Depends(admin_only)]
