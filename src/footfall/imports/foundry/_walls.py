"""Read a Foundry scene's walls and doors (``BaseWall``, v9 to v13).

A wall is the segment ``c = [x0, y0, x1, y1]`` in canvas pixels. Whether it blocks
movement is its ``move`` restriction (`WallSense`); a door (`DoorType`) is open or shut by its
state (`DoorState`). Vision, light and sound settings do not concern movement and are listed
as not imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any

from footfall.errors import InputError, LimitError, Noun
from footfall.imports._values import FileKind, expect_object, number, show_value
from footfall.imports.foundry._document import Frame
from footfall.imports.result import Warnings
from footfall.limits import LIMITS, Limits
from footfall.scene import Door, Wall

__all__ = ["DoorState", "DoorType", "WallSense", "read_walls"]

_FOUNDRY = FileKind.FOUNDRY


class WallSense(IntEnum):
    """How much a wall restricts movement (``CONST.WALL_SENSE_TYPES``; v9's own numbers)."""

    NONE = 0
    """No restriction (an ethereal wall): not imported."""
    V9_NORMAL = 1
    """v9 ``NORMAL``: blocks."""
    LIMITED = 10
    """``LIMITED``: blocks movement like any wall."""
    NORMAL = 20
    """``NORMAL`` (v10+ ``WALL_MOVEMENT_TYPES.NORMAL``): blocks."""
    PROXIMITY = 30
    """``PROXIMITY``: blocks movement."""
    DISTANCE = 40
    """``DISTANCE``: blocks movement."""


class DoorType(IntEnum):
    """Whether a wall is a door (``CONST.WALL_DOOR_TYPES``)."""

    NONE = 0
    """A plain wall."""
    DOOR = 1
    """A door."""
    SECRET = 2
    """A secret door: a door all the same for movement."""


class DoorState(IntEnum):
    """A door's state (``CONST.WALL_DOOR_STATES``)."""

    CLOSED = 0
    """Shut: blocks."""
    OPEN = 1
    """Open: lets creatures through."""
    LOCKED = 2
    """Locked: imported as closed."""


#: ``move`` values that do not restrict movement (numbers or, in some exports, names).
_MOVE_NONE = (WallSense.NONE, "none")
#: ``move`` values that block movement; anything else blocks too, with a warning.
_MOVE_NORMAL = (
    WallSense.V9_NORMAL,
    WallSense.NORMAL,
    "normal",
    "limited",
    WallSense.LIMITED,
    WallSense.PROXIMITY,
    "proximity",
    WallSense.DISTANCE,
    "distance",
)
_NO_DOOR = (DoorType.NONE, None, "none")
_DOORS = (DoorType.DOOR, DoorType.SECRET, "door", "secret")
_OPEN = (DoorState.OPEN, "open")
_SHUT = (DoorState.CLOSED, DoorState.LOCKED, None, "closed", "locked")

#: Wall fields read (BaseWall.defineSchema, v10-v13): ``c`` the segment, ``move`` the
#: movement restriction (CONST.WALL_MOVEMENT_TYPES NONE 0 / NORMAL 20; v9 NONE 0 / NORMAL 1),
#: ``door`` (CONST.WALL_DOOR_TYPES NONE 0, DOOR 1, SECRET 2), ``ds`` (CONST.WALL_DOOR_STATES
#: CLOSED 0, OPEN 1, LOCKED 2), ``dir`` (CONST.WALL_DIRECTIONS BOTH 0, LEFT 1, RIGHT 2).
#: Everything else (light, sight, sound, v9 sense, threshold, doorSound, animation, flags,
#: _id) concerns vision, light, sound or looks and is listed as not imported.
_WALL_READ = frozenset({"c", "move", "door", "ds", "dir"})


def read_walls(
    items: list[Any],
    frame: Frame,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    *,
    limits: Limits = LIMITS,
) -> tuple[Wall, ...]:
    """Return the walls of the scene that block movement, in grid units of `frame`.

    Walls that do not restrict movement, one-way walls (imported two-way) and walls of no
    length are counted in `warnings`; more than `limits.import_walls` raises `LimitError`.
    """
    if len(items) > limits.import_walls:
        raise LimitError(
            "error.maps.foundry-walls", file=Noun(_FOUNDRY), n=len(items), limit=limits.import_walls
        )
    walls: list[Wall] = []
    skipped = one_way = degenerate = 0
    for i, value in enumerate(items):
        where = f"walls[{i}]"
        item = expect_object(value, _FOUNDRY, where)
        ignored.setdefault("walls", set()).update(set(item) - _WALL_READ)
        c = item.get("c")
        if not isinstance(c, list) or len(c) != 4:
            raise InputError(
                "error.maps.foundry-wall-c", file=Noun(_FOUNDRY), where=where, shown=show_value(c)
            )
        x0, y0, x1, y1 = (number(v, _FOUNDRY, f"{where}.c[{k}]") for k, v in enumerate(c))
        move = item.get("move", WallSense.NORMAL)
        if isinstance(move, str):
            move = move.strip().lower()
        if move in _MOVE_NONE:
            skipped += 1
            continue
        if move not in _MOVE_NORMAL:
            warnings.add("maps.warn.unknown_move", where=where, move=show_value(move))
        start, end = frame.point(x0, y0), frame.point(x1, y1)
        if start == end:
            degenerate += 1
            continue
        if item.get("dir", 0) not in (0, None):
            one_way += 1
        walls.append(Wall(start, end, _door(item, where)))
    if skipped:
        warnings.add("maps.warn.walls_no_move", n=skipped)
    if one_way:
        warnings.add("maps.warn.one_way", n=one_way)
    if degenerate:
        warnings.add("maps.warn.zero_walls", n=degenerate)
    return tuple(walls)


def _door(item: Mapping[str, Any], where: str) -> Door | None:
    """Return the wall's door state in the scene's terms, or None for a plain wall."""
    door = item.get("door", DoorType.NONE)
    if door in _NO_DOOR:
        return None
    if door not in _DOORS:
        raise InputError(
            "error.maps.foundry-door-type",
            file=Noun(_FOUNDRY),
            where=where,
            value=door,
            shown=show_value(door),
            valid=tuple(int(t) for t in DoorType),
        )
    state = item.get("ds", DoorState.CLOSED)
    if state in _OPEN:
        return Door.OPEN
    if state in _SHUT:
        return Door.CLOSED
    raise InputError(
        "error.maps.foundry-door-state",
        file=Noun(_FOUNDRY),
        where=where,
        value=state,
        shown=show_value(state),
        valid=tuple(int(s) for s in DoorState),
    )
