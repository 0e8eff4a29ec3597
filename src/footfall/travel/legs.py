"""Read the legs of a journey and price them: terrain x road, dense or open, water.

A leg is a stretch of one kind: pf1e / dnd35 land legs have a terrain and a road kind, whose
multiplier is the system's terrain x road table (RULES.md 1.6; seed 000 "Стратегическое
перемещение", seed 004 "陆上移动"); water legs have neither; dh2e legs are dense (dense
vegetation, crowded streets: the GM's factor, 1/2 by default) or open (RULES.md 2, seed 001).

>>> from footfall.rules import load_system
>>> leg = parse_leg("24 mi forest trackless", load_system("pf1e"))
>>> leg.distance, leg.terrain, leg.road
(Fraction(24, 1), <Terrain.FOREST: 'forest'>, <Road.TRACKLESS: 'trackless'>)
>>> terrain_multiplier(load_system("pf1e"), leg)
Fraction(1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from footfall.errors import InputError, Param, quote, unknown
from footfall.rules import Road, System, Terrain
from footfall.travel.quantities import parse_number, parse_unit, short, system_unit, to_unit

__all__ = [
    "Leg",
    "Pace",
    "leg_terrain",
    "make_leg",
    "parse_leg",
    "terrain_multiplier",
]

#: The library parameter a leg is given in (the CLI's ``--leg``).
_LEGS = Param("legs")


class Pace(StrEnum):
    """What a traveller does during one hour of a day."""

    WALK = "walk"
    """Normal pace (riding, driving, rowing, sailing count here too)."""
    HUSTLE = "hustle"
    """Double pace (seed 000 «Спешка», seed 004 急行)."""
    DRIFT = "drift"
    """A rowed or poled vessel drifting downstream at the current's speed."""


#: The paces a leg may set for the hours begun on it (its last word).
_LEG_PACES = (Pace.HUSTLE, Pace.WALK)
#: A dh2e leg's flags (seed 001: dense terrain halves the distance).
_HERESY_FLAGS = ("dense", "open")
#: The road column "road or trail" of the terrain x road table may be named either way.
_ROAD_ALIASES = {"trail": Road.ROAD.value}


@dataclass(frozen=True, slots=True)
class Leg:
    """One stretch of a journey: its length in the system's unit, terrain and road.

    pf1e / dnd35 land legs have a `terrain` and `road`; water legs have neither. dh2e legs
    have only `dense` (dense vegetation, crowded streets: half distance). `pace` (hustle or
    walk) overrides the day's pace for every hour that starts on this leg.
    """

    distance: Fraction
    terrain: Terrain | None = None
    road: Road | None = None
    dense: bool = False
    pace: Pace | None = None


_LEG_RE = re.compile(r"^\s*(-?\d+(?:[.,]\d+)?(?:/\d+)?)\s*([a-zA-Zа-яё]+)?\s*(.*?)\s*$")


def parse_leg(text: str, system: System) -> Leg:
    """Parse ``"24 mi forest trackless"``, ``"40 mi"`` (water) or ``"12 km dense"`` (dh2e)."""
    match = _LEG_RE.match(text)
    glued = match is not None and match.group(2) and match.end(2) < len(text)
    if match and glued and not text[match.end(2)].isspace():  # '1e9 mi': unit glued to more
        first = text.split()[0]
        raise InputError("error.travel.leg-glued", param=_LEGS, value=text, first=quote(first))
    if not match or not match.group(1):
        raise InputError("error.travel.leg-format", param=_LEGS, value=text)
    distance = parse_number(match.group(1), "leg distance", param=_LEGS)
    unit = parse_unit(match.group(2) or system_unit(system), param=_LEGS)
    words = match.group(3).split()
    return make_leg(system, distance, unit, words)


def make_leg(system: System, distance: Fraction, unit: str, words: Sequence[str]) -> Leg:
    """Build a validated `Leg` of `distance` `unit` described by `words`.

    `words` are the terrain and road (pf1e / dnd35 land), nothing (water), or ``dense`` /
    ``open`` (dh2e); a last word ``hustle`` or ``walk`` sets the pace on that leg.
    """
    if distance < 0:
        raise InputError("error.travel.leg-negative", param=_LEGS, shown=short(distance))
    distance = to_unit(distance, unit, system_unit(system))
    flags = [w.lower() for w in words]
    pace: Pace | None = None
    if flags and flags[-1] in _LEG_PACES:
        pace = Pace(flags.pop())
    if system.heresy is not None:
        for w in flags:
            if w not in _HERESY_FLAGS:
                known = (*_HERESY_FLAGS, *_LEG_PACES)
                raise unknown("dh2e leg flag", w, known, param=_LEGS)
        return Leg(distance=distance, dense="dense" in flags, pace=pace)
    if system.travel is None:
        raise InputError("error.travel.no-overland", system=system.id)
    if not flags:
        return Leg(distance=distance, pace=pace)
    if len(flags) != 2:
        raise InputError("error.travel.leg-terrain", param=_LEGS, value=" ".join(words))
    terrains = [r.terrain.value for r in system.travel.terrain]
    roads = [r.road.value for r in system.travel.roads]
    terrain, road = flags
    road = _ROAD_ALIASES.get(road, road)
    if terrain not in terrains:
        raise unknown("terrain", terrain, terrains, param=_LEGS)
    if road not in roads:
        raise unknown("road", road, roads, param=_LEGS)
    return Leg(distance=distance, terrain=Terrain(terrain), road=Road(road), pace=pace)


def terrain_multiplier(system: System, leg: Leg) -> Fraction | None:
    """Return the speed multiplier of land leg `leg`: None when it names no terrain and road.

    dh2e: the dense factor of seed 001 (1/2) on a dense leg, else 1; pf1e / dnd35: the
    terrain x road table of the system's data file.
    """
    if system.heresy is not None:
        return system.heresy.dense_factor if leg.dense else Fraction(1)
    if system.travel is None or leg.terrain is None or leg.road is None:
        return None
    return system.travel.terrain_multiplier(leg.terrain, leg.road)


def leg_terrain(system: System, leg: Leg) -> str:
    """Return the kind of ground a day's log names for `leg`: ``forest trackless``, ``water``."""
    if system.heresy is not None:
        return "dense" if leg.dense else "open"
    if leg.terrain is None or leg.road is None:
        return "water"
    return f"{leg.terrain.value} {leg.road.value}"
