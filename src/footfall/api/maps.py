"""``/api/import`` and ``/api/render``: map files made scenes, and scenes drawn as pictures.

Both carry a map's picture in base64, so their bodies have `Limits.import_bytes`, not
`Limits.body_bytes` (`BIG_BODIES`). Nothing is written and no file a request names is read.
"""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import Field

from footfall.api.bounds import check_map_side, check_map_size, check_scene_size
from footfall.api.context import Context, Ctx
from footfall.api.schema import (
    LANG_DOC,
    LANG_ENUM,
    SCENE_DOC,
    SYSTEM_ENUM,
    Name,
    Pair,
    RequestModel,
    SceneJson,
    lang,
    words,
)
from footfall.api.work import answer
from footfall.errors import InputError, Param
from footfall.limits import LIMITS

if TYPE_CHECKING:  # the importers, the drawing and the engine load on the first request
    from footfall.scene import Scene

__all__ = ["BIG_BODIES", "FIELDS", "ImportQuery", "RenderQuery", "router"]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations", "mover_id": "mover"}

#: The paths whose bodies may be `Limits.import_bytes` long (they carry a picture).
BIG_BODIES = ("/api/import", "/api/render")

router = APIRouter(tags=["scenes"])


class ImportQuery(RequestModel):
    """``import``: a Universal VTT or Foundry VTT scene file's JSON, made a footfall scene."""

    data: dict[str, Any] = Field(description="The map file's JSON document.")
    system: str = Field(
        description="System of the scene to make: pf1e, dnd35, dh2e, drawsteel.",
        json_schema_extra=SYSTEM_ENUM,
    )
    name: str | None = Field(
        None, max_length=255, description="The file's name; its extension tells the format."
    )
    format: str | None = Field(
        None,
        description="uvtt or foundry (told from the file if absent).",
        json_schema_extra=words(("uvtt", "foundry"), optional=True),
    )
    terrain: list[str] | None = Field(
        None, description="Optional terrain overlay: map rows of the same size, SCENE.md chars."
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class RenderQuery(RequestModel):
    """``render``: a scene as a PNG, with a mover's reach (and a path) drawn on it."""

    scene: SceneJson = Field(description=SCENE_DOC)
    mover: Name | None = Field(None, description="Creature whose reach to draw.")
    action: Name | None = Field(None, description="Action id (the system's default if absent).")
    to: Pair | None = Field(None, description="Draw the cheapest path to [x, y].")
    distance: int | None = Field(None, ge=0, le=10_000, description="Granted distance N.")
    interpretations: dict[str, str] = Field(default_factory=dict, description="RULES.md switches.")
    flying: bool | None = Field(None, description="Move by flight; default: the library's.")
    cell: int | None = Field(None, ge=8, le=200, description="Pixels a square (default 40).")
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


# ------------------------------------------------------------------------------ queries


def import_answer(body: ImportQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/import`` request: the scene and the import's warnings.

    The imported scene is held to the limits every other endpoint holds a scene to: a scene
    the server would refuse is not handed out.
    """
    from footfall.imports import detect_format, import_map
    from footfall.scene import scene_to_json

    lim = ctx.limits
    language = lang(body.lang)
    if body.terrain is not None:
        check_map_size({"map": body.terrain}, lim, "terrain overlay", "terrain")
    fmt = body.format or detect_format(body.name, body.data)
    raw = json.dumps(body.data).encode("utf-8")
    # The body limit has bounded the request already; its re-serialised JSON may be a little
    # larger (escapes), so the file-size bound is the library's, every other bound the server's.
    bounds = lim.tighter(import_bytes=LIMITS.import_bytes)
    imported = import_map(
        raw, system=body.system, terrain=body.terrain, fmt=fmt, name=body.name, limits=bounds
    )
    result = imported.embedded()
    scene = result.scene
    check_map_side(scene.width, scene.height, lim, "imported map", "data")
    check_scene_size("imported scene", "walls", len(scene.walls), lim, "data")
    check_scene_size("imported scene", "creatures", len(scene.creatures), lim, "data")
    return {"scene": scene_to_json(scene), "warnings": list(result.messages(language))}


def render_answer(body: RenderQuery, ctx: Context) -> bytes:
    """Draw the picture (PNG) of a ``/api/render`` request.

    A background given as a file path is dropped (the server reads no file a request
    names); an embedded ``data:`` picture is drawn.
    """
    from footfall.render import auto_cell, reach_overlay, render
    from footfall.tactical import find_path, reachable

    scene: Scene = ctx.parse(body.scene)
    language = lang(body.lang)
    if scene.background is not None and not scene.background.startswith("data:"):
        scene = dataclasses.replace(scene, background=None)
    overlay = None
    if body.mover is None and (body.action is not None or body.to is not None):
        raise InputError(
            "error.api.render-mover",
            param=Param("mover"),
            action=Param("action"),
            to=Param("to"),
            mover=Param("mover"),
        )
    if body.mover is not None:
        options: dict[str, Any] = {
            "action": body.action,
            "switches": dict(body.interpretations),
            "distance": body.distance,
            "flying": body.flying,
            "limits": ctx.limits,
        }
        reach = reachable(scene, body.mover, **options).to_json(language)
        path = None
        if body.to is not None:
            to = (body.to[0], body.to[1])
            path = find_path(scene, body.mover, to, **options).to_json(language)
        overlay = reach_overlay(reach, path)
    lim = ctx.limits
    cell = body.cell if body.cell is not None else auto_cell(scene.width, scene.height, limits=lim)
    png: bytes = render(scene, reach=overlay, cell=cell, lang=language, limits=lim).png()
    return png


# ------------------------------------------------------------------------------ endpoints


@router.post("/api/import")
async def import_(body: ImportQuery, ctx: Ctx) -> Any:
    """Import a Universal VTT (.dd2vtt/.uvtt/.df2vtt) or Foundry scene as a footfall scene.

    The background image is embedded in the scene as a data URL; nothing is written.
    Whatever the file holds that footfall cannot use is listed in ``warnings``.
    """
    return await answer(import_answer, body, ctx)


@router.post(
    "/api/render",
    response_class=Response,
    responses={200: {"content": {"image/png": {}}, "description": "The picture (PNG)."}},
)
async def render_(body: RenderQuery, ctx: Ctx) -> Response:
    """Draw a scene as a PNG (``footfall render``): reach by cost band, a path, a legend.

    A background given as a file path is not read (the server reads no files a request
    names); an embedded ``data:`` picture is drawn.
    """
    return Response(await answer(render_answer, body, ctx), media_type="image/png")
