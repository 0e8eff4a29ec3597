"""Assemble the footfall HTTP application: the routers, the error handlers, the body limit."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI

from footfall import __version__
from footfall.api import flight, forced, journeys, maps, meta, page, rates, scenes, tactical
from footfall.api import turns as encounters
from footfall.api.body import StrictJson
from footfall.api.body_limit import BodyLimit
from footfall.api.context import Context
from footfall.api.docs_page import add_docs
from footfall.api.errors import ERRORS, EXCEPTION_HANDLERS
from footfall.api.responses import JSON
from footfall.api.schema import document
from footfall.limits import SERVER_LIMITS, Limits

__all__ = ["create_app"]

#: The routers in the order their paths are matched and listed: the page's catch-all
#: ``/{asset}`` last, so that it never hides an API path.
ROUTERS = (
    meta.router,
    scenes.router,
    maps.router,
    tactical.router,
    forced.router,
    rates.router,
    flight.router,
    journeys.router,
    encounters.router,
    page.router,
)


def _no_telemetry() -> dict[str, Any]:
    """Return FastAPI's option turning its native OpenTelemetry off, where it has one.

    FastAPI 0.16x traces, meters and logs every request by default (through OpenTelemetry's
    global providers); footfall configures none, so that work is pure overhead: about a third
    of a trivial request's CPU time (docs/benchmarks-api.md). Older FastAPI has no option.
    """
    if "telemetry" not in inspect.signature(FastAPI.__init__).parameters:
        return {}
    off = {"tracing": False, "metrics": False, "logs": False, "operation_spans": False}
    return {"telemetry": off}


_NO_TELEMETRY = _no_telemetry()

#: The document's tags, in the order the docs page lists them (their words in other languages:
#: i18n/apidocs.toml, footfall.api.docs_page).
TAGS = [
    {"name": "general", "description": "The server, its limits and the systems it knows."},
    {"name": "scenes", "description": "Sample scenes, validation, import and pictures."},
    {
        "name": "tactical",
        "description": "Moves on the battle map: reach, paths, checks, forced movement.",
    },
    {"name": "rates", "description": "Movement rates and the systems' data tables."},
    {"name": "flight", "description": "D&D 3.5 flight by maneuverability class."},
    {"name": "journeys", "description": "Overland travel, routes and chases."},
    {"name": "encounters", "description": "Encounters played turn by turn."},
]


def create_app(
    *,
    limits: Limits | None = None,
    default_scene: str | None = None,
    default_mover: str | None = None,
    scenes: Mapping[str, Mapping[str, Any]] | None = None,
) -> FastAPI:
    """Build the footfall HTTP application.

    `limits` bounds every request (`footfall.limits.SERVER_LIMITS` by default; start from
    ``Limits.server(...)`` to change a few). `scenes` adds named scenes (already validated
    SCENE.md JSON, e.g. a file given to ``footfall serve --scene``) beside the shipped
    samples; `default_scene` names the scene the page opens first and `default_mover` the
    creature it selects there.

    >>> create_app().state.footfall.limits.walls
    5000
    """
    lim = limits or SERVER_LIMITS
    app = FastAPI(
        **_NO_TELEMETRY,
        docs_url=None,  # footfall serves /docs itself, offline (docs_page.py)
        redoc_url=None,
        title="footfall",
        version=__version__,
        summary="Exact movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e, Draw Steel.",
        description=(
            "Every endpoint returns the JSON of the matching `footfall ... --json` command. "
            'Errors are `{"error": "<one line>"}`: 400 bad input, 404 unknown sample, '
            "413 over a limit, 422 malformed request."
        ),
        openapi_tags=TAGS,
        default_response_class=JSON,
        responses=ERRORS,
        exception_handlers=EXCEPTION_HANDLERS,
    )
    app.state.footfall = Context.build(lim, scenes, default_scene, default_mover)
    document(app)  # the scene's schema and the refusals (footfall.api.schema)
    add_docs(app)  # before the page's catch-all /{asset}
    for router in ROUTERS:
        app.include_router(router)
    big = dict.fromkeys(maps.BIG_BODIES, lim.import_bytes)
    # StrictJson inside BodyLimit: a body's size is checked first.
    app.add_middleware(StrictJson, depth=lim.json_depth, seconds=lim.body_seconds)
    app.add_middleware(BodyLimit, limit=lim.body_bytes, paths=big)
    return app
