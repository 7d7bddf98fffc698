"""Transitional base of the capability mixins: every plumbing call goes to the
:class:`~lucidmem.kernel.Kernel`. Removed once every capability is a composed object."""

from __future__ import annotations

from collections.abc import Sequence

from .embedding import Embedder
from .kernel import Kernel, to_item
from .retrieval.hybrid import HybridRetriever
from .settings import Settings
from .store.base import Record, Store
from .types import StoreStats

__all__ = ["MemoryCore", "to_item"]


class MemoryCore:
    """Plumbing of the mixins, forwarded to ``self.kernel``."""

    kernel: Kernel

    @property
    def settings(self) -> Settings:
        return self.kernel.settings

    @property
    def embedder(self) -> Embedder:
        return self.kernel.embedder

    @property
    def _retriever(self) -> HybridRetriever:
        return self.kernel.index

    def store(self, context: str | None = None) -> Store:
        return self.kernel.store(context)

    def now(self) -> float:
        return self.kernel.now()

    def _context(self, context: str | None) -> str:
        return self.kernel.context_name(context)

    def _write(self, context: str | None, store: Store, user_id: str,
               records: Sequence[Record]) -> None:
        self.kernel.write(context, user_id, records)

    def _after_add(self, context: str, store: Store, user_id: str,
                   records: Sequence[Record]) -> None:
        """Hook run after turns are stored; capability mixins extend it (call super())."""

    def _before_delete_user(self, context: str, store: Store, user_id: str) -> None:
        """Hook run by ``delete_all`` inside its transaction (call super())."""

    def contexts(self) -> list[str]:
        return self.kernel.contexts()

    def stats(self, *, context: str | None = None) -> StoreStats:
        return self.kernel.stats(context)

    def close(self) -> None:
        self.kernel.close()
