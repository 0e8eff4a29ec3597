"""``/api/reach``, ``/api/path``, ``/api/check``: the grid engine's three views (SCENE.md).

``/api/reach/all`` gives every creature's reach in one request (issue 15, item 3).

The answers are SCENE.md's shapes plus the library's extras (docs/contracts/EXTENSIONS.md),
the same JSON as ``footfall reach|path|check --json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.errors import fields_spelling
from footfall.api.schema import (
    LANG_DOC,
    LANG_ENUM,
    SCENE_DOC,
    Name,
    Pair,
    RequestModel,
    SceneJson,
    lang,
    words_of,
)
from footfall.api.work import answer
from footfall.errors import LimitError, Param
from footfall.i18n import Lang
from footfall.limits import SERVER_LIMITS

if TYPE_CHECKING:  # the engine (and numpy) load on the first request, not at start-up
    from footfall.scene import Scene

__all__ = ["FIELDS", "CheckQuery", "EveryQuery", "PathQuery", "TacticalQuery", "router"]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations", "mover_id": "mover", "squares": "path"}

router = APIRouter(tags=["tactical"])


_BOUND = SERVER_LIMITS
#: A mover's speed option: stated, enforced by the library's line (`footfall.tactical.
#: conditions`: ``error.tactical.speed-negative``, ``speed-limit``); its step is its system's.
_SPEED: dict[str, Any] = {"minimum": 0, "maximum": _BOUND.speed}
#: A condition of some system (`footfall.api.schema.conditions`); the mover's system's own
#: are a listed refusal (``error.unknown@conditions``).
Condition = Annotated[str, Field(json_schema_extra=words_of("footfall.api.schema:conditions"))]


class EveryQuery(RequestModel):
    """``reach/all``: every creature's reach on the scene, for one action."""

    scene: SceneJson = Field(description=SCENE_DOC)
    action: Name | None = Field(None, description="Action id (the system's default if absent).")
    distance: int | None = Field(
        None, ge=0, le=10_000, description="Granted distance N (drawsteel shift, 'move up to N')."
    )
    interpretations: dict[str, str] = Field(
        default_factory=dict, description="Interpretation switches of RULES.md: name -> choice."
    )
    flying: bool | None = Field(
        None, description="Move by flight (a creature with 'fly'); default: walk."
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class TacticalQuery(EveryQuery):
    """The common part of ``reach``, ``path`` and ``check``: scene, mover and action."""

    mover: Name = Field(description="Id of the creature that moves.")
    # The mover's state (issue 12, docs/scenes.md): each replaces or adds to the scene's.
    speed: int | None = Field(
        None,
        description="The mover's speed after armor and load (replaces the scene's).",
        json_schema_extra=_SPEED,
    )
    base_speed: int | None = Field(
        None,
        description="The mover's speed before armor and load (not with 'speed').",
        json_schema_extra=_SPEED,
    )
    armor: str | None = Field(
        None,
        description="The mover's armor: none, light, medium, heavy.",
        json_schema_extra=words_of("footfall.rules:Armor", optional=True),
    )
    load: str | None = Field(
        None,
        description="The mover's load: light, medium, heavy.",
        json_schema_extra=words_of("footfall.rules:Load", optional=True),
    )
    conditions: list[Condition] = Field(
        default_factory=list,
        max_length=16,
        description="Conditions added to the mover's: fatigued, prone, slowed ... (its system's).",
    )


class PathQuery(TacticalQuery):
    """``path``: a cheapest legal path to `to`, optionally through waypoints `via`."""

    to: Pair = Field(description="Target square [x, y].")
    via: list[Pair] = Field(
        default_factory=list,
        description="Waypoints [[x, y]].",
        json_schema_extra={"maxItems": _BOUND.path_squares},  # the library: 413
    )


class CheckQuery(TacticalQuery):
    """``check``: the squares after the start, in order."""

    path: list[Pair] = Field(
        description="Squares after the start, [[x, y], ...].",
        # the library: error.tactical.path-empty (400), error.api.path-squares (413)
        json_schema_extra={"minItems": 1, "maxItems": _BOUND.path_squares},
    )


# ------------------------------------------------------------------------------ queries


def _common(body: EveryQuery, ctx: Context) -> tuple[Lang, Scene, dict[str, Any]]:
    """Return the language, the scene and the library options of a tactical request (the
    mover's state of a one-mover request applied to its scene)."""
    from footfall.tactical.conditions import adjust_mover

    language = lang(body.lang)
    scene = ctx.parse(body.scene)
    if isinstance(body, TacticalQuery):
        scene = adjust_mover(
            scene, body.mover, speed=body.speed, base_speed=body.base_speed,
            armor=body.armor, load=body.load, conditions=body.conditions, limits=ctx.limits,
        )  # fmt: skip
    options: dict[str, Any] = {
        "action": body.action,
        "switches": dict(body.interpretations),
        "distance": body.distance,
        "flying": body.flying,
        "limits": ctx.limits,
    }
    return language, scene, options


def reach_answer(body: TacticalQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/reach`` request."""
    from footfall.tactical import reachable

    language, scene, options = _common(body, ctx)
    return reachable(scene, body.mover, **options).to_json(language)


def every_answer(body: EveryQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/reach/all`` request: `reach_all`'s JSON."""
    from footfall.tactical import reach_all

    language, scene, options = _common(body, ctx)
    return reach_all(scene, **options).to_json(language, fields_spelling(FIELDS))


def path_answer(body: PathQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/path`` request: waypoints and the search's size checked first."""
    from footfall.tactical import find_path

    lim = ctx.limits
    if len(body.via) > lim.path_squares:
        raise LimitError(
            "error.api.waypoints", param=Param("via"), count=len(body.via), limit=lim.path_squares
        )
    language, scene, options = _common(body, ctx)
    legs = len(body.via) + 1
    work = legs * scene.width * scene.height
    if work > lim.path_work:
        raise LimitError(
            "error.api.path-work",
            param=Param("via"),
            waypoints=len(body.via),
            width=scene.width,
            height=scene.height,
            work=work,
            legs=legs,
            limit=lim.path_work,
        )
    to = (body.to[0], body.to[1])
    via = [(v[0], v[1]) for v in body.via]
    return find_path(scene, body.mover, to, via=via, **options).to_json(language)


def check_answer(body: CheckQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/check`` request: the path's length checked first."""
    from footfall.tactical import check_path

    lim = ctx.limits
    if len(body.path) > lim.path_squares:
        raise LimitError(
            "error.api.path-squares",
            param=Param("path"),
            count=len(body.path),
            limit=lim.path_squares,
        )
    language, scene, options = _common(body, ctx)
    squares = [(p[0], p[1]) for p in body.path]
    return check_path(scene, body.mover, squares, **options).to_json(language)


# ------------------------------------------------------------------------------ endpoints


@router.post("/api/reach")
async def reach(body: TacticalQuery, ctx: Ctx) -> Any:
    """Every square the mover may end this action in, with its least cost (SCENE.md).

    Each square also carries its cost ``band`` (1: one move, 2: two, 3: a run ...), listed
    in ``bands`` with their thresholds.
    """
    return await answer(reach_answer, body, ctx)


@router.post("/api/reach/all")
async def reach_every(body: EveryQuery, ctx: Ctx) -> Any:
    """Every creature's reach for one action: ``reaches`` by id (each the ``/api/reach``
    answer) and ``refused`` by id (a creature this action cannot move: its error)."""
    return await answer(every_answer, body, ctx)


@router.post("/api/path")
async def path(body: PathQuery, ctx: Ctx) -> Any:
    """A cheapest legal path to a square, with its step-by-step breakdown (SCENE.md)."""
    return await answer(path_answer, body, ctx)


@router.post("/api/check")
async def check(body: CheckQuery, ctx: Ctx) -> Any:
    """Check a drawn path: cost, legality and every violated rule (SCENE.md ``check``)."""
    return await answer(check_answer, body, ctx)
