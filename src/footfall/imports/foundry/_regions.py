"""Read a Foundry scene's regions that change movement costs (``BaseRegion``, v12-v13).

A region's ``modifyMovementCost`` behaviour (core since v13) multiplies the cost of walking
(``difficulties.walk``) and flying (``fly``) in every square whose centre is inside one of
the region's shapes and not in one of its holes. A region becomes an `Area`; other
behaviours, regions off the ground and shapes footfall does not know are named in warnings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, Noun
from footfall.imports._terrain import Multiplier
from footfall.imports._values import (
    FileKind,
    ceil_fraction,
    expect_list,
    expect_object,
    floor_fraction,
    fmt_number,
    number,
    show_value,
)
from footfall.imports.foundry._document import Frame
from footfall.imports.foundry._shapes import NOTHING, Shape, Work, ellipse, polygon, rotated
from footfall.imports.result import Notice, Warnings, notice

__all__ = ["Area", "quoted", "read_region", "times"]

_FOUNDRY = FileKind.FOUNDRY

#: Region fields read (BaseRegion, v12-v13): ``name``, ``shapes``, ``behaviors``,
#: ``elevation`` (``bottom`` / ``top``, null unbounded). Colour, visibility, lock, flags and
#: v14 levels are listed as not imported.
_REGION_READ = frozenset({"name", "shapes", "behaviors", "elevation"})
#: Behaviour fields read: ``type``, ``disabled`` and, for ``modifyMovementCost`` (a core
#: behaviour since v13), ``system.difficulties``.
_BEHAVIOR_READ = frozenset({"type", "disabled", "system"})
#: Region shape fields read (BaseShapeData and subclasses: rectangle, circle, ellipse,
#: polygon), ``hole`` included.
_SHAPE_READ = frozenset(
    {"type", "hole", "x", "y", "width", "height", "rotation", "radius", "radiusX", "radiusY"}
    | {"points"}
)
#: The behaviour type that changes movement costs.
_MODIFY_COST = "modifyMovementCost"


def quoted(value: object) -> str:
    """Show a name in a warning: a string in quotes, anything else as JSON."""
    return repr(value) if isinstance(value, str) else show_value(value)


def times(a: Multiplier, b: Multiplier) -> Multiplier:
    """Multiply two cost multipliers; None (cannot be entered) wins."""
    return None if a is None or b is None else a * b


class Area:
    """A cost-modifying area: shapes (holes subtract), multipliers, a name for warnings."""

    def __init__(
        self,
        name: Notice,
        solids: Sequence[Shape],
        holes: Sequence[Shape],
        walk: Multiplier,
        fly: Multiplier,
    ) -> None:
        self.name, self.solids, self.holes, self.walk, self.fly = name, solids, holes, walk, fly

    def squares(self, frame: Frame, width: int, height: int, work: Work) -> list[tuple[int, int]]:
        """Return the squares whose centre is inside (or on the edge of) the area."""
        y0 = min(shape.box[1] for shape in self.solids)
        y1 = max(shape.box[3] for shape in self.solids)
        r0 = max(0, floor_fraction((y0 - frame.pad_y) / frame.size) - 1)
        r1 = min(height - 1, ceil_fraction((y1 - frame.pad_y) / frame.size) + 1)
        found: list[tuple[int, int]] = []
        for row in range(r0, r1 + 1):
            cols: set[int] = set()
            for shape in self.solids:
                cols |= shape.columns(frame, row, width, work)
            for hole in self.holes:
                if cols:
                    cols -= hole.columns(frame, row, width, work)
            found.extend((col, row) for col in sorted(cols))
        return found


def read_region(
    value: object, where: str, warnings: Warnings, ignored: dict[str, set[str]]
) -> Area | None:
    """Return region `value` as an `Area`, or None when it changes no movement cost."""
    region = expect_object(value, _FOUNDRY, where)
    ignored.setdefault("regions", set()).update(set(region) - _REGION_READ)
    name = str(region.get("name") or where)
    label = notice("maps.source.region", name=repr(name))
    costs = _costs(region, where, warnings, ignored, label)
    if costs is None or _off_ground(region, where, warnings, label):
        return None
    shapes = expect_list(region.get("shapes", []), _FOUNDRY, f"{where}.shapes", null=True)
    if not shapes:
        warnings.add("maps.warn.no_shapes", label=label)
        return None
    for shape in shapes:
        if isinstance(shape, Mapping):
            ignored.setdefault("shapes", set()).update(set(shape) - _SHAPE_READ)
    parts = [
        _shape(shape, f"{where}.shapes[{k}]", warnings, label) for k, shape in enumerate(shapes)
    ]
    solids = [shape for shape, hole in parts if not hole]
    holes = [shape for shape, hole in parts if hole]
    if not solids:
        return None
    walk, fly = costs
    return Area(label, solids, holes, walk, fly)


def _costs(
    region: Mapping[str, Any],
    where: str,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    label: Notice,
) -> tuple[Multiplier, Multiplier] | None:
    """Return the walk and fly multipliers of the region's cost behaviours (None: none)."""
    walk: Multiplier = Fraction(1)
    fly: Multiplier = Fraction(1)
    modifies = False
    behaviors = expect_list(region.get("behaviors", []), _FOUNDRY, f"{where}.behaviors", null=True)
    for j, value in enumerate(behaviors):
        behavior = expect_object(value, _FOUNDRY, f"{where}.behaviors[{j}]")
        ignored.setdefault("behaviors", set()).update(set(behavior) - _BEHAVIOR_READ)
        kind = behavior.get("type")
        if kind != _MODIFY_COST:
            warnings.add("maps.warn.behaviour", label=label, kind=quoted(kind))
            continue
        if behavior.get("disabled"):
            warnings.add("maps.warn.behaviour_disabled", label=label)
            continue
        system = behavior.get("system", {})
        difficulties = system.get("difficulties") if isinstance(system, Mapping) else None
        base = f"{where}.behaviors[{j}].system.difficulties"
        difficulties = expect_object(difficulties, _FOUNDRY, base)
        if "walk" not in difficulties:
            warnings.add("maps.warn.no_walk", label=label)
        walk = times(walk, _difficulty(difficulties.get("walk", 1), f"{base}.walk"))
        # Every movement action the behaviour does not derive is a required field whose
        # initial value is 1 (ModifyMovementCostRegionBehaviorType.defineSchema, v13): an
        # export without "fly" gives flyers 1, not the walking cost.
        fly = times(fly, _difficulty(difficulties.get("fly", 1), f"{base}.fly"))
        ignored.setdefault("difficulties", set()).update(set(difficulties) - {"walk", "fly"})
        modifies = True
    return (walk, fly) if modifies else None


def _off_ground(region: Mapping[str, Any], where: str, warnings: Warnings, label: Notice) -> bool:
    """Tell whether the region lies wholly above or below the ground (a warning says so).

    A token on the ground (elevation 0) is in the region only when bottom <= 0 <= top
    (null: unbounded); a region wholly above or below the ground does not hamper it.
    """
    elevation = region.get("elevation")
    if not isinstance(elevation, Mapping):
        return False
    bottom, top = elevation.get("bottom"), elevation.get("top")
    low = None if bottom is None else number(bottom, _FOUNDRY, f"{where}.elevation.bottom")
    high = None if top is None else number(top, _FOUNDRY, f"{where}.elevation.top")
    if (low is not None and low > 0) or (high is not None and high < 0):
        shown = [("-" if x is None else fmt_number(x)) for x in (low, high)]
        warnings.add("maps.warn.region_off_ground", label=label, low=shown[0], high=shown[1])
        return True
    return False


def _difficulty(value: object, where: str) -> Multiplier:
    if value is None:
        return None
    result = number(value, _FOUNDRY, where)
    if result < 0:
        raise InputError(
            "error.maps.foundry-difficulty",
            file=Noun(_FOUNDRY),
            where=where,
            value=result,
            got=result,
        )
    return result


def _shape(value: object, where: str, warnings: Warnings, label: Notice) -> tuple[Shape, bool]:
    """Return one region shape and whether it is a hole."""
    shape = expect_object(value, _FOUNDRY, where)
    kind = shape.get("type")
    hole = bool(shape.get("hole", False))

    def num(key: str, default: object = None) -> Fraction:
        if key not in shape and default is None:
            raise InputError(
                "error.maps.foundry-shape-field",
                file=Noun(_FOUNDRY),
                where=where,
                kind=kind,
                key=repr(key),
            )
        return number(shape.get(key, default), _FOUNDRY, f"{where}.{key}")

    if kind == "polygon":
        return _polygon_shape(shape, where), hole
    if kind == "rectangle":
        x, y, w, h = num("x"), num("y"), num("width"), num("height")
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        rotation = num("rotation", 0) % 360
        if rotation:
            corners = rotated(corners, (x + w / 2, y + h / 2), rotation)
        return polygon(corners), hole
    if kind in ("circle", "ellipse"):
        cx, cy = num("x"), num("y")
        if kind == "circle":
            rx = ry = num("radius")
            rotation = Fraction(0)
        else:
            rx, ry = num("radiusX"), num("radiusY")
            rotation = num("rotation", 0) % 180
        if rx <= 0 or ry <= 0:
            raise InputError(
                "error.maps.foundry-radii", file=Noun(_FOUNDRY), where=where, kind=kind
            )
        if rotation == 90:
            rx, ry, rotation = ry, rx, Fraction(0)
        reach = max(rx, ry)
        box = (cx - reach, cy - reach, cx + reach, cy + reach)
        return Shape(ellipse(cx, cy, rx, ry, rotation), box), hole
    warnings.add("maps.warn.shape_type", label=label, kind=quoted(kind))
    return NOTHING, hole


def _polygon_shape(shape: Mapping[str, Any], where: str) -> Shape:
    """Return a polygon shape from its flat ``points`` list ``[x0, y0, x1, y1, ...]``."""
    flat = expect_list(shape.get("points"), _FOUNDRY, f"{where}.points", null=True)
    if len(flat) < 6 or len(flat) % 2:
        raise InputError("error.maps.foundry-polygon", file=Noun(_FOUNDRY), where=where)
    pts = [
        (
            number(flat[k], _FOUNDRY, f"{where}.points[{k}]"),
            number(flat[k + 1], _FOUNDRY, f"{where}.points[{k + 1}]"),
        )
        for k in range(0, len(flat), 2)
    ]
    return polygon(pts)
