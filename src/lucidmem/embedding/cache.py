"""A query-embedding cache in front of any embedder.

One reply often embeds the same message several times: context assembly
searches with it and skill selection classifies it. Query vectors depend only
on the text, so the last few hundred are kept; passages are never cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from ..scope import check_unicode
from .base import Embedder, Matrix

__all__ = ["DEFAULT_QUERY_CACHE_SIZE", "QueryCachingEmbedder"]

DEFAULT_QUERY_CACHE_SIZE = 512


class QueryCachingEmbedder:
    """Wraps ``inner``; single-text query embeddings are served from an LRU cache."""

    def __init__(self, inner: Embedder, size: int = DEFAULT_QUERY_CACHE_SIZE) -> None:
        self.inner = inner
        self._size = size
        self._cache: OrderedDict[str, Matrix] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        for text in texts:  # every text any part embeds passes here: refuse, never crash
            check_unicode(text, "text")
        if len(texts) != 1 or self._size == 0:
            return self.inner.embed_queries(texts)
        text = texts[0]
        with self._lock:
            cached = self._cache.get(text)
            if cached is not None:
                self._cache.move_to_end(text)
                return cached.copy()
        rows = self.inner.embed_queries([text])
        with self._lock:
            self._cache[text] = np.array(rows, copy=True)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return rows

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        for text in texts:
            check_unicode(text, "text")
        return self.inner.embed_passages(texts)
