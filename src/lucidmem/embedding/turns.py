"""What is embedded for a conversation turn, in one place for ``add``, ``update`` and the
sleep cycle's embedding refresh, so a turn's vector never depends on which path made it.

A turn is embedded as ``"<speaker>: <text>"`` when it has a speaker name, and — with
``Settings.contextual_embeddings`` (on by default) — prefixed with the turn before it in
the same conversation, in stored order (``occurred_at``, then insertion order).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from lucidmem.store.base import Query, Store

__all__ = ["TURN_KIND", "previous_turn_text", "previous_turn_texts", "turn_text",
           "with_previous_turn"]

TURN_KIND: Final = "turn"


def turn_text(content: str, name: str | None) -> str:
    """What gets embedded for a turn: the speaker's name helps "what did X say" queries."""
    return f"{name}: {content}" if name else content


def with_previous_turn(spoken: Sequence[str], before: str | None) -> list[str]:
    """Prefix each turn with the one before it in the conversation.

    ``spoken`` are consecutive turns; ``before`` is the text of the turn preceding the
    first one (None if there is none). A reply such as "Yes, twice last year!" means nothing
    alone; embedded with the question it answers it is found by questions about that topic
    (LoCoMo vector recall@10 0.52 → 0.58, docs/benchmarks.md).
    """
    previous = [before, *spoken[:-1]]
    return [f"{p}\n{s}" if p else s for p, s in zip(previous, spoken, strict=True)]


def previous_turn_text(store: Store, user_id: str, conversation_id: str | None,
                       occurred_at: float, record_id: str | None = None) -> str | None:
    """Embedded text of the stored turn just before a turn of ``conversation_id``.

    ``record_id`` None: a turn about to be stored at ``occurred_at``, so every stored turn
    at or before that time precedes it. Otherwise the turn ``record_id`` itself is stored,
    and among turns with the same ``occurred_at`` only those stored before it precede it.
    """
    if conversation_id is None:
        return None
    bound = occurred_at
    if record_id is not None:
        same = store.find(Query(user_id=user_id, kinds=[TURN_KIND],
                                conversation_id=conversation_id, occurred_from=occurred_at,
                                occurred_to=occurred_at))
        ids = [r.id for r in same]
        if record_id in ids and ids.index(record_id) > 0:
            before = same[ids.index(record_id) - 1]
            return turn_text(before.text, before.data.get("name"))
        bound = math.nextafter(occurred_at, -math.inf)
    found = store.find(Query(user_id=user_id, kinds=[TURN_KIND],
                             conversation_id=conversation_id, occurred_to=bound,
                             descending=True, limit=1))
    if not found:
        return None
    return turn_text(found[0].text, found[0].data.get("name"))


def previous_turn_texts(store: Store, user_id: str, conversation_id: str) -> dict[str, str | None]:
    """Every turn of a conversation → embedded text of the turn before it (None: first)."""
    previous: dict[str, str | None] = {}
    before: str | None = None
    for turn in store.find(Query(user_id=user_id, kinds=[TURN_KIND],
                                 conversation_id=conversation_id)):
        previous[turn.id] = before
        before = turn_text(turn.text, turn.data.get("name"))
    return previous
