"""The Typer application and the options every command shares."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import InvalidInputError

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
    create: bool = False


@app.callback()
def _options(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", "-d", help="Where the databases live (LUCIDMEM_DATA_DIR)."),
    ] = None,
    context: Annotated[
        str | None, typer.Option("--context", "-c", help="Context, e.g. personal or work; "
                                                         "it must exist unless --create.")
    ] = None,
    create: Annotated[
        bool, typer.Option("--create", help="Create the --context if it does not exist yet.")
    ] = False,
) -> None:
    ctx.obj = State(data_dir=data_dir, context=context, create=create)


def unknown_context(name: str, known: list[str]) -> InvalidInputError:
    """The error for a ``--context`` that does not exist: the closest names and the fix."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    listed = ", ".join(known) if known else "none yet"
    return InvalidInputError(
        f"no context {name!r} (existing: {listed}); {hint}to create it, pass --create "
        f"(lucidmem -c {name} --create ...)", field="context")


def open_memory(ctx: typer.Context) -> Memory:
    """A Memory configured from the shared options, the environment and lucidmem.toml.

    A ``--context`` other than the configured default must exist already, unless
    ``--create``: a typo (``-c wrok``) must not start a new, empty context.
    """
    from ..memory import Memory
    from ..scope import validate_context
    from ..settings import Settings

    state: State = ctx.obj
    settings = Settings()
    memory = Memory(state.data_dir, settings=settings)
    if state.context and state.context != settings.default_context:
        validate_context(state.context)
        known = memory.contexts()
        if state.context not in known and not state.create:
            memory.close()
            raise unknown_context(state.context, known)
    if state.context:
        memory.close()
        settings = settings.model_copy(update={"default_context": state.context})
        memory = Memory(state.data_dir, settings=settings)
    return memory
