"""Entity tags for safe edits of one memory: the ``ETag`` of an item names its ``version``.

``GET /memories/{id}`` answers ``ETag: "3"`` for an item at version 3; ``PATCH`` with
``If-Match: "3"`` changes it only if it is still at version 3 (else 412). Pure functions;
the routes use them.
"""

from __future__ import annotations

__all__ = ["ANY", "etag", "matching_versions"]

ANY = "*"
"""``If-Match: *``: any existing version."""


def etag(version: int) -> str:
    """The strong entity tag of an item at ``version``."""
    return f'"{version}"'


def matching_versions(if_match: str) -> set[int] | None:
    """The versions an ``If-Match`` value accepts; None for ``*`` (any).

    Weak tags (``W/"3"``) never match (If-Match compares strongly, RFC 9110 §13.1.1), nor
    do tags that are not a version: both give an empty set, so the edit answers 412.
    """
    tags = [t.strip() for t in if_match.split(",") if t.strip()]
    if ANY in tags:
        return None
    versions = set()
    for tag in tags:
        inner = tag[1:-1] if len(tag) >= 2 and tag[0] == tag[-1] == '"' else ""
        if inner.isdigit() and inner.isascii():
            versions.add(int(inner))
    return versions
