"""Compute movement rates: speed (or Agility Bonus) -> per round, minute, hour and day.

Three entry points, one per family of systems, each returning a frozen record:

- `d20_rates` (pf1e, dnd35): speed in ft, armor and load -> walk / hustle / run per round
  (ft), per minute (ft), per hour and per day (miles), None where a pace is not possible on
  that scale (RULES.md 1.1); `metric=True` gives m and km (`footfall.units`).
- `heresy_rates` (dh2e): Agility Bonus -> structured (m per round) and narrative (m per
  minute, km per hour, km per day) movement; past the seed table it is extrapolated
  (RULES.md 2) and says so.
- `steel_rates` (drawsteel): speed in squares -> advance and disengage.

`rates(system_id, ...)` dispatches on the system and validates the input. The formulas read
the system's data file (`footfall.rules`); nothing here hard-codes a table.

>>> r = d20_rates(load_system("pf1e"), 30, armor=Armor.HEAVY)
>>> (r.tactical.walk, r.tactical.hustle, r.tactical.run, r.overland_day.walk)
(Fraction(30, 1), Fraction(60, 1), Fraction(90, 1), Fraction(24, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError, Noun, Param, unknown
from footfall.limits import LIMITS, Limits
from footfall.rules import (
    SYSTEM_IDS,
    ActionId,
    Armor,
    Family,
    Load,
    Mode,
    System,
    Unit,
    load_system,
)
from footfall.units import ft_to_m, json_number, mi_to_km

__all__ = [
    "D20Rates",
    "HeresyRates",
    "PaceRates",
    "SteelRates",
    "check_bonus",
    "check_d20_speed",
    "check_steel_speed",
    "d20_rates",
    "heresy_rates",
    "parse_armor",
    "parse_load",
    "rates",
    "sample_rates",
    "steel_rates",
]


@dataclass(frozen=True, slots=True)
class PaceRates:
    """Distances of the three paces on one scale; None where the pace is not possible."""

    unit: str
    """``ft/round``, ``ft/min``, ``mi/h``, ``mi/day`` (metric: ``m/round``, ``m/min``,
    ``km/h``, ``km/day``)."""
    walk: Fraction | None
    hustle: Fraction | None
    run: Fraction | None

    def get(self, mode: Mode) -> Fraction | None:
        """Return the distance of `mode`."""
        return {Mode.WALK: self.walk, Mode.HUSTLE: self.hustle, Mode.RUN: self.run}[mode]

    def to_json(self) -> dict[str, Any]:
        """Return the ``{"unit", "walk", "hustle", "run"}`` object of the --json shape."""
        return {
            "unit": self.unit,
            "walk": json_number(self.walk),
            "hustle": json_number(self.hustle),
            "run": json_number(self.run),
        }


@dataclass(frozen=True, slots=True)
class D20Rates:
    """pf1e/dnd35 rates of one creature on the four scales."""

    system: str
    speed: int
    armor: Armor
    load: Load
    run_multiplier: Fraction
    metric: bool
    tactical: PaceRates
    local: PaceRates
    overland_hour: PaceRates
    overland_day: PaceRates

    def to_json(self) -> dict[str, Any]:
        """Return the ``footfall rates --json`` object (issue 2's shape, plus armor/load)."""
        return {
            "system": self.system,
            "speed": self.speed,
            "armor": self.armor.value,
            "load": self.load.value,
            "metric": self.metric,
            "run_multiplier": json_number(self.run_multiplier),
            "tactical": self.tactical.to_json(),
            "local": self.local.to_json(),
            "overland_hour": self.overland_hour.to_json(),
            "overland_day": self.overland_day.to_json(),
        }


@dataclass(frozen=True, slots=True)
class HeresyRates:
    """dh2e rates: structured (m per round) and narrative (m/min, km/h, km/day)."""

    system: str
    agility_bonus: int
    extrapolated: bool
    """True when the Agility Bonus is past the seed's tables (RULES.md 2 formulas)."""
    half_move: Fraction
    full_move: Fraction
    charge: Fraction
    run: Fraction
    per_minute_m: Fraction
    per_hour_km: Fraction
    per_day_km: Fraction

    def to_json(self) -> dict[str, Any]:
        """Return the ``footfall rates dh2e --json`` object (issue 2's shape)."""
        return {
            "system": self.system,
            "agility_bonus": self.agility_bonus,
            "extrapolated": self.extrapolated,
            "structured": {
                "unit": "m/round",
                "half_move": json_number(self.half_move),
                "full_move": json_number(self.full_move),
                "charge": json_number(self.charge),
                "run": json_number(self.run),
            },
            "narrative": {
                "per_minute_m": json_number(self.per_minute_m),
                "per_hour_km": json_number(self.per_hour_km),
                "per_day_km": json_number(self.per_day_km),
            },
        }


@dataclass(frozen=True, slots=True)
class SteelRates:
    """drawsteel rates in squares: advance (up to speed) and disengage (shift 1, capped)."""

    system: str
    speed: int
    advance: int
    disengage: int

    def to_json(self) -> dict[str, Any]:
        """Return the ``footfall rates drawsteel --json`` object."""
        return {
            "system": self.system,
            "speed": self.speed,
            "unit": "squares",
            "advance": self.advance,
            "disengage": self.disengage,
        }


_SPEED = Param("speed")
_AGILITY = Param("agility_bonus")
_METRIC = Param("metric")


def parse_armor(value: str) -> Armor:
    """Return `value` as an `Armor`, or raise `InputError` naming the known ones."""
    try:
        return Armor(value)
    except ValueError:
        raise unknown("armor", value, [a.value for a in Armor], param=Param("armor")) from None


def parse_load(value: str) -> Load:
    """Return `value` as a `Load`, or raise `InputError` naming the known ones."""
    try:
        return Load(value)
    except ValueError:
        raise unknown("load", value, [v.value for v in Load], param=Param("load")) from None


def check_bonus(
    value: int,
    what: str = "agility bonus",
    *,
    least: int = 0,
    param: Param | None = None,
    limits: Limits = LIMITS,
) -> int:
    """Return `value` if it is a dh2e characteristic bonus in `least`..`limits.bonus`.

    Otherwise raise `InputError` in one line naming `what`, the bad value and the bound, e.g.
    ``agility bonus 31 is out of range (0-30)``. Agility Bonus may be 0 (the seed table has
    a row for AB 0); hustle needs a Toughness Bonus of at least 1 (`least=1`). `param` is the
    parameter the bonus was given in (by default ``agility_bonus``).

    The bound is one for rates, travel, odds, routes and the API: a characteristic runs
    0-100, so its bonus (the tens digit) is 0-10; the Unnatural Characteristic (X) trait
    adds X to the bonus (DH2e Core Rulebook, "Traits"), and +20 is past any printed creature.
    The seed table stops at AB 10 (seed 001 "Движение в повествовательном времени"); past it
    rates are extrapolated (RULES.md 2).
    """
    if not least <= value <= limits.bonus:
        raise InputError(
            "error.rates.bonus-range",
            param=param or Param("agility_bonus"),
            what=Noun(what),
            value=value,
            low=least,
            high=limits.bonus,
        )
    return value


def check_d20_speed(system: System, speed: int, *, limits: Limits = LIMITS) -> None:
    """Refuse a pf1e / dnd35 speed that is not a positive multiple of the 5-ft square.

    Speeds over `limits.d20_speed` (100000 ft, the scene's bound: far past any printed
    creature, and every duration still prints) are refused too, naming the bound.
    """
    step = int(system.square)
    if speed <= 0 or speed % step:
        raise InputError(
            "error.rates.speed-step", param=_SPEED, system=system.id, step=step, value=speed
        )
    if speed > limits.d20_speed:
        raise InputError(
            "error.rates.speed-range",
            param=_SPEED,
            system=system.id,
            value=speed,
            low=step,
            high=limits.d20_speed,
        )


def check_steel_speed(speed: int, *, limits: Limits = LIMITS) -> None:
    """Refuse a Draw Steel speed below 0 or over `limits.steel_speed` squares.

    The bound is the pf1e / dnd35 one in Draw Steel's 5-ft squares (Draw Steel Heroes,
    "Movement": a square is 5 feet, as pf1e / dnd35's); printed speeds are 5-10.
    """
    if not 0 <= speed <= limits.steel_speed:
        raise InputError(
            "error.rates.steel-speed-range",
            param=_SPEED,
            value=speed,
            high=limits.steel_speed,
            ft=limits.d20_speed,
        )


def d20_rates(
    system: System,
    speed: int,
    *,
    armor: Armor = Armor.NONE,
    load: Load = Load.LIGHT,
    metric: bool = False,
    limits: Limits = LIMITS,
) -> D20Rates:
    """Return the pf1e/dnd35 rates of a creature of `speed` ft (a positive multiple of 5).

    Per round = speed x pace (run x4, x3 in heavy armor or under a heavy load); per minute =
    10 x per round; per hour = speed / 10 x pace (walk, hustle); per day = 8 x walk per hour.
    `metric` converts ft to m (x 3/10) and miles to km (x 8/5), exactly.
    """
    travel = system.travel
    if travel is None:
        raise InputError("error.rates.no-d20-rates", system=system.id)
    check_d20_speed(system, speed, limits=limits)
    length = ft_to_m if metric else Fraction
    distance = mi_to_km if metric else Fraction
    ft, mi = ("m", "km") if metric else ("ft", "mi")

    def scale(unit: str, value: Any) -> PaceRates:
        cells = [value(mode) for mode in Mode]
        return PaceRates(unit, *cells)

    def opt(convert: Any, value: Fraction | None) -> Fraction | None:
        return None if value is None else convert(value)

    return D20Rates(
        system=system.id,
        speed=speed,
        armor=armor,
        load=load,
        run_multiplier=travel.tactical.multiplier(Mode.RUN, armor, load),
        metric=metric,
        tactical=scale(f"{ft}/round", lambda m: length(travel.per_round(speed, m, armor, load))),
        local=scale(f"{ft}/min", lambda m: length(travel.per_minute(speed, m, armor, load))),
        overland_hour=scale(f"{mi}/h", lambda m: opt(distance, travel.per_hour(speed, m))),
        overland_day=scale(f"{mi}/day", lambda m: opt(distance, travel.per_day(speed, m))),
    )


def heresy_rates(system: System, agility_bonus: int, *, limits: Limits = LIMITS) -> HeresyRates:
    """Return the dh2e rates of Agility Bonus `agility_bonus` (0-30; past 10 extrapolated).

    The bound is `limits.bonus`; outside it `check_bonus` raises a one-line `InputError`.
    """
    heresy = system.heresy
    if heresy is None:
        raise InputError("error.rates.no-heresy-rates", system=system.id)
    check_bonus(agility_bonus, limits=limits)
    structured, ext_s = heresy.structured_row(agility_bonus)
    narrative, ext_n = heresy.narrative_row(agility_bonus)
    return HeresyRates(
        system=system.id,
        agility_bonus=agility_bonus,
        extrapolated=ext_s or ext_n,
        half_move=structured.half_move,
        full_move=structured.full_move,
        charge=structured.charge,
        run=structured.run,
        per_minute_m=narrative.per_minute_m,
        per_hour_km=narrative.per_hour_km,
        per_day_km=narrative.per_day_km,
    )


def steel_rates(system: System, speed: int, *, limits: Limits = LIMITS) -> SteelRates:
    """Return the drawsteel rates of `speed` squares (>= 0).

    Advance moves up to speed; disengage shifts 1 square, and no movement exceeds the current
    speed (seed 002 "Нельзя превысить скорость"), so at speed 0 it is 0.
    """
    if system.steel is None:
        raise InputError("error.rates.no-steel-rates", system=system.id)
    if speed < 0:
        raise InputError(
            "error.rates.steel-speed-negative", param=_SPEED, system=system.id, value=speed
        )
    check_steel_speed(speed, limits=limits)
    advance = system.action(ActionId.ADVANCE)
    disengage = system.action(ActionId.DISENGAGE)
    assert advance.speed_multiple is not None and disengage.squares is not None
    return SteelRates(
        system=system.id,
        speed=speed,
        advance=int(speed * advance.speed_multiple),
        disengage=min(disengage.squares, speed),
    )


def _from_base(system: System, speed: int | None, base: int, armor: Armor, load: Load) -> int:
    """Return the speed after armor and load of a `base` speed (issue 12: the official armor
    and load tables, `footfall.rules.ReducedSpeed`); a system without them refuses it."""
    if speed is not None:
        raise InputError("error.rates.speed-and-base", speed=_SPEED, base_speed=Param("base_speed"))
    table = system.tactical.reduced_speed if system.tactical is not None else None
    if table is None:
        raise InputError("error.rates.base-speed", param=Param("base_speed"), system=system.id)
    if base <= 0 or base % system.square:
        raise InputError(
            "error.rates.base-speed-step", param=Param("base_speed"), value=base,
            step=system.square,
        )  # fmt: skip
    return table.speed(base, armor, load)


def rates(
    system_id: str,
    *,
    speed: int | None = None,
    agility_bonus: int | None = None,
    armor: str | Armor = Armor.NONE,
    load: str | Load = Load.LIGHT,
    metric: bool = False,
    limits: Limits = LIMITS,
    base_speed: int | None = None,
) -> D20Rates | HeresyRates | SteelRates:
    """Return the rates of one creature in `system_id`, validating every input.

    pf1e/dnd35 need `speed` (ft, the speed after armor and load) or `base_speed` (before:
    medium or heavy armor or load slows it by the system's table, 30 ft -> 20 ft); dh2e needs
    `agility_bonus`; drawsteel takes `speed` (squares, default the system's default speed).
    A missing or misplaced option raises `InputError` saying which one the system needs.
    """
    system = load_system(system_id)
    armor = parse_armor(armor) if isinstance(armor, str) else armor
    load = parse_load(load) if isinstance(load, str) else load
    if base_speed is not None:
        speed = _from_base(system, speed, base_speed, armor, load)
    if system.unit is Unit.FT:
        if speed is None:
            raise InputError("error.rates.needs-speed", param=_SPEED, system=system.id)
        if agility_bonus is not None:
            raise InputError("error.rates.d20-agility", param=_AGILITY, system=system.id)
        return d20_rates(system, speed, armor=armor, load=load, metric=metric, limits=limits)
    if armor is not Armor.NONE or load is not Load.LIGHT:
        # Armor and load change only the pf1e / dnd35 run multiplier (RULES.md 1.1).
        raise InputError(
            "error.rates.armor-load",
            param=(Param("armor"), Param("load")),
            system=system.id,
            armor=armor.value,
            load=load.value,
        )
    if system.unit is Unit.M:
        return _heresy(system, speed, agility_bonus, metric, limits)
    if agility_bonus is not None:
        raise InputError("error.rates.steel-agility", param=_AGILITY, system=system.id)
    if metric:
        raise InputError("error.rates.steel-metric", param=_METRIC, system=system.id)
    steel = system.steel
    assert steel is not None
    speed = steel.default_speed if speed is None else speed
    return steel_rates(system, speed, limits=limits)


def _heresy(
    system: System, speed: int | None, agility_bonus: int | None, metric: bool, limits: Limits
) -> HeresyRates:
    """Return `rates` of a dh2e creature: by Agility Bonus, in m and km already."""
    if agility_bonus is None:
        raise InputError("error.rates.needs-agility", param=_AGILITY, system=system.id)
    if speed is not None:
        raise InputError("error.rates.heresy-speed", param=_SPEED, system=system.id)
    if metric:
        raise InputError("error.rates.heresy-metric", param=_METRIC, system=system.id)
    return heresy_rates(system, agility_bonus, limits=limits)


#: The sample creature of each rule family that ``footfall rates`` shows without a system:
#: an unarmoured human, 30 ft (pf1e / dnd35), Agility Bonus 3 (dh2e); Draw Steel's is the
#: system's default speed (5). The data files name no sample creature yet.
_SAMPLES: Mapping[Family, tuple[int | None, int | None]] = MappingProxyType(
    {
        # family: (speed, agility bonus)
        Family.D20: (30, None),
        Family.HERESY: (None, 3),
        Family.STEEL: (None, None),
    }
)


def sample_rates(
    *,
    armor: str | Armor = Armor.NONE,
    load: str | Load = Load.LIGHT,
    metric: bool = False,
    limits: Limits = LIMITS,
) -> tuple[D20Rates | HeresyRates | SteelRates, ...]:
    """Return the rates of each system's sample creature, in the registry's order.

    `armor`, `load` and `metric` apply to the pf1e/dnd35 samples.
    """
    results: list[D20Rates | HeresyRates | SteelRates] = []
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        speed, ab = _SAMPLES[system.family]
        if system.unit is Unit.FT:
            results.append(
                rates(system_id, speed=speed, armor=armor, load=load, metric=metric, limits=limits)
            )
        else:
            results.append(rates(system_id, speed=speed, agility_bonus=ab, limits=limits))
    return tuple(results)
