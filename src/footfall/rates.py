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

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, quote, unknown
from footfall.limits import LIMITS
from footfall.rules import ActionId, Armor, Load, Mode, System, Unit, load_system
from footfall.units import ft_to_m, json_number, mi_to_km

__all__ = [
    "MAX_BONUS",
    "MAX_D20_SPEED",
    "MAX_STEEL_SPEED",
    "SAMPLE_CREATURES",
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


def parse_armor(value: str) -> Armor:
    """Return `value` as an `Armor`, or raise `InputError` naming the known ones."""
    try:
        return Armor(value)
    except ValueError:
        raise unknown("armor", value, [a.value for a in Armor]) from None


def parse_load(value: str) -> Load:
    """Return `value` as a `Load`, or raise `InputError` naming the known ones."""
    try:
        return Load(value)
    except ValueError:
        raise unknown("load", value, [v.value for v in Load]) from None


#: Largest dh2e Agility or Toughness Bonus footfall accepts, everywhere (rates, travel, odds,
#: routes, the API). A characteristic runs 0-100, so its bonus (the tens digit) is 0-10; the
#: Unnatural Characteristic (X) trait adds X to the bonus (DH2e Core Rulebook, "Traits"),
#: and +20 is past any printed creature: 10 + 20 = 30. The seed table stops at AB 10
#: (seed 001 "Движение в повествовательном времени"); past it rates are extrapolated
#: (RULES.md 2), and a bonus over 30 is a typo, not a character.
MAX_BONUS = LIMITS.bonus

#: Largest pf1e / dnd35 speed footfall accepts, in ft: the scene's `MAX_SPEED` (100000 ft,
#: 10000 mi/h overland), far past any printed creature (a few hundred ft), small enough that
#: every duration still prints (a mile takes 0.36 s). One bound for rates, travel and routes.
MAX_D20_SPEED = LIMITS.d20_speed

#: Largest Draw Steel speed footfall accepts, in squares: the same physical bound as
#: `MAX_D20_SPEED`, 100000 ft, in Draw Steel's 5-ft squares (Draw Steel Heroes, "Movement":
#: a square is 5 feet, as pf1e / dnd35's) = 20000 squares. Printed speeds are 5-10.
MAX_STEEL_SPEED = LIMITS.steel_speed


def check_bonus(value: int, what: str = "agility bonus", *, least: int = 0) -> int:
    """Return `value` if it is a dh2e characteristic bonus in `least`..`MAX_BONUS`.

    Otherwise raise `InputError` in one line naming `what`, the bad value and the bound, e.g.
    ``agility bonus 31 is out of range (0-30)``. Agility Bonus may be 0 (the seed table has
    a row for AB 0); hustle needs a Toughness Bonus of at least 1 (`least=1`).
    """
    if not least <= value <= MAX_BONUS:
        raise InputError(f"{what} {quote(value)} is out of range ({least}-{MAX_BONUS})")
    return value


def check_d20_speed(system: System, speed: int) -> None:
    """Refuse a pf1e / dnd35 speed that is not a positive multiple of the 5-ft square.

    Speeds over `MAX_D20_SPEED` are refused too, naming the bound.
    """
    step = int(system.square)
    if speed <= 0 or speed % step:
        raise InputError(
            f"{system.id} speed must be a positive multiple of {step} ft, got {quote(speed)}"
        )
    if speed > MAX_D20_SPEED:
        raise InputError(
            f"{system.id} speed {quote(speed)} ft is out of range (5-{MAX_D20_SPEED} ft)"
        )


def check_steel_speed(speed: int) -> None:
    """Refuse a Draw Steel speed below 0 or over `MAX_STEEL_SPEED` squares, naming the bound."""
    if not 0 <= speed <= MAX_STEEL_SPEED:
        raise InputError(
            f"drawsteel speed {quote(speed)} squares is out of range (0-{MAX_STEEL_SPEED}"
            f" squares = {MAX_D20_SPEED} ft)"
        )


def d20_rates(
    system: System,
    speed: int,
    *,
    armor: Armor = Armor.NONE,
    load: Load = Load.LIGHT,
    metric: bool = False,
) -> D20Rates:
    """Return the pf1e/dnd35 rates of a creature of `speed` ft (a positive multiple of 5).

    Per round = speed x pace (run x4, x3 in heavy armor or under a heavy load); per minute =
    10 x per round; per hour = speed / 10 x pace (walk, hustle); per day = 8 x walk per hour.
    `metric` converts ft to m (x 3/10) and miles to km (x 8/5), exactly.
    """
    travel = system.travel
    if travel is None:
        raise InputError(f"{system.id} has no speed-in-feet rates (pf1e, dnd35 have)")
    check_d20_speed(system, speed)
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


def heresy_rates(system: System, agility_bonus: int) -> HeresyRates:
    """Return the dh2e rates of Agility Bonus `agility_bonus` (0-30; past 10 extrapolated).

    The bound is `MAX_BONUS`; outside it `check_bonus` raises a one-line `InputError`.
    """
    heresy = system.heresy
    if heresy is None:
        raise InputError(f"{system.id} has no Agility Bonus rates (dh2e has)")
    check_bonus(agility_bonus)
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


def steel_rates(system: System, speed: int) -> SteelRates:
    """Return the drawsteel rates of `speed` squares (>= 0).

    Advance moves up to speed; disengage shifts 1 square, and no movement exceeds the current
    speed (seed 002 "Нельзя превысить скорость"), so at speed 0 it is 0.
    """
    if system.steel is None:
        raise InputError(f"{system.id} has no speed-in-squares rates (drawsteel has)")
    if speed < 0:
        raise InputError(f"drawsteel speed must be 0 or more squares, got {quote(speed)}")
    check_steel_speed(speed)
    advance = system.action(ActionId.ADVANCE)
    disengage = system.action(ActionId.DISENGAGE)
    assert advance.speed_multiple is not None and disengage.squares is not None
    return SteelRates(
        system=system.id,
        speed=speed,
        advance=int(speed * advance.speed_multiple),
        disengage=min(disengage.squares, speed),
    )


def rates(
    system_id: str,
    *,
    speed: int | None = None,
    agility_bonus: int | None = None,
    armor: str | Armor = Armor.NONE,
    load: str | Load = Load.LIGHT,
    metric: bool = False,
) -> D20Rates | HeresyRates | SteelRates:
    """Return the rates of one creature in `system_id`, validating every input.

    pf1e/dnd35 need `speed` (ft); dh2e needs `agility_bonus`; drawsteel takes `speed`
    (squares, default the system's default speed). A missing or misplaced option raises
    `InputError` saying which one the system needs.
    """
    system = load_system(system_id)
    armor = parse_armor(armor) if isinstance(armor, str) else armor
    load = parse_load(load) if isinstance(load, str) else load
    if system.unit is Unit.FT:
        if speed is None:
            raise InputError(f"{system.id} needs a speed in ft (e.g. --speed 30)")
        if agility_bonus is not None:
            raise InputError(f"{system.id} takes a speed, not an agility bonus")
        return d20_rates(system, speed, armor=armor, load=load, metric=metric)
    if armor is not Armor.NONE or load is not Load.LIGHT:
        # Armor and load change only the pf1e / dnd35 run multiplier (RULES.md 1.1).
        raise InputError(
            f"{system.id} takes no --armor or --load (armor {armor.value}, load {load.value}):"
            " they only change pf1e / dnd35 running"
        )
    if system.unit is Unit.M:
        if agility_bonus is None:
            raise InputError(f"{system.id} needs an agility bonus (e.g. --agility-bonus 3)")
        if speed is not None:
            raise InputError(f"{system.id} takes an agility bonus, not a speed")
        if metric:
            raise InputError(
                f"{system.id} rates are in m and km already: --metric is for pf1e / dnd35"
            )
        return heresy_rates(system, agility_bonus)
    if agility_bonus is not None:
        raise InputError(f"{system.id} takes a speed in squares, not an agility bonus")
    if metric:
        raise InputError(f"{system.id} counts squares: --metric is for pf1e / dnd35")
    steel = system.steel
    assert steel is not None
    return steel_rates(system, steel.default_speed if speed is None else speed)


#: The sample creature of each system that ``footfall rates`` shows without a system: an
#: unarmoured human (30 ft in pf1e/dnd35, Agility Bonus 3 in dh2e, the usual speed 5 in
#: drawsteel).
SAMPLE_CREATURES: dict[str, tuple[int | None, int | None]] = {
    # system: (speed, agility bonus)
    "pf1e": (30, None),
    "dnd35": (30, None),
    "dh2e": (None, 3),
    "drawsteel": (5, None),
}


def sample_rates(
    *, armor: str | Armor = Armor.NONE, load: str | Load = Load.LIGHT, metric: bool = False
) -> tuple[D20Rates | HeresyRates | SteelRates, ...]:
    """Return the rates of each system's sample creature (`SAMPLE_CREATURES`), in order.

    `armor`, `load` and `metric` apply to the pf1e/dnd35 samples.
    """
    results: list[D20Rates | HeresyRates | SteelRates] = []
    for system_id, (speed, ab) in SAMPLE_CREATURES.items():
        if load_system(system_id).unit is Unit.FT:
            results.append(rates(system_id, speed=speed, armor=armor, load=load, metric=metric))
        else:
            results.append(rates(system_id, speed=speed, agility_bonus=ab))
    return tuple(results)
