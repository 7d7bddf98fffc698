"""Prometheus metrics through the standard client library, one registry per app.

``lucidmem_http_requests_total{route,method,status}``,
``lucidmem_http_request_seconds{route,method}`` (histogram) and
``lucidmem_memory_operations_total{operation}``; served at ``/metrics``.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE_LATEST", "ServerMetrics"]

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class ServerMetrics:
    """The counters and histograms of one server (its own registry, so tests can make many)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("lucidmem_http_requests", "HTTP requests answered.",
                                ["route", "method", "status"], registry=self.registry)
        self.latency = Histogram("lucidmem_http_request_seconds", "HTTP request latency.",
                                 ["route", "method"], buckets=LATENCY_BUCKETS,
                                 registry=self.registry)
        self.operations = Counter("lucidmem_memory_operations", "Memory operations performed.",
                                  ["operation"], registry=self.registry)

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        """Record one answered request."""
        self.requests.labels(route, method, str(status)).inc()
        self.latency.labels(route, method).observe(seconds)

    def operation(self, name: str) -> None:
        """Count one memory operation (add, search, context, feedback, ...)."""
        self.operations.labels(name).inc()

    def exposition(self) -> bytes:
        """The registry in the Prometheus text format."""
        return generate_latest(self.registry)
