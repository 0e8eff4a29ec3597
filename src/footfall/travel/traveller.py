"""Who travels and how: resolve a party, a mount or vehicle, a vessel or a dh2e character.

`resolve` turns a `Traveller` into a `footfall.travel.mover.Mover` from the system's data:

- on foot (pf1e / dnd35): miles per hour = speed / 10 x pace (seed 000 "Стратегическое
  перемещение", seed 004 "陆上移动"), the slowest of the party setting the pace; a day is 8 h;
- a mount or land vehicle: its row of the mounts-and-vehicles table (loaded row or not); hustle
  doubles it and deals lethal damage (seed 000 «Движение верхом»);
- a vessel: `footfall.travel.water`;
- dh2e (seed 001): the narrative table's km per hour by Agility Bonus, the slowest of the
  party; the day is the table's per day / per hour; hustle doubles the speed.

What a trip gives that its rules do not use is refused, never ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError, Listed, Param, unknown
from footfall.limits import LIMITS, Limits
from footfall.rates import check_bonus, check_d20_speed
from footfall.rules import Conveyance, Heresy, Mode, System, Travel
from footfall.travel.mover import Mover, Note
from footfall.travel.party import Member, check_con_mod
from footfall.travel.water import WATER_KINDS, Flow, vessel_mover

__all__ = [
    "Traveller",
    "overland_rules",
    "resolve",
    "resolve_traveller",
    "system_hustle_multiplier",
]


@dataclass(frozen=True, slots=True)
class Traveller:
    """Who travels and how: a party on foot, a mount or vehicle, a vessel, or a dh2e character.

    - `speeds`: the party's speeds in ft; the slowest sets the pace (armor and load only
      matter for running, which overland travel does not allow, so give the speed they leave).
    - `mount` / `loaded`: a mount or land vehicle of the system's table, loaded row or not.
    - `vessel`, `current` (None: the system's usual current), `flow`, `drift`, `tow`.
    - dh2e: `agility_bonus`, `toughness_bonus`, `toughness` (the characteristic, for odds).
    - `con_mod`: Constitution modifier for the forced-march odds and rolls.
    - `party`: the members of a party on foot, each with its own Constitution modifier
      (pf1e / dnd35); given, the odds and rolls are per member and for anyone in the party,
      and `con_mod` must stay 0.
    """

    speeds: tuple[int, ...] = ()
    mount: str | None = None
    loaded: bool = False
    vessel: str | None = None
    current: Fraction | None = None
    flow: Flow = Flow.NONE
    drift: bool = False
    tow: bool = False
    agility_bonus: int | None = None
    toughness_bonus: int | None = None
    toughness: int | None = None
    con_mod: int = 0
    party: tuple[Member, ...] = ()


def resolve_traveller(system: System, who: Traveller, *, limits: Limits = LIMITS) -> Mover:
    """Return `who`'s rates and day for `system`, refusing what the rules forbid."""
    return resolve(system, who, limits=limits)[0]


def resolve(
    system: System, who: Traveller, *, limits: Limits = LIMITS
) -> tuple[Mover, tuple[Note, ...]]:
    """Return `who`'s rates and day for `system`, and the notes they bring (``towed`` ...)."""
    _check_system_fields(system, who, limits)
    if system.heresy is not None:
        return _heresy_mover(system.heresy, who, limits)
    travel = overland_rules(system)
    if any(m.agility_bonus is not None for m in who.party):
        raise InputError("error.travel.member-agility", param=Param("party"), system=system.id)
    speeds = _speeds(who)
    _check_conveyance_options(who, speeds)
    if speeds:
        for each in speeds:
            check_d20_speed(system, each, limits=limits)
        return _walker(travel, speeds), ()
    name = who.mount if who.mount is not None else who.vessel
    assert name is not None
    conveyance = _conveyance(travel, name, water=who.vessel is not None)
    if who.vessel is not None:
        return vessel_mover(
            travel,
            conveyance,
            name=name,
            current=who.current,
            flow=who.flow,
            drift=who.drift,
            tow=who.tow,
        )
    return _mount(system, travel, conveyance, name, loaded=who.loaded), ()


def _speeds(who: Traveller) -> tuple[int, ...]:
    """Return the speeds of a party on foot: the traveller's, then each member's."""
    return who.speeds + tuple(m.speed for m in who.party if m.speed is not None)


def _check_conveyance_options(who: Traveller, speeds: tuple[int, ...]) -> None:
    """Refuse anything but one way of travelling, and options of another way."""
    chosen = [x for x in (speeds and "speed", who.mount, who.vessel) if x]
    if len(chosen) != 1:
        ways = (Param("speed"), Param("mount"), Param("vessel"))
        raise InputError("error.travel.one-way", param=ways)
    if who.vessel is None and (
        who.flow is not Flow.NONE or who.drift or who.tow or who.current is not None
    ):
        raise InputError(
            "error.travel.water-options",
            current=Param("current"),
            downstream=Param("downstream"),
            upstream=Param("upstream"),
            drift=Param("drift"),
            tow=Param("tow"),
            vessel=Param("vessel"),
        )
    if who.mount is None and who.loaded:
        raise InputError("error.travel.loaded-mount", param=Param("loaded"), mount=Param("mount"))


def _slowest(label: str, count: int) -> str:
    """Return the library's label of a traveller on foot: ``speed=30 (slowest of 3)``."""
    return label + (f" (slowest of {count})" if count > 1 else "")


def _heresy_mover(heresy: Heresy, who: Traveller, limits: Limits) -> tuple[Mover, tuple[Note, ...]]:
    """Return a dh2e traveller's narrative rates by Agility Bonus (seed 001 table)."""
    if _speeds(who) or who.mount or who.vessel:
        raise InputError(
            "error.travel.heresy-speed",
            param=Param("agility_bonus"),
            ways=(Param("speed"), Param("mount"), Param("vessel")),
        )
    bonuses = [m.agility_bonus for m in who.party if m.agility_bonus is not None]
    if who.agility_bonus is not None:
        bonuses.insert(0, who.agility_bonus)
    if not bonuses:
        raise InputError("error.travel.heresy-agility", param=Param("agility_bonus"))
    for each in bonuses:
        check_bonus(each, limits=limits)
    ab = min(bonuses)
    row, extrapolated = heresy.narrative_row(ab)
    mover = Mover(
        label=_slowest(f"ab={ab}", len(bonuses)),
        walk=row.per_hour_km,
        hustle=row.per_hour_km * heresy.hustle.multiplier,
        current=Fraction(0),
        row_hours=row.per_day_km / row.per_hour_km,
        drift_hours=0,
        kind=None,
        water=False,
        animal=False,
    )
    return mover, (Note.BEYOND_TABLE,) if extrapolated else ()


def _walker(travel: Travel, speeds: tuple[int, ...]) -> Mover:
    """Return a pf1e / dnd35 party on foot at the pace of its slowest member."""
    slowest = min(speeds)
    walk = travel.per_hour(slowest, Mode.WALK)
    assert walk is not None
    return Mover(
        label=_slowest(f"speed={slowest}", len(speeds)),
        walk=walk,
        hustle=travel.per_hour(slowest, Mode.HUSTLE),
        current=Fraction(0),
        row_hours=Fraction(travel.walk_hours),
        drift_hours=0,
        kind=None,
        water=False,
        animal=False,
    )


def _mount(
    system: System, travel: Travel, conveyance: Conveyance, name: str, *, loaded: bool
) -> Mover:
    """Return a mount or land vehicle at its table row (the loaded row if `loaded`)."""
    per_hour = conveyance.per_hour
    if loaded:
        if conveyance.loaded is None:
            rows = ", ".join(c.id for c in travel.conveyances if c.loaded is not None)
            raise InputError(
                "error.travel.no-loaded-row", param=Param("mount"), mount=name, rows=rows
            )
        per_hour = conveyance.loaded.per_hour
    # Mounts and the animals drawing a vehicle take lethal damage (seed 000).
    return Mover(
        label=conveyance.id,
        walk=per_hour,
        hustle=per_hour * system_hustle_multiplier(system),
        current=Fraction(0),
        row_hours=Fraction(travel.hours_per_day(conveyance.kind)),
        drift_hours=0,
        kind=conveyance.kind,
        water=False,
        animal=True,
    )


def _check_system_fields(system: System, who: Traveller, limits: Limits) -> None:
    """Refuse what `who` gives that `system`'s rules do not use, and a bad Con modifier.

    pf1e / dnd35 have no Agility or Toughness Bonus (dh2e's, seed 001); dh2e has no
    forced-march Constitution check (its hustle tests Toughness). Ignoring either would answer
    a question the user did not ask.
    """
    check_con_mod(who.con_mod, limits=limits)
    if system.heresy is not None:
        if who.con_mod:
            raise InputError(
                "error.travel.heresy-con-mod",
                param=Param("con_mod"),
                value=who.con_mod,
                toughness=Param("toughness"),
                toughness_bonus=Param("toughness_bonus"),
            )
        return
    given = tuple(
        Param(name)
        for name, value in (
            ("agility_bonus", who.agility_bonus),
            ("toughness_bonus", who.toughness_bonus),
            ("toughness", who.toughness),
        )
        if value is not None
    )
    if given:
        raise heresy_options(system, given)


def heresy_options(system: System, given: tuple[Param, ...]) -> InputError:
    """Return the error refusing dh2e's options `given` on `system`.

    The message lists them with commas (``--agility-bonus, --toughness``); `param` is the first.
    """
    return InputError(
        "error.travel.heresy-options",
        param=given[0],
        options=Listed(given),
        system=system.id,
        speed=Param("speed"),
        mount=Param("mount"),
        vessel=Param("vessel"),
        con_mod=Param("con_mod"),
    )


def system_hustle_multiplier(system: System) -> Fraction:
    """Return the hustle multiplier of a pf1e / dnd35 system's pace table (x2)."""
    return overland_rules(system).tactical.mode(Mode.HUSTLE).multiplier


def overland_rules(system: System) -> Travel:
    """Return `system`'s overland travel tables, or refuse a system whose seed has none."""
    if system.travel is None:
        raise InputError("error.travel.no-overland-rules", system=system.id)
    return system.travel


def _conveyance(travel: Travel, name: str, *, water: bool) -> Conveyance:
    """Return the mount, vehicle or vessel `name` (case, spaces and hyphens are forgiven)."""
    wanted = [c for c in travel.conveyances if (c.kind in WATER_KINDS) == water]
    key = "_".join(name.strip().lower().replace("-", " ").split())  # 'Light horse' -> light_horse
    for c in wanted:
        if c.id == key:
            return c
    what = "vessel" if water else "mount or vehicle"
    param = Param("vessel" if water else "mount")
    raise unknown(what, name, [c.id for c in wanted], param=param)
