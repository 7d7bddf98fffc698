"""The ``lucidmem`` command line: thin commands over :class:`lucidmem.Memory`.

Each command module registers its commands on :data:`app`; ``main`` turns
lucidmem errors and invalid settings into one-line messages and exit code 2 instead of a
traceback.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from ..errors import LucidmemError
from . import agents, behaviour, core, distributed, doctor, keys, reply, serve, sleep
from .app import app

if TYPE_CHECKING:
    from pydantic import ValidationError

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
    except Exception as exc:
        from pydantic import ValidationError  # (imported only once something failed: the
        # command line's --help stays free of pydantic)

        if not isinstance(exc, ValidationError):
            raise
        for line in invalid_settings(exc):  # a setting from the environment or lucidmem.toml
            Console(stderr=True).print(f"[red]error:[/red] {escape(line)}", soft_wrap=True)
        sys.exit(2)


_ENV_PREFIXES = {"Settings": ("LUCIDMEM_", " or lucidmem.toml"),
                 "ServerSettings": ("LUCIDMEM_API_", " or the option of lucidmem serve")}
"""Where each settings model reads from (lucidmem.settings, lucidmem.api.settings), by the
model's name, which pydantic gives as the error's title."""


def invalid_settings(exc: ValidationError) -> list[str]:
    """One line per invalid setting: its name, what is wrong, and where to fix it."""
    prefix, elsewhere = _ENV_PREFIXES.get(exc.title, ("", ""))
    lines = []
    for error in exc.errors():
        path = [str(part) for part in error["loc"]]
        where = f"fix {prefix}{'__'.join(path).upper()}{elsewhere}" if prefix else \
            "fix it where it is set"
        lines.append(f"invalid setting {'.'.join(path)} = {error.get('input')!r}: "
                     f"{error['msg']}; {where}")
    return lines
