"""The API docs page (``/docs``), served offline: Swagger UI's files come from footfall itself.

FastAPI's own ``/docs`` loads Swagger UI from a CDN, so it is blank without the internet (a
table at a convention, a laptop on a train). footfall turns that page off and serves the same
Swagger UI from the ``swagger-ui-bundle`` package (docs/dependencies.md) under ``/docs/assets``;
the page names no external URL (tests/api/test_docs_page.py). ReDoc, CDN-only, is off.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

__all__ = ["add_docs"]


def add_docs(app: FastAPI) -> None:
    """Serve ``/docs`` (Swagger UI) and its assets from the installed bundle."""
    app.mount("/docs/assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        """The interactive API docs, every file served by footfall."""
        return get_swagger_ui_html(
            openapi_url="openapi.json",
            title="footfall API",
            swagger_js_url="docs/assets/swagger-ui-bundle.js",
            swagger_css_url="docs/assets/swagger-ui.css",
            swagger_favicon_url="docs/assets/favicon-32x32.png",
            swagger_ui_parameters={"validatorUrl": None},  # no badge fetched from swagger.io
        )
