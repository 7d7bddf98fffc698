"""The embedder seam.

An :class:`Embedder` turns texts into L2-normalised float32 rows. Queries and
stored passages are embedded separately because asymmetric models (E5) use a
different prefix for each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = ["Embedder", "normalise_rows"]

Matrix = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns text into vectors. Implementations must be safe to call from several threads."""

    @property
    def name(self) -> str:
        """Model identity recorded in the store (a mismatch on reopen is an error)."""
        ...

    @property
    def dimension(self) -> int:
        """Length of each vector."""
        ...

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        """One normalised row per search query."""
        ...

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        """One normalised row per stored text."""
        ...


def normalise_rows(matrix: npt.ArrayLike) -> Matrix:
    """Rows scaled to unit length (zero rows stay zero)."""
    rows = np.asarray(matrix, dtype=np.float32)
    if rows.ndim == 1:
        rows = rows[None, :]
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    normalised: Matrix = (rows / norms).astype(np.float32)
    return normalised
