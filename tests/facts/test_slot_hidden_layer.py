"""The slot classifier's optional hidden layer: its fit, its loader and its arithmetic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from lucidmem.facts import slots
from lucidmem.facts.clause_ngrams import ngram_matrix
from lucidmem.facts.slot_training import fit, fit_hidden, held_out, predict
from lucidmem.facts.slots import SlotClassifier


def _crossed(n: int = 400) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Two classes no straight line separates: the sign of x·y (noisy quadrants)."""
    rng = np.random.default_rng(7)
    x = rng.choice([-1.0, 1.0], size=(n, 2)) + rng.normal(0, 0.2, (n, 2))
    return x, (x[:, 0] * x[:, 1] > 0).astype(int)


def test_the_hidden_layer_reads_what_a_linear_read_out_cannot() -> None:
    x, y = _crossed()
    w, b = fit(x, y, 2)
    linear = float((predict(x, w, b) == y).mean())
    w, b, hidden = fit_hidden(x, y, 2, units=8, rate=0.05, steps=400)
    assert linear < 0.7
    assert float((predict(x, w, b, hidden) == y).mean()) > 0.95
    again = fit_hidden(x, y, 2, units=8, rate=0.05, steps=400)  # fixed seed: same weights
    assert np.array_equal(again[0], w) and np.array_equal(again[2][0], hidden[0])


@pytest.fixture
def model() -> Iterator[dict[str, Any]]:
    """The shipped model's arrays, put back in the loader's cache after the test."""
    shipped = slots._load()
    yield dict(shipped)
    slots._CACHE["model"] = shipped


def test_a_model_with_a_hidden_layer_adds_it_to_the_logits(model: dict[str, Any]) -> None:
    rng = np.random.default_rng(3)
    d, k, units = model["weights"].shape[0], model["weights"].shape[1], 4
    layer = {"hidden_weights": rng.normal(0, 1, (d, units)).astype(np.float32),
             "hidden_bias": rng.normal(0, 1, units).astype(np.float32),
             "hidden_output": rng.normal(0, 1, (units, k)).astype(np.float32)}
    vectors = rng.normal(0, 0.05, (3, d)).astype(np.float32)
    texts = ["", "", ""]  # no words: only the embedding and the layer count
    plain = SlotClassifier().probabilities(vectors, texts)
    slots._CACHE["model"] = {**model, **layer}
    with_layer = SlotClassifier().probabilities(vectors, texts)
    logits = vectors @ model["weights"] + model["bias"] + \
        np.tanh(vectors @ layer["hidden_weights"] + layer["hidden_bias"]) @ layer["hidden_output"]
    expected = np.exp(logits - logits.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(with_layer, expected, rtol=1e-4, atol=1e-6)
    assert not np.allclose(with_layer, plain)


def test_a_model_that_reads_words_adds_their_weights_to_the_logits(
        model: dict[str, Any]) -> None:
    rng = np.random.default_rng(5)
    d, k = model["weights"].shape
    base = {key: value for key, value in model.items()
            if key not in ("ngram_weights", "hidden_weights", "hidden_bias", "hidden_output")}
    words = rng.normal(0, 1, (64, k)).astype(np.float32)
    slots._CACHE["model"] = {**base, "ngram_weights": words}
    vectors = np.zeros((2, d), dtype=np.float32)  # the same embedding, different words
    texts = ["bin Hebamme im Kreißsaal", "haha danke"]
    probs = SlotClassifier().probabilities(vectors, texts)
    logits = base["bias"] + ngram_matrix(texts, 64) @ words
    expected = np.exp(logits - logits.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(probs, expected, rtol=1e-4, atol=1e-6)
    assert not np.allclose(probs[0], probs[1])


def test_texts_that_do_not_match_the_embeddings_are_refused() -> None:
    classifier = SlotClassifier()
    vectors = np.zeros((2, classifier.weights.shape[0]), dtype=np.float32)
    with pytest.raises(ValueError, match="2 embeddings for 1 clauses"):
        classifier.probabilities(vectors, ["only one"])


def test_words_join_the_fit_and_read_what_the_embedding_cannot() -> None:
    rng = np.random.default_rng(11)
    x = rng.normal(0, 0.1, (200, 3))  # the embedding says nothing of the class
    y = np.arange(200) % 2
    texts = ["ich arbeite als Hebamme" if c else "haha danke dir" for c in y]
    words = ngram_matrix(texts, 32).astype(np.float64)
    w, b, hidden = fit_hidden(x, y, 2, units=4, words=words, steps=300, rate=0.05)
    assert w.shape == (3 + 32, 2)
    assert float((predict(x, w, b, hidden, words) == y).mean()) == 1.0
    w, b, hidden = fit_hidden(x, y, 2, units=4, steps=300, rate=0.05)
    assert float((predict(x, w, b, hidden) == y).mean()) < 0.8


def test_a_model_with_part_of_a_hidden_layer_is_refused(model: dict[str, Any]) -> None:
    partial = {k: v for k, v in model.items() if k not in ("hidden_bias", "hidden_output")}
    slots._CACHE["model"] = {**partial, "hidden_weights": np.zeros((2, 2), np.float32)}
    with pytest.raises(ValueError, match="rebuild it"):
        SlotClassifier()


def test_the_held_out_half_is_fixed_by_the_text_alone() -> None:
    texts = [f"clause number {i}" for i in range(200)]
    halves = [held_out(t) for t in texts]
    assert halves == [held_out(t) for t in texts]
    assert 70 < sum(halves) < 130
