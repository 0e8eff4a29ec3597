"""Build an imported Foundry map's terrain from its cost areas: regions, then ETL terrain.

Each square's walking and flying costs are the product of the regions covering its centre
(TerrainData.resolveTerrainEffects); Enhanced Terrain Layer areas on the square take their
largest multiple, which multiplies with the regions' product as one more cost effect. The
products become map characters (`footfall.imports._terrain.terrain_for`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from footfall.imports._terrain import Multiplier, terrain_for
from footfall.imports._values import FileKind, expect_list
from footfall.imports.foundry._document import Layout
from footfall.imports.foundry._etl import ETL, read_etl
from footfall.imports.foundry._regions import Area, read_region, times
from footfall.imports.foundry._shapes import Work, etl_shape
from footfall.imports.result import Notice, Warnings
from footfall.limits import LIMITS, Limits
from footfall.rules import System

__all__ = ["terrain_rows"]

Square = tuple[int, int]
_ONE = Fraction(1)


def terrain_rows(
    doc: Mapping[str, Any],
    system: System,
    layout: Layout,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    grid_distance: Fraction,
    *,
    limits: Limits = LIMITS,
) -> list[list[str]]:
    """Build the rows: open ground, then every cost-modifying area by the centre rule.

    Placing the areas on the grid is bounded by `limits.region_work` (`LimitError` past it).
    """
    frame, width, height = layout.frame, layout.width, layout.height
    walk: dict[Square, Multiplier] = {}
    fly: dict[Square, Multiplier] = {}
    sources: dict[Square, Notice] = {}
    work = Work(limits.region_work)

    def apply(area: Area) -> None:
        # Few distinct products occur; computing each once per area (keyed by the identity
        # of the value already there) spares a million squares a Fraction product each.
        walked: dict[int, tuple[Multiplier, Multiplier]] = {}
        flown: dict[int, tuple[Multiplier, Multiplier]] = {}
        for col, row in area.squares(frame, width, height, work):
            key = (col, row)
            before = walk.get(key, _ONE)
            known = walked.get(id(before))
            if known is None:
                known = walked[id(before)] = (before, times(before, area.walk))
            walk[key] = known[1]
            before = fly.get(key, _ONE)
            known = flown.get(id(before))
            if known is None:
                known = flown[id(before)] = (before, times(before, area.fly))
            fly[key] = known[1]
            sources.setdefault(key, area.name)

    regions = expect_list(doc.get("regions", []), FileKind.FOUNDRY, "regions", null=True)
    for i, region in enumerate(regions):
        area = read_region(region, f"regions[{i}]", warnings, ignored)
        if area is not None:
            apply(area)
    per_unit = frame.size / grid_distance if grid_distance > 0 else None
    etl = _etl_maximum(doc, layout, work, warnings, ignored, per_unit)
    for key, (multiple, label) in etl.items():
        walk[key] = times(walk.get(key, _ONE), multiple)
        fly.setdefault(key, _ONE)
        sources.setdefault(key, label)
    _etl_elsewhere(doc, warnings)
    return _characters(system, layout, walk, fly, sources, warnings)


def _etl_maximum(
    doc: Mapping[str, Any],
    layout: Layout,
    work: Work,
    warnings: Warnings,
    ignored: dict[str, set[str]],
    per_unit: Fraction | None,
) -> dict[Square, tuple[Fraction, Notice]]:
    """Return each square's largest ETL multiple and the area it comes from.

    Overlapping entries take the largest multiple: ETL's rule provider's default,
    ``calculate: "maximum"``.
    """
    found: dict[Square, tuple[Fraction, Notice]] = {}
    for terrain in read_etl(doc, warnings, ignored, per_unit):
        area = Area(terrain.label, [etl_shape(terrain)], [], terrain.multiple, _ONE)
        for col, row in area.squares(layout.frame, layout.width, layout.height, work):
            best = found.get((col, row))
            if best is None or terrain.multiple > best[0]:
                found[(col, row)] = (terrain.multiple, terrain.label)
    return found


def _characters(
    system: System,
    layout: Layout,
    walk: Mapping[Square, Multiplier],
    fly: Mapping[Square, Multiplier],
    sources: Mapping[Square, Notice],
    warnings: Warnings,
) -> list[list[str]]:
    """Return the map's rows: open ground, each costed square its character."""
    rows = [["."] * layout.width for _ in range(layout.height)]
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
