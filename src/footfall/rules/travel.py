"""The pf1e/dnd35 travel rules of a system file's ``[travel]`` table (ft, miles, hours).

The printed rate tables per round, minute, hour and day, the formulas they follow, terrain x
road multipliers, mounts and vehicles, hours of travel a day, overland hustle, forced march,
river travel and how long a character can run.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from fractions import Fraction

from footfall.errors import InputError, Param, unknown
from footfall.rules.common import Names, Source
from footfall.rules.reader import Fault, Rows, Spec
from footfall.rules.tactical import Tactical
from footfall.rules.vocabulary import (
    Armor,
    ConveyanceKind,
    Load,
    Mode,
    Road,
    RunDurationKind,
    Scale,
    Terrain,
)

__all__ = [
    "Conveyance",
    "DayHours",
    "ForcedMarch",
    "HustleRule",
    "LoadedRate",
    "RateRow",
    "RateTable",
    "RoadRule",
    "RunDuration",
    "TerrainRow",
    "Travel",
    "WaterRule",
]

#: The choices of the ``forced_march_dc`` switch (RULES.md 1.6), in data-file order.
_FORCED_MARCH_DC = ("plus-each", "first-is-10")


@dataclass(frozen=True, slots=True)
class RateRow:
    """A row of a printed rate table: its id (walk, hustle, run_x3, run_x4, run) and cells.

    A cell printed "-" (not possible on that scale) is None.
    """

    id: str
    names: Names
    values: tuple[Fraction | None, ...] = field(metadata=Spec(none="-"))


@dataclass(frozen=True, slots=True)
class RateTable:
    """A printed movement-and-distance table of one scale, for speeds 15/20/30/40 ft.

    `unit` is ``ft`` (round, minute) or ``mi`` (hour, day); every row has one cell per speed.
    """

    scale: Scale
    names: Names
    unit: str = field(metadata=Spec(choices=("ft", "mi")))
    speeds: tuple[int, ...] = field(metadata=Spec(minimum=1))
    rows: tuple[RateRow, ...] = field(metadata=Spec(rows=Rows()))
    source: Source

    def __post_init__(self) -> None:
        """Refuse a row without one cell per speed."""
        for row in self.rows:
            if len(row.values) != len(self.speeds):
                raise Fault(
                    "error.rules.cells",
                    key=f"rows.{row.id}.values",
                    value=list(row.values),
                    raw=True,
                    cells=len(self.speeds),
                )

    def row(self, row_id: str) -> RateRow:
        """Return the row `row_id`."""
        return next(r for r in self.rows if r.id == row_id)


@dataclass(frozen=True, slots=True)
class TerrainRow:
    """A row of the terrain x road table: multipliers of overland speed."""

    terrain: Terrain
    names: Names
    highway: Fraction
    road: Fraction
    trackless: Fraction

    def multiplier(self, road: Road) -> Fraction:
        """Return the multiplier on `road`."""
        if road == Road.HIGHWAY:
            return self.highway
        if road == Road.ROAD:
            return self.road
        if road == Road.TRACKLESS:
            return self.trackless
        raise KeyError(road)


@dataclass(frozen=True, slots=True)
class RoadRule:
    """A road kind's names."""

    road: Road
    names: Names


@dataclass(frozen=True, slots=True)
class LoadedRate:
    """A mount's loaded row: the load band in lb and the slower rates (mi/h, mi/day)."""

    load_lb: tuple[int, int] = field(metadata=Spec(minimum=1))
    per_hour: Fraction
    per_day: Fraction
    row: str
    """The row label as printed in the seed."""

    def __post_init__(self) -> None:
        """Refuse a band whose low end is not below its high end."""
        low, high = self.load_lb
        if not 0 < low < high:
            raise Fault("error.rules.load-band", key="load_lb", value=list(self.load_lb), raw=True)


@dataclass(frozen=True, slots=True)
class Conveyance:
    """A mount, vehicle or vessel of the mounts-and-vehicles table (mi/h, mi/day).

    `river` marks the footnoted vessels (raft, barge, keelboat, rowboat) that add the current
    downstream, may drift, and cannot be rowed upstream. `row` is the printed row label (one
    printed row can cover two ids, e.g. "轻型马/轻型战马").
    """

    id: str
    names: Names
    kind: ConveyanceKind
    per_hour: Fraction
    per_day: Fraction
    river: bool
    loaded: LoadedRate | None
    row: str


@dataclass(frozen=True, slots=True)
class DayHours:
    """Hours of travel in a day for one conveyance kind."""

    kind: ConveyanceKind
    hours: int = field(metadata=Spec(minimum=1))


@dataclass(frozen=True, slots=True)
class HustleRule:
    """Overland hustle: free hours, then damage doubling each hour (nonlethal; mounts lethal)."""

    names: Names
    free_hours: int = field(metadata=Spec(minimum=0))
    first_damage: int = field(metadata=Spec(minimum=1))
    growth: int = field(metadata=Spec(minimum=1))
    mount_lethal: bool
    source: Source

    def damage(self, hour: int) -> int:
        """Return the damage of the `hour`-th hustled hour since the last sleep (1-based)."""
        if hour <= self.free_hours:
            return 0
        factor: int = self.growth ** (hour - self.free_hours - 1)
        return self.first_damage * factor


@dataclass(frozen=True, slots=True)
class ForcedMarch:
    """Forced march: past `base_hours`, a Con check each hour, DC `dc_base` + `dc_step` x n."""

    names: Names
    base_hours: int = field(metadata=Spec(minimum=1))
    dc_base: int = field(metadata=Spec(minimum=1))
    dc_step: int = field(metadata=Spec(minimum=0))
    damage_dice: int = field(metadata=Spec(minimum=1))
    damage_sides: int = field(metadata=Spec(minimum=2))
    mount_auto_fail: bool
    source: Source

    def dc(self, extra_hour: int, choice: str = "plus-each") -> int:
        """Return the DC of the `extra_hour`-th hour past the base (1 = hour 9).

        `choice` is the ``forced_march_dc`` switch: ``plus-each`` (12, 14, 16 ...) or
        ``first-is-10`` (10, 12, 14 ...).
        """
        if extra_hour < 1:
            raise InputError(
                "error.rules.forced-march-hour", param=Param("extra_hour"), value=extra_hour
            )
        if choice == "plus-each":
            return self.dc_base + self.dc_step * extra_hour
        if choice == "first-is-10":
            return self.dc_base + self.dc_step * (extra_hour - 1)
        raise InputError(
            "error.rules.unknown-choice",
            param=Param("switches"),
            switch="forced_march_dc",
            value=choice,
            valid=_FORCED_MARCH_DC,
        )


@dataclass(frozen=True, slots=True)
class WaterRule:
    """River travel: current, rowing and drift hours, upstream rule (mi/h, hours)."""

    names: Names
    current_mph: Fraction
    row_hours: int = field(metadata=Spec(minimum=1))
    drift_hours: int = field(metadata=Spec(minimum=0))
    drift_miles: Fraction
    """The miles a drifting vessel adds: `current_mph` x `drift_hours`."""
    upstream_rowing: bool
    tow: bool
    source: Source

    def __post_init__(self) -> None:
        """Refuse a drift that is not the current times the drift hours."""
        if self.current_mph * self.drift_hours != self.drift_miles:
            raise Fault("error.rules.drift", key="drift_miles", value=str(self.drift_miles))


@dataclass(frozen=True, slots=True)
class RunDuration:
    """How long a character can run (local scale)."""

    kind: RunDurationKind
    names: Names
    min_con: int | None = field(metadata=Spec(minimum=1))
    source: Source


@dataclass(frozen=True, slots=True)
class Travel:
    """pf1e/dnd35 rates per round, minute, hour and day; overland travel tables.

    `tactical` is the system's `Tactical` (a travel table needs one: its modes give the rates).
    """

    rate_tables: tuple[RateTable, ...] = field(metadata=Spec(at="rates", rows=Rows()))
    local_factor: int = field(metadata=Spec(at="formula.local_factor", minimum=1))
    """ft per minute = `local_factor` x ft per round (10)."""
    mph_per_ft: Fraction = field(metadata=Spec(at="formula.mph_per_ft"))
    """miles per hour = speed x `mph_per_ft` x mode (1/10)."""
    walk_hours: int = field(metadata=Spec(at="formula.walk_hours", minimum=1))
    """Hours of travel in a walking or riding day (8)."""
    hour_modes: tuple[Mode, ...] = field(metadata=Spec(at="formula.hour_modes"))
    day_modes: tuple[Mode, ...] = field(metadata=Spec(at="formula.day_modes"))
    formula_source: Source = field(metadata=Spec(at="formula.source"))
    terrain: tuple[TerrainRow, ...] = field(metadata=Spec(at="terrain.rows", rows=Rows()))
    roads: tuple[RoadRule, ...] = field(metadata=Spec(at="terrain.roads", rows=Rows()))
    terrain_names: Names = field(metadata=Spec(at="terrain.names"))
    terrain_source: Source = field(metadata=Spec(at="terrain.source"))
    conveyances: tuple[Conveyance, ...] = field(metadata=Spec(at="conveyances.rows"))
    conveyances_names: Names = field(metadata=Spec(at="conveyances.names"))
    conveyances_source: Source = field(metadata=Spec(at="conveyances.source"))
    day_hours: tuple[DayHours, ...] = field(metadata=Spec(at="day_hours.rows", rows=Rows()))
    day_hours_source: Source = field(metadata=Spec(at="day_hours.source"))
    hustle: HustleRule
    forced_march: ForcedMarch
    water: WaterRule
    run_duration: RunDuration
    tactical: Tactical = field(metadata=Spec(given=True))

    def __post_init__(self) -> None:
        """Refuse a conveyance whose miles a day are not its hours a day x its miles an hour."""
        hours_of = {d.kind: d.hours for d in self.day_hours}
        for c in self.conveyances:
            hours = hours_of.get(c.kind)
            if hours is None:
                continue
            rates = [("", c.per_hour, c.per_day)]
            if c.loaded is not None:
                rates.append((" loaded", c.loaded.per_hour, c.loaded.per_day))
            for label, hour, day in rates:
                if hour * hours != day:
                    raise Fault(
                        "error.rules.per-day",
                        key=f"conveyances.rows.{c.id}{label}",
                        value=f"{hour} mi/h, {day} mi/day",
                        hours=hours,
                        kind=c.kind.value,
                    )

    def rate_table(self, scale: Scale) -> RateTable:
        """Return the printed table of `scale`."""
        return next(t for t in self.rate_tables if t.scale == scale)

    def per_round(
        self, speed: int, mode: Mode, armor: Armor = Armor.NONE, load: Load = Load.LIGHT
    ) -> Fraction:
        """Return ft per round: speed x mode multiplier."""
        return speed * self.tactical.multiplier(mode, armor, load)

    def per_minute(
        self, speed: int, mode: Mode, armor: Armor = Armor.NONE, load: Load = Load.LIGHT
    ) -> Fraction:
        """Return ft per minute: `local_factor` x ft per round."""
        return self.local_factor * self.per_round(speed, mode, armor, load)

    def per_hour(self, speed: int, mode: Mode) -> Fraction | None:
        """Return miles per hour (speed / 10 x mode), None where the mode is not possible."""
        if mode not in self.hour_modes:
            return None
        return speed * self.mph_per_ft * self.tactical.mode(mode).multiplier

    def per_day(self, speed: int, mode: Mode) -> Fraction | None:
        """Return miles per day (`walk_hours` x per hour), None where not possible."""
        if mode not in self.day_modes:
            return None
        per_hour = self.per_hour(speed, mode)
        return None if per_hour is None else self.walk_hours * per_hour

    def terrain_row(self, terrain: Terrain) -> TerrainRow:
        """Return the row of `terrain`."""
        return next(r for r in self.terrain if r.terrain == terrain)

    def terrain_multiplier(self, terrain: Terrain, road: Road) -> Fraction:
        """Return the overland multiplier of `terrain` on `road`."""
        return self.terrain_row(terrain).multiplier(road)

    def conveyance(self, conveyance_id: str) -> Conveyance:
        """Return the conveyance `conveyance_id`, or raise `InputError` naming the known ones."""
        for c in self.conveyances:
            if c.id == conveyance_id:
                return c
        raise unknown("mount or vehicle", conveyance_id, [c.id for c in self.conveyances])

    def hours_per_day(self, kind: ConveyanceKind | None = None) -> int:
        """Return the hours of travel in a day: on foot (None) `walk_hours`, else per kind."""
        if kind is None:
            return self.walk_hours
        return next(d.hours for d in self.day_hours if d.kind == kind)
