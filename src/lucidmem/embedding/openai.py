"""An embedder for any OpenAI-compatible ``/v1/embeddings`` endpoint.

Works with Ollama, vLLM, llama.cpp server, LocalAI and OpenAI itself: set
``LUCIDMEM_EMBEDDER=openai``, ``LUCIDMEM_EMBEDDING_BASE_URL`` (ending in ``/v1``)
and ``LUCIDMEM_EMBEDDING_MODEL``. Requests are batched; HTTP failures become
:class:`~lucidmem.errors.EmbeddingError` naming the endpoint and the fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import EmbeddingError
from .base import Matrix, normalise_rows

if TYPE_CHECKING:
    import httpx

__all__ = ["OpenAICompatibleEmbedder"]


class OpenAICompatibleEmbedder:
    """Calls ``POST {base_url}/embeddings`` with ``{"model", "input": [...]}``."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        batch_size: int = 64,
        timeout: float = 30.0,
        client: httpx.Client | None = None,
    ) -> None:
        import httpx  # imported on first use: the default embedder never makes an HTTP call

        self.base_url = base_url.rstrip("/")
        self.model = model
        self._batch_size = batch_size
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = client or httpx.Client(timeout=timeout, headers=headers)
        self._dimension: int | None = None

    @property
    def name(self) -> str:
        return f"openai-compatible/{self.model}"

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = int(self._request(["dimension probe"]).shape[1])
        return self._dimension

    def _request(self, texts: list[str]) -> Matrix:
        import httpx

        url = f"{self.base_url}/embeddings"
        try:
            response = self._client.post(url, json={"model": self.model, "input": texts})
        except httpx.HTTPError as exc:
            raise EmbeddingError(
                f"embedding endpoint {url} unreachable ({exc.__class__.__name__}: {exc}); "
                "check LUCIDMEM_EMBEDDING_BASE_URL and that the server is running."
            ) from exc
        if response.status_code != 200:
            raise EmbeddingError(
                f"embedding endpoint {url} answered HTTP {response.status_code}: "
                f"{response.text[:200]}"
            )
        try:
            items = sorted(response.json()["data"], key=lambda item: item["index"])
            rows = np.array([item["embedding"] for item in items], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as exc:
            raise EmbeddingError(
                f"embedding endpoint {url} did not answer in the OpenAI format "
                "({'data': [{'index', 'embedding'}]})."
            ) from exc
        if rows.ndim != 2 or len(rows) != len(texts):
            raise EmbeddingError(f"embedding endpoint {url} returned {len(rows)} vectors "
                                 f"for {len(texts)} inputs.")
        if self._dimension is None:
            self._dimension = int(rows.shape[1])
        return normalise_rows(rows)

    def _encode(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self._dimension or 0), dtype=np.float32)
        parts = [
            self._request(list(texts[i : i + self._batch_size]))
            for i in range(0, len(texts), self._batch_size)
        ]
        return np.vstack(parts)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._encode(texts)
