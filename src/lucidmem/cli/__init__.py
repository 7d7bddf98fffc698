"""The ``lucidmem`` command line: thin commands over :class:`lucidmem.Memory`.

Each command module registers its commands on :data:`app`; ``main`` turns
lucidmem errors into a one-line message and exit code 2 instead of a traceback.
"""

from __future__ import annotations

import sys

from rich.console import Console
from rich.markup import escape

from ..errors import LucidmemError
from . import agents, behaviour, core, distributed, doctor, keys, reply, serve, sleep
from .app import app

__all__ = ["app", "main"]

_COMMAND_MODULES = (core, reply, sleep, distributed, serve, behaviour, agents, keys, doctor)
"""Command groups in the order ``lucidmem --help`` lists them (memory first)."""

app.registered_commands.sort(
    key=lambda command: [m.__name__ for m in _COMMAND_MODULES].index(
        getattr(command.callback, "__module__", core.__name__)
    )
)


def main() -> None:
    """Entry point of the ``lucidmem`` script."""
    try:
        app(standalone_mode=True)
    except LucidmemError as exc:
        # One line whatever the terminal width; the message is text, never markup.
        Console(stderr=True).print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        sys.exit(2)
