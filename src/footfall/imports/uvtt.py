"""Read Universal VTT maps (`.dd2vtt` Dungeondraft, `.df2vtt` DungeonFog, `.uvtt` Arkenforge...).

A Universal VTT file is one JSON object::

    {"format": 0.3,
     "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 20, "y": 15},
                    "pixels_per_grid": 70},
     "line_of_sight": [[{"x": 1, "y": 1}, {"x": 5, "y": 1}, ...], ...],
     "objects_line_of_sight": [[...], ...],
     "portals": [{"position": {...}, "bounds": [{"x": 3, "y": 1}, {"x": 4, "y": 1}],
                  "rotation": 0, "closed": true, "freestanding": false}],
     "environment": {...}, "lights": [...],
     "image": "<base64 PNG or WebP>"}

Points are in grid units measured from the same origin as `map_origin`, so a point's square
coordinate is ``point - map_origin``. Every consecutive pair of points of a `line_of_sight`
or `objects_line_of_sight` polyline becomes one thin wall, and each portal one door; walls
off the grid lines block steps by the centre-to-centre rule of SCENE.md. Terrain is not part
of the format: the map comes out open ground, ready for an overlay.

A portal's ``closed`` is read per editor (`_portal`): Dungeondraft writes "blocks light"
there, so its ``false`` (a window) is a closed door; other editors' ``false`` is an open door.
Fields read by nobody are listed under ``x-import.ignored``; docs/maps.md cites where each
field's meaning comes from.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from footfall.errors import InputError, LimitError
from footfall.imports._common import (
    MAX_IMPORT_WALLS,
    Warnings,
    ceil_fraction,
    check_map_size,
    fmt_number,
    load_json,
    merge_overlay,
    number,
    show_value,
)
from footfall.imports.result import BackgroundImage, ImportResult, sniff_image
from footfall.scene import DEFAULT_LEGEND, Point, Scene, Wall

__all__ = ["read_uvtt"]

_WHAT = "Universal VTT file"

#: Keys this importer reads; others become a warning.
_READ = ("format", "resolution", "line_of_sight", "objects_line_of_sight", "portals", "image")
#: Keys known to carry nothing about movement, each with the warning it deserves.
_NOT_IMPORTED = {"lights": "maps.warn.lights", "environment": "maps.warn.environment"}
#: Keys that describe the file itself: listed under ``x-import.ignored``, not warned about.
_METADATA = ("software", "creator", "version", "name")
#: ``resolution`` fields read: ``map_origin`` (the canvas point that is the map's top-left),
#: ``map_size`` (squares), ``pixels_per_grid`` (pixels of the image per square).
_RESOLUTION_READ = frozenset({"map_origin", "map_size", "pixels_per_grid"})
#: Portal fields read: ``bounds`` (the door's two ends) and ``closed``. ``position`` (the
#: midpoint) and ``rotation`` repeat what ``bounds`` says; ``freestanding`` (placed off a
#: wall) changes nothing for movement: all three are listed as not imported.
_PORTAL_READ = frozenset({"bounds", "closed"})
#: Editors by file extension. ``closed`` means different things to them (see `_portal`).
EDITORS = {".dd2vtt": "dungeondraft", ".df2vtt": "dungeonfog", ".uvtt": "universal"}
#: Universal VTT versions written by the editors (Dungeondraft 0.2, 0.3; others up to 1.0).
KNOWN_FORMATS = (Fraction(1, 10), Fraction(1))


def read_uvtt(
    data: bytes | str | Mapping[str, Any],
    *,
    system: str,
    terrain: Sequence[str] | None = None,
    name: str | None = None,
) -> ImportResult:
    """Import a Universal VTT map as a scene of `system`, with its background image.

    `terrain` is an optional plain-text overlay, one line per row, in default-legend
    characters; it must have the map's size. `name` is the file's name: its extension tells
    the editor (``.dd2vtt`` Dungeondraft, whose portals' ``closed`` means "blocks light", not
    "shut"). Raises `InputError` (one line) for a malformed file and `LimitError` for a map
    over 1000x1000 squares.
    """
    doc = load_json(data, _WHAT) if isinstance(data, bytes | str) else data
    if not isinstance(doc, Mapping):
        raise InputError(f"{_WHAT}: expected a JSON object, got {type(doc).__name__}")
    warnings = Warnings()
    ignored: dict[str, set[str]] = {}
    editor = EDITORS.get(Path(name).suffix.lower(), "universal") if name else "universal"
    _check_format(doc.get("format"), warnings)
    _check_grid(doc)
    if "resolution" not in doc:
        raise InputError(
            f"{_WHAT}: missing 'resolution' (map_origin, map_size, pixels_per_grid): "
            "is this a Universal VTT export?"
        )
    origin, (size_x, size_y), ppg = _resolution(doc["resolution"], ignored)
    width, height = ceil_fraction(size_x), ceil_fraction(size_y)

    walls: list[Wall] = []
    dropped = 0
    for key in ("line_of_sight", "objects_line_of_sight"):
        for i, line in enumerate(_list(doc.get(key, []), key)):
            where = f"{key}[{i}]"
            points = [
                _point(p, f"{where}[{j}]", origin, ppg) for j, p in enumerate(_list(line, where))
            ]
            if len(points) < 2:
                raise InputError(
                    f"{_WHAT}: {where}: a wall polyline needs at least 2 points, got {len(points)}"
                )
            for a, b in itertools.pairwise(points):
                if a == b:
                    dropped += 1
                else:
                    walls.append(Wall(a, b))
    letting_light = 0
    for i, portal in enumerate(_list(doc.get("portals", []), "portals")):
        door = _portal(portal, f"portals[{i}]", origin, ppg, editor, ignored)
        letting_light += portal.get("closed") is False
        walls.append(door)
    if letting_light:
        key = "maps.warn.portal_light" if editor == "dungeondraft" else "maps.warn.portal_open"
        warnings.add(key, n=letting_light)
    if dropped:
        warnings.add("maps.warn.zero_segments", n=dropped)
    if len(walls) > MAX_IMPORT_WALLS:
        raise LimitError(
            f"{_WHAT}: {len(walls)} wall segments is over the import limit of {MAX_IMPORT_WALLS}"
        )
    walls, cut = _cut_at_doors(_dedupe(walls))
    if cut:
        warnings.add("maps.warn.doorway_cut", n=cut)

    background = _image(doc.get("image"), warnings)
    for key, value in doc.items():
        if key in _READ:
            continue
        if key in _METADATA:
            ignored.setdefault("file", set()).add(key)
            continue
        if key in _NOT_IMPORTED:
            if value:
                n = len(value) if isinstance(value, list) else 1
                warnings.add(_NOT_IMPORTED[key], n=n)
        else:
            warnings.add("maps.warn.unknown_part", key=repr(key))

    grid = [["."] * width for _ in range(height)]
    legend = dict(DEFAULT_LEGEND)
    if terrain is not None:
        merge_overlay(grid, terrain, legend)
    info: dict[str, Any] = {"format": "uvtt", "pixels_per_grid": _json_number(ppg)}
    if size_x != width or size_y != height:
        # The picture covers map_size squares; the last column or row is only partly under
        # it (footfall.render draws it over this extent, not stretched over the whole map).
        info["extent"] = [str(size_x), str(size_y)]
    info["editor"] = editor
    report = {part: sorted(keys) for part, keys in sorted(ignored.items()) if keys}
    if report:  # the import report: field names read by nobody (docs/maps.md)
        info["ignored"] = report
    scene = Scene(
        system=system,
        rows=tuple("".join(row) for row in grid),
        legend=legend,
        walls=tuple(walls),
        extra={"x-import": info},
    )
    return ImportResult.of(scene, warnings.items(), background)


def _check_format(value: object, warnings: Warnings) -> None:
    if value is None:
        warnings.add("maps.warn.no_format")
        return
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction | str):
        raise InputError(f"{_WHAT}: 'format' must be a version number, got {show_value(value)}")
    try:
        version = Fraction(str(value))
    except ValueError:
        raise InputError(
            f"{_WHAT}: 'format' must be a version number, got {show_value(value)}"
        ) from None
    low, high = KNOWN_FORMATS
    if version < low:
        raise InputError(
            f"{_WHAT}: 'format' {show_value(value)} is not a Universal VTT version "
            f"(the editors write {fmt_number(low)} to {fmt_number(high)})"
        )
    if version > high:
        warnings.add("maps.warn.format_newer", value=str(value))


def _check_grid(doc: Mapping[str, Any]) -> None:
    """Refuse a file whose grid is not square: a hex ``grid`` or unequal pixels per grid.

    The format itself only knows square grids (one ``pixels_per_grid``); some map makers add
    a ``grid`` object naming a hex layout, or give ``pixels_per_grid`` as ``{"x", "y"}``.
    """
    grid = doc.get("grid")
    kind = grid.get("type") if isinstance(grid, Mapping) else grid
    if kind is not None and not (isinstance(kind, str) and kind.strip().lower() == "square"):
        raise InputError(
            f"{_WHAT}: grid type {show_value(kind)} is not a square grid; "
            "footfall maps are square grids (one pixels_per_grid)"
        )
    resolution = doc.get("resolution")
    ppg = resolution.get("pixels_per_grid") if isinstance(resolution, Mapping) else None
    if isinstance(ppg, Mapping):
        x = number(ppg.get("x"), f"{_WHAT}: resolution.pixels_per_grid.x")
        y = number(ppg.get("y"), f"{_WHAT}: resolution.pixels_per_grid.y")
        if x != y:
            raise InputError(
                f"{_WHAT}: resolution.pixels_per_grid is {fmt_number(x)} x {fmt_number(y)} "
                "pixels, not square; footfall maps are square grids"
            )


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(f"{_WHAT}: {where}: expected a list, got {type(value).__name__}")
    return value


def _xy(value: object, where: str) -> tuple[Fraction, Fraction]:
    if not isinstance(value, Mapping) or "x" not in value or "y" not in value:
        raise InputError(f'{_WHAT}: {where}: expected a point {{"x": ..., "y": ...}}')
    return number(value["x"], f"{_WHAT}: {where}.x"), number(value["y"], f"{_WHAT}: {where}.y")


#: A coordinate this close to a whole pixel (in pixels) is float noise of the editor.
PIXEL_SNAP = Fraction(1, 100)


def _snap(value: Fraction, ppg: Fraction) -> Fraction:
    """Return `value` (grid units) on its nearest pixel if it is within `PIXEL_SNAP` of it.

    Editors compute some points in float32 (Dungeondraft's door ends from centre and
    rotation: 3.0000000437 for 3), which would leave a door a hair off its wall's line, so
    the wall is not cut and an open door stays shut. Points on a pixel up to 1/100 pixel
    are put on it (exactly); any other point, e.g. a quarter square at 70 pixels per square
    (17.5 pixels), is kept as written.
    """
    pixels = value * ppg
    whole = round(pixels)
    if whole != pixels and abs(pixels - whole) < PIXEL_SNAP:
        return Fraction(whole) / ppg
    return value


def _point(value: object, where: str, origin: Point, ppg: Fraction) -> Point:
    x, y = _xy(value, where)
    return _snap(x - origin[0], ppg), _snap(y - origin[1], ppg)


def _resolution(value: object, ignored: dict[str, set[str]]) -> tuple[Point, Point, Fraction]:
    """Return origin, map size in squares (maybe fractional), and pixels per grid."""
    if not isinstance(value, Mapping):
        raise InputError(f"{_WHAT}: 'resolution' must be an object")
    ignored.setdefault("resolution", set()).update(set(value) - _RESOLUTION_READ)
    for key in ("map_size", "pixels_per_grid"):
        if key not in value:
            raise InputError(f"{_WHAT}: resolution: missing {key!r}")
    origin = _xy(value.get("map_origin", {"x": 0, "y": 0}), "resolution.map_origin")
    size_x, size_y = _xy(value["map_size"], "resolution.map_size")
    if size_x <= 0 or size_y <= 0:
        raise InputError(f"{_WHAT}: resolution.map_size must be positive, got {size_x} x {size_y}")
    check_map_size(ceil_fraction(size_x), ceil_fraction(size_y), f"{_WHAT}: resolution.map_size")
    raw_ppg = value["pixels_per_grid"]
    if isinstance(raw_ppg, Mapping):  # {"x": n, "y": n}: `_check_grid` saw they are equal
        raw_ppg = raw_ppg.get("x")
    ppg = number(raw_ppg, f"{_WHAT}: resolution.pixels_per_grid")
    if ppg <= 0:
        raise InputError(f"{_WHAT}: resolution.pixels_per_grid must be positive, got {ppg}")
    return origin, (size_x, size_y), ppg


def _portal(
    value: object,
    where: str,
    origin: Point,
    ppg: Fraction,
    editor: str,
    ignored: dict[str, set[str]],
) -> Wall:
    """Return a portal as a door along its ``bounds``, shut or open by ``closed``.

    ``closed`` is read per editor. Dungeondraft writes its portal's "Block Light" toggle
    there (its developer: the field is misnamed, Dungeondraft has no open or shut state;
    moo-man/FVTT-DD-Import#14 and #22): ``false`` marks a window, grate or other portal that
    lets light through, which still bars the way, so it is imported as a closed door.
    Arkenforge writes ``false`` for a door left open (FVTT-DD-Import#146), as MapTool reads it
    (RPTools/maptool#2081): from any other editor ``false`` is an open door.
    """
    if not isinstance(value, Mapping):
        raise InputError(f"{_WHAT}: {where}: expected an object")
    ignored.setdefault("portals", set()).update(set(value) - _PORTAL_READ)
    bounds = _list(value.get("bounds"), f"{where}.bounds") if "bounds" in value else []
    if len(bounds) != 2:
        raise InputError(f"{_WHAT}: {where}.bounds: a door needs 2 points, got {len(bounds)}")
    a = _point(bounds[0], f"{where}.bounds[0]", origin, ppg)
    b = _point(bounds[1], f"{where}.bounds[1]", origin, ppg)
    if a == b:
        raise InputError(f"{_WHAT}: {where}.bounds: a door needs 2 different points")
    closed = value.get("closed", True)
    if not isinstance(closed, bool):
        raise InputError(f"{_WHAT}: {where}.closed must be true or false, got {show_value(closed)}")
    shut = closed or editor == "dungeondraft"
    door: Literal["open", "closed"] = "closed" if shut else "open"
    return Wall(a, b, door)


def _cut_at_doors(walls: list[Wall]) -> tuple[list[Wall], int]:
    """Remove the stretch of any plain wall lying along a door, so an open door opens.

    A map editor may draw a room's wall straight across a doorway and put the portal on top;
    the wall would then block the doorway even with the door open. A plain wall collinear with
    a door and overlapping it keeps only its parts outside the door (exact arithmetic).
    Returns the walls and how many were cut. The doors of each line are merged into sorted
    intervals first, so many doors on one line cost O(log n) per wall, not O(n); a result of
    more than `MAX_IMPORT_WALLS` pieces raises `LimitError`.
    """
    doors = [w for w in walls if w.door is not None]
    if not doors:
        return walls, 0
    spans: dict[tuple[Fraction, Fraction, Fraction], list[tuple[Fraction, Fraction]]] = {}
    for door in doors:
        key = _line_key(door.start, door.end)
        ta, tb = _along(key, door.start), _along(key, door.end)
        spans.setdefault(key, []).append((min(ta, tb), max(ta, tb)))
    merged = {key: _merge(intervals) for key, intervals in spans.items()}
    starts = {key: [lo for lo, _ in intervals] for key, intervals in merged.items()}
    out: list[Wall] = []
    cut = 0
    for wall in walls:
        key = _line_key(wall.start, wall.end)
        if wall.door is not None or key not in merged:
            out.append(wall)
            continue
        pieces = _outside(wall, key, merged[key], starts[key])
        if pieces != [(wall.start, wall.end)]:
            cut += 1
        out.extend(Wall(a, b, None, wall.extra) for a, b in pieces)
        if len(out) > MAX_IMPORT_WALLS:
            raise LimitError(
                f"{_WHAT}: cutting walls at doors gives over {MAX_IMPORT_WALLS} wall segments, "
                "the import limit"
            )
    return out, cut


def _line_key(p: Point, q: Point) -> tuple[Fraction, Fraction, Fraction]:
    """Return the line through `p` and `q` as exact normalised ``(A, B, C)``: Ax + By = C."""
    a, b = q[1] - p[1], p[0] - q[0]
    k = a if a != 0 else b
    return a / k, b / k, (a * p[0] + b * p[1]) / k


def _along(key: tuple[Fraction, Fraction, Fraction], p: Point) -> Fraction:
    """Return the position of `p` along the line `key` (``-B x + A y``: grows along it)."""
    a, b, _ = key
    return -b * p[0] + a * p[1]


def _merge(intervals: list[tuple[Fraction, Fraction]]) -> list[tuple[Fraction, Fraction]]:
    """Return the union of closed intervals as sorted, disjoint intervals."""
    out: list[tuple[Fraction, Fraction]] = []
    for lo, hi in sorted(intervals):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _outside(
    wall: Wall,
    key: tuple[Fraction, Fraction, Fraction],
    doors: list[tuple[Fraction, Fraction]],
    starts: list[Fraction],
) -> list[tuple[Point, Point]]:
    """Return the parts of `wall` outside the door intervals of its line, in its direction."""
    a, b = wall.start, wall.end
    ta, tb = _along(key, a), _along(key, b)
    lo, hi = min(ta, tb), max(ta, tb)
    free: list[tuple[Fraction, Fraction]] = []
    here = lo
    i = max(0, bisect.bisect_right(starts, lo) - 1)
    while i < len(doors) and doors[i][0] < hi:
        d_lo, d_hi = doors[i]
        if d_hi > here:
            if d_lo > here:
                free.append((here, d_lo))
            here = d_hi
        i += 1
    if here == lo:
        return [(a, b)]
    if here < hi:
        free.append((here, hi))

    def at(t: Fraction) -> Point:
        share = (t - ta) / (tb - ta)
        return a[0] + share * (b[0] - a[0]), a[1] + share * (b[1] - a[1])

    parts = [(at(x), at(y)) if ta < tb else (at(y), at(x)) for x, y in free]
    if ta > tb:
        parts.reverse()
    return [(a if p == a else p, b if q == b else q) for p, q in parts]


def _dedupe(walls: list[Wall]) -> list[Wall]:
    """Drop repeated segments (either direction); a door wins over a plain wall."""
    seen: dict[tuple[Point, Point], int] = {}
    out: list[Wall] = []
    for wall in walls:
        key = (min(wall.start, wall.end), max(wall.start, wall.end))
        if key in seen:
            if wall.door is not None and out[seen[key]].door is None:
                out[seen[key]] = wall
            continue
        seen[key] = len(out)
        out.append(wall)
    return out


def _image(value: object, warnings: Warnings) -> BackgroundImage | None:
    if value is None or value == "":
        warnings.add("maps.warn.no_image")
        return None
    if not isinstance(value, str):
        raise InputError(f"{_WHAT}: 'image' must be a base64 string")
    text = value
    if text.startswith("data:"):
        text = text.partition(",")[2]
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        raise InputError(f"{_WHAT}: 'image' is not valid base64") from None
    media_type = sniff_image(raw)
    if media_type is None:
        raise InputError(f"{_WHAT}: 'image' is not a PNG, WebP or JPEG image")
    return BackgroundImage(raw, media_type)


def _json_number(value: Fraction) -> int | str:
    """Return `value` as an int when whole, else as exact text ``"p/q"`` (for ``x-import``)."""
    return value.numerator if value.denominator == 1 else str(value)
