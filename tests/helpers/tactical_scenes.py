"""Small scenes for the tactical rule tests: one builder, creatures as keyword rows, and the
rule ids an answer breaks."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.grid import DIRECTIONS
from footfall.scene import Scene, parse_scene


def mob(cid: str, x: int, y: int, **fields: Any) -> dict[str, Any]:
    """Return a creature row: medium, side "party", speed 30 unless `fields` say otherwise.

    A field given as None is left out (e.g. ``speed=None`` for a creature without speed).
    """
    row: dict[str, Any] = {"id": cid, "at": [x, y], "size": "medium", "side": "party"}
    row.update(fields)
    if "agility_bonus" not in row and "speed" not in row:
        row["speed"] = 30
    return {key: value for key, value in row.items() if value is not None}


def make(
    system: str,
    rows: list[str],
    *creatures: dict[str, Any],
    legend: dict[str, Any] | None = None,
    walls: list[dict[str, Any]] | None = None,
) -> Scene:
    """Build and validate a scene of `system` from map `rows` and `creatures`."""
    data: dict[str, Any] = {"footfall": 1, "system": system, "map": rows}
    data["creatures"] = list(creatures)
    if legend:
        data["legend"] = legend
    if walls:
        data["walls"] = walls
    return parse_scene(data)


def rules_of(result: Any) -> list[str]:
    """Return the rule ids of the violations of a tactical answer (`check_path`, `find_path`)."""
    return [v["rule"] for v in result.to_json()["violations"]]


def edge_exits(height: int, width: int) -> npt.NDArray[np.uint8]:
    """Allow every step that stays on the map (the policy's job; kernel tests build it)."""
    exits = np.zeros((height, width), dtype=np.uint8)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ok = np.zeros((height, width), dtype=bool)
        ok[max(0, -dy) : height - max(0, dy), max(0, -dx) : width - max(0, dx)] = True
        exits[ok] |= np.uint8(1 << d)
    return exits
