"""Serving a memory to assistants: context assembly and progressive disclosure.

:class:`ContextAssembler` backs :meth:`lucidmem.Memory.build_context` and
:class:`Discloser` :meth:`lucidmem.Memory.disclose`; the REST API (:mod:`lucidmem.api`)
and the MCP server (:mod:`lucidmem.mcp_server`) are thin layers over those methods.
"""

from __future__ import annotations

from .context import DEFAULT_SHARES, ContextAssembler
from .disclosure import Discloser
from .models import (
    AssembledContext,
    ContextEntry,
    ContextPart,
    DisclosedMemory,
    Disclosure,
    TimelineTurn,
)
from .reader import ConversationReader
from .tokens import TokenCounter, default_counter

__all__ = [
    "DEFAULT_SHARES",
    "AssembledContext",
    "ContextAssembler",
    "ContextEntry",
    "ContextPart",
    "ConversationReader",
    "DisclosedMemory",
    "Discloser",
    "Disclosure",
    "TimelineTurn",
    "TokenCounter",
    "default_counter",
]
