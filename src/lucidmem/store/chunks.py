"""The chunk vectors a long turn keeps in its data, as the PostgreSQL store indexes them.

A turn too long for one vector keeps the vectors of its chunks after the first in
``data["chunk_vectors"]`` (base64 of little-endian float32, one string per chunk; written by
:func:`lucidmem.embedding.turns.encode_chunks`). The store sits below the embedding package
and reads the same format here; tests/store/test_postgres_chunks.py checks that both
readers agree on the same data.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CHUNKS_KEY", "chunk_vectors"]

CHUNKS_KEY = "chunk_vectors"
"""The key of ``Record.data`` that holds a long turn's extra chunk vectors."""


def chunk_vectors(data: Mapping[str, Any], dimension: int) -> list[npt.NDArray[np.float32]]:
    """The chunk vectors kept in ``data`` with ``dimension`` values each; damaged or
    mismatched entries are skipped (as the in-process index skips them)."""
    raw = data.get(CHUNKS_KEY)
    rows: list[npt.NDArray[np.float32]] = []
    for item in raw if isinstance(raw, list) else []:
        try:
            row = np.frombuffer(base64.b64decode(str(item)), dtype="<f4")
        except (ValueError, binascii.Error):
            continue
        if row.shape == (dimension,):
            rows.append(row.astype(np.float32))
    return rows
