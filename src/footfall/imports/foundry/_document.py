"""Read a Foundry scene document's frame: release, grid, size, padding, units, background.

Foundry lays a scene out on a canvas of pixels: the grid's ``size`` pixels a square, the
scene's ``width`` x ``height`` after a padding of whole squares (`Frame`). This module reads
those fields in every layout from v9 to v13 and turns canvas pixels into grid units.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, Noun
from footfall.imports._conventions import conventions
from footfall.imports._values import (
    FileKind,
    ceil_fraction,
    check_map_size,
    fmt_number,
    number,
    show_value,
)
from footfall.imports.result import Warnings, notice
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.scene import Point

__all__ = [
    "SUPPORTED_VERSIONS",
    "Frame",
    "Grid",
    "GridType",
    "Layout",
    "background_offset",
    "background_src",
    "check_version",
    "grid",
    "layout",
    "square",
]

_FOUNDRY = FileKind.FOUNDRY

#: Foundry releases whose scene exports this importer reads (v9 layout to v13 layout).
SUPPORTED_VERSIONS = (9, 13)


class GridType(IntEnum):
    """Foundry's grid types (``CONST.GRID_TYPES``)."""

    GRIDLESS = 0
    """No grid: read as a square grid, with a warning."""
    SQUARE = 1
    """A square grid: what footfall reads."""
    HEXODDR = 2
    """Hexagonal, odd rows shifted (refused)."""
    HEXEVENR = 3
    """Hexagonal, even rows shifted (refused)."""
    HEXODDQ = 4
    """Hexagonal, odd columns shifted (refused)."""
    HEXEVENQ = 5
    """Hexagonal, even columns shifted (refused)."""


_HEX_TYPES = (GridType.HEXODDR, GridType.HEXEVENR, GridType.HEXODDQ, GridType.HEXEVENQ)


class Frame:
    """Turns canvas pixels into grid units of the imported map."""

    def __init__(self, size: Fraction, pad_x: Fraction, pad_y: Fraction) -> None:
        self.size, self.pad_x, self.pad_y = size, pad_x, pad_y

    def point(self, x: Fraction, y: Fraction) -> Point:
        """Return canvas pixel ``(x, y)`` in grid units of the map."""
        return (x - self.pad_x) / self.size, (y - self.pad_y) / self.size

    def centre_px(self, col: int, row: int) -> tuple[Fraction, Fraction]:
        """Return the canvas pixel at the centre of square ``(col, row)``."""
        half = Fraction(1, 2)
        return (
            self.pad_x + (col + half) * self.size,
            self.pad_y + (row + half) * self.size,
        )


@dataclass(frozen=True, slots=True)
class Grid:
    """The scene's grid: pixels a square, and the distance and units a square stands for."""

    size: Fraction
    distance: Fraction
    units: str


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the scene lies on the canvas: its frame, its size in squares and in pixels."""

    frame: Frame
    width: int
    height: int
    width_px: Fraction
    height_px: Fraction


def layout(doc: Mapping[str, Any], size: Fraction, *, limits: Limits = LIMITS) -> Layout:
    """Return the scene's frame and size: ``width`` x ``height`` pixels after the padding."""
    width_px = _positive(doc, "width")
    height_px = _positive(doc, "height")
    padding = number(doc.get("padding", Fraction(1, 4)), _FOUNDRY, "padding")
    if not 0 <= padding <= 1:
        raise InputError(
            "error.maps.foundry-padding",
            file=Noun(_FOUNDRY),
            value=padding,
            shown=fmt_number(padding),
        )
    width, height = ceil_fraction(width_px / size), ceil_fraction(height_px / size)
    check_map_size(width, height, _FOUNDRY, "width x height / grid size", limits=limits)
    pad_x = _padding_squares(padding, width_px, size) * size
    pad_y = _padding_squares(padding, height_px, size) * size
    return Layout(Frame(size, pad_x, pad_y), width, height, width_px, height_px)


def _positive(doc: Mapping[str, Any], key: str) -> Fraction:
    if key not in doc:
        raise InputError("error.maps.foundry-size-missing", file=Noun(_FOUNDRY), key=repr(key))
    value = number(doc[key], _FOUNDRY, key)
    if value <= 0:
        raise InputError(
            "error.maps.foundry-not-positive",
            file=Noun(_FOUNDRY),
            key=key,
            value=value,
            shown=fmt_number(value),
        )
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
            "error.maps.foundry-too-large",
            file=Noun(_FOUNDRY),
            size=show_value(size),
            length=show_value(length),
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


def check_version(doc: Mapping[str, Any], warnings: Warnings) -> None:
    """Refuse an export of a Foundry release older than v9; warn about one newer than v13."""
    version = _core_version(doc)
    if version is None:
        return
    low, high = SUPPORTED_VERSIONS
    head = version.split(".", 1)[0] if isinstance(version, str) else ""
    if not head.isdigit():
        raise InputError(
            "error.maps.foundry-version-type",
            file=Noun(_FOUNDRY),
            value=version,
            shown=show_value(version),
            low=low,
            high=high,
        )
    major = int(head)
    if major < low:
        raise InputError(
            "error.maps.foundry-version-old",
            file=Noun(_FOUNDRY),
            version=version,
            low=low,
            high=high,
        )
    if major > high:
        warnings.add("maps.warn.foundry_newer", version=version, high=high)


def grid(doc: Mapping[str, Any], warnings: Warnings) -> Grid:
    """Return the grid's size in pixels, its distance and units, from any layout v9-v13."""
    found = doc.get("grid")
    if isinstance(found, Mapping):
        size_v, kind = found.get("size"), found.get("type", GridType.SQUARE)
        distance_v, units = found.get("distance", 5), found.get("units", "ft")
    elif found is not None:
        size_v, kind = found, doc.get("gridType", GridType.SQUARE)
        distance_v, units = doc.get("gridDistance", 5), doc.get("gridUnits", "ft")
    else:
        raise InputError("error.maps.foundry-no-grid", file=Noun(_FOUNDRY))
    if size_v is None:
        raise InputError("error.maps.foundry-no-grid-size", file=Noun(_FOUNDRY))
    size = number(size_v, _FOUNDRY, "grid.size")
    if size <= 0:
        raise InputError(
            "error.maps.foundry-grid-size",
            file=Noun(_FOUNDRY),
            value=size,
            shown=fmt_number(size),
        )
    _check_grid_type(kind, warnings)
    distance = number(distance_v, _FOUNDRY, "grid.distance")
    if not isinstance(units, str):
        raise InputError(
            "error.maps.foundry-grid-units",
            file=Noun(_FOUNDRY),
            value=units,
            shown=show_value(units),
        )
    return Grid(size, distance, units.strip().lower())


def _check_grid_type(kind: object, warnings: Warnings) -> None:
    """Refuse a grid type that is not square (hex, unknown); warn about a gridless scene."""
    if isinstance(kind, bool) or not isinstance(kind, int):
        raise InputError(
            "error.maps.foundry-grid-type", file=Noun(_FOUNDRY), value=kind, shown=show_value(kind)
        )
    if kind in _HEX_TYPES:
        raise InputError("error.maps.foundry-grid-hex", file=Noun(_FOUNDRY), value=kind, kind=kind)
    if kind not in (GridType.GRIDLESS, GridType.SQUARE):
        raise InputError(
            "error.maps.foundry-grid-unknown", file=Noun(_FOUNDRY), value=kind, kind=kind
        )
    if kind == GridType.GRIDLESS:
        warnings.add("maps.warn.gridless")


def square(
    system: System, found: Grid, warnings: Warnings, *, limits: Limits = LIMITS
) -> Fraction | None:
    """Return the scene's ``square`` when the grid's distance differs from the default.

    The grid's units must be the system's (`footfall.rules.System.unit`, spelled as
    conventions.toml lists), else a warning says the default square is kept; a unit that
    `sets_square` (ft, m: not squares) makes a distance other than `System.square` the
    scene's ``square``, within the scene's bounds (`footfall.limits.Limits`).
    """
    unit = conventions().unit(system.unit)
    names, default, distance = unit.spellings, system.square, found.distance
    if found.units not in names:
        warnings.add(
            "maps.warn.units",
            distance=fmt_number(distance),
            units=found.units or notice("maps.word.no_unit"),
            system=system.id,
            default=fmt_number(default),
            unit=names[0],
        )
        return None
    if distance <= 0 or distance == default or not unit.sets_square:
        return None
    # The scene's own bounds on `square` (footfall.limits), named here as the export's field.
    if (
        not limits.min_square <= distance <= limits.max_square
        or distance.denominator > limits.square_denominator
    ):
        raise InputError(
            "error.maps.foundry-square",
            file=Noun(_FOUNDRY),
            value=distance,
            distance=fmt_number(distance),
            units=found.units,
            low=fmt_number(Fraction(limits.min_square)),
            high=limits.max_square,
            unit=names[0],
            decimals=len(str(limits.square_denominator)) - 1,
        )
    return distance


def background_offset(doc: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
    """Return the picture's ``offsetX``, ``offsetY`` in pixels (v10+; older ``shiftX/Y``)."""
    background = doc.get("background")
    if isinstance(background, Mapping):
        keys, where = ("offsetX", "offsetY"), "background."
        values = background
    else:
        keys, where = ("shiftX", "shiftY"), ""
        values = doc
    return (
        number(values.get(keys[0]) or 0, _FOUNDRY, f"{where}{keys[0]}"),
        number(values.get(keys[1]) or 0, _FOUNDRY, f"{where}{keys[1]}"),
    )


def background_src(doc: Mapping[str, Any]) -> str | None:
    """Return the path of the scene's picture (``background.src``; ``img`` before v10)."""
    background = doc.get("background")
    if isinstance(background, Mapping):
        src = background.get("src")
        return src if isinstance(src, str) and src else None
    img = doc.get("img")
    return img if isinstance(img, str) and img else None
