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
import itertools
from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError, LimitError, Noun
from footfall.imports._doorways import cut_at_doors, dedupe
from footfall.imports._terrain import merge_overlay
from footfall.imports._values import (
    FileKind,
    ceil_fraction,
    check_map_size,
    expect_list,
    expect_object,
    fmt_number,
    load_document,
    number,
    show_value,
)
from footfall.imports.result import BackgroundImage, ImportResult, Warnings, sniff_image
from footfall.limits import LIMITS, Limits
from footfall.scene import DEFAULT_LEGEND, Door, Point, Scene, Wall

__all__ = ["EDITORS", "KNOWN_FORMATS", "PIXEL_SNAP", "Editor", "read_uvtt"]

_UVTT = FileKind.UVTT

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
#: The polylines of a file that are walls: the walls, and objects that block light.
_WALL_KEYS = ("line_of_sight", "objects_line_of_sight")


class Editor(StrEnum):
    """The map editor that wrote a Universal VTT file, told by its extension."""

    DUNGEONDRAFT = "dungeondraft"
    """Dungeondraft (``.dd2vtt``): a portal's ``closed`` means "blocks light"."""
    DUNGEONFOG = "dungeonfog"
    """DungeonFog (``.df2vtt``)."""
    UNIVERSAL = "universal"
    """Any other (``.uvtt``: Arkenforge and others), or bytes given without a name."""


#: Editors by file extension. ``closed`` means different things to them (see `_portal`).
EDITORS: Mapping[str, Editor] = MappingProxyType(
    {".dd2vtt": Editor.DUNGEONDRAFT, ".df2vtt": Editor.DUNGEONFOG, ".uvtt": Editor.UNIVERSAL}
)
#: Universal VTT versions written by the editors (Dungeondraft 0.2, 0.3; others up to 1.0).
KNOWN_FORMATS = (Fraction(1, 10), Fraction(1))


def read_uvtt(
    data: bytes | str | Mapping[str, Any],
    *,
    system: str,
    terrain: Sequence[str] | None = None,
    name: str | None = None,
    limits: Limits = LIMITS,
) -> ImportResult:
    """Import a Universal VTT map as a scene of `system`, with its background image.

    `terrain` is an optional plain-text overlay, one line per row, in default-legend
    characters; it must have the map's size. `name` is the file's name: its extension tells
    the editor (``.dd2vtt`` Dungeondraft, whose portals' ``closed`` means "blocks light", not
    "shut"). Raises `InputError` (one line) for a malformed file and `LimitError` for a map
    over `limits.import_squares` squares or `limits.import_walls` wall segments.
    """
    doc = load_document(data, _UVTT)
    warnings = Warnings()
    ignored: dict[str, set[str]] = {}
    editor = EDITORS.get(Path(name).suffix.lower(), Editor.UNIVERSAL) if name else Editor.UNIVERSAL
    _check_format(doc.get("format"), warnings)
    _check_grid(doc)
    if "resolution" not in doc:
        raise InputError("error.maps.uvtt-no-resolution", file=Noun(_UVTT))
    origin, (size_x, size_y), ppg = _resolution(doc["resolution"], ignored, limits)
    width, height = ceil_fraction(size_x), ceil_fraction(size_y)
    walls = _walls(doc, origin, ppg, editor, warnings, ignored, limits)
    background = _image(doc.get("image"), warnings)
    _report_other_keys(doc, warnings, ignored)
    grid = [["."] * width for _ in range(height)]
    legend = dict(DEFAULT_LEGEND)
    if terrain is not None:
        merge_overlay(grid, terrain, legend)
    info: dict[str, Any] = {"format": "uvtt", "pixels_per_grid": _json_number(ppg)}
    if size_x != width or size_y != height:
        # The picture covers map_size squares; the last column or row is only partly under
        # it (footfall.render draws it over this extent, not stretched over the whole map).
        info["extent"] = [str(size_x), str(size_y)]
    info["editor"] = editor.value
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


def _walls(
    doc: Mapping[str, Any],
    origin: Point,
    ppg: Fraction,
    editor: Editor,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    limits: Limits,
) -> list[Wall]:
    """Return the walls and doors of the file, each segment once, doorways cut open."""
    walls: list[Wall] = []
    dropped = 0
    for key in _WALL_KEYS:
        for i, line in enumerate(expect_list(doc.get(key, []), _UVTT, key)):
            where = f"{key}[{i}]"
            points = [
                _point(p, f"{where}[{j}]", origin, ppg)
                for j, p in enumerate(expect_list(line, _UVTT, where))
            ]
            if len(points) < 2:
                raise InputError(
                    "error.maps.uvtt-polyline", file=Noun(_UVTT), where=where, n=len(points)
                )
            for a, b in itertools.pairwise(points):
                if a == b:
                    dropped += 1
                else:
                    walls.append(Wall(a, b))
    letting_light = 0
    for i, portal in enumerate(expect_list(doc.get("portals", []), _UVTT, "portals")):
        door = _portal(portal, f"portals[{i}]", origin, ppg, editor, ignored)
        letting_light += portal.get("closed") is False
        walls.append(door)
    if letting_light:
        dungeondraft = editor is Editor.DUNGEONDRAFT
        key = "maps.warn.portal_light" if dungeondraft else "maps.warn.portal_open"
        warnings.add(key, n=letting_light)
    if dropped:
        warnings.add("maps.warn.zero_segments", n=dropped)
    if len(walls) > limits.import_walls:
        raise LimitError(
            "error.maps.uvtt-walls", file=Noun(_UVTT), n=len(walls), limit=limits.import_walls
        )
    walls, cut = cut_at_doors(dedupe(walls), _UVTT, limits=limits)
    if cut:
        warnings.add("maps.warn.doorway_cut", n=cut)
    return walls


def _report_other_keys(
    doc: Mapping[str, Any], warnings: Warnings, ignored: dict[str, set[str]]
) -> None:
    """Warn about the file's keys footfall does not read; list its metadata as ignored."""
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


def _check_format(value: object, warnings: Warnings) -> None:
    if value is None:
        warnings.add("maps.warn.no_format")
        return
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction | str):
        raise InputError(
            "error.maps.uvtt-format-type", file=Noun(_UVTT), value=value, shown=show_value(value)
        )
    try:
        version = Fraction(str(value))
    except ValueError:
        raise InputError(
            "error.maps.uvtt-format-type", file=Noun(_UVTT), value=value, shown=show_value(value)
        ) from None
    low, high = KNOWN_FORMATS
    if version < low:
        raise InputError(
            "error.maps.uvtt-format-old",
            file=Noun(_UVTT),
            value=value,
            shown=show_value(value),
            low=fmt_number(low),
            high=fmt_number(high),
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
            "error.maps.uvtt-grid-type", file=Noun(_UVTT), value=kind, shown=show_value(kind)
        )
    resolution = doc.get("resolution")
    ppg = resolution.get("pixels_per_grid") if isinstance(resolution, Mapping) else None
    if isinstance(ppg, Mapping):
        x = number(ppg.get("x"), _UVTT, "resolution.pixels_per_grid.x")
        y = number(ppg.get("y"), _UVTT, "resolution.pixels_per_grid.y")
        if x != y:
            raise InputError(
                "error.maps.uvtt-grid-not-square",
                file=Noun(_UVTT),
                x=fmt_number(x),
                y=fmt_number(y),
            )


def _xy(value: object, where: str) -> tuple[Fraction, Fraction]:
    if not isinstance(value, Mapping) or "x" not in value or "y" not in value:
        raise InputError("error.maps.uvtt-point", file=Noun(_UVTT), where=where)
    return number(value["x"], _UVTT, f"{where}.x"), number(value["y"], _UVTT, f"{where}.y")


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


def _resolution(
    value: object, ignored: dict[str, set[str]], limits: Limits
) -> tuple[Point, Point, Fraction]:
    """Return origin, map size in squares (maybe fractional), and pixels per grid."""
    if not isinstance(value, Mapping):
        raise InputError("error.maps.uvtt-resolution-type", file=Noun(_UVTT))
    ignored.setdefault("resolution", set()).update(set(value) - _RESOLUTION_READ)
    for key in ("map_size", "pixels_per_grid"):
        if key not in value:
            raise InputError("error.maps.uvtt-resolution-missing", file=Noun(_UVTT), key=repr(key))
    origin = _xy(value.get("map_origin", {"x": 0, "y": 0}), "resolution.map_origin")
    size_x, size_y = _xy(value["map_size"], "resolution.map_size")
    if size_x <= 0 or size_y <= 0:
        raise InputError("error.maps.uvtt-map-size", file=Noun(_UVTT), x=size_x, y=size_y)
    check_map_size(
        ceil_fraction(size_x),
        ceil_fraction(size_y),
        _UVTT,
        "resolution.map_size",
        limits=limits,
    )
    raw_ppg = value["pixels_per_grid"]
    if isinstance(raw_ppg, Mapping):  # {"x": n, "y": n}: `_check_grid` saw they are equal
        raw_ppg = raw_ppg.get("x")
    ppg = number(raw_ppg, _UVTT, "resolution.pixels_per_grid")
    if ppg <= 0:
        raise InputError("error.maps.uvtt-pixels-per-grid", file=Noun(_UVTT), ppg=ppg)
    return origin, (size_x, size_y), ppg


def _portal(
    value: object,
    where: str,
    origin: Point,
    ppg: Fraction,
    editor: Editor,
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
    portal = expect_object(value, _UVTT, where)
    ignored.setdefault("portals", set()).update(set(portal) - _PORTAL_READ)
    bounds = (
        expect_list(portal.get("bounds"), _UVTT, f"{where}.bounds") if "bounds" in portal else []
    )
    if len(bounds) != 2:
        raise InputError(
            "error.maps.uvtt-door-points", file=Noun(_UVTT), where=where, n=len(bounds)
        )
    a = _point(bounds[0], f"{where}.bounds[0]", origin, ppg)
    b = _point(bounds[1], f"{where}.bounds[1]", origin, ppg)
    if a == b:
        raise InputError("error.maps.uvtt-door-same", file=Noun(_UVTT), where=where)
    closed = portal.get("closed", True)
    if not isinstance(closed, bool):
        raise InputError(
            "error.maps.uvtt-door-closed",
            file=Noun(_UVTT),
            where=where,
            value=closed,
            shown=show_value(closed),
        )
    shut = closed or editor is Editor.DUNGEONDRAFT
    return Wall(a, b, Door.CLOSED if shut else Door.OPEN)


def _image(value: object, warnings: Warnings) -> BackgroundImage | None:
    if value is None or value == "":
        warnings.add("maps.warn.no_image")
        return None
    if not isinstance(value, str):
        raise InputError("error.maps.uvtt-image-type", file=Noun(_UVTT))
    text = value
    if text.startswith("data:"):
        text = text.partition(",")[2]
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        raise InputError("error.maps.uvtt-image-base64", file=Noun(_UVTT)) from None
    media_type = sniff_image(raw)
    if media_type is None:
        raise InputError("error.maps.uvtt-image-format", file=Noun(_UVTT))
    return BackgroundImage(raw, media_type)


def _json_number(value: Fraction) -> int | str:
    """Return `value` as an int when whole, else as exact text ``"p/q"`` (for ``x-import``)."""
    return value.numerator if value.denominator == 1 else str(value)
