"""What each system lets a scene say: its sizes, flight classes, terrain names, speed rules.

Every answer is read from the system's data file (`footfall.rules.load_system`) into one
`Vocabulary` record per system (built once, cached); nothing here names a system. Where a
system's file lacks a table, the rule that fills the gap is written beside the code (dh2e's
sizes: seed 001 gives Dark Heresy no grid sizes).

>>> words = vocabulary("drawsteel")
>>> words.sizes["2"], words.size_members["2"], words.share_size_gap
(2, <SteelSize.TWO: '2'>, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from footfall.errors import RuleDataError, unknown
from footfall.rules import (
    SYSTEM_IDS,
    Family,
    Maneuverability,
    SizeRule,
    SteelSizeRule,
    System,
    load_system,
)
from footfall.scene.model import Creature, CreatureSize, Scene

__all__ = [
    "Vocabulary",
    "agility_systems",
    "footprint",
    "maneuverabilities",
    "share_size_gap",
    "size_table",
    "terrain_names",
    "terrain_systems",
    "vocabulary",
]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words and numbers a scene of one system may use, read from its data file."""

    system: str
    sizes: Mapping[str, int]
    """Size name -> side of its space in squares, smallest first (`size_table`)."""
    size_members: Mapping[str, CreatureSize]
    """Size name -> its enum member (`footfall.rules.Size` or `SteelSize`)."""
    maneuverabilities: Mapping[str, Maneuverability]
    """Flight classes a ``fly`` may name, best first (`maneuverabilities`)."""
    terrains: tuple[str, ...]
    """Terrain names a legend may give (`terrain_names`)."""
    share_size_gap: int | None
    """Sizes apart two creatures must be to share a square; None: only with a helpless one."""
    agility_bonus: bool
    """Creatures move by Agility Bonus, not a speed (a Dark Heresy table, seed 001)."""
    speed_step: int | Fraction
    """What a speed is a whole multiple of: the side of the system's square, in its unit."""
    unit: str
    """The system's unit (ft, m, squares)."""
    conditions: tuple[str, ...] = ()
    """Conditions a creature may have (the system's ``[conditions]`` table, issue 12)."""


@cache
def vocabulary(system: str) -> Vocabulary:
    """Return the `Vocabulary` of `system` (an id of `footfall.rules.SYSTEM_IDS`)."""
    rules = load_system(system)
    size_rules = _size_rules(rules)
    step = rules.square
    return Vocabulary(
        system=system,
        sizes=MappingProxyType({rule.size.value: rule.footprint for rule in size_rules}),
        size_members=MappingProxyType({rule.size.value: rule.size for rule in size_rules}),
        maneuverabilities=MappingProxyType({m.value: m for m in _maneuverabilities(rules)}),
        terrains=tuple(row.id for row in rules.heresy.terrains) if rules.heresy else (),
        share_size_gap=rules.steel.share_size_gap if rules.steel is not None else None,
        agility_bonus=rules.heresy is not None,
        speed_step=step.numerator if step.denominator == 1 else step,
        unit=rules.unit.value,
        conditions=rules.conditions.ids if rules.conditions is not None else (),
    )


def _size_rules(rules: System) -> tuple[SizeRule, ...] | tuple[SteelSizeRule, ...]:
    """Return the size rows a system's scenes use, smallest first."""
    if rules.steel is not None:
        return rules.steel.sizes
    if rules.tactical is not None:
        return rules.tactical.sizes
    return _d20_sizes()


@cache
def _d20_sizes() -> tuple[SizeRule, ...]:
    """Return the d20 family's size rows: the sizes of a system whose file has none.

    Seed 001 gives dh2e no grid sizes; a dh2e scene uses the pf1e/dnd35 size names and
    spaces (``medium`` for a human), read from the first d20 system's data file.
    """
    for system_id in SYSTEM_IDS:
        rules = load_system(system_id)
        if rules.family is Family.D20 and rules.tactical is not None:
            return rules.tactical.sizes
    raise RuleDataError("error.scene.no-size-table", value=Family.D20.value)  # pragma: no cover


def _maneuverabilities(rules: System) -> tuple[Maneuverability, ...]:
    """Return the flight classes of a system, best first.

    The dnd35 table (seed 004 "表:机动性") in its data file; pf1e uses the same five classes,
    and dh2e and Draw Steel scenes accept them too (only dnd35 flight rules read them).
    """
    if rules.flight is not None:
        return tuple(row.maneuverability for row in rules.flight.rows)
    return tuple(Maneuverability)


def size_table(system: str) -> dict[str, int]:
    """Return the sizes of `system`, smallest first, mapped to the side of their space.

    From the system's data file (`footfall.rules`): pf1e/dnd35 fine..colossal with spaces
    1,1,1,1,1,2,3,4,6 (seed 004, Core Rulebook "Creature Size and Scale"); Draw Steel 1T, 1S,
    1M, 1L, 2, 3, 4, 5 with spaces 1,1,1,1,2,3,4,5 (seed 002). Seed 001 gives dh2e no grid
    sizes: a dh2e scene uses the pf1e size names and spaces (``medium`` for a human).

    >>> size_table("pf1e")["large"], size_table("drawsteel")["2"]
    (2, 2)
    """
    return dict(vocabulary(system).sizes)


def footprint(scene_or_system: Scene | str, creature: Creature) -> int:
    """Return the side, in squares, of `creature`'s space (SCENE.md size table)."""
    system = scene_or_system if isinstance(scene_or_system, str) else scene_or_system.system
    sizes = vocabulary(system).sizes
    if creature.size not in sizes:
        raise unknown(f"{system} size", creature.size, sizes)
    return sizes[creature.size]


def maneuverabilities(system: str) -> tuple[str, ...]:
    """Return the flight maneuverability classes a creature's ``fly`` may name, best first."""
    return tuple(vocabulary(system).maneuverabilities)


def terrain_names(system: str) -> tuple[str, ...]:
    """Return the terrain names a legend may give in `system` (dh2e: seed 001 table)."""
    return vocabulary(system).terrains


def share_size_gap(system: str) -> int | None:
    """Return how many sizes apart two creatures must be to share a square (Draw Steel).

    None where only a helpless creature's square may be shared (pf1e/dnd35, dh2e).
    """
    return vocabulary(system).share_size_gap


@cache
def agility_systems() -> tuple[str, ...]:
    """Return the systems whose creatures give an Agility Bonus, not a speed (for errors)."""
    return tuple(system for system in SYSTEM_IDS if vocabulary(system).agility_bonus)


@cache
def terrain_systems() -> tuple[str, ...]:
    """Return the systems with a terrain table a legend's ``terrain`` names (for errors)."""
    return tuple(system for system in SYSTEM_IDS if vocabulary(system).terrains)
