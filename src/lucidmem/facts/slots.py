"""What a clause is about: the slot classifier of the offline extractor.

A slot is one kind of thing memory keeps about a person ("residence", "employer", "drink",
"exercise", "event" …, see :data:`SLOTS`), mapped to the seed's taxonomy. The classifier
is a softmax over multilingual-e5-small passage embeddings, trained by
:mod:`lucidmem.facts.slot_training` from short examples written for this project
(``facts/data/slots/<lang>.txt`` and the chat-register ``facts/data/slots_chat/<lang>.txt``,
eight languages) and shipped as package data (``facts/data/slot_model.npz``): nothing trains
at start-up. The shipped model is a linear read-out with a layer of 256 tanh units beside it
(``hidden_*`` arrays, fitted with ``--hidden N``), which :class:`SlotClassifier` adds to the
logits; a file without them is a linear model. A model fitted with ``--ngrams`` also reads the
clause's words (:mod:`lucidmem.facts.clause_ngrams`): its ``ngram_weights`` add the hashed
words and letter groups to the linear read-out, so the classifier needs each clause's text
beside its embedding. Two slots mean "no fact": ``smalltalk`` and ``request``.

The model is tied to the embedder it was trained with; :class:`SlotClassifier` uses the
memory's own embedder when it is that one and loads the bundled one otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np

from lucidmem.embedding.base import Embedder
from lucidmem.facts.clause_ngrams import ngram_matrix
from lucidmem.facts.model import Subcategory

__all__ = ["MODEL_FILE", "NO_FACT", "SLOTS", "Slot", "SlotClassifier", "SlotGuess"]

MODEL_FILE = "slot_model.npz"
"""The trained weights inside ``lucidmem/facts/data``."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot: its subcategory, the predicate its facts carry, the label a fact's text
    shows, and whether it holds one value at a time (a new value supersedes the old)."""

    name: str
    subcategory: Subcategory
    predicate: str
    label: str
    single: bool = False


_S = Subcategory
SLOTS: dict[str, Slot] = {s.name: s for s in (
    Slot("residence", _S.BIOGRAPHICAL_PERSONAL, "lives_in", "home", single=True),
    Slot("employer", _S.BIOGRAPHICAL_PROFESSIONAL, "works_at", "employer", single=True),
    Slot("occupation", _S.BIOGRAPHICAL_PROFESSIONAL, "occupation", "job", single=True),
    Slot("work", _S.BIOGRAPHICAL_PROFESSIONAL, "work", "work"),
    Slot("diet", _S.PREFERENCE_DIET, "diet", "diet"),
    Slot("health", _S.BIOGRAPHICAL_HEALTH, "health", "health"),
    Slot("drink", _S.PREFERENCE_DIET, "drinks", "drinks"),
    Slot("food", _S.PREFERENCE_DIET, "eats", "food"),
    Slot("exercise", _S.BIOGRAPHICAL_LIFESTYLE, "exercise", "sport"),
    Slot("hobby", _S.BIOGRAPHICAL_LIFESTYLE, "hobby", "hobby"),
    Slot("music", _S.OPINION_LIKES, "listens_to", "music and media"),
    Slot("commute", _S.BIOGRAPHICAL_LIFESTYLE, "commutes", "commute"),
    Slot("language", _S.BIOGRAPHICAL_PERSONAL, "speaks", "languages"),
    Slot("tech", _S.BIOGRAPHICAL_PROFESSIONAL, "uses", "tools"),
    Slot("routine", _S.PREFERENCE_SCHEDULE, "routine", "routine"),
    Slot("event", _S.EVENT_UPCOMING, "event", "event"),
    Slot("likes", _S.OPINION_LIKES, "likes", "likes"),
    Slot("dislikes", _S.OPINION_DISLIKES, "dislikes", "dislikes"),
    Slot("project", _S.CONTEXTUAL_CURRENT_PROJECTS, "working_on", "project"),
    Slot("concern", _S.CONTEXTUAL_CURRENT_CONCERNS, "worried_about", "concern"),
    Slot("personal", _S.BIOGRAPHICAL_PERSONAL, "personal", "about"),
    Slot("pet", _S.RELATIONSHIP_PETS, "pet", "pet"),
    Slot("people", _S.RELATIONSHIP_FAMILY, "about_person", "people"),
)}
"""Slots that yield facts."""

NO_FACT = frozenset({"smalltalk", "request"})
"""Slots that mean the clause states nothing to keep."""


@dataclass(frozen=True, slots=True)
class SlotGuess:
    """The classifier's reading of a clause: the best slot that yields a fact, its
    probability, the runner-up, and ``no_fact`` — the probability that the clause is small
    talk or a request (the two slots that state nothing)."""

    slot: str
    probability: float
    second: str
    second_probability: float
    no_fact: float = 0.0
    each: tuple[tuple[str, float], ...] = ()
    """Every slot that yields a fact with its probability, most probable first."""

    def probability_of(self, slot: str) -> float:
        """The probability of ``slot`` (0 when the guess does not hold it)."""
        return next((p for name, p in self.each if name == slot), 0.0)

    @property
    def keeps(self) -> bool:
        """Whether the clause more likely states something than not."""
        return self.no_fact < 0.5


class SlotClassifier:
    """Softmax over passage embeddings (linear read-out, optional tanh layer); weights from
    the package data."""

    def __init__(self, embedder: Embedder | None = None) -> None:
        data = _load()
        self.labels: list[str] = [str(x) for x in data["labels"]]
        self.weights = np.asarray(data["weights"], dtype=np.float32)
        self.bias = np.asarray(data["bias"], dtype=np.float32)
        hidden = [k for k in _HIDDEN_KEYS if k in data]
        if hidden and len(hidden) != len(_HIDDEN_KEYS):
            raise ValueError(f"the slot model has {hidden} but not all of {list(_HIDDEN_KEYS)}: "
                             "rebuild it with python -m lucidmem.facts.slot_training")
        self.hidden: tuple[np.ndarray[Any, np.dtype[np.float32]], ...] | None = tuple(
            np.asarray(data[k], dtype=np.float32) for k in _HIDDEN_KEYS) if hidden else None
        self.ngram_weights: np.ndarray[Any, np.dtype[np.float32]] | None = np.asarray(
            data[_NGRAM_KEY], dtype=np.float32) if _NGRAM_KEY in data else None
        self.embedder_name = str(data["embedder"])
        self._embedder = embedder if embedder is not None and \
            embedder.name == self.embedder_name else None

    @property
    def embedder(self) -> Embedder:
        """The embedder the model was trained with (loaded on first use if needed)."""
        if self._embedder is None:
            from lucidmem.embedding import E5Embedder

            self._embedder = E5Embedder()
        return self._embedder

    def embed(self, texts: Sequence[str]) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Passage embeddings of ``texts`` (what :meth:`guess` reads)."""
        return np.asarray(self.embedder.embed_passages(list(texts)), dtype=np.float32)

    def probabilities(self, vectors: np.ndarray[Any, np.dtype[np.float32]],
                      texts: Sequence[str]) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Each clause's probability of every slot (columns in :attr:`labels` order, the two
        no-fact slots included), from its embedding (``vectors``, rows in the order of
        ``texts``) and, when the model reads words, its text."""
        if len(texts) != len(vectors):
            raise ValueError(f"{len(vectors)} embeddings for {len(texts)} clauses: pass each "
                             "clause's text with its embedding, in the same order")
        logits = vectors @ self.weights + self.bias
        if self.hidden is not None:
            into, offset, out = self.hidden
            logits += np.tanh(vectors @ into + offset) @ out
        if self.ngram_weights is not None:
            logits += ngram_matrix(texts, self.ngram_weights.shape[0]) @ self.ngram_weights
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        return np.asarray(probs, dtype=np.float32)

    def guess(self, vectors: np.ndarray[Any, np.dtype[np.float32]],
              texts: Sequence[str]) -> list[SlotGuess]:
        """The slot of each clause, from its embedding and its text (see
        :meth:`probabilities`)."""
        if len(vectors) == 0 and not texts:
            return []
        probs = self.probabilities(vectors, texts)
        out = []
        empty = [i for i, label in enumerate(self.labels) if label in NO_FACT]
        for row in probs:
            order = [int(i) for i in np.argsort(-row) if self.labels[int(i)] not in NO_FACT]
            a, b = order[0], order[1]
            out.append(SlotGuess(self.labels[a], float(row[a]), self.labels[b], float(row[b]),
                                 float(row[empty].sum()),
                                 tuple((self.labels[i], float(row[i])) for i in order)))
        return out

    def classify(self, texts: Sequence[str]) -> list[SlotGuess]:
        """Embed and classify ``texts``."""
        return self.guess(self.embed(texts), texts) if texts else []


_HIDDEN_KEYS = ("hidden_weights", "hidden_bias", "hidden_output")
"""The optional hidden layer of tanh units beside the linear read-out: its input weights,
biases and output weights (``logits = x·W + b + tanh(x·H + c)·O``)."""

_NGRAM_KEY = "ngram_weights"
"""The optional read-out of the clause's hashed words and letter groups (rows: hash buckets,
columns: slots), added to the logits."""

_CACHE: dict[str, Any] = {}


def _load() -> dict[str, Any]:
    if "model" not in _CACHE:
        path = resources.files("lucidmem.facts") / "data" / MODEL_FILE
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as npz:
            _CACHE["model"] = {k: npz[k] for k in npz.files}
    model: dict[str, Any] = _CACHE["model"]
    return model
