"""TD-error surprise detection (capability M8).

Source: ``seeds/nonlinear-importance-consolidation.md``, *Part 3: TD-Error Based Surprise
Detection* (``SurpriseDetector``) and *Complete Integration* (``finalImportance =
importance * (1 + surprise)``).

``surprise = min(1, 0.4 * semantic + 0.2 * temporal + 0.2 * author + 0.2 * length)``, or
0.8 while fewer than 5 messages are known. The seed's detector is a mutable class; here the
history is an immutable :class:`SurpriseHistory` and :func:`observe` returns the surprise and
the next history, so the functions stay pure.

Decisions where the seed is ambiguous or wrong (tested in ``test_surprise.py``):

1. **History growth.** The seed returns 0.8 early *before* pushing the message, so its
   history never grows and every message scores 0.8 forever. :func:`observe` always appends.
2. **Units.** Timestamps are seconds (the seed uses milliseconds); the temporal denominator's
   ``+ 1000 ms`` becomes :data:`TEMPORAL_SMOOTHING_S` = 1 s.
3. **Clock going backwards.** Negative gaps between messages count as 0 s.
4. **Semantic component.** As in the seed: word sets (lower-cased, split on whitespace) of
   the last 5 messages, distance ``1 - |A & B| / max(|A|, |B|)``. If the message and every
   one of those 5 messages carry an embedding, the mean clipped cosine distance is used
   instead (the seed's "future: embeddings"). Two empty texts are identical (distance 0).
5. **Length** uses the population standard deviation over the whole history, as the seed.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lucidmem.consolidation.importance import semantic_novelty
from lucidmem.errors import InvalidInputError

__all__ = [
    "AUTHOR_WINDOW",
    "EARLY_SURPRISE",
    "MAX_HISTORY",
    "MIN_HISTORY",
    "SEMANTIC_WINDOW",
    "SURPRISE_WEIGHTS",
    "TEMPORAL_SMOOTHING_S",
    "Message",
    "SurpriseComponents",
    "SurpriseHistory",
    "author_surprise",
    "final_importance",
    "length_surprise",
    "observe",
    "semantic_surprise",
    "surprise",
    "surprise_components",
    "temporal_surprise",
]

EARLY_SURPRISE = 0.8
"""Surprise while the history is too short to predict anything (seed: ``return 0.8``)."""
MIN_HISTORY = 5
"""Messages needed before components are computed (seed: ``length < 5``)."""
MAX_HISTORY = 50
"""Messages kept (seed: ``maxHistory = 50``)."""
SEMANTIC_WINDOW = 5
"""Recent messages the semantic component compares with (seed: ``slice(-5)``)."""
AUTHOR_WINDOW = 10
"""Recent messages the author component counts (seed: ``slice(-10)``)."""
TEMPORAL_SMOOTHING_S = 1.0
"""Added to the mean gap in the temporal denominator (seed: ``avgInterval + 1000`` ms)."""
SURPRISE_WEIGHTS = (0.4, 0.2, 0.2, 0.2)
"""Weights of the semantic, temporal, author and length components (seed Part 3)."""


@dataclass(frozen=True, slots=True)
class Message:
    """What the detector needs from one message. ``timestamp`` is in seconds."""

    text: str
    timestamp: float
    author: str
    embedding: npt.NDArray[np.floating] | None = None

    def __post_init__(self) -> None:
        if not math.isfinite(self.timestamp):
            raise InvalidInputError(
                f"timestamp={self.timestamp!r} must be a finite number of seconds",
                field="timestamp",
            )


@dataclass(frozen=True, slots=True)
class SurpriseHistory:
    """The last ``max_size`` messages, oldest first. Immutable; see :meth:`append`."""

    messages: tuple[Message, ...] = ()
    max_size: int = MAX_HISTORY

    def __post_init__(self) -> None:
        if self.max_size < 1:
            raise InvalidInputError(
                f"max_size={self.max_size} must be at least 1", field="max_size"
            )
        if len(self.messages) > self.max_size:
            object.__setattr__(self, "messages", self.messages[-self.max_size :])

    def __len__(self) -> int:
        return len(self.messages)

    def append(self, message: Message) -> SurpriseHistory:
        """A new history with ``message`` added and the oldest dropped past ``max_size``."""
        return SurpriseHistory((*self.messages, message)[-self.max_size :], self.max_size)


@dataclass(frozen=True, slots=True)
class SurpriseComponents:
    """The four TD-error components and their weighted, capped total (``total``)."""

    semantic: float
    temporal: float
    author: float
    length: float
    total: float
    early: bool = False


# --------------------------------------------------------------------------- components


def _word_set(text: str) -> set[str]:
    return set(text.lower().split())


def semantic_surprise(message: Message, history: SurpriseHistory) -> float:
    """Seed ``calculateSemanticSurprise``: mean word-set distance to the last 5 messages."""
    recent = history.messages[-SEMANTIC_WINDOW:]
    if not recent:
        return 1.0
    if message.embedding is not None and all(m.embedding is not None for m in recent):
        vectors = [m.embedding for m in recent if m.embedding is not None]
        return semantic_novelty(message.embedding, vectors, window=SEMANTIC_WINDOW)
    words = _word_set(message.text)
    distances = []
    for other in recent:
        other_words = _word_set(other.text)
        largest = max(len(words), len(other_words))
        distances.append(0.0 if largest == 0 else 1.0 - len(words & other_words) / largest)
    return math.fsum(distances) / len(distances)


def temporal_surprise(message: Message, history: SurpriseHistory) -> float:
    """Seed ``calculateTemporalSurprise``: ``min(1, |gap - mean_gap| / (mean_gap + 1 s))``."""
    msgs = history.messages
    if len(msgs) < 2:
        return 0.0
    gaps = [max(0.0, b.timestamp - a.timestamp) for a, b in itertools.pairwise(msgs)]
    mean_gap = math.fsum(gaps) / len(gaps)
    current = max(0.0, message.timestamp - msgs[-1].timestamp)
    return min(1.0, abs(current - mean_gap) / (mean_gap + TEMPORAL_SMOOTHING_S))


def author_surprise(message: Message, history: SurpriseHistory) -> float:
    """Seed ``calculateAuthorSurprise``: ``1 - share of the last 10 messages by this author``."""
    recent = history.messages[-AUTHOR_WINDOW:]
    if not recent:
        return 1.0
    same = sum(1 for m in recent if m.author == message.author)
    return 1.0 - same / len(recent)


def length_surprise(message: Message, history: SurpriseHistory) -> float:
    """Seed ``calculateLengthSurprise``: ``min(1, |len - mean| / (std + 1) / 2)``."""
    lengths = [len(m.text) for m in history.messages]
    if not lengths:
        return 0.0
    mean = math.fsum(lengths) / len(lengths)
    std = math.sqrt(math.fsum((n - mean) ** 2 for n in lengths) / len(lengths))
    z = abs(len(message.text) - mean) / (std + 1.0)
    return min(1.0, z / 2.0)


# --------------------------------------------------------------------------- totals


def surprise_components(message: Message, history: SurpriseHistory) -> SurpriseComponents:
    """All four components and the total, or the early value 0.8 below 5 known messages."""
    if len(history) < MIN_HISTORY:
        return SurpriseComponents(0.0, 0.0, 0.0, 0.0, EARLY_SURPRISE, early=True)
    parts = (
        semantic_surprise(message, history),
        temporal_surprise(message, history),
        author_surprise(message, history),
        length_surprise(message, history),
    )
    total = min(1.0, math.fsum(w * p for w, p in zip(SURPRISE_WEIGHTS, parts, strict=True)))
    return SurpriseComponents(*parts, total=total)


def surprise(message: Message, history: SurpriseHistory) -> float:
    """Surprise (TD-error) in [0, 1] of ``message`` given what came before it."""
    return surprise_components(message, history).total


def observe(message: Message, history: SurpriseHistory) -> tuple[float, SurpriseHistory]:
    """Score ``message`` against ``history``, then return it with the history that includes it.

    Fold a conversation with ``s, h = observe(m, h)`` message after message.
    """
    return surprise(message, history), history.append(message)


def final_importance(importance: float, surprise: float) -> float:
    """Seed *Complete Integration*: ``importance * (1 + surprise)``, in [0, 2].

    Multiplicative: surprise amplifies importance but cannot create it.
    """
    if not (0.0 <= importance <= 1.0):
        raise InvalidInputError(
            f"importance={importance!r} must lie in [0, 1]; compute it with importance()",
            field="importance",
        )
    if not (0.0 <= surprise <= 1.0):
        raise InvalidInputError(
            f"surprise={surprise!r} must lie in [0, 1]; compute it with surprise()",
            field="surprise",
        )
    return importance * (1.0 + surprise)
