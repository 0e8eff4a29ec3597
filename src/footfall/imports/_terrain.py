"""Turn movement-cost multipliers into map characters, and lay a terrain overlay over a map.

Foundry regions and Enhanced Terrain Layer areas multiply the cost of the squares they cover;
`terrain_for` says which character of the default legend (or of `EXTRA_LEGEND`) a square of
that cost becomes. `merge_overlay` writes a plain-text terrain overlay over an imported map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from footfall.errors import InputError, Param
from footfall.imports._conventions import conventions
from footfall.imports._values import fmt_number
from footfall.imports.result import Notice, Warnings
from footfall.rules import System
from footfall.scene import Flag, LegendEntry

__all__ = [
    "DOUBLE_HAMPERED_CHAR",
    "EXTRA_LEGEND",
    "IMPASSABLE_CHAR",
    "Multiplier",
    "merge_overlay",
    "terrain_for",
]

#: A movement-cost multiplier: a number, or None for "cannot be entered".
Multiplier = Fraction | None

#: Characters the importers write for terrain kinds the default legend lacks.
IMPASSABLE_CHAR = "X"
DOUBLE_HAMPERED_CHAR = "*"

#: Legend entries the importers add beside the default legend of SCENE.md.
EXTRA_LEGEND: Mapping[str, LegendEntry] = MappingProxyType(
    {
        IMPASSABLE_CHAR: LegendEntry(impassable=True),
        # pf1e/dnd35 hampering factors multiply (RULES.md 1.2, seeds 000 and 004): two factors
        # make the x4 a multiplier of 4 asks for.
        DOUBLE_HAMPERED_CHAR: LegendEntry(frozenset({Flag.DIFFICULT, Flag.POOR_VISIBILITY})),
    }
)


def terrain_for(
    system: System, walk: Multiplier, fly: Multiplier, source: Notice, warnings: Warnings
) -> str:
    """Return the map character for a square whose movement costs are multiplied.

    `walk` and `fly` are the products of every multiplier covering the square (None when one
    of them forbids entry). The mapping, documented in docs/maps.md:

    - None -> ``_`` (pit) when flyers may still cross, else ``X`` (impassable);
    - 1 -> ``.``; 2 -> ``^`` (difficult);
    - 4 and more -> ``*`` (difficult + poor visibility: x4 where the family's hampering factors
      multiply, ``multiplies_hampering`` of conventions.toml); other families do not
      multiply, so ``^``;
    - below 1, or not a power of two -> the nearest kind, with a warning naming `source`.
    """
    if walk is None:
        return "_" if fly is not None else IMPASSABLE_CHAR
    if walk == 1:
        return "."
    if walk < 1:
        warnings.add("maps.warn.multiplier_cheaper", source=source, m=fmt_number(walk))
        return "."
    if walk == 2:
        return "^"
    if not conventions().family(system.family).multiplies_hampering:
        warnings.add(
            "maps.warn.multiplier_flat", source=source, m=fmt_number(walk), system=system.id
        )
        return "^"
    if walk == 4:
        return DOUBLE_HAMPERED_CHAR
    if walk < 4:
        warnings.add("maps.warn.multiplier_x2", source=source, m=fmt_number(walk))
        return "^"
    warnings.add("maps.warn.multiplier_x4", source=source, m=fmt_number(walk))
    return DOUBLE_HAMPERED_CHAR


def merge_overlay(
    rows: list[list[str]], overlay: Sequence[str], legend: Mapping[str, LegendEntry]
) -> None:
    """Write the overlay's characters over `rows` (in place); ``.`` keeps what is there.

    Raises `InputError` (about the ``terrain`` parameter) when the overlay's size differs
    from the map's or a character is not in `legend`.
    """
    height, width = len(rows), len(rows[0]) if rows else 0
    lines = list(overlay)
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != height or any(len(line) != width for line in lines):
        got_w = max((len(line) for line in lines), default=0)
        raise InputError(
            "error.maps.overlay-size",
            param=Param("terrain"),
            got_width=got_w,
            got_height=len(lines),
            width=width,
            height=height,
        )
    known = sorted(legend)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            if char not in legend:
                raise InputError(
                    "error.maps.overlay-char",
                    param=Param("terrain"),
                    value=char,
                    x=x,
                    y=y,
                    valid=tuple(known),
                    known=" ".join(known),
                )
            if char != ".":
                rows[y][x] = char
