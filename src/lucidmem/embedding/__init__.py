"""Embedders: the bundled default and an OpenAI-compatible client."""

from __future__ import annotations

from ..errors import ConfigurationError
from ..settings import Settings
from .base import Embedder, normalise_rows
from .e5 import E5Embedder
from .openai import OpenAICompatibleEmbedder

__all__ = ["E5Embedder", "Embedder", "OpenAICompatibleEmbedder", "embedder_from_settings",
           "normalise_rows"]


def embedder_from_settings(settings: Settings) -> Embedder:
    """The embedder the settings describe."""
    if settings.embedder == "openai":
        if not settings.embedding_base_url:
            raise ConfigurationError(
                "LUCIDMEM_EMBEDDER=openai needs LUCIDMEM_EMBEDDING_BASE_URL "
                "(e.g. http://localhost:11434/v1 for Ollama)."
            )
        key = settings.embedding_api_key
        return OpenAICompatibleEmbedder(
            settings.embedding_base_url,
            settings.embedding_model,
            api_key=key.get_secret_value() if key else None,
            batch_size=settings.embedding_batch_size,
            timeout=settings.embedding_timeout_seconds,
        )
    return E5Embedder(batch_size=settings.embedding_batch_size,
                      short_text_threads=settings.embedding_short_text_threads)
