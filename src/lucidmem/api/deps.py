"""Request dependencies: who is calling, and which user's memories they may touch.

:func:`_scope` is the single place where access is decided. A user key acts
on its own user only: naming another user answers 404 exactly as an unknown
id does, so existence is never revealed; every ``Memory`` call is then scoped
by that user id, so another user's item ids are simply not found. The admin
key must name the user (``?user_id=``) and may act on any. A user key may use only
the contexts :class:`~lucidmem.api.contexts.KnownContexts` allows (403 otherwise).

Every request takes a token from its key's read or write bucket (429 with
``Retry-After`` when empty). A request whose key is missing or unknown takes one
from its client address's failure bucket; while that bucket is empty, the address
gets 429 before its key is even looked at, so keys cannot be guessed quickly.
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
from .contexts import KnownContexts
from .keystore import KeyStore
from .ratelimit import RateLimiter
from .settings import KeyRing, Principal, ServerSettings, digest

if TYPE_CHECKING:
    from ..memory import Memory

__all__ = ["AppState", "Scope", "admin_only", "caller", "read_scope", "state", "take_token",
           "write_scope"]

_bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer <API key>")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="X-API-Key: <API key>")


@dataclass
class AppState:
    """What every request handler needs, kept on ``app.state.lucidmem``."""

    memory: Memory
    keys: KeyRing
    key_store: KeyStore
    limiter: RateLimiter
    settings: ServerSettings
    contexts: KnownContexts
    metrics: ServerMetrics

    def close(self) -> None:
        """Close the memory, the limiter and the key store."""
        self.memory.close()
        self.limiter.close()
        self.key_store.close()


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
    """The principal of the presented API key; 401 (without saying why) otherwise, 429
    while the client's address has used up its failed authentications."""
    presented = api_key or (bearer.credentials if bearer else None)
    app = state(request)
    principal = app.keys.lookup(presented)  # configured keys: no shared state consulted
    if principal is not None:
        return principal
    settings = app.settings
    address = f"authfail:{request.client.host if request.client else 'unknown'}"
    wait = app.limiter.wait(address, settings.auth_failure_rate, settings.auth_failure_burst)
    if wait > 0:
        raise RateLimitedError("too many failed authentications from this address; wait "
                               "before trying again", retry_after=wait)
    found = app.key_store.key(digest(presented)) if presented else None
    if found is not None:
        contexts = None if found.contexts is None else frozenset(found.contexts)
        return Principal(found.user_id, found.digest, contexts)
    app.limiter.take(address, settings.auth_failure_rate, settings.auth_failure_burst)
    raise UnauthorizedError("missing or invalid API key")


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
    app = state(request)
    app.contexts.check(principal, app.memory.kernel.context_name(context))
    take_token(request, principal, write=write)
    return Scope(user_id or principal.user_id, context, principal)


def take_token(request: Request, principal: Principal, *, write: bool) -> None:
    """Take a token from the key's read or write bucket; 429 when it is empty."""
    app = state(request)
    settings = app.settings
    if write:
        kind, rate, burst = "write", settings.write_rate, settings.write_burst
    else:
        kind, rate, burst = "read", settings.read_rate, settings.read_burst
    wait = app.limiter.take(f"{kind}:{principal.key_digest}", rate, burst)
    if wait > 0:
        raise RateLimitedError(f"too many {kind}s for this API key; slow down",
                               retry_after=wait)


def read_scope(request: Request, principal: Annotated[Principal, Depends(caller)],
               user_id: UserParam = None, context: ContextParam = None) -> Scope:
    """Scope of a read."""
    return _scope(request, principal, user_id, context, write=False)


def write_scope(request: Request, principal: Annotated[Principal, Depends(caller)],
                user_id: UserParam = None, context: ContextParam = None) -> Scope:
    """Scope of a write (rate limited per key)."""
    return _scope(request, principal, user_id, context, write=True)


def admin_only(request: Request,
               principal: Annotated[Principal, Depends(caller)]) -> Principal:
    """Admin-only routes (stats, metrics, keys): 403 for user keys."""
    if not principal.is_admin:
        raise ForbiddenError("this route needs the admin key")
    take_token(request, principal, write=request.method not in ("GET", "HEAD"))
    return principal


ReadScope = Annotated[Scope, Depends(read_scope)]
WriteScope = Annotated[Scope, Depends(write_scope)]
Admin = Annotated[Principal, Depends(admin_only)]
