"""Query vectors of lucidmem's own phrases, embedded once by a script and shipped.

Skill selection compares a message with the intent and sentiment prototype phrases
(:mod:`lucidmem.behaviour.context_signals`) and with every base skill's topic phrases.
Embedding those ~300 phrases took about 3 s at the first selection of every process, and
they never change for a given model: ``scripts/build_phrase_vectors.py`` embeds them with
the default embedder into ``phrase_vectors.npz`` (next to this module).
:func:`phrase_embedder` serves them when the embedder in use is the one that wrote the
file, and embeds everything else (the user's message, phrases added later, any other
embedder) as before. A test checks that the file covers every phrase and matches what the
default embedder computes today. (This is the one file of shipped phrase vectors: the
intent / sentiment centroids and the skills' topic centroids are computed from these rows
at first use, a lookup and a mean.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Final

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import (
    INTENT_PROTOTYPES,
    SENTIMENT_PROTOTYPES,
    EmbedFn,
)
from lucidmem.behaviour.skills import load_base_skills
from lucidmem.embedding import Embedder

__all__ = ["PHRASE_VECTORS_FILE", "PhraseVectors", "load_phrase_vectors", "phrase_embedder",
           "shipped_phrases", "topic_centroid"]

PHRASE_VECTORS_FILE: Final[str] = "phrase_vectors.npz"


def shipped_phrases() -> list[str]:
    """Every phrase the behaviour engine embeds on its own, each once, in a fixed order."""
    phrases = [p for table in (INTENT_PROTOTYPES, SENTIMENT_PROTOTYPES)
               for langs in table.values() for joined in langs.values()
               for p in joined.split("|")]
    phrases += [t for skill in load_base_skills() for t in skill.trigger.topics]
    return list(dict.fromkeys(phrases))


def topic_centroid(rows: NDArray[np.floating]) -> NDArray[np.float32]:
    """Normalised mean of embedded phrases (a skill's topic centroid)."""
    centre = np.asarray(rows, dtype=np.float32).mean(axis=0)
    out: NDArray[np.float32] = (centre / np.linalg.norm(centre)).astype(np.float32)
    return out


def load_phrase_vectors(embedder_name: str, dimension: int) -> dict[str, NDArray[np.float32]]:
    """The shipped vectors if ``embedder_name`` wrote them with ``dimension``; else empty."""
    source = resources.files("lucidmem.behaviour").joinpath(PHRASE_VECTORS_FILE)
    if not source.is_file():
        return {}
    with source.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        vectors = np.asarray(data["vectors"], dtype=np.float32)
        if str(data["embedder"]) != embedder_name or vectors.shape[1:] != (dimension,):
            return {}
        return dict(zip((str(t) for t in data["texts"]), vectors, strict=True))


class PhraseVectors:
    """An :data:`EmbedFn` that looks texts up in ``known`` and embeds only the others."""

    def __init__(self, embed: EmbedFn, known: Mapping[str, NDArray[np.float32]]) -> None:
        self._embed = embed
        self._known = known

    def __call__(self, texts: Sequence[str]) -> NDArray[np.float32]:
        texts = list(texts)
        missing = [t for t in dict.fromkeys(texts) if t not in self._known]
        if len(missing) == len(texts):
            return np.asarray(self._embed(texts), dtype=np.float32)
        fresh: dict[str, NDArray[np.float32]] = {}
        if missing:
            rows = np.asarray(self._embed(missing), dtype=np.float32)
            fresh = dict(zip(missing, rows, strict=True))
        return np.stack([self._known[t] if t in self._known else fresh[t] for t in texts])


def phrase_embedder(embedder: Embedder) -> EmbedFn:
    """``embedder.embed_queries``, with the shipped phrase vectors when they are its own."""
    known = load_phrase_vectors(embedder.name, embedder.dimension)
    if not known:
        return embedder.embed_queries
    return PhraseVectors(embedder.embed_queries, known)
