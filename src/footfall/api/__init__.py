"""Serve footfall over HTTP: JSON endpoints for every feature, and the battle-map page.

`create_app()` builds a FastAPI application. Every endpoint returns the same JSON shape as the
matching CLI command's ``--json`` (SCENE.md for ``reach``/``path``/``check``, JOURNEY.md for
``travel``/``route``/``chase``); errors are ``{"error": "<one line>"}`` with the same message
the CLI prints after ``footfall: error:`` (plus ``code`` and ``field``, `footfall.api.errors`):

- `InputError` (bad value, unknown id, malformed scene) -> 400; an unknown sample scene -> 404;
- a request the schema rejects (malformed JSON, wrong type, missing field) -> 422;
- `LimitError` and a body over the limit -> 413;
- anything else -> 500 with a generic message: no traceback ever reaches a client.

No endpoint writes files. Limits (`footfall.limits.Limits`, the server's record
`Limits.server()`) bound the body, the map and the work per request. The page
(``footfall/web/``) is served at ``/`` and knows only this API.

The package, one module per concern:

- `app`: `create_app`, which assembles the routers and the middleware;
- one router per topic, each with its request models: `scenes` (samples, validation),
  `tactical` (reach, path, check), `rates` (rates, tables), `journeys` (travel, route,
  chase), `flight` (check, path, reach, stall; the choice of flight engine), `maps` (import,
  render), `meta` (health, limits, meta), `page` (the page's files);
- `schema` (the pieces of the request schema they share), `context` (the limits, named scenes
  and scene cache every endpoint receives as a FastAPI dependency), `work` (where a query is
  computed: on the event loop or off it), `bounds` (limits checked before parsing),
  `errors` (the error JSON and handlers), `body_limit` (the body-size middleware),
  `samples`, `scene_cache`, `responses`.

Importing the package is cheap: each name here is imported from its module the first time it
is used; `create_app` imports the routers, and a router's queries import the library they call
on their first request (start-up time: tests/test_startup.py, docs/benchmarks.md).

Example::

    from fastapi.testclient import TestClient
    client = TestClient(create_app())
    client.get("/api/health").json()    # {"ok": true, "version": "..."}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from footfall.lazy import facade

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
    from footfall.api.app import create_app
    from footfall.api.errors import ErrorBody, field_spelling
    from footfall.api.flight import (
        QUICK_PATH_WORK,
        FlightCheckQuery,
        FlightPathQuery,
        FlightQuery,
        FlightReachQuery,
        StallQuery,
    )
    from footfall.api.flight import _flight_setup as _flight_setup  # tests/api/test_flight.py
    from footfall.api.journeys import ChaseQuery, PartyMember, RouteQuery, TravelQuery
    from footfall.api.maps import ImportQuery, RenderQuery
    from footfall.api.samples import sample_scenes
    from footfall.api.scene_cache import SceneCache as _SceneCache  # noqa: F401  (tests/api/test_endpoints.py)
    from footfall.api.scenes import SceneBody
    from footfall.api.tactical import CheckQuery, PathQuery, TacticalQuery
    from footfall.limits import Limits

#: Each name and the module it comes from: imported the first time it is asked for (PEP 562),
#: so ``import footfall.api`` (or one of its modules, as ``footfall serve`` does) does not build
#: every router. `create_app` imports the routers.
_HOMES: dict[str, tuple[str, str]] = {
    "create_app": ("footfall.api.app", "create_app"),
    "ErrorBody": ("footfall.api.errors", "ErrorBody"),
    "field_spelling": ("footfall.api.errors", "field_spelling"),
    "QUICK_PATH_WORK": ("footfall.api.flight", "QUICK_PATH_WORK"),
    "FlightCheckQuery": ("footfall.api.flight", "FlightCheckQuery"),
    "FlightPathQuery": ("footfall.api.flight", "FlightPathQuery"),
    "FlightQuery": ("footfall.api.flight", "FlightQuery"),
    "FlightReachQuery": ("footfall.api.flight", "FlightReachQuery"),
    "StallQuery": ("footfall.api.flight", "StallQuery"),
    "_flight_setup": ("footfall.api.flight", "_flight_setup"),
    "ChaseQuery": ("footfall.api.journeys", "ChaseQuery"),
    "PartyMember": ("footfall.api.journeys", "PartyMember"),
    "RouteQuery": ("footfall.api.journeys", "RouteQuery"),
    "TravelQuery": ("footfall.api.journeys", "TravelQuery"),
    "ImportQuery": ("footfall.api.maps", "ImportQuery"),
    "RenderQuery": ("footfall.api.maps", "RenderQuery"),
    "sample_scenes": ("footfall.api.samples", "sample_scenes"),
    "_SceneCache": ("footfall.api.scene_cache", "SceneCache"),
    "SceneBody": ("footfall.api.scenes", "SceneBody"),
    "CheckQuery": ("footfall.api.tactical", "CheckQuery"),
    "PathQuery": ("footfall.api.tactical", "PathQuery"),
    "TacticalQuery": ("footfall.api.tactical", "TacticalQuery"),
    "Limits": ("footfall.limits", "Limits"),
}

__all__ = [
    "QUICK_PATH_WORK",
    "ChaseQuery",
    "CheckQuery",
    "ErrorBody",
    "FlightCheckQuery",
    "FlightPathQuery",
    "FlightQuery",
    "FlightReachQuery",
    "ImportQuery",
    "Limits",
    "PartyMember",
    "PathQuery",
    "RenderQuery",
    "RouteQuery",
    "SceneBody",
    "StallQuery",
    "TacticalQuery",
    "TravelQuery",
    "create_app",
    "field_spelling",
    "sample_scenes",
]


__getattr__, __dir__ = facade(__name__, _HOMES)
