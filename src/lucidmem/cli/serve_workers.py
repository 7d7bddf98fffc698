"""``lucidmem serve --workers N``: N uvicorn worker processes over one PostgreSQL.

Each worker builds its own app from the environment (:func:`app_from_environment`): the
command's options travel as ``LUCIDMEM_*`` variables, so every worker reads the same
settings and keys and none keeps state another needs (records, vectors and job queue are
in PostgreSQL)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer

from ..errors import ConfigurationError
from ..settings import Settings


def serve_workers(ctx: typer.Context, *, host: str, port: int, keys_file: Path | None,
                  workers: int, log_level: str) -> None:
    """Run ``workers`` uvicorn processes (the parent supervises and restarts them)."""
    import uvicorn

    if Settings().store_url is None:
        raise ConfigurationError(
            f"--workers {workers} needs a shared store: set LUCIDMEM_STORE_URL="
            "postgresql://... (SQLite files are served by one process; drop --workers).")
    if ctx.obj is not None and ctx.obj.data_dir is not None:
        os.environ["LUCIDMEM_DATA_DIR"] = str(ctx.obj.data_dir)
    if ctx.obj is not None and ctx.obj.context:
        os.environ["LUCIDMEM_DEFAULT_CONTEXT"] = ctx.obj.context
    if keys_file is not None:
        os.environ["LUCIDMEM_API_KEYS_FILE"] = str(keys_file)
    uvicorn.run("lucidmem.cli.serve_workers:app_from_environment", factory=True,
                host=host, port=port, workers=workers, log_level=log_level.lower(),
                access_log=False)


def app_from_environment() -> Any:
    """One worker's app: Memory, server settings and keys from the environment."""
    from ..api import KeyRing, ServerSettings, create_app
    from ..memory import Memory

    settings = ServerSettings()
    return create_app(Memory(settings=Settings()), settings=settings,
                      keys=KeyRing.from_settings(settings))
