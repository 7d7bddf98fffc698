"""Prototype and topic centroids shipped for the default embedder: a cheap first selection.

Classifying a message needs the centroids of 252 intent / sentiment prototype phrases and
of the base skills' topic phrases. Embedding them takes seconds, which the first
``select_skill`` of every process used to pay. They depend only on the phrases and the
embedder, so they are computed once (``python -m lucidmem.behaviour.precomputed``) and
shipped in ``prototype_vectors.npz`` next to this module.

Each entry carries the SHA-256 of the phrases it was computed from; an entry is used only
while the embedder (name and dimension) and its phrases are unchanged, otherwise it is
computed at first use as before. Any other embedder computes everything itself.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from lucidmem.behaviour.context_signals import embed_rows, prototype_texts
from lucidmem.behaviour.skills import load_base_skills

__all__ = ["VECTORS_PATH", "build", "load", "sources", "topic_centroid"]

VECTORS_PATH: Final[Path] = Path(__file__).with_name("prototype_vectors.npz")

Vectors = dict[str, NDArray[np.float32]]


def sources() -> dict[str, list[str]]:
    """Entry name → the phrases its centroid is made of.

    ``intent:<label>``, ``sentiment:<label>`` and ``topic:<skill id>`` (base skills with
    topics).
    """
    out: dict[str, list[str]] = {}
    for kind, table in prototype_texts().items():
        for label, phrases in table.items():
            out[f"{kind}:{label}"] = list(phrases)
    for skill in load_base_skills():
        if skill.trigger.topics:
            out[f"topic:{skill.id}"] = list(skill.trigger.topics)
    return out


def _digest(phrases: Sequence[str]) -> str:
    return hashlib.sha256("\x1f".join(phrases).encode("utf-8")).hexdigest()


def topic_centroid(rows: NDArray[np.floating]) -> NDArray[np.float32]:
    """Normalised mean of embedded phrases (the centroid every caller uses)."""
    centre = np.asarray(rows, dtype=np.float32).mean(axis=0)
    out: NDArray[np.float32] = (centre / np.linalg.norm(centre)).astype(np.float32)
    return out


def build(embed: Callable[[list[str]], NDArray[np.floating]]) -> Vectors:
    """Every centroid of :func:`sources`, computed with ``embed`` (query embeddings)."""
    return {name: topic_centroid(embed_rows(embed, phrases))
            for name, phrases in sources().items()}


def save(vectors: Vectors, embedder_name: str, dimension: int,
         path: Path = VECTORS_PATH) -> None:
    digests = {name: _digest(phrases) for name, phrases in sources().items()}
    meta = {"embedder": embedder_name, "dimension": dimension,
            "digests": {name: digests[name] for name in vectors}}
    names = sorted(vectors)
    np.savez_compressed(path, meta=np.array(json.dumps(meta)), names=np.array(names),
                        vectors=np.stack([vectors[n] for n in names]).astype(np.float32))


def load(embedder_name: str, dimension: int, path: Path = VECTORS_PATH) -> Vectors:
    """The shipped centroids still valid for this embedder and these phrases (may be {})."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            names = [str(n) for n in data["names"]]
            matrix = np.asarray(data["vectors"], dtype=np.float32)
    except (OSError, ValueError, KeyError):
        return {}
    if meta.get("embedder") != embedder_name or meta.get("dimension") != dimension:
        return {}
    if matrix.shape != (len(names), dimension):
        return {}
    current = sources()
    stored = meta.get("digests", {})
    return {name: matrix[i] for i, name in enumerate(names)
            if name in current and stored.get(name) == _digest(current[name])}


def main() -> None:  # pragma: no cover - run by hand when phrases or the model change
    from lucidmem.embedding import E5Embedder

    embedder = E5Embedder()
    vectors = build(embedder.embed_queries)
    save(vectors, embedder.name, embedder.dimension)
    print(f"wrote {len(vectors)} centroids for {embedder.name} to {VECTORS_PATH}")


if __name__ == "__main__":  # pragma: no cover
    main()
