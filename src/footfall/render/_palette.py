"""The colours of a drawn scene: terrain kinds, cost bands, walls, doors, the path, sides."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from footfall.scene import Flag, LegendEntry

__all__ = [
    "BAND_COLOURS",
    "DOOR_CLOSED_COLOUR",
    "DOOR_OPEN_COLOUR",
    "GRID",
    "LEGEND_BG",
    "OTHER_SIDES",
    "PATH_COLOUR",
    "REACH_ALPHA",
    "SIDE_COLOURS",
    "TERRAIN_ALPHA",
    "TERRAIN_COLOURS",
    "TERRAIN_KEYS",
    "TEXT",
    "WALL_COLOUR",
    "Colour",
    "terrain_colour",
    "terrain_kind",
    "terrain_kinds",
]

Colour = tuple[int, int, int]

#: Tint of reachable squares, band by band (band 0 = cheapest).
BAND_COLOURS: tuple[Colour, ...] = (
    (46, 160, 67),
    (235, 190, 30),
    (240, 120, 30),
    (200, 40, 40),
)

#: Opacity (0-255) of the reach tint over the map.
REACH_ALPHA = 120

#: Opacity (0-255) of terrain colours drawn over a background picture.
TERRAIN_ALPHA = 110

GRID = (0, 0, 0, 40)

WALL_COLOUR: Colour = (25, 25, 25)

DOOR_CLOSED_COLOUR: Colour = (150, 75, 20)

DOOR_OPEN_COLOUR: Colour = (120, 220, 240)

PATH_COLOUR: Colour = (30, 90, 230)

LEGEND_BG: Colour = (250, 250, 246)

TEXT: Colour = (20, 20, 20)

#: Colour of each creature side; sides not listed take `OTHER_SIDES` in turn.
SIDE_COLOURS: Mapping[str, Colour] = MappingProxyType(
    {
        "friendly": (60, 120, 220),
        "party": (60, 120, 220),
        "neutral": (230, 200, 60),
        "hostile": (200, 50, 50),
        "foes": (200, 50, 50),
        "secret": (130, 70, 170),
    }
)

OTHER_SIDES: tuple[Colour, ...] = ((40, 170, 170), (220, 120, 180), (120, 120, 120))

#: Colour of each terrain kind, drawn when the scene has no background picture.
TERRAIN_COLOURS: Mapping[str, Colour] = MappingProxyType(
    {
        "open": (236, 228, 206),
        "wall": (70, 66, 62),
        "impassable": (110, 30, 30),
        "pit": (30, 30, 36),
        "hazardous": (235, 150, 130),
        "difficult": (190, 160, 110),
        "obstacle": (150, 140, 120),
        "poor_visibility": (170, 175, 195),
    }
)

#: Terrain kinds in legend order, with their i18n keys.
TERRAIN_KEYS = (
    ("wall", "maps.terrain.wall"),
    ("impassable", "maps.terrain.impassable"),
    ("pit", "maps.terrain.pit"),
    ("hazardous", "maps.terrain.hazardous"),
    ("difficult", "maps.terrain.difficult"),
    ("obstacle", "maps.terrain.obstacle"),
    ("poor_visibility", "maps.terrain.poor_visibility"),
)


def terrain_kind(entry: LegendEntry) -> str:
    """Return the kind a legend entry is drawn as: its most telling flag, else ``open``."""
    if entry.impassable:
        return "impassable"
    for kind in ("wall", "pit", "hazardous", "difficult", "obstacle", "poor_visibility"):
        if Flag(kind) in entry.flags:
            return kind
    return "open"


def terrain_kinds(entry: LegendEntry) -> tuple[str, ...]:
    """Return every kind a legend entry shows: one that blocks alone, else each hampering flag.

    An impassable, wall or pit square is just that; otherwise hazardous, difficult, obstacle
    and poor visibility are all listed, so an imported x4 square (difficult + poor
    visibility) does not look like a x2 one.
    """
    first = terrain_kind(entry)
    if first in ("impassable", "wall", "pit", "open"):
        return (first,)
    return tuple(
        kind
        for kind in ("hazardous", "difficult", "obstacle", "poor_visibility")
        if Flag(kind) in entry.flags
    )


def terrain_colour(entry: LegendEntry) -> Colour:
    """Return the fill colour of a square with this legend entry (no background picture).

    An entry of several kinds gets the mean of their colours.
    """
    colours = [TERRAIN_COLOURS[kind] for kind in terrain_kinds(entry)]
    r, g, b = (round(sum(c[i] for c in colours) / len(colours)) for i in range(3))
    return r, g, b
