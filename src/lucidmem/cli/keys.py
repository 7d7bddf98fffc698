"""``lucidmem keys create|list|revoke``: user API keys kept in PostgreSQL, which every API
worker reads (``POST /api/v1/keys`` does the same over REST)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from ..errors import ConfigurationError, NotFoundError
from ..scope import validate_context, validate_id
from .app import app

if TYPE_CHECKING:
    from ..store.server_state import PostgresServerState

console = Console()
keys_app = typer.Typer(name="keys", help="User API keys of the REST server (PostgreSQL store).",
                       no_args_is_help=True)
app.add_typer(keys_app, name="keys")


def _state() -> PostgresServerState:
    from ..settings import Settings

    url = Settings().store_url
    if url is None:
        raise ConfigurationError(
            "keys created from the command line are kept in PostgreSQL: set "
            "LUCIDMEM_STORE_URL=postgresql://... With SQLite files, list user keys in "
            "LUCIDMEM_API_USER_KEYS or the keys file (see docs/serving.md), or create them with "
            "POST /api/v1/keys (they then last as long as the server process).")
    from ..store.server_state import PostgresServerState

    return PostgresServerState(url)


@keys_app.command("create")
def create(
    user: Annotated[str, typer.Option("--user", "-u", help="Whose key it is.")],
    context: Annotated[list[str] | None, typer.Option(
        "--context", help="A context the key may use (repeat); none: those that exist.")] = None,
) -> None:
    """Create a user key and print it (shown once: only its digest is kept)."""
    from ..api.keystore import new_key
    from ..api.settings import digest
    from ..store.shared import StoredKey

    contexts = tuple(sorted({validate_context(c) for c in context})) if context else None
    key = new_key()
    state = _state()
    try:
        state.add_key(StoredKey(digest(key), validate_id(user), contexts, time.time()))
    finally:
        state.close()
    console.print(key, highlight=False, soft_wrap=True)


@keys_app.command("list")
def list_keys(
    user: Annotated[str | None, typer.Option("--user", "-u", help="Only this user's.")] = None,
) -> None:
    """Created keys as JSON lines (key id = digest, user, contexts), never the keys."""
    state = _state()
    try:
        for key in state.keys(user):
            print(json.dumps({"key_id": key.digest, "user_id": key.user_id,
                              "contexts": None if key.contexts is None else list(key.contexts),
                              "created_at": key.created_at}))
    finally:
        state.close()


@keys_app.command("revoke")
def revoke(key_id: Annotated[str, typer.Argument(help="The key id (its digest).")]) -> None:
    """Revoke a created key: every API worker refuses it from the next request on."""
    state = _state()
    try:
        if not state.remove_key(key_id.lower()):
            raise NotFoundError(f"no created key {key_id!r}; `lucidmem keys list` shows them")
    finally:
        state.close()
    console.print(f"revoked {key_id}")
