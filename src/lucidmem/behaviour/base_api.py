"""Plumbing shared by the behaviour mixins: the engine, writes without audit rows, metrics."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any, Final

from lucidmem.behaviour.engine import BehaviourEngine, Writer, shared_encoders
from lucidmem.behaviour.feedback_classifier import FEEDBACK_CATEGORIES, MAX_FEEDBACK_CHARS
from lucidmem.core import MemoryCore
from lucidmem.errors import InvalidInputError
from lucidmem.store.base import Record, Store

__all__ = ["METRICS_LOGGER", "BehaviourCore", "log_metric"]

METRICS_LOGGER: Final = logging.getLogger("lucidmem.metrics")
_ENGINE_LOCK = threading.Lock()


def log_metric(metric_type: str, message: str, fields: dict[str, Any]) -> None:
    """One INFO record on ``lucidmem.metrics``: ``extra={"metric": {...}, "metric_type": ...}``."""
    if METRICS_LOGGER.isEnabledFor(logging.INFO):
        metric = {**fields, "metric_type": metric_type}
        METRICS_LOGGER.info(message, extra={"metric": metric, "metric_type": metric_type})


class BehaviourCore(MemoryCore):
    """What every behaviour mixin needs from :class:`~lucidmem.core.MemoryCore`."""

    def _behaviour(self) -> BehaviourEngine:
        """This memory's engine (built on first use; its encoders are shared per process)."""
        engine: BehaviourEngine | None = self.__dict__.get("_behaviour_engine")
        if engine is None:
            with _ENGINE_LOCK:
                engine = self.__dict__.get("_behaviour_engine")
                if engine is None:
                    settings = self.settings.behaviour
                    engine = BehaviourEngine(shared_encoders(self.embedder),
                                             seed=settings.seed, strategy=settings.selection,
                                             trigger_half=settings.trigger_evidence_half)
                    self.__dict__["_behaviour_engine"] = engine
        return engine

    def _writer(self, context: str | None, store: Store, user_id: str) -> Writer:
        """Write behaviour records without audit rows (they change on every feedback)."""
        name = self._context(context)

        def write(records: Sequence[Record]) -> None:
            before = store.revision(user_id)
            store.put(records, audit=False)
            self._retriever.written(name, store, user_id, records, before)

        return write

    def _remove(self, context: str | None, store: Store, user_id: str,
                ids: Sequence[str]) -> int:
        """Delete records of one user and keep the retrieval index in step."""
        if not ids:
            return 0
        before = store.revision(user_id)
        removed = store.delete(user_id, list(ids), at=self.now())
        self._retriever.written(self._context(context), store, user_id, [], before,
                                removed=list(ids))
        return removed

    @staticmethod
    def _check_feedback(reward: object, reason: str | None,
                        free_text: str | None) -> tuple[int, str | None, str | None]:
        """Validate feedback arguments; returns (reward, reason, cleaned free text)."""
        if isinstance(reward, bool) or not isinstance(reward, int) or reward not in (-1, 0, 1):
            raise InvalidInputError(
                f"reward must be -1 (thumbs down), 0 (neutral) or 1 (thumbs up), got {reward!r}",
                field="reward")
        if reason is not None and reason not in FEEDBACK_CATEGORIES:
            raise InvalidInputError(
                f"reason {reason!r} is not a feedback category; use one of: "
                f"{', '.join(FEEDBACK_CATEGORIES)}", field="reason")
        if free_text is not None:
            if not isinstance(free_text, str):
                raise InvalidInputError("free_text must be text", field="free_text")
            if len(free_text) > MAX_FEEDBACK_CHARS:
                raise InvalidInputError(
                    f"free_text has {len(free_text)} characters; shorten it to "
                    f"{MAX_FEEDBACK_CHARS} or fewer", field="free_text")
            free_text = free_text.strip() or None
        return reward, reason, free_text

    def _check_message(self, message: object, field: str = "message") -> str:
        if not isinstance(message, str) or not message.strip():
            raise InvalidInputError(f"{field} must be non-empty text", field=field)
        limit = self.settings.max_message_chars
        if len(message) > limit:
            raise InvalidInputError(
                f"{field} has {len(message)} characters; the limit is {limit} "
                "(LUCIDMEM_MAX_MESSAGE_CHARS)", field=field)
        return message
