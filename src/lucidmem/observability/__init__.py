"""Observability (M27): JSON logs with metric types, Prometheus metrics, hourly aggregates."""

from __future__ import annotations

from .aggregates import Aggregates, compute_aggregates, interactions_to_target, read_aggregates
from .logs import METRIC_TYPES, JsonFormatter, configure_logging, log_metric
from .prometheus import ServerMetrics

__all__ = [
    "METRIC_TYPES",
    "Aggregates",
    "JsonFormatter",
    "ServerMetrics",
    "compute_aggregates",
    "configure_logging",
    "interactions_to_target",
    "log_metric",
    "read_aggregates",
]
