"""Calling capabilities that other mixins add to ``Memory`` without knowing their exact shape.

Context assembly, the REST API and the MCP server use facts, skills and
feedback when those land on ``Memory``; these helpers pass only the keyword
arguments a method accepts and read results that may be models, dataclasses
or mappings.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["call_with_supported", "capability", "field_of"]


def capability(obj: object, name: str) -> Callable[..., Any] | None:
    """The bound method ``name`` of ``obj`` when it exists and is callable, else ``None``."""
    method = getattr(obj, name, None)
    return method if callable(method) else None


def call_with_supported(fn: Callable[..., Any], **kwargs: Any) -> Any:
    """Call ``fn`` with those of ``kwargs`` its signature accepts (all, if it takes ``**kw``)."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return fn(**kwargs)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return fn(**kwargs)
    accepted = {
        k: v for k, v in kwargs.items()
        if k in params and params[k].kind is not inspect.Parameter.POSITIONAL_ONLY
    }
    return fn(**accepted)


def field_of(obj: object, *names: str) -> Any:
    """The first of ``names`` that ``obj`` has (attribute or key) with a non-None value."""
    for name in names:
        value = obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)
        if value is not None:
            return value
    return None
