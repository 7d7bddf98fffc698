"""Exact cosine search over one user's vectors, held as a numpy matrix.

Exact search is fast enough at the scale of one person's memory (~1 ms at
10k vectors, ~8 ms at 100k on two cores) and never misses a neighbour, so no
approximate index is needed. The matrix grows by doubling; removals are
tombstoned and compacted lazily.

An id may own several rows (the chunks of a long turn): a search scores it by its best row
and returns it once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["BLAS_ROWS", "VectorIndex", "VectorRow"]

BLAS_ROWS = 20_000
"""From this many rows a product is long enough for BLAS's threads to pay for waking: on a
quiet machine 100,000 rows took 6 ms with them against 13 in one thread (10,000: 0.4 against
1.3), and with other processes on the cores both took about 20."""


@dataclass(frozen=True, slots=True)
class VectorRow:
    """One indexed vector with the attributes searches filter on."""

    id: str
    vector: npt.NDArray[np.float32]
    kind: str
    status: str
    conversation_id: str | None
    occurred_at: float


class VectorIndex:
    """The vectors of one user in one context, with filter attributes."""

    def __init__(self, dimension: int, revision: int = 0) -> None:
        self.dimension = dimension
        self.revision = revision
        self._matrix = np.zeros((0, dimension), dtype=np.float32)
        self._size = 0
        self._ids: list[str] = []
        self._position: dict[str, list[int]] = {}
        self._rows = 0  # live rows (>= live ids when long turns have chunks)
        self._alive = np.zeros(0, dtype=bool)
        self._codes: dict[str | None, int] = {}
        self._kind = np.zeros(0, dtype=np.int32)
        self._status = np.zeros(0, dtype=np.int32)
        self._conversation = np.zeros(0, dtype=np.int32)
        self._occurred = np.zeros(0, dtype=np.float64)

    def __len__(self) -> int:
        return len(self._position)

    def upsert(self, rows: Sequence[VectorRow]) -> None:
        """Add rows, replacing every row of any id among them (rows sharing an id are that
        id's chunks)."""
        self.remove([r.id for r in rows if r.id in self._position])
        need = self._size + len(rows)
        if need > len(self._matrix):
            capacity = max(need, 2 * len(self._matrix), 64)
            self._matrix = _grow(self._matrix, capacity)
            self._alive = _grow(self._alive, capacity)
            self._occurred = _grow(self._occurred, capacity)
            self._kind = _grow(self._kind, capacity)
            self._status = _grow(self._status, capacity)
            self._conversation = _grow(self._conversation, capacity)
        for row in rows:
            i = self._size
            self._matrix[i] = row.vector
            self._alive[i] = True
            self._occurred[i] = row.occurred_at
            self._ids.append(row.id)
            self._kind[i] = self._code(row.kind)
            self._status[i] = self._code(row.status)
            self._conversation[i] = self._code(row.conversation_id)
            self._position.setdefault(row.id, []).append(i)
            self._size += 1
            self._rows += 1

    def _code(self, value: str | None) -> int:
        return self._codes.setdefault(value, len(self._codes))

    def _codes_of(self, values: Sequence[str | None]) -> list[int]:
        return [self._codes.get(v, -1) for v in values]

    def remove(self, ids: Sequence[str]) -> None:
        for item_id in ids:
            for i in self._position.pop(item_id, []):
                self._alive[i] = False
                self._rows -= 1

    def search(
        self,
        query: npt.NDArray[np.float32],
        limit: int,
        *,
        kinds: Sequence[str] | None = None,
        statuses: Sequence[str] | None = None,
        conversation_id: str | None = None,
        occurred_from: float | None = None,
        occurred_to: float | None = None,
    ) -> list[tuple[str, float]]:
        """The ``limit`` most similar live rows passing the filters, best first."""
        n = self._size
        if n == 0 or limit <= 0:
            return []
        mask = self._alive[:n].copy()
        if kinds is not None:
            mask &= np.isin(self._kind[:n], self._codes_of(kinds))
        if statuses is not None:
            mask &= np.isin(self._status[:n], self._codes_of(statuses))
        if conversation_id is not None:
            mask &= self._conversation[:n] == self._codes.get(conversation_id, -1)
        if occurred_from is not None:
            mask &= self._occurred[:n] >= occurred_from
        if occurred_to is not None:
            mask &= self._occurred[:n] <= occurred_to
        candidates = np.flatnonzero(mask)
        if len(candidates) == 0:
            return []
        if 2 * len(candidates) >= n:  # score every row, keep the candidates': no copy
            scores = _cosines(self._matrix[:n], query)
            if len(candidates) < n:
                scores = scores[candidates]
        else:
            scores = _cosines(self._matrix[candidates], query)
        # Enough rows to hold ``limit`` distinct ids even if every extra chunk row ranks first.
        take = min(limit + self._rows - len(self._position), len(candidates))
        top = np.argpartition(-scores, take - 1)[:take]
        top = top[np.argsort(-scores[top], kind="stable")]
        found: dict[str, float] = {}
        for j in top:
            item_id = self._ids[candidates[j]]
            if item_id not in found:
                found[item_id] = float(scores[j])
                if len(found) == limit:
                    break
        return list(found.items())


def _cosines(matrix: npt.NDArray[np.float32],
             query: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """``matrix @ query`` (unit vectors: cosines); below :data:`BLAS_ROWS` rows without
    BLAS. numpy's BLAS splits a matrix-vector product over threads, which sleep between
    searches and spin-wait for work after one: when other processes share the cores, waking
    them made the product of a LoCoMo user's 1,500 rows take 7-16 ms instead of 0.1-0.3
    (docs/benchmarks.md, "p95 at LoCoMo scale"). ``einsum`` runs in the calling thread, and
    a row's sum does not depend on where the row sits: scoring the filtered rows or all of
    them gives the same cosines."""
    if len(matrix) >= BLAS_ROWS:
        blas: npt.NDArray[np.float32] = matrix @ query
        return blas
    scores: npt.NDArray[np.float32] = np.einsum("ij,j->i", matrix, query)
    return scores


def _grow(array: Any, capacity: int) -> Any:
    grown = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    grown[: len(array)] = array
    return grown
