"""The Typer application and the options every command shares."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:  # imported when a command opens the memory, so --help stays fast
    from ..memory import Memory

__all__ = ["State", "app", "open_memory"]

app = typer.Typer(
    name="lucidmem",
    help="Adaptive long-term memory for AI assistants: remember, search, learn.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@dataclass
class State:
    data_dir: Path | None = None
    context: str | None = None


@app.callback()
def _options(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", "-d", help="Where the databases live (LUCIDMEM_DATA_DIR)."),
    ] = None,
    context: Annotated[
        str | None, typer.Option("--context", "-c", help="Context, e.g. personal or work.")
    ] = None,
) -> None:
    ctx.obj = State(data_dir=data_dir, context=context)


def open_memory(ctx: typer.Context) -> Memory:
    """A Memory configured from the shared options, the environment and lucidmem.toml."""
    from ..memory import Memory
    from ..settings import Settings

    state: State = ctx.obj
    settings = Settings()
    if state.context:
        settings = settings.model_copy(update={"default_context": state.context})
    return Memory(state.data_dir, settings=settings)
