"""Battle maps with creatures on them: the scene model of SCENE.md, its JSON and text io.

Coordinates are ``(x, y)``: x the column (0 = left), y the row (0 = top). Numpy arrays built
from a scene are indexed ``[y, x]``. Grid points (for thin walls) are in square units, point
(0, 0) being the top-left corner of square (0, 0).

The value classes below are the contract the rest of footfall codes against; the parsing,
validation, writing and geometry functions live beside them in this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, Literal

__all__ = [
    "Creature",
    "Flag",
    "Fly",
    "LegendEntry",
    "Scene",
    "Wall",
]

Point = tuple[Fraction, Fraction]


class Flag(StrEnum):
    """Terrain flags a map character can carry (SCENE.md, default legend)."""

    WALL = "wall"
    """Solid: blocks movement, flight and diagonal corners."""
    DIFFICULT = "difficult"
    """Difficult terrain (rubble, undergrowth, deep snow)."""
    OBSTACLE = "obstacle"
    """Crossable obstacle (low wall, log); no movement may end on it."""
    POOR_VISIBILITY = "poor_visibility"
    """Darkness or fog: hampers pf1e/dnd35 movement."""
    PIT = "pit"
    """Impassable to walkers, does not block corners; flyers cross it."""
    HAZARDOUS = "hazardous"
    """Hazardous (damaging) terrain: Draw Steel movers cannot shift into it."""


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """What one map character means: its flags and optional properties."""

    flags: frozenset[Flag] = frozenset()
    width_ft: Fraction | None = None
    """Clearance width of a narrow square, for squeezing (pf1e/dnd35)."""
    height_ft: Fraction | None = None
    """Clearance height of a low square, for squeezing (pf1e/dnd35)."""
    terrain: str | None = None
    """A dh2e terrain name from its Agility-test table, e.g. ``"mud"``."""
    impassable: bool = False
    """Cannot be entered at all (seed "Непроходимый участок" / "无法通行")."""


@dataclass(frozen=True, slots=True)
class Wall:
    """A thin wall between squares: segment `start`-`end` in grid units, maybe a door."""

    start: Point
    end: Point
    door: Literal["open", "closed"] | None = None

    @property
    def blocks(self) -> bool:
        """Whether the wall blocks movement now (an open door does not)."""
        return self.door != "open"


@dataclass(frozen=True, slots=True)
class Fly:
    """A creature's flight: speed in the system's unit and maneuverability class."""

    speed: int
    maneuverability: str


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature on the map; `at` is the top-left square of its space, as ``(x, y)``."""

    id: str
    at: tuple[int, int]
    size: str
    side: str
    speed: int | None = None
    armor: str = "none"
    load: str = "light"
    helpless: bool = False
    fly: Fly | None = None
    alt: int = 0
    """Altitude in ft above the ground (flight)."""
    agility_bonus: int | None = None
    toughness_bonus: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""


@dataclass(frozen=True, slots=True)
class Scene:
    """A battle map: rows of characters, their legend, thin walls and creatures."""

    system: str
    rows: tuple[str, ...]
    legend: dict[str, LegendEntry] = field(hash=False)
    walls: tuple[Wall, ...] = ()
    creatures: tuple[Creature, ...] = ()
    square: Fraction | None = None
    """Side of a square in the system's unit, when not the default (5 ft, 1 m, 1 square)."""
    ceiling_ft: int | None = None
    """Height of the ceiling on indoor maps (flight); None outdoors."""
    background: str | None = None
    """Background image of an imported map: a path relative to the scene file, or a data URL."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)
