"""The words and letter groups of a clause, hashed: what the slot classifier reads beside the
clause's embedding.

The embedding says what a clause is about in general; the words say it exactly. "bin Hebamme
im Kreißsaal", "soy carretillero", "在字节做产品经理" embed near small talk about work, but
their words ("Hebamme", "carretillero", "产品经理") are the ones the slot's examples use. Each
clause becomes a vector of :data:`NGRAM_DIM` hashed counts:

- every word (``\\w+``, lower-cased);
- the three- and four-letter groups of every word with its edges marked (``<hebamme>`` →
  ``<he``, ``heb``, … ``me>``), so that forms of a word share most of their groups
  ("trabajo", "trabajaba");
- in a clause with Chinese characters, every character and every pair of neighbouring
  characters (Chinese writes no spaces, so a "word" of ``\\w+`` is a whole phrase).

Counts are log-damped (``log(1 + n)``) and the vector scaled to length 1. The hash is CRC-32,
the same on every machine and Python version (Python's own ``hash`` of a string is not).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["NGRAM_DIM", "ngram_matrix", "ngram_vector", "ngrams"]

NGRAM_DIM = 4096
"""Buckets of the hashed vector (the shipped model's; a model stores its own width)."""

_WORD = re.compile(r"\w+")
_CHINESE = re.compile(r"[\u4e00-\u9fff]")
_NOT_WORD = re.compile(r"\W")


def ngrams(text: str) -> list[str]:
    """The words and letter groups of ``text`` that are hashed (see the module's summary)."""
    lower = text.lower()
    words = _WORD.findall(lower)
    grams = list(words)
    for word in words:
        marked = f"<{word}>"
        for n in (3, 4):
            grams += [marked[i:i + n] for i in range(len(marked) - n + 1)]
    if _CHINESE.search(lower):
        letters = _NOT_WORD.sub("", lower)
        grams += [letters[i:i + 2] for i in range(len(letters) - 1)] + list(letters)
    return grams


def ngram_vector(text: str, dim: int = NGRAM_DIM) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``text`` as log-damped hashed counts of its :func:`ngrams`, scaled to length 1 (all
    zeros for a text without a word)."""
    counts = np.zeros(dim, dtype=np.float64)
    for gram in ngrams(text):
        counts[zlib.crc32(gram.encode("utf-8")) % dim] += 1.0
    vector = np.log1p(counts)
    norm = float(np.linalg.norm(vector))
    return np.asarray(vector / norm if norm else vector, dtype=np.float32)


def ngram_matrix(texts: Sequence[str], dim: int = NGRAM_DIM
                 ) -> np.ndarray[Any, np.dtype[np.float32]]:
    """One :func:`ngram_vector` per text, as rows."""
    if not texts:
        return np.zeros((0, dim), dtype=np.float32)
    return np.stack([ngram_vector(text, dim) for text in texts])
