"""The JSON form of a scene (SCENE.md): read it checking every value, write it canonically.

`parse_scene` builds a `Scene` from the JSON object, parsing the vocabularies once (sizes,
armor, load, doors, maneuverability become enums) and refusing any bad value in one line that
names its key (`footfall.scene.values`); `scene_to_json` writes the canonical form back, so a
scene in canonical form round-trips exactly. `validate` checks a scene built in code the same
way.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from footfall.errors import LimitError, SceneError, json_kind, quote
from footfall.limits import LIMITS, Limits
from footfall.rules import SYSTEM_IDS, Armor, Load
from footfall.scene import values
from footfall.scene.identifiers import identifier
from footfall.scene.model import (
    DEFAULT_LEGEND,
    FORMAT_VERSION,
    Creature,
    Door,
    Flag,
    Fly,
    LegendEntry,
    Point,
    Scene,
    Side,
    Wall,
)
from footfall.scene.validation import check_creatures
from footfall.scene.values import Number, Where
from footfall.scene.vocabulary import Vocabulary, agility_systems, terrain_systems, vocabulary
from footfall.units import FT_PER_SQUARE

__all__ = [
    "creature_out",
    "dump_scene",
    "number_out",
    "parse_scene",
    "scene_json_text",
    "scene_to_json",
    "validate",
]

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
    "base_speed",
    "conditions",
)
_FLY_KEYS = ("speed", "maneuverability")
_WALL_KEYS = ("from", "to", "door")
_LEGEND_KEYS = ("flags", "width_ft", "height_ft", "terrain", "impassable")
_REQUIRED = ("id", "at", "size", "side")
_BONUSES = ("agility_bonus", "toughness_bonus")

# The closed vocabularies, word -> member (what `values.choice` reads and returns).
_SYSTEMS = {system: system for system in SYSTEM_IDS}
_FLAGS = {flag.value: flag for flag in Flag}
_DOORS = {door.value: door for door in Door}
_ARMORS = {armor.value: armor for armor in Armor}
_LOADS = {load.value: load for load in Load}


@dataclass(frozen=True, slots=True)
class _Reading:
    """What every part of one scene is read against: its system's words and the limits."""

    words: Vocabulary
    limits: Limits

    @property
    def system(self) -> str:
        """The scene's system id."""
        return self.words.system


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def parse_scene(data: Mapping[str, Any], *, limits: Limits = LIMITS) -> Scene:
    """Build a `Scene` from its JSON form (SCENE.md), checking every value.

    Raises `SceneError` with one line naming the bad value and the valid ones, or `LimitError`
    for a scene over a bound of `limits` (squares, walls, creatures, speeds, heights).

    >>> scene = parse_scene({"footfall": 1, "system": "pf1e", "map": ["..^", "..."]})
    >>> scene.width, scene.height, scene.legend["^"].flags == {Flag.DIFFICULT}
    (3, 2, True)
    """
    data, extra = values.mapping(data, "", _TOP_KEYS)
    reading = _Reading(vocabulary(_header(data)), limits)
    legend = _parse_legend(data.get("legend", {}), reading)
    rows = _parse_map(data["map"], legend, limits)
    walls_in = values.items(data.get("walls", []), "walls")
    if len(walls_in) > limits.walls:
        raise LimitError(
            "error.scene.too-many-walls",
            where=Where("walls"),
            count=len(walls_in),
            limit=limits.walls,
        )
    walls = tuple(_parse_wall(wall, f"walls[{i}]", reading) for i, wall in enumerate(walls_in))
    creatures_in = values.items(data.get("creatures", []), "creatures")
    if len(creatures_in) > limits.creatures:
        raise LimitError(
            "error.scene.too-many-creatures",
            where=Where("creatures"),
            count=len(creatures_in),
            limit=limits.creatures,
        )
    creatures = tuple(
        _parse_creature(c, f"creatures[{i}]", reading) for i, c in enumerate(creatures_in)
    )
    square = _parse_square(data["square"], limits) if "square" in data else None
    ceiling_ft = _parse_ceiling(data["ceiling_ft"], limits) if "ceiling_ft" in data else None
    background = values.string(data["background"], "background") if "background" in data else None
    scene = Scene(
        reading.system, rows, legend, walls, creatures, square, ceiling_ft, background, extra
    )
    check_creatures(scene)
    return scene


def _header(data: Mapping[str, Any]) -> str:
    """Check the format version and the keys every scene has; return the system."""
    if "footfall" not in data:
        raise SceneError("error.scene.no-version", where=Where(), version=FORMAT_VERSION)
    version = data["footfall"]
    if isinstance(version, bool) or version != FORMAT_VERSION:
        raise SceneError(
            "error.scene.version", where=Where(), value=version, version=FORMAT_VERSION
        )
    if "system" not in data:
        raise SceneError("error.scene.no-system", where=Where(), valid=SYSTEM_IDS)
    system = values.choice(data["system"], "system", "system", _SYSTEMS)
    if "map" not in data:
        raise SceneError("error.scene.no-map", where=Where())
    return system


def _parse_flags(value: object, where: str) -> frozenset[Flag]:
    found = values.items(value, where)
    return frozenset(
        values.choice(item, f"{where}[{i}]", "flag", _FLAGS) for i, item in enumerate(found)
    )


def _parse_legend_entry(value: object, where: str, reading: _Reading) -> LegendEntry:
    if isinstance(value, list | tuple):
        return LegendEntry(_parse_flags(value, where))
    data, extra = values.mapping(value, where, _LEGEND_KEYS)
    flags = _parse_flags(data.get("flags", []), f"{where}.flags")
    clearance: dict[str, Fraction | None] = {}
    for key in ("width_ft", "height_ft"):
        clearance[key] = None
        if key in data:
            found = values.number(data[key], f"{where}.{key}", reading.limits)
            if found <= 0:
                raise SceneError(
                    "error.scene.not-positive", where=Where(f"{where}.{key}"), value=data[key]
                )
            clearance[key] = Fraction(found)
    terrain = None
    if "terrain" in data:
        names = reading.words.terrains
        if not names:
            raise SceneError(
                "error.scene.no-terrain-table",
                where=Where(f"{where}.terrain"),
                value=reading.system,
                tables=", ".join(terrain_systems()),
            )
        known = {name: name for name in names}
        terrain = values.choice(
            data["terrain"], f"{where}.terrain", f"{reading.system} terrain", known
        )
    impassable = values.boolean(data.get("impassable", False), f"{where}.impassable")
    return LegendEntry(
        flags, clearance["width_ft"], clearance["height_ft"], terrain, impassable, extra
    )


def _parse_legend(value: object, reading: _Reading) -> dict[str, LegendEntry]:
    if not isinstance(value, Mapping):
        raise SceneError("error.scene.not-object", where=Where("legend"), kind=json_kind(value))
    legend = dict(DEFAULT_LEGEND)
    for char, entry in value.items():
        where = f"legend[{char!r}]"
        if not isinstance(char, str) or len(char) != 1 or char.isspace() or not char.isprintable():
            raise SceneError("error.scene.legend-key", where=Where(where))
        legend[char] = _parse_legend_entry(entry, where, reading)
    return legend


def _parse_map(value: object, legend: Mapping[str, LegendEntry], limits: Limits) -> tuple[str, ...]:
    """Check the map: a non-empty list of equal, non-empty rows of legend characters."""
    rows = values.items(value, "map")
    for y, row in enumerate(rows):
        if not isinstance(row, str):
            raise SceneError("error.scene.row-not-string", where=Where(f"map[{y}]"), value=row)
    if not rows or not rows[0]:
        raise SceneError("error.scene.empty-map", where=Where("map"))
    width = len(rows[0])
    if width * len(rows) > limits.squares:
        raise LimitError(
            "error.scene.too-many-squares",
            where=Where("map"),
            width=width,
            height=len(rows),
            squares=width * len(rows),
            limit=limits.squares,
        )
    known = set(legend)
    for y, row in enumerate(rows):
        if len(row) != width:
            raise SceneError(
                "error.scene.ragged", where=Where(f"map[{y}]"), y=y, length=len(row), width=width
            )
        bad = set(row) - known
        if bad:
            char = min(bad, key=row.index)
            raise SceneError(
                "error.scene.unknown-char",
                where=Where(f"map[{y}]"),
                value=char,
                x=row.index(char),
                y=y,
                valid=tuple(sorted(known)),
                chars=" ".join(sorted(known)),
            )
    return tuple(rows)


def _parse_point(value: object, where: str, limits: Limits) -> Point:
    x, y = values.pair(value, where)
    return (
        Fraction(values.number(x, f"{where}[0]", limits)),
        Fraction(values.number(y, f"{where}[1]", limits)),
    )


def _parse_wall(value: object, where: str, reading: _Reading) -> Wall:
    data, extra = values.mapping(value, where, _WALL_KEYS)
    for key in ("from", "to"):
        if key not in data:
            raise SceneError("error.scene.wall-end", where=Where(where), value=key)
    start = _parse_point(data["from"], f"{where}.from", reading.limits)
    end = _parse_point(data["to"], f"{where}.to", reading.limits)
    if start == end:
        raise SceneError("error.scene.wall-point", where=Where(where), value=value)
    door = None
    if "door" in data:
        door = values.choice(data["door"], f"{where}.door", "door", _DOORS)
    return Wall(start, end, door, extra)


def _parse_speed(value: object, where: str, reading: _Reading) -> int:
    """Read a speed: a whole number of the system's squares, within the limits."""
    speed = values.at_most(
        values.integer(value, where, reading.limits), where, reading.limits.speed
    )
    step = reading.words.speed_step
    if speed % step:
        raise SceneError(
            "error.scene.speed-step",
            where=Where(where),
            system=reading.system,
            step=step,
            unit=reading.words.unit,
            value=speed,
        )
    return speed


def _parse_fly(value: object, where: str, reading: _Reading) -> Fly:
    data, extra = values.mapping(value, where, _FLY_KEYS)
    if "speed" not in data:
        raise SceneError("error.scene.fly-speed", where=Where(where))
    speed = _parse_speed(data["speed"], f"{where}.speed", reading)
    maneuverability = values.choice(
        data.get("maneuverability", "average"),
        f"{where}.maneuverability",
        "maneuverability",
        reading.words.maneuverabilities,
    )
    return Fly(speed, maneuverability, extra)


def _parse_creature(value: object, where: str, reading: _Reading) -> Creature:
    if isinstance(value, Mapping) and isinstance(value.get("id"), str):
        where = f"{where} ({quote(value['id'])})"
    data, extra = values.mapping(value, where, _CREATURE_KEYS)
    for key in _REQUIRED:
        if key not in data:
            raise SceneError("error.scene.creature-key", where=Where(where), value=key)
    cid = identifier(data["id"], f"{where}.id", reading.limits)
    ax, ay = values.pair(data["at"], f"{where}.at")
    at = (
        values.integer(ax, f"{where}.at[0]", reading.limits, minimum=None),
        values.integer(ay, f"{where}.at[1]", reading.limits, minimum=None),
    )
    size_in = data["size"]
    if isinstance(size_in, int) and not isinstance(size_in, bool):
        size_in = str(size_in)  # Draw Steel sizes 2..5 written as JSON numbers
    sizes = reading.words.size_members
    size = values.choice(size_in, f"{where}.size", f"{reading.system} size", sizes)
    side = Side(identifier(data["side"], f"{where}.side", reading.limits))
    speed, agility_bonus, toughness_bonus = _movement(data, where, reading)
    armor = values.choice(data.get("armor", "none"), f"{where}.armor", "armor", _ARMORS)
    load = values.choice(data.get("load", "light"), f"{where}.load", "load", _LOADS)
    helpless = values.boolean(data.get("helpless", False), f"{where}.helpless")
    fly = _parse_fly(data["fly"], f"{where}.fly", reading) if "fly" in data else None
    alt = _parse_alt(data.get("alt", 0), f"{where}.alt", fly, reading.limits)
    base_speed = _parse_base_speed(data, where, reading)
    conditions = _parse_conditions(data.get("conditions", []), f"{where}.conditions", reading)
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
        base_speed,
        conditions,
    )


def _parse_base_speed(data: Mapping[str, Any], where: str, reading: _Reading) -> int | None:
    """Read ``base_speed`` (the speed before armor and load), as a speed; dh2e has none."""
    if "base_speed" not in data:
        return None
    if reading.words.agility_bonus:
        raise SceneError(
            "error.scene.speed-not-bonus",
            where=Where(f"{where}.base_speed"),
            system=reading.system,
        )
    return _parse_speed(data["base_speed"], f"{where}.base_speed", reading)


def _parse_conditions(value: object, where: str, reading: _Reading) -> tuple[str, ...]:
    """Read ``conditions``: words of the system's ``[conditions]`` table, each once."""
    found = values.items(value, where)
    known = {word: word for word in reading.words.conditions}
    words = [
        values.choice(word, f"{where}[{i}]", f"{reading.system} condition", known)
        for i, word in enumerate(found)
    ]
    return tuple(sorted(set(words)))


def _movement(
    data: Mapping[str, Any], where: str, reading: _Reading
) -> tuple[int | None, int | None, int | None]:
    """Read ``(speed, agility_bonus, toughness_bonus)``: a speed, or dh2e's bonuses.

    A system whose creatures move by Agility Bonus (dh2e, seed 001) refuses a speed; the
    others refuse the bonuses.
    """
    limits = reading.limits
    if not reading.words.agility_bonus:
        for key in _BONUSES:
            if key in data:
                raise SceneError(
                    "error.scene.bonus-not-speed",
                    where=Where(f"{where}.{key}"),
                    value=key,
                    bonus=", ".join(agility_systems()),
                    system=reading.system,
                )
        speed = _parse_speed(data["speed"], f"{where}.speed", reading) if "speed" in data else None
        return speed, None, None
    if "speed" in data:
        raise SceneError(
            "error.scene.speed-not-bonus", where=Where(f"{where}.speed"), system=reading.system
        )
    bonuses: list[int | None] = []
    for key in _BONUSES:
        place = f"{where}.{key}"
        found = values.integer(data[key], place, limits) if key in data else None
        bonuses.append(None if found is None else values.at_most(found, place, limits.speed))
    return None, bonuses[0], bonuses[1]


def _parse_alt(value: object, where: str, fly: Fly | None, limits: Limits) -> int:
    """Read an altitude in ft: 5-ft steps, within the limits, only for a flyer."""
    alt = values.at_most(values.integer(value, where, limits), where, limits.height_ft)
    if alt % FT_PER_SQUARE:
        raise SceneError("error.scene.alt-step", where=Where(where), value=alt)
    if alt and fly is None:
        raise SceneError("error.scene.alt-walker", where=Where(where), value=alt)
    return alt


def _parse_ceiling(value: object, limits: Limits) -> int:
    """Read the scene's ``ceiling_ft``: 5-ft steps, within the limits."""
    ceiling = values.at_most(
        values.integer(value, "ceiling_ft", limits), "ceiling_ft", limits.height_ft
    )
    if ceiling % FT_PER_SQUARE:
        raise SceneError("error.scene.ceiling-step", where=Where("ceiling_ft"), value=ceiling)
    return ceiling


def _parse_square(value: object, limits: Limits) -> Fraction:
    """Read the scene's ``square``: a number from `Limits.min_square` to `Limits.max_square`.

    The side of one square in the system's unit (ft, m or squares). Movement is counted in
    whole squares (pf1e, dnd35: speed / square) or in 1/(2000 x denominator) m (dh2e), so a
    side of 1e-300 made budgets of 10^300 squares and one of 10^300 overflowed the float
    shown in answers; the bounds cover every real map and keep every count a modest integer.
    """
    found = Fraction(values.number(value, "square", limits))
    if not limits.min_square <= found <= limits.max_square:
        raise SceneError(
            "error.scene.square-range",
            where=Where("square"),
            value=value,
            low=float(limits.min_square),
            high=limits.max_square,
        )
    if found.denominator > limits.square_denominator:
        raise SceneError(
            "error.scene.square-denominator",
            where=Where("square"),
            value=value,
            limit=limits.square_denominator,
        )
    return found


def validate(scene: Scene, *, limits: Limits = LIMITS) -> Scene:
    """Check a `Scene` built in code (an importer's) as if read from JSON; return it checked.

    Raises the same one-line `SceneError` / `LimitError` as `parse_scene`.
    """
    return parse_scene(scene_to_json(scene), limits=limits)


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def number_out(value: Number) -> int | float | str:
    """Write a number as JSON: an int, a float when it spells the fraction exactly, else "p/q".

    >>> number_out(Fraction(5, 2)), number_out(Fraction(1, 3)), number_out(Fraction(4))
    (2.5, '1/3', 4)
    """
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
        out["width_ft"] = number_out(entry.width_ft)
    if entry.height_ft is not None:
        out["height_ft"] = number_out(entry.height_ft)
    if entry.terrain is not None:
        out["terrain"] = entry.terrain
    if entry.impassable:
        out["impassable"] = True
    out.update(entry.extra)
    return out


def creature_out(c: Creature) -> dict[str, Any]:
    """Return creature `c` as SCENE.md JSON, defaults left out (plain strings, no enums)."""
    out: dict[str, Any] = {
        "id": c.id,
        "at": [c.at[0], c.at[1]],
        "size": str(c.size),
        "side": str(c.side),
    }
    if c.speed is not None:
        out["speed"] = c.speed
    if c.agility_bonus is not None:
        out["agility_bonus"] = c.agility_bonus
    if c.toughness_bonus is not None:
        out["toughness_bonus"] = c.toughness_bonus
    if c.armor != Armor.NONE:
        out["armor"] = str(c.armor)
    if c.load != Load.LIGHT:
        out["load"] = str(c.load)
    if c.helpless:
        out["helpless"] = True
    if c.fly is not None:
        out["fly"] = {"speed": c.fly.speed, "maneuverability": str(c.fly.maneuverability)}
        out["fly"].update(c.fly.extra)
    if c.alt:
        out["alt"] = c.alt
    if c.base_speed is not None:
        out["base_speed"] = c.base_speed
    if c.conditions:
        out["conditions"] = list(c.conditions)
    out.update(c.extra)
    return out


def _wall_out(wall: Wall) -> dict[str, Any]:
    out: dict[str, Any] = {
        "from": [number_out(wall.start[0]), number_out(wall.start[1])],
        "to": [number_out(wall.end[0]), number_out(wall.end[1])],
    }
    if wall.door is not None:
        out["door"] = str(wall.door)
    out.update(wall.extra)
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
        out["square"] = number_out(scene.square)
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
        out["walls"] = [_wall_out(wall) for wall in scene.walls]
    if scene.creatures:
        out["creatures"] = [creature_out(c) for c in scene.creatures]
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
