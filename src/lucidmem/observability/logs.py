"""Structured JSON logs with the seed's ``metric_type`` tags.

Every event is one JSON object per line on the ``lucidmem`` logger tree:
``{"ts", "level", "logger", "message", "metric_type", ...fields}``. Filter by
``metric_type`` to build dashboards (aico seed, "Monitoring Dashboard Queries"). A user is
named by ``user_hash`` (:func:`~lucidmem.observability.pseudonyms.pseudonym`), never by
id: :func:`log_metric` replaces a ``user_id`` field.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final

from ..errors import LucidmemError
from .pseudonyms import KEY_BYTES, pseudonym

__all__ = [
    "METRIC_TYPES",
    "JsonFormatter",
    "configure_logging",
    "log_metric",
    "metrics_logger",
    "use_log_key",
]

METRIC_TYPES: Final = (
    "behavioral_memory_selection",  # every skill selection (aico seed)
    "behavioral_memory_feedback",  # every feedback event (aico seed)
    "behavioral_memory_aggregate",  # hourly learning aggregates (aico seed)
    "behavioral_memory_performance",  # hourly latency aggregates (aico seed)
    "memory_search",  # every search / disclosure call (lucidmem)
    "memory_add",  # every add (lucidmem)
    "memory_context",  # every context assembly (lucidmem)
    "http_request",  # every REST request (lucidmem)
)
"""The ``metric_type`` values lucidmem logs; the first four are the seed's."""

_RESERVED = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message"}

metrics_logger = logging.getLogger("lucidmem.metrics")

_log_key_source: Callable[[], bytes] = functools.partial(secrets.token_bytes, KEY_BYTES)
"""Where the key of the pseudonyms in this process's log lines comes from; ``Memory`` sets
the deployment's (:func:`~lucidmem.observability.pseudonyms.deployment_log_key`)."""
_log_key: bytes | None = None


def use_log_key(source: Callable[[], bytes]) -> None:
    """Name users in this process's log lines by pseudonyms under the key ``source`` gives,
    asked for when the first such line is logged (so opening a memory writes no file)."""
    global _log_key, _log_key_source
    _log_key_source, _log_key = source, None


def _current_log_key() -> bytes:
    global _log_key
    if _log_key is None:
        try:
            _log_key = _log_key_source()
        except LucidmemError as exc:  # a log line must not fail the call it describes
            _log_key = secrets.token_bytes(KEY_BYTES)
            logging.getLogger("lucidmem").warning(
                "no log key (%s): users in this process's log lines get pseudonyms of a "
                "random key instead", exc)
    return _log_key


class JsonFormatter(logging.Formatter):
    """One JSON object per record; ``extra=`` fields become top-level keys."""

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _RESERVED and not key.startswith("_"):
                payload[key] = value
        if record.exc_info:
            payload["exception"] = self.formatException(record.exc_info)
        return json.dumps(payload, default=str, ensure_ascii=False)


def configure_logging(level: str = "INFO", stream: Any = None) -> logging.Handler:
    """Send the ``lucidmem`` logger tree to ``stream`` (stderr) as JSON lines."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("lucidmem")
    for old in [h for h in root.handlers if isinstance(h.formatter, JsonFormatter)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    root.propagate = False
    return handler


def log_metric(metric_type: str, message: str, **fields: Any) -> None:
    """Log one metric event (INFO) tagged with ``metric_type``; a ``user_id`` field is
    logged as ``user_hash``, its pseudonym."""
    if metrics_logger.isEnabledFor(logging.INFO):
        user_id = fields.pop("user_id", None)
        if user_id is not None:
            fields["user_hash"] = pseudonym(str(user_id), _current_log_key())
        metrics_logger.info(message, extra={**fields, "metric_type": metric_type})
