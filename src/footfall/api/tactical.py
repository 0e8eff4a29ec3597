"""``/api/reach``, ``/api/path``, ``/api/check``: the grid engine's three views (SCENE.md).

The answers are SCENE.md's shapes plus the library's extras (docs/contracts/EXTENSIONS.md),
the same JSON as ``footfall reach|path|check --json``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.schema import LANG_DOC, LANG_ENUM, SCENE_DOC, Pair, RequestModel, lang
from footfall.api.work import answer
from footfall.errors import LimitError, Param
from footfall.i18n import Lang
from footfall.scene import Scene
from footfall.tactical import check_path, find_path, reachable

__all__ = ["FIELDS", "CheckQuery", "PathQuery", "TacticalQuery", "router"]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations", "mover_id": "mover", "squares": "path"}

router = APIRouter(tags=["tactical"])


class TacticalQuery(RequestModel):
    """The common part of ``reach``, ``path`` and ``check``: scene, mover and action."""

    scene: dict[str, Any] = Field(description=SCENE_DOC)
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
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class PathQuery(TacticalQuery):
    """``path``: a cheapest legal path to `to`, optionally through waypoints `via`."""

    to: Pair = Field(description="Target square [x, y].")
    via: list[Pair] = Field(default_factory=list, description="Waypoints [[x, y]].")


class CheckQuery(TacticalQuery):
    """``check``: the squares after the start, in order."""

    path: list[Pair] = Field(description="Squares after the start, [[x, y], ...].")


# ------------------------------------------------------------------------------ queries


def _common(body: TacticalQuery, ctx: Context) -> tuple[Lang, Scene, dict[str, Any]]:
    """Return the language, the scene and the library options of a tactical request."""
    language = lang(body.lang)
    scene = ctx.parse(body.scene)
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
    language, scene, options = _common(body, ctx)
    return reachable(scene, body.mover, **options).to_json(language)


def path_answer(body: PathQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/path`` request: waypoints and the search's size checked first."""
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


@router.post("/api/path")
async def path(body: PathQuery, ctx: Ctx) -> Any:
    """A cheapest legal path to a square, with its step-by-step breakdown (SCENE.md)."""
    return await answer(path_answer, body, ctx)


@router.post("/api/check")
async def check(body: CheckQuery, ctx: Ctx) -> Any:
    """Check a drawn path: cost, legality and every violated rule (SCENE.md ``check``)."""
    return await answer(check_answer, body, ctx)
