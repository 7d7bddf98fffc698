"""Observability (M27): JSON logs with metric types, Prometheus metrics, hourly aggregates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aggregates import Aggregates, compute_aggregates, interactions_to_target, read_aggregates
from .logs import METRIC_TYPES, JsonFormatter, configure_logging, log_metric, use_log_key
from .pseudonyms import deployment_log_key, pseudonym

if TYPE_CHECKING:
    from .prometheus import ServerMetrics

__all__ = [
    "METRIC_TYPES",
    "Aggregates",
    "JsonFormatter",
    "ServerMetrics",
    "compute_aggregates",
    "configure_logging",
    "deployment_log_key",
    "interactions_to_target",
    "log_metric",
    "pseudonym",
    "read_aggregates",
    "use_log_key",
]

if not TYPE_CHECKING:  # prometheus_client is imported by the REST server only, on first use

    def __getattr__(name: str) -> Any:
        if name == "ServerMetrics":
            from .prometheus import ServerMetrics

            return ServerMetrics
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
