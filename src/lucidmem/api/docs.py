"""``/docs`` (Swagger UI) and ``/redoc`` served from assets installed with the package.

The JavaScript and CSS come from the pinned ``fastapi-offline`` wheel (it ships Swagger UI
and ReDoc builds) and are served under ``/docs-assets``, so the pages work on a machine
with no internet access: nothing is loaded from a CDN or Google Fonts.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["ASSETS_URL", "install_docs"]

ASSETS_URL = "/docs-assets"


def _assets_dir() -> Path:
    return Path(str(files("fastapi_offline") / "static"))


def install_docs(app: FastAPI, *, title: str, openapi_url: str = "/openapi.json") -> None:
    """Mount the bundled assets and add ``/docs`` and ``/redoc`` to ``app``."""
    app.mount(ASSETS_URL, StaticFiles(directory=_assets_dir()), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{title} — API",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png")

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url, title=f"{title} — API",
            redoc_js_url=f"{ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{ASSETS_URL}/favicon.png", with_google_fonts=False)
