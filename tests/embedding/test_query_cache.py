"""The query-embedding cache: same vectors as the embedder, computed once per text."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lucidmem.embedding import E5Embedder
from lucidmem.embedding.base import Matrix
from lucidmem.embedding.cache import QueryCachingEmbedder


class Counting:
    """The real embedder, counting the query texts it is asked to embed."""

    def __init__(self, inner: E5Embedder) -> None:
        self.inner = inner
        self.queries = 0
        self.name = inner.name
        self.dimension = inner.dimension

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        self.queries += len(texts)
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self.inner.embed_passages(texts)


def test_repeated_query_is_embedded_once(embedder: E5Embedder) -> None:
    counting = Counting(embedder)
    cached = QueryCachingEmbedder(counting, size=2)  # type: ignore[arg-type]
    first = cached.embed_queries(["where does Maya live?"])
    first[0, 0] = 42.0  # callers may scribble on what they get back
    second = cached.embed_queries(["where does Maya live?"])
    assert counting.queries == 1
    np.testing.assert_allclose(second, embedder.embed_queries(["where does Maya live?"]))


def test_cache_is_bounded_and_batches_pass_through(embedder: E5Embedder) -> None:
    counting = Counting(embedder)
    cached = QueryCachingEmbedder(counting, size=2)  # type: ignore[arg-type]
    for text in ("a", "b", "c", "a"):
        cached.embed_queries([text])
    assert counting.queries == 4  # "a" was evicted by "c"
    cached.embed_queries(["a", "b"])
    assert counting.queries == 6
    assert cached.name == embedder.name and cached.dimension == embedder.dimension
