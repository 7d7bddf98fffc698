"""Messages longer than the memory's ``max_message_chars``, handled alike by every adapter.

A framework hands an adapter whatever its agent produced — a pasted document, a long tool
output — and its contract leaves no way to shorten it: refusing it would crash the user's
agent. So the adapters keep such a message, and never drop a character of it:

* the turn's text — what search, fact extraction and context assembly read — is the
  message's beginning followed by :data:`MARKER` (naming the whole length), within the
  limit (:func:`searchable_text`);
* the whole message stays with the turn (in its metadata) and the adapters whose framework
  reads messages back (LangChain's history, the OpenAI Agents session, LangGraph's store)
  give it back whole.

pydantic-ai's ``remember`` tool is the exception, because its caller is the model, which
can shorten what it asked to keep: there the ``TextTooLongError`` naming the limit goes
back to the model as a ``ModelRetry``.
"""

from __future__ import annotations

__all__ = ["FULL_TEXT_KEY", "MARKER", "searchable_text"]

MARKER = " [… cut for search: the whole message has {total:,} characters]"
"""What ends the text of a turn made from a longer message."""
FULL_TEXT_KEY = "full_text"
"""The turn's metadata key holding the whole message when its text was cut."""


def searchable_text(text: str, max_chars: int) -> str:
    """``text`` when it fits in ``max_chars``, else its beginning and :data:`MARKER`,
    ``max_chars`` characters at most."""
    if len(text) <= max_chars:
        return text
    marker = MARKER.format(total=len(text))
    return (text[:max(max_chars - len(marker), 0)].rstrip() + marker)[:max_chars]
