"""The Dark Heresy 2e rules of a system file's ``[heresy]`` table (seed 001; metres, km).

Structured movement (metres a round by Agility Bonus) and narrative movement (m/min, km/h,
km/day), both extended past the printed AB 10 by RULES.md 2; hustle, dense terrain, test
difficulties and the Agility-test terrain table.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from footfall.errors import InputError, Param, unknown
from footfall.rules.common import Names, Source
from footfall.rules.reader import Fault, Rows, Spec
from footfall.rules.vocabulary import Difficulty

__all__ = [
    "AgilityTerrain",
    "DifficultyRule",
    "Heresy",
    "HeresyHustle",
    "NarrativeExtrapolation",
    "NarrativeRow",
    "StructuredMultiples",
    "StructuredRow",
]


@dataclass(frozen=True, slots=True)
class StructuredRow:
    """A row of dh2e structured movement: metres per round by action."""

    ab: int
    half_move: Fraction
    full_move: Fraction
    charge: Fraction
    run: Fraction


class StructuredMultiples(NamedTuple):
    """Structured movement past the table (RULES.md 2): each column is a multiple of AB."""

    half_move: Fraction
    full_move: Fraction
    charge: Fraction
    run: Fraction


@dataclass(frozen=True, slots=True)
class NarrativeRow:
    """A row of dh2e narrative movement: m per minute, km per hour, km per day."""

    ab: int
    per_minute_m: Fraction
    per_hour_km: Fraction
    per_day_km: Fraction


@dataclass(frozen=True, slots=True)
class NarrativeExtrapolation:
    """RULES.md 2 past AB 10: m/min = `minute_per_ab` x AB; km/h = m/min x `hour_factor`
    rounded to the nearest whole km; km/day = `day_factor` x km/h."""

    minute_per_ab: int = field(metadata=Spec(minimum=1))
    hour_factor: Fraction
    day_factor: int = field(metadata=Spec(minimum=1))
    source: Source


@dataclass(frozen=True, slots=True)
class HeresyHustle:
    """dh2e hustle: speed x`multiplier` for TB hours, then Toughness tests."""

    names: Names
    multiplier: Fraction
    test: Difficulty
    cumulative: int
    perception: int
    source: Source


@dataclass(frozen=True, slots=True)
class DifficultyRule:
    """A dh2e test difficulty and its modifier."""

    difficulty: Difficulty
    names: Names
    modifier: int


@dataclass(frozen=True, slots=True)
class AgilityTerrain:
    """A row of the dh2e terrain Agility-test table."""

    id: str
    names: Names
    difficulty: Difficulty
    aliases: tuple[str, ...] = ()
    """Other words the row's name covers (seed 001 "Дым или туман": smoke, and fog)."""


@dataclass(frozen=True, slots=True)
class Heresy:
    """Dark Heresy 2e movement tables (metres, km); rows by Agility Bonus 0, 1, 2 ..."""

    structured: tuple[StructuredRow, ...] = field(metadata=Spec(at="structured.rows", rows=Rows()))
    structured_multiples: StructuredMultiples = field(metadata=Spec(at="structured.multiples"))
    structured_names: Names = field(metadata=Spec(at="structured.names"))
    structured_source: Source = field(metadata=Spec(at="structured.source"))
    narrative: tuple[NarrativeRow, ...] = field(metadata=Spec(at="narrative.rows", rows=Rows()))
    narrative_names: Names = field(metadata=Spec(at="narrative.names"))
    narrative_source: Source = field(metadata=Spec(at="narrative.source"))
    narrative_extrapolation: NarrativeExtrapolation = field(
        metadata=Spec(at="narrative.extrapolation")
    )
    hustle: HeresyHustle
    dense_factor: Fraction = field(metadata=Spec(at="dense.factor"))
    """Narrative distance through dense terrain (1/2)."""
    dense_source: Source = field(metadata=Spec(at="dense.source"))
    difficulties: tuple[DifficultyRule, ...] = field(metadata=Spec(rows=Rows()))
    terrains: tuple[AgilityTerrain, ...] = field(metadata=Spec(at="terrain.rows", rows=Rows()))
    terrains_names: Names = field(metadata=Spec(at="terrain.names"))
    terrains_source: Source = field(metadata=Spec(at="terrain.source"))

    def __post_init__(self) -> None:
        """Refuse narrative rows that do not cover the structured table's Agility Bonuses."""
        if len(self.narrative) != len(self.structured):
            raise Fault("error.rules.same-ab", key="narrative.rows", value=len(self.narrative))

    @property
    def table_max_ab(self) -> int:
        """The highest Agility Bonus the seed tables print."""
        return self.structured[-1].ab

    def structured_row(self, ab: int) -> tuple[StructuredRow, bool]:
        """Return the structured row of `ab` and whether it is extrapolated past the table."""
        _check_ab(ab)
        for row in self.structured:
            if row.ab == ab:
                return row, False
        half, full, charge, run = (m * ab for m in self.structured_multiples)
        return StructuredRow(ab, half, full, charge, run), True

    def narrative_row(self, ab: int) -> tuple[NarrativeRow, bool]:
        """Return the narrative row of `ab` and whether it is extrapolated past the table."""
        _check_ab(ab)
        for row in self.narrative:
            if row.ab == ab:
                return row, False
        x = self.narrative_extrapolation
        minute = Fraction(x.minute_per_ab * ab)
        hour = Fraction(_round_half_up(minute * x.hour_factor))
        return NarrativeRow(ab, minute, hour, x.day_factor * hour), True

    def terrain(self, terrain_id: str) -> AgilityTerrain:
        """Return the terrain `terrain_id`, or raise `InputError` naming the known ones."""
        for t in self.terrains:
            if terrain_id == t.id or terrain_id in t.aliases:
                return t
        raise unknown("terrain", terrain_id, [t.id for t in self.terrains])

    def difficulty(self, difficulty: Difficulty) -> DifficultyRule:
        """Return the rule of `difficulty`."""
        return next(d for d in self.difficulties if d.difficulty == difficulty)


def _check_ab(ab: int) -> None:
    if ab < 0:
        raise InputError("error.rules.agility-bonus", param=Param("agility_bonus"), value=ab)


def _round_half_up(value: Fraction) -> int:
    """Round `value` to the nearest integer, halves up (RULES.md 2: 1.5 km/h -> 2).

    >>> _round_half_up(Fraction(3, 2)), _round_half_up(Fraction(7, 5))
    (2, 1)
    """
    return int((value + Fraction(1, 2)) // 1)
