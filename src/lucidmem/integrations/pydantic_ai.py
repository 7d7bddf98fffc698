"""Memory tools for a pydantic-ai ``Agent``: remember, search_memory, recall.

``pip install 'lucidmem[pydantic-ai]'``. One toolset serves one user; give it to a run::

    from pydantic_ai import Agent
    from lucidmem import Memory
    from lucidmem.integrations.pydantic_ai import memory_toolset

    memory = Memory()
    agent = Agent("openai:gpt-5-mini")
    agent.run_sync("I'm allergic to peanuts", toolsets=[memory_toolset(memory, user_id="maya")])

What ``remember`` keeps is ordinary lucidmem memory of the user (a user turn): searchable,
feeding fact extraction (which ``recall`` reads), exported and forgotten with the user. A
tool call with invalid arguments (an empty text, say) is sent back to the model to correct
(``ModelRetry``) and writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic_ai import ModelRetry
from pydantic_ai.toolsets import FunctionToolset

from ..errors import InvalidInputError
from ..memory import Memory
from ..scope import validate_id

__all__ = ["NOTHING", "memory_toolset"]

NOTHING = "Nothing remembered about that."
"""What ``search_memory`` answers when no memory is relevant enough."""

_R = TypeVar("_R")


def _retry_on_bad_input(call: Callable[[], _R]) -> _R:
    """Run a memory call; invalid arguments go back to the model as a ``ModelRetry``."""
    try:
        return call()
    except InvalidInputError as exc:
        raise ModelRetry(str(exc)) from exc


def memory_toolset(memory: Memory, *, user_id: str, context: str | None = None,
                   limit: int = 5, min_score: float | None = 0.3) -> FunctionToolset[Any]:
    """The tools ``remember``, ``search_memory`` and ``recall`` over ``user_id``'s memory.

    ``search_memory`` returns up to ``limit`` memories whose relevance to the query reaches
    ``min_score`` (a relevance in [-1, 1]; about 0.3 and above is on topic), one ``- text``
    line each; ``recall`` returns lucidmem's answer-ready summary of what it knows about a
    topic. A missing or invalid ``user_id`` raises ``InvalidInputError`` here.
    """
    validate_id(user_id)

    def remember(text: str) -> str:
        """Remember something the user told you, for later conversations.

        Args:
            text: What to remember, as the user said it or as one short sentence
                (e.g. "I'm allergic to peanuts").
        """
        _retry_on_bad_input(lambda: memory.add(text, user_id=user_id, context=context))
        return "Remembered."

    def search_memory(query: str) -> str:
        """Search what you remember about the user from earlier conversations.

        Args:
            query: What to look for, in a few words (e.g. "where they live", "allergies").
        """
        hits = _retry_on_bad_input(lambda: memory.search(
            query, user_id=user_id, limit=limit, min_score=min_score, context=context))
        return "\n".join(f"- {h.item.text}" for h in hits) or NOTHING

    def recall(topic: str) -> str:
        """Everything you know about the user on a topic, as sentences ready to use.

        Args:
            topic: A person, thing or subject (e.g. "my sister", "food", "work").
        """
        return _retry_on_bad_input(lambda: memory.facts.recall(
            topic, user_id=user_id, context=context)).answer

    return FunctionToolset([remember, search_memory, recall], docstring_format="google",
                           require_parameter_descriptions=True)
