"""Serving commands: ``lucidmem serve`` (REST API) and ``lucidmem mcp`` (MCP over stdio)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer
from rich.console import Console

from ..errors import ConfigurationError
from ..scope import validate_id
from .app import app, open_memory

err = Console(stderr=True)


@app.command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8765,
    keys_file: Annotated[Path | None, typer.Option(
        "--keys-file", help="API keys (JSON/TOML; see docs/serving.md). "
                            "Also LUCIDMEM_API_KEYS_FILE.")] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error.")] = "info",
    workers: Annotated[int, typer.Option(
        min=1, help="API worker processes (more than 1 needs LUCIDMEM_STORE_URL: every "
                    "worker then serves the same PostgreSQL).")] = 1,
) -> None:
    """Start the REST API (FastAPI + uvicorn); OpenAPI at /docs and /openapi.json."""
    try:
        import uvicorn

        from ..api import KeyRing, ServerSettings, create_app
    except ImportError as exc:
        raise ConfigurationError(
            f"the server needs its extra dependencies ({exc.name}): "
            "pip install 'lucidmem[server]'") from None
    from ..observability import configure_logging

    overrides = {"keys_file": keys_file} if keys_file else {}
    settings = ServerSettings(**overrides)  # type: ignore[arg-type]
    keys = KeyRing.from_settings(settings)
    if not len(keys):
        err.print("[yellow]warning:[/yellow] no API key configured: every request will "
                  "answer 401 (set LUCIDMEM_API_ADMIN_KEY or --keys-file)")
    configure_logging(log_level)
    if workers > 1:
        from .serve_workers import serve_workers

        serve_workers(ctx, host=host, port=port, keys_file=keys_file, workers=workers,
                      log_level=log_level)
        return
    memory = open_memory(ctx)
    try:
        application = create_app(memory, settings=settings, keys=keys)
        with _sigterm_exits_0():
            uvicorn.run(application, host=host, port=port, log_level=log_level.lower(),
                        access_log=False)
    finally:
        memory.close()  # the app's shutdown closed it already, unless startup failed


@contextmanager
def _sigterm_exits_0() -> Iterator[None]:
    """Stopping with SIGTERM is the normal way to stop a server (containers, systemd):
    uvicorn shuts down gracefully (requests in flight answered, the memory closed by the
    app's shutdown), then raises the signal it caught again, which would kill the process
    with -15. Met by this handler instead, it ends the command with exit code 0."""
    def stopped(_signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(0)

    previous = signal.signal(signal.SIGTERM, stopped)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@app.command()
def mcp(
    ctx: typer.Context,
    user: Annotated[str | None, typer.Option(
        "--user", "-u", help="Whose memories the tools use (LUCIDMEM_MCP_USER).")] = None,
) -> None:
    """Start the MCP server over stdio for an agent host (Claude Desktop, IDEs, ...)."""
    try:
        from ..mcp_server import run_stdio
    except ImportError as exc:
        raise ConfigurationError(
            f"the MCP server needs its extra dependencies ({exc.name}): "
            "pip install 'lucidmem[server]'") from None

    user_id = validate_id(user or os.environ.get("LUCIDMEM_MCP_USER") or "default")
    from ..settings import Settings

    Settings()  # an invalid setting is told now, in one line, not after the host's initialize
    run_stdio(lambda: open_memory(ctx), user_id, context=ctx.obj.context)
