"""Plan journeys hour by hour: legs, paces, mounts, vessels, hustle, forced march and fatigue.

Every number comes from the system's data file (`footfall.rules`); the rules implemented:

- pf1e / dnd35 (RULES.md 1.1, 1.6; seed 000 "Стратегическое перемещение", seed 004
  "陆上移动"): miles per hour = speed / 10 x pace, times the terrain x road multiplier of the
  leg; a day is 8 hours on foot or riding, 10 rowing or poling, 24 sailing. Hustle doubles the
  pace; its 1st hour is free, the 2nd deals 1 nonlethal damage, each further hour twice the
  previous (lethal for mounts). A forced march adds hours past 8, each with a Constitution
  check DC 10 + 2 per extra hour (switch ``forced_march_dc``); failure deals 1d6 nonlethal;
  mounts fail automatically and take lethal damage. Damage from either leaves the traveller
  fatigued: no run, no charge, -2 Str and Dex.
- water (seed 000 table "Животные и транспорт", note **): river vessels add the current
  downstream; poled and rowed river vessels may drift 14 more hours a day downstream at the
  current's speed; they cannot be rowed upstream against a current, only towed.
- dh2e (RULES.md 2, seed 001): narrative km per hour and per day by Agility Bonus; a leg of
  dense terrain halves the distance covered; hustle doubles the speed for TB hours, then a
  Challenging (+0) Toughness test, and after each further TB hours another with a cumulative
  -10; failing gains a level of Fatigue; -10 to Perception tests while hustling.

All arithmetic is exact (`fractions.Fraction`); JSON numbers are rounded for display only.
"""

from __future__ import annotations

import enum
import json
import math
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from footfall.dice import (
    Roller,
    d100_failures,
    damage_on_failure,
    members_failing,
    members_failing_d100,
    p_check,
    p_no_failure,
    p_test_d100,
    party_d100_failures,
    party_damage,
)
from footfall.errors import InputError, LimitError, quote, unknown
from footfall.limits import LIMITS
from footfall.rates import check_bonus, check_d20_speed
from footfall.rules import (
    Armor,
    Conveyance,
    ConveyanceKind,
    Heresy,
    Load,
    Mode,
    Road,
    RunDurationKind,
    System,
    Terrain,
    Travel,
    load_system,
)
from footfall.units import KM_PER_MI
from footfall.untrusted import read_text

__all__ = [
    "FATIGUE_FORBIDS",
    "KM_PER_MILE",
    "MAX_CON_MOD",
    "MAX_CURRENT",
    "MAX_JOURNEY_BYTES",
    "MAX_ODDS_CHECKS",
    "MAX_PARTY",
    "MIN_CON_MOD",
    "PATH_QUOTE_LIMIT",
    "Day",
    "ExertionOdds",
    "FatigueOdds",
    "Flow",
    "ForcedHour",
    "HustleHour",
    "Journey",
    "JourneySpec",
    "Leg",
    "LegPlan",
    "LocalPace",
    "LocalTrip",
    "Member",
    "MemberCheck",
    "MemberOdds",
    "Mover",
    "Pace",
    "PartyOdds",
    "Traveller",
    "check_con_mod",
    "exertion_odds",
    "load_journey",
    "make_leg",
    "num",
    "parse_current",
    "parse_day_pace",
    "parse_journey",
    "parse_leg",
    "parse_member",
    "parse_number",
    "parse_party",
    "plan_journey",
    "plan_local",
    "read_text_file",
    "resolve_traveller",
    "system_unit",
    "to_unit",
]

#: What the fatigued condition forbids (seed 000 «Спешка»: «Утомленный персонаж не может
#: бежать или атаковать с разбега; он также получает штраф -2 к Силе и Ловкости»; seed 004
#: 急行: «一个疲乏的人物无法奔跑、冲锋,且力量和敏捷都会受到-2减值»). The data files have no
#: record of conditions yet, so the ids live here.
FATIGUE_FORBIDS: tuple[str, ...] = ("run", "charge", "str-2", "dex-2")

#: Miles -> km: one factor for all of footfall, `footfall.units.KM_PER_MI` (1.6, the round
#: figure matching 1.5 m per 5-ft square; docs/decisions.md).
KM_PER_MILE = KM_PER_MI

_WATER_KINDS = frozenset(
    {
        ConveyanceKind.POLED,
        ConveyanceKind.ROWED,
        ConveyanceKind.SAILED,
        ConveyanceKind.SAILED_OR_ROWED,
    }
)
_DRIFT_KINDS = frozenset({ConveyanceKind.POLED, ConveyanceKind.ROWED})
#: Largest trip footfall plans hour by hour (a work limit against hostile input).
_MAX_HOURS = 200_000
#: Fastest river current footfall accepts, in mi/h: the seeds' usual current is 3 mi/h
#: (seed 000 note **, seed 004 note 2); the fastest rivers run under 10, and 100 (the API's
#: bound too) leaves room for magic while refusing typos such as 1e9.
MAX_CURRENT = LIMITS.current_mph
#: Hours in a day: a forced march cannot make a travel day longer (8 walking + 16 at most).
HOURS_IN_DAY = 24
#: Bounds of a Constitution modifier footfall accepts (``--con-mod``, a member's ``con``, the
#: API's ``con_mod``). A modifier is (score - 10) / 2 rounded down (pf1e Core Rulebook and
#: dnd35 Player's Handbook, "Ability Modifiers"): a score of 1 gives -5 and a score of 70,
#: past any creature printed for a party to march with, gives +30; -10 leaves room for
#: drained scores. Outside these a modifier is a typo (999999999), not a character.
MIN_CON_MOD = LIMITS.min_con_mod
MAX_CON_MOD = LIMITS.max_con_mod
#: Largest journey file footfall reads, in bytes: a journey of a thousand legs is under
#: 100 KB, so 16 MB refuses only what is not a journey (a disk image named .json).
MAX_JOURNEY_BYTES = LIMITS.journey_bytes
#: Longest file path an error line quotes whole (`footfall.errors.quote`): a path is worth
#: reading to its file name, yet a hostile 100,000-character one must not fill the line.
PATH_QUOTE_LIMIT = LIMITS.path_quote


class Flow(enum.Enum):
    """Which way a vessel travels relative to the river's current."""

    NONE = "none"
    """Still water, or a vessel the current does not concern."""
    DOWNSTREAM = "downstream"
    """With the current: its speed is added to every hour under way."""
    UPSTREAM = "upstream"
    """Against the current: river vessels cannot be rowed, only towed."""


class Pace(enum.Enum):
    """What a traveller does during one hour of a day."""

    WALK = "walk"
    """Normal pace (riding, driving, rowing, sailing count here too)."""
    HUSTLE = "hustle"
    """Double pace (seed 000 «Спешка», seed 004 急行)."""
    DRIFT = "drift"
    """A rowed or poled vessel drifting downstream at the current's speed."""


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


#: Most members of a party whose odds footfall computes one by one (a work limit).
MAX_PARTY = LIMITS.party


@dataclass(frozen=True, slots=True)
class Member:
    """One member of a party on foot: a name and what its own checks roll against.

    pf1e / dnd35: `con_mod`, for the forced-march Constitution checks each character makes
    (seed 000 «Марш-бросок», seed 004 强行军). dh2e: `toughness` (the characteristic) and
    `toughness_bonus` (by default its tens digit), for the Toughness tests of a hustle (seed
    001 «Спешка»: each member tests after its own TB hours). A party has odds per member
    and for "anyone in the party". A member may also give its `speed` (ft; dh2e:
    `agility_bonus`): the slowest of the party, members and ``--speed`` alike, sets the pace.
    """

    name: str
    con_mod: int = 0
    toughness: int | None = None
    toughness_bonus: int | None = None
    speed: int | None = None
    agility_bonus: int | None = None

    @property
    def tb(self) -> int:
        """Return the dh2e Toughness Bonus: the given one, else the tens of `toughness`."""
        if self.toughness_bonus is not None:
            return self.toughness_bonus
        return (self.toughness or 0) // 10


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


@dataclass(frozen=True, slots=True)
class LegPlan:
    """A leg with its multiplier, the rate at normal pace on it, and the hours it takes.

    `hours` is the leg's distance at its normal rate under way (walking, riding, rowing with
    the current): JOURNEY.md's ``legs[].hours``. `log_hours` is what the day-by-day log
    actually spends on the leg, which differs when part of it is hustled (faster) or a
    vessel drifts (slower, at the current's speed); `hustle_hours` and `drift_hours` are the
    parts of `log_hours` spent so. A leg not yet planned by `plan_journey` (a route's legs)
    has `log_hours` None.
    """

    leg: Leg
    multiplier: Fraction
    per_hour: Fraction
    hours: Fraction
    log_hours: Fraction | None = None
    hustle_hours: Fraction = Fraction(0)
    drift_hours: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class Day:
    """One day of the log: hours under way, distance, paces, and where the day ends.

    `end_leg` is the 1-based leg the day ends in and `end_into` how far into it; when a day ends
    exactly at the end of a leg, it is that leg with `end_into` equal to its length.
    """

    day: int
    hours: Fraction
    distance: Fraction
    hustle_hours: Fraction
    forced_march_hours: Fraction
    drift_hours: Fraction
    end_leg: int
    end_into: Fraction
    terrains: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HustleHour:
    """One hustled hour: pf1e/dnd35 damage, or the dh2e Toughness test it brings."""

    day: int
    hour: int
    damage: int | None = None
    total: int | None = None
    lethal: bool = False
    test_modifier: int | None = None
    p_fatigue: Fraction | None = None
    roll: int | None = None
    fatigue: bool = False
    members: tuple[MemberCheck, ...] = ()


@dataclass(frozen=True, slots=True)
class MemberCheck:
    """One party member's check in one hour, and its roll if asked.

    pf1e / dnd35: a forced-march Constitution check (`p_fail`, and `damage` when rolled).
    dh2e: a hustle Toughness test (`test_modifier`; `p_fail` is the chance of a level of
    Fatigue, `fatigue` whether the roll gave one).
    """

    name: str
    p_fail: Fraction
    roll: int | None = None
    damage: int | None = None
    test_modifier: int | None = None
    fatigue: bool = False


@dataclass(frozen=True, slots=True)
class ForcedHour:
    """One hour of forced march: its DC, the chance of failing it, and a roll if asked.

    For a party, `members` holds each member's check; `p_fail` is then the chance that
    anyone fails, `roll` is None and `damage` the whole party's damage that hour.
    """

    day: int
    hour: int
    dc: int
    p_fail: Fraction
    roll: int | None = None
    damage: int | None = None
    lethal: bool = False
    members: tuple[MemberCheck, ...] = ()


@dataclass(frozen=True, slots=True)
class FatigueOdds:
    """Exact odds of the forced march (pf1e/dnd35) or dh2e hustle over the whole trip.

    - `p_no_fatigue`: chance to finish the trip without fatigue from these checks;
    - `p_no_fatigue_day`: the same for one full day of the plan;
    - `first_day`: chance that fatigue first sets in on each day (key None: never);
    - `expected_day`: expected day of the first fatigue if the trip went on day after day
      at the full daily plan (geometric), None when it never comes;
    - `damage`: distribution of forced-march damage over the trip (pf1e/dnd35), or of the
      number of Fatigue levels gained (dh2e).
    """

    p_no_fatigue: Fraction
    p_no_fatigue_day: Fraction
    first_day: dict[int | None, Fraction]
    expected_day: Fraction | None
    damage: dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class MemberOdds:
    """One party member's fatigue odds over the trip (as a lone traveller of its Con)."""

    member: Member
    odds: FatigueOdds


@dataclass(frozen=True, slots=True)
class PartyOdds:
    """A party's odds member by member, and how many members end the trip fatigued.

    The journey's own `odds` are then for anyone in the party: passing means nobody fails
    a check; its `damage` is the whole party's forced-march damage.
    """

    members: tuple[MemberOdds, ...]
    fatigued_members: dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class Journey:
    """A planned journey: legs, days, totals, exertion hour by hour, fatigue and its odds."""

    system: str
    unit: str
    legs: tuple[LegPlan, ...]
    days: tuple[Day, ...]
    total_distance: Fraction
    total_hours: Fraction
    day_hours: Fraction
    hustle: tuple[HustleHour, ...]
    forced_march: tuple[ForcedHour, ...]
    fatigued_from: tuple[int, int] | None
    odds: FatigueOdds | None
    traveller: str
    lethal: bool
    perception: int | None = None
    rolls: tuple[dict[str, object], ...] = ()
    notes: tuple[str, ...] = ()
    metric: bool = False
    last_day_length: Fraction | None = None
    party: tuple[Member, ...] = ()
    party_odds: PartyOdds | None = None
    members_fatigued_from: tuple[tuple[int, int] | None, ...] = ()

    @property
    def total_days(self) -> Fraction:
        """Return the days the trip takes (JOURNEY.md `total.days`).

        Full days count 1 and the last day its hours over the hours of that day, which for
        days of one plan is travel hours / hours in this traveller's day.
        """
        if self.last_day_length is None or not self.days:
            return self.total_hours / self.day_hours
        return len(self.days) - 1 + self.days[-1].hours / self.last_day_length

    def to_json(self) -> dict[str, object]:
        """Return the JOURNEY.md ``travel`` shape (numbers rounded for display)."""
        scale = KM_PER_MILE if self.metric else Fraction(1)
        unit = "km" if self.metric else self.unit

        def dist(value: Fraction) -> int | float:
            return num(value * scale)

        legs = [
            {
                "distance": dist(p.leg.distance),
                "distance_exact": str(p.leg.distance * scale),
                "terrain": None if p.leg.terrain is None else p.leg.terrain.value,
                "road": None if p.leg.road is None else p.leg.road.value,
                **({"dense": p.leg.dense} if self.system == "dh2e" else {}),
                **({"pace": p.leg.pace.value} if p.leg.pace is not None else {}),
                "multiplier": str(p.multiplier),
                "per_hour": dist(p.per_hour),
                "hours": num(p.hours),
                "hours_exact": str(p.hours),
                **_leg_log_json(p),
            }
            for p in self.legs
        ]
        days = [
            {
                "day": d.day,
                "hours": num(d.hours),
                "hours_exact": str(d.hours),
                "distance": dist(d.distance),
                "hustle_hours": num(d.hustle_hours),
                "forced_march_hours": num(d.forced_march_hours),
                "drift_hours": num(d.drift_hours),
                "end": {"leg": d.end_leg, "into": dist(d.end_into)},
                "terrains": list(d.terrains),
            }
            for d in self.days
        ]
        data: dict[str, object] = {
            "system": self.system,
            "unit": unit,
            "traveller": self.traveller,
            "legs": legs,
            "days": days,
            "total": {
                "distance": dist(self.total_distance),
                "hours": num(self.total_hours),
                "hours_exact": str(self.total_hours),
                "days": num(self.total_days),
                "days_exact": str(self.total_days),
                "day_hours": num(self.day_hours),
            },
            "hustle": [_hustle_json(h) for h in self.hustle],
            "forced_march": [_forced_json(f) for f in self.forced_march],
            "fatigued_from": None
            if self.fatigued_from is None
            else {"day": self.fatigued_from[0], "hour": self.fatigued_from[1]},
            "fatigue_forbids": list(FATIGUE_FORBIDS)
            if self.fatigued_from is not None and self.system != "dh2e"
            else [],
            "odds": None
            if self.odds is None
            else _odds_json(self.odds, self.system, self.party_odds),
            "notes": list(self.notes),
        }
        if self.party:
            data["party"] = [
                {
                    "name": m.name,
                    **_member_json(m, self.system),
                    **(
                        {"fatigued_from": _when(self.members_fatigued_from[i])}
                        if self.members_fatigued_from
                        else {}
                    ),
                }
                for i, m in enumerate(self.party)
            ]
        if self.metric:
            data["converted_from"] = self.unit
        if self.perception is not None:
            data["perception_modifier"] = self.perception
        if self.rolls:
            data["rolls"] = list(self.rolls)
        return data


def _member_json(m: Member, system: str) -> dict[str, object]:
    """Return what a member's checks roll against (Con, or dh2e Toughness), and its speed."""
    if system == "dh2e":
        out: dict[str, object] = {"toughness": m.toughness, "toughness_bonus": m.tb}
        if m.agility_bonus is not None:
            out["agility_bonus"] = m.agility_bonus
        return out
    return {"con_mod": m.con_mod, **({"speed": m.speed} if m.speed is not None else {})}


def _when(at: tuple[int, int] | None) -> dict[str, int] | None:
    return None if at is None else {"day": at[0], "hour": at[1]}


def _leg_log_json(p: LegPlan) -> dict[str, object]:
    """Return a leg's log hours: what the day-by-day log spends on it (see `LegPlan`)."""
    if p.log_hours is None:
        return {}
    return {
        "log_hours": num(p.log_hours),
        "log_hours_exact": str(p.log_hours),
        "under_way_hours": num(p.log_hours - p.drift_hours),
        "hustle_hours": num(p.hustle_hours),
        "drift_hours": num(p.drift_hours),
    }


def num(value: Fraction, places: int = 2) -> int | float:
    """Round an exact value for display: integers stay integers, others keep `places`.

    From 10^15 on (past the integers a float holds exactly) a value rounds to an integer,
    exactly: its decimals no longer show, and a float would overflow past 10^308.
    """
    if value.denominator == 1:
        return int(value)
    if abs(value) >= 10**15:
        return round(value)
    rounded = round(float(value), places)
    return int(rounded) if rounded == int(rounded) else rounded


def _prob(value: Fraction) -> int | float:
    return num(value, 6)


def _hustle_json(h: HustleHour) -> dict[str, object]:
    if h.damage is not None:
        out: dict[str, object] = {
            "day": h.day,
            "hour": h.hour,
            "damage": h.damage,
            "total": h.total,
            "lethal": h.lethal,
        }
    else:
        out = {
            "day": h.day,
            "hour": h.hour,
            "test_modifier": h.test_modifier,
            "p_fatigue": None if h.p_fatigue is None else _prob(h.p_fatigue),
        }
        if h.roll is not None:
            out["roll"] = h.roll
            out["fatigue"] = h.fatigue
        if h.members:
            out["members"] = [
                {
                    "name": m.name,
                    "test_modifier": m.test_modifier,
                    "p_fatigue": _prob(m.p_fail),
                    **({"roll": m.roll, "fatigue": m.fatigue} if m.roll is not None else {}),
                }
                for m in h.members
            ]
    return out


def _forced_json(f: ForcedHour) -> dict[str, object]:
    out: dict[str, object] = {
        "day": f.day,
        "hour": f.hour,
        "dc": f.dc,
        "p_fail": _prob(f.p_fail),
        "lethal": f.lethal,
    }
    if f.damage is not None:
        out["roll"] = f.roll
        out["damage"] = f.damage
    if f.members:
        out["members"] = [
            {
                "name": m.name,
                "p_fail": _prob(m.p_fail),
                **({"roll": m.roll, "damage": m.damage} if m.damage is not None else {}),
            }
            for m in f.members
        ]
    return out


def _odds_json(o: FatigueOdds, system: str, party: PartyOdds | None = None) -> dict[str, object]:
    out = _fatigue_json(o, system)
    if party is not None:
        out["scope"] = "anyone in the party"
        out["members"] = [
            {
                "name": m.member.name,
                **_member_json(m.member, system),
                **_fatigue_json(m.odds, system),
            }
            for m in party.members
        ]
        out["fatigued_members"] = {
            str(k): _prob(v) for k, v in sorted(party.fatigued_members.items())
        }
    return out


def _fatigue_json(o: FatigueOdds, system: str) -> dict[str, object]:
    return {
        "p_no_fatigue": _prob(o.p_no_fatigue),
        "p_no_fatigue_exact": str(o.p_no_fatigue),
        "p_no_fatigue_day": _prob(o.p_no_fatigue_day),
        "first_day": {("never" if k is None else str(k)): _prob(v) for k, v in o.first_day.items()},
        "expected_day": None if o.expected_day is None else num(o.expected_day),
        ("fatigue_levels" if system == "dh2e" else "damage"): {
            str(k): _prob(v) for k, v in sorted(o.damage.items())
        },
    }


# --------------------------------------------------------------------------- parsing

_LEG_RE = re.compile(r"^\s*(-?\d+(?:[.,]\d+)?(?:/\d+)?)\s*([a-zA-Zа-яё]+)?\s*(.*?)\s*$")
_UNITS = {"mi": "mi", "mile": "mi", "miles": "mi", "km": "km"}


def parse_number(text: str, what: str) -> Fraction:
    """Return `text` (``24``, ``1.5``, ``1,5``, ``3/4``) as an exact number; `what` names it.

    A number of more digits than Python's int() reads (4300) is refused naming its length.
    """
    digits = sum(ch.isdigit() for ch in text)
    if digits > sys.get_int_max_str_digits():  # Python's int() refuses these (CVE-2020-10735)
        raise InputError(f"{what} {quote(text)} has {digits} digits: too large a number")
    try:
        return Fraction(text.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what} {quote(text)} is not a number") from None


def _short(value: object) -> str:
    """Return `value` as text for an error line, shortened with `quote` past its limit."""
    text = str(value)
    return text if len(quote(text)) == len(text) + 2 else quote(text)


def parse_current(value: object) -> Fraction:
    """Read a current in mi/h (a number or its text) as an exact, finite, non-negative value."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise InputError(f"current {quote(value)} is not a number of mi/h")
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(f"current {quote(value)} is not a finite number of mi/h")
    current = value if isinstance(value, Fraction) else parse_number(str(value), "current")
    # Name the value as it was given: '1e999' typed, not the 1000 digits it stands for.
    shown = quote(value) if isinstance(value, str) else _short(num(current))
    if current < 0:
        raise InputError(f"current {shown} mi/h is negative")
    if current > MAX_CURRENT:
        raise InputError(f"current {shown} mi/h is out of range (0-{MAX_CURRENT} mi/h)")
    return current


def to_unit(value: Fraction, unit: str, target: str) -> Fraction:
    """Convert `value` from `unit` to `target` (``mi`` or ``km``), exactly."""
    if unit == target:
        return value
    if unit == "mi" and target == "km":
        return value * KM_PER_MILE
    if unit == "km" and target == "mi":
        return value / KM_PER_MILE
    raise unknown("unit", unit, ("mi", "km"))


def system_unit(system: System) -> str:
    """Return the overland unit of `system`: ``mi`` for pf1e / dnd35, ``km`` for dh2e."""
    return "km" if system.heresy is not None else "mi"


def parse_leg(text: str, system: System) -> Leg:
    """Parse ``"24 mi forest trackless"``, ``"40 mi"`` (water) or ``"12 km dense"`` (dh2e)."""
    match = _LEG_RE.match(text)
    glued = match is not None and match.group(2) and match.end(2) < len(text)
    if match and glued and not text[match.end(2)].isspace():  # '1e9 mi': unit glued to more
        first = text.split()[0]
        raise InputError(
            f"leg {quote(text)}: distance {quote(first)} is not a number like 24, 1.5 or 3/4"
        )
    if not match or not match.group(1):
        raise InputError(
            f"leg {quote(text)}: expected 'DISTANCE UNIT TERRAIN ROAD',"
            " e.g. '24 mi forest trackless'"
        )
    distance = parse_number(match.group(1), "leg distance")
    unit = (match.group(2) or system_unit(system)).lower()
    if unit not in _UNITS:
        raise unknown("distance unit", unit, ("mi", "km"))
    words = match.group(3).split()
    return make_leg(system, distance, _UNITS[unit], words)


def make_leg(system: System, distance: Fraction, unit: str, words: Sequence[str]) -> Leg:
    """Build a validated `Leg` of `distance` `unit` described by `words`.

    `words` are the terrain and road (pf1e / dnd35 land), nothing (water), or ``dense`` /
    ``open`` (dh2e); a last word ``hustle`` or ``walk`` sets the pace on that leg.
    """
    if distance < 0:
        raise InputError(f"leg distance {_short(distance)} is negative")
    distance = to_unit(distance, unit, system_unit(system))
    flags = [w.lower() for w in words]
    pace: Pace | None = None
    if flags and flags[-1] in (Pace.HUSTLE.value, Pace.WALK.value):
        pace = Pace(flags.pop())
    if system.heresy is not None:
        for w in flags:
            if w not in ("dense", "open"):
                raise unknown("dh2e leg flag", w, ("dense", "open", "hustle", "walk"))
        return Leg(distance=distance, dense="dense" in flags, pace=pace)
    if system.travel is None:
        raise InputError(f"{system.id} has no overland travel rules in its seed text")
    if not flags:
        return Leg(distance=distance, pace=pace)
    if len(flags) != 2:
        raise InputError(
            f"leg terrain {quote(' '.join(words))}: expected TERRAIN ROAD [hustle|walk], "
            "e.g. 'forest trackless'"
        )
    terrains = [r.terrain.value for r in system.travel.terrain]
    roads = [r.road.value for r in system.travel.roads]
    terrain, road = flags
    if road == "trail":  # the table's column is "road or trail"
        road = Road.ROAD.value
    if terrain not in terrains:
        raise unknown("terrain", terrain, terrains)
    if road not in roads:
        raise unknown("road", road, roads)
    return Leg(distance=distance, terrain=Terrain(terrain), road=Road(road), pace=pace)


@dataclass(frozen=True, slots=True)
class JourneySpec:
    """A journey file: its legs and any options it sets (None: not set in the file)."""

    legs: tuple[Leg, ...]
    options: Mapping[str, object] = field(default_factory=dict)
    day_paces: tuple[tuple[int, int], ...] = ()


_FILE_OPTIONS = (
    "system",
    "speed",
    "speeds",
    "mount",
    "loaded",
    "vessel",
    "current",
    "flow",
    "drift",
    "tow",
    "hustle",
    "forced_march",
    "con_mod",
    "agility_bonus",
    "toughness_bonus",
    "toughness",
    "metric",
    "forced_march_dc",
    "party",
)
#: Keys a route's JSON output carries, accepted and ignored so a route feeds the planner.
_ROUTE_KEYS = (
    "found",
    "steps",
    "distance",
    "day_hours",
    "hours",
    "days",
    "path",
    "map",
    "from",
    "to",
    "traveller",
    "total",
    "cells",
    "hours_exact",
)


def parse_journey(data: Mapping[str, object], system: System) -> JourneySpec:
    """Read a journey document (from TOML or JSON, or `footfall route --json` output).

    `legs` is a list of strings (``"24 mi forest trackless"``) or tables with `distance`,
    `terrain`, `road` (or `dense`) and an optional `unit`; a top-level `unit` applies to
    every leg that has none. Other keys are options (see `docs/travel.md`).
    """
    for key in data:
        if key not in (*_FILE_OPTIONS, *_ROUTE_KEYS, "legs", "unit"):
            raise unknown("journey file key", key, ("legs", "unit", *_FILE_OPTIONS))
    raw_legs = data.get("legs")
    if not isinstance(raw_legs, list) or not raw_legs:
        raise InputError("journey file: 'legs' must be a non-empty list")
    default_unit = data.get("unit", system_unit(system))
    if not isinstance(default_unit, str):
        raise InputError(f"journey file: unit {quote(default_unit)} must be mi or km")
    legs: list[Leg] = []
    for i, raw in enumerate(raw_legs, 1):
        if isinstance(raw, str):
            legs.append(parse_leg(raw, system))
            continue
        if not isinstance(raw, dict) or "distance" not in raw:
            raise InputError(f"journey file: leg {i} needs a 'distance'")
        _check_leg_keys(raw, i)
        # A route's legs carry the exact distance beside the rounded one: prefer it.
        dist_raw = raw.get("distance_exact", raw["distance"])
        if isinstance(dist_raw, bool) or not isinstance(dist_raw, (int, float, str)):
            raise InputError(f"journey file: leg {i} distance {quote(dist_raw)} is not a number")
        distance = parse_number(str(dist_raw), f"leg {i} distance")
        unit = str(raw.get("unit", default_unit))
        if unit not in ("mi", "km"):
            raise unknown("distance unit", unit, ("mi", "km"))
        words: list[str] = []
        if raw.get("terrain") is not None or raw.get("road") is not None:
            words = [str(raw.get("terrain")), str(raw.get("road"))]
        if raw.get("dense"):
            words = ["dense"]
        if raw.get("pace") is not None:
            words.append(str(raw["pace"]))
        legs.append(make_leg(system, distance, unit, words))
    options = {k: v for k, v in data.items() if k in _FILE_OPTIONS}
    for key, value in options.items():
        _check_option(key, value)
    day_paces: list[tuple[int, int]] = []
    raw_days = data.get("days")
    if isinstance(raw_days, list):  # a route's "days" is a number: ignored
        for i, raw in enumerate(raw_days, 1):
            if not isinstance(raw, dict):
                raise InputError(f"journey file: day {i} must be a table of hustle, forced_march")
            day_paces.append(parse_day_pace(raw, f"journey file: day {i}"))
    return JourneySpec(legs=tuple(legs), options=options, day_paces=tuple(day_paces))


#: The keys of a journey file's leg table; the legs of a route's (or travel's) JSON output
#: add the computed ones of `_ROUTE_LEG_KEYS`, ignored.
_LEG_KEYS = ("distance", "distance_exact", "terrain", "road", "dense", "pace", "unit")
_ROUTE_LEG_KEYS = (
    "multiplier",
    "per_hour",
    "hours",
    "hours_exact",
    "log_hours",
    "log_hours_exact",
    "under_way_hours",
    "hustle_hours",
    "drift_hours",
)


def _check_leg_keys(raw: Mapping[str, object], i: int) -> None:
    """Refuse a leg table with an unknown key or a value of the wrong type."""
    for key, value in raw.items():
        if key not in _LEG_KEYS + _ROUTE_LEG_KEYS:
            raise unknown(f"journey file leg {i} key", key, _LEG_KEYS)
        if key in ("terrain", "road", "pace", "unit") and not isinstance(value, str):
            raise InputError(f"journey file: leg {i} {key} {quote(value)} must be text")
        if key == "dense" and not isinstance(value, bool):
            raise InputError(f"journey file: leg {i} dense {quote(value)} must be true or false")


#: The type each journey-file option must have, and how an error names it.
_OPTION_TYPES: dict[str, tuple[type, str]] = {
    "system": (str, "a system name"),
    "mount": (str, "a mount name"),
    "vessel": (str, "a vessel name"),
    "flow": (str, "downstream or upstream"),
    "forced_march_dc": (str, "a switch choice"),
    "loaded": (bool, "true or false"),
    "drift": (bool, "true or false"),
    "tow": (bool, "true or false"),
    "metric": (bool, "true or false"),
    "speed": (int, "a whole number of ft"),
    "hustle": (int, "a whole number of hours"),
    "forced_march": (int, "a whole number of hours"),
    "con_mod": (int, "a whole number"),
    "agility_bonus": (int, "a whole number"),
    "toughness_bonus": (int, "a whole number"),
    "toughness": (int, "a whole number"),
}


def _check_option(key: str, value: object) -> None:
    """Refuse a journey-file option of the wrong type, naming the key and the bad value."""
    if key == "current":
        parse_current(value)
        return
    if key == "party":
        parse_party(value)
        return
    if key == "speeds" or (key == "speed" and isinstance(value, list)):
        if isinstance(value, list) and value:
            for item in value:
                _check_option("speed", item)
            return
        raise InputError(
            f"journey file: {key} {quote(value)} must be a list of whole numbers of ft"
        )
    kind, what = _OPTION_TYPES[key]
    wrong_bool = kind is int and isinstance(value, bool)
    if wrong_bool or not isinstance(value, kind):
        raise InputError(f"journey file: {key} {quote(value)} must be {what}")


def parse_day_pace(data: Mapping[str, object], where: str) -> tuple[int, int]:
    """Read one day's pace, ``{"hustle": H, "forced_march": F}``, as ``(H, F)``."""
    known = ("hustle", "forced_march")
    values = {"hustle": 0, "forced_march": 0}
    for key, value in data.items():
        if key not in known:
            raise unknown(f"{where} key", key, known)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{where}: {key} {quote(value)} is not a whole number of hours")
        values[key] = value
    return values["hustle"], values["forced_march"]


def read_text_file(path: str | Path, what: str, limit: int) -> str:
    """Return the UTF-8 text of the regular file `path` (`footfall.untrusted.read_text`)."""
    return read_text(path, what, limit)


def load_journey(path: str | Path, system: System) -> JourneySpec:
    """Read a journey file (``.toml`` or ``.json``) into a `JourneySpec`.

    The file must be a regular file of at most `MAX_JOURNEY_BYTES` bytes of UTF-8 text (a
    byte-order mark is dropped); see `read_text_file`.
    """
    file = Path(path)
    text = read_text_file(file, "journey file", MAX_JOURNEY_BYTES)
    name = quote(str(file), PATH_QUOTE_LIMIT)
    try:
        if file.suffix.lower() == ".toml":
            data: object = tomllib.loads(text)
        else:
            data = json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"journey file {name}: {exc}") from None
    except RecursionError:
        raise InputError(f"journey file {name}: nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4300 digits (CVE-2020-10735)
        raise InputError(
            f"journey file {name}: a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None
    if not isinstance(data, dict):
        raise InputError(f"journey file {name}: expected a table / object")
    return parse_journey(data, system)


# --------------------------------------------------------------------------- planning


def resolve_traveller(system: System, who: Traveller) -> Mover:
    """Return `who`'s rates and day for `system`, refusing what the rules forbid."""
    return _resolve(system, who)[0]


@dataclass(frozen=True, slots=True)
class Mover:
    """The resolved traveller: rates (unit per hour, before terrain), day shape, exertion.

    `walk` and `hustle` are per hour before the terrain multiplier (a vessel's `walk` includes
    the current downstream); `row_hours` is the day's hours at normal pace (8 on foot, 10
    rowing, 24 sailing; dh2e: per-day / per-hour of its table), `drift_hours` hours drifting.
    """

    label: str
    walk: Fraction
    hustle: Fraction | None
    current: Fraction
    row_hours: Fraction
    drift_hours: int
    kind: ConveyanceKind | None
    water: bool
    animal: bool


def _resolve(system: System, who: Traveller) -> tuple[Mover, list[str]]:
    """Turn a `Traveller` into rates and day shape, refusing what the rules forbid."""
    _check_system_fields(system, who)
    notes: list[str] = []
    speeds = who.speeds + tuple(m.speed for m in who.party if m.speed is not None)
    bonuses = [m.agility_bonus for m in who.party if m.agility_bonus is not None]
    if system.heresy is not None:
        if speeds or who.mount or who.vessel:
            raise InputError("dh2e travel uses --agility-bonus, not --speed, --mount or --vessel")
        if who.agility_bonus is not None:
            bonuses.insert(0, who.agility_bonus)
        if not bonuses:
            raise InputError("dh2e travel needs --agility-bonus N (0 or more)")
        for each in bonuses:
            check_bonus(each)
        ab = min(bonuses)
        row, extrapolated = system.heresy.narrative_row(ab)
        if extrapolated:
            notes.append("beyond-table")
        hours = row.per_day_km / row.per_hour_km
        mult = system.heresy.hustle.multiplier
        mover = Mover(
            label=f"ab={ab}" + (f" (slowest of {len(bonuses)})" if len(bonuses) > 1 else ""),
            walk=row.per_hour_km,
            hustle=row.per_hour_km * mult,
            current=Fraction(0),
            row_hours=hours,
            drift_hours=0,
            kind=None,
            water=False,
            animal=False,
        )
        return mover, notes
    travel = _travel(system)
    if bonuses:
        raise InputError(f"{system.id} party members give speed=FT, not an agility bonus (dh2e)")
    chosen = [x for x in (speeds and "speed", who.mount, who.vessel) if x]
    if len(chosen) != 1:
        raise InputError("give exactly one of --speed, --mount or --vessel")
    if who.vessel is None and (
        who.flow is not Flow.NONE or who.drift or who.tow or who.current is not None
    ):
        raise InputError("--current, --downstream, --upstream, --drift and --tow need a --vessel")
    if who.mount is None and who.loaded:
        raise InputError("--loaded needs a --mount: vessels and parties on foot have no loaded row")
    if speeds:
        for each in speeds:
            check_d20_speed(system, each)
        slowest = min(speeds)
        walk = travel.per_hour(slowest, Mode.WALK)
        hustle = travel.per_hour(slowest, Mode.HUSTLE)
        assert walk is not None
        label = f"speed={slowest}" + (f" (slowest of {len(speeds)})" if len(speeds) > 1 else "")
        mover = Mover(
            label=label,
            walk=walk,
            hustle=hustle,
            current=Fraction(0),
            row_hours=Fraction(travel.walk_hours),
            drift_hours=0,
            kind=None,
            water=False,
            animal=False,
        )
        return mover, notes
    name = who.mount if who.mount is not None else who.vessel
    assert name is not None
    conveyance = _conveyance(travel, name, water=who.vessel is not None)
    per_hour = conveyance.per_hour
    if who.loaded:
        if conveyance.loaded is None:
            loaded_ok = [c.id for c in travel.conveyances if c.loaded is not None]
            raise InputError(f"{name} has no loaded row (loaded rows: {', '.join(loaded_ok)})")
        per_hour = conveyance.loaded.per_hour
    hours = Fraction(travel.hours_per_day(conveyance.kind))
    if who.mount is not None:
        hustle = per_hour * system_hustle_multiplier(system)
        # Mounts and the animals drawing a vehicle take lethal damage (seed 000).
        mover = Mover(
            label=conveyance.id,
            walk=per_hour,
            hustle=hustle,
            current=Fraction(0),
            row_hours=hours,
            drift_hours=0,
            kind=conveyance.kind,
            water=False,
            animal=True,
        )
        return mover, notes
    water = travel.water
    current = water.current_mph if who.current is None else who.current
    if current < 0:
        raise InputError(f"current {_short(current)} mi/h is negative")
    if who.flow is not Flow.NONE and not conveyance.river:
        rivers = [c.id for c in travel.conveyances if c.river]
        raise InputError(
            f"{name} is not a river vessel: the current applies to {', '.join(rivers)}"
        )
    drift = 0
    speed = per_hour
    if who.flow is Flow.DOWNSTREAM:
        speed = per_hour + current
    elif who.flow is Flow.UPSTREAM and current > 0:
        if not who.tow:
            raise InputError(
                f"{name} cannot be rowed or poled upstream against a {num(current)} mi/h "
                "current; it can only be towed from the bank (--tow)"
            )
        notes.append("towed")
    if who.drift:
        if conveyance.kind not in _DRIFT_KINDS or not conveyance.river:
            raise InputError(f"{name} does not drift: only rowed or poled river vessels do")
        if who.flow is not Flow.DOWNSTREAM:
            raise InputError("--drift needs --downstream: a vessel drifts with the current")
        drift = water.drift_hours
    mover = Mover(
        label=conveyance.id,
        walk=speed,
        hustle=None,
        current=current,
        row_hours=hours,
        drift_hours=drift,
        kind=conveyance.kind,
        water=True,
        animal=False,
    )
    return mover, notes


def _check_system_fields(system: System, who: Traveller) -> None:
    """Refuse what `who` gives that `system`'s rules do not use, and a bad Con modifier.

    pf1e / dnd35 have no Agility or Toughness Bonus (dh2e's, seed 001); dh2e has no
    forced-march Constitution check (its hustle tests Toughness). Ignoring either would answer
    a question the user did not ask.
    """
    check_con_mod(who.con_mod)
    if system.heresy is not None:
        if who.con_mod:
            raise InputError(
                f"--con-mod {who.con_mod}: dh2e has no forced-march Constitution check;"
                " its hustle tests Toughness (--toughness, --toughness-bonus)"
            )
        return
    given = [
        name
        for name, value in (
            ("--agility-bonus", who.agility_bonus),
            ("--toughness-bonus", who.toughness_bonus),
            ("--toughness", who.toughness),
        )
        if value is not None
    ]
    if given:
        raise InputError(
            f"{', '.join(given)}: dh2e options; {system.id} travels by --speed FT, --mount or"
            " --vessel and checks Constitution (--con-mod)"
        )


def system_hustle_multiplier(system: System) -> Fraction:
    """Return the hustle multiplier of a pf1e / dnd35 system's pace table (x2)."""
    travel = _travel(system)
    return travel.tactical.mode(Mode.HUSTLE).multiplier


def _travel(system: System) -> Travel:
    if system.travel is None:
        raise InputError(f"{system.id}: its seed text has no overland travel rules")
    return system.travel


def _conveyance(travel: Travel, name: str, *, water: bool) -> Conveyance:
    wanted = [c for c in travel.conveyances if (c.kind in _WATER_KINDS) == water]
    key = "_".join(name.strip().lower().replace("-", " ").split())  # 'Light horse' -> light_horse
    for c in wanted:
        if c.id == key:
            return c
    raise unknown("vessel" if water else "mount or vehicle", name, [c.id for c in wanted])


def _multiplier(system: System, leg: Leg, mover: Mover) -> Fraction:
    if system.heresy is not None:
        return system.heresy.dense_factor if leg.dense else Fraction(1)
    if mover.water:
        if leg.terrain is not None:
            raise InputError("a vessel's legs are water: give them as '40 mi', without terrain")
        return Fraction(1)
    if leg.terrain is None or leg.road is None:
        raise InputError("a land leg needs a terrain and a road, e.g. '24 mi forest trackless'")
    return _travel(system).terrain_multiplier(leg.terrain, leg.road)


def _leg_terrain(system: System, leg: Leg) -> str:
    if system.heresy is not None:
        return "dense" if leg.dense else "open"
    if leg.terrain is None or leg.road is None:
        return "water"
    return f"{leg.terrain.value} {leg.road.value}"


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
        raise InputError("--metric: dh2e travels in km already (a pf1e / dnd35 option)")
    mover, notes = _resolve(system, traveller)
    _check_party(system, traveller, mover)
    if not legs:
        raise InputError("give at least one leg, e.g. --leg '24 mi forest trackless'")
    heresy = system.heresy
    leg_hustle = any(leg.pace is Pace.HUSTLE for leg in legs)
    if mover.water and leg_hustle:
        raise InputError("vessels neither hustle nor force-march: drop the leg's 'hustle'")
    _check_pace(hustle, forced_march, mover.row_hours, mover, heresy is not None)
    any_hustle = leg_hustle or hustle > 0 or any(h for h, _ in day_paces)
    tb = traveller.toughness_bonus
    if heresy is not None:
        if traveller.toughness is not None and not 0 <= traveller.toughness <= 100:
            raise InputError(f"toughness {quote(traveller.toughness)} is out of range (0-100)")
        if tb is None and traveller.toughness is not None:
            tb = traveller.toughness // 10
        if any_hustle and tb is None and not traveller.party:
            raise InputError("dh2e hustle needs --toughness-bonus N (or --toughness N)")
        if tb is not None:
            check_bonus(tb, "toughness bonus", least=1)
    base_hours = mover.row_hours
    plans = []
    for leg in legs:
        mult = _multiplier(system, leg, mover)
        rate = mover.walk * mult
        if rate == 0:
            raise InputError("this traveller cannot move on that leg (rate 0)")
        plans.append(LegPlan(leg, mult, rate, leg.distance / rate))
    total_distance = sum((p.leg.distance for p in plans), Fraction(0))
    walk_hours_est = sum((p.hours for p in plans), Fraction(0))
    if walk_hours_est > _MAX_HOURS:
        raise LimitError(
            f"the trip takes {_short(num(walk_hours_est))} h: more than {_MAX_HOURS} h"
        )

    def schedule_of(day_hustle: int, day_forced: int) -> list[tuple[Fraction, Pace, bool]]:
        """One day's hours, in order: (length, pace, forced?)."""
        whole = math.floor(base_hours)
        hours = [
            (Fraction(1), Pace.HUSTLE if h <= day_hustle else Pace.WALK, h > whole)
            for h in range(1, whole + day_forced + 1)
        ]
        if base_hours != whole:  # dh2e AB 0: a day of 28/3 hours
            hours.insert(whole, (base_hours - whole, Pace.WALK, False))
        hours.extend((Fraction(1), Pace.DRIFT, False) for _ in range(mover.drift_hours))
        return hours

    for day_hustle, day_forced in day_paces:
        _check_pace(day_hustle, day_forced, base_hours, mover, heresy is not None)
    schedules = [schedule_of(h, f) for h, f in day_paces]
    schedule = schedule_of(hustle, forced_march)
    day_length = sum((s[0] for s in schedule), Fraction(0))
    last_length = day_length

    roller = Roller(seed) if seed is not None else None
    fm_rule = system.travel.forced_march if system.travel is not None else None
    hs_rule = system.travel.hustle if system.travel is not None else None
    choice = chosen.get("forced_march_dc", "plus-each")
    animal = mover.animal

    days: list[Day] = []
    hustle_log: list[HustleHour] = []
    forced_log: list[ForcedHour] = []
    fatigued: tuple[int, int] | None = None
    day_dcs: list[list[int]] = []
    heresy_tests: list[list[int]] = []
    checks = 0
    party = traveller.party
    member_fatigued: list[tuple[int, int] | None] = [None] * len(party)
    member_day_tests: list[list[list[int]]] = [[] for _ in party]  # dh2e: [member][day]
    # Hours the log spends on each leg: [total, hustling, drifting] (see `LegPlan`).
    leg_log = [[Fraction(0), Fraction(0), Fraction(0)] for _ in plans]

    def spend(index: int, hours: Fraction, pace: Pace) -> None:
        leg_log[index][0] += hours
        if pace is Pace.HUSTLE:
            leg_log[index][1] += hours
        elif pace is Pace.DRIFT:
            leg_log[index][2] += hours

    leg_i, into = 0, Fraction(0)
    total_hours = Fraction(0)
    day_no = 0
    while leg_i < len(plans):
        day_no += 1
        d_hours = d_dist = d_hustle = d_forced = d_drift = Fraction(0)
        terrains: list[str] = []
        hustled = 0
        damage_total = 0
        dcs: list[int] = []
        tests: list[int] = []
        member_tests: list[list[int]] = [[] for _ in party]
        hour_no = 0
        today = schedules[day_no - 1] if day_no <= len(schedules) else schedule
        last_length = sum((s[0] for s in today), Fraction(0))
        for length, pace, forced in today:
            if leg_i >= len(plans):
                break
            hour_no += 1
            leg_pace = plans[leg_i].leg.pace
            if pace is not Pace.DRIFT and leg_pace is not None:
                pace = leg_pace
            rate = {
                Pace.WALK: mover.walk,
                Pace.HUSTLE: mover.hustle or mover.walk,
                Pace.DRIFT: mover.current,
            }[pace]
            left = length
            while left > 0 and leg_i < len(plans):
                plan = plans[leg_i]
                name = _leg_terrain(system, plan.leg)
                if not terrains or terrains[-1] != name:
                    terrains.append(name)
                speed = rate * plan.multiplier
                remaining = plan.leg.distance - into
                need = remaining / speed if speed else None
                if need is not None and need <= left:
                    spend(leg_i, need, pace)
                    left -= need
                    d_dist += remaining
                    leg_i += 1
                    into = Fraction(0)
                    continue
                spend(leg_i, left, pace)
                d_dist += speed * left
                into += speed * left
                left = Fraction(0)
            used = length - left
            d_hours += used
            if pace is Pace.HUSTLE:
                d_hustle += used
            if pace is Pace.DRIFT:
                d_drift += used
            if forced:
                d_forced += used
            if pace is Pace.HUSTLE and heresy is None and hs_rule is not None:
                hustled += 1
                damage = hs_rule.damage(hustled)
                damage_total += damage
                hustle_log.append(
                    HustleHour(
                        day_no, hour_no, damage, damage_total, animal and hs_rule.mount_lethal
                    )
                )
                if damage and fatigued is None:
                    fatigued = (day_no, hour_no)
                if damage:  # hustle damage is certain: every member takes it
                    member_fatigued = [at or (day_no, hour_no) for at in member_fatigued]
            if pace is Pace.HUSTLE and heresy is not None and party:
                hustled += 1
                entry = _party_tests(
                    HustleHour(day_no, hour_no), hustled, left == 0, party, heresy, roller
                )
                for i, member in enumerate(party):
                    for check in entry.members:
                        if check.name == member.name:
                            assert check.test_modifier is not None
                            member_tests[i].append(check.test_modifier)
                            if check.fatigue and member_fatigued[i] is None:
                                member_fatigued[i] = (day_no, hour_no)
                            if check.fatigue and fatigued is None:
                                fatigued = (day_no, hour_no)
                hustle_log.append(entry)
            elif pace is Pace.HUSTLE and heresy is not None:
                hustled += 1
                assert tb is not None
                entry = HustleHour(day_no, hour_no)
                if left == 0 and hustled % tb == 0:
                    n = hustled // tb
                    rule = heresy.hustle
                    modifier = heresy.difficulty(rule.test).modifier + rule.cumulative * (n - 1)
                    tests.append(modifier)
                    p_fat = (
                        None
                        if traveller.toughness is None
                        else 1 - p_test_d100(traveller.toughness + modifier)
                    )
                    entry = replace(entry, test_modifier=modifier, p_fatigue=p_fat)
                    if roller is not None and traveller.toughness is not None:
                        target = traveller.toughness + modifier
                        roll = roller.roll(100, f"day {day_no} hour {hour_no} toughness")
                        failed = roll == 100 or (roll != 1 and roll > target)
                        entry = replace(entry, roll=roll, fatigue=failed)
                        if failed and fatigued is None:
                            fatigued = (day_no, hour_no)
                hustle_log.append(entry)
            if forced and fm_rule is not None:
                extra = hour_no - fm_rule.base_hours
                dc = fm_rule.dc(extra, choice)
                dcs.append(dc)
                auto = animal and fm_rule.mount_auto_fail
                p_fail = Fraction(1) if auto else 1 - p_check(traveller.con_mod, dc)
                entry_f = ForcedHour(day_no, hour_no, dc, p_fail, lethal=animal)
                if auto and fatigued is None:
                    fatigued = (day_no, hour_no)
                if roller is not None and not party:
                    label = f"day {day_no} hour {hour_no}"
                    con_roll = (
                        None if auto else roller.roll(20, f"{label} con DC {dc}", traveller.con_mod)
                    )
                    damage = 0
                    if auto or (con_roll is not None and con_roll < dc):
                        damage = sum(
                            roller.roll(fm_rule.damage_sides, f"{label} damage")
                            for _ in range(fm_rule.damage_dice)
                        )
                        if fatigued is None:
                            fatigued = (day_no, hour_no)
                    entry_f = replace(entry_f, roll=con_roll, damage=damage)
                if party:
                    entry_f = _party_hour(
                        entry_f, party, roller, fm_rule.damage_dice, fm_rule.damage_sides
                    )
                    for i, check in enumerate(entry_f.members):
                        if check.damage and member_fatigued[i] is None:
                            member_fatigued[i] = (day_no, hour_no)
                    if entry_f.damage and fatigued is None:
                        fatigued = (day_no, hour_no)
                forced_log.append(entry_f)
        total_hours += d_hours
        end_leg = min(leg_i, len(plans) - 1)
        end_into = into if leg_i < len(plans) else plans[-1].leg.distance
        if leg_i < len(plans) and into == 0 and leg_i > 0:
            end_leg, end_into = leg_i - 1, plans[leg_i - 1].leg.distance
        days.append(
            Day(
                day_no,
                d_hours,
                d_dist,
                d_hustle,
                d_forced,
                d_drift,
                end_leg + 1,
                end_into,
                tuple(terrains),
            )
        )
        day_dcs.append(dcs)
        heresy_tests.append(tests)
        for i, done in enumerate(member_tests):
            member_day_tests[i].append(done)
        checks += len(dcs) * max(1, len(party)) + len(tests) + sum(map(len, member_tests))
        if heresy is None or traveller.toughness is not None:  # stop early: odds will refuse
            _check_odds_work(checks)

    party_split: PartyOdds | None = None
    if party and heresy is not None:
        odds, party_split = _party_odds_d100(party, member_day_tests)
    elif party:
        odds, party_split = _party_odds(party, day_dcs)
    else:
        odds = _odds(system, traveller, animal, day_dcs, heresy_tests)
    perception = heresy.hustle.perception if heresy is not None and hustle else None
    planned = tuple(
        replace(p, log_hours=log[0], hustle_hours=log[1], drift_hours=log[2])
        for p, log in zip(plans, leg_log, strict=True)
    )
    return Journey(
        system=system.id,
        unit=system_unit(system),
        legs=planned,
        days=tuple(days),
        total_distance=total_distance,
        total_hours=total_hours,
        day_hours=day_length,
        last_day_length=last_length,
        hustle=tuple(hustle_log),
        forced_march=tuple(forced_log),
        fatigued_from=fatigued,
        odds=odds,
        traveller=mover.label,
        lethal=animal,
        perception=perception,
        rolls=tuple(r.to_json() for r in roller.log) if roller is not None else (),
        notes=tuple(notes),
        metric=metric and system.heresy is None,
        party=traveller.party,
        party_odds=party_split,
        members_fatigued_from=tuple(member_fatigued) if roller is not None else (),
    )


def check_con_mod(value: int, what: str = "--con-mod") -> int:
    """Return `value` if it is a Constitution modifier in `MIN_CON_MOD`..`MAX_CON_MOD`.

    Otherwise raise `InputError` naming `what` and the bound, e.g. ``--con-mod 999999999 is
    out of range (-10..30)``.
    """
    if not MIN_CON_MOD <= value <= MAX_CON_MOD:
        raise InputError(f"{what} {quote(value)} is out of range ({MIN_CON_MOD}..{MAX_CON_MOD})")
    return value


def parse_member(text: str, n: int = 1) -> Member:
    """Parse ``"name=Valeros,con=+2"`` (the CLI's ``--member``) into a `Member`.

    dh2e members give ``toughness=42`` and optionally ``tb=4``; any member may give its
    ``speed`` (ft; dh2e ``ab``, its Agility Bonus). `n` numbers the member in errors and
    names it ``member N`` when the text gives no name; ``con_mod``, ``toughness_bonus`` and
    ``agility_bonus`` are accepted for ``con``, ``tb`` and ``ab``.
    """
    known = ("name", "con", "toughness", "tb", "speed", "ab")
    aliases = {"con_mod": "con", "toughness_bonus": "tb", "agility_bonus": "ab"}
    fields: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        key = aliases.get(key, key)
        if not sep:
            raise InputError(
                f"--member {quote(text)}: expected name=NAME,con=MOD (dh2e: name=NAME,toughness=T)"
            )
        if key not in known:
            raise unknown("--member key", key, known)
        if key in fields:
            raise InputError(f"--member {quote(text)} gives {key} twice")
        fields[key] = value.strip()
    numbers: dict[str, int | None] = {}
    for key in ("con", "toughness", "tb", "speed", "ab"):
        raw = fields.get(key)
        try:
            numbers[key] = None if raw is None else int(raw)
        except ValueError:
            raise InputError(
                f"--member {quote(text)}: {key} {quote(raw)} is not a whole number"
            ) from None
    return Member(
        name=fields.get("name") or f"member {n}",
        con_mod=numbers["con"] or 0,
        toughness=numbers["toughness"],
        toughness_bonus=numbers["tb"],
        speed=numbers["speed"],
        agility_bonus=numbers["ab"],
    )


#: The keys of a journey file's party member table.
_MEMBER_KEYS = ("name", "con_mod", "toughness", "toughness_bonus", "speed", "agility_bonus")


def parse_party(raw: object) -> tuple[Member, ...]:
    """Read a journey file's ``party``: tables with `name` and `con_mod` (or dh2e Toughness)."""
    if not isinstance(raw, list) or not raw:
        raise InputError("journey file: party must be a non-empty list of {name, con_mod} tables")
    members = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            raise InputError(f"journey file: party member {i} must be a table of name, con_mod")
        for key, value in item.items():
            if key not in _MEMBER_KEYS:
                raise unknown(f"journey file party member {i} key", key, _MEMBER_KEYS)
            if key != "name" and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputError(
                    f"journey file: party member {i} {key} {quote(value)} must be a whole number"
                )
        name = item.get("name", f"member {i}")
        if not isinstance(name, str):
            raise InputError(f"journey file: party member {i} name {quote(name)} must be text")
        members.append(
            Member(
                name=name,
                con_mod=item.get("con_mod", 0),
                toughness=item.get("toughness"),
                toughness_bonus=item.get("toughness_bonus"),
                speed=item.get("speed"),
                agility_bonus=item.get("agility_bonus"),
            )
        )
    return tuple(members)


def _check_party(system: System, who: Traveller, mover: Mover) -> None:
    """Refuse a party where per-member checks mean nothing, or a malformed one."""
    party = who.party
    if not party:
        return
    if mover.animal or mover.water:
        raise InputError(
            f"party members march on foot: with {mover.label} the mount or vessel makes the"
            " checks (a mount fails every one), not its riders"
        )
    if system.heresy is not None:
        if who.toughness is not None or who.toughness_bonus is not None:
            raise InputError(
                "give each member's Toughness in the party, not --toughness / --toughness-bonus"
            )
        _check_heresy_members(party)
    _check_members(party, who.con_mod, heresy=system.heresy is not None)


def _check_heresy_members(party: Sequence[Member]) -> None:
    """Refuse a dh2e member without a Toughness 0-100 or with a Bonus out of range."""
    for m in party:
        if m.con_mod:
            raise InputError(f"dh2e party member {quote(m.name)}: give toughness=T, not con")
        if m.toughness is None:
            raise InputError(f"dh2e party member {quote(m.name)} needs a toughness (0-100)")
        if not 0 <= m.toughness <= 100:
            raise InputError(
                f"party member {quote(m.name)}: toughness {quote(m.toughness)}"
                " is out of range (0-100)"
            )
        check_bonus(m.tb, f"party member {quote(m.name)}: toughness bonus", least=1)


def _check_members(party: Sequence[Member], con_mod: int, *, heresy: bool = False) -> None:
    """Refuse a party beside a lone `con_mod`, too large a party, or empty / repeated names."""
    if con_mod:
        raise InputError(
            f"give each member's Constitution in the party, not --con-mod {con_mod} too"
        )
    if len(party) > MAX_PARTY:
        raise LimitError(f"a party of {len(party)} members: more than {MAX_PARTY}")
    names = [m.name for m in party]
    for m in party:
        if not m.name.strip():
            raise InputError("a party member's name is empty")
        check_con_mod(m.con_mod, f"party member {quote(m.name)}: con")
        if names.count(m.name) > 1:
            raise InputError(f"party member name {quote(m.name)} is given twice")
        if not heresy and (m.toughness is not None or m.toughness_bonus is not None):
            raise InputError(
                f"party member {quote(m.name)}: toughness is dh2e's; pf1e / dnd35 members give con"
            )


def _party_tests(
    entry: HustleHour,
    hustled: int,
    whole: bool,
    party: Sequence[Member],
    heresy: Heresy,
    roller: Roller | None,
) -> HustleHour:
    """Return a dh2e hustled hour with the Toughness test of each member due in it.

    A member tests when its own TB hours of hustle are complete (`hustled` a multiple of its
    TB and the hour `whole`), at +0 and then a cumulative -10 (seed 001 «Спешка»). The
    hour's `p_fatigue` is the chance that anyone tested in it gains a level of Fatigue.
    """
    checks = []
    p_all_pass = Fraction(1)
    rule = heresy.hustle
    base = heresy.difficulty(rule.test).modifier
    for m in party:
        if not whole or hustled % m.tb:
            continue
        modifier = base + rule.cumulative * (hustled // m.tb - 1)
        assert m.toughness is not None
        target = m.toughness + modifier
        p_pass = p_test_d100(target)
        p_all_pass *= p_pass
        check = MemberCheck(m.name, 1 - p_pass, test_modifier=modifier)
        if roller is not None:
            roll = roller.roll(100, f"day {entry.day} hour {entry.hour} {m.name} toughness")
            failed = roll == 100 or (roll != 1 and roll > target)
            check = replace(check, roll=roll, fatigue=failed)
        checks.append(check)
    if not checks:
        return entry
    return replace(entry, p_fatigue=1 - p_all_pass, members=tuple(checks))


def _party_odds_d100(
    party: Sequence[Member], member_day_tests: Sequence[Sequence[Sequence[int]]]
) -> tuple[FatigueOdds | None, PartyOdds | None]:
    """Return the dh2e odds of anyone in `party` gaining Fatigue, and each member's.

    `member_day_tests[i][d]` are member i's test modifiers on day d; members and tests are
    independent, so nobody fails a day with the product of the members' chances.
    """
    if not any(any(days) for days in member_day_tests):
        return None, None
    _check_odds_work(sum(len(tests) for days in member_day_tests for tests in days))
    targets: list[list[int]] = []
    members = []
    per_day = [Fraction(1)] * len(member_day_tests[0])
    full_day = Fraction(1)
    for m, days in zip(party, member_day_tests, strict=True):
        assert m.toughness is not None
        tough = m.toughness
        passes = [_product(p_test_d100(tough + mod) for mod in tests) for tests in days]
        full = _product(p_test_d100(tough + mod) for mod in max(days, key=len))
        flat = [tough + mod for tests in days for mod in tests]
        targets.append(flat)
        members.append(MemberOdds(m, _assemble(passes, full, d100_failures(flat))))
        per_day = [a * b for a, b in zip(per_day, passes, strict=True)]
        full_day *= full
    anyone = _assemble(per_day, full_day, party_d100_failures(targets))
    return anyone, PartyOdds(tuple(members), members_failing_d100(targets))


def _party_hour(
    entry: ForcedHour,
    party: Sequence[Member],
    roller: Roller | None,
    dice: int,
    sides: int,
) -> ForcedHour:
    """Return a forced-march hour with each member's check (and roll, given a `roller`).

    The hour's `p_fail` becomes the chance that anyone fails: 1 - the product of each
    member's chance to pass (members roll independently).
    """
    checks = []
    p_all_pass = Fraction(1)
    total = 0
    for m in party:
        p_pass = p_check(m.con_mod, entry.dc)
        p_all_pass *= p_pass
        check = MemberCheck(m.name, 1 - p_pass)
        if roller is not None:
            label = f"day {entry.day} hour {entry.hour} {m.name}"
            roll = roller.roll(20, f"{label} con DC {entry.dc}", m.con_mod)
            damage = 0
            if roll < entry.dc:
                damage = sum(roller.roll(sides, f"{label} damage") for _ in range(dice))
            total += damage
            check = replace(check, roll=roll, damage=damage)
        checks.append(check)
    return replace(
        entry,
        p_fail=1 - p_all_pass,
        members=tuple(checks),
        damage=total if roller is not None else None,
    )


def _party_odds(
    party: Sequence[Member], day_dcs: Sequence[Sequence[int]]
) -> tuple[FatigueOdds | None, PartyOdds | None]:
    """Return the odds of anyone in `party` over the trip, and each member's.

    Members roll independently, so nobody fails on a day with the product of the members'
    chances of passing that day; the count of fatigued members and the whole party's damage
    are exact icepool sums (`dice.members_failing`, `dice.party_damage`).
    """
    if not any(day_dcs):
        return None, None
    all_dcs = [dc for dcs in day_dcs for dc in dcs]
    _check_odds_work(len(all_dcs) * len(party))
    full = max(day_dcs, key=len)
    mods = [m.con_mod for m in party]
    members = tuple(
        MemberOdds(
            m,
            _assemble(
                [p_no_failure(m.con_mod, dcs) for dcs in day_dcs],
                p_no_failure(m.con_mod, full),
                damage_on_failure(m.con_mod, all_dcs),
            ),
        )
        for m in party
    )
    per_day = [_product(p_no_failure(mod, dcs) for mod in mods) for dcs in day_dcs]
    anyone = _assemble(
        per_day,
        _product(p_no_failure(mod, full) for mod in mods),
        party_damage(mods, all_dcs),
    )
    return anyone, PartyOdds(members, members_failing(mods, all_dcs))


def _check_pace(hustle: int, forced: int, base: Fraction, mover: Mover, heresy: bool) -> None:
    """Refuse a day's pace the rules do not allow for this traveller."""
    if hustle < 0 or forced < 0:
        raise InputError(
            f"hustle {quote(hustle)} and forced march {quote(forced)} must be 0 or more"
        )
    if mover.water and (hustle or forced):
        raise InputError("vessels neither hustle nor force-march: drop --hustle/--forced-march")
    if heresy and forced:
        raise InputError("dh2e has no forced-march rule; use --hustle with --toughness-bonus")
    if base + forced > HOURS_IN_DAY:
        raise InputError(
            f"forced march {quote(forced)} h is out of range (0-{num(HOURS_IN_DAY - base)}): "
            f"a day has {HOURS_IN_DAY} h"
        )
    if hustle > base + forced:
        raise InputError(
            f"hustle {quote(hustle)} h is more than the {num(base + forced)} h of the day"
        )


#: Most checks (forced-march hours, dh2e Toughness tests) whose exact joint odds are computed:
#: the exact damage distribution grows with every check (256 take about a second).
MAX_ODDS_CHECKS = LIMITS.odds_checks


def _check_odds_work(checks: int) -> None:
    """Refuse exact odds over more than `MAX_ODDS_CHECKS` checks (LimitError, not a hang)."""
    if checks > MAX_ODDS_CHECKS:
        raise LimitError(
            f"exact odds over {checks} checks: more than {MAX_ODDS_CHECKS}"
            " (plan fewer days or hours of forced march / hustle)"
        )


def _odds(
    system: System,
    who: Traveller,
    animal: bool,
    day_dcs: Sequence[Sequence[int]],
    heresy_tests: Sequence[Sequence[int]],
) -> FatigueOdds | None:
    """Compute the exact fatigue odds of the trip's checks (None when there are none).

    `day_dcs` are each day's forced-march DCs (pf1e / dnd35), `heresy_tests` each day's
    Toughness test modifiers (dh2e); every check is an independent roll.
    """
    if system.heresy is not None:
        if who.toughness is None or not any(heresy_tests):
            return None
        _check_odds_work(sum(len(tests) for tests in heresy_tests))
        tough = who.toughness
        per_day = [_product(p_test_d100(tough + m) for m in tests) for tests in heresy_tests]
        full = max(heresy_tests, key=len)
        levels = d100_failures([tough + m for tests in heresy_tests for m in tests])
        return _assemble(per_day, _product(p_test_d100(tough + m) for m in full), levels)
    if not any(day_dcs):
        return None
    all_dcs = [dc for dcs in day_dcs for dc in dcs]
    _check_odds_work(len(all_dcs))
    if animal:  # mounts fail every forced-march check (seed 000 «Движение верхом»)
        per_day = [Fraction(0) if dcs else Fraction(1) for dcs in day_dcs]
        return _assemble(per_day, Fraction(0), damage_on_failure(None, all_dcs))
    per_day = [p_no_failure(who.con_mod, dcs) for dcs in day_dcs]
    full = max(day_dcs, key=len)
    return _assemble(
        per_day, p_no_failure(who.con_mod, full), damage_on_failure(who.con_mod, all_dcs)
    )


@dataclass(frozen=True, slots=True)
class ExertionOdds:
    """The checks of one day's exertion and their exact odds over `days` such days.

    `hours` are the day's checks: pf1e / dnd35 `ForcedHour`s (day 1), or dh2e `HustleHour`s
    carrying a test; `odds` as in `FatigueOdds` (damage: forced-march damage, or dh2e
    Fatigue levels).
    """

    system: str
    days: int
    hours: tuple[ForcedHour, ...] | tuple[HustleHour, ...]
    odds: FatigueOdds
    party: tuple[Member, ...] = ()
    party_odds: PartyOdds | None = None

    def to_json(self) -> dict[str, object]:
        """Return a JSON-ready dict (probabilities rounded for display)."""
        if self.system == "dh2e":
            hours = [_hustle_json(h) for h in self.hours if isinstance(h, HustleHour)]
        else:
            hours = [_forced_json(h) for h in self.hours if isinstance(h, ForcedHour)]
        return {
            "system": self.system,
            "days": self.days,
            "hours": hours,
            "odds": _odds_json(self.odds, self.system, self.party_odds),
            **(
                {"party": [{"name": m.name, **_member_json(m, self.system)} for m in self.party]}
                if self.party
                else {}
            ),
        }


def exertion_odds(
    system_id: str,
    *,
    forced_march: int = 0,
    con_mod: int = 0,
    mount: bool = False,
    hustle: int = 0,
    toughness_bonus: int | None = None,
    toughness: int | None = None,
    days: int = 1,
    switches: Mapping[str, str] | None = None,
    party: Sequence[Member] = (),
) -> ExertionOdds:
    """Return the exact odds of `days` days of the same exertion, without planning a trip.

    pf1e / dnd35: `forced_march` hours past the 8 of each day at Constitution modifier
    `con_mod` (a `mount` fails every check), or for each member of a `party` and for anyone
    in it. dh2e: `hustle` hours a day with Toughness `toughness` (and `toughness_bonus`, by
    default its tens digit).
    """
    system = load_system(system_id)
    if not 1 <= days <= 365:
        raise InputError(f"days {quote(days)} is out of range (1-365)")
    check_con_mod(con_mod)
    if system.heresy is not None:
        if forced_march or con_mod or mount:
            raise InputError("dh2e has no forced-march rule; give --hustle H and --toughness N")
        if party:
            return _heresy_party_exertion(
                system, system.heresy, hustle, days, party, toughness, toughness_bonus
            )
        if toughness is None:
            raise InputError("dh2e odds need --toughness N (0-100)")
        if not 0 <= toughness <= 100:
            raise InputError(f"toughness {quote(toughness)} is out of range (0-100)")
        tb = toughness // 10 if toughness_bonus is None else toughness_bonus
        check_bonus(tb, "toughness bonus", least=1)
        if not 1 <= hustle <= 24:
            raise InputError(f"hustle {quote(hustle)} h is out of range (1-24)")
        heresy_rule = system.heresy.hustle
        base = system.heresy.difficulty(heresy_rule.test).modifier
        tests = [base + heresy_rule.cumulative * (n - 1) for n in range(1, hustle // tb + 1)]
        entries = tuple(
            HustleHour(1, tb * n, test_modifier=m, p_fatigue=1 - p_test_d100(toughness + m))
            for n, m in enumerate(tests, 1)
        )
        odds = _odds(system, Traveller(toughness=toughness), False, [], [tests] * days)
        if odds is None:
            odds = _assemble([Fraction(1)] * days, Fraction(1), {0: Fraction(1)})
        return ExertionOdds(system.id, days, entries, odds)
    travel = _travel(system)
    if hustle or toughness is not None or toughness_bonus is not None:
        raise InputError(
            f"{system.id} odds take --forced-march H and --con-mod M; --hustle and --toughness"
            " are dh2e's (pf1e / dnd35 hustle damage is certain: see footfall travel --hustle)"
        )
    rule = travel.forced_march
    most = HOURS_IN_DAY - rule.base_hours
    if not 1 <= forced_march <= most:
        raise InputError(f"forced march {quote(forced_march)} h is out of range (1-{most})")
    choice = system.switches(switches).get("forced_march_dc", "plus-each")
    dcs = [rule.dc(e, choice) for e in range(1, forced_march + 1)]
    forced = tuple(
        ForcedHour(
            1,
            rule.base_hours + e,
            dc,
            Fraction(1) if mount else 1 - p_check(con_mod, dc),
            lethal=mount,
        )
        for e, dc in enumerate(dcs, 1)
    )
    if party:
        if mount:
            raise InputError("party members march on foot: --mount and --member do not mix")
        _check_members(party, con_mod)
        forced = tuple(_party_hour(f, party, None, 0, 0) for f in forced)
        anyone, split = _party_odds(party, [dcs] * days)
        assert anyone is not None
        return ExertionOdds(system.id, days, forced, anyone, tuple(party), split)
    result = _odds(system, Traveller(con_mod=con_mod), mount, [dcs] * days, [])
    assert result is not None
    return ExertionOdds(system.id, days, forced, result)


def _heresy_party_exertion(
    system: System,
    heresy: Heresy,
    hustle: int,
    days: int,
    party: Sequence[Member],
    toughness: int | None,
    toughness_bonus: int | None,
) -> ExertionOdds:
    """Return `exertion_odds` for a dh2e party: each member tests after its own TB hours."""
    if toughness is not None or toughness_bonus is not None:
        raise InputError(
            "give each member's Toughness in the party, not --toughness / --toughness-bonus"
        )
    _check_heresy_members(party)
    _check_members(party, 0, heresy=True)
    if not 1 <= hustle <= 24:
        raise InputError(f"hustle {quote(hustle)} h is out of range (1-24)")
    hours = []
    member_tests: list[list[int]] = [[] for _ in party]
    for hour in range(1, hustle + 1):
        entry = _party_tests(HustleHour(1, hour), hour, True, party, heresy, None)
        if entry.members:
            hours.append(entry)
            for i, m in enumerate(party):
                member_tests[i].extend(
                    c.test_modifier
                    for c in entry.members
                    if c.name == m.name and c.test_modifier is not None
                )
    result = _party_odds_d100(party, [[tests] * days for tests in member_tests])
    anyone, split = result
    if anyone is None:  # nobody hustles long enough to test
        anyone = _assemble([Fraction(1)] * days, Fraction(1), {0: Fraction(1)})
        split = None
    return ExertionOdds(system.id, days, tuple(hours), anyone, tuple(party), split)


@dataclass(frozen=True, slots=True)
class LocalPace:
    """One pace at the local scale: its rate per minute and the minutes the distance takes.

    `limit_minutes` is how long the pace can be kept up (running only; None: no limit in the
    text), and `within_limit` whether the distance fits in it.
    """

    pace: str
    per_minute: Fraction
    minutes: Fraction
    limit_minutes: Fraction | None = None
    within_limit: bool = True


@dataclass(frozen=True, slots=True)
class LocalTrip:
    """A short trip at the local scale (feet or metres per minute), pace by pace."""

    system: str
    unit: str
    distance: Fraction
    paces: tuple[LocalPace, ...]
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return a JSON-ready dict (numbers rounded for display)."""
        return {
            "system": self.system,
            "scale": "local",
            "unit": self.unit,
            "distance": num(self.distance),
            "paces": [
                {
                    "pace": p.pace,
                    "per_minute": num(p.per_minute),
                    "minutes": num(p.minutes),
                    "rounds": None if self.system == "dh2e" else num(p.minutes * 10),
                    "limit_minutes": None if p.limit_minutes is None else num(p.limit_minutes),
                    "within_limit": p.within_limit,
                }
                for p in self.paces
            ],
            "notes": list(self.notes),
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
) -> LocalTrip:
    """Return how long `distance` takes at the local scale, at each pace.

    pf1e / dnd35 (seed 000 "Локальное перемещение", seed 004 "区域移动"): ft per minute =
    10 x ft per round for walk, hustle and run (x4, x3 in heavy armor or load); a runner keeps
    going for rounds equal to its Constitution score (pf1e) or one minute with Con 9+ (dnd35,
    then rests). dh2e (seed 001): narrative metres per minute by Agility Bonus, halved through
    dense terrain. `distance` is in ft (pf1e / dnd35) or m (dh2e).
    """
    system = load_system(system_id)
    if distance < 0:
        raise InputError(f"distance {_short(distance)} is negative")
    if system.heresy is not None:
        if agility_bonus is None:
            raise InputError("dh2e local travel needs --agility-bonus N (0 or more)")
        check_bonus(agility_bonus)
        row, extrapolated = system.heresy.narrative_row(agility_bonus)
        rate = row.per_minute_m * (system.heresy.dense_factor if dense else 1)
        _check_local_minutes(distance / rate)
        pace = LocalPace("walk", rate, distance / rate)
        extra = ("beyond-table",) if extrapolated else ()
        return LocalTrip(system.id, "m", distance, (pace,), extra)
    travel = _travel(system)
    if speed is None:
        raise InputError(f"{system.id} local travel needs --speed N (ft)")
    check_d20_speed(system, speed)
    _check_local_minutes(distance / travel.per_minute(speed, Mode.WALK, armor, load))
    if con is not None and not 0 <= con <= 99:
        raise InputError(f"Constitution {quote(con)} is out of range (0-99)")
    paces: list[LocalPace] = []
    notes: list[str] = []
    for mode in (Mode.WALK, Mode.HUSTLE, Mode.RUN):
        rate = travel.per_minute(speed, mode, armor, load)
        minutes = distance / rate
        if mode is not Mode.RUN:
            paces.append(LocalPace(mode.value, rate, minutes))
            continue
        limit = _run_limit(travel, con)
        if limit is None and con is not None:
            notes.append("run-limit-unknown")
        within = limit is None or minutes <= limit
        paces.append(LocalPace(mode.value, rate, minutes, limit, within))
    return LocalTrip(system.id, "ft", distance, tuple(paces), tuple(notes))


def _check_local_minutes(minutes: Fraction) -> None:
    """Refuse a local-scale trip longer than the overland planner's limit (`_MAX_HOURS`)."""
    if minutes > _MAX_HOURS * 60:
        raise LimitError(
            f"the walk takes {_short(num(minutes / 60))} h: more than {_MAX_HOURS} h"
            " (give long distances in mi or km)"
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


def _product(values: Iterable[Fraction]) -> Fraction:
    result = Fraction(1)
    for v in values:
        result *= v
    return result


def _assemble(
    per_day_pass: list[Fraction], full_day_pass: Fraction, damage: dict[int, Fraction]
) -> FatigueOdds:
    first: dict[int | None, Fraction] = {}
    survive = Fraction(1)
    for day, p in enumerate(per_day_pass, 1):
        first[day] = survive * (1 - p)
        survive *= p
    first[None] = survive
    q = 1 - full_day_pass
    return FatigueOdds(
        p_no_fatigue=survive,
        p_no_fatigue_day=full_day_pass,
        first_day=first,
        expected_day=None if q == 0 else 1 / q,
        damage=damage,
    )
