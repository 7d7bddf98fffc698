"""Shipped prototype / topic centroids: valid for the bundled embedder, used, and checked."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from lucidmem.behaviour import precomputed
from lucidmem.behaviour.context_signals import PrototypeContextClassifier
from lucidmem.embedding import E5Embedder


def test_shipped_centroids_match_the_bundled_embedder(embedder: E5Embedder) -> None:
    shipped = precomputed.load(embedder.name, embedder.dimension)
    assert set(shipped) == set(precomputed.sources())  # every entry still current
    fresh = precomputed.build(embedder.embed_queries)
    for name, vector in shipped.items():
        assert float(vector @ fresh[name]) > 0.9999, name


def test_shipped_centroids_replace_embedding_the_prototypes(embedder: E5Embedder) -> None:
    shipped = precomputed.load(embedder.name, embedder.dimension)
    calls: list[int] = []

    def counting(texts: list[str]) -> np.ndarray:
        calls.append(len(texts))
        return embedder.embed_queries(texts)

    intents = {k.split(":", 1)[1]: v for k, v in shipped.items() if k.startswith("intent:")}
    sentiments = {k.split(":", 1)[1]: v for k, v in shipped.items()
                  if k.startswith("sentiment:")}
    fast = PrototypeContextClassifier(counting, intent_centroids=intents,
                                      sentiment_centroids=sentiments)
    slow = PrototypeContextClassifier(embedder.embed_queries)
    message = "Why does my Python script throw a KeyError?"
    got, want = fast.classify(message), slow.classify(message)
    assert calls == [1]  # only the message was embedded
    assert (got.intent, got.sentiment) == (want.intent, want.sentiment) == ("code", "neutral")


def test_stale_or_foreign_centroids_are_ignored(tmp_path: Path) -> None:
    vectors = {name: np.full(4, 0.5, dtype=np.float32) for name in precomputed.sources()}
    path = tmp_path / "v.npz"
    precomputed.save(vectors, "some-model", 4, path)
    assert set(precomputed.load("some-model", 4, path)) == set(vectors)
    assert precomputed.load("other-model", 4, path) == {}
    assert precomputed.load("some-model", 8, path) == {}
    assert precomputed.load("some-model", 4, tmp_path / "missing.npz") == {}
    # an entry whose phrases changed since it was computed is dropped, the others stay
    sources = precomputed.sources()
    name = next(iter(sources))
    original = precomputed.sources
    try:
        precomputed.sources = lambda: {**sources, name: [*sources[name], "a new phrase"]}
        assert name not in precomputed.load("some-model", 4, path)
    finally:
        precomputed.sources = original
