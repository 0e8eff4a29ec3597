"""Serve footfall over HTTP: JSON endpoints for every feature, and the battle-map page.

`create_app()` builds a FastAPI application. Every endpoint returns the same JSON shape as the
matching CLI command's ``--json`` (SCENE.md for ``reach``/``path``/``check``, JOURNEY.md for
``travel``/``route``/``chase``); errors are ``{"error": "<one line>"}`` with the same message
the CLI prints after ``footfall: error:``:

- `InputError` (bad value, unknown id, malformed scene) -> 400; an unknown sample scene -> 404;
- a request the schema rejects (malformed JSON, wrong type, missing field) -> 422;
- `LimitError` and a body over the limit -> 413;
- anything else -> 500 with a generic message: no traceback ever reaches a client.

No endpoint writes files. Limits (`Limits`) bound the body, the map and the work per request.
The page (``footfall/web/``) is served at ``/`` and knows only this API.

Example::

    from fastapi.testclient import TestClient
    client = TestClient(create_app())
    client.get("/api/health").json()    # {"ok": true, "version": "..."}
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from footfall import __version__
from footfall.dice import MAX_SEED
from footfall.errors import FootfallError, InputError, LimitError, Param, unknown
from footfall.flight.model import MAX_SINCE_FT
from footfall.flight.stall import MAX_FALL_ALT, MAX_REFLEX, MAX_ROUNDS, MIN_REFLEX
from footfall.i18n import Lang, parse_lang
from footfall.rates import MAX_BONUS, MAX_D20_SPEED
from footfall.travel import HOURS_IN_DAY, MAX_CON_MOD, MAX_CURRENT, MIN_CON_MOD

__all__ = ["Limits", "create_app", "sample_scenes"]

_log = logging.getLogger("footfall.api")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on one request: body size, map size and the work it may ask for."""

    body_bytes: int = 2_000_000
    """Largest request body accepted (413 beyond)."""
    import_bytes: int = 20_000_000
    """Largest body of ``/api/import`` and ``/api/render`` (a Universal VTT file, and a scene
    imported from one, carry their picture in base64)."""
    map_side: int = 500
    """Largest map width or height in squares (scenes and overland maps)."""
    creatures: int = 500
    """Most creatures in one scene."""
    walls: int = 5_000
    """Most thin walls in one scene."""
    path_squares: int = 2_000
    """Most squares in a path to check, or waypoints of a path."""
    path_work: int = 5_000_000
    """Most squares a ``/api/path`` request may search: its legs (waypoints + 1) times the
    map's squares, checked before searching (each leg is one search, up to the whole map:
    about 60 ms on a 500x500 map, so 20 legs there, 2000 waypoints on a 50x49 map)."""
    legs: int = 200
    """Most legs of a journey."""
    leg_distance: int = 10_000
    """Longest leg of a journey, in miles or km."""
    flight_work: int = 1_000_000
    """Most flight states a ``/api/flight/reach`` or ``/path`` search may expand: about a
    second's compiled search on a 2-core machine, enough for an 80-ft flyer of every class
    from 30 ft up in the open sky (the average one's 940,861 states, the most) and refusing
    the 3-D searches that take many seconds (docs/api.md, "Limits")."""
    flight_ends: int = 100_000
    """Most ends (square, altitude, facing) a ``/api/flight/reach`` answer may list: a free
    turner's search lists 8 facings a place, and writing 200,000 ends takes longer than the
    search (about 14 MB of JSON)."""
    scene_cache: int = 32
    """Parsed scenes kept for reuse (a page asks many questions of one scene); 0 = none."""


# ------------------------------------------------------------------------------ responses


class _JSON(JSONResponse):
    """JSON response written by the standard library (UTF-8, not ASCII-escaped)."""

    def render(self, content: Any) -> bytes:
        """Encode `content` compactly."""
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _error(status: int, message: str) -> _JSON:
    """Build the one error shape every endpoint uses."""
    return _JSON({"error": message}, status_code=status)


class ErrorBody(BaseModel):
    """Every error: one line, the same message the CLI prints after ``footfall: error:``."""

    error: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Bad input: the line names the bad value."},
    404: {"model": ErrorBody, "description": "Unknown sample scene or URL."},
    413: {"model": ErrorBody, "description": "Over a limit (body, map size, work)."},
    422: {"model": ErrorBody, "description": "Malformed request (JSON, types, fields)."},
    500: {"model": ErrorBody, "description": "Internal error (never details)."},
}


class _NotFound(InputError):
    """An unknown resource named in the URL (a sample scene): 404."""


# ------------------------------------------------------------------------------ body limit


class _BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, before any endpoint reads them.

    A pure ASGI middleware (cheaper than Starlette's ``BaseHTTPMiddleware`` on the hot path):
    a declared ``Content-Length`` over the limit is refused at once; a body without one
    (chunked) is read here, counted as it arrives, and refused as soon as it passes the limit.
    """

    def __init__(self, app: ASGIApp, limit: int, paths: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.default = limit
        self.paths = dict(paths or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or answer 413 when its body is too large."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope.get("path", ""), self.default)
        declared: int | None = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
        if declared is not None:
            # The server frames the body by Content-Length: it cannot be longer than declared.
            if declared > limit:
                message = f"request body of {declared} bytes is over the limit of {limit} bytes"
                await _error(413, message)(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        # No length (chunked): read the body here, counting, then hand it on.
        chunks: list[bytes] = []
        received = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                await self.app(scope, receive, send)  # disconnected: let the app see it
                return
            chunk = msg.get("body", b"")
            received += len(chunk)
            if received > limit:
                # Chunked: the whole size is unknown; say how much came before it stopped.
                message = (
                    f"request body of at least {received} bytes is over the limit of {limit} bytes"
                )
                await _error(413, message)(scope, receive, send)
                return
            chunks.append(chunk)
            more = bool(msg.get("more_body", False))
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


_MEDIA_TYPES_BY_EXT = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
_MEDIA_TYPES = tuple(_MEDIA_TYPES_BY_EXT)


# ------------------------------------------------------------------------------ request models


class _Model(BaseModel):
    """A request body: unknown keys are an error, as in the scene format; no type coercion
    (``false`` is not 0, ``"3"`` is not 3)."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: ``[x, y]`` and ``[x, y, alt]`` as JSON arrays (strict models take lists, not tuples).
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
Triple = Annotated[list[int], Field(min_length=3, max_length=3)]

_LANG_DOC = "Language of messages and labels: en, ru or zh."
_LANG_ENUM: dict[str, Any] = {"enum": ["en", "ru", "zh"]}
_SCENE_DOC = "A scene in SCENE.md's JSON format."


class TacticalQuery(_Model):
    """The common part of ``reach``, ``path`` and ``check``: scene, mover and action."""

    scene: dict[str, Any] = Field(description=_SCENE_DOC)
    mover: str = Field(description="Id of the creature that moves.")
    action: str | None = Field(None, description="Action id (the system's default if absent).")
    distance: int | None = Field(
        None, ge=0, le=10_000, description="Granted distance N (drawsteel shift, 'move up to N')."
    )
    interpretations: dict[str, str] = Field(
        default_factory=dict, description="Interpretation switches of RULES.md: name -> choice."
    )
    flying: bool | None = Field(
        None, description="Move by flight (a creature with 'fly'); default: walk."
    )
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class PathQuery(TacticalQuery):
    """``path``: a cheapest legal path to `to`, optionally through waypoints `via`."""

    to: Pair = Field(description="Target square [x, y].")
    via: list[Pair] = Field(default_factory=list, description="Waypoints [[x, y]].")


class CheckQuery(TacticalQuery):
    """``check``: the squares after the start, in order."""

    path: list[Pair] = Field(description="Squares after the start, [[x, y], ...].")


class RenderQuery(_Model):
    """``render``: a scene as a PNG, with a mover's reach (and a path) drawn on it."""

    scene: dict[str, Any] = Field(description=_SCENE_DOC)
    mover: str | None = Field(None, description="Creature whose reach to draw.")
    action: str | None = Field(None, description="Action id (the system's default if absent).")
    to: Pair | None = Field(None, description="Draw the cheapest path to [x, y].")
    distance: int | None = Field(None, ge=0, le=10_000, description="Granted distance N.")
    interpretations: dict[str, str] = Field(default_factory=dict, description="RULES.md switches.")
    flying: bool | None = Field(None, description="Move by flight; default: the library's.")
    cell: int | None = Field(None, ge=8, le=200, description="Pixels a square (default 40).")
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class FlightQuery(_Model):
    """A D&D 3.5 flyer: from a scene's creature, or a speed and class in the open sky."""

    scene: dict[str, Any] | None = Field(None, description="A dnd35 scene (or none: open sky).")
    mover: str | None = Field(None, description="Id of the flying creature in the scene.")
    speed: int | None = Field(None, ge=0, le=1_000, description="Fly speed, ft (open sky).")
    maneuverability: str | None = Field(
        None, description="perfect, good, average, poor or clumsy (open sky)."
    )
    alt: int | None = Field(None, ge=0, le=MAX_FALL_ALT, description="Starting altitude, ft.")
    facing: str = Field("N", description="Starting facing: N NE E SE S SW W NW.")
    action: str = Field("move", description="move or double-move.")
    since_turn: int = Field(0, ge=0, le=MAX_SINCE_FT, description="Ft flown since the last turn.")
    since_dive: int | None = Field(
        None, ge=0, le=MAX_SINCE_FT, description="Ft of level flight since a descent just before."
    )
    interpretations: dict[str, str] = Field(
        default_factory=dict,
        description="Flight switches of RULES.md (flight_turn_credit, flight_climb_cost), "
        "as the CLI's --switch.",
    )
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class FlightReachQuery(FlightQuery):
    """``fly reach``: every (square, altitude, facing) a flyer can end in."""

    alt_range: Pair | None = Field(
        None,
        description="Keep the flight between [low, high] ft around the start (the CLI's "
        "--alt-range; also keeps a search small).",
    )


class FlightCheckQuery(FlightQuery):
    """``fly check``: a flight given as steps (``"f2 r90 d10"``) or 3-D squares."""

    steps: str | None = Field(None, max_length=10_000, description="Steps, e.g. 'f2 r90 d10'.")
    path: str | None = Field(None, max_length=10_000, description="'X,Y,ALT X,Y,ALT ...'.")
    reflex: int = Field(
        0, ge=MIN_REFLEX, le=MAX_REFLEX, description="Reflex save bonus (stall odds)."
    )


class FlightPathQuery(FlightReachQuery):
    """``fly path``: a cheapest legal flight ending at a square and altitude."""

    to: Triple = Field(description="Where to end: [x, y, alt].")
    end_facing: str | None = Field(None, description="Facing wanted at the end (any if absent).")


class StallQuery(_Model):
    """``fly stall``: a stall's fall round by round and the DC 20 Reflex odds."""

    alt: int = Field(ge=0, le=MAX_FALL_ALT, description="Altitude of the stall, ft.")
    reflex: int = Field(0, ge=MIN_REFLEX, le=MAX_REFLEX, description="Reflex save bonus.")
    rounds: int | None = Field(None, ge=1, le=MAX_ROUNDS, description="Odds of recovering by then.")
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class SceneBody(_Model):
    """A scene to validate and normalise."""

    scene: dict[str, Any] = Field(description=_SCENE_DOC)
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class ImportQuery(_Model):
    """``import``: a Universal VTT or Foundry VTT scene file's JSON, made a footfall scene."""

    data: dict[str, Any] = Field(description="The map file's JSON document.")
    system: str = Field(description="System of the scene to make: pf1e, dnd35, dh2e, drawsteel.")
    name: str | None = Field(
        None, max_length=255, description="The file's name; its extension tells the format."
    )
    format: str | None = Field(None, description="uvtt or foundry (told from the file if absent).")
    terrain: list[str] | None = Field(
        None, description="Optional terrain overlay: map rows of the same size, SCENE.md chars."
    )
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class PartyMember(_Model):
    """One member of a party on foot (the CLI's ``--member``): its own checks and speed."""

    name: str = Field(max_length=100, description="The member's name (unique in the party).")
    con_mod: int | None = Field(
        None, description="Constitution modifier (pf1e/dnd35 forced-march checks)."
    )
    speed: int | None = Field(None, description="Speed in ft; the slowest member sets the pace.")
    toughness: int | None = Field(None, description="dh2e Toughness characteristic (0-100).")
    toughness_bonus: int | None = Field(
        None, description="dh2e Toughness Bonus (default: the tens of toughness)."
    )
    agility_bonus: int | None = Field(None, description="dh2e Agility Bonus (sets the pace).")


class TravelQuery(_Model):
    """``travel``: legs, the party (or mount, vehicle, vessel) and the pace (JOURNEY.md)."""

    system: str = Field("pf1e", description="pf1e, dnd35 or dh2e.")
    legs: list[str | dict[str, Any]] = Field(
        description='Legs as "24 mi forest trackless" / "12 km dense", or '
        '{"distance", "terrain", "road"} / {"distance", "dense"} objects.'
    )
    unit: str | None = Field(None, description="Unit of legs that give none: mi or km.")
    speed: int | None = Field(None, description="Speed in ft of a lone traveller (pf1e/dnd35).")
    speeds: list[int] = Field(
        default_factory=list, description="Speeds of the party; the slowest sets the pace."
    )
    mount: str | None = Field(None, description="A mount or land vehicle of the system's table.")
    loaded: bool = Field(False, description="Use the mount's loaded row.")
    vessel: str | None = Field(None, description="A vessel of the system's table.")
    current: float | None = Field(None, ge=0, le=MAX_CURRENT, description="River current, mi/h.")
    flow: str = Field("none", description="none, downstream or upstream.")
    drift: bool = Field(False, description="Rowed vessels drift downstream after rowing.")
    tow: bool = Field(False, description="Towed from the bank (upstream).")
    hustle: int = Field(
        0, ge=0, le=HOURS_IN_DAY, description="Hustle the first H hours of each day."
    )
    forced_march: int = Field(0, ge=0, le=16, description="March H hours past the 8 of a day.")
    con_mod: int = Field(
        0, ge=MIN_CON_MOD, le=MAX_CON_MOD, description="Constitution modifier (odds, rolls)."
    )
    agility_bonus: int | None = Field(None, ge=0, le=MAX_BONUS, description="dh2e Agility Bonus.")
    toughness_bonus: int | None = Field(
        None, ge=0, le=MAX_BONUS, description="dh2e Toughness Bonus."
    )
    toughness: int | None = Field(None, description="dh2e Toughness characteristic (odds).")
    party: list[PartyMember] | None = Field(
        None,
        max_length=1_000,
        description="Members of a party on foot, each with its own checks (the CLI's "
        "--member): odds per member and for anyone; the library refuses over 20.",
    )
    metric: bool = Field(False, description="pf1e/dnd35: give distances in km.")
    interpretations: dict[str, str] = Field(
        default_factory=dict, description="Switches of RULES.md, e.g. forced_march_dc."
    )
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="Roll every check.")
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class RouteQuery(_Model):
    """``route``: the fastest overland route across a terrain map (JOURNEY.md ``route``)."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    system: str = Field("pf1e", description="pf1e, dnd35 or dh2e.")
    map: str | dict[str, Any] | None = Field(
        None, description="The map: its text format, or its JSON document (docs/travel.md)."
    )
    sample: str | None = Field(None, max_length=100, description="A shipped map: valley, hexes.")
    start: Pair = Field(alias="from", description="Start cell [x, y].")
    goal: Pair = Field(alias="to", description="Goal cell [x, y].")
    speed: int | None = Field(None, description="Speed in ft (pf1e/dnd35).")
    speeds: list[int] = Field(default_factory=list, description="Party speeds; slowest counts.")
    mount: str | None = Field(None, description="A mount or land vehicle of the system's table.")
    loaded: bool = Field(False, description="Use the mount's loaded row.")
    agility_bonus: int | None = Field(None, ge=0, le=MAX_BONUS, description="dh2e Agility Bonus.")
    metric: bool = Field(False, description="pf1e/dnd35: give distances in km.")
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


class ChaseQuery(_Model):
    """``chase``: pursuer and quarry (speed, Dexterity and Constitution modifiers)."""

    system: str = "pf1e"
    pursuer: str = Field(description='"speed=30,dex=+2,con=+1"')
    quarry: str = Field(description='"speed=30,dex=+3"')
    scale: str = Field("tactical", description="tactical (opposed Dex) or overland (opposed Con).")
    chase_tie: str | None = Field(None, description="Interpretation switch: pursuer | opposed.")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="Roll with this seed.")
    lang: str = Field("en", description=_LANG_DOC, json_schema_extra=_LANG_ENUM)


# ------------------------------------------------------------------------------ helpers


def _lang(value: str) -> Lang:
    """Parse a language, as the CLI's ``--lang`` does."""
    return parse_lang(value)


def _check_map_size(data: Mapping[str, Any], limits: Limits, what: str = "map") -> None:
    """Refuse a map wider or taller than the limit before any parsing work is done."""
    rows = data.get("map")
    if not isinstance(rows, list):
        return  # the parser says what is wrong
    height = len(rows)
    width = max([len(r) for r in rows if isinstance(r, str)], default=0)
    if height > limits.map_side or width > limits.map_side:
        raise LimitError(
            f"{what} is {width}x{height} squares, over the limit of "
            f"{limits.map_side}x{limits.map_side}"
        )


def _check_scene_limits(data: Mapping[str, Any], limits: Limits) -> None:
    """Refuse scenes over the map, creature and wall limits."""
    _check_map_size(data, limits)
    for key, most in (("creatures", limits.creatures), ("walls", limits.walls)):
        items = data.get(key)
        if isinstance(items, list) and len(items) > most:
            raise LimitError(f"scene has {len(items)} {key}, over the limit of {most}")


@lru_cache(maxsize=1)
def _sample_texts() -> dict[str, str]:
    """Return the JSON text of each sample scene shipped in ``footfall/scenes/``, by name."""
    folder = resources.files("footfall") / "scenes"
    texts = {
        e.name[: -len(".json")]: e.read_text(encoding="utf-8")
        for e in folder.iterdir()
        if e.name.endswith(".json")
    }
    return dict(sorted(texts.items()))


def sample_scenes() -> dict[str, dict[str, Any]]:
    """Return the sample scenes shipped with footfall, name -> SCENE.md JSON (a fresh copy)."""
    return {name: json.loads(text) for name, text in _sample_texts().items()}


class _SceneCache:
    """Parsed scenes by their canonical JSON, least recently used dropped first.

    A page asks many questions of one scene (reach after each edit, a path under the pointer
    at every move): parsing it once, and handing the library the same `Scene` object, lets
    the tactical engine reuse its per-scene precomputation. Scenes are frozen, so sharing one
    between requests is safe.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.scenes: OrderedDict[str, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, data: Mapping[str, Any]) -> Any:
        """Return the parsed scene of `data` (raising the parser's error when it is bad)."""
        from footfall.scene import parse_scene

        if self.size <= 0:
            return parse_scene(data)
        key = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        with self.lock:
            hit = self.scenes.get(key)
            if hit is not None:
                self.scenes.move_to_end(key)
                return hit
        scene = parse_scene(data)
        with self.lock:
            self.scenes[key] = scene
            while len(self.scenes) > self.size:
                self.scenes.popitem(last=False)
        return scene


# ------------------------------------------------------------------------------ the app


def create_app(
    *,
    limits: Limits | None = None,
    default_scene: str | None = None,
    default_mover: str | None = None,
    scenes: Mapping[str, Mapping[str, Any]] | None = None,
) -> FastAPI:
    """Build the footfall HTTP application.

    `limits` bounds every request (`Limits()` by default). `scenes` adds named scenes (already
    validated SCENE.md JSON, e.g. a file given to ``footfall serve --scene``) beside the
    shipped samples; `default_scene` names the scene the page opens first and `default_mover`
    the creature it selects there.
    """
    lim = limits or Limits()
    extra: dict[str, dict[str, Any]] = {k: dict(v) for k, v in (scenes or {}).items()}
    app = FastAPI(
        **_NO_TELEMETRY,
        title="footfall",
        version=__version__,
        summary="Exact movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e, Draw Steel.",
        description=(
            "Every endpoint returns the JSON of the matching `footfall ... --json` command. "
            'Errors are `{"error": "<one line>"}`: 400 bad input, 404 unknown sample, '
            "413 over a limit, 422 malformed request."
        ),
        default_response_class=_JSON,
        responses=_ERRORS,
    )
    _install_errors(app)

    def scene_names() -> list[str]:
        return sorted({*_sample_texts(), *extra})

    def scene_data(name: str) -> dict[str, Any]:
        if name in extra:
            return extra[name]
        text = _sample_texts().get(name)
        if text is None:
            raise _NotFound(str(unknown("scene", name, scene_names())))
        data: dict[str, Any] = json.loads(text)
        return data

    scene_cache = _SceneCache(lim.scene_cache)

    def parse(data: Mapping[str, Any]) -> Any:
        _check_scene_limits(data, lim)
        return scene_cache.get(data)

    # -------------------------------------------------------------- general

    @app.get("/api/health", tags=["general"])
    def health() -> Any:
        """Say the server is up, with footfall's version."""
        return {"ok": True, "version": __version__}

    @app.get("/api/limits", tags=["general"])
    def limits_() -> Any:
        """List the limits every request is held to."""
        return asdict(lim)

    @app.get("/api/meta", tags=["general"])
    def meta(
        lang: Annotated[str, Query(description=_LANG_DOC, json_schema_extra=_LANG_ENUM)] = "en",
    ) -> Any:
        """Describe the systems (actions, sizes, switches), the default legend and limits.

        The page builds its menus from this; programs may too.
        """
        return _meta(_lang(lang), lim, default_scene, default_mover)

    # -------------------------------------------------------------- scenes

    @app.get("/api/scenes", tags=["scenes"])
    def scenes_list() -> Any:
        """List the sample scenes (and any scene the server was started with).

        The shape of ``footfall scenes --json``: name, system, size [w, h], creature ids, title.
        """
        return [_scene_entry(name, scene_data(name)) for name in scene_names()]

    # Before "/api/scenes/{name}": a wrong method on this path must say Allow: POST.
    @app.post("/api/scenes/validate", tags=["scenes"])
    def scenes_validate(body: SceneBody) -> Any:
        """Validate a scene and return it normalised (as ``footfall`` would write it)."""
        from footfall.scene import scene_to_json

        _lang(body.lang)
        return {"scene": scene_to_json(parse(body.scene))}

    @app.get("/api/scenes/{name}", tags=["scenes"])
    def scenes_get(name: Annotated[str, Path(max_length=100)]) -> Any:
        """Return one sample scene as SCENE.md JSON."""
        return scene_data(name)

    @app.post("/api/import", tags=["scenes"])
    def import_(body: ImportQuery) -> Any:
        """Import a Universal VTT (.dd2vtt/.uvtt/.df2vtt) or Foundry scene as a footfall scene.

        The background image is embedded in the scene as a data URL; nothing is written.
        Whatever the file holds that footfall cannot use is listed in ``warnings``.
        """
        from footfall.imports import detect_format, import_map
        from footfall.scene import scene_to_json

        _lang(body.lang)
        if body.terrain is not None:
            _check_map_size({"map": body.terrain}, lim, "terrain overlay")
        fmt = body.format or detect_format(body.name, body.data)
        raw = json.dumps(body.data).encode("utf-8")
        imported = import_map(
            raw, system=body.system, terrain=body.terrain, fmt=fmt, name=body.name
        )
        result = imported.embedded()
        scene = result.scene
        if scene.width > lim.map_side or scene.height > lim.map_side:
            raise LimitError(
                f"imported map is {scene.width}x{scene.height} squares, over the limit of "
                f"{lim.map_side}x{lim.map_side}"
            )
        # Every other endpoint refuses a scene over these: do not hand one out.
        for what, count, most in (
            ("walls", len(scene.walls), lim.walls),
            ("creatures", len(scene.creatures), lim.creatures),
        ):
            if count > most:
                raise LimitError(f"imported scene has {count} {what}, over the limit of {most}")
        return {"scene": scene_to_json(scene), "warnings": list(result.warnings)}

    @app.post(
        "/api/render",
        tags=["scenes"],
        response_class=Response,
        responses={200: {"content": {"image/png": {}}, "description": "The picture (PNG)."}},
    )
    def render_(body: RenderQuery) -> Response:
        """Draw a scene as a PNG (``footfall render``): reach by cost band, a path, a legend.

        A background given as a file path is not read (the server reads no files a request
        names); an embedded ``data:`` picture is drawn.
        """
        return Response(_render(body, parse(body.scene)), media_type="image/png")

    # -------------------------------------------------------------- tactical

    _install_tactical(app, lim, parse)

    # -------------------------------------------------------------- rates

    @app.get("/api/rates/{system}", tags=["rates"])
    def rates_(
        system: Annotated[str, Path(max_length=40)],
        speed: Annotated[int | None, Query(ge=0, le=MAX_D20_SPEED)] = None,
        agility_bonus: Annotated[int | None, Query(ge=0, le=MAX_BONUS)] = None,
        armor: str = "none",
        load: str = "light",
        metric: bool = False,
        lang: Annotated[str, Query(description=_LANG_DOC, json_schema_extra=_LANG_ENUM)] = "en",
    ) -> Any:
        """Rates per round, minute, hour and day (``footfall rates SYSTEM --json``)."""
        from footfall.rates import rates

        _lang(lang)
        result = rates(
            system,
            speed=speed,
            agility_bonus=agility_bonus,
            armor=armor,
            load=load,
            metric=metric,
        )
        return result.to_json()

    @app.get("/api/tables/{system}", tags=["rates"])
    def tables_list(
        system: Annotated[str, Path(max_length=40)],
        lang: Annotated[str, Query(description=_LANG_DOC, json_schema_extra=_LANG_ENUM)] = "en",
    ) -> Any:
        """List the data tables of a system, with their titles and sources."""
        from footfall.rules import load_system
        from footfall.tables import table_ids, table_view

        language = _lang(lang)
        rules = load_system(system)
        views = [table_view(rules, table_id) for table_id in table_ids(rules)]
        return {
            "system": rules.id,
            "tables": [
                {
                    "table": v.id,
                    "title": v.names.get(language),
                    "source": {"document": v.source.document, "table": v.source.table},
                }
                for v in views
            ],
        }

    @app.get("/api/tables/{system}/{table}", tags=["rates"])
    def tables_get(
        system: Annotated[str, Path(max_length=40)],
        table: Annotated[str, Path(max_length=80)],
        lang: Annotated[str, Query(description=_LANG_DOC, json_schema_extra=_LANG_ENUM)] = "en",
    ) -> Any:
        """One data table (``footfall tables SYSTEM TABLE --json``), translated."""
        from footfall.rules import load_system
        from footfall.tables import table_view

        language = _lang(lang)
        return table_view(load_system(system), table).to_json(language)

    # -------------------------------------------------------------- flight

    @app.post("/api/flight/check", tags=["flight"])
    def flight_check(body: FlightCheckQuery) -> Any:
        """Check a flight: cost and every maneuverability rule broken (``fly check --json``)."""
        from footfall.flight import check, parse_squares, parse_steps
        from footfall.flight.report import check_json

        language = _lang(body.lang)
        system, flyer, air, start, name, budget = _flight_setup(body, parse)
        if (body.steps is None) == (body.path is None):
            raise InputError("give exactly one of 'steps' and 'path'")
        if body.steps is not None:
            parsed = parse_steps(body.steps)
        else:
            parsed = parse_squares(body.path or "", flyer, start)
        result = check(
            flyer,
            start,
            parsed,
            system=system,
            budget_ft=budget,
            space=air,
            reflex=body.reflex,
            lang=language,
        )
        return check_json(name, body.action, result)

    @app.post("/api/flight/path", tags=["flight"])
    def flight_path(body: FlightPathQuery) -> Any:
        """A cheapest legal flight to a square and altitude (``fly path --json``)."""
        from footfall.flight import check, parse_direction, parse_steps
        from footfall.flight.model import switch_choices
        from footfall.flight.reach import format_steps
        from footfall.flight.report import check_json
        from footfall.i18n import t

        language = _lang(body.lang)
        system, flyer, air, start, name, budget = _flight_setup(body, parse)
        tx, ty, talt = body.to
        _check_flight_target(air, tx, ty, talt)
        want = None if body.end_facing is None else parse_direction(body.end_facing)
        found = _fly_path(flyer, start, (tx, ty, talt), want, system, budget, air, lim)
        if found is None:
            return {
                "mover": name,
                "action": body.action,
                "to": [tx, ty],
                "alt": talt,
                "found": False,
                "budget": budget,
                "unit": "ft",
                "reason": t("flight.label.not_found", language, budget=budget),
                "switches": switch_choices(flyer),
            }
        text = format_steps(found.steps)
        result = check(flyer, start, parse_steps(text), system=system, budget_ft=budget, space=air)
        out = check_json(name, body.action, result)
        out.update({"to": [tx, ty], "alt": talt, "found": True, "steps": text})
        return out

    @app.post("/api/flight/reach", tags=["flight"])
    def flight_reach(body: FlightReachQuery) -> Any:
        """Where a flyer can end its move: square, altitude, facing (``fly reach --json``)."""
        from footfall.flight.reach import reach as fly_reach
        from footfall.flight.report import reach_json

        _lang(body.lang)
        system, flyer, air, start, name, budget = _flight_setup(body, parse)
        result = fly_reach(
            flyer, start, system=system, budget_ft=budget, space=air, max_work=lim.flight_work
        )
        if len(result.entries) > lim.flight_ends:
            raise LimitError(
                f"this flight reach has {len(result.entries)} ends (square, altitude, facing), "
                f"over the limit of {lim.flight_ends}; ask for a narrower 'alt_range' or a "
                "shorter movement, or use footfall fly reach"
            )
        return reach_json(name, body.action, result)

    @app.post("/api/flight/stall", tags=["flight"])
    def flight_stall(body: StallQuery) -> Any:
        """A stall: each round's fall, the DC 20 Reflex odds, the damage (``fly stall``)."""
        from footfall.flight import stall
        from footfall.flight.report import stall_json
        from footfall.flight.space import flight_system

        _lang(body.lang)
        system = flight_system("dnd35")
        assert system.flight is not None
        fall = stall(body.alt, body.reflex, system.flight.stall)
        out = stall_json(fall)
        if body.rounds is not None:
            out["within"] = {
                "rounds": body.rounds,
                "p_recover": str(fall.p_recover_within(body.rounds)),
            }
        return out

    # -------------------------------------------------------------- journeys

    @app.post("/api/travel", tags=["journeys"])
    def travel_(body: TravelQuery) -> Any:
        """Plan a journey day by day, with hustle, forced march and fatigue odds (JOURNEY.md)."""
        return _travel(body, lim)

    @app.post("/api/route", tags=["journeys"])
    def route_(body: RouteQuery) -> Any:
        """The fastest route across a terrain map; its legs feed ``/api/travel`` unchanged."""
        return _route(body, lim)

    @app.post("/api/chase", tags=["journeys"])
    def chase_(body: ChaseQuery) -> Any:
        """Who gets away: exact odds and an optional seeded roll (JOURNEY.md ``chase``)."""
        from footfall import chase

        _lang(body.lang)
        chase.require_chase_rules(body.system)
        pursuer = chase.parse_runner(body.pursuer, "pursuer")
        quarry = chase.parse_runner(body.quarry, "quarry")
        scale = _enum(chase.Scale, body.scale, "scale")
        tie = _tie(body.system, body.chase_tie)
        result = chase.chase(pursuer, quarry, scale, tie, system=body.system, seed=body.seed)
        return result.to_json()

    # -------------------------------------------------------------- the page

    web = resources.files("footfall") / "web"
    assets = {e.name: e.read_bytes() for e in web.iterdir() if e.name.endswith(_MEDIA_TYPES)}

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        return Response(assets["index.html"], media_type="text/html; charset=utf-8")

    # The page's files, one path segment each: a route, not a mount at "/", so that a wrong
    # method on an API path still answers 405 with that path's own Allow header.
    @app.get("/{asset}", include_in_schema=False)
    def asset(asset: str) -> Response:
        data = assets.get(asset)
        if data is None:
            raise StarletteHTTPException(404, "Not Found")
        media = next(m for ext, m in _MEDIA_TYPES_BY_EXT.items() if asset.endswith(ext))
        return Response(data, media_type=media, headers={"Cache-Control": "no-cache"})

    big = {"/api/import": lim.import_bytes, "/api/render": lim.import_bytes}
    app.add_middleware(_BodyLimit, limit=lim.body_bytes, paths=big)
    return app


def _travel(body: TravelQuery, lim: Limits) -> Any:
    """Plan the journey of a ``/api/travel`` request within the limits."""
    from footfall import travel
    from footfall.rules import load_system

    _lang(body.lang)
    if len(body.legs) > lim.legs:
        raise LimitError(f"{len(body.legs)} legs, over the limit of {lim.legs}")
    system = load_system(body.system)
    document: dict[str, object] = {"legs": list(body.legs)}
    if body.unit is not None:
        document["unit"] = body.unit
    legs = travel.parse_journey(document, system).legs
    unit = travel.system_unit(system)
    for i, leg in enumerate(legs, 1):
        if leg.distance > lim.leg_distance:
            raise LimitError(
                f"leg {i} is {travel.num(leg.distance)} {unit} long, over the limit of "
                f"{lim.leg_distance} {unit}"
            )
    speeds = tuple(body.speeds) + ((body.speed,) if body.speed is not None else ())
    who = travel.Traveller(
        speeds=speeds,
        mount=body.mount,
        loaded=body.loaded,
        vessel=body.vessel,
        current=None if body.current is None else Fraction(str(body.current)),
        flow=_enum(travel.Flow, body.flow, "flow"),
        drift=body.drift,
        tow=body.tow,
        agility_bonus=body.agility_bonus,
        toughness_bonus=body.toughness_bonus,
        toughness=body.toughness,
        con_mod=body.con_mod,
        party=_party(body.party),
    )
    journey = travel.plan_journey(
        body.system,
        legs,
        who,
        hustle=body.hustle,
        forced_march=body.forced_march,
        switches=body.interpretations,
        seed=body.seed,
        metric=body.metric,
    )
    return journey.to_json()


def _party(members: list[PartyMember] | None) -> Any:
    """Return the party of a ``/api/travel`` request as the library's members (or none)."""
    from footfall import travel

    if members is None:
        return ()
    return travel.parse_party([m.model_dump(exclude_none=True) for m in members])


def _flight_setup(body: FlightQuery, parse: Callable[[Mapping[str, Any]], Any]) -> Any:
    """Return system, flyer, airspace, start state, name and budget (as ``footfall fly``)."""
    from footfall.flight import (
        FLIGHT_ACTIONS,
        OPEN_SKY,
        Airspace,
        FlightState,
        parse_direction,
        with_switches,
    )
    from footfall.flight.space import SceneAirspace, flight_system, flyer_of, scene_flyer

    if body.action not in FLIGHT_ACTIONS:
        raise unknown("action", body.action, FLIGHT_ACTIONS)
    heading = parse_direction(body.facing)
    if body.scene is not None:
        if body.mover is None:
            raise InputError("'mover' is required with a scene (the id of the flyer)")
        if body.speed is not None or body.maneuverability is not None:
            raise InputError("'speed' and 'maneuverability' are for the open sky: omit the scene")
        system, flyer, space, creature = scene_flyer(parse(body.scene), body.mover)
        air: Airspace = space
        x, y = creature.at
        start_alt = creature.alt if body.alt is None else body.alt
        name = body.mover
    else:
        if body.speed is None or body.maneuverability is None:
            raise InputError("without a scene, give 'speed' and 'maneuverability'")
        system = flight_system("dnd35")
        flyer = flyer_of(system, body.speed, body.maneuverability)
        x, y = 0, 0
        start_alt = 0 if body.alt is None else body.alt
        name = body.mover or "flyer"
        air = OPEN_SKY
    if start_alt % 5:
        raise InputError(f"altitude must be a multiple of 5 ft, at least 0, not {start_alt}")
    ceiling = air.ceiling if isinstance(air, SceneAirspace) else None
    if ceiling is not None and start_alt + flyer.height_ft > ceiling:
        raise InputError(
            f"altitude {start_alt} ft puts the {flyer.height_ft}-ft-tall {name} above the "
            f"{ceiling}-ft ceiling"
        )
    flyer = with_switches(flyer, system, body.interpretations)
    start = FlightState(
        x, y, start_alt, heading, since_turn=body.since_turn, level_after_dive=body.since_dive
    )
    if isinstance(body, FlightReachQuery) and body.alt_range is not None:
        air = _banded(air, start_alt, body.alt_range)
    return system, flyer, air, start, name, flyer.speed * FLIGHT_ACTIONS[body.action]


#: States a ``/api/flight/path`` search first tries (`_fly_path`): the directed search finds a
#: reachable end in a few thousand states (an 80-ft average flyer's farthest ends, measured:
#: under 5,000) and settles a miss near the start; at most about 0.4 s in Python here.
QUICK_PATH_WORK = 10_000


def _fly_path(
    flyer: Any,
    start: Any,
    to: tuple[int, int, int],
    facing: int | None,
    system: Any,
    budget: int,
    air: Any,
    lim: Limits,
) -> Any:
    """Return a cheapest flight to `to` (``fly path``), or None, within `lim.flight_work`.

    The path search runs in Python (about 27,000 states a CPU second here, docs/api.md) while
    the reach search is compiled (about a million); a miss has to exhaust every state within
    the budget, which at `Limits.flight_work` states would take the path search most of a
    minute. So: the path search first, with `QUICK_PATH_WORK` states (a hit is found in a few
    thousand); past that, the compiled reach (bounded by `Limits.flight_work`, 413 beyond)
    says whether `to` is an end at all (the same ends, tested in the flight suite); only
    then does the path search run again, to find the steps, bounded by `Limits.flight_work`.
    """
    from footfall.flight.reach import find_path, reach

    tx, ty, talt = to

    def search(work: int) -> Any:
        return find_path(
            flyer,
            start,
            to,
            system=system,
            budget_ft=budget,
            facing=facing,
            space=air,
            max_work=work,
        )

    if lim.flight_work <= QUICK_PATH_WORK:
        return search(lim.flight_work)
    try:
        return search(QUICK_PATH_WORK)
    except LimitError:
        pass
    ends = reach(flyer, start, system=system, budget_ft=budget, space=air, max_work=lim.flight_work)
    if not any(
        (e.x, e.y, e.alt) == (tx, ty, talt) and facing in (None, e.facing) for e in ends.entries
    ):
        return None
    return search(lim.flight_work)


def _check_flight_target(air: Any, x: int, y: int, alt: int) -> None:
    """Refuse a flight's end the CLI's ``fly path --to`` refuses (altitude, off the map).

    The altitude is a multiple of 5 ft, at least 0 (a square's side, RULES.md flight), and
    at most `footfall.flight.stall.MAX_FALL_ALT`, the highest altitude footfall works with (a
    start higher is refused too); a scene's end must be on its map.
    """
    from footfall.errors import quote
    from footfall.flight.space import BandedAirspace, SceneAirspace

    if alt < 0 or alt % 5:
        raise InputError(f"'to' altitude must be a multiple of 5 ft, at least 0, not {quote(alt)}")
    if alt > MAX_FALL_ALT:
        raise InputError(
            f"'to' altitude {quote(alt)} ft is above the {MAX_FALL_ALT} ft footfall works with"
        )
    grid = air.inner if isinstance(air, BandedAirspace) else air
    if isinstance(grid, SceneAirspace) and not grid.inside(x, y):
        raise InputError(
            f"'to' [{quote(x)}, {quote(y)}] is off the map ({grid.width}x{grid.height} squares)"
        )


def _banded(air: Any, start_alt: int, band: list[int]) -> Any:
    """Wrap `air` in the altitude band ``[low, high]`` around the start (as ``--alt-range``)."""
    from footfall.flight.space import BandedAirspace

    low, high = band
    if not low <= start_alt <= high:
        raise InputError(
            f"alt_range [{low}, {high}] must be [low, high] ft around the start's {start_alt} ft"
        )
    return BandedAirspace(air, low, high)


def _render(body: RenderQuery, scene: Any) -> bytes:
    """Draw the picture of a ``/api/render`` request."""
    from footfall.render import auto_cell, reach_overlay, render
    from footfall.tactical import find_path, reachable

    lang = _lang(body.lang)
    if scene.background is not None and not scene.background.startswith("data:"):
        scene = dataclasses.replace(scene, background=None)
    overlay = None
    if body.mover is None and (body.action is not None or body.to is not None):
        raise InputError("'action' and 'to' need a 'mover'")
    if body.mover is not None:
        options: dict[str, Any] = {
            "action": body.action,
            "switches": dict(body.interpretations),
            "distance": body.distance,
            "flying": body.flying,
        }
        reach = reachable(scene, body.mover, **options).to_json(lang)
        path = None
        if body.to is not None:
            to = (body.to[0], body.to[1])
            path = find_path(scene, body.mover, to, **options).to_json(lang)
        overlay = reach_overlay(reach, path)
    cell = body.cell if body.cell is not None else auto_cell(scene.width, scene.height)
    png: bytes = render(scene, reach=overlay, cell=cell, lang=lang).png()
    return png


def _route(body: RouteQuery, lim: Limits) -> Any:
    """Find the route of a ``/api/route`` request within the limits."""
    from footfall import route, travel

    _lang(body.lang)
    if (body.map is None) == (body.sample is None):
        raise InputError("give either 'map' (text or JSON) or 'sample' (a shipped map name)")
    if body.sample is not None:
        terrain_map = route.sample_map(body.sample)
    elif isinstance(body.map, dict):
        _check_map_size({"map": body.map.get("rows")}, lim, "terrain map")
        terrain_map = route.parse_map(body.map)
    else:
        terrain_map = route.parse_map_text(str(body.map))
    if terrain_map.width > lim.map_side or terrain_map.height > lim.map_side:
        raise LimitError(
            f"terrain map is {terrain_map.width}x{terrain_map.height} cells, over the limit of "
            f"{lim.map_side}x{lim.map_side}"
        )
    speeds = tuple(body.speeds) + ((body.speed,) if body.speed is not None else ())
    who = travel.Traveller(
        speeds=speeds, mount=body.mount, loaded=body.loaded, agility_bonus=body.agility_bonus
    )
    start = (body.start[0], body.start[1])
    goal = (body.goal[0], body.goal[1])
    found = route.find_route(
        terrain_map, start, goal, who, system_id=body.system, metric=body.metric
    )
    return found.to_json()


def _scene_entry(name: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Describe one scene as ``footfall scenes --json`` does."""
    from footfall.scene import parse_scene

    scene = parse_scene(data)
    return {
        "name": name,
        "system": scene.system,
        "size": [scene.width, scene.height],
        "creatures": [c.id for c in scene.creatures],
        "title": str(scene.extra.get("x-title", "")),
    }


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


def _enum(kind: Any, value: str, what: str) -> Any:
    """Return the member of enum `kind` whose value is `value`, or the standard error."""
    for member in kind:
        if member.value == value:
            return member
    raise unknown(what, value, [m.value for m in kind])


def _tie(system: str, choice: str | None) -> Any:
    """Return the ``chase_tie`` switch: the user's choice, else the system's default."""
    from footfall import chase

    if choice is None:
        try:
            from footfall.rules import load_system

            choice = load_system(system).switches({})["chase_tie"]
        except (ImportError, FootfallError, KeyError):
            choice = chase.ChaseTie.PURSUER.value
    return _enum(chase.ChaseTie, choice, "chase_tie choice")


def _install_tactical(app: FastAPI, lim: Limits, parse: Callable[[Mapping[str, Any]], Any]) -> None:
    """Add ``reach``, ``path`` and ``check`` (SCENE.md shapes, plus the library's extras).

    They run on the event loop, not in a thread pool: a bounded query takes about a
    millisecond, and a hop to a worker thread (then a fight for the GIL with the loop thread)
    costs more than the query itself (docs/benchmarks-api.md).
    """

    def common(body: TacticalQuery) -> tuple[Lang, Any, dict[str, Any]]:
        lang = _lang(body.lang)
        scene = parse(body.scene)
        options: dict[str, Any] = {
            "action": body.action,
            "switches": dict(body.interpretations),
            "distance": body.distance,
            "flying": body.flying,
        }
        return lang, scene, options

    @app.post("/api/reach", tags=["tactical"])
    async def reach(body: TacticalQuery) -> Any:
        """Every square the mover may end this action in, with its least cost (SCENE.md).

        Each square also carries its cost ``band`` (1: one move, 2: two, 3: a run ...), listed
        in ``bands`` with their thresholds.
        """
        from footfall.tactical import reachable

        lang, scene, options = common(body)
        return _JSON(reachable(scene, body.mover, **options).to_json(lang))

    @app.post("/api/path", tags=["tactical"])
    async def path(body: PathQuery) -> Any:
        """A cheapest legal path to a square, with its step-by-step breakdown (SCENE.md)."""
        from footfall.tactical import find_path

        if len(body.via) > lim.path_squares:
            raise LimitError(f"{len(body.via)} waypoints, over the limit of {lim.path_squares}")
        lang, scene, options = common(body)
        legs = len(body.via) + 1
        work = legs * scene.width * scene.height
        if work > lim.path_work:
            raise LimitError(
                f"a path through {len(body.via)} waypoints on a {scene.width}x{scene.height} "
                f"map searches up to {work} squares ({legs} searches), over the limit of "
                f"{lim.path_work}; ask for fewer waypoints"
            )
        to = (body.to[0], body.to[1])
        via = [(v[0], v[1]) for v in body.via]
        result = find_path(scene, body.mover, to, via=via, **options)
        return _JSON(result.to_json(lang))

    @app.post("/api/check", tags=["tactical"])
    async def check(body: CheckQuery) -> Any:
        """Check a drawn path: cost, legality and every violated rule (SCENE.md ``check``)."""
        from footfall.tactical import check_path

        if len(body.path) > lim.path_squares:
            raise LimitError(
                f"path of {len(body.path)} squares, over the limit of {lim.path_squares}"
            )
        lang, scene, options = common(body)
        squares = [(p[0], p[1]) for p in body.path]
        return _JSON(check_path(scene, body.mover, squares, **options).to_json(lang))


#: The action each system's queries use when none is given (SCENE.md, "Actions").

#: The page's cost bands "one move, two, a run" as each system's actions; a presentation choice
#: of this API (docs/page.md), not a rule. Draw Steel has one movement per turn: no bands.
_BAND_ACTIONS: dict[str, tuple[str, ...]] = {
    "pf1e": ("move", "double-move", "run"),
    "dnd35": ("move", "double-move", "run"),
    "dh2e": ("half-move", "full-move", "run"),
    "drawsteel": (),
}

#: A new creature's defaults on the page: a medium human at 30 ft, a Draw Steel hero at 5.
_NEW_CREATURE = {
    "pf1e": ("medium", 30),
    "dnd35": ("medium", 30),
    "dh2e": ("medium", 0),
    "drawsteel": ("1M", 5),
}


def _meta(
    lang: Lang, lim: Limits, default_scene: str | None, default_mover: str | None
) -> dict[str, Any]:
    """Describe systems, the default legend and limits (the page builds its menus from it)."""
    from footfall.rules import SYSTEM_IDS, load_system
    from footfall.scene import DEFAULT_LEGEND, maneuverabilities, size_table

    systems = []
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        size, speed = _NEW_CREATURE[system_id]
        if system.steel is not None:
            speed = system.steel.default_speed
        systems.append(
            {
                "id": system_id,
                "name": system.names.get(lang),
                "unit": system.unit.value,
                "square": _number(system.square),
                "speed_field": "agility_bonus" if system.heresy is not None else "speed",
                "default_size": size,
                "default_speed": speed,
                "sizes": size_table(system_id),
                "maneuverability": list(maneuverabilities(system_id)),
                "terrains": {}
                if system.heresy is None
                else {t.id: t.names.get(lang) for t in system.heresy.terrains},
                "actions": [
                    {"id": a.id.value, "label": a.names.get(lang), "distance": a.given}
                    for a in system.actions
                ],
                "default_action": system.default_action.value,
                "band_actions": list(_BAND_ACTIONS[system_id]),
                "interpretations": [
                    {
                        "name": i.id,
                        "default": i.default,
                        "choices": list(i.choice_ids),
                        "description": "; ".join(f"{c.id}: {c.doc}" for c in i.choices),
                        "source": str(i.source),
                    }
                    for i in system.interpretations
                ],
            }
        )
    legend = {
        char: sorted(f.value for f in entry.flags) + (["impassable"] if entry.impassable else [])
        for char, entry in DEFAULT_LEGEND.items()
    }
    return {
        "version": __version__,
        "lang": lang,
        "limits": asdict(lim),
        "default_scene": default_scene,
        "default_mover": default_mover,
        "legend": legend,
        "systems": systems,
    }


def _number(value: Fraction) -> int | str:
    """Write an exact number for JSON: an int when whole, else ``"p/q"``."""
    return int(value) if value.denominator == 1 else str(value)


def _one_line(exc: RequestValidationError) -> str:
    """Turn pydantic's error list into one line naming the first bad field."""
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx") or {}
        return f"malformed JSON: {ctx.get('error', 'cannot be parsed')}"
    loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    msg = str(first.get("msg", "invalid value"))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{loc or 'body'}: {msg}{more}".replace("\n", " ")


def field_spelling(param: Param) -> str:
    """Spell a library parameter as the request field it is given in: ``'con_mod'``."""
    item = "" if param.index is None else f"[{param.index}]"
    return f"'{param.name}{item}'"


def _install_errors(app: FastAPI) -> None:
    """Turn every error into ``{"error": "<one line>"}`` with the right status."""

    @app.exception_handler(LimitError)
    async def _limit(request: Request, exc: LimitError) -> Response:
        return _error(413, exc.render("en", field_spelling))

    @app.exception_handler(_NotFound)
    async def _not_found(request: Request, exc: _NotFound) -> Response:
        return _error(404, exc.render("en", field_spelling))

    @app.exception_handler(FootfallError)
    async def _footfall(request: Request, exc: FootfallError) -> Response:
        if isinstance(exc, InputError):
            return _error(400, exc.render("en", field_spelling))
        # RuleDataError: a packaged file is broken; not the client's fault, no details.
        _log.error("footfall data error: %s", exc)
        return _error(500, "internal error: footfall's rule data could not be loaded")

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return _error(422, _one_line(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        response = _error(exc.status_code, str(exc.detail))
        response.headers.update(exc.headers or {})  # e.g. Allow on 405 (RFC 9110)
        return response

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> Response:
        _log.exception("unexpected error on %s %s", request.method, request.url.path)
        return _error(500, "internal error: the request could not be completed")
