"""Plan a journey hour by hour: the legs, each day's schedule, the log, exertion and odds.

`plan_journey` walks the traveller along the legs one scheduled hour at a time. A day is the
traveller's normal hours (8 on foot or riding, 10 rowing, 24 sailing; dh2e: its table's day),
the first H of them hustled, plus any hours of forced march past the 8 and the hours a vessel
drifts downstream. Each hour that starts on a leg with its own pace takes that pace. Every
hour hustled or marched brings its damage, check or test (`footfall.travel.exertion`); the
trip's exact odds follow (`footfall.travel.odds`). All arithmetic is exact.

>>> from footfall.rules import load_system
>>> from footfall.travel.legs import parse_leg
>>> from footfall.travel.traveller import Traveller
>>> legs = [parse_leg("24 mi forest trackless", load_system("pf1e"))]
>>> plan_journey("pf1e", legs, Traveller(speeds=(30,))).total_hours
Fraction(16, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from footfall.dice import Roller, check_seed, p_check
from footfall.errors import InputError, LimitError, Param
from footfall.limits import LIMITS, Limits
from footfall.rates import check_bonus
from footfall.rules import System, load_system
from footfall.travel.exertion import (
    ForcedHour,
    HustleHour,
    TravelRoll,
    check_pace,
    forced_hour,
    heresy_test_modifier,
    party_hour,
    party_tests,
    toughness_hour,
)
from footfall.travel.journey import Day, Journey, LegPlan
from footfall.travel.legs import Leg, Pace, leg_terrain, terrain_multiplier
from footfall.travel.mover import Mover
from footfall.travel.odds import (
    FatigueOdds,
    PartyOdds,
    check_odds_work,
    heresy_odds,
    party_odds,
    party_odds_d100,
    trip_odds,
    with_certain_days,
)
from footfall.travel.party import TOUGHNESS, check_party
from footfall.travel.quantities import num, short, system_unit
from footfall.travel.traveller import Traveller, resolve

__all__ = ["plan_journey"]

_TOUGHNESS = TOUGHNESS
_LEGS = Param("legs")


class _Hour(NamedTuple):
    """One hour of a day's schedule: its length, its pace, and whether it is forced march."""

    length: Fraction
    pace: Pace
    forced: bool


def plan_journey(
    system_id: str,
    legs: Sequence[Leg],
    traveller: Traveller,
    *,
    hustle: int = 0,
    forced_march: int = 0,
    day_paces: Sequence[tuple[int, int]] = (),
    switches: Mapping[str, str] | None = None,
    seed: int | None = None,
    metric: bool = False,
    limits: Limits = LIMITS,
) -> Journey:
    """Plan a journey over `legs` hour by hour and return its log, exertion and odds.

    `hustle` hustles the first H hours of each day; `forced_march` marches H hours past the 8
    of each day (pf1e / dnd35 on foot or mounted); `day_paces` gives ``(hustle, forced_march)``
    for days 1, 2, ... in turn, the later days following `hustle` and `forced_march`. A leg's
    own `pace` overrides both for the hours begun on it. With `seed`, every forced-march check and
    its damage (or dh2e Toughness test) is rolled from a seeded generator and logged.
    """
    system = load_system(system_id)
    chosen = system.switches(switches)
    if metric and system.heresy is not None:
        raise InputError("error.travel.heresy-metric", param=Param("metric"))
    mover, notes = resolve(system, traveller, limits=limits)
    check_party(system, traveller, mover, limits=limits)
    _check_legs(legs, mover, hustle, forced_march, heresy=system.heresy is not None)
    any_hustle = any(leg.pace is Pace.HUSTLE for leg in legs) or hustle > 0
    tb = _toughness_bonus(system, traveller, any_hustle or any(h for h, _ in day_paces), limits)
    plans = _leg_plans(system, legs, mover, limits)
    for day_hustle, day_forced in day_paces:
        check_pace(day_hustle, day_forced, mover.row_hours, mover, heresy=system.heresy is not None)
    schedules = [_schedule(mover, h, f) for h, f in day_paces]
    schedule = _schedule(mover, hustle, forced_march)
    if seed is not None:
        check_seed(seed, limits=limits)
    roller = Roller(seed) if seed is not None else None
    choice = chosen.get("forced_march_dc", "plus-each")
    exertion = _Exertion(system, traveller, mover, tb, roller, choice)
    progress = _Progress(system, plans, mover)
    days: list[Day] = []
    last_length = sum((h.length for h in schedule), Fraction(0))
    while not progress.done:
        today = schedules[len(days)] if len(days) < len(schedules) else schedule
        last_length = sum((h.length for h in today), Fraction(0))
        days.append(_travel_day(len(days) + 1, today, progress, exertion))
        exertion.end_day(limits)
    odds, split = exertion.odds(limits)
    heresy = system.heresy
    return Journey(
        system=system.id,
        unit=system_unit(system),
        legs=progress.planned(),
        days=tuple(days),
        total_distance=sum((p.leg.distance for p in plans), Fraction(0)),
        total_hours=sum((d.hours for d in days), Fraction(0)),
        day_hours=sum((h.length for h in schedule), Fraction(0)),
        last_day_length=last_length,
        hustle=tuple(exertion.hustle_log),
        forced_march=tuple(exertion.forced_log),
        fatigued_from=exertion.fatigued,
        odds=odds,
        traveller=mover.label,
        lethal=mover.animal,
        perception=heresy.hustle.perception if heresy is not None and hustle else None,
        rolls=_travel_rolls(roller),
        notes=notes,
        metric=metric and system.heresy is None,
        party=traveller.party,
        party_odds=split,
        members_fatigued_from=tuple(exertion.member_fatigued) if roller is not None else (),
        family=system.family,
    )


def _travel_rolls(roller: Roller | None) -> tuple[TravelRoll, ...]:
    """Return the journey's rolls in order (`footfall.travel.exertion` logs each as one)."""
    if roller is None:
        return ()
    rolls = tuple(r for r in roller.log if isinstance(r, TravelRoll))
    assert len(rolls) == len(roller.log), "a journey's die rolled without what it was for"
    return rolls


def _check_legs(
    legs: Sequence[Leg], mover: Mover, hustle: int, forced_march: int, *, heresy: bool
) -> None:
    """Refuse a trip without legs, and a pace (the days' or a leg's) the traveller lacks."""
    if not legs:
        raise InputError("error.travel.no-legs", param=_LEGS)
    if mover.water and any(leg.pace is Pace.HUSTLE for leg in legs):
        raise InputError("error.travel.vessel-leg-hustle", param=_LEGS)
    check_pace(hustle, forced_march, mover.row_hours, mover, heresy=heresy)


def _toughness_bonus(
    system: System, traveller: Traveller, any_hustle: bool, limits: Limits
) -> int | None:
    """Return the dh2e Toughness Bonus a lone traveller's hustle tests after (None: none).

    The given bonus, else the tens of the Toughness (seed 001: TB is the tens digit); a
    hustle without either is refused, unless a party's members give their own.
    """
    if system.heresy is None:
        return traveller.toughness_bonus
    toughness, tb = traveller.toughness, traveller.toughness_bonus
    low, high = _TOUGHNESS
    if toughness is not None and not low <= toughness <= high:
        raise InputError(
            "error.travel.toughness-range",
            param=Param("toughness"),
            value=toughness,
            low=low,
            high=high,
        )
    if tb is None and toughness is not None:
        tb = toughness // 10
    if any_hustle and tb is None and not traveller.party:
        raise InputError(
            "error.travel.heresy-hustle-tb",
            param=Param("toughness_bonus"),
            toughness=Param("toughness"),
        )
    if tb is not None:
        check_bonus(tb, "toughness bonus", least=1, param=Param("toughness_bonus"), limits=limits)
    return tb


def _multiplier(system: System, leg: Leg, mover: Mover) -> Fraction:
    """Return the speed multiplier of `leg` for `mover`: water legs 1, land legs by terrain."""
    if mover.water and system.heresy is None:
        if leg.terrain is not None:
            raise InputError("error.travel.vessel-leg-terrain", param=_LEGS)
        return Fraction(1)
    multiplier = terrain_multiplier(system, leg)
    if multiplier is None:
        raise InputError("error.travel.land-leg-terrain", param=_LEGS)
    return multiplier


def _leg_plans(system: System, legs: Sequence[Leg], mover: Mover, limits: Limits) -> list[LegPlan]:
    """Return each leg with its multiplier, rate and hours; refuse a trip too long to plan."""
    plans = []
    for leg in legs:
        mult = _multiplier(system, leg, mover)
        rate = mover.walk * mult
        if rate == 0:
            raise InputError("error.travel.rate-zero", param=_LEGS)
        plans.append(LegPlan(leg, mult, rate, leg.distance / rate))
    hours = sum((p.hours for p in plans), Fraction(0))
    if hours > limits.trip_hours:
        raise LimitError(
            "error.travel.trip-hours", hours=short(num(hours)), limit=limits.trip_hours
        )
    return plans


def _schedule(mover: Mover, hustle: int, forced: int) -> tuple[_Hour, ...]:
    """Return one day's hours in order: `hustle` of them hustled, `forced` past the day.

    A day whose length is not whole (dh2e AB 0: 28/3 hours) has a short last normal hour;
    a drifting vessel's drift hours come last.
    """
    base = mover.row_hours
    whole = math.floor(base)
    hours = [
        _Hour(Fraction(1), Pace.HUSTLE if h <= hustle else Pace.WALK, h > whole)
        for h in range(1, whole + forced + 1)
    ]
    if base != whole:
        hours.insert(whole, _Hour(base - whole, Pace.WALK, False))
    hours.extend(_Hour(Fraction(1), Pace.DRIFT, False) for _ in range(mover.drift_hours))
    return tuple(hours)


class _Progress:
    """Where the traveller is along the legs, and the hours the log spends on each leg."""

    def __init__(self, system: System, plans: Sequence[LegPlan], mover: Mover) -> None:
        self.plans = plans
        self.names = [leg_terrain(system, p.leg) for p in plans]
        self.rates = {
            Pace.WALK: mover.walk,
            Pace.HUSTLE: mover.hustle or mover.walk,
            Pace.DRIFT: mover.current,
        }
        self.leg = 0
        self.into = Fraction(0)
        # Hours the log spends on each leg: [total, hustling, drifting] (see `LegPlan`).
        self.log = [[Fraction(0), Fraction(0), Fraction(0)] for _ in plans]

    @property
    def done(self) -> bool:
        """Whether the traveller has arrived."""
        return self.leg >= len(self.plans)

    def pace(self, scheduled: Pace) -> Pace:
        """Return the pace of an hour scheduled at `scheduled`: the current leg's, if it has one."""
        own = self.plans[self.leg].leg.pace
        return scheduled if scheduled is Pace.DRIFT or own is None else own

    def advance(
        self, length: Fraction, pace: Pace, terrains: list[str]
    ) -> tuple[Fraction, Fraction]:
        """Travel `length` hours at `pace`; return the hours used and the distance covered.

        The hours run short only on arrival; `terrains` gains each kind of ground entered.
        """
        rate = self.rates[pace]
        left, distance = length, Fraction(0)
        while left > 0 and not self.done:
            plan = self.plans[self.leg]
            name = self.names[self.leg]
            if not terrains or terrains[-1] != name:
                terrains.append(name)
            speed = rate * plan.multiplier
            remaining = plan.leg.distance - self.into
            need = remaining / speed if speed else None
            if need is not None and need <= left:
                self._spend(need, pace)
                left -= need
                distance += remaining
                self.leg += 1
                self.into = Fraction(0)
                continue
            self._spend(left, pace)
            distance += speed * left
            self.into += speed * left
            left = Fraction(0)
        return length - left, distance

    def _spend(self, hours: Fraction, pace: Pace) -> None:
        log = self.log[self.leg]
        log[0] += hours
        if pace is Pace.HUSTLE:
            log[1] += hours
        elif pace is Pace.DRIFT:
            log[2] += hours

    def end(self) -> tuple[int, Fraction]:
        """Return where a day ends: the 1-based leg and how far into it.

        A day that ends exactly at the end of a leg ends in that leg, at its full length.
        """
        plans = self.plans
        if self.done:
            return len(plans), plans[-1].leg.distance
        if self.into == 0 and self.leg > 0:
            return self.leg, plans[self.leg - 1].leg.distance
        return self.leg + 1, self.into

    def planned(self) -> tuple[LegPlan, ...]:
        """Return the legs with the hours the log spent on each."""
        return tuple(
            replace(p, log_hours=log[0], hustle_hours=log[1], drift_hours=log[2])
            for p, log in zip(self.plans, self.log, strict=True)
        )


def _travel_day(day: int, today: Sequence[_Hour], progress: _Progress, exertion: _Exertion) -> Day:
    """Travel one day of schedule `today` and return its log entry."""
    hours = distance = hustled = forced = drifted = Fraction(0)
    terrains: list[str] = []
    exertion.start_day()
    for hour, scheduled in enumerate(today, 1):
        if progress.done:
            break
        pace = progress.pace(scheduled.pace)
        used, covered = progress.advance(scheduled.length, pace, terrains)
        hours += used
        distance += covered
        if pace is Pace.HUSTLE:
            hustled += used
        if pace is Pace.DRIFT:
            drifted += used
        if scheduled.forced:
            forced += used
        exertion.hour(day, hour, pace, forced=scheduled.forced, whole=used == scheduled.length)
    end_leg, end_into = progress.end()
    return Day(day, hours, distance, hustled, forced, drifted, end_leg, end_into, tuple(terrains))


class _Exertion:
    """The exertion of a trip in progress: the checks each hour brings, fatigue, odds."""

    def __init__(
        self,
        system: System,
        traveller: Traveller,
        mover: Mover,
        tb: int | None,
        roller: Roller | None,
        choice: str,
    ) -> None:
        self.heresy = system.heresy
        travel = system.travel
        self.hustle_rule = travel.hustle if travel is not None else None
        self.forced_rule = travel.forced_march if travel is not None else None
        self.party = traveller.party
        self.con_mod = traveller.con_mod
        self.toughness = traveller.toughness
        self.tb = tb
        self.animal = mover.animal
        self.roller = roller
        self.choice = choice
        self.hustle_log: list[HustleHour] = []
        self.forced_log: list[ForcedHour] = []
        self.fatigued: tuple[int, int] | None = None
        self.member_fatigued: list[tuple[int, int] | None] = [None] * len(self.party)
        self.day_dcs: list[list[int]] = []
        self.heresy_tests: list[list[int]] = []
        self.member_day_tests: list[list[list[int]]] = [[] for _ in self.party]
        self.checks = 0
        self.hustle_days: set[int] = set()
        """Days whose hustle damage makes fatigue certain (the odds say so too)."""
        self.start_day()

    def start_day(self) -> None:
        """Start a new day: hustle counts from the last sleep (seed 000 «Спешка»)."""
        self.hustled = 0
        self.damage_total = 0
        self.dcs: list[int] = []
        self.tests: list[int] = []
        self.member_tests: list[list[int]] = [[] for _ in self.party]

    def _fatigue(self, at: tuple[int, int]) -> None:
        if self.fatigued is None:
            self.fatigued = at

    def hour(self, day: int, hour: int, pace: Pace, *, forced: bool, whole: bool) -> None:
        """Add the checks of one hour travelled at `pace`; `whole`: it was not cut short."""
        if pace is Pace.HUSTLE:
            self.hustled += 1
            if self.heresy is None and self.hustle_rule is not None:
                self._hustle_damage(day, hour)
            elif self.heresy is not None and self.party:
                self._party_tests(day, hour, whole)
            elif self.heresy is not None:
                self._toughness_test(day, hour, whole)
        if forced and self.forced_rule is not None:
            self._forced(day, hour)

    def _hustle_damage(self, day: int, hour: int) -> None:
        """pf1e / dnd35: the hour's hustle damage, certain, for every member alike."""
        rule = self.hustle_rule
        assert rule is not None
        damage = rule.damage(self.hustled)
        self.damage_total += damage
        lethal = self.animal and rule.mount_lethal
        self.hustle_log.append(HustleHour(day, hour, damage, self.damage_total, lethal))
        if damage:
            self._fatigue((day, hour))
            self.member_fatigued = [at or (day, hour) for at in self.member_fatigued]
            self.hustle_days.add(day)

    def _party_tests(self, day: int, hour: int, whole: bool) -> None:
        """dh2e party: each member's Toughness test due this hour."""
        assert self.heresy is not None
        entry = party_tests(
            HustleHour(day, hour), self.hustled, whole, self.party, self.heresy, self.roller
        )
        for i, member in enumerate(self.party):
            for check in entry.members:
                if check.name == member.name:
                    assert check.test_modifier is not None
                    self.member_tests[i].append(check.test_modifier)
                    if check.fatigue and self.member_fatigued[i] is None:
                        self.member_fatigued[i] = (day, hour)
                    if check.fatigue:
                        self._fatigue((day, hour))
        self.hustle_log.append(entry)

    def _toughness_test(self, day: int, hour: int, whole: bool) -> None:
        """Lone dh2e traveller: a Toughness test after each TB hours of hustle."""
        assert self.heresy is not None and self.tb is not None
        entry = HustleHour(day, hour)
        if whole and self.hustled % self.tb == 0:
            modifier = heresy_test_modifier(self.heresy, self.hustled // self.tb)
            self.tests.append(modifier)
            entry = toughness_hour(entry, modifier, self.toughness, self.roller)
            if entry.fatigue:
                self._fatigue((day, hour))
        self.hustle_log.append(entry)

    def _forced(self, day: int, hour: int) -> None:
        """pf1e / dnd35: the hour's forced-march check (each member's in a party)."""
        rule = self.forced_rule
        assert rule is not None
        dc = rule.dc(hour - rule.base_hours, self.choice)
        self.dcs.append(dc)
        auto = self.animal and rule.mount_auto_fail
        p_fail = Fraction(1) if auto else 1 - p_check(self.con_mod, dc)
        entry = ForcedHour(day, hour, dc, p_fail, lethal=self.animal)
        if p_fail == 1:  # certain: a mount's automatic failure, or no roll can make the DC
            self._fatigue((day, hour))
        if self.roller is not None and not self.party:
            entry = forced_hour(rule, entry, con_mod=self.con_mod, auto=auto, roller=self.roller)
            if auto or (entry.roll is not None and entry.roll < dc):
                self._fatigue((day, hour))
        if self.party:
            entry = party_hour(entry, self.party, self.roller, rule.damage_dice, rule.damage_sides)
            for i, check in enumerate(entry.members):
                certain = check.p_fail == 1  # no roll of this member can make the DC
                if (check.damage or certain) and self.member_fatigued[i] is None:
                    self.member_fatigued[i] = (day, hour)
            if entry.damage or entry.p_fail == 1:
                self._fatigue((day, hour))
        self.forced_log.append(entry)

    def end_day(self, limits: Limits) -> None:
        """Record the day's checks; stop early when their exact odds would be refused."""
        self.day_dcs.append(self.dcs)
        self.heresy_tests.append(self.tests)
        for i, done in enumerate(self.member_tests):
            self.member_day_tests[i].append(done)
        members = sum(map(len, self.member_tests))
        self.checks += len(self.dcs) * max(1, len(self.party)) + len(self.tests) + members
        if self.heresy is None or self.toughness is not None:  # stop early: odds will refuse
            check_odds_work(self.checks, limits=limits)

    def odds(self, limits: Limits) -> tuple[FatigueOdds | None, PartyOdds | None]:
        """Return the trip's exact odds (anyone's in a party) and a party's member by member;
        a day of hustle damage is a day of certain fatigue in them (issue 12)."""
        found, split = self._check_odds(limits)
        if found is None or not self.hustle_days:
            return found, split
        full = self.day_dcs.index(max(self.day_dcs, key=len)) + 1
        return with_certain_days(found, self.hustle_days, full in self.hustle_days), split

    def _check_odds(self, limits: Limits) -> tuple[FatigueOdds | None, PartyOdds | None]:
        """Return the odds of the trip's checks alone (forced march, dh2e tests)."""
        if self.party and self.heresy is not None:
            return party_odds_d100(self.party, self.member_day_tests, limits=limits)
        if self.party:
            return party_odds(self.party, self.day_dcs, limits=limits)
        if self.heresy is not None:
            if self.toughness is None:
                return None, None
            return heresy_odds(self.toughness, self.heresy_tests, limits=limits), None
        return trip_odds(self.con_mod, self.animal, self.day_dcs, limits=limits), None
