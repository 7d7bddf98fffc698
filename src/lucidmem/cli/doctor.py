"""``lucidmem doctor``: is this installation ready, and what is slow or missing?

Each check is a small function returning :class:`Check` rows (``ok``, ``warn`` — works,
but worth a look — or ``fail``); the command prints them as one table that fits 80
columns and exits 1 when anything failed. Secrets (keys, passwords in a store URL) are
never printed: only whether they are set.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import platform
import stat
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import typer
from rich.console import Console
from rich.table import Table

from ..errors import LucidmemError
from .app import State, app

if TYPE_CHECKING:  # imported when the command runs, so --help stays fast
    from ..memory import Memory
    from ..settings import Settings

console = Console()

Status = Literal["ok", "warn", "fail"]
SLOW_EMBED_MS = 1000.0
"""Embedding one short passage slower than this (after loading) is reported as slow."""
SLOW_LOAD_MS = 5000.0
"""Loading the embedding model slower than this is reported as slow."""
EXTRAS = (("server", ("fastapi", "uvicorn", "mcp", "fastapi_offline")),
          ("postgres", ("psycopg",)))
"""(extra, modules it installs): reported as installed or not (never a failure)."""


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the report."""

    area: str
    status: Status
    detail: str


def _version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed as a package (running from source)"


def check_install() -> list[Check]:
    """Python, lucidmem and the optional extras."""
    rows = [Check("python", "ok" if sys.version_info >= (3, 11) else "fail",
                  f"{platform.python_version()} ({sys.executable})"),
            Check("lucidmem", "ok", _version("lucidmem"))]
    for extra, modules in EXTRAS:
        missing = [m for m in modules if importlib.util.find_spec(m) is None]
        rows.append(Check(f"extra: {extra}", "ok" if not missing else "warn",
                          "installed" if not missing else
                          f"not installed ({', '.join(missing)}): pip install "
                          f"'lucidmem[{extra}]' if you need it"))
    return rows


def _mask(url: str) -> str:
    """A store URL without its password."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}"


def check_settings(settings: Settings) -> list[Check]:
    """Where the settings come from and what they say (secrets as set / not set)."""
    config = Path(os.environ.get("LUCIDMEM_CONFIG") or "lucidmem.toml")
    variables = sorted(n for n in os.environ if n.startswith("LUCIDMEM_"))
    store = (_mask(settings.store_url) if settings.store_url
             else "in memory" if settings.in_memory else f"SQLite files in {settings.data_dir}")
    return [
        Check("config file", "ok", f"{config.resolve()} "
              + ("(read)" if config.is_file() else "(absent: defaults and environment)")),
        Check("environment", "ok", ", ".join(variables) or "no LUCIDMEM_* variable set"),
        Check("store", "ok", store),
        Check("default context", "ok", settings.default_context),
        Check("encryption", "ok", "key set (SQLCipher)" if settings.encryption_key
              else "off (set LUCIDMEM_ENCRYPTION_KEY to encrypt at rest)"),
        Check("embedder setting", "ok", settings.embedder),
    ]


def check_model(memory: Memory) -> list[Check]:
    """Load the embedder and time one passage."""
    started = time.perf_counter()
    try:
        embedder = memory.kernel.embedder
        embedder.embed_passages(["warm up"])
    except LucidmemError as exc:
        return [Check("model", "fail", str(exc))]
    load_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    embedder.embed_passages(["lucidmem doctor checks how fast one passage is embedded"])
    embed_ms = (time.perf_counter() - started) * 1000
    return [
        Check("model", "ok", f"{embedder.name} ({embedder.dimension} dimensions)"),
        Check("model load", "warn" if load_ms > SLOW_LOAD_MS else "ok",
              f"{load_ms:.0f} ms" + (" (slow)" if load_ms > SLOW_LOAD_MS else "")),
        Check("embed one passage", "warn" if embed_ms > SLOW_EMBED_MS else "ok",
              f"{embed_ms:.1f} ms" + (" (slow)" if embed_ms > SLOW_EMBED_MS else "")),
    ]


def check_permissions(settings: Settings) -> list[Check]:
    """The data directory: present, writable, and not readable by other users."""
    if settings.store_url or settings.in_memory:
        return []
    data = Path(settings.data_dir)
    if not data.exists():
        parent = next((p for p in data.parents if p.exists()), Path("/"))
        ok = os.access(parent, os.W_OK)
        return [Check("data directory", "ok" if ok else "fail",
                      f"{data} does not exist yet; " + (
                          "it will be created on first write" if ok else
                          f"{parent} is not writable: choose another --data-dir"))]
    writable = os.access(data, os.W_OK)
    rows = [Check("data directory", "ok" if writable else "fail",
                  f"{data} " + ("(writable)" if writable
                                else "is not writable: fix its permissions"))]
    exposed = [p for p in [data, *sorted(data.glob("*.db"))]
               if stat.S_IMODE(p.stat().st_mode) & 0o077]
    if exposed and os.name == "posix":
        names = ", ".join(p.name or str(p) for p in exposed[:3])
        rows.append(Check("permissions", "warn",
                          f"readable by other users: {names}; chmod 700 {data} and "
                          f"chmod 600 the .db files"))
    else:
        rows.append(Check("permissions", "ok", "only the owner can read the data"))
    return rows


def check_store(memory: Memory) -> list[Check]:
    """Each context opens with this embedder; its size."""
    try:
        contexts = memory.contexts()
    except LucidmemError as exc:
        return [Check("store", "fail", str(exc))]
    if not contexts:
        return [Check("contexts", "ok", "none yet (the first write creates "
                                        f"{memory.kernel.settings.default_context!r})")]
    rows = []
    for name in contexts:
        try:
            info = memory.stats(context=name)
        except LucidmemError as exc:
            rows.append(Check(f"context {name}", "fail", str(exc)))
            continue
        items = sum(info.items_by_kind.values())
        rows.append(Check(f"context {name}", "ok",
                          f"{info.users} users, {items} records, "
                          f"{info.bytes_on_disk / 1024:.0f} KiB"))
    return rows


@app.command()
def doctor(ctx: typer.Context) -> None:
    """Check the installation, settings, model, store and permissions; say what is slow
    or missing. Exits 1 when a check fails."""
    from ..memory import Memory
    from ..settings import Settings

    state: State = ctx.obj
    rows = check_install()
    try:
        settings = Settings()
    except Exception as exc:  # pydantic's validation error names the bad setting
        rows.append(Check("settings", "fail", str(exc).splitlines()[0]))
        settings = None
    if settings is not None:
        if state.data_dir is not None:
            settings = settings.model_copy(update={"data_dir": state.data_dir})
        rows += check_settings(settings)
        rows += check_permissions(settings)
        with Memory(settings=settings) as memory:
            rows += check_model(memory)
            rows += check_store(memory)
    table = Table(title="lucidmem doctor")
    table.add_column("check", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("detail", overflow="fold")
    marks = {"ok": "[green]ok[/green]", "warn": "[yellow]warn[/yellow]",
             "fail": "[red]FAIL[/red]"}
    for row in rows:
        table.add_row(row.area, marks[row.status], row.detail)
    console.print(table)
    failed = [r for r in rows if r.status == "fail"]
    warned = [r for r in rows if r.status == "warn"]
    console.print(f"{len(failed)} failed, {len(warned)} to look at, "
                  f"{len(rows) - len(failed) - len(warned)} ok")
    if failed:
        raise typer.Exit(1)
