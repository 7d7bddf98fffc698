"""The shipped phrase vectors: complete, equal to what the default model computes, used only
for the embedder that wrote them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import PrototypeContextClassifier
from lucidmem.behaviour.engine import SharedEncoders
from lucidmem.behaviour.phrase_vectors import (
    PhraseVectors,
    load_phrase_vectors,
    phrase_embedder,
    shipped_phrases,
    topic_centroid,
)
from lucidmem.behaviour.skills import load_base_skills
from lucidmem.embedding import E5Embedder

REBUILD = "run: PYTHONPATH=src python scripts/build_phrase_vectors.py"


class Counting:
    """The real embedder's queries, recording what it was asked to embed."""

    def __init__(self, embedder: E5Embedder) -> None:
        self.embedder = embedder
        self.calls: list[list[str]] = []

    def __call__(self, texts: Sequence[str]) -> NDArray[np.float32]:
        self.calls.append(list(texts))
        return self.embedder.embed_queries(texts)


def test_the_file_covers_every_phrase_of_the_default_embedder(embedder: E5Embedder) -> None:
    known = load_phrase_vectors(embedder.name, embedder.dimension)
    missing = [p for p in shipped_phrases() if p not in known]
    assert known and not missing, f"{len(missing)} phrases have no shipped vector; {REBUILD}"


def test_the_shipped_vectors_are_what_the_default_model_computes(embedder: E5Embedder) -> None:
    known = load_phrase_vectors(embedder.name, embedder.dimension)
    phrases = shipped_phrases()
    fresh = embedder.embed_queries(phrases)
    shipped = np.stack([known[p] for p in phrases])
    cosines = np.sum(fresh * shipped, axis=1) / (
        np.linalg.norm(fresh, axis=1) * np.linalg.norm(shipped, axis=1))
    assert float(cosines.min()) > 0.9999, f"the default model changed; {REBUILD}"


def test_another_embedder_gets_no_shipped_vectors(embedder: E5Embedder) -> None:
    assert load_phrase_vectors("openai-compatible/some-model", embedder.dimension) == {}
    assert load_phrase_vectors(embedder.name, 768) == {}


def test_only_unknown_texts_are_embedded_in_order(embedder: E5Embedder) -> None:
    counting = Counting(embedder)
    known = load_phrase_vectors(embedder.name, embedder.dimension)
    [first, second] = shipped_phrases()[:2]
    lookup = PhraseVectors(counting, known)
    unknown = "my printer jams every morning"
    rows = lookup([first, unknown, second, unknown])
    assert counting.calls == [[unknown]]
    assert rows.shape == (4, embedder.dimension)
    np.testing.assert_array_equal(rows[0], known[first])
    np.testing.assert_array_equal(rows[2], known[second])
    np.testing.assert_allclose(rows[1], embedder.embed_queries([unknown])[0], atol=1e-6)
    np.testing.assert_array_equal(rows[1], rows[3])
    counting.calls.clear()
    lookup(["an unseen message"])
    assert counting.calls == [["an unseen message"]]


def test_classification_is_the_same_with_and_without_the_shipped_vectors(
        embedder: E5Embedder) -> None:
    counting = Counting(embedder)
    shipped = PrototypeContextClassifier(PhraseVectors(counting, load_phrase_vectors(
        embedder.name, embedder.dimension)))
    live = PrototypeContextClassifier(embedder.embed_queries)
    when = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    for message in ("Why does my Rust program panic on unwrap?",
                    "Ich fühle mich heute so einsam.", "¿Cuántos habitantes tiene Lima?"):
        a, b = shipped.classify(message, when), live.classify(message, when)
        assert (a.intent, a.sentiment) == (b.intent, b.sentiment)
        for label, score in b.intent_scores.items():
            # the shipped vectors were computed on another CPU: float32 sums can differ in
            # the fourth decimal between instruction sets (1.06e-4 seen on a CI machine)
            assert abs(a.intent_scores[label] - score) < 1e-3
    assert counting.calls == [[m] for m in (  # only the messages were embedded
        "Why does my Rust program panic on unwrap?", "Ich fühle mich heute so einsam.",
        "¿Cuántos habitantes tiene Lima?")]


def test_the_engine_uses_the_shipped_vectors_for_the_default_embedder(
        embedder: E5Embedder) -> None:
    assert isinstance(phrase_embedder(embedder), PhraseVectors)
    encoders = SharedEncoders(embedder)
    assert isinstance(encoders.embed, PhraseVectors)


def test_the_first_selection_embeds_only_the_message(embedder: E5Embedder) -> None:
    """Prototype and topic centroids both come from the one shipped file (no second one)."""
    encoders = SharedEncoders(embedder)
    counting = Counting(embedder)
    assert isinstance(encoders.embed, PhraseVectors)
    encoders.embed = PhraseVectors(counting, load_phrase_vectors(embedder.name,
                                                                 embedder.dimension))
    encoders.context = PrototypeContextClassifier(encoders.embed)
    message = "My Go service leaks goroutines under load, how do I find where?"
    assert message not in shipped_phrases()
    signals = encoders.context.classify(message, datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    topics = [s.trigger.topics for s in load_base_skills() if s.trigger.topics]
    centroids = [encoders.topic_vector(t) for t in topics]
    assert counting.calls == [[message]]
    assert signals.intent == "code"
    live = [topic_centroid(embedder.embed_queries(list(t))) for t in topics]
    for got, want in zip(centroids, live, strict=True):
        assert got is not None
        assert float(got @ want) > 0.9999
