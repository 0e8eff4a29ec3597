"""Battle maps with creatures on them: the scene model of SCENE.md, its JSON and text io.

Coordinates are ``(x, y)``: x the column (0 = left), y the row (0 = top). Numpy arrays built
from a scene are indexed ``[y, x]``. Grid points (for thin walls) are in square units, point
(0, 0) being the top-left corner of square (0, 0).

The value classes below are the contract the rest of footfall codes against; the parsing,
validation, writing and geometry functions live beside them in this module.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, LimitError, RuleDataError, SceneError, quote, unknown
from footfall.grid import DIRECTIONS
from footfall.limits import LIMITS
from footfall.rules import SYSTEM_IDS, Maneuverability, load_system

__all__ = [
    "ARMORS",
    "DEFAULT_LEGEND",
    "DIRECTIONS",
    "DOORS",
    "FORMAT_VERSION",
    "LOADS",
    "MAX_CREATURES",
    "MAX_HEIGHT_FT",
    "MAX_SPEED",
    "MAX_SQUARES",
    "MAX_WALLS",
    "SYSTEM_IDS",
    "TEXT_EXTENSIONS",
    "Creature",
    "Flag",
    "Fly",
    "LegendEntry",
    "Point",
    "Scene",
    "Wall",
    "clearance_below",
    "clearance_ft",
    "creature",
    "dump_scene",
    "entry_at",
    "entry_mask",
    "flag_mask",
    "footprint",
    "impassable_mask",
    "list_samples",
    "load_sample",
    "load_scene",
    "maneuverabilities",
    "occupied_squares",
    "parse_scene",
    "parse_scene_text",
    "parse_text_map",
    "scene_json_text",
    "scene_to_json",
    "scene_to_text",
    "segments_touch",
    "size_table",
    "step_blocked_by_walls",
    "terrain_index",
    "terrain_names",
    "thin_wall_exits",
    "validate",
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
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """``x-...`` keys of an object-form entry, kept and written back, otherwise ignored."""


@dataclass(frozen=True, slots=True)
class Wall:
    """A thin wall between squares: segment `start`-`end` in grid units, maybe a door."""

    start: Point
    end: Point
    door: Literal["open", "closed"] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""

    @property
    def blocks(self) -> bool:
        """Whether the wall blocks movement now (an open door does not)."""
        return self.door != "open"


@dataclass(frozen=True, slots=True)
class Fly:
    """A creature's flight: speed in the system's unit and maneuverability class."""

    speed: int
    maneuverability: str
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """``x-...`` keys, kept and written back, otherwise ignored."""


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


# --------------------------------------------------------------------------------------------
# Vocabularies and limits
# --------------------------------------------------------------------------------------------

#: Version of the scene format this module reads and writes (the ``"footfall"`` key).
FORMAT_VERSION = 1

#: Largest map footfall accepts, in squares (width x height); larger maps raise `LimitError`.
MAX_SQUARES = LIMITS.squares
#: Most thin walls one scene may hold.
MAX_WALLS = LIMITS.walls
#: Most creatures one scene may hold.
MAX_CREATURES = LIMITS.creatures
#: Largest speed, Agility or Toughness Bonus a creature may have (far past any printed one);
#: larger values raise `LimitError` instead of overflowing the search's integer costs.
MAX_SPEED = LIMITS.speed
#: Highest altitude or ceiling, in ft; higher raises `LimitError`.
MAX_HEIGHT_FT = LIMITS.height_ft

#: The default legend of SCENE.md; a scene's ``legend`` adds to it or overrides characters.
DEFAULT_LEGEND: dict[str, LegendEntry] = {
    ".": LegendEntry(),
    "#": LegendEntry(frozenset({Flag.WALL})),
    "^": LegendEntry(frozenset({Flag.DIFFICULT})),
    "o": LegendEntry(frozenset({Flag.OBSTACLE})),
    "%": LegendEntry(frozenset({Flag.POOR_VISIBILITY})),
    "_": LegendEntry(frozenset({Flag.PIT})),
    "!": LegendEntry(frozenset({Flag.HAZARDOUS})),
}

ARMORS = ("none", "light", "medium", "heavy")
"""Armor categories (pf1e/dnd35 running: x3 instead of x4 in heavy armor, RULES.md 1.1)."""
LOADS = ("light", "medium", "heavy")
"""Carried loads (official rule: x3 running with a heavy load, RULES.md 1.1)."""
DOORS = ("open", "closed")
"""States of a door in a thin wall (SCENE.md: closed blocks, open does not)."""

_TOP_KEYS = (
    "footfall",
    "system",
    "map",
    "legend",
    "walls",
    "creatures",
    "square",
    "ceiling_ft",
    "background",
)
_CREATURE_KEYS = (
    "id",
    "at",
    "size",
    "side",
    "speed",
    "armor",
    "load",
    "helpless",
    "fly",
    "alt",
    "agility_bonus",
    "toughness_bonus",
)
_FLY_KEYS = ("speed", "maneuverability")
_WALL_KEYS = ("from", "to", "door")
_LEGEND_KEYS = ("flags", "width_ft", "height_ft", "terrain", "impassable")

Number = int | Fraction


# --------------------------------------------------------------------------------------------
# What the systems allow (sizes, maneuverability, dh2e terrain)
# --------------------------------------------------------------------------------------------


def size_table(system: str) -> dict[str, int]:
    """Return the sizes of `system`, smallest first, mapped to the side of their space.

    From the system's data file (`footfall.rules`): pf1e/dnd35 fine..colossal with spaces
    1,1,1,1,1,2,3,4,6 (seed 004, Core Rulebook "Creature Size and Scale"); Draw Steel 1T, 1S,
    1M, 1L, 2, 3, 4, 5 with spaces 1,1,1,1,2,3,4,5 (seed 002). Seed 001 gives dh2e no grid
    sizes: a dh2e scene uses the pf1e size names and spaces (``medium`` for a human).
    """
    rules = load_system("pf1e" if system == "dh2e" else system)
    if rules.steel is not None:
        return {rule.size.value: rule.footprint for rule in rules.steel.sizes}
    if rules.tactical is None:  # pragma: no cover - every grid system has one or the other
        raise RuleDataError(f"system {system!r} has no size table")
    return {rule.size.value: rule.footprint for rule in rules.tactical.sizes}


def maneuverabilities(system: str) -> tuple[str, ...]:
    """Return the flight maneuverability classes a creature's ``fly`` may name, best first.

    The dnd35 table (seed 004 "表:机动性") in its data file; pf1e uses the same five classes,
    and dh2e and Draw Steel scenes accept them too (only dnd35 flight rules read them).
    """
    flight = load_system(system).flight
    if flight is not None:
        return tuple(row.maneuverability.value for row in flight.rows)
    return tuple(m.value for m in Maneuverability)


def terrain_names(system: str) -> tuple[str, ...]:
    """Return the terrain names a legend may give in `system` (dh2e: seed 001 table)."""
    heresy = load_system(system).heresy
    return tuple(row.id for row in heresy.terrains) if heresy is not None else ()


def _share_size_gap(system: str) -> int | None:
    """Return how many sizes apart two creatures must be to share a square (Draw Steel)."""
    steel = load_system(system).steel
    return steel.share_size_gap if steel is not None else None


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------

_FRACTION_TEXT = re.compile(r"^\s*-?\d+(\.\d+)?(/\d+)?\s*$")

#: Most digits in one number of a scene: Python's own limit for reading an int from text
#: (``sys.get_int_max_str_digits``, 4300 by default). Every scene number is far smaller
#: (speeds stop at `MAX_SPEED`), so a longer one is refused before it is converted.
MAX_DIGITS = LIMITS.digits


#: Bits of the largest int `_number` takes: 10**MAX_DIGITS has 14,284 bits.
_MAX_BITS = 14_000


class _TooManyDigits(str):
    """A JSON integer literal of more than `MAX_DIGITS` digits, kept as its text.

    `json.loads` hands such a literal to ``int()``, which refuses it with a bare
    ``ValueError``; `_read_json` keeps it as this marker instead, so `_number` refuses it
    naming the key it stands under.
    """


def _json_int(text: str) -> int | _TooManyDigits:
    """Read a JSON integer literal, or mark it when it has over `MAX_DIGITS` digits."""
    if len(text) - text.startswith("-") > MAX_DIGITS:
        return _TooManyDigits(text)
    return int(text)


def _digits_error(where: str, text: str) -> SceneError:
    """Build the error of a number written with more than `MAX_DIGITS` digits."""
    digits = sum(ch.isdigit() for ch in text)
    return _fail(
        where,
        f"a number of {digits} digits is too long (at most {MAX_DIGITS} digits), got {quote(text)}",
    )


def _fail(where: str, message: str) -> SceneError:
    """Build a `SceneError` whose one line starts with the place of the bad value."""
    return SceneError(f"{where}: {message}" if where else message)


def _number(value: object, where: str) -> Number:
    """Read a JSON number exactly: ints stay int, fractions become `Fraction(str(value))`.

    Strings ``"5/2"`` and ``"2.5"`` are accepted too (how `scene_to_json` writes a fraction
    that no decimal spells exactly).
    """
    if isinstance(value, bool):
        raise _fail(where, f"expected a number, got {value!r}")
    if isinstance(value, _TooManyDigits):
        raise _digits_error(where, value)
    if isinstance(value, int):
        if value.bit_length() > _MAX_BITS:  # str() of it would raise ValueError
            raise _fail(where, f"a number of over {MAX_DIGITS} digits is too long")
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise _fail(where, f"expected a finite number, got {value!r}")
        result = Fraction(str(value))
    elif isinstance(value, Fraction):
        result = value
    elif isinstance(value, str) and _FRACTION_TEXT.match(value):
        if sum(ch.isdigit() for ch in value) > MAX_DIGITS:
            raise _digits_error(where, value)
        try:
            result = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise _fail(where, f"expected a number, got {quote(value)}") from None
    else:
        raise _fail(where, f"expected a number, got {quote(value)}")
    return result.numerator if result.denominator == 1 else result


def _integer(value: object, where: str, *, minimum: int | None = 0) -> int:
    """Read a whole number (``30`` or ``30.0``), at least `minimum` when given."""
    number = _number(value, where)
    if not isinstance(number, int):
        raise _fail(where, f"expected a whole number, got {value!r}")
    if minimum is not None and number < minimum:
        raise _fail(where, f"must be at least {minimum}, got {number}")
    return number


def _at_most(value: int, where: str, limit: int) -> int:
    """Return `value`, or raise `LimitError` when it is over `limit`."""
    if value > limit:
        raise LimitError(f"{where}: {value} is over the limit of {limit}")
    return value


def _five_foot_steps(speed: int, where: str, system: str) -> None:
    """Refuse a pf1e / dnd35 speed in ft that is not a multiple of 5 (RULES.md 1.2)."""
    if system in ("pf1e", "dnd35") and speed % 5:
        raise _fail(where, f"a {system} speed is a multiple of 5 ft, got {speed}")


def _string(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(where, f"expected a non-empty string, got {value!r}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"expected true or false, got {value!r}")
    return value


def _choice(value: object, where: str, what: str, known: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in known:
        raise _fail(where, f"unknown {what} {value!r} (known: {', '.join(known)})")
    return value


def _object(
    value: object, where: str, known: tuple[str, ...]
) -> tuple[Mapping[str, Any], dict[str, Any]]:
    """Check `value` is an object whose keys are `known` or ``x-...``; split off the extras."""
    if not isinstance(value, Mapping):
        raise _fail(where, f"expected an object, got {type(value).__name__}")
    extra: dict[str, Any] = {}
    for key in value:
        if not isinstance(key, str):
            raise _fail(where, f"keys must be strings, got {key!r}")
        if key.startswith("x-"):
            extra[key] = value[key]
        elif key not in known:
            shown = f"{where}: " if where else ""
            raise SceneError(
                f"{shown}unknown key {key!r} (known: {', '.join(known)}; "
                "x-... keys are kept and ignored)"
            )
    return value, extra


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _fail(where, f"expected a list, got {type(value).__name__}")
    return list(value)


def _pair(value: object, where: str) -> tuple[object, object]:
    items = _list(value, where)
    if len(items) != 2:
        raise _fail(where, f"expected [x, y], got {value!r}")
    return items[0], items[1]


def _parse_flags(value: object, where: str) -> frozenset[Flag]:
    flags: set[Flag] = set()
    known = [flag.value for flag in Flag]
    for i, item in enumerate(_list(value, where)):
        if not isinstance(item, str) or item not in known:
            raise _fail(f"{where}[{i}]", f"unknown flag {item!r} (known: {', '.join(known)})")
        flags.add(Flag(item))
    return frozenset(flags)


def _parse_legend_entry(value: object, where: str, system: str) -> LegendEntry:
    if isinstance(value, list | tuple):
        return LegendEntry(_parse_flags(value, where))
    data, extra = _object(value, where, _LEGEND_KEYS)
    flags = _parse_flags(data.get("flags", []), f"{where}.flags")
    clearance: dict[str, Fraction | None] = {}
    for key in ("width_ft", "height_ft"):
        if key in data:
            number = _number(data[key], f"{where}.{key}")
            if number <= 0:
                raise _fail(f"{where}.{key}", f"must be more than 0, got {data[key]!r}")
            clearance[key] = Fraction(number)
        else:
            clearance[key] = None
    terrain = None
    if "terrain" in data:
        names = terrain_names(system)
        if not names:
            raise _fail(
                f"{where}.terrain",
                f"terrain names are a dh2e table; system {system!r} has none (use flags instead)",
            )
        terrain = _choice(data["terrain"], f"{where}.terrain", "dh2e terrain", names)
    impassable = _bool(data.get("impassable", False), f"{where}.impassable")
    return LegendEntry(
        flags, clearance["width_ft"], clearance["height_ft"], terrain, impassable, extra
    )


def _parse_legend(value: object, system: str) -> dict[str, LegendEntry]:
    if not isinstance(value, Mapping):
        raise _fail("legend", f"expected an object, got {type(value).__name__}")
    legend = dict(DEFAULT_LEGEND)
    for char, entry in value.items():
        where = f"legend[{char!r}]"
        if not isinstance(char, str) or len(char) != 1 or char.isspace() or not char.isprintable():
            raise _fail(where, "legend keys must be one printable, non-space character")
        legend[char] = _parse_legend_entry(entry, where, system)
    return legend


def _parse_map(value: object, legend: Mapping[str, LegendEntry]) -> tuple[str, ...]:
    """Check the map: a non-empty list of equal, non-empty rows of legend characters."""
    rows = _list(value, "map")
    for y, row in enumerate(rows):
        if not isinstance(row, str):
            raise _fail(f"map[{y}]", f"rows must be strings, got {row!r}")
    if not rows or not rows[0]:
        raise SceneError("map: the map is empty (give at least one row of one square)")
    width = len(rows[0])
    if width * len(rows) > MAX_SQUARES:
        raise LimitError(
            f"map: {width}x{len(rows)} = {width * len(rows)} squares is over the limit of "
            f"{MAX_SQUARES} squares"
        )
    known = set(legend)
    for y, row in enumerate(rows):
        if len(row) != width:
            raise _fail(
                f"map[{y}]",
                f"ragged rows: row {y} has {len(row)} squares, row 0 has {width}",
            )
        bad = set(row) - known
        if bad:
            char = min(bad, key=row.index)
            raise _fail(
                f"map[{y}]",
                f"unknown legend character {char!r} at [{row.index(char)}, {y}] "
                f"(known: {' '.join(sorted(known))})",
            )
    return tuple(rows)


def _parse_point(value: object, where: str) -> Point:
    x, y = _pair(value, where)
    return Fraction(_number(x, f"{where}[0]")), Fraction(_number(y, f"{where}[1]"))


def _parse_wall(value: object, where: str) -> Wall:
    data, extra = _object(value, where, _WALL_KEYS)
    for key in ("from", "to"):
        if key not in data:
            raise _fail(where, f"a wall needs 'from' and 'to' (missing {key!r})")
    start = _parse_point(data["from"], f"{where}.from")
    end = _parse_point(data["to"], f"{where}.to")
    if start == end:
        raise _fail(where, f"a wall needs two different points, got {value!r}")
    door: Literal["open", "closed"] | None = None
    if "door" in data:
        door = (
            "open" if _choice(data["door"], f"{where}.door", "door", DOORS) == "open" else "closed"
        )
    return Wall(start, end, door, extra)


def _parse_fly(value: object, where: str, system: str) -> Fly:
    data, extra = _object(value, where, _FLY_KEYS)
    if "speed" not in data:
        raise _fail(where, "fly needs a 'speed'")
    speed = _at_most(_integer(data["speed"], f"{where}.speed"), f"{where}.speed", MAX_SPEED)
    _five_foot_steps(speed, f"{where}.speed", system)
    maneuverability = _choice(
        data.get("maneuverability", "average"),
        f"{where}.maneuverability",
        "maneuverability",
        maneuverabilities(system),
    )
    return Fly(speed, maneuverability, extra)


def _parse_creature(value: object, where: str, system: str) -> Creature:
    if isinstance(value, Mapping) and isinstance(value.get("id"), str):
        where = f"{where} ({value['id']!r})"
    data, extra = _object(value, where, _CREATURE_KEYS)
    for key in ("id", "at", "size", "side"):
        if key not in data:
            raise _fail(where, f"a creature needs {key!r} (id, at, size and side are required)")
    cid = _string(data["id"], f"{where}.id")
    ax, ay = _pair(data["at"], f"{where}.at")
    at = (
        _integer(ax, f"{where}.at[0]", minimum=None),
        _integer(ay, f"{where}.at[1]", minimum=None),
    )
    size_in = data["size"]
    if isinstance(size_in, int) and not isinstance(size_in, bool):
        size_in = str(size_in)  # Draw Steel sizes 2..5 written as JSON numbers
    size = _choice(size_in, f"{where}.size", f"{system} size", tuple(size_table(system)))
    side = _string(data["side"], f"{where}.side")
    speed = None
    agility_bonus = None
    toughness_bonus = None
    if system == "dh2e":
        if "speed" in data:
            raise _fail(
                f"{where}.speed",
                "dh2e creatures give 'agility_bonus' (metres per round follow from it), "
                "not 'speed'",
            )
        if "agility_bonus" in data:
            key = f"{where}.agility_bonus"
            agility_bonus = _at_most(_integer(data["agility_bonus"], key), key, MAX_SPEED)
        if "toughness_bonus" in data:
            key = f"{where}.toughness_bonus"
            toughness_bonus = _at_most(_integer(data["toughness_bonus"], key), key, MAX_SPEED)
    else:
        for key in ("agility_bonus", "toughness_bonus"):
            if key in data:
                raise _fail(
                    f"{where}.{key}", f"{key!r} is for dh2e creatures; {system} uses 'speed'"
                )
        if "speed" in data:
            speed = _at_most(_integer(data["speed"], f"{where}.speed"), f"{where}.speed", MAX_SPEED)
            _five_foot_steps(speed, f"{where}.speed", system)
    armor = _choice(data.get("armor", "none"), f"{where}.armor", "armor", ARMORS)
    load = _choice(data.get("load", "light"), f"{where}.load", "load", LOADS)
    helpless = _bool(data.get("helpless", False), f"{where}.helpless")
    fly = _parse_fly(data["fly"], f"{where}.fly", system) if "fly" in data else None
    alt = _at_most(_integer(data.get("alt", 0), f"{where}.alt"), f"{where}.alt", MAX_HEIGHT_FT)
    if alt % 5:
        raise _fail(f"{where}.alt", f"altitude is in 5-ft steps, got {alt}")
    if alt and fly is None:
        raise _fail(f"{where}.alt", f"only a flyer can be at altitude {alt} (give it 'fly')")
    return Creature(
        cid,
        at,
        size,
        side,
        speed,
        armor,
        load,
        helpless,
        fly,
        alt,
        agility_bonus,
        toughness_bonus,
        extra,
    )


def parse_scene(data: Mapping[str, Any]) -> Scene:
    """Build a `Scene` from its JSON form (SCENE.md), checking every value.

    Raises `SceneError` with one line naming the bad value and the valid ones, or `LimitError`
    for a map over `MAX_SQUARES` squares.

    >>> scene = parse_scene({"footfall": 1, "system": "pf1e", "map": ["..^", "..."]})
    >>> scene.width, scene.height, scene.legend["^"].flags == {Flag.DIFFICULT}
    (3, 2, True)
    """
    data, extra = _object(data, "", _TOP_KEYS)
    if "footfall" not in data:
        raise SceneError(
            f"missing key 'footfall': a scene starts with \"footfall\": {FORMAT_VERSION} "
            "(the format version)"
        )
    version = data["footfall"]
    if isinstance(version, bool) or version != FORMAT_VERSION:
        raise SceneError(
            f"unsupported scene format version footfall={quote(version)} "
            f"(this footfall reads version {FORMAT_VERSION})"
        )
    if "system" not in data:
        raise SceneError(f"missing key 'system' (known: {', '.join(_system_ids())})")
    system = _choice(data["system"], "system", "system", _system_ids())
    if "map" not in data:
        raise SceneError("missing key 'map' (a list of rows of legend characters)")
    legend = _parse_legend(data.get("legend", {}), system)
    rows = _parse_map(data["map"], legend)
    walls_in = _list(data.get("walls", []), "walls")
    if len(walls_in) > MAX_WALLS:
        raise LimitError(f"walls: {len(walls_in)} walls is over the limit of {MAX_WALLS}")
    walls = tuple(_parse_wall(wall, f"walls[{i}]") for i, wall in enumerate(walls_in))
    creatures_in = _list(data.get("creatures", []), "creatures")
    if len(creatures_in) > MAX_CREATURES:
        raise LimitError(
            f"creatures: {len(creatures_in)} creatures is over the limit of {MAX_CREATURES}"
        )
    creatures = tuple(
        _parse_creature(c, f"creatures[{i}]", system) for i, c in enumerate(creatures_in)
    )
    square = None
    if "square" in data:
        square = _parse_square(data["square"])
    ceiling_ft = None
    if "ceiling_ft" in data:
        ceiling_ft = _at_most(
            _integer(data["ceiling_ft"], "ceiling_ft"), "ceiling_ft", MAX_HEIGHT_FT
        )
        if ceiling_ft % 5:
            raise _fail("ceiling_ft", f"the ceiling is in 5-ft steps, got {ceiling_ft}")
    background = _string(data["background"], "background") if "background" in data else None
    scene = Scene(system, rows, legend, walls, creatures, square, ceiling_ft, background, extra)
    _check_creatures(scene)
    return scene


#: Range of a scene's ``square`` (the side of one square in the system's unit: ft, m or
#: squares). Movement is counted in whole squares (pf1e, dnd35: speed / square) or in
#: 1/(2000 x denominator) m (dh2e), so a side of 1e-300 made budgets of 10^300 squares and
#: one of 10^300 overflowed the float shown in answers. 1/100 to 1000 covers every real map
#: (a 1-inch square, a 1000-ft overland square) and keeps every count a modest integer.
MIN_SQUARE = LIMITS.min_square
MAX_SQUARE = LIMITS.max_square
#: Largest denominator of ``square`` (1/1000: three decimal places, or thirds, sevenths...).
MAX_SQUARE_DENOMINATOR = LIMITS.square_denominator


def _parse_square(value: object) -> Fraction:
    """Read the scene's ``square``: a number from `MIN_SQUARE` to `MAX_SQUARE`."""
    number = Fraction(_number(value, "square"))
    shown = quote(value)
    if not MIN_SQUARE <= number <= MAX_SQUARE:
        raise _fail(
            "square",
            f"the side of a square is from {float(MIN_SQUARE)} to {MAX_SQUARE} in the system's "
            f"unit (ft, m or squares), got {shown}",
        )
    if number.denominator > MAX_SQUARE_DENOMINATOR:
        raise _fail(
            "square",
            f"the side of a square is a fraction with a denominator of at most "
            f"{MAX_SQUARE_DENOMINATOR} (such as 1.5, 2.125 or 1/3), got {shown}",
        )
    return number


def _system_ids() -> tuple[str, ...]:
    return SYSTEM_IDS


def _check_creatures(scene: Scene) -> None:
    """Check ids are unique and every creature stands on the map, on open squares, alone."""
    sizes = size_table(scene.system)
    order = list(sizes)
    seen: dict[str, int] = {}
    where_is: dict[tuple[int, int], Creature] = {}
    for i, creature in enumerate(scene.creatures):
        where = f"creatures[{i}] ({creature.id!r})"
        if creature.id in seen:
            raise _fail(
                where, f"duplicate id {creature.id!r} (also creatures[{seen[creature.id]}])"
            )
        seen[creature.id] = i
        side = sizes[creature.size]
        x0, y0 = creature.at
        if x0 < 0 or y0 < 0 or x0 + side > scene.width or y0 + side > scene.height:
            raise _fail(
                where,
                f"off the map: a {creature.size} creature at [{x0}, {y0}] fills {side}x{side} "
                f"squares, the map is {scene.width}x{scene.height} (x 0..{scene.width - 1}, "
                f"y 0..{scene.height - 1})",
            )
        if scene.ceiling_ft is not None and creature.alt > scene.ceiling_ft:
            raise _fail(
                f"{where}.alt",
                f"altitude {creature.alt} ft is above the ceiling ({scene.ceiling_ft} ft)",
            )
        for x, y in sorted(occupied_squares(creature, side), key=lambda p: (p[1], p[0])):
            char = scene.rows[y][x]
            entry = scene.legend[char]
            if Flag.WALL in entry.flags or entry.impassable:
                kind = "a wall" if Flag.WALL in entry.flags else "an impassable"
                raise _fail(where, f"stands in {kind} square {char!r} at [{x}, {y}]")
            if Flag.PIT in entry.flags and creature.fly is None:
                raise _fail(where, f"stands over a pit {char!r} at [{x}, {y}] and cannot fly")
            other = where_is.get((x, y))
            if other is not None and not _may_share(scene.system, order, other, creature):
                raise _fail(
                    where,
                    f"overlaps {other.id!r} at [{x}, {y}] ({_sharing_rule(scene.system)})",
                )
            where_is[(x, y)] = creature


def _may_share(system: str, order: list[str], a: Creature, b: Creature) -> bool:
    """Tell whether two creatures may stand in one square (the end rules of RULES.md).

    pf1e/dnd35 (seed 004, RULES.md 1.3) and dh2e: only when one of them is helpless.
    Draw Steel (seed 002, RULES.md 3): when their sizes are `share_size_gap` (2) or more apart.
    """
    gap = _share_size_gap(system)
    if gap is not None:
        return abs(order.index(a.size) - order.index(b.size)) >= gap
    return a.helpless or b.helpless


def _sharing_rule(system: str) -> str:
    if system == "drawsteel":
        return "drawsteel creatures share a square only when their sizes are two or more apart"
    return "creatures share a square only when one of them is helpless"


# --------------------------------------------------------------------------------------------
# Footprints and lookups
# --------------------------------------------------------------------------------------------


def footprint(scene_or_system: Scene | str, creature: Creature) -> int:
    """Return the side, in squares, of `creature`'s space (SCENE.md size table)."""
    system = scene_or_system if isinstance(scene_or_system, str) else scene_or_system.system
    sizes = size_table(system)
    if creature.size not in sizes:
        raise unknown(f"{system} size", creature.size, sizes)
    return sizes[creature.size]


def occupied_squares(creature: Creature, side: int) -> set[tuple[int, int]]:
    """Return the squares ``(x, y)`` of a space of `side` x `side` whose top-left is `at`."""
    x0, y0 = creature.at
    return {(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)}


def creature(scene: Scene, creature_id: str) -> Creature:
    """Return the creature `creature_id` of `scene`, or raise `InputError` naming the ids."""
    for candidate in scene.creatures:
        if candidate.id == creature_id:
            return candidate
    raise unknown("creature", creature_id, [c.id for c in scene.creatures] or ["(none)"])


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def _number_out(value: Number) -> int | float | str:
    """Write a number as JSON: an int, a float when it spells the fraction exactly, else "p/q"."""
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    as_float = float(value)
    return (
        as_float if Fraction(str(as_float)) == value else f"{value.numerator}/{value.denominator}"
    )


def _legend_entry_out(entry: LegendEntry) -> list[str] | dict[str, Any]:
    flags = sorted(flag.value for flag in entry.flags)
    if (
        entry.width_ft is None
        and entry.height_ft is None
        and entry.terrain is None
        and not entry.impassable
        and not entry.extra
    ):
        return flags
    out: dict[str, Any] = {"flags": flags}
    if entry.width_ft is not None:
        out["width_ft"] = _number_out(entry.width_ft)
    if entry.height_ft is not None:
        out["height_ft"] = _number_out(entry.height_ft)
    if entry.terrain is not None:
        out["terrain"] = entry.terrain
    if entry.impassable:
        out["impassable"] = True
    out.update(entry.extra)
    return out


def _creature_out(c: Creature) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "at": [c.at[0], c.at[1]], "size": c.size, "side": c.side}
    if c.speed is not None:
        out["speed"] = c.speed
    if c.agility_bonus is not None:
        out["agility_bonus"] = c.agility_bonus
    if c.toughness_bonus is not None:
        out["toughness_bonus"] = c.toughness_bonus
    if c.armor != "none":
        out["armor"] = c.armor
    if c.load != "light":
        out["load"] = c.load
    if c.helpless:
        out["helpless"] = True
    if c.fly is not None:
        out["fly"] = {"speed": c.fly.speed, "maneuverability": c.fly.maneuverability}
        out["fly"].update(c.fly.extra)
    if c.alt:
        out["alt"] = c.alt
    out.update(c.extra)
    return out


def scene_to_json(scene: Scene) -> dict[str, Any]:
    """Return `scene` as SCENE.md JSON, in canonical form.

    Canonical form: default values are left out (``armor: "none"``, ``load: "light"``,
    ``helpless: false``, ``alt: 0``), legend characters that equal the default legend are left
    out, a legend entry with flags only is a list, flags are sorted, fractions that no decimal
    spells exactly are written ``"p/q"``. ``x-...`` keys are written back where they were read.
    A scene in canonical form round-trips exactly:
    ``scene_to_json(parse_scene(d)) == d``.
    """
    out: dict[str, Any] = {"footfall": FORMAT_VERSION, "system": scene.system}
    if scene.square is not None:
        out["square"] = _number_out(scene.square)
    if scene.ceiling_ft is not None:
        out["ceiling_ft"] = scene.ceiling_ft
    if scene.background is not None:
        out["background"] = scene.background
    out["map"] = list(scene.rows)
    legend = {
        char: _legend_entry_out(entry)
        for char, entry in scene.legend.items()
        if DEFAULT_LEGEND.get(char) != entry or entry.extra
    }
    if legend:
        out["legend"] = legend
    if scene.walls:
        walls = []
        for wall in scene.walls:
            item: dict[str, Any] = {
                "from": [_number_out(wall.start[0]), _number_out(wall.start[1])],
                "to": [_number_out(wall.end[0]), _number_out(wall.end[1])],
            }
            if wall.door is not None:
                item["door"] = wall.door
            item.update(wall.extra)
            walls.append(item)
        out["walls"] = walls
    if scene.creatures:
        out["creatures"] = [_creature_out(c) for c in scene.creatures]
    out.update(scene.extra)
    return out


def dump_scene(scene: Scene, path: str | os.PathLike[str]) -> None:
    """Write `scene` to `path` as JSON (UTF-8, `scene_json_text`: map rows one per line)."""
    Path(path).write_text(scene_json_text(scene), encoding="utf-8")


def scene_json_text(scene: Scene) -> str:
    """Return `scene` as JSON text a person can read and diff.

    One top-level key per line; map rows, walls, creatures and legend entries one per line.
    """

    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in scene_to_json(scene).items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {dumps(item)}" for item in value)
            lines.append(f"  {dumps(key)}: [\n{items}\n  ]")
        elif key == "legend" and isinstance(value, dict):
            items = ",\n".join(f"    {dumps(k)}: {dumps(v)}" for k, v in value.items())
            lines.append(f"  {dumps(key)}: {{\n{items}\n  }}")
        else:
            lines.append(f"  {dumps(key)}: {dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --------------------------------------------------------------------------------------------
# Reading files
# --------------------------------------------------------------------------------------------

#: File extensions read as the plain-text map format (anything else is sniffed by content).
TEXT_EXTENSIONS = (".txt", ".map", ".ffmap")


def _read_json(text: str) -> dict[str, Any]:
    """Read a JSON scene document: one JSON object, or a `SceneError` saying what it is.

    An integer literal of over `MAX_DIGITS` digits is kept as a marker that `parse_scene`
    refuses naming its key; if the marker sits where nothing reads a number (an ``x-`` key),
    the number is refused here.
    """
    if not text.strip():
        raise SceneError("not valid JSON: the file is empty (a JSON scene is one object {...})")
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise SceneError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise SceneError("not valid JSON: nested too deeply") from None
    except ValueError as exc:  # int() under a lower PYTHONINTMAXSTRDIGITS
        raise SceneError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SceneError(
            f"not a JSON object: a scene is one object {{...}}, got a JSON {_json_kind(data)}"
        )
    return data


def _json_kind(value: object) -> str:
    """Name the JSON type of `value` (array, string, number, true/false, null)."""
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"


def _parse_json_scene(text: str) -> Scene:
    """Parse a JSON scene document (`_read_json`, then `parse_scene`)."""
    data = _read_json(text)
    scene = parse_scene(data)
    huge = _huge_number(data)
    if huge is not None:
        raise _digits_error(huge[0], huge[1])
    return scene


def _huge_number(value: object, where: str = "") -> tuple[str, str] | None:
    """Find a `_TooManyDigits` marker left in `value`: ``(where, text)``, or None."""
    if isinstance(value, _TooManyDigits):
        return where, value
    if isinstance(value, dict):
        for key, item in value.items():
            found = _huge_number(item, f"{where}.{key}" if where else str(key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _huge_number(item, f"{where}[{i}]")
            if found is not None:
                return found
    return None


def parse_scene_text(text: str) -> Scene:
    """Parse a scene from `text`: JSON when it starts with ``{``, else the plain-text map."""
    if text.lstrip().startswith("{"):
        return _parse_json_scene(text)
    return parse_text_map(text)


def load_scene(path: str | os.PathLike[str]) -> Scene:
    """Read a scene file: JSON (SCENE.md) or the plain-text map format (docs/scenes.md).

    A ``.txt``, ``.map`` or ``.ffmap`` file is read as a text map, a ``.json`` file as JSON
    (an empty file or an array is refused as not a JSON object); any other file as JSON when
    its first character is ``{``, else as a text map. Anything but a regular file (a
    directory, a device such as /dev/zero, a pipe) is refused before reading.
    """
    file = Path(path)
    try:
        info = file.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # a device or pipe: st_size 0, reads forever
            raise SceneError(
                f"{file}: not a regular file (a device, pipe or socket): a scene is a file"
            )
        size = info.st_size
        if size > _MAX_FILE_BYTES:
            raise LimitError(
                f"{file}: {size} bytes is over the scene file limit of {_MAX_FILE_BYTES} bytes"
            )
        text = file.read_text(encoding="utf-8-sig")  # a byte-order mark is not content
    except FileNotFoundError:
        raise SceneError(f"{file}: no such scene file") from None
    except IsADirectoryError:
        raise SceneError(f"{file}: is a directory, not a scene file") from None
    except UnicodeDecodeError as exc:
        raise SceneError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise SceneError(f"{file}: cannot read ({exc.strerror})") from None
    try:
        if file.suffix.lower() in TEXT_EXTENSIONS:
            return parse_text_map(text)
        if file.suffix.lower() == ".json":
            return _parse_json_scene(text)
        return parse_scene_text(text)
    except SceneError as exc:
        raise type(exc)(f"{file.name}: {exc}") from None


#: Largest scene file read, in bytes (a 4,000,000-square map with walls fits well under it).
_MAX_FILE_BYTES = 64 * 1024 * 1024


# --------------------------------------------------------------------------------------------
# The plain-text map format (docs/scenes.md)
# --------------------------------------------------------------------------------------------

_TEXT_HEADER_KEYS = ("footfall", "system", "square", "ceiling_ft", "background")
_TEXT_DIRECTIVES = (*_TEXT_HEADER_KEYS, "legend X", "wall", "creature ID", "map")


def _text_value(token: str) -> object:
    """Turn a text-map value into JSON: ``true``/``false`` become booleans, else a string."""
    if token in ("true", "false"):
        return token == "true"
    return token


def _text_pairs(tokens: list[str], where: str, bare: tuple[str, ...]) -> dict[str, object]:
    """Read ``key=value`` tokens; a bare word in `bare` means ``word=true``."""
    out: dict[str, object] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            if token in bare:
                out[token] = True
                continue
            raise SceneError(f"{where}: expected key=value, got {quote(token)}")
        if key in out:
            raise SceneError(f"{where}: {quote(key)} given twice")
        out[key] = _text_value(value)
    return out


def _text_point(token: str, where: str) -> list[str]:
    parts = token.split(",")
    if len(parts) != 2 or not all(parts):
        raise SceneError(f"{where}: expected a point X,Y, got {quote(token)}")
    return parts


def parse_text_map(text: str) -> Scene:
    """Parse the plain-text map format: header lines, then ``map:`` and the rows.

    >>> scene = parse_text_map('''
    ... system: pf1e
    ... creature ogre: mark=O size=large side=foes speed=40
    ... creature val: at=0,0 size=medium side=party speed=30
    ... map:
    ... ....OO
    ... ..^^OO
    ... ''')
    >>> scene.creatures[0].at, scene.rows[0]
    ((4, 0), '......')
    """
    data: dict[str, Any] = {"footfall": FORMAT_VERSION}
    legend: dict[str, Any] = {}
    walls: list[dict[str, Any]] = []
    creatures: list[dict[str, Any]] = []
    marks: dict[str, tuple[int, str, int]] = {}  # mark -> (creature index, under char, line)
    lines = text.splitlines()
    map_line = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        where = f"line {number}"
        if not line or line.startswith("#"):
            continue
        if line == "map:":
            map_line = number
            break
        if line.startswith("legend "):
            char, colon, rest = line[7], line[8:9], line[9:]
            if colon != ":":
                raise SceneError(f"{where}: expected 'legend X: flags...', got {quote(line)}")
            if char in legend:
                raise SceneError(f"{where}: legend character {char!r} given twice")
            tokens = rest.split()
            flags = [tok for tok in tokens if "=" not in tok and tok != "impassable"]
            known_flags = [flag.value for flag in Flag]
            for flag_name in flags:
                if flag_name not in known_flags:
                    raise SceneError(
                        f"{where}: unknown flag {quote(flag_name)} for {char!r} "
                        f"(known: {', '.join(known_flags)}, impassable, width_ft=, height_ft=, "
                        "terrain=)"
                    )
            props = _text_pairs([tok for tok in tokens if tok not in flags], where, ("impassable",))
            legend[char] = {"flags": flags, **props} if props else flags
            continue
        head, colon, rest = line.partition(":")
        head = head.strip()
        if not colon:
            raise SceneError(
                f"{where}: expected 'key: value', got {quote(line)} "
                f"(known: {', '.join(_TEXT_DIRECTIVES)})"
            )
        tokens = rest.split()
        if head in _TEXT_HEADER_KEYS:
            if head in data and head != "footfall":
                raise SceneError(f"{where}: {quote(head)} given twice")
            value = rest.strip()
            number = head == "footfall" and value.isascii() and value.isdigit()
            data[head] = int(value) if number and len(value) <= MAX_DIGITS else value
        elif head == "wall":
            if len(tokens) < 2:
                raise SceneError(f"{where}: expected 'wall: X,Y X,Y [door=open|closed]'")
            wall: dict[str, Any] = {
                "from": _text_point(tokens[0], where),
                "to": _text_point(tokens[1], where),
            }
            wall.update(_text_pairs(tokens[2:], where, ()))
            walls.append(wall)
        elif head.startswith("creature "):
            cid = head[9:].strip()
            if not cid or " " in cid:
                raise SceneError(
                    f"{where}: expected 'creature ID: key=value ...', got {quote(line)}"
                )
            props = _text_pairs(tokens, where, ("helpless",))
            entry: dict[str, Any] = {"id": cid}
            mark = props.pop("mark", None)
            under = props.pop("on", ".")
            if "at" in props:
                if mark is not None:
                    raise SceneError(f"{where}: give at=X,Y or mark=L, not both")
                entry["at"] = _text_point(str(props.pop("at")), where)
            elif mark is None:
                raise SceneError(
                    f"{where}: creature {quote(cid)} needs at=X,Y or mark=L (a letter on the map)"
                )
            else:
                if not isinstance(mark, str) or len(mark) != 1 or mark.isspace():
                    raise SceneError(f"{where}: mark must be one character, got {quote(mark)}")
                if mark in DEFAULT_LEGEND:
                    raise SceneError(
                        f"{where}: mark {quote(mark)} is a legend character: pick another letter"
                    )
                if mark in marks:
                    raise SceneError(f"{where}: mark {quote(mark)} is already used")
                if not isinstance(under, str) or len(under) != 1:
                    raise SceneError(f"{where}: on= must be one map character, got {quote(under)}")
                marks[mark] = (len(creatures), under, number)
            if "fly" in props:
                speed, _, maneuverability = str(props["fly"]).partition(",")
                fly: dict[str, Any] = {"speed": speed}
                if maneuverability:
                    fly["maneuverability"] = maneuverability
                props["fly"] = fly
            entry.update(props)
            creatures.append(entry)
        else:
            raise SceneError(
                f"{where}: unknown directive {quote(head)} (known: {', '.join(_TEXT_DIRECTIVES)})"
            )
    if map_line is None:
        raise SceneError("no 'map:' line: the map rows follow a line 'map:'")
    rows = [raw.strip() for raw in lines[map_line:]]
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise SceneError(f"line {map_line}: the map is empty (rows follow 'map:')")
    for y, row in enumerate(rows):
        if not row:
            raise SceneError(f"line {map_line + 1 + y}: empty map row inside the map")
        if len(row) != len(rows[0]):
            raise SceneError(
                f"line {map_line + 1 + y}: ragged rows: map row {y} has {len(row)} squares, "
                f"row 0 has {len(rows[0])}"
            )
    system = data.get("system")
    for mark in marks:
        if mark in legend:
            raise SceneError(f"mark {quote(mark)} is also a legend character: pick another letter")
    if marks:
        rows = _place_marks(rows, marks, creatures, system, map_line)
    known = set(DEFAULT_LEGEND) | set(legend)
    for y, row in enumerate(rows):
        bad = set(row) - known
        if bad:
            char = min(bad, key=row.index)
            raise SceneError(
                f"line {map_line + 1 + y}: unknown map character {char!r} at "
                f"[{row.index(char)}, {y}] (known: {' '.join(sorted(known))}"
                f"{'; creature marks: ' + ' '.join(sorted(marks)) if marks else ''})"
            )
    data["map"] = rows
    if legend:
        data["legend"] = legend
    if walls:
        data["walls"] = walls
    if creatures:
        data["creatures"] = creatures
    return parse_scene(data)


def _place_marks(
    rows: list[str],
    marks: dict[str, tuple[int, str, int]],
    creatures: list[dict[str, Any]],
    system: object,
    map_line: int,
) -> list[str]:
    """Find each creature's mark (a block filling its space), set `at`, put back the terrain."""
    found: dict[str, list[tuple[int, int]]] = {mark: [] for mark in marks}
    for y, row in enumerate(rows):
        for mark in found:
            start = row.find(mark)
            while start >= 0:
                found[mark].append((start, y))
                start = row.find(mark, start + 1)
    grid = [list(row) for row in rows]
    sizes = size_table(system) if isinstance(system, str) and system in SYSTEM_IDS else {}
    for mark, (index, under, line) in marks.items():
        entry = creatures[index]
        squares = found[mark]
        if not squares:
            raise SceneError(
                f"line {line}: mark {mark!r} of creature {entry['id']!r} is not on the map"
            )
        size = str(entry.get("size"))
        side = sizes.get(size, 1)
        x0 = min(x for x, _ in squares)
        y0 = min(y for _, y in squares)
        block = {(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)}
        if set(squares) != block:
            raise SceneError(
                f"line {line}: mark {mark!r} of {entry['id']!r} ({size}, {side}x{side} squares) "
                f"must fill one {side}x{side} block on the map; found {len(squares)} "
                f"square(s) starting at [{x0}, {y0}]"
            )
        for x, y in squares:
            grid[y][x] = under
        entry["at"] = [x0, y0]
    del map_line
    return ["".join(row) for row in grid]


# --------------------------------------------------------------------------------------------
# Terrain layers: numpy views of the map for the tactical policies
# --------------------------------------------------------------------------------------------

_INDEX_CACHE: list[tuple[Scene, npt.NDArray[np.int16], tuple[str, ...]]] = []
_INDEX_CACHE_SIZE = 4


def terrain_index(scene: Scene) -> tuple[npt.NDArray[np.int16], tuple[LegendEntry, ...]]:
    """Return the map as int16 indices ``[H, W]`` into a tuple of legend entries.

    A policy decides once per legend entry (exactly, with Fractions) and spreads the answer
    over the map with numpy: ``table[index]``. The last few results are cached by identity,
    so the index array is read-only.
    """
    for cached, index, chars in _INDEX_CACHE:
        if cached is scene:
            return index, tuple(scene.legend[c] for c in chars)
    chars = tuple(sorted(scene.legend, key=ord))
    codes = np.frombuffer("".join(scene.rows).encode("utf-32-le"), dtype="<u4")
    lookup = np.zeros(ord(chars[-1]) + 1, dtype=np.int16)  # chars are sorted by code point
    lookup[[ord(c) for c in chars]] = np.arange(len(chars), dtype=np.int16)
    index = lookup[codes].reshape(scene.height, scene.width)
    index.setflags(write=False)  # shared by the cache: callers must not change it
    _INDEX_CACHE.insert(0, (scene, index, chars))
    del _INDEX_CACHE[_INDEX_CACHE_SIZE:]
    return index, tuple(scene.legend[c] for c in chars)


def entry_mask(scene: Scene, test: Callable[[LegendEntry], bool]) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares whose legend entry passes `test`."""
    index, entries = terrain_index(scene)
    table = np.array([test(entry) for entry in entries], dtype=np.bool_)
    return table[index]


def flag_mask(scene: Scene, flag: Flag) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares carrying `flag`."""
    return entry_mask(scene, lambda entry: flag in entry.flags)


def impassable_mask(scene: Scene) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares marked ``impassable`` in the legend."""
    return entry_mask(scene, lambda entry: entry.impassable)


def clearance_below(
    scene: Scene, which: Literal["width", "height"], limit: Fraction | int
) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask: the square's `which` clearance is given and < `limit` ft.

    Exact (Fraction comparison per legend entry): e.g. ``clearance_below(s, "width", 5)``
    marks squares a medium creature must squeeze through, ``..., Fraction(5, 2))`` those too
    narrow for it (RULES.md 1.5).
    """
    attribute = "width_ft" if which == "width" else "height_ft"

    def narrow(entry: LegendEntry) -> bool:
        value: Fraction | None = getattr(entry, attribute)
        return value is not None and value < limit

    return entry_mask(scene, narrow)


def clearance_ft(scene: Scene, which: Literal["width", "height"]) -> npt.NDArray[np.float64]:
    """Return `which` clearance in ft per square, 0 where none is given (for display only).

    Decisions use `clearance_below`, which is exact; these floats only draw the map.
    """
    index, entries = terrain_index(scene)
    attribute = "width_ft" if which == "width" else "height_ft"
    table = np.array([float(getattr(e, attribute) or 0) for e in entries], dtype=np.float64)
    return table[index]


def entry_at(scene: Scene, x: int, y: int) -> LegendEntry:
    """Return the legend entry of square ``(x, y)``; off the map raises `InputError`."""
    if not (0 <= x < scene.width and 0 <= y < scene.height):
        raise InputError(
            f"square [{x}, {y}] is off the map (x 0..{scene.width - 1}, y 0..{scene.height - 1})"
        )
    return scene.legend[scene.rows[y][x]]


# --------------------------------------------------------------------------------------------
# Thin walls: which steps between square centres they block (SCENE.md)
# --------------------------------------------------------------------------------------------


def _orient(a: Point, b: Point, c: Point) -> int:
    """Return the sign of the cross product (b - a) x (c - a): +1, 0 or -1."""
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def segments_touch(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Tell whether closed segments `p`-`q` and `a`-`b` cross or touch (exact arithmetic).

    >>> F = Fraction
    >>> segments_touch((F(0), F(0)), (F(2), F(2)), (F(0), F(2)), (F(2), F(0)))
    True
    >>> segments_touch((F(0), F(0)), (F(1), F(1)), (F(1), F(1)), (F(3), F(1)))  # an end
    True
    >>> segments_touch((F(0), F(0)), (F(1), F(0)), (F(2), F(0)), (F(3), F(0)))  # collinear
    False
    """
    d1, d2 = _orient(a, b, p), _orient(a, b, q)
    if d1 == 0 and d2 == 0:
        return max(min(p[0], q[0]), min(a[0], b[0])) <= min(
            max(p[0], q[0]), max(a[0], b[0])
        ) and max(min(p[1], q[1]), min(a[1], b[1])) <= min(max(p[1], q[1]), max(a[1], b[1]))
    return d1 * d2 <= 0 and _orient(p, q, a) * _orient(p, q, b) <= 0


def _centre(square: tuple[int, int]) -> Point:
    return Fraction(2 * square[0] + 1, 2), Fraction(2 * square[1] + 1, 2)


def step_blocked_by_walls(scene: Scene, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Tell whether a blocking thin wall (a wall or closed door) stops the step `a` -> `b`.

    The step is blocked when the segment joining the two squares' centres crosses or touches
    a blocking wall (SCENE.md). Exact; checks every wall, so use `thin_wall_exits` for maps.
    """
    p, q = _centre(a), _centre(b)
    return any(wall.blocks and segments_touch(p, q, wall.start, wall.end) for wall in scene.walls)


def _clip(
    start: Point, end: Point, low: Fraction, right: Fraction, bottom: Fraction
) -> tuple[Point, Point] | None:
    """Return the part of segment `start`-`end` inside [low, right] x [low, bottom], exactly.

    Liang-Barsky clipping on Fractions; None when the segment misses the box.
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = Fraction(0), Fraction(1)
    for p, q in ((-dx, x0 - low), (dx, right - x0), (-dy, y0 - low), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


#: A clipped wall: ``(m, 2ax, 2ay, 2bx, 2by)``, the segment from (ax/m, ay/m) to (bx/m, by/m)
#: in doubled grid units (the centre of square x is at 2x + 1), integers over one denominator.
_WallRow = tuple[int, int, int, int, int]


def _wall_row(wall: Wall, width: int, height: int) -> _WallRow | None:
    """Clip `wall` to the map grown by 2 squares, exactly; None when it misses that box.

    No step segment reaches beyond the box, so a step touches the wall iff it touches the
    clipped part: a wall's work is bounded by the map, however long the wall.
    """
    (x0, y0), (x1, y1) = wall.start, wall.end
    low, right, bottom = -2, width + 2, height + 2
    if not (
        low <= min(x0, x1) and max(x0, x1) <= right and low <= min(y0, y1) and max(y0, y1) <= bottom
    ):
        clipped = _clip(wall.start, wall.end, Fraction(low), Fraction(right), Fraction(bottom))
        if clipped is None:
            return None
        (x0, y0), (x1, y1) = clipped
    m = math.lcm(x0.denominator, y0.denominator, x1.denominator, y1.denominator)
    ax, ay, bx, by = (int(v * m) for v in (x0, y0, x1, y1))
    return m, 2 * ax, 2 * ay, 2 * bx, 2 * by


def _sign(values: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    return (values > 0).astype(np.int8) - (values < 0).astype(np.int8)


#: Largest scaled coordinate handled in int64; beyond it, floats with an error bound and
#: exact Python ints (object arrays) where the bound leaves the answer open.
_INT64_SAFE = 1 << 30

#: Most candidate steps' squares tested in one vectorized pass (bounds memory to ~100 MB).
_BATCH = 1 << 20

#: Margin, in squares, added around each piece's box: covers the float rounding of the
#: piece ends (at most ~1e-9 squares on a 4,000,000-square map) many times over.
_BOX_MARGIN = 1e-6


def _candidates(
    rows: list[_WallRow], width: int, height: int
) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """Yield batches ``(wall, xs, ys)``: every square a step touching a wall may start from.

    The four forward steps (N, NE, E, SE) of square (x, y) lie in the box from its centre to
    one square right and one square up or down; with u = x - 1/2, v = y - 1/2 a wall point
    (u, v) is in that box iff x <= u <= x + 1 and y - 1 <= v <= y + 1. So, column by column
    of the wall, the candidates are the rows around the wall's v-range over that column
    (computed in floats, grown by `_BOX_MARGIN`): about 4 squares per square of wall length,
    O(total wall length), never walls x map.
    """
    ends = np.array([[v / row[0] / 2 - 0.5 for v in row[1:]] for row in rows], dtype=np.float64)
    u0, v0, u1, v1 = (ends[:, i] for i in range(4))
    u_lo, u_hi = np.minimum(u0, u1), np.maximum(u0, u1)
    first = np.maximum(0, np.ceil(u_lo - 1 - _BOX_MARGIN)).astype(np.int64)
    last = np.minimum(width - 1, np.floor(u_hi + _BOX_MARGIN)).astype(np.int64)
    counts = np.maximum(0, last - first + 1)
    wall = np.repeat(np.arange(len(rows)), counts)
    column = (
        first[wall] + np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    # The wall's v over u in [column, column + 1] (a vertical wall: its whole v-range).
    du, dv = (u1 - u0)[wall], (v1 - v0)[wall]
    left = np.clip(column.astype(np.float64), u_lo[wall], u_hi[wall])
    right = np.clip(column + 1.0, u_lo[wall], u_hi[wall])
    slope = np.divide(dv, du, out=np.zeros_like(dv), where=du != 0)
    at_left = v0[wall] + (left - u0[wall]) * slope
    at_right = v0[wall] + (right - u0[wall]) * slope
    vertical = du == 0
    v_lo = np.where(vertical, np.minimum(v0, v1)[wall], np.minimum(at_left, at_right))
    v_hi = np.where(vertical, np.maximum(v0, v1)[wall], np.maximum(at_left, at_right))
    # A steep wall's v moves |slope| times any rounding of u: grow its margin as much.
    margin = _BOX_MARGIN * (1 + np.abs(slope))
    top = np.maximum(0, np.ceil(v_lo - 1 - margin)).astype(np.int64)
    bottom = np.minimum(height - 1, np.floor(v_hi + 1 + margin)).astype(np.int64)
    sizes = np.maximum(0, bottom - top + 1)
    total = np.cumsum(sizes)
    start = 0
    while start < len(sizes):
        base = int(total[start] - sizes[start])
        stop = max(start + 1, int(np.searchsorted(total, base + _BATCH, side="right")))
        size = sizes[start:stop]
        piece = np.repeat(np.arange(start, stop), size)
        offset = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
        yield wall[piece], column[piece], top[piece] + offset
        start = stop


def _exact_hits(
    table: npt.NDArray[Any],
    wall: npt.NDArray[np.int64],
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    d: int,
) -> npt.NDArray[np.bool_]:
    """Tell exactly whether the step from (xs, ys) in direction `d` touches its wall.

    `table` holds the walls' `_WallRow` as int64 (when every product fits) or as Python ints
    (object arrays). A grid point p becomes ``2*m*p`` and the centre of square x ``m*(2x+1)``.
    """
    dx, dy = DIRECTIONS[d]
    m, ax, ay, bx, by = (table[wall, i] for i in range(5))
    px = m * (2 * xs + 1).astype(table.dtype)
    py = m * (2 * ys + 1).astype(table.dtype)
    wall_dx, wall_dy = bx - ax, by - ay
    step_dx, step_dy = 2 * m * dx, 2 * m * dy
    qx, qy = px + step_dx, py + step_dy
    d1 = _sign(wall_dx * (py - ay) - wall_dy * (px - ax))
    d2 = _sign(wall_dx * (qy - ay) - wall_dy * (qx - ax))
    d3 = _sign(step_dx * (ay - py) - step_dy * (ax - px))
    d4 = _sign(step_dx * (by - py) - step_dy * (bx - px))
    hit = (d1 * d2 <= 0) & (d3 * d4 <= 0)
    collinear = (d1 == 0) & (d2 == 0)
    if collinear.any():
        # Collinear segments touch iff their extents overlap on both axes.
        over_x = np.maximum(np.minimum(px, qx), np.minimum(ax, bx)) <= np.minimum(
            np.maximum(px, qx), np.maximum(ax, bx)
        )
        over_y = np.maximum(np.minimum(py, qy), np.minimum(ay, by)) <= np.minimum(
            np.maximum(py, qy), np.maximum(ay, by)
        )
        hit = np.where(collinear, over_x & over_y, hit)
    return np.asarray(hit, dtype=np.bool_)


def _float_bound(scale: float) -> float:
    """Bound the float error of ``ux*vy - uy*vx`` over coordinates of magnitude <= `scale`.

    Each coordinate is rounded once from an exact rational (error <= 2**-53 * scale); each
    difference is at most 2 * scale and off by <= 2**-52 * scale plus its own rounding; each
    product at most 4 * scale**2. Their errors sum to less than
    ``eps * (8 * scale**2 + 24 * scale**2)``; the bound is four times that and more, so a
    float value beyond it has the exact value's sign.
    """
    eps = float(np.finfo(np.float64).eps)
    return 16.0 * eps * ((scale + 1.0) * (8.0 * scale + 1.0) + 8.0 * scale * scale)


def _mark_walls(blocked: npt.NDArray[np.uint8], rows: list[_WallRow], exact: bool) -> None:
    """Set the blocked bits of every step whose centre segment touches one of the walls.

    Each orientation is computed in float64 from the walls' doubled coordinates (each rounded
    once from the exact rational); one within `_float_bound` of zero (a centre or a wall end
    on a line, to ~1e-9 squares) is left open and that step is decided by `_exact_hits`, in
    int64 when the wall's integers fit (`exact`), else in Python ints. Coordinates such as
    0.14285714285714285 (a float written by a VTT) have denominators near 10**17: exact
    Python ints on every candidate took minutes for a few hundred walls across a large map.
    """
    if not rows:
        return
    height, width = blocked.shape
    table = np.array(rows, dtype=np.int64 if exact else object)
    ends = np.array([[v / row[0] for v in row[1:]] for row in rows], dtype=np.float64)
    bound = _float_bound(2.0 * (max(width, height) + 3))
    for wall, xs, ys in _candidates(rows, width, height):
        ax, ay, bx, by = (ends[wall, i] for i in range(4))
        px = (2 * xs + 1).astype(np.float64)
        py = (2 * ys + 1).astype(np.float64)
        wall_dx, wall_dy = bx - ax, by - ay
        rel_ax, rel_ay, rel_bx, rel_by = ax - px, ay - py, bx - px, by - py
        v1 = wall_dx * -rel_ay + wall_dy * rel_ax
        s1 = _sign(v1)
        unsure1 = np.abs(v1) <= bound
        for d in range(4):  # N, NE, E, SE; the reverse step gets the opposite bit
            dx, dy = DIRECTIONS[d]
            v2 = wall_dx * (2 * dy - rel_ay) - wall_dy * (2 * dx - rel_ax)
            unsure = unsure1 | (np.abs(v2) <= bound)
            # Only a step whose centres the wall's line separates (or may) can touch it.
            near = np.flatnonzero((s1 * _sign(v2) <= 0) | unsure)
            if not len(near):
                continue
            v3 = 2 * dx * rel_ay[near] - 2 * dy * rel_ax[near]
            v4 = 2 * dx * rel_by[near] - 2 * dy * rel_bx[near]
            hit = _sign(v3) * _sign(v4) <= 0
            open_ = unsure[near] | (np.abs(v3) <= bound) | (np.abs(v4) <= bound)
            if open_.any():
                which = near[open_]
                hit[open_] = _exact_hits(table, wall[which], xs[which], ys[which], d)
            sx, sy = xs[near[hit]], ys[near[hit]]
            tx, ty = sx + dx, sy + dy
            inside = (tx >= 0) & (tx < width) & (ty >= 0) & (ty < height)
            sx, sy = sx[inside], sy[inside]
            blocked[sy, sx] |= np.uint8(1 << d)
            blocked[sy + dy, sx + dx] |= np.uint8(1 << ((d + 4) % 8))


def thin_wall_exits(scene: Scene) -> npt.NDArray[np.uint8]:
    """Return uint8 ``[H, W]``: bit d set = the step from (x, y) in direction d is blocked.

    Directions are numbered as `footfall.tactical.search.DIRECTIONS` (N, NE, E, SE, S, SW, W,
    NW). A step is blocked when the segment joining the two squares' centres crosses or touches
    a blocking thin wall (a wall, or a closed door; open doors block nothing): for walls on
    grid lines, no crossing the wall and no diagonal past its corner or end (SCENE.md). Only
    steps between two squares of the map get bits. Note the bits mark *blocked* steps, the
    opposite of `StepGraph.exits`: a policy does ``exits &= ~thin_wall_exits(scene)``.

    Exact: integer arithmetic on each wall's common denominator, in int64 when it fits, else
    in floats with a rounding-error bound and Python ints where the bound leaves the sign
    open. Each wall tests only the squares near it (work O(total wall length on the map)).
    """
    blocked = np.zeros((scene.height, scene.width), dtype=np.uint8)
    small: list[_WallRow] = []
    large: list[_WallRow] = []
    limit = max(scene.width, scene.height) + 2
    for wall in scene.walls:
        if not wall.blocks:
            continue
        row = _wall_row(wall, scene.width, scene.height)
        if row is None:
            continue
        reach = max(row[0] * limit, *(abs(v) for v in row[1:]))
        (small if 2 * reach < _INT64_SAFE else large).append(row)
    _mark_walls(blocked, small, exact=True)
    _mark_walls(blocked, large, exact=False)
    return blocked


# --------------------------------------------------------------------------------------------
# Sample scenes shipped with footfall (footfall/scenes/*.json)
# --------------------------------------------------------------------------------------------


def list_samples() -> list[str]:
    """Return the names of the sample scenes shipped with footfall, sorted."""
    folder = resources.files("footfall") / "scenes"
    return sorted(
        entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json")
    )


def load_sample(name: str) -> Scene:
    """Return the shipped sample scene `name` (``.json`` optional); unknown -> `InputError`."""
    stem = name[: -len(".json")] if name.endswith(".json") else name
    names = list_samples()
    if stem not in names:
        raise unknown("sample scene", name, names)
    text = (resources.files("footfall") / "scenes" / f"{stem}.json").read_text(encoding="utf-8")
    return parse_scene_text(text)


def _text_number(value: Number) -> str:
    out = _number_out(value)
    return str(out)


def scene_to_text(scene: Scene) -> str:
    """Return `scene` in the plain-text map format; `parse_text_map` reads it back equal.

    Creatures are written with ``at=X,Y`` (not marks). Top-level ``x-...`` keys have no place
    in the text format and are left out; ``x-...`` keys of creatures, walls and legend entries
    are written as ``x-key=value`` when their value is a string without spaces.
    """
    lines = [f"footfall: {FORMAT_VERSION}", f"system: {scene.system}"]
    if scene.square is not None:
        lines.append(f"square: {_text_number(scene.square)}")
    if scene.ceiling_ft is not None:
        lines.append(f"ceiling_ft: {scene.ceiling_ft}")
    if scene.background is not None:
        lines.append(f"background: {scene.background}")

    def extras(extra: Mapping[str, Any]) -> list[str]:
        return [
            f"{k}={v}"
            for k, v in extra.items()
            if isinstance(v, str) and v and not any(c.isspace() for c in v)
        ]

    for char, entry in scene.legend.items():
        if DEFAULT_LEGEND.get(char) == entry and not entry.extra:
            continue
        words = sorted(flag.value for flag in entry.flags)
        if entry.width_ft is not None:
            words.append(f"width_ft={_text_number(entry.width_ft)}")
        if entry.height_ft is not None:
            words.append(f"height_ft={_text_number(entry.height_ft)}")
        if entry.terrain is not None:
            words.append(f"terrain={entry.terrain}")
        if entry.impassable:
            words.append("impassable")
        words += extras(entry.extra)
        lines.append(f"legend {char}: {' '.join(words)}".rstrip())
    for wall in scene.walls:
        words = [
            f"{_text_number(wall.start[0])},{_text_number(wall.start[1])}",
            f"{_text_number(wall.end[0])},{_text_number(wall.end[1])}",
        ]
        if wall.door is not None:
            words.append(f"door={wall.door}")
        lines.append("wall: " + " ".join(words + extras(wall.extra)))
    for c in scene.creatures:
        data = _creature_out(c)
        words = [f"at={c.at[0]},{c.at[1]}"]
        for key in ("size", "side", "speed", "agility_bonus", "toughness_bonus", "armor", "load"):
            if key in data:
                words.append(f"{key}={data[key]}")
        if c.helpless:
            words.append("helpless")
        if c.fly is not None:
            words.append(f"fly={c.fly.speed},{c.fly.maneuverability}")
        if c.alt:
            words.append(f"alt={c.alt}")
        lines.append(f"creature {c.id}: " + " ".join(words + extras(c.extra)))
    lines.append("map:")
    lines.extend(scene.rows)
    return "\n".join(lines) + "\n"


def validate(scene: Scene) -> Scene:
    """Check a `Scene` built in code (an importer's) as if read from JSON; return it checked.

    Raises the same one-line `SceneError` / `LimitError` as `parse_scene`.
    """
    return parse_scene(scene_to_json(scene))
