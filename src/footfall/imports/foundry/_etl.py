"""Read the Enhanced Terrain Layer's terrain from a Foundry scene export (both its layouts).

The Enhanced Terrain Layer module (ETL, ironmonk88/enhanced-terrain-layer) keeps each
terrain area as one entry of the *scene's* flags, ``flags["enhanced-terrain-layer"]``,
under the key ``"terrain" + id`` (`TerrainDocument.createDocuments` writes
``flags.enhanced-terrain-layer.terrain<id>``; `TerrainLayer.draw` reads every key that
starts with ``terrain``, drops ``terrainundefined`` and entries without ``x``, ``y`` or
``_id``). Other keys of that flag object are the scene's defaults for *new* terrain
(``multiple``, ``elevation``, ``depth``, ``environment``, ``opacity``, ``defaultcolor``).

Two layouts are real:

- ETL 1.0.x (Foundry v9, classes/terraindocument.js `TerrainData`): ``x``, ``y``,
  ``width``, ``height``, ``points`` as ``[[x, y], ...]`` relative to ``(x, y)``,
  ``multiple``, ``elevation`` + ``depth`` (earlier ``min`` / ``max``, earlier still
  ``terrainheight`` / ``terraintype``), ``environment``, ``obstacle``, ``hidden``;
- ETL 10.x / 11.x (Foundry v10-v11, `BaseTerrain.defineSchema`): the same fields, but the
  geometry is Foundry's ``ShapeData`` under ``shape``: ``{"type": "r" | "e" | "p",
  "width", "height", "points": [x0, y0, x1, y1, ...]}`` (`BaseTerrain.migrateData` moves
  the old ``width`` / ``height`` / ``points`` there, flattening the points).

How ETL itself uses an entry (`TerrainLayer.listTerrain`, `costWithTerrain`,
`Terrain.cost`, `RuleProvider.calculateCombinedCost`): a grid square's cost is tested at
the square's centre, relative to the entry's ``(x, y)``, against the PIXI shape
(`TerrainShape._pixishape`: ``Rectangle(0, 0, w, h)``, ``Ellipse(w/2, h/2, |w/2|, |h/2|)``,
``Polygon(points)``); a ``hidden`` entry is inactive (cost 1); an entry of ``multiple`` 1 is
skipped; an entry counts for a token at elevation ``e`` when ``elevation <= e <=
elevation + depth``; overlapping entries combine by the **maximum** of their multiples (the
built-in rule provider's default, ``calculate: "maximum"``). Measured templates carrying the
module's flags (spell areas) join the same maximum (`read_etl_templates`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError, Noun
from footfall.imports._values import FileKind, fmt_number, number, show_value
from footfall.imports.result import Notice, Warnings, notice

__all__ = [
    "ETL",
    "EtlShape",
    "EtlTerrain",
    "is_etl_template",
    "read_etl",
    "read_etl_templates",
]

_FOUNDRY = FileKind.FOUNDRY
#: The module's id: the key of its flags.
ETL = "enhanced-terrain-layer"


class EtlShape(StrEnum):
    """The shape of an ETL terrain area, as PIXI tests it."""

    RECTANGLE = "rectangle"
    """``PIXI.Rectangle``: half-open, ``[x, x + w) x [y, y + h)``."""
    ELLIPSE = "ellipse"
    """``PIXI.Ellipse``: its edge in."""
    POLYGON = "polygon"
    """``PIXI.Polygon``: the crossing rule (left and top edges in, right and bottom out)."""
    CIRCLE = "circle"
    """``PIXI.Circle`` (measured templates only): its edge in."""


#: `TerrainLayer.defaultmultiple`: the multiple of a terrain drawn without one.
_DEFAULT_MULTIPLE = Fraction(2)
#: ShapeData types ETL draws and tests (`TerrainShape._pixishape`), by their one-letter code.
_SHAPES: Mapping[str, EtlShape] = MappingProxyType(
    {"r": EtlShape.RECTANGLE, "e": EtlShape.ELLIPSE, "p": EtlShape.POLYGON}
)
#: Fields of a terrain entry this reader uses; any other is listed as not imported.
READ_FIELDS = frozenset(
    {
        "_id",
        "x",
        "y",
        "shape",
        "width",
        "height",
        "points",
        "multiple",
        "hidden",
        "elevation",
        "depth",
        "min",
        "max",
        "terrainheight",
        "terraintype",
        "environment",
        "obstacle",
    }
)


@dataclass(frozen=True, slots=True)
class EtlTerrain:
    """One active ETL terrain area at ground level: its shape in canvas pixels and multiple.

    `points` are absolute canvas pixels (the entry's ``x``, ``y`` added) for a polygon, the
    two corners ``(x, y)``, ``(x + width, y + height)`` for a rectangle or an ellipse's
    bounding box, and the centre and a point of the rim for a circle (templates).
    """

    key: str
    kind: EtlShape
    points: tuple[tuple[Fraction, Fraction], ...]
    multiple: Fraction
    label: Notice


def read_etl(
    doc: Mapping[str, Any],
    warnings: Warnings,
    ignored: dict[str, set[str]],
    pixels_per_unit: Fraction | None,
) -> list[EtlTerrain]:
    """Return the ETL terrain that touches the ground: the scene's entries, then templates.

    Inactive (``hidden``) entries, entries of multiple 1, entries wholly above or below the
    ground and entries ETL itself would discard are named in `warnings`; the fields no entry
    reads are added to ``ignored["etl"]``, the scene defaults to ``ignored["etl_scene"]``.
    Measured templates carrying ETL flags (`read_etl_templates`) are read when
    `pixels_per_unit` (grid size / grid distance) is known. Environments and obstacles are
    named in one warning.
    """
    environments: set[str] = set()
    found = _scene_terrain(doc, warnings, ignored, environments)
    if pixels_per_unit is not None:
        found += read_etl_templates(doc, warnings, ignored, pixels_per_unit, environments)
    if environments:
        warnings.add("maps.warn.etl_environment", names=", ".join(sorted(environments)))
    return found


def _scene_terrain(
    doc: Mapping[str, Any],
    warnings: Warnings,
    ignored: dict[str, set[str]],
    environments: set[str],
) -> list[EtlTerrain]:
    flags = doc.get("flags")
    etl = flags.get(ETL) if isinstance(flags, Mapping) else None
    if not isinstance(etl, Mapping):
        return []
    scene_multiple = etl.get("multiple")
    default = _DEFAULT_MULTIPLE
    if isinstance(scene_multiple, int | Fraction) and not isinstance(scene_multiple, bool):
        # Terrain.defaults: the scene's default multiple (parseInt), for entries without one.
        default = Fraction(int(scene_multiple))
    found: list[EtlTerrain] = []
    for key, entry in etl.items():
        if not key.startswith("terrain"):
            ignored.setdefault("etl_scene", set()).add(key)
            continue
        where = f"flags.{ETL}.{key}"
        label = notice("maps.source.etl", name=repr(key))
        if key == "terrainundefined" or not isinstance(entry, Mapping):
            warnings.add("maps.warn.etl_invalid", label=label, why="no terrain data")
            continue
        if any(entry.get(field) is None for field in ("x", "y", "_id")):
            # TerrainLayer.draw unsets such an entry instead of drawing it.
            warnings.add("maps.warn.etl_invalid", label=label, why="no x, y or _id")
            continue
        ignored.setdefault("etl", set()).update(set(entry) - READ_FIELDS)
        terrain = _entry(entry, key, where, label, default, warnings)
        for name in ("environment", "obstacle"):
            value = entry.get(name)
            if isinstance(value, str) and value:
                environments.add(value)
        if terrain is not None:
            found.append(terrain)
    return found


def _entry(
    entry: Mapping[str, Any],
    key: str,
    where: str,
    label: Notice,
    default: Fraction,
    warnings: Warnings,
) -> EtlTerrain | None:
    x = number(entry["x"], _FOUNDRY, f"{where}.x")
    y = number(entry["y"], _FOUNDRY, f"{where}.y")
    raw_multiple = entry.get("multiple")
    multiple = (
        default if raw_multiple is None else number(raw_multiple, _FOUNDRY, f"{where}.multiple")
    )
    if multiple < 0:
        raise InputError(
            "error.maps.etl-multiple",
            file=Noun(_FOUNDRY),
            where=where,
            value=multiple,
            shown=fmt_number(multiple),
        )
    if entry.get("hidden") is True:
        warnings.add("maps.warn.etl_inactive", label=label)
        return None
    if multiple == 1:
        return None
    bottom, top = _heights(entry, where)
    if not bottom <= 0 <= top:
        warnings.add(
            "maps.warn.etl_off_ground", label=label, low=fmt_number(bottom), high=fmt_number(top)
        )
        return None
    kind, width, height, points = _geometry(entry, where)
    if kind is None:
        shape = entry.get("shape")
        code = shape.get("type") if isinstance(shape, Mapping) else None
        warnings.add("maps.warn.shape_type", label=label, kind=show_value(code))
        return None
    if kind is EtlShape.POLYGON:
        if len(points) < 3:
            warnings.add("maps.warn.etl_invalid", label=label, why="a polygon of under 3 points")
            return None
        absolute = tuple((x + px, y + py) for px, py in points)
    else:
        if width <= 0 or height <= 0:
            # PIXI.Rectangle / PIXI.Ellipse contain nothing when a side is not positive.
            warnings.add("maps.warn.etl_invalid", label=label, why="a width or height of 0")
            return None
        absolute = ((x, y), (x + width, y + height))
    return EtlTerrain(key, kind, absolute, multiple, label)


def _geometry(
    entry: Mapping[str, Any], where: str
) -> tuple[
    EtlShape | None,
    Fraction,
    Fraction,
    list[tuple[Fraction, Fraction]],
]:
    """Return the shape kind, width, height and relative points of either layout."""
    shape = entry.get("shape")
    if isinstance(shape, Mapping):  # ETL 10.x+: Foundry ShapeData
        base = f"{where}.shape"
        code = shape.get("type", "p")
        kind = _SHAPES.get(code) if isinstance(code, str) else None
        width = number(shape.get("width") or 0, _FOUNDRY, f"{base}.width")
        height = number(shape.get("height") or 0, _FOUNDRY, f"{base}.height")
        flat = shape.get("points") or []
        if not isinstance(flat, list) or len(flat) % 2:
            raise InputError(
                "error.maps.etl-flat-points",
                file=Noun(_FOUNDRY),
                where=base,
                shown=show_value(flat),
            )
        points = [
            (
                number(flat[k], _FOUNDRY, f"{base}.points[{k}]"),
                number(flat[k + 1], _FOUNDRY, f"{base}.points[{k + 1}]"),
            )
            for k in range(0, len(flat), 2)
        ]
        return kind, width, height, points
    # ETL 1.0.x: points as [x, y] pairs beside width and height (always a polygon).
    raw = entry.get("points") or []
    if not isinstance(raw, list):
        raise InputError("error.maps.etl-points", file=Noun(_FOUNDRY), where=where)
    points = []
    for k, p in enumerate(raw):
        if not isinstance(p, list) or len(p) != 2:
            raise InputError(
                "error.maps.etl-point",
                file=Noun(_FOUNDRY),
                where=f"{where}.points[{k}]",
                shown=show_value(p),
            )
        points.append(
            (
                number(p[0], _FOUNDRY, f"{where}.points[{k}][0]"),
                number(p[1], _FOUNDRY, f"{where}.points[{k}][1]"),
            )
        )
    width = number(entry.get("width") or 0, _FOUNDRY, f"{where}.width")
    height = number(entry.get("height") or 0, _FOUNDRY, f"{where}.height")
    return EtlShape.POLYGON, width, height, points


def _truthy(value: object) -> bool:
    """Return JavaScript's truthiness of a JSON value (``0``, ``""``, null are false)."""
    return value not in (None, False, 0, "") and not (isinstance(value, float) and value != value)


def _heights(entry: Mapping[str, Any], where: str) -> tuple[Fraction, Fraction]:
    """Return the entry's bottom and top elevation, migrating old fields as ETL does.

    `TerrainLayer.draw`: without ``elevation`` or ``depth``, the bottom is ``min`` or
    ``terrainheight.min`` (5 for the old ``terraintype`` "air", else 0) and the top is
    ``max`` or ``terrainheight.max`` (100 for "air" or "both", else 0), each by JavaScript
    ``||`` (a 0 falls through to the next).
    """
    if entry.get("elevation") is not None and entry.get("depth") is not None:
        bottom = number(entry["elevation"], _FOUNDRY, f"{where}.elevation")
        return bottom, bottom + number(entry["depth"], _FOUNDRY, f"{where}.depth")
    height = entry.get("terrainheight")
    if isinstance(height, str):
        try:
            height = json.loads(height, parse_float=Fraction)
        except (ValueError, RecursionError):
            raise InputError(
                "error.maps.etl-height", file=Noun(_FOUNDRY), where=where, shown=show_value(height)
            ) from None
    kind = entry.get("terraintype")

    def pick(first: object, old: str, fallback: int) -> Fraction:
        if _truthy(first):
            return number(first, _FOUNDRY, f"{where}.{old}")
        if height is None:
            return Fraction(fallback)
        value = height.get(old) if isinstance(height, Mapping) else None
        return (
            number(value, _FOUNDRY, f"{where}.terrainheight.{old}")
            if _truthy(value)
            else Fraction(0)
        )

    bottom = pick(entry.get("min"), "min", 5 if kind == "air" else 0)
    top = pick(entry.get("max"), "max", 100 if kind in ("air", "both") else 0)
    return bottom, top


#: Measured template fields read for ETL terrain (BaseMeasuredTemplate): ``t`` the type,
#: ``x`` / ``y`` the origin, ``distance`` (scene units), ``direction`` (degrees), ``flags``.
TEMPLATE_READ = frozenset({"t", "x", "y", "distance", "direction", "flags"})


def is_etl_template(template: object) -> bool:
    """Tell whether a measured template carries ETL terrain flags."""
    if not isinstance(template, Mapping):
        return False
    flags = template.get("flags")
    return isinstance(flags, Mapping) and isinstance(flags.get(ETL), Mapping)


def read_etl_templates(
    doc: Mapping[str, Any],
    warnings: Warnings,
    ignored: dict[str, set[str]],
    pixels_per_unit: Fraction,
    environments: set[str],
) -> list[EtlTerrain]:
    """Return the measured templates ETL counts as terrain (spell areas), at ground level.

    `TerrainLayer.listMeasuredTerrain`: a template with ``flags["enhanced-terrain-layer"]``
    costs its ``multiple`` (v10+: missing is 1, no terrain; v9: missing or 0 is 2) within its
    elevation band (``elevation`` to ``elevation + depth``; v9 ``min`` / ``max``), tested at
    the square centre against the template's own shape (``MeasuredTemplate#shape``): a circle
    of radius ``distance`` (``PIXI.Circle``, edge in), or a rectangle from the origin to the
    end of a ray of length ``distance`` at ``direction`` (``PIXI.Rectangle``, half-open).
    Cones and rays are named in a warning. `pixels_per_unit` is grid size / grid distance.
    """
    templates = doc.get("templates")
    if not isinstance(templates, list):
        return []
    v10 = isinstance(doc.get("_stats"), Mapping)
    found: list[EtlTerrain] = []
    for i, template in enumerate(templates):
        if not is_etl_template(template):
            continue
        flag = template["flags"][ETL]
        where = f"templates[{i}]"
        ignored.setdefault("templates", set()).update(set(template) - TEMPLATE_READ)
        label = notice("maps.source.etl_template", name=repr(str(template.get("_id") or where)))
        raw = flag.get("multiple")
        if v10:
            multiple = Fraction(1) if raw is None else number(raw, _FOUNDRY, f"{where}.multiple")
        else:
            multiple = number(raw, _FOUNDRY, f"{where}.multiple") if _truthy(raw) else Fraction(2)
        if multiple == 1:
            continue
        if flag.get("elevation") is not None or flag.get("depth") is not None:
            bottom = number(flag.get("elevation") or 0, _FOUNDRY, f"{where}.elevation")
            top = bottom + number(flag.get("depth") or 0, _FOUNDRY, f"{where}.depth")
        else:
            bottom = number(flag.get("min") or 0, _FOUNDRY, f"{where}.min")
            top = number(flag.get("max") or 0, _FOUNDRY, f"{where}.max")
        if not bottom <= 0 <= top:
            warnings.add(
                "maps.warn.etl_off_ground",
                label=label,
                low=fmt_number(bottom),
                high=fmt_number(top),
            )
            continue
        for name in ("environment", "obstacle"):
            value = flag.get(name)
            if isinstance(value, str) and value:
                environments.add(value)
        kind = template.get("t")
        x = number(template.get("x", 0), _FOUNDRY, f"{where}.x")
        y = number(template.get("y", 0), _FOUNDRY, f"{where}.y")
        reach = number(template.get("distance", 0), _FOUNDRY, f"{where}.distance")
        reach *= pixels_per_unit
        if reach <= 0:
            continue
        if kind == "circle":
            found.append(
                EtlTerrain(where, EtlShape.CIRCLE, ((x, y), (x + reach, y)), multiple, label)
            )
        elif kind == "rect":
            degrees = number(template.get("direction", 0), _FOUNDRY, f"{where}.direction")
            # Ray.fromAngle: the far corner is the ray's end, computed in floats by Foundry.
            angle = math.radians(float(degrees))
            dx = Fraction(math.cos(angle) * float(reach))
            dy = Fraction(math.sin(angle) * float(reach))
            zero = Fraction(0)
            corners = (
                (x + min(dx, zero), y + min(dy, zero)),
                (x + max(dx, zero), y + max(dy, zero)),
            )
            found.append(EtlTerrain(where, EtlShape.RECTANGLE, corners, multiple, label))
        else:
            warnings.add("maps.warn.shape_type", label=label, kind=show_value(kind))
    return found
