"""Serving a memory to assistants: context assembly (M6) and progressive disclosure (M7).

The two mixins here add :meth:`lucidmem.Memory.context` and
:meth:`lucidmem.Memory.get_memories`; the REST API (:mod:`lucidmem.api`) and
the MCP server (:mod:`lucidmem.mcp_server`) are thin layers over them.
"""

from __future__ import annotations

from .context_api import DEFAULT_SHARES, ContextAPI
from .disclosure_api import DisclosureAPI
from .models import (
    AssembledContext,
    ContextEntry,
    ContextPart,
    DisclosedMemory,
    Disclosure,
    TimelineTurn,
)
from .tokens import TokenCounter, default_counter

__all__ = [
    "DEFAULT_SHARES",
    "AssembledContext",
    "ContextAPI",
    "ContextEntry",
    "ContextPart",
    "DisclosedMemory",
    "Disclosure",
    "DisclosureAPI",
    "TimelineTurn",
    "TokenCounter",
    "default_counter",
]
