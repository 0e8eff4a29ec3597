"""``/api/forced``: Draw Steel push, pull and slide (`footfall.tactical.forced`).

The answer is the same JSON as ``footfall forced ... --json`` (docs/tactical.md, "Forced
movement"): every outcome, or the one movement of a given ``path``, played and checked.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.schema import (
    LANG_DOC,
    LANG_ENUM,
    SCENE_DOC,
    Name,
    RequestModel,
    SceneJson,
    lang,
    words,
    words_of,
)
from footfall.api.work import answer
from footfall.errors import LimitError, Param

__all__ = ["FIELDS", "ForcedQuery", "router"]

#: Library parameters this request names otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations", "target_id": "target"}

router = APIRouter(tags=["tactical"])


class ForcedQuery(RequestModel):
    """A push, pull or slide of `target` by `distance` squares."""

    scene: SceneJson = Field(description=SCENE_DOC)
    target: Name = Field(description="Id of the creature moved.")
    kind: str = Field(
        description="push, pull or slide.", json_schema_extra=words(("push", "pull", "slide"))
    )
    distance: int = Field(ge=0, le=10_000, description="Squares N the effect names.")
    source: str | list[int] | None = Field(
        None, description="Creature id or square [x, y] ([x, y, z]) moving the target."
    )
    path: list[list[int]] | None = Field(
        None, description="Play this movement: positions [x, y] or [x, y, z] after the start."
    )
    vertical: bool = Field(False, description="Vertical forced movement: up and down too.")
    stability: int = Field(0, ge=0, le=10_000, description="The target's stability.")
    melee_weapon: bool = Field(False, description="A melee weapon ability (big versus little).")
    agility: int = Field(0, ge=-10, le=100, description="The target's Agility (falling damage).")
    walls: str | None = Field(
        None,
        description="Walls' material: glass, wood, stone, metal.",
        json_schema_extra=words_of("footfall.rules.forced:Material", optional=True),
    )
    doors: str | None = Field(
        None,
        description="Closed doors' material (default wood).",
        json_schema_extra=words_of("footfall.rules.forced:Material", optional=True),
    )
    interpretations: dict[str, str] = Field(
        default_factory=dict, description="Switches: forced_share = collide | allow (seed 002)."
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


def forced_answer(body: ForcedQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/forced`` request: the path's length checked first."""
    from footfall.tactical.forced import forced_move

    lim = ctx.limits
    if body.path is not None and len(body.path) > lim.path_squares:
        raise LimitError(
            "error.api.path-squares", param=Param("path"), count=len(body.path),
            limit=lim.path_squares,
        )  # fmt: skip
    language = lang(body.lang)
    scene = ctx.parse(body.scene)
    return forced_move(
        scene, body.target, body.kind, body.distance, source=body.source, path=body.path,
        vertical=body.vertical, stability=body.stability, melee_weapon=body.melee_weapon,
        agility=body.agility, walls=body.walls, doors=body.doors,
        switches=dict(body.interpretations), limits=lim,
    ).to_json(language)  # fmt: skip


@router.post("/api/forced")
async def forced(body: ForcedQuery, ctx: Ctx) -> Any:
    """Push, pull or slide a creature N squares (Draw Steel forced movement): every outcome
    (end square, collision, damage), or the given path played and checked."""
    return await answer(forced_answer, body, ctx)
