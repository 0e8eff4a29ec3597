"""The server's size limits checked on a request's JSON before the library parses any of it.

Each check reads cheap facts (the number of rows, the longest row, the length of a list) and
raises `LimitError` (413) naming what was asked and the limit (docs/api.md, "Limits").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from footfall.errors import LimitError, Noun, Param
from footfall.limits import Limits

__all__ = ["check_map_side", "check_map_size", "check_scene_limits", "check_scene_size"]


def check_map_size(
    data: Mapping[str, Any], limits: Limits, what: str = "map", param: str = "scene"
) -> None:
    """Refuse a map (``data["map"]``, rows) wider or taller than the limit before parsing it.

    >>> check_map_size({"map": ["." * 600]}, Limits(map_side=500))
    Traceback (most recent call last):
    footfall.errors.LimitError: map is 600x1 squares, over the limit of 500x500
    """
    rows = data.get("map")
    if not isinstance(rows, list):
        return  # the parser says what is wrong
    height = len(rows)
    width = max([len(r) for r in rows if isinstance(r, str)], default=0)
    check_map_side(width, height, limits, what, param)


def check_map_side(width: int, height: int, limits: Limits, what: str, param: str) -> None:
    """Refuse a `width` x `height` map (`what`, given in the field `param`) over the limit."""
    if height > limits.map_side or width > limits.map_side:
        raise LimitError(
            "error.api.map-side",
            param=Param(param),
            what=Noun(what),
            width=width,
            height=height,
            side=limits.map_side,
        )


def check_scene_limits(data: Mapping[str, Any], limits: Limits) -> None:
    """Refuse a scene's JSON over the map, creature and wall limits, before parsing it."""
    check_map_size(data, limits)
    for key in ("creatures", "walls"):
        items = data.get(key)
        if isinstance(items, list):
            check_scene_size("scene", key, len(items), limits)


def check_scene_size(what: str, key: str, count: int, limits: Limits, param: str = "scene") -> None:
    """Refuse a scene (`what`: ``scene``, ``imported scene``) with over the limit of `key`.

    `key` is ``creatures`` or ``walls``: the scene's list and the limit's field; `param` the
    request field the scene came in.

    >>> check_scene_size("scene", "walls", 6, Limits(walls=5))
    Traceback (most recent call last):
    footfall.errors.LimitError: scene has 6 walls, over the limit of 5
    """
    most: int = getattr(limits, key)
    if count > most:
        raise LimitError(
            "error.api.scene-count",
            param=Param(param),
            what=Noun(what),
            items=Noun(key),
            count=count,
            limit=most,
        )
