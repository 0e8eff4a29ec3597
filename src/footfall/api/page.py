"""The battle-map page: ``footfall/web/``'s files, served at ``/`` (it knows only the API)."""

from __future__ import annotations

from importlib import resources
from types import MappingProxyType

from fastapi import APIRouter
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

__all__ = ["MEDIA_TYPES", "router"]

#: The page's files by extension, with the type they are served as.
MEDIA_TYPES = MappingProxyType(
    {
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".json": "application/json",
        ".png": "image/png",
        ".svg": "image/svg+xml",
    }
)

_WEB = resources.files("footfall") / "web"

#: The page's files, read once when the module loads.
_ASSETS = MappingProxyType(
    {e.name: e.read_bytes() for e in _WEB.iterdir() if e.name.endswith(tuple(MEDIA_TYPES))}
)

router = APIRouter(include_in_schema=False)


@router.get("/")
def index() -> Response:
    """Serve the page."""
    return Response(_ASSETS["index.html"], media_type="text/html; charset=utf-8")


# The page's files, one path segment each: a route, not a mount at "/", so that a wrong
# method on an API path still answers 405 with that path's own Allow header.
@router.get("/{asset}")
def asset(asset: str) -> Response:
    """Serve one of the page's files (404 for any other name)."""
    data = _ASSETS.get(asset)
    if data is None:
        raise StarletteHTTPException(404, "Not Found")
    media = next(m for ext, m in MEDIA_TYPES.items() if asset.endswith(ext))
    return Response(data, media_type=media, headers={"Cache-Control": "no-cache"})
