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

**Long turns.** A turn longer than :data:`LONG_TURN_CHARS` (about the model's 512-token
window) is cut into sentence-aligned chunks of at most :data:`CHUNK_CHARS` characters (~128
tokens; :func:`chunk_text`). The first chunk, in context, gives the turn's stored vector;
the others are kept with the turn (``data[CHUNKS_KEY]``) and indexed as extra rows carrying
the turn's id, so the vector leg scores the turn by its best chunk and returns it once. The
whole turn is embedded once either way (the chunks are its pieces), nothing is cut off, and
a sentence at the end of a 20,000-character turn is not diluted in the mean of everything
before it (bench/EMBEDDERS.md, "Long turns": 128-token chunks found every needle up to
30,000 characters, the whole-text mean 0.83 at 10,000).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CHUNKS_KEY", "CHUNK_CHARS", "CONTEXT_WORDS", "LONG_TURN_CHARS",
           "PREVIOUS_VECTOR_WEIGHT", "TurnVectors", "chain_vectors", "chunk_text",
           "contextual_text", "contextual_vector", "decode_chunks", "embed_pieces", "embed_turns",
           "encode_chunks", "turn_text", "vector_scheme", "with_chunks"]

Vector = npt.NDArray[np.float32]
Matrix = npt.NDArray[np.float32]

CONTEXT_WORDS = 8
"""Words of the previous turn's end prepended to a turn (LoCoMo: 8 words ~ the full-turn
scheme's recall at 1.25x the tokens of one turn instead of 1.9x)."""

PREVIOUS_VECTOR_WEIGHT = 0.5
"""Weight of the previous turn's stored vector in a turn's stored vector."""

LONG_TURN_CHARS = 2_000
"""Turns longer than this (~512 e5 tokens of English) are embedded as chunks."""

CHUNK_CHARS = 500
"""Most characters in one chunk of a long turn (~128 tokens)."""

CHUNKS_KEY = "chunk_vectors"
"""Where a long turn keeps the vectors of its chunks after the first (base64 float32)."""

_SENTENCE_END = re.compile(r"(?<=[.!?。！？;:])\s+|\n+")


@dataclass(frozen=True, slots=True)
class TurnVectors:
    """What to store for one turn: its vector and, for a long turn, the vectors of its other
    chunks (``(n, dimension)``, empty for a short turn)."""

    vector: Vector
    chunks: Matrix


def chunk_text(text: str, *, max_chars: int = CHUNK_CHARS) -> list[str]:
    """``text`` in consecutive pieces of at most ``max_chars`` characters, cut after a
    sentence where possible, else between words, else inside a word; nothing is dropped
    (joining the pieces with spaces gives the text's words back)."""
    pieces: list[str] = []
    current = ""
    for sentence in (p for p in _SENTENCE_END.split(text) if p and p.strip()):
        for part in _fit(sentence.strip(), max_chars):
            joined = f"{current} {part}" if current else part
            if len(joined) <= max_chars:
                current = joined
            else:
                pieces.append(current)
                current = part
    if current:
        pieces.append(current)
    return pieces or [text]


def _fit(sentence: str, max_chars: int) -> list[str]:
    """A sentence in parts of at most ``max_chars`` characters, cut between words."""
    if len(sentence) <= max_chars:
        return [sentence]
    parts: list[str] = []
    current = ""
    for word in sentence.split():
        while len(word) > max_chars:
            if current:
                parts.append(current)
                current = ""
            parts.append(word[:max_chars])
            word = word[max_chars:]
        joined = f"{current} {word}" if current else word
        if len(joined) <= max_chars:
            current = joined
        else:
            parts.append(current)
            current = word
    if current:
        parts.append(current)
    return parts


def encode_chunks(chunks: Matrix) -> list[str]:
    """Chunk vectors as JSON-safe strings (base64 of float32)."""
    return [base64.b64encode(np.asarray(row, dtype="<f4").tobytes()).decode("ascii")
            for row in chunks]


def decode_chunks(data: Mapping[str, Any], dimension: int) -> Matrix:
    """The chunk vectors a turn keeps in ``data`` (``(0, dimension)`` if none or damaged)."""
    raw = data.get(CHUNKS_KEY)
    rows = []
    for item in raw if isinstance(raw, list) else []:
        try:
            row = np.frombuffer(base64.b64decode(str(item)), dtype="<f4")
        except ValueError:
            continue
        if row.shape == (dimension,):
            rows.append(row.astype(np.float32))
    out: Matrix = (np.stack(rows) if rows else np.zeros((0, dimension), dtype=np.float32))
    return out


def with_chunks(data: Mapping[str, Any], chunks: Matrix) -> dict[str, Any]:
    """``data`` with ``chunks`` recorded (the key removed when there are none)."""
    out = {k: v for k, v in data.items() if k != CHUNKS_KEY}
    if len(chunks):
        out[CHUNKS_KEY] = encode_chunks(chunks)
    return out


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


def embed_pieces(embed_passages: Callable[[Sequence[str]], Matrix], spoken: Sequence[str],
                 before: Sequence[str | None], *, contextual: bool = True) -> list[TurnVectors]:
    """Raw (not yet mixed) vectors of turns, each given the spoken text of the turn before it
    (None: none): the first chunk in context (if ``contextual``) and the other chunks of a
    long turn. One call to ``embed_passages``; mix with :func:`contextual_vector` in
    conversation order."""
    pieces = [chunk_text(s) if len(s) > LONG_TURN_CHARS else [s] for s in spoken]
    texts: list[str] = []
    for parts, previous in zip(pieces, before, strict=True):
        texts.append(contextual_text(parts[0], previous) if contextual else parts[0])
        texts.extend(parts[1:])
    if not texts:
        return []
    rows = np.asarray(embed_passages(texts), dtype=np.float32)
    firsts = np.cumsum([0] + [len(p) for p in pieces[:-1]])
    return [TurnVectors(rows[start], rows[start + 1: start + len(pieces[i])])
            for i, start in enumerate(firsts)]


def embed_turns(embed_passages: Callable[[Sequence[str]], Matrix], spoken: Sequence[str],
                before_text: str | None, before_vector: npt.ArrayLike | None, *,
                contextual: bool = True) -> list[TurnVectors]:
    """What to store for consecutive turns of one conversation (``spoken``: each turn's
    :func:`turn_text`), given the spoken text and stored vector of the turn before the
    first one. One call to ``embed_passages`` for the batch; long turns as chunks (the
    first chunk in context). ``contextual=False``: each turn (or first chunk) alone."""
    raw = embed_pieces(embed_passages, spoken, [before_text, *spoken[:-1]],
                       contextual=contextual)
    if not contextual or not raw:
        return raw
    heads = chain_vectors(np.stack([r.vector for r in raw]), before_vector)
    return [TurnVectors(heads[i], r.chunks) for i, r in enumerate(raw)]


def vector_scheme(contextual: bool) -> str:
    """Names how stored turn vectors are made, recorded in each store: a store whose turns
    were embedded another way (an older release, contextual embeddings switched) has them
    embedded again in the background (:meth:`lucidmem.kernel.Kernel.store`)."""
    if not contextual:
        return f"plain/chunks{CHUNK_CHARS}@{LONG_TURN_CHARS}"
    return (f"context{CONTEXT_WORDS}w+mix{PREVIOUS_VECTOR_WEIGHT}"
            f"/chunks{CHUNK_CHARS}@{LONG_TURN_CHARS}")
