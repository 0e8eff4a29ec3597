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
  both its v9 and v10+ layouts; `footfall.imports.foundry._etl`), tested at square centres
  by PIXI's rules; overlapping entries take the largest multiple, which multiplies with the
  regions;
- the exporting release (``_stats.coreVersion``, ``flags.exportSource.coreVersion``): older
  than v9 is refused, newer than v13 read with a warning.

Everything else that can matter on a map (lights, sounds, tiles, drawings, notes, templates,
hidden tokens, one-way walls, token elevation, other region behaviours) is named in a
warning; every field read by nobody is listed by name under ``x-import.ignored`` (the import
report). docs/maps.md ("Where the formats come from") cites the sources of each meaning.

The package reads one concern a module: `_document` (release, grid, size, padding, units,
background), `_walls` (walls and doors), `_tokens`, `_regions` (cost behaviours and their
shapes), `_shapes` (exact point and scanline tests, the work budget), `_etl` (Enhanced
Terrain Layer), `_terrain` (the map's characters from all cost areas).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, LimitError, Noun
from footfall.imports._terrain import EXTRA_LEGEND, merge_overlay
from footfall.imports._tokens import place_creatures
from footfall.imports._values import FileKind, expect_list, load_document
from footfall.imports.foundry._document import (
    SUPPORTED_VERSIONS,
    Frame,
    Grid,
    Layout,
    background_offset,
    background_src,
    check_version,
    grid,
    layout,
    square,
)
from footfall.imports.foundry._etl import ETL, is_etl_template
from footfall.imports.foundry._shapes import Work, polygon
from footfall.imports.foundry._terrain import terrain_rows
from footfall.imports.foundry._tokens import SIDES, read_tokens
from footfall.imports.foundry._walls import read_walls
from footfall.imports.result import ImportResult, Warnings, notice
from footfall.limits import LIMITS, Limits
from footfall.rules import load_system
from footfall.scene import DEFAULT_LEGEND, Scene

__all__ = ["BACKGROUND_WARNING", "SIDES", "SUPPORTED_VERSIONS", "read_foundry"]

# The names tests reach for (the frame, the polygon test, the work budget), by their old names.
_Frame, _polygon, _Work = Frame, polygon, Work

_FOUNDRY = FileKind.FOUNDRY

#: Scene collections footfall does not import (each named by its catalog key ``maps.what.*``).
_UNSUPPORTED_KEYS = ("lights", "sounds", "tiles", "drawings", "notes", "templates")
_UNSUPPORTED = {key: f"maps.what.{key}" for key in _UNSUPPORTED_KEYS}

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

#: Catalog key of the warning about the picture a Foundry export only names.
BACKGROUND_WARNING = "maps.warn.foundry_background"


def read_foundry(
    data: bytes | str | Mapping[str, Any],
    *,
    system: str,
    terrain: Sequence[str] | None = None,
    limits: Limits = LIMITS,
) -> ImportResult:
    """Import a Foundry VTT scene export as a scene of `system`.

    `terrain` is an optional plain-text overlay (default-legend characters, the map's size)
    written over the imported terrain (``.`` keeps it). The background picture is not part of
    a Foundry export: its path is reported in a warning and kept under ``x-import``. `limits`
    bounds the map's squares, its walls and tokens (counted before any region is placed)
    and the work of placing its regions.
    """
    rules = load_system(system)
    doc = load_document(data, _FOUNDRY)
    if "resolution" in doc and "grid" not in doc:
        raise InputError("error.maps.foundry-looks-uvtt", file=Noun(_FOUNDRY))
    warnings = Warnings()
    ignored: dict[str, set[str]] = {}
    check_version(doc, warnings)
    found = grid(doc, warnings)
    place = layout(doc, found.size, limits=limits)
    walls = read_walls(
        expect_list(doc.get("walls", []), _FOUNDRY, "walls", null=True),
        place.frame,
        warnings,
        ignored,
        limits=limits,
    )
    tokens = expect_list(doc.get("tokens", []), _FOUNDRY, "tokens", null=True)
    if len(tokens) > limits.creatures:  # counted before the regions are rasterised
        raise LimitError(
            "error.maps.foundry-tokens", file=Noun(_FOUNDRY), n=len(tokens), limit=limits.creatures
        )
    legend = dict(DEFAULT_LEGEND)
    rows = terrain_rows(doc, rules, place, warnings, ignored, found.distance, limits=limits)
    if any(char in EXTRA_LEGEND for row in rows for char in row):
        legend.update(EXTRA_LEGEND)
    if terrain is not None:
        merge_overlay(rows, terrain, legend)
    text_rows = tuple("".join(row) for row in rows)
    proposed = read_tokens(tokens, rules, place.frame, warnings, ignored)
    creatures = place_creatures(rules, text_rows, legend, proposed, warnings)
    _warn_unsupported(doc, warnings)
    info = _import_info(doc, found, place, warnings)
    scene_square = square(rules, found, warnings, limits=limits)
    report = _ignored_report(doc, ignored)
    if report:  # the import report: field names read by nobody (docs/maps.md)
        info["ignored"] = report
    scene = Scene(
        system=system,
        rows=text_rows,
        legend=legend,
        walls=walls,
        creatures=creatures,
        square=scene_square,
        extra={"x-import": info},
    )
    return ImportResult.of(scene, warnings.items(), None)


def _warn_unsupported(doc: Mapping[str, Any], warnings: Warnings) -> None:
    """Count the scene's collections footfall does not import (lights, sounds...)."""
    for key, label in _UNSUPPORTED.items():
        items = doc.get(key)
        if key == "templates" and isinstance(items, list):  # ETL spell areas are terrain
            items = [item for item in items if not is_etl_template(item)]
        if isinstance(items, list) and items:
            warnings.add("maps.warn.collection", n=len(items), what=notice(label))


def _import_info(
    doc: Mapping[str, Any], found: Grid, place: Layout, warnings: Warnings
) -> dict[str, Any]:
    """Return the scene's ``x-import``: format, grid size, extent, picture and its origin."""
    size = found.size
    extent = (place.width_px / size, place.height_px / size)
    info: dict[str, Any] = {"format": "foundry", "grid_size_px": str(size)}
    if extent != (Fraction(place.width), Fraction(place.height)):
        info["extent"] = [str(extent[0]), str(extent[1])]
    src = background_src(doc)
    if src:
        info["background_src"] = src
        warnings.add(BACKGROUND_WARNING, src=repr(src))
    offset = background_offset(doc)
    if any(offset):
        # Scene#getDimensions: sceneX = padding x - background.offsetX (same for y); the
        # picture's top-left corner, in squares of the imported map, is -offset / size.
        info["background_origin"] = [str(-offset[0] / size), str(-offset[1] / size)]
    return info


def _ignored_report(doc: Mapping[str, Any], ignored: dict[str, set[str]]) -> dict[str, list[str]]:
    """Return the import report: per part of the scene, the field names nobody read."""
    ignored["scene"] = set(doc) - _SCENE_READ
    flags = doc.get("flags")
    if isinstance(flags, Mapping):
        ignored["scene"].update(f"flags.{key}" for key in flags if key != ETL)
    return {part: sorted(keys) for part, keys in sorted(ignored.items()) if keys}
