"""Short trips at the local scale: feet or metres per minute, pace by pace.

pf1e / dnd35 (seed 000 "Локальное перемещение", seed 004 "区域移动"): ft per minute = 10 x ft
per round for walk, hustle and run (x4, x3 in heavy armor or load); a runner keeps going for
rounds equal to its Constitution score (pf1e) or one minute with Con 9+ (dnd35, then rests).
dh2e (seed 001): narrative metres per minute by Agility Bonus, halved through dense terrain.

>>> from fractions import Fraction
>>> [p.minutes for p in plan_local("pf1e", Fraction(600), speed=30).paces]
[Fraction(2, 1), Fraction(1, 1), Fraction(1, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError, LimitError, Param
from footfall.limits import LIMITS, Limits
from footfall.rates import check_bonus, check_d20_speed
from footfall.rules import (
    Armor,
    Family,
    Heresy,
    Load,
    Mode,
    RunDurationKind,
    System,
    Travel,
    Unit,
    load_system,
)
from footfall.travel.mover import Note
from footfall.travel.quantities import num, short
from footfall.travel.traveller import overland_rules

__all__ = ["LocalPace", "LocalTrip", "plan_local"]

#: Range of a Constitution score a runner may give (pf1e Core Rulebook, "Ability Scores").
_CON = (0, 99)


@dataclass(frozen=True, slots=True)
class LocalPace:
    """One pace at the local scale: its rate per minute and the minutes the distance takes.

    `limit_minutes` is how long the pace can be kept up (running only; None: no limit in the
    text, or for a run a limit unknown), and `within_limit` whether the distance fits in it:
    None when the run's limit is unknown (no Constitution given, or a dnd35 runner of Con 8
    or less, of whom the text says nothing), so the two fields never disagree (issue 12).
    """

    pace: Mode
    per_minute: Fraction
    minutes: Fraction
    limit_minutes: Fraction | None = None
    within_limit: bool | None = True


@dataclass(frozen=True, slots=True)
class LocalTrip:
    """A short trip at the local scale (feet or metres per minute), pace by pace.

    `family` is the system's rule family: dh2e (heresy) counts no rounds.
    """

    system: str
    unit: Unit
    distance: Fraction
    paces: tuple[LocalPace, ...]
    notes: tuple[Note, ...] = ()
    family: Family = Family.D20

    def to_json(self) -> dict[str, object]:
        """Return a JSON-ready dict (numbers rounded for display)."""
        rounds = self.family is not Family.HERESY
        return {
            "system": self.system,
            "scale": "local",
            "unit": self.unit.value,
            "distance": num(self.distance),
            "paces": [
                {
                    "pace": p.pace.value,
                    "per_minute": num(p.per_minute),
                    "minutes": num(p.minutes),
                    "rounds": num(p.minutes * 10) if rounds else None,
                    "limit_minutes": None if p.limit_minutes is None else num(p.limit_minutes),
                    "within_limit": p.within_limit,
                }
                for p in self.paces
            ],
            "notes": [n.value for n in self.notes],
        }


def plan_local(
    system_id: str,
    distance: Fraction,
    *,
    speed: int | None = None,
    armor: Armor = Armor.NONE,
    load: Load = Load.LIGHT,
    con: int | None = None,
    agility_bonus: int | None = None,
    dense: bool = False,
    limits: Limits = LIMITS,
) -> LocalTrip:
    """Return how long `distance` takes at the local scale, at each pace.

    `distance` is in ft (pf1e / dnd35, at `speed` ft in `armor` under `load`; `con` is the
    runner's Constitution score) or m (dh2e, at `agility_bonus`, through `dense` terrain).
    """
    system = load_system(system_id)
    if distance < 0:
        raise InputError(
            "error.travel.distance-negative", param=Param("legs"), shown=short(distance)
        )
    if system.heresy is not None:
        return _heresy_local(system, system.heresy, distance, agility_bonus, dense, limits)
    travel = overland_rules(system)
    if speed is None:
        raise InputError("error.travel.local-speed", param=Param("speed"), system=system.id)
    check_d20_speed(system, speed, limits=limits)
    _check_local_minutes(distance / travel.per_minute(speed, Mode.WALK, armor, load), limits)
    low, high = _CON
    if con is not None and not low <= con <= high:
        raise InputError(
            "error.travel.con-range", param=Param("con"), value=con, low=low, high=high
        )
    paces: list[LocalPace] = []
    notes: list[Note] = []
    for mode in (Mode.WALK, Mode.HUSTLE, Mode.RUN):
        rate = travel.per_minute(speed, mode, armor, load)
        minutes = distance / rate
        if mode is not Mode.RUN:
            paces.append(LocalPace(mode, rate, minutes))
            continue
        limit = _run_limit(travel, con)
        if limit is None and con is not None:
            notes.append(Note.RUN_LIMIT_UNKNOWN)
        within = None if limit is None else minutes <= limit
        paces.append(LocalPace(mode, rate, minutes, limit, within))
    return LocalTrip(system.id, Unit.FT, distance, tuple(paces), tuple(notes), system.family)


def _heresy_local(
    system: System,
    heresy: Heresy,
    distance: Fraction,
    agility_bonus: int | None,
    dense: bool,
    limits: Limits,
) -> LocalTrip:
    """Return a dh2e trip at the narrative metres per minute of seed 001's table."""
    if agility_bonus is None:
        raise InputError("error.travel.local-agility", param=Param("agility_bonus"))
    check_bonus(agility_bonus, limits=limits)
    row, extrapolated = heresy.narrative_row(agility_bonus)
    rate = row.per_minute_m * (heresy.dense_factor if dense else 1)
    _check_local_minutes(distance / rate, limits)
    pace = LocalPace(Mode.WALK, rate, distance / rate)
    extra = (Note.BEYOND_TABLE,) if extrapolated else ()
    return LocalTrip(system.id, Unit.M, distance, (pace,), extra, system.family)


def _check_local_minutes(minutes: Fraction, limits: Limits) -> None:
    """Refuse a local-scale trip longer than the overland planner's (`Limits.trip_hours`)."""
    if minutes > limits.trip_hours * 60:
        raise LimitError(
            "error.travel.walk-hours", hours=short(num(minutes / 60)), limit=limits.trip_hours
        )


def _run_limit(travel: Travel, con: int | None) -> Fraction | None:
    """Return how many minutes a runner of Constitution `con` keeps running (None: unknown)."""
    if con is None:
        return None
    rule = travel.run_duration
    if rule.kind is RunDurationKind.CON_ROUNDS:
        return Fraction(con, travel.local_factor)  # rounds of 6 s, 10 a minute
    if rule.min_con is not None and con >= rule.min_con:
        return Fraction(1)
    return None
