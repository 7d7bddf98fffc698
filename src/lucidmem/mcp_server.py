"""The MCP server (M26): lucidmem's memory tools for agent hosts.

Built on the official MCP Python SDK (``mcp`` 2.x, ``MCPServer``). One server
serves one user (the person the agent host works for), chosen when it
starts: ``lucidmem mcp --user maya``. Tools, each a thin call of one
``Memory`` method:

- ``memories(layer, query, ids, k)``: progressive disclosure, search → timeline → detail;
- ``remember(text, role, conversation_id)``: store a turn;
- ``context(message, token_budget)``: the token-budgeted context for the next reply;
- ``recall_about(topic)`` and ``feedback(...)``: only when ``Memory`` has them.

lucidmem errors come back as tool errors carrying their message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import TypeAdapter

from .errors import LucidmemError
from .serving._compat import call_with_supported, capability

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["build_server", "run_stdio"]

T = TypeVar("T")
_JSON: TypeAdapter[Any] = TypeAdapter(Any)
INSTRUCTIONS = (
    "Long-term memory of the user. Start with memories(layer='search', query=...) for "
    "compact snippets, open the relevant ids with layer='timeline' (surrounding turns) and "
    "read full records with layer='detail' only when needed. Call remember() for anything "
    "worth keeping and context() to get a ready-made context for your next reply."
)


def _guard(call: Callable[[], T]) -> T:
    try:
        return call()
    except LucidmemError as exc:
        raise ToolError(str(exc)) from exc


def build_server(memory: Memory, user_id: str, *, context: str | None = None) -> MCPServer:
    """An MCP server whose tools act on ``user_id``'s memories in ``context``."""
    server: MCPServer = MCPServer("lucidmem", instructions=INSTRUCTIONS, version="0.1.0")

    @server.tool()
    def memories(layer: Literal["search", "timeline", "detail"] = "search",
                 query: str | None = None, ids: list[str] | None = None,
                 k: int = 10) -> dict[str, Any]:
        """Progressive disclosure: search (~50 tokens/hit), timeline (~200), detail (~500)."""
        return _guard(lambda: memory.get_memories(
            user_id, layer, query=query, ids=ids, k=k, context=context).model_dump(mode="json"))

    @server.tool()
    def remember(text: str, role: Literal["user", "assistant"] = "user",
                 conversation_id: str | None = None) -> dict[str, Any]:
        """Store one conversation turn; it is searchable at once."""
        items = _guard(lambda: memory.add([{"role": role, "content": text}], user_id=user_id,
                                          conversation_id=conversation_id, context=context))
        return {"ids": [i.id for i in items]}

    @server.tool(name="context")
    def assemble(message: str, token_budget: int = 1500,
                 conversation_id: str | None = None) -> dict[str, Any]:
        """Everything relevant for replying to ``message``, within ``token_budget`` tokens."""
        result = _guard(lambda: memory.context(user_id, message, token_budget=token_budget,
                                               conversation_id=conversation_id,
                                               context=context))
        return {"prompt": result.prompt, "total_tokens": result.total_tokens,
                "parts": {p.name: p.tokens for p in result.parts}}

    recall = capability(memory, "recall_about")
    if recall is not None:
        @server.tool()
        def recall_about(topic: str) -> Any:
            """What the memory knows about a topic, person or thing."""
            return _JSON.dump_python(_guard(lambda: call_with_supported(
                recall, user_id=user_id, topic=topic, query=topic, context=context)),
                mode="json")

    rate = capability(memory, "feedback")
    if rate is not None:
        @server.tool()
        def feedback(message_id: str, skill_id: str, reward: int, reason: str | None = None,
                     free_text: str | None = None) -> Any:
            """Rate a reply: reward 1 (helpful), 0 (neutral) or -1 (not helpful)."""
            if reward not in (-1, 0, 1):
                raise ToolError("Reward must be -1, 0, or 1")
            return _JSON.dump_python(_guard(lambda: call_with_supported(
                rate, user_id=user_id, message_id=message_id, skill_id=skill_id, reward=reward,
                reason=reason, free_text=free_text, context=context)), mode="json")

    return server


def run_stdio(memory: Memory, user_id: str, *, context: str | None = None) -> None:
    """Serve over stdin/stdout until the host closes the pipe."""
    try:
        build_server(memory, user_id, context=context).run("stdio")
    finally:
        memory.close()
