"""Read Foundry VTT scene exports (the JSON of "Export Data" on a scene), v9 to v13 layouts.

What is read, in pixels of the Foundry canvas:

- the grid: v11+ ``grid: {"type", "size", "distance", "units"}``, or the older number
  ``grid: 100`` with ``gridDistance`` / ``gridUnits`` / ``gridType`` beside it. The scene's
  ``width`` x ``height`` pixels start after the padding: Foundry adds
  ``ceil(padding * width / size)`` squares left and right (the same for the height), so
  square (0, 0) of the imported map has its top-left corner at that many squares of pixels;
- walls ``c = [x0, y0, x1, y1]``: a wall whose movement restriction is none (``move`` 0 or
  ``"none"``) does not block movement and is not imported; ``door`` 1 (door) or 2 (secret
  door) with ``ds`` 0 closed, 1 open, 2 locked (imported as closed);
- tokens: the top-left square of their space, ``width`` (grid units) -> size of the chosen
  system, ``disposition`` 1 friendly, 0 neutral, -1 hostile, -2 secret -> side;
- regions whose ``modifyMovementCost`` behaviour (core since v13) sets
  ``difficulties.walk`` (and ``fly``, initial 1): a square is in a region when its centre is
  inside the region's shapes (rectangle, circle, ellipse, polygon; holes subtract);
  overlapping regions multiply (TerrainData.resolveTerrainEffects); see `terrain_for` for
  the mapping of a multiplier to map characters;
- the Enhanced Terrain Layer's terrain (``flags["enhanced-terrain-layer"]["terrain<id>"]``,
  both its v9 and v10+ layouts; `footfall.imports._etl`), tested at square centres by PIXI's
  rules; overlapping entries take the largest multiple, which multiplies with the regions;
- the exporting release (``_stats.coreVersion``, ``flags.exportSource.coreVersion``): older
  than v9 is refused, newer than v13 read with a warning.

Everything else that can matter on a map (lights, sounds, tiles, drawings, notes, templates,
hidden tokens, one-way walls, token elevation, other region behaviours) is named in a
warning; every field read by nobody is listed by name under ``x-import.ignored`` (the import
report). docs/maps.md ("Where the formats come from") cites the sources of each meaning.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from footfall.errors import InputError, LimitError
from footfall.imports._common import (
    EXTRA_LEGEND,
    MAX_IMPORT_WALLS,
    Multiplier,
    TokenPlacement,
    Warnings,
    ceil_fraction,
    check_map_size,
    floor_fraction,
    fmt_number,
    load_json,
    merge_overlay,
    number,
    place_creatures,
    show_value,
    size_for_width,
    terrain_for,
    unique_id,
)
from footfall.imports._etl import ETL, EtlTerrain, is_etl_template, read_etl
from footfall.imports.result import ImportResult, Notice, notice
from footfall.limits import LIMITS
from footfall.scene import (
    DEFAULT_LEGEND,
    MAX_SQUARE,
    MAX_SQUARE_DENOMINATOR,
    MIN_SQUARE,
    Creature,
    Point,
    Scene,
    Wall,
)

__all__ = ["BACKGROUND_WARNING", "SIDES", "read_foundry"]

_WHAT = "Foundry scene"

#: Token disposition -> creature side (Foundry's CONST.TOKEN_DISPOSITIONS).
SIDES: dict[int, str] = {1: "friendly", 0: "neutral", -1: "hostile", -2: "secret"}

#: Scene collections footfall does not import (each named by its catalog key ``maps.what.*``).
_UNSUPPORTED_KEYS = ("lights", "sounds", "tiles", "drawings", "notes", "templates")
_UNSUPPORTED = {key: f"maps.what.{key}" for key in _UNSUPPORTED_KEYS}

#: Unit each system counts squares in, and the side of its default square (SCENE.md).
_SYSTEM_UNITS: dict[str, tuple[tuple[str, ...], Fraction]] = {
    "pf1e": (("ft", "ft.", "feet", "foot"), Fraction(5)),
    "dnd35": (("ft", "ft.", "feet", "foot"), Fraction(5)),
    "dh2e": (("m", "m.", "meter", "meters", "metre", "metres"), Fraction(1)),
    "drawsteel": (("sq", "square", "squares", ""), Fraction(1)),
}

#: Top-level keys of a scene export this importer reads or reports (each cited where read);
#: any other key is listed under ``x-import.ignored.scene``.
_SCENE_READ = frozenset(
    {
        "width",
        "height",
        "padding",
        "grid",
        "gridType",
        "gridDistance",
        "gridUnits",
        "background",
        "img",
        "shiftX",
        "shiftY",
        "walls",
        "tokens",
        "regions",
        "flags",
        "_stats",
        *_UNSUPPORTED_KEYS,
    }
)
#: Foundry releases whose scene exports this importer reads (v9 layout to v13 layout).
SUPPORTED_VERSIONS = (9, 13)
#: Foundry's grid types (CONST.GRID_TYPES): 0 gridless, 1 square, 2-5 hexagonal.
_HEX_TYPES = (2, 3, 4, 5)

#: Catalog key of the warning about the picture a Foundry export only names.
BACKGROUND_WARNING = "maps.warn.foundry_background"


class _Frame:
    """Turns canvas pixels into grid units of the imported map."""

    def __init__(self, size: Fraction, pad_x: Fraction, pad_y: Fraction) -> None:
        self.size, self.pad_x, self.pad_y = size, pad_x, pad_y

    def point(self, x: Fraction, y: Fraction) -> Point:
        return (x - self.pad_x) / self.size, (y - self.pad_y) / self.size

    def centre_px(self, col: int, row: int) -> tuple[Fraction, Fraction]:
        half = Fraction(1, 2)
        return (
            self.pad_x + (col + half) * self.size,
            self.pad_y + (row + half) * self.size,
        )


def read_foundry(
    data: bytes | str | Mapping[str, Any],
    *,
    system: str,
    terrain: Sequence[str] | None = None,
) -> ImportResult:
    """Import a Foundry VTT scene export as a scene of `system`.

    `terrain` is an optional plain-text overlay (default-legend characters, the map's size)
    written over the imported terrain (``.`` keeps it). The background picture is not part of
    a Foundry export: its path is reported in a warning and kept under ``x-import``.
    """
    doc = load_json(data, _WHAT) if isinstance(data, bytes | str) else data
    if not isinstance(doc, Mapping):
        raise InputError(f"{_WHAT}: expected a JSON object, got {type(doc).__name__}")
    if "resolution" in doc and "grid" not in doc:
        raise InputError(f"{_WHAT}: this looks like a Universal VTT file (it has 'resolution')")
    warnings = Warnings()
    ignored: dict[str, set[str]] = {}
    _check_version(doc, warnings)
    size, distance, units = _grid(doc, warnings)
    width_px = _positive(doc, "width")
    height_px = _positive(doc, "height")
    padding = number(doc.get("padding", Fraction(1, 4)), f"{_WHAT}: padding")
    if not 0 <= padding <= 1:
        raise InputError(f"{_WHAT}: padding must be between 0 and 1, got {fmt_number(padding)}")
    width, height = ceil_fraction(width_px / size), ceil_fraction(height_px / size)
    check_map_size(width, height, f"{_WHAT}: width x height / grid size")
    pad_x = _padding_squares(padding, width_px, size) * size
    pad_y = _padding_squares(padding, height_px, size) * size
    frame = _Frame(size, pad_x, pad_y)

    walls = _walls(_list(doc.get("walls", []), "walls"), frame, warnings, ignored)

    legend = dict(DEFAULT_LEGEND)
    rows = _terrain(doc, system, frame, width, height, warnings, ignored, distance)
    if any(char in EXTRA_LEGEND for row in rows for char in row):
        legend.update(EXTRA_LEGEND)
    if terrain is not None:
        merge_overlay(rows, terrain, legend)
    text_rows = tuple("".join(row) for row in rows)

    proposed = _tokens(_list(doc.get("tokens", []), "tokens"), system, frame, warnings, ignored)
    creatures = place_creatures(system, text_rows, legend, proposed, warnings)

    for key, label in _UNSUPPORTED.items():
        items = doc.get(key)
        if key == "templates" and isinstance(items, list):  # ETL spell areas are terrain
            items = [item for item in items if not is_etl_template(item)]
        if isinstance(items, list) and items:
            warnings.add("maps.warn.collection", n=len(items), what=notice(label))
    extent = (width_px / size, height_px / size)
    info: dict[str, Any] = {"format": "foundry", "grid_size_px": str(size)}
    if extent != (Fraction(width), Fraction(height)):
        info["extent"] = [str(extent[0]), str(extent[1])]
    src = _background_src(doc)
    if src:
        info["background_src"] = src
        warnings.add(BACKGROUND_WARNING, src=repr(src))
    offset = _background_offset(doc)
    if any(offset):
        # Scene#getDimensions: sceneX = padding x - background.offsetX (same for y); the
        # picture's top-left corner, in squares of the imported map, is -offset / size.
        info["background_origin"] = [str(-offset[0] / size), str(-offset[1] / size)]
    square = _square(system, distance, units, warnings)
    ignored["scene"] = set(doc) - _SCENE_READ
    flags = doc.get("flags")
    if isinstance(flags, Mapping):
        ignored["scene"].update(f"flags.{key}" for key in flags if key != ETL)
    report = {part: sorted(keys) for part, keys in sorted(ignored.items()) if keys}
    if report:  # the import report: field names read by nobody (docs/maps.md)
        info["ignored"] = report
    scene = Scene(
        system=system,
        rows=text_rows,
        legend=legend,
        walls=walls,
        creatures=creatures,
        square=square,
        extra={"x-import": info},
    )
    return ImportResult.of(scene, warnings.items(), None)


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------


def _quoted(value: object) -> str:
    """Show a name in a warning: a string in quotes, anything else as JSON."""
    return repr(value) if isinstance(value, str) else show_value(value)


def _list(value: object, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"{_WHAT}: {where}: expected a list, got {type(value).__name__}")
    return value


def _positive(doc: Mapping[str, Any], key: str) -> Fraction:
    if key not in doc:
        raise InputError(f"{_WHAT}: missing {key!r} (the scene's size in pixels)")
    value = number(doc[key], f"{_WHAT}: {key}")
    if value <= 0:
        raise InputError(f"{_WHAT}: {key} must be more than 0, got {fmt_number(value)}")
    return value


def _padding_squares(padding: Fraction, length: Fraction, size: Fraction) -> int:
    """Return how many squares of padding Foundry puts before the scene along one axis.

    Foundry computes ``Math.ceil((padding * width) * (1 / size))`` in doubles (Scene
    ``getDimensions``: v10-v11 through ``Number#toNearest``, v12+ ``calculateDimensions``,
    whose source warns not to change that float expression). The float product can land a
    hair above a whole number (0.05 * 6300 * (1/105) = 3.0000000000000004), and Foundry then
    pads one square more than exact arithmetic would; every wall and token sits after that
    padding, so footfall repeats Foundry's own float computation here (it decides where the
    map starts, as Foundry decided it, not a rule comparison).
    """
    try:
        squares = (float(padding) * float(length)) * (1 / float(size))
    except (OverflowError, ZeroDivisionError):
        squares = math.inf
    if not math.isfinite(squares):
        raise InputError(
            f"{_WHAT}: grid.size {show_value(size)} and the scene's size {show_value(length)} "
            "are beyond what Foundry can lay out (over 1e308 pixels)"
        )
    return math.ceil(squares)


def _core_version(doc: Mapping[str, Any]) -> object:
    """Return the Foundry version that exported `doc`, as written, or None if not recorded.

    v10+ documents carry ``_stats.coreVersion`` (v12+ also ``_stats.exportSource``); an
    "Export Data" file of v9 or older has ``flags.exportSource.coreVersion`` instead.
    """
    stats = doc.get("_stats")
    if isinstance(stats, Mapping):
        if stats.get("coreVersion") is not None:
            return stats["coreVersion"]
        source = stats.get("exportSource")
        if isinstance(source, Mapping) and source.get("coreVersion") is not None:
            return source["coreVersion"]
    flags = doc.get("flags")
    source = flags.get("exportSource") if isinstance(flags, Mapping) else None
    if isinstance(source, Mapping):
        return source.get("coreVersion")
    return None


def _check_version(doc: Mapping[str, Any], warnings: Warnings) -> None:
    """Refuse an export of a Foundry release older than v9; warn about one newer than v13."""
    version = _core_version(doc)
    if version is None:
        return
    low, high = SUPPORTED_VERSIONS
    supported = f"footfall reads scene exports of Foundry v{low} to v{high}"
    head = version.split(".", 1)[0] if isinstance(version, str) else ""
    if not head.isdigit():
        raise InputError(
            f"{_WHAT}: coreVersion {show_value(version)} is not a Foundry version "
            f'(like "13.345"); {supported}'
        )
    major = int(head)
    if major < low:
        raise InputError(f"{_WHAT}: exported by Foundry {version}; {supported}")
    if major > high:
        warnings.add("maps.warn.foundry_newer", version=version, high=high)


def _grid(doc: Mapping[str, Any], warnings: Warnings) -> tuple[Fraction, Fraction, str]:
    """Return the grid's size in pixels, its distance and units, from any layout v9-v13."""
    grid = doc.get("grid")
    if isinstance(grid, Mapping):
        size_v, kind = grid.get("size"), grid.get("type", 1)
        distance_v, units = grid.get("distance", 5), grid.get("units", "ft")
    elif grid is not None:
        size_v, kind = grid, doc.get("gridType", 1)
        distance_v, units = doc.get("gridDistance", 5), doc.get("gridUnits", "ft")
    else:
        raise InputError(f"{_WHAT}: missing 'grid' (the grid size in pixels)")
    if size_v is None:
        raise InputError(f"{_WHAT}: grid.size is missing")
    size = number(size_v, f"{_WHAT}: grid.size")
    if size <= 0:
        raise InputError(f"{_WHAT}: grid.size must be more than 0, got {fmt_number(size)}")
    if isinstance(kind, bool) or not isinstance(kind, int):
        raise InputError(f"{_WHAT}: grid.type must be a number, got {show_value(kind)}")
    if kind in _HEX_TYPES:
        raise InputError(
            f"{_WHAT}: grid.type {kind} is a hex grid; footfall maps are square grids (grid.type 1)"
        )
    if kind not in (0, 1):
        raise InputError(
            f"{_WHAT}: grid.type {kind} is not a Foundry grid type "
            "(0 gridless, 1 square, 2-5 hex); footfall reads square grids (grid.type 1)"
        )
    if kind == 0:
        warnings.add("maps.warn.gridless")
    distance = number(distance_v, f"{_WHAT}: grid.distance")
    if not isinstance(units, str):
        raise InputError(f"{_WHAT}: grid.units must be a string, got {show_value(units)}")
    return size, distance, units.strip().lower()


def _square(system: str, distance: Fraction, units: str, warnings: Warnings) -> Fraction | None:
    """Return the scene's ``square`` when the grid's distance differs from the default."""
    names, default = _SYSTEM_UNITS.get(system, ((), Fraction(1)))
    if units not in names:
        warnings.add(
            "maps.warn.units",
            distance=fmt_number(distance),
            units=units or notice("maps.word.no_unit"),
            system=system,
            default=fmt_number(default),
            unit=names[0],
        )
        return None
    if distance <= 0 or distance == default or system == "drawsteel":
        return None
    # The scene's own bounds on `square` (scene.py), named here as the export's field.
    if not MIN_SQUARE <= distance <= MAX_SQUARE or distance.denominator > MAX_SQUARE_DENOMINATOR:
        raise InputError(
            f"{_WHAT}: grid.distance {fmt_number(distance)} {units} is not a usable square "
            f"(0.01 to {MAX_SQUARE} {names[0]}, at most 3 decimals)"
        )
    return distance


def _background_offset(doc: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
    """Return the picture's ``offsetX``, ``offsetY`` in pixels (v10+; older ``shiftX/Y``)."""
    background = doc.get("background")
    if isinstance(background, Mapping):
        keys, where = ("offsetX", "offsetY"), "background."
        values = background
    else:
        keys, where = ("shiftX", "shiftY"), ""
        values = doc
    return (
        number(values.get(keys[0]) or 0, f"{_WHAT}: {where}{keys[0]}"),
        number(values.get(keys[1]) or 0, f"{_WHAT}: {where}{keys[1]}"),
    )


def _background_src(doc: Mapping[str, Any]) -> str | None:
    background = doc.get("background")
    if isinstance(background, Mapping):
        src = background.get("src")
        return src if isinstance(src, str) and src else None
    img = doc.get("img")
    return img if isinstance(img, str) and img else None


# ---------------------------------------------------------------------------------------------
# Walls
# ---------------------------------------------------------------------------------------------

_MOVE_NONE = (0, "none")
_MOVE_NORMAL = (1, 20, "normal", "limited", 10, 30, "proximity", 40, "distance")


#: Wall fields read (BaseWall.defineSchema, v10-v13): ``c`` the segment, ``move`` the
#: movement restriction (CONST.WALL_MOVEMENT_TYPES NONE 0 / NORMAL 20; v9 NONE 0 / NORMAL 1),
#: ``door`` (CONST.WALL_DOOR_TYPES NONE 0, DOOR 1, SECRET 2), ``ds`` (CONST.WALL_DOOR_STATES
#: CLOSED 0, OPEN 1, LOCKED 2), ``dir`` (CONST.WALL_DIRECTIONS BOTH 0, LEFT 1, RIGHT 2).
#: Everything else (light, sight, sound, v9 sense, threshold, doorSound, animation, flags,
#: _id) concerns vision, light, sound or looks and is listed as not imported.
_WALL_READ = frozenset({"c", "move", "door", "ds", "dir"})


def _walls(
    items: list[Any], frame: _Frame, warnings: Warnings, ignored: dict[str, set[str]]
) -> tuple[Wall, ...]:
    if len(items) > MAX_IMPORT_WALLS:
        raise LimitError(
            f"{_WHAT}: {len(items)} walls is over the import limit of {MAX_IMPORT_WALLS}"
        )
    walls: list[Wall] = []
    skipped = one_way = degenerate = 0
    for i, item in enumerate(items):
        where = f"walls[{i}]"
        if not isinstance(item, Mapping):
            raise InputError(f"{_WHAT}: {where}: expected an object")
        ignored.setdefault("walls", set()).update(set(item) - _WALL_READ)
        c = item.get("c")
        if not isinstance(c, list) or len(c) != 4:
            raise InputError(f"{_WHAT}: {where}.c: expected [x0, y0, x1, y1], got {show_value(c)}")
        x0, y0, x1, y1 = (number(v, f"{_WHAT}: {where}.c[{k}]") for k, v in enumerate(c))
        move = item.get("move", 20)
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


def _door(item: Mapping[str, Any], where: str) -> Literal["open", "closed"] | None:
    door = item.get("door", 0)
    if door in (0, None, "none"):
        return None
    if door not in (1, 2, "door", "secret"):
        raise InputError(
            f"{_WHAT}: {where}.door: unknown door type {show_value(door)} (known: 0, 1, 2)"
        )
    state = item.get("ds", 0)
    if state in (1, "open"):
        return "open"
    if state in (0, 2, None, "closed", "locked"):
        return "closed"
    raise InputError(
        f"{_WHAT}: {where}.ds: unknown door state {show_value(state)} "
        "(known: 0 closed, 1 open, 2 locked)"
    )


# ---------------------------------------------------------------------------------------------
# Terrain: regions and Enhanced Terrain Layer
# ---------------------------------------------------------------------------------------------

#: A test "is this canvas point inside?" with the point's pixel coordinates.
Inside = Callable[[Fraction, Fraction], bool]
#: Pixel bounding box ``(x0, y0, x1, y1)``.
Box = tuple[Fraction, Fraction, Fraction, Fraction]


class _Shape:
    """One closed shape: a point test, its bounding box, and (polygons) exact scanline spans."""

    def __init__(
        self,
        inside: Inside,
        box: Box,
        spans: Callable[[Fraction], list[tuple[Fraction, Fraction]]] | None = None,
        *,
        half_open: bool = False,
    ) -> None:
        self.inside, self.box, self.spans = inside, box, spans
        #: Spans are ``[a, b)`` (PIXI's rule, ETL) instead of ``[a, b]`` (regions).
        self.half_open = half_open

    def columns(self, frame: _Frame, row: int, width: int, work: _Work) -> set[int]:
        """Return the columns of `row` whose square centre is inside or on the edge."""
        cy = frame.centre_px(0, row)[1]
        x0, y0, x1, y1 = self.box
        if not y0 <= cy <= y1:
            return set()
        found: set[int] = set()
        if self.spans is not None:
            half = Fraction(1, 2)
            spans = self.spans(cy)
            work.spend(2 * len(spans), CROSSING)
            for a, b in spans:
                # Centre of column c is pad_x + (c + 1/2) * size: solve a <= centre <= b.
                first = max(0, ceil_fraction((a - frame.pad_x) / frame.size - half))
                end = (b - frame.pad_x) / frame.size - half
                last = ceil_fraction(end) - 1 if self.half_open else floor_fraction(end)
                last = min(width - 1, last)
                if last >= first:
                    work.spend(last - first + 1, FILL)
                    found.update(range(first, last + 1))
            return found
        c0 = max(0, floor_fraction((x0 - frame.pad_x) / frame.size) - 1)
        c1 = min(width - 1, ceil_fraction((x1 - frame.pad_x) / frame.size) + 1)
        work.spend(c1 - c0 + 1, POINT_TEST)
        for col in range(c0, c1 + 1):
            if self.inside(frame.centre_px(col, row)[0], cy):
                found.add(col)
        return found


#: Cost of one step of placing regions, in units of about 0.05 us (measured under load): a
#: square added to a row, an edge crossing a row computed exactly and sorted, a square
#: centre tested against a circle or ellipse.
FILL, CROSSING, POINT_TEST = 1, 600, 500
#: Most work the regions of one scene may take: about 10 s under load. Room for dozens of
#: map-wide rectangles or polygons of thousands of points on a 1000x1000 map; not for a
#: circle over most of such a map (up to 400 000 squares), nor zigzags crossing every row.
MAX_REGION_WORK = LIMITS.region_work


class _Work:
    """Count the work spent placing regions; past `MAX_REGION_WORK`, raise `LimitError`."""

    def __init__(self) -> None:
        self.spent = 0

    def spend(self, steps: int, unit: int) -> None:
        self.spent += steps * unit
        if self.spent > MAX_REGION_WORK:
            raise LimitError(
                f"{_WHAT}: the regions are too detailed to place on the grid "
                "(too many edges crossing too many rows, or circles over too many squares); "
                "simplify or shrink them"
            )


_NOTHING = _Shape(lambda x, y: False, (Fraction(1), Fraction(1), Fraction(0), Fraction(0)))


class _Area:
    """A cost-modifying area: shapes (holes subtract), multipliers, a name for warnings."""

    def __init__(
        self,
        name: Notice,
        solids: Sequence[_Shape],
        holes: Sequence[_Shape],
        walk: Multiplier,
        fly: Multiplier,
    ) -> None:
        self.name, self.solids, self.holes, self.walk, self.fly = name, solids, holes, walk, fly

    def squares(self, frame: _Frame, width: int, height: int, work: _Work) -> list[tuple[int, int]]:
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


def _terrain(
    doc: Mapping[str, Any],
    system: str,
    frame: _Frame,
    width: int,
    height: int,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    grid_distance: Fraction,
) -> list[list[str]]:
    """Build the rows: open ground, then every cost-modifying area by the centre rule."""
    walk: dict[tuple[int, int], Multiplier] = {}
    fly: dict[tuple[int, int], Multiplier] = {}
    sources: dict[tuple[int, int], Notice] = {}
    work = _Work()

    one = Fraction(1)

    def apply(area: _Area) -> None:
        # Few distinct products occur; computing each once per area (keyed by the identity
        # of the value already there) spares a million squares a Fraction product each.
        walked: dict[int, tuple[Multiplier, Multiplier]] = {}
        flown: dict[int, tuple[Multiplier, Multiplier]] = {}
        for col, row in area.squares(frame, width, height, work):
            key = (col, row)
            before = walk.get(key, one)
            known = walked.get(id(before))
            if known is None:
                known = walked[id(before)] = (before, _times(before, area.walk))
            walk[key] = known[1]
            before = fly.get(key, one)
            known = flown.get(id(before))
            if known is None:
                known = flown[id(before)] = (before, _times(before, area.fly))
            fly[key] = known[1]
            sources.setdefault(key, area.name)

    for i, region in enumerate(_list(doc.get("regions", []), "regions")):
        area = _region(region, f"regions[{i}]", warnings, ignored)
        if area is not None:
            apply(area)
    # ETL terrain: overlapping entries take the largest multiple (its rule provider's default
    # "maximum"); that result then multiplies with the regions, as one more cost effect.
    etl_max: dict[tuple[int, int], tuple[Fraction, Notice]] = {}
    per_unit = frame.size / grid_distance if grid_distance > 0 else None
    for terrain in read_etl(doc, warnings, ignored, per_unit):
        area = _Area(terrain.label, [_etl_shape(terrain)], [], terrain.multiple, one)
        for col, row in area.squares(frame, width, height, work):
            best = etl_max.get((col, row))
            if best is None or terrain.multiple > best[0]:
                etl_max[(col, row)] = (terrain.multiple, terrain.label)
    for key, (multiple, label) in etl_max.items():
        walk[key] = _times(walk.get(key, one), multiple)
        fly.setdefault(key, one)
        sources.setdefault(key, label)
    _etl_elsewhere(doc, warnings)
    rows = [["."] * width for _ in range(height)]
    chars: dict[tuple[int, int, int], tuple[Multiplier, Multiplier, Notice, str]] = {}
    for (col, row), multiplier in walk.items():
        flying, source = fly[(col, row)], sources[(col, row)]
        memo = (id(multiplier), id(flying), id(source))
        known = chars.get(memo)
        if known is None:
            char = terrain_for(system, multiplier, flying, source, warnings)
            known = chars[memo] = (multiplier, flying, source, char)
        rows[row][col] = known[3]
    return rows


def _times(a: Multiplier, b: Multiplier) -> Multiplier:
    return None if a is None or b is None else a * b


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


def _region(
    value: object, where: str, warnings: Warnings, ignored: dict[str, set[str]]
) -> _Area | None:
    if not isinstance(value, Mapping):
        raise InputError(f"{_WHAT}: {where}: expected an object")
    ignored.setdefault("regions", set()).update(set(value) - _REGION_READ)
    name = str(value.get("name") or where)
    label = notice("maps.source.region", name=repr(name))
    walk: Multiplier = Fraction(1)
    fly: Multiplier = Fraction(1)
    modifies = False
    for j, behavior in enumerate(_list(value.get("behaviors", []), f"{where}.behaviors")):
        if not isinstance(behavior, Mapping):
            raise InputError(f"{_WHAT}: {where}.behaviors[{j}]: expected an object")
        ignored.setdefault("behaviors", set()).update(set(behavior) - _BEHAVIOR_READ)
        kind = behavior.get("type")
        if kind != "modifyMovementCost":
            warnings.add("maps.warn.behaviour", label=label, kind=_quoted(kind))
            continue
        if behavior.get("disabled"):
            warnings.add("maps.warn.behaviour_disabled", label=label)
            continue
        system = behavior.get("system", {})
        difficulties = system.get("difficulties") if isinstance(system, Mapping) else None
        if not isinstance(difficulties, Mapping):
            raise InputError(
                f"{_WHAT}: {where}.behaviors[{j}].system.difficulties: expected an object"
            )
        if "walk" not in difficulties:
            warnings.add("maps.warn.no_walk", label=label)
        base = f"{where}.behaviors[{j}].system.difficulties"
        walk = _times(walk, _difficulty(difficulties.get("walk", 1), f"{base}.walk"))
        # Every movement action the behaviour does not derive is a required field whose
        # initial value is 1 (ModifyMovementCostRegionBehaviorType.defineSchema, v13): an
        # export without "fly" gives flyers 1, not the walking cost.
        fly = _times(fly, _difficulty(difficulties.get("fly", 1), f"{base}.fly"))
        ignored.setdefault("difficulties", set()).update(set(difficulties) - {"walk", "fly"})
        modifies = True
    if not modifies:
        return None
    elevation = value.get("elevation")
    if isinstance(elevation, Mapping):
        # A token on the ground (elevation 0) is in the region only when bottom <= 0 <= top
        # (null: unbounded); a region wholly above or below the ground does not hamper it.
        bottom, top = elevation.get("bottom"), elevation.get("top")
        low = None if bottom is None else number(bottom, f"{_WHAT}: {where}.elevation.bottom")
        high = None if top is None else number(top, f"{_WHAT}: {where}.elevation.top")
        if (low is not None and low > 0) or (high is not None and high < 0):
            shown = [("-" if x is None else fmt_number(x)) for x in (low, high)]
            warnings.add("maps.warn.region_off_ground", label=label, low=shown[0], high=shown[1])
            return None
    shapes = _list(value.get("shapes", []), f"{where}.shapes")
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
    return _Area(label, solids, holes, walk, fly)


def _difficulty(value: object, where: str) -> Multiplier:
    if value is None:
        return None
    result = number(value, f"{_WHAT}: {where}")
    if result < 0:
        raise InputError(f"{_WHAT}: {where}: a difficulty cannot be negative, got {result}")
    return result


def _shape(value: object, where: str, warnings: Warnings, label: Notice) -> tuple[_Shape, bool]:
    """Return one region shape and whether it is a hole."""
    if not isinstance(value, Mapping):
        raise InputError(f"{_WHAT}: {where}: expected an object")
    kind = value.get("type")
    hole = bool(value.get("hole", False))

    def num(key: str, default: object = None) -> Fraction:
        if key not in value and default is None:
            raise InputError(f"{_WHAT}: {where}: a {kind} shape needs {key!r}")
        return number(value.get(key, default), f"{_WHAT}: {where}.{key}")

    if kind == "polygon":
        flat = _list(value.get("points"), f"{where}.points")
        if len(flat) < 6 or len(flat) % 2:
            raise InputError(
                f"{_WHAT}: {where}.points: a polygon needs at least 3 points (x, y pairs)"
            )
        pts = [
            (
                number(flat[k], f"{_WHAT}: {where}.points[{k}]"),
                number(flat[k + 1], f"{_WHAT}: {where}.points[{k + 1}]"),
            )
            for k in range(0, len(flat), 2)
        ]
        return _polygon(pts), hole
    if kind == "rectangle":
        x, y, w, h = num("x"), num("y"), num("width"), num("height")
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        rotation = num("rotation", 0) % 360
        if rotation:
            corners = _rotated(corners, (x + w / 2, y + h / 2), rotation)
        return _polygon(corners), hole
    if kind in ("circle", "ellipse"):
        cx, cy = num("x"), num("y")
        if kind == "circle":
            rx = ry = num("radius")
            rotation = Fraction(0)
        else:
            rx, ry = num("radiusX"), num("radiusY")
            rotation = num("rotation", 0) % 180
        if rx <= 0 or ry <= 0:
            raise InputError(f"{_WHAT}: {where}: a {kind} needs positive radii")
        if rotation == 90:
            rx, ry, rotation = ry, rx, Fraction(0)
        reach = max(rx, ry)
        box = (cx - reach, cy - reach, cx + reach, cy + reach)
        return _Shape(_ellipse(cx, cy, rx, ry, rotation), box), hole
    warnings.add("maps.warn.shape_type", label=label, kind=_quoted(kind))
    return _NOTHING, hole


def _bbox(
    pts: Sequence[tuple[Fraction, Fraction]],
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    return (
        min(p[0] for p in pts),
        min(p[1] for p in pts),
        max(p[0] for p in pts),
        max(p[1] for p in pts),
    )


def _rotated(
    pts: Sequence[tuple[Fraction, Fraction]], centre: tuple[Fraction, Fraction], degrees: Fraction
) -> list[tuple[Fraction, Fraction]]:
    """Rotate `pts` about `centre` clockwise on screen (y down), as Foundry rotates shapes.

    Quarter turns are exact; other angles go through floating point (the editor's own
    geometry), then back to exact fractions of those floats.
    """
    quarter = {Fraction(90): (0, 1), Fraction(180): (-1, 0), Fraction(270): (0, -1)}
    cos_s = quarter.get(degrees)
    if cos_s is not None:
        cos, sin = Fraction(cos_s[0]), Fraction(cos_s[1])
    else:
        angle = math.radians(float(degrees))
        cos, sin = Fraction(math.cos(angle)), Fraction(math.sin(angle))
    cx, cy = centre
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in pts
    ]


def _polygon(pts: Sequence[tuple[Fraction, Fraction]], *, half_open: bool = False) -> _Shape:
    """Return a polygon (even-odd rule, boundary inside) with exact point test and spans.

    With `half_open`, the boundary follows PIXI's ``Polygon.contains`` instead, the test the
    Enhanced Terrain Layer uses: a point counts when a ray to its right crosses an odd number
    of edges, an edge counting when ``(ya > y) != (yb > y)`` and the point is strictly left of
    it. On an axis-aligned rectangle that is ``[x0, x1) x [y0, y1)``: left and top edges in,
    right and bottom edges out (the same as ``PIXI.Rectangle.contains``).
    """
    edges = list(zip(pts, [*pts[1:], pts[0]], strict=True))

    def inside(x: Fraction, y: Fraction) -> bool:
        crossings = False
        for (ax, ay), (bx, by) in edges:
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            if (
                not half_open
                and cross == 0
                and min(ax, bx) <= x <= max(ax, bx)
                and min(ay, by) <= y <= max(ay, by)
            ):
                return True
            if (ay > y) != (by > y):
                x_at = ax + (y - ay) * (bx - ax) / (by - ay)
                if x < x_at:
                    crossings = not crossings
        return crossings

    # Spans by a sweep over the rows (asked top to bottom): an edge is active while the
    # line's height is in [its lowest y, its highest y), so each row looks only at the
    # edges it crosses, not at every edge of the polygon.
    slanted = sorted(
        (min(ay, by), max(ay, by), ax, ay, bx, by) for (ax, ay), (bx, by) in edges if ay != by
    )
    flat: dict[Fraction, list[tuple[Fraction, Fraction]]] = {}
    corners: dict[Fraction, list[Fraction]] = {}
    for (ax, ay), (bx, by) in edges:
        if ay == by:  # a horizontal edge on the line: its points are on the boundary
            flat.setdefault(ay, []).append((min(ax, bx), max(ax, bx)))
        else:  # a vertex on the line (a peak the crossing rule skips)
            corners.setdefault(ay, []).append(ax)
    sweep: dict[str, Any] = {"next": 0, "active": [], "last": None}

    def spans(y: Fraction) -> list[tuple[Fraction, Fraction]]:
        """Closed x-intervals of the line at height `y` inside or on the polygon."""
        if sweep["last"] is not None and y < sweep["last"]:
            sweep.update(next=0, active=[])
        sweep["last"] = y
        i = sweep["next"]
        active = [edge for edge in sweep["active"] if edge[1] > y]
        while i < len(slanted) and slanted[i][0] <= y:
            if slanted[i][1] > y:
                active.append(slanted[i])
            i += 1
        sweep.update(next=i, active=active)
        xs = sorted(ax + (y - ay) * (bx - ax) / (by - ay) for _, _, ax, ay, bx, by in active)
        out = list(zip(xs[0::2], xs[1::2], strict=True))
        if half_open:  # [x0, x1): exactly the points with an odd count of crossings right
            return out
        out.extend(flat.get(y, ()))
        out.extend((x, x) for x in corners.get(y, ()))
        return out

    return _Shape(inside, _bbox(pts), spans, half_open=half_open)


def _ellipse(cx: Fraction, cy: Fraction, rx: Fraction, ry: Fraction, degrees: Fraction) -> Inside:
    """Point-in-ellipse test, the boundary counting as inside; exact unless tilted."""
    if degrees == 0:

        def inside(x: Fraction, y: Fraction) -> bool:
            return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1

        return inside
    angle = math.radians(float(degrees))
    cos, sin = Fraction(math.cos(angle)), Fraction(math.sin(angle))

    def tilted(x: Fraction, y: Fraction) -> bool:
        dx, dy = x - cx, y - cy
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        return (u / rx) ** 2 + (v / ry) ** 2 <= 1

    return tilted


def _etl_shape(terrain: EtlTerrain) -> _Shape:
    """Return the PIXI shape ETL tests a square centre against (`TerrainShape._pixishape`)."""
    if terrain.kind == "polygon":
        return _polygon(terrain.points, half_open=True)
    (x0, y0), (x1, y1) = terrain.points
    if terrain.kind == "circle":  # PIXI.Circle.contains: dx^2 + dy^2 <= r^2
        r = x1 - x0
        return _Shape(_ellipse(x0, y0, r, r, Fraction(0)), (x0 - r, y0 - r, x0 + r, y0 + r))
    if terrain.kind == "rectangle":  # PIXI.Rectangle.contains: [x, x + w) x [y, y + h)
        return _polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], half_open=True)
    # PIXI.Ellipse(w / 2, h / 2, w / 2, h / 2).contains: ((dx / rx)^2 + (dy / ry)^2 <= 1
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    return _Shape(_ellipse(cx, cy, rx, ry, Fraction(0)), (x0, y0, x1, y1))


def _etl_elsewhere(doc: Mapping[str, Any], warnings: Warnings) -> None:
    """Name ETL flags on placeables other than the scene's terrain (templates, tokens...)."""
    for collection in ("tokens", "drawings", "tiles"):
        items = doc.get(collection)
        if not isinstance(items, list):
            continue
        n = sum(
            1
            for item in items
            if isinstance(item, Mapping)
            and isinstance(item.get("flags"), Mapping)
            and ETL in item["flags"]
        )
        if n:
            warnings.add("maps.warn.etl_elsewhere", n=n, collection=collection)


# ---------------------------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------------------------


#: Token fields read (BaseToken.defineSchema): ``name``, ``_id``, ``x`` / ``y`` (top-left
#: pixel), ``width`` / ``height`` (grid spaces), ``disposition`` (CONST.TOKEN_DISPOSITIONS
#: SECRET -2, HOSTILE -1, NEUTRAL 0, FRIENDLY 1), ``hidden``, ``elevation`` (a warning when
#: off the ground). Actor data, vision, light, bars, texture and the rest are listed as not
#: imported.
_TOKEN_READ = frozenset(
    {"name", "_id", "x", "y", "width", "height", "disposition", "hidden", "elevation"}
)


def _tokens(
    items: list[Any],
    system: str,
    frame: _Frame,
    warnings: Warnings,
    ignored: dict[str, set[str]],
) -> list[TokenPlacement]:
    used: set[str] = set()
    placed: list[TokenPlacement] = []
    hidden: list[str] = []
    for i, item in enumerate(items):
        where = f"tokens[{i}]"
        if not isinstance(item, Mapping):
            raise InputError(f"{_WHAT}: {where}: expected an object")
        ignored.setdefault("tokens", set()).update(set(item) - _TOKEN_READ)
        name = item.get("name")
        name = name if isinstance(name, str) else ""
        fallback = str(item.get("_id") or f"token-{i + 1}")
        cid = unique_id(name, used, fallback)
        label = f"{cid!r} ({where})"
        width = number(item.get("width", 1), f"{_WHAT}: {where}.width")
        height = number(item.get("height", width), f"{_WHAT}: {where}.height")
        if width <= 0 or height <= 0:
            raise InputError(f"{_WHAT}: {where}: width and height must be more than 0")
        if width != height:
            warnings.add(
                "maps.warn.token_not_square",
                label=label,
                w=fmt_number(width),
                h=fmt_number(height),
            )
        chosen = size_for_width(system, max(width, height))
        if not chosen.exact:
            warnings.add(
                "maps.warn.token_size",
                label=label,
                width=fmt_number(max(width, height)),
                size=chosen.size,
            )
        x = number(item.get("x", 0), f"{_WHAT}: {where}.x")
        y = number(item.get("y", 0), f"{_WHAT}: {where}.y")
        gx, gy = frame.point(x, y)
        # The square of the top-left of the space whose centre is the token's centre.
        half = Fraction(1, 2)
        at = (
            floor_fraction(gx + width / 2 - Fraction(chosen.side, 2) + half),
            floor_fraction(gy + height / 2 - Fraction(chosen.side, 2) + half),
        )
        disposition = item.get("disposition", 0)
        if disposition not in SIDES:
            raise InputError(
                f"{_WHAT}: {where}.disposition: unknown disposition {show_value(disposition)} "
                "(known: 1 friendly, 0 neutral, -1 hostile, -2 secret)"
            )
        extra: dict[str, Any] = {}
        if item.get("_id"):
            extra["x-foundry-id"] = str(item["_id"])
        if name and name != cid:
            extra["x-name"] = name
        if item.get("hidden"):
            extra["x-hidden"] = True
            hidden.append(cid)
        elevation = number(item.get("elevation") or 0, f"{_WHAT}: {where}.elevation")
        if elevation:
            warnings.add("maps.warn.token_elevation", label=label, e=fmt_number(elevation))
        creature = Creature(id=cid, at=at, size=chosen.size, side=SIDES[disposition], extra=extra)
        placed.append(TokenPlacement(creature, label))
    if hidden:
        warnings.add("maps.warn.hidden", ids=", ".join(hidden))
    if placed:
        warnings.add("maps.warn.speeds")
    return placed
