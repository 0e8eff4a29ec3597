"""The scene model of SCENE.md: legend entries, thin walls, flyers, creatures and the scene.

These frozen records are the contract the rest of footfall codes against. Closed vocabularies
are enums (`Flag`, `Door` here; sizes, armor, load and maneuverability are `footfall.rules`'
`Size` / `SteelSize`, `Armor`, `Load`, `Maneuverability`): a `StrEnum` member equals, hashes
and JSON-encodes as its string, so code comparing with ``"large"`` keeps working. The scene
readers (`footfall.scene.document`, `footfall.scene.text_map`) parse them once; a record built
in code with a string of the vocabulary gets the member too (`__post_init__`).

Frozen records hold no mutable dict: `Scene.legend` and every ``extra`` are read-only
mappings (`types.MappingProxyType` over a copy of what was given).

>>> wall = Wall((Fraction(0), Fraction(0)), (Fraction(0), Fraction(2)), "open")
>>> wall.door is Door.OPEN, wall.blocks
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NewType, TypeVar

from footfall.errors import Param, unknown
from footfall.rules import Armor, Load, Maneuverability, Size, SteelSize

__all__ = [
    "ARMORS",
    "DEFAULT_LEGEND",
    "DOORS",
    "FORMAT_VERSION",
    "LOADS",
    "Creature",
    "CreatureSize",
    "Door",
    "Flag",
    "Fly",
    "LegendEntry",
    "Point",
    "Scene",
    "Side",
    "Wall",
    "creature",
    "occupied_squares",
]

#: A grid point ``(x, y)`` in square units, exact: (0, 0) is the top-left corner of square
#: (0, 0), (1, 1) its bottom-right one.
Point = tuple[Fraction, Fraction]

Side = NewType("Side", str)
Side.__doc__ = """A team name: creatures of one side are allies, of different sides enemies.

An open vocabulary, unlike sizes or armor: SCENE.md lets a scene name any team (``party``,
``foes``, a Foundry disposition such as ``hostile``), so it stays a string. It is a distinct
type so that a side is never mixed up with an id or a size in typed code.
"""

#: A creature's size: a pf1e/dnd35 size (dh2e scenes use them too: seed 001 gives Dark Heresy
#: no grid sizes) or a Draw Steel one.
CreatureSize = Size | SteelSize

#: Version of the scene format this package reads and writes (the ``"footfall"`` key).
FORMAT_VERSION = 1


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


class Door(StrEnum):
    """The state of a door in a thin wall (SCENE.md: closed blocks, open does not)."""

    OPEN = "open"
    """Open: the wall blocks nothing."""
    CLOSED = "closed"
    """Closed: blocks like a wall."""


ARMORS: tuple[str, ...] = tuple(armor.value for armor in Armor)
"""Armor categories (pf1e/dnd35 running: x3 instead of x4 in heavy armor, RULES.md 1.1)."""
LOADS: tuple[str, ...] = tuple(load.value for load in Load)
"""Carried loads (official rule: x3 running with a heavy load, RULES.md 1.1)."""
DOORS: tuple[str, ...] = tuple(door.value for door in Door)
"""States of a door in a thin wall (SCENE.md: closed blocks, open does not)."""

_V = TypeVar("_V")

_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})

#: The spellings of each vocabulary a record may be given as a string (sizes: both tables,
#: whose spellings are disjoint).
_SIZES: Mapping[str, StrEnum] = {m.value: m for kind in (Size, SteelSize) for m in kind}
_ARMORS: Mapping[str, StrEnum] = {m.value: m for m in Armor}
_LOADS: Mapping[str, StrEnum] = {m.value: m for m in Load}
_DOORS: Mapping[str, StrEnum] = {m.value: m for m in Door}
_MANEUVERABILITIES: Mapping[str, StrEnum] = {m.value: m for m in Maneuverability}


def _no_extra() -> Mapping[str, Any]:
    return _NO_EXTRA


def _readonly(value: Mapping[str, _V]) -> Mapping[str, _V]:
    """Return `value` as a read-only mapping (a proxy over a copy; a proxy is kept as is)."""
    if isinstance(value, MappingProxyType):
        return value
    return MappingProxyType(dict(value)) if value else _NO_EXTRA


def _freeze(record: object, name: str) -> None:
    """Make the mapping field `name` of a frozen `record` read-only (its `__post_init__`)."""
    value = getattr(record, name)
    if type(value) is not MappingProxyType:
        object.__setattr__(record, name, _readonly(value))


def _convert(record: object, name: str, spellings: Mapping[str, StrEnum]) -> None:
    """Replace the field `name` of a frozen `record` given as a string by its member.

    A string of no vocabulary is kept as given: the scene checks refuse it, naming it.
    """
    value = getattr(record, name)
    if type(value) is str and value in spellings:
        object.__setattr__(record, name, spellings[value])


class _Record:
    """Pickling for the frozen records: read-only mappings travel as plain dicts."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        """Rebuild from the fields (`__post_init__` makes the mappings read-only again)."""
        values = (getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]
        return type(self), tuple(dict(v) if isinstance(v, MappingProxyType) else v for v in values)


@dataclass(frozen=True, slots=True)
class LegendEntry(_Record):
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
    extra: Mapping[str, Any] = field(default_factory=_no_extra, compare=False, hash=False)
    """``x-...`` keys of an object-form entry, kept and written back, otherwise ignored."""

    def __post_init__(self) -> None:
        """Make `extra` read-only."""
        _freeze(self, "extra")


@dataclass(frozen=True, slots=True)
class Wall(_Record):
    """A thin wall between squares: segment `start`-`end` in grid units, maybe a door."""

    start: Point
    end: Point
    door: Door | None = None
    extra: Mapping[str, Any] = field(default_factory=_no_extra, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""

    def __post_init__(self) -> None:
        """Read a door given as a string; make `extra` read-only."""
        _convert(self, "door", _DOORS)
        _freeze(self, "extra")

    @property
    def blocks(self) -> bool:
        """Whether the wall blocks movement now (an open door does not)."""
        return self.door != Door.OPEN


@dataclass(frozen=True, slots=True)
class Fly(_Record):
    """A creature's flight: speed in the system's unit and maneuverability class."""

    speed: int
    maneuverability: Maneuverability
    extra: Mapping[str, Any] = field(default_factory=_no_extra, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""

    def __post_init__(self) -> None:
        """Read a maneuverability given as a string; make `extra` read-only."""
        _convert(self, "maneuverability", _MANEUVERABILITIES)
        _freeze(self, "extra")


@dataclass(frozen=True, slots=True)
class Creature(_Record):
    """A creature on the map; `at` is the top-left square of its space, as ``(x, y)``.

    A string of a vocabulary (``size="large"``) is read as its member; one of no vocabulary is
    kept as given for the scene checks (`footfall.scene.validate`) to refuse by name.
    """

    id: str
    at: tuple[int, int]
    size: CreatureSize
    side: Side
    speed: int | None = None
    armor: Armor = Armor.NONE
    load: Load = Load.LIGHT
    helpless: bool = False
    fly: Fly | None = None
    alt: int = 0
    """Altitude in ft above the ground (flight)."""
    agility_bonus: int | None = None
    toughness_bonus: int | None = None
    extra: Mapping[str, Any] = field(default_factory=_no_extra, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""
    base_speed: int | None = None
    """Speed before armor and load (issue 12): the engine slows it by the system's armor and
    load table when `speed` is None (`speed` is the speed after armor)."""
    conditions: tuple[str, ...] = ()
    """Conditions that change its movement (``fatigued``, ``prone``, Draw Steel ``slowed`` ...):
    words of its system's ``[conditions]`` table, sorted, each once (docs/scenes.md)."""

    def __post_init__(self) -> None:
        """Read size, armor and load given as strings; make `extra` read-only."""
        _convert(self, "size", _SIZES)
        _convert(self, "armor", _ARMORS)
        _convert(self, "load", _LOADS)
        _freeze(self, "extra")
        if not isinstance(self.conditions, tuple) or list(self.conditions) != sorted(
            set(self.conditions)
        ):
            object.__setattr__(self, "conditions", tuple(sorted(set(self.conditions))))


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Scene(_Record):
    """A battle map: rows of characters, their legend, thin walls and creatures.

    A scene is compared by value and hashed without its legend and ``extra`` (both read-only
    mappings); caches of per-scene work key it by identity and refer to it weakly, so that an
    entry goes with its scene (`footfall.bytecache.ByteCache`).
    """

    system: str
    rows: tuple[str, ...]
    legend: Mapping[str, LegendEntry] = field(hash=False)
    walls: tuple[Wall, ...] = ()
    creatures: tuple[Creature, ...] = ()
    square: Fraction | None = None
    """Side of a square in the system's unit, when not the default (5 ft, 1 m, 1 square)."""
    ceiling_ft: int | None = None
    """Height of the ceiling on indoor maps (flight); None outdoors."""
    background: str | None = None
    """Background image of an imported map: a path relative to the scene file, or a data URL."""
    extra: Mapping[str, Any] = field(default_factory=_no_extra, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""

    def __post_init__(self) -> None:
        """Make `legend` and `extra` read-only."""
        _freeze(self, "legend")
        _freeze(self, "extra")

    def move(self, creature_id: str, to: tuple[int, int]) -> Scene:
        """Return this scene with creature `creature_id` at `to` (the top-left of its space).

        The new scene is checked as a read one is (on the map, on open squares, alone); an
        unknown id raises `InputError` naming the ids.

        >>> from footfall.scene import load_sample
        >>> bridge = load_sample("pf1e-ogre-bridge").move("ogre", (10, 5))
        >>> creature(bridge, "ogre").at
        (10, 5)
        """
        from dataclasses import replace

        from footfall.scene.document import validate

        moved = replace(creature(self, creature_id), at=(int(to[0]), int(to[1])))
        creatures = tuple(moved if c.id == creature_id else c for c in self.creatures)
        return validate(replace(self, creatures=creatures))

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)


#: The default legend of SCENE.md; a scene's ``legend`` adds to it or overrides characters.
DEFAULT_LEGEND: Mapping[str, LegendEntry] = MappingProxyType(
    {
        ".": LegendEntry(),
        "#": LegendEntry(frozenset({Flag.WALL})),
        "^": LegendEntry(frozenset({Flag.DIFFICULT})),
        "o": LegendEntry(frozenset({Flag.OBSTACLE})),
        "%": LegendEntry(frozenset({Flag.POOR_VISIBILITY})),
        "_": LegendEntry(frozenset({Flag.PIT})),
        "!": LegendEntry(frozenset({Flag.HAZARDOUS})),
    }
)


def occupied_squares(creature: Creature, side: int) -> set[tuple[int, int]]:
    """Return the squares ``(x, y)`` of a space of `side` x `side` whose top-left is `at`."""
    x0, y0 = creature.at
    return {(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)}


def creature(scene: Scene, creature_id: str, param: Param | None = None) -> Creature:
    """Return the creature `creature_id` of `scene`, or raise `InputError` naming the ids (and
    `param`, the option that gave the id: ``mover``, ``target``)."""
    for candidate in scene.creatures:
        if candidate.id == creature_id:
            return candidate
    known = [c.id for c in scene.creatures] or ["(none)"]
    raise unknown("creature", creature_id, known, param=param)
