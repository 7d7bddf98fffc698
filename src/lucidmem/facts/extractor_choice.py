"""Which extractor ``memory.facts`` uses, from the settings."""

from __future__ import annotations

from lucidmem.embedding.base import Embedder
from lucidmem.facts.extractors import Extractor, OfflineExtractor
from lucidmem.facts.llm_extractor import LLMExtractor
from lucidmem.settings import FactSettings

__all__ = ["extractor_from_settings"]


def extractor_from_settings(settings: FactSettings,
                            embedder: Embedder | None = None) -> Extractor | None:
    """The extractor the settings ask for: the LLM one when ``base_url`` is set (or
    ``extractor="llm"``), none for ``extractor="none"``, else offline."""
    if settings.extractor == "none":
        return None
    if settings.extractor == "llm" or (settings.extractor == "auto" and settings.base_url):
        return LLMExtractor.from_settings(settings)
    return OfflineExtractor(include_assistant=settings.extract_assistant_turns,
                            embedder=embedder, remark_limit=settings.remark_limit)
