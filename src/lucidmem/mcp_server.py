"""The MCP server: lucidmem's memory tools for agent hosts.

Built on the official MCP Python SDK (``mcp`` 2.x, ``MCPServer``). One server serves one
user (the person the agent host works for), chosen when it starts:
``lucidmem mcp --user maya``. Each tool is a thin call of one ``Memory`` method:

- ``remember``: store a conversation turn;
- ``search`` → ``timeline`` → ``detail``: progressive disclosure, each result priced in tokens;
- ``recall_about``: what the memory knows about a topic, person or thing;
- ``context``: the token-budgeted context for the next reply, with the ``selection_id``
  that ``feedback`` takes;
- ``feedback``: rate a reply built from a context;
- ``forget``: one memory, or (with a confirmation) everything about the user, verified.

lucidmem errors come back as tool errors carrying their message.

Started from the command line, the server answers the host before the memory is open: the
memory (most of lucidmem's imports) is opened by a background thread as the server starts,
and a tool called earlier waits for it.
"""

from __future__ import annotations

import inspect
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from .errors import LucidmemError

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["FORGET_EVERYTHING", "MemoryOpener", "build_server", "run_stdio"]

T = TypeVar("T")
FORGET_EVERYTHING = "forget everything"
"""What ``forget``'s ``confirm`` must say before everything about the user is deleted."""
INSTRUCTIONS = (
    "Long-term memory of the user. Call remember for anything worth keeping. To look "
    "something up, call search for compact snippets, then timeline with the ids that "
    "matter to see the surrounding conversation, and detail only for full records. "
    "Call context before replying to get a ready-made context; if it returns a "
    "selection_id, send the user's rating of your reply with feedback."
)

Ids = Annotated[list[str], Field(description="Memory ids returned by search or remember.",
                                 min_length=1, max_length=100)]


F = TypeVar("F", bound=Callable[..., Any])


def _plain(tool: F) -> F:
    """The tool's docstring as one paragraph of plain text: no source indentation or line
    breaks in the description a model reads."""
    tool.__doc__ = " ".join(inspect.cleandoc(tool.__doc__ or "").split())
    return tool


def _guard(call: Callable[[], T]) -> T:
    try:
        return call()
    except LucidmemError as exc:
        raise ToolError(str(exc)) from exc


def _opening(memory: Memory | Callable[[], Memory]) -> Callable[[], Memory]:
    if callable(memory):
        return memory
    opened = memory
    return lambda: opened


class MemoryOpener:
    """Opens the memory once, on first call, whichever thread calls first."""

    def __init__(self, open_memory: Callable[[], Memory]) -> None:
        self._open = open_memory
        self._memory: Memory | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Memory:
        with self._lock:
            if self._memory is None:
                self._memory = self._open()
            return self._memory

    def open_in_background(self) -> None:
        """Open it now in a daemon thread; a failure is reported on stderr and again, as a
        tool error, by every tool call (each one retries)."""

        def run() -> None:
            try:
                self()
            except LucidmemError as exc:
                print(f"lucidmem: the memory could not be opened: {exc}", file=sys.stderr)

        threading.Thread(target=run, name="lucidmem-open-memory", daemon=True).start()

    def close(self) -> None:
        """Close the memory if it was opened (waits for an opening in progress)."""
        with self._lock:
            if self._memory is not None:
                self._memory.close()


def build_server(memory: Memory | Callable[[], Memory], user_id: str, *,
                 context: str | None = None) -> MCPServer:
    """An MCP server whose tools act on ``user_id``'s memories in ``context``.

    ``memory`` is a :class:`~lucidmem.Memory` or a function returning one (called by every
    tool call, e.g. a :class:`MemoryOpener`).
    """
    current = _opening(memory)
    server: MCPServer = MCPServer("lucidmem", instructions=INSTRUCTIONS, version="0.1.0")

    @server.tool()
    @_plain
    def remember(
        text: Annotated[str, Field(description="What was said, verbatim.")],
        role: Annotated[Literal["user", "assistant"],
                        Field(description="Who said it.")] = "user",
        conversation_id: Annotated[str | None, Field(
            description="Groups turns of one conversation; optional.")] = None,
    ) -> dict[str, Any]:
        """Store one conversation turn. It can be searched at once; facts in it are
        extracted and kept up to date."""
        items = _guard(lambda: current().add([{"role": role, "content": text}], user_id=user_id,
                                          conversation_id=conversation_id, context=context))
        return {"ids": [i.id for i in items]}

    @server.tool()
    @_plain
    def search(
        query: Annotated[str, Field(description="What to look for, in any language.")],
        limit: Annotated[int, Field(description="How many results (1-100).", ge=1,
                                    le=100)] = 10,
        min_score: Annotated[float | None, Field(
            description="Leave out what is less relevant than this (-1 to 1; about 0.3 and "
                        "above is on topic).", ge=-1.0, le=1.0)] = None,
        as_of: Annotated[str | None, Field(
            description="Optional ISO 8601 time: search the memory as it stood then.")] = None,
    ) -> dict[str, Any]:
        """Find memories about a topic. Returns compact snippets (about 50 tokens each)
        with their ids; open the ones that matter with timeline or detail. With min_score,
        a topic the memory knows nothing about returns nothing."""
        return _guard(lambda: current().disclose("search", user_id=user_id, query=query,
                                                limit=limit, context=context,
                                                min_score=min_score, as_of=as_of)
                      ).model_dump(mode="json")

    @server.tool()
    @_plain
    def timeline(ids: Ids) -> dict[str, Any]:
        """Show memories with the turns just before and after them in their conversation
        (about 200 tokens each)."""
        return _guard(lambda: current().disclose("timeline", user_id=user_id, ids=ids,
                                              context=context)).model_dump(mode="json")

    @server.tool()
    @_plain
    def detail(ids: Ids) -> dict[str, Any]:
        """Read memories in full, with every field (about 500 tokens each)."""
        return _guard(lambda: current().disclose("detail", user_id=user_id, ids=ids,
                                              context=context)).model_dump(mode="json")

    @server.tool()
    @_plain
    def recall_about(
        topic: Annotated[str, Field(description="A topic, person or thing, e.g. 'my sister'.")],
        min_score: Annotated[float | None, Field(
            description="Leave out what is less relevant than this (-1 to 1; about 0.3 and "
                        "above is on topic).", ge=-1.0, le=1.0)] = None,
    ) -> dict[str, Any]:
        """What the memory knows about a topic, person or thing, as an answer with the
        facts behind it. Empty when nothing relevant is known (the cut-off is the
        server's setting unless min_score is given)."""
        return _guard(lambda: current().facts.recall(topic, user_id=user_id, context=context,
                                                   min_score=min_score)
                      ).model_dump(mode="json")

    @server.tool(name="context")
    @_plain
    def build_context(
        message: Annotated[str, Field(description="The user's message you are replying to.")],
        token_budget: Annotated[int, Field(description="Most tokens the context may use.",
                                           ge=32, le=128_000)] = 1500,
        conversation_id: Annotated[str | None, Field(
            description="The conversation the message belongs to; optional.")] = None,
    ) -> dict[str, Any]:
        """Everything relevant for replying to a message: how to reply, what is known about
        the user, recent turns, facts and memories, within a token budget. Pass
        selection_id to feedback when the user rates your reply."""
        result = _guard(lambda: current().build_context(
            message, user_id=user_id, token_budget=token_budget,
            conversation_id=conversation_id, context=context))
        return {"prompt": result.prompt, "total_tokens": result.total_tokens,
                "selection_id": result.selection_id, "skill_id": result.skill_id,
                "parts": {p.name: p.tokens for p in result.parts}}

    @server.tool()
    @_plain
    def feedback(
        selection_id: Annotated[str, Field(description="selection_id returned by context.")],
        reward: Annotated[Literal[-1, 0, 1], Field(
            description="1 helpful, 0 neutral, -1 not helpful.")],
        reason: Annotated[Literal["too_verbose", "too_brief", "wrong_tone", "not_helpful",
                                  "incorrect_info"] | None,
                          Field(description="Why, when the reply missed.")] = None,
        free_text: Annotated[str | None, Field(
            description="The user's own words about the reply (at most 300 characters).",
            max_length=300)] = None,
    ) -> dict[str, Any]:
        """Rate a reply built from a context, so later replies fit the user better."""
        return _guard(lambda: current().skills.feedback(
            selection_id, user_id=user_id, reward=reward, reason=reason, free_text=free_text,
            context=context)).model_dump(mode="json")

    @server.tool()
    @_plain
    def forget(
        item_id: Annotated[str | None, Field(
            description="The memory to delete (an id from search).")] = None,
        everything: Annotated[bool, Field(
            description="Delete everything kept about the user instead.")] = False,
        confirm: Annotated[str, Field(
            description=f"Must be '{FORGET_EVERYTHING}' when everything is true.")] = "",
    ) -> dict[str, Any]:
        """Delete one memory, or everything about the user (needs a confirmation; the answer
        then says whether a search of every store and file found anything left)."""
        if everything:
            if confirm != FORGET_EVERYTHING:
                raise ToolError(f"to delete everything, pass confirm='{FORGET_EVERYTHING}'")
            deleted = _guard(lambda: current().delete_all(user_id=user_id, context=context))
            report = _guard(lambda: current().verify_erasure(user_id=user_id, context=context))
            return {"deleted": deleted, "clean": report.clean,
                    "findings": [f.model_dump(mode="json") for f in report.findings]}
        if item_id is None:
            raise ToolError("pass the id of the memory to forget, or everything=true")
        _guard(lambda: current().delete(item_id, user_id=user_id, context=context))
        return {"deleted": 1}

    return server


def run_stdio(memory: Memory | Callable[[], Memory], user_id: str, *,
              context: str | None = None) -> None:
    """Serve over stdin/stdout until the host closes the pipe.

    Given a function that opens the memory, the server answers ``initialize`` at once and
    the memory opens in the background (see :class:`MemoryOpener`).
    """
    opener = MemoryOpener(_opening(memory))
    server = build_server(opener, user_id, context=context)
    opener.open_in_background()
    try:
        server.run("stdio")
    finally:
        opener.close()
