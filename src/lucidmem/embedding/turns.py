"""What is embedded for a conversation turn, in one place for ``add``, ``update`` and the
sleep cycle's embedding refresh, so a turn's vector never depends on which path made it
(:func:`lucidmem.kernel.previous_turn_text` finds the stored turn before one).

A turn is embedded as ``"<speaker>: <text>"`` when it has a speaker name, and — with
``Settings.contextual_embeddings`` (on by default) — prefixed with the turn before it in
the same conversation, in stored order (``occurred_at``, then insertion order).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["turn_text", "with_previous_turn"]


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
