"""What is embedded for a conversation turn, in one place for ``add``, ``update``, the sleep
cycle's embedding refresh and any background embedding queue, so a turn's vector never
depends on which path made it (:func:`lucidmem.kernel.previous_turn` finds the stored turn
before one).

A turn is embedded as ``"<speaker>: <text>"`` when it has a speaker name. With
``Settings.contextual_embeddings`` (on by default) it is embedded in context without paying
for the previous turn twice:

1. the text embedded is the turn prefixed with the **last** :data:`CONTEXT_WORDS` words of
   the turn before it in the same conversation (:func:`contextual_text`);
2. the vector stored is ``normalise(v + w × stored vector of the previous turn)``, with
   ``w`` = :data:`PREVIOUS_VECTOR_WEIGHT` (:func:`contextual_vector`).

A reply such as "Yes, twice last year!" means nothing alone; with the end of the question it
answers and a trace of the conversation so far it is found by questions about that topic.
Embedding the whole previous turn (the former scheme) cost ~2x the tokens of one turn on
1,000-character turns and let a long previous turn drown the turn itself; this costs ~1.04x
(bench/EMBEDDERS.md, "Contextual"; docs/benchmarks.md).

Because the stored vector carries a decaying (``w^k``) trace of earlier turns, turns must be
embedded in conversation order: the previous turn's *stored* vector is an input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["CONTEXT_WORDS", "PREVIOUS_VECTOR_WEIGHT", "chain_vectors", "contextual_text",
           "contextual_vector", "embed_turns", "turn_text"]

Vector = npt.NDArray[np.float32]
Matrix = npt.NDArray[np.float32]

CONTEXT_WORDS = 8
"""Words of the previous turn's end prepended to a turn (LoCoMo: 8 words ~ the full-turn
scheme's recall at 1.25x the tokens of one turn instead of 1.9x)."""

PREVIOUS_VECTOR_WEIGHT = 0.5
"""Weight of the previous turn's stored vector in a turn's stored vector."""


def turn_text(content: str, name: str | None) -> str:
    """What gets embedded for a turn: the speaker's name helps "what did X say" queries."""
    return f"{name}: {content}" if name else content


def contextual_text(spoken: str, previous: str | None, *, words: int = CONTEXT_WORDS) -> str:
    """The text to embed for a turn: the last ``words`` words of ``previous`` (the spoken
    text of the turn before it, None for the first turn), a newline, then the turn.
    ``words=0`` embeds the turn alone."""
    if not previous or words <= 0:
        return spoken
    tail = previous.split()[-words:]
    return f"{' '.join(tail)}\n{spoken}" if tail else spoken


def contextual_vector(vector: npt.ArrayLike, previous: npt.ArrayLike | None, *,
                      weight: float = PREVIOUS_VECTOR_WEIGHT) -> Vector:
    """The vector to store for a turn: ``normalise(vector + weight × previous)``, where
    ``previous`` is the previous turn's *stored* vector (None: first turn, or not embedded
    yet — then ``vector`` normalised). A previous vector of another size is ignored."""
    own = np.asarray(vector, dtype=np.float32).reshape(-1)
    mixed = own
    if previous is not None and weight != 0:
        before = np.asarray(previous, dtype=np.float32).reshape(-1)
        if before.shape == own.shape:
            mixed = own + np.float32(weight) * before
    norm = float(np.linalg.norm(mixed))
    out: Vector = (mixed / norm if norm > 0 else mixed).astype(np.float32)
    return out


def chain_vectors(raw: Matrix, before: npt.ArrayLike | None, *,
                  weight: float = PREVIOUS_VECTOR_WEIGHT) -> Matrix:
    """Stored vectors of consecutive turns of one conversation from their raw embeddings:
    each mixes in the stored vector of the turn before it (``before`` for the first)."""
    out = np.empty_like(np.asarray(raw, dtype=np.float32))
    previous = before
    for i, row in enumerate(raw):
        out[i] = contextual_vector(row, previous, weight=weight)
        previous = out[i]
    return out


def embed_turns(embed_passages: Callable[[Sequence[str]], Matrix], spoken: Sequence[str],
                before_text: str | None, before_vector: npt.ArrayLike | None, *,
                contextual: bool = True) -> Matrix:
    """Stored vectors of consecutive turns of one conversation (``spoken``: each turn's
    :func:`turn_text`), given the spoken text and stored vector of the turn before the
    first one. One call to ``embed_passages`` for the batch. ``contextual=False``: each
    turn embedded alone."""
    if not contextual:
        return embed_passages(list(spoken))
    previous = [before_text, *spoken[:-1]]
    texts = [contextual_text(s, p) for s, p in zip(spoken, previous, strict=True)]
    return chain_vectors(embed_passages(texts), before_vector)
