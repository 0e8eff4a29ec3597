"""``/api/scenes``: the sample scenes (and the server's own), and validating a scene."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.schema import LANG_DOC, LANG_ENUM, SCENE_DOC, RequestModel, SceneJson, lang
from footfall.api.work import answer

__all__ = ["SceneBody", "router", "scene_entry"]

router = APIRouter(tags=["scenes"])


class SceneBody(RequestModel):
    """A scene to validate and normalise."""

    scene: SceneJson = Field(description=SCENE_DOC)
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


def scene_entry(name: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Describe one scene as ``footfall scenes --json`` does."""
    from footfall.scene import parse_scene  # on the first request, not at start-up

    scene = parse_scene(data)
    return {
        "name": name,
        "system": scene.system,
        "size": [scene.width, scene.height],
        "creatures": [c.id for c in scene.creatures],
        "title": str(scene.extra.get("x-title", "")),
    }


def list_answer(ctx: Context) -> list[dict[str, Any]]:
    """Answer ``GET /api/scenes``: every named scene, described."""
    return [scene_entry(name, ctx.catalog.get(name)) for name in ctx.catalog.names()]


def validate_answer(body: SceneBody, ctx: Context) -> dict[str, Any]:
    """Answer ``POST /api/scenes/validate``: the scene, normalised."""
    from footfall.scene import scene_to_json

    lang(body.lang)
    return {"scene": scene_to_json(ctx.parse(body.scene))}


@router.get("/api/scenes")
async def scenes_list(ctx: Ctx) -> Any:
    """List the sample scenes (and any scene the server was started with).

    The shape of ``footfall scenes --json``: name, system, size [w, h], creature ids, title.
    """
    return await answer(list_answer, ctx)


# Before "/api/scenes/{name}": a wrong method on this path must say Allow: POST.
@router.post("/api/scenes/validate")
async def scenes_validate(body: SceneBody, ctx: Ctx) -> Any:
    """Validate a scene and return it normalised (as ``footfall`` would write it)."""
    return await answer(validate_answer, body, ctx)


@router.get("/api/scenes/{name}")
def scenes_get(name: Annotated[str, Path(max_length=100)], ctx: Ctx) -> Any:
    """Return one sample scene as SCENE.md JSON."""
    return ctx.catalog.get(name)
