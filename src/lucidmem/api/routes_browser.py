"""The memory browser (M26): a page at ``/browser`` over this app's own REST API.

Three static files shipped in the package (``lucidmem/api/browser/``): no build step, no
framework, no third-party code or fonts, nothing fetched from elsewhere. The page needs no
key to load; it asks for one and sends it only to ``/api/v1`` of the same origin. Served
with a strict Content-Security-Policy (scripts, styles and requests from this origin only),
and the script renders every stored value as text, never as HTML.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Final

from fastapi import APIRouter, Response
from fastapi.responses import RedirectResponse

__all__ = ["ASSETS", "SECURITY_HEADERS", "router"]

router = APIRouter(include_in_schema=False)

ASSETS: Final[dict[str, str]] = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
SECURITY_HEADERS: Final[dict[str, str]] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


@lru_cache(maxsize=len(ASSETS))
def _asset(name: str) -> bytes:
    return (resources.files("lucidmem.api") / "browser" / name).read_bytes()


def _serve(name: str) -> Response:
    return Response(_asset(name), media_type=ASSETS[name], headers=SECURITY_HEADERS)


@router.get("/browser")
def browser_root() -> RedirectResponse:
    """``/browser`` → ``/browser/`` so the page's relative base is the folder."""
    return RedirectResponse("/browser/", status_code=308)


@router.get("/browser/")
def browser_page() -> Response:
    """The memory browser page."""
    return _serve("index.html")


@router.get("/browser/app.js")
def browser_script() -> Response:
    return _serve("app.js")


@router.get("/browser/app.css")
def browser_style() -> Response:
    return _serve("app.css")
