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

The package, one module per concern:

- `quantities`: exact numbers read and rounded, miles and km;
- `legs`: a journey's legs and their terrain x road multipliers;
- `party`: a party on foot and what its members roll against;
- `traveller`, `mover`, `water`: who travels and how (on foot, mounted, by boat, dh2e), resolved
  into rates and the shape of a day;
- `exertion`: hustle and forced march hour by hour (damage, checks, tests);
- `odds`: the exact odds of fatigue, over a trip or days of the same exertion;
- `journey`, `planner`: the planned journey and the hour-by-hour planner;
- `local`: short trips at the local scale (per minute);
- `files`: journey files (TOML, JSON, a route's output).

Importing the package imports none of them: each name below is imported from its module the
first time it is used (PEP 562, `footfall.lazy`), so ``footfall odds`` loads the odds and not
the planner or the journey files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from footfall.lazy import facade

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
    from footfall.travel.exertion import (
        FATIGUE_FORBIDS,
        HOURS_IN_DAY,
        ForcedHour,
        HustleHour,
        MemberCheck,
    )
    from footfall.travel.files import JourneySpec, load_journey, parse_journey
    from footfall.travel.journey import Day, Journey, LegPlan
    from footfall.travel.legs import Leg, Pace, make_leg, parse_leg
    from footfall.travel.local import LocalPace, LocalTrip, plan_local
    from footfall.travel.mover import Note
    from footfall.travel.odds import ExertionOdds, FatigueOdds, MemberOdds, PartyOdds, exertion_odds
    from footfall.travel.party import Member, parse_member, parse_party
    from footfall.travel.planner import plan_journey
    from footfall.travel.quantities import KM_PER_MILE, DistanceUnit
    from footfall.travel.traveller import Traveller
    from footfall.travel.water import Flow

#: Each public name and the module it comes from: imported the first time it is asked for.
_HOMES: dict[str, tuple[str, str]] = {
    "FATIGUE_FORBIDS": ("footfall.travel.exertion", "FATIGUE_FORBIDS"),
    "HOURS_IN_DAY": ("footfall.travel.exertion", "HOURS_IN_DAY"),
    "ForcedHour": ("footfall.travel.exertion", "ForcedHour"),
    "HustleHour": ("footfall.travel.exertion", "HustleHour"),
    "MemberCheck": ("footfall.travel.exertion", "MemberCheck"),
    "JourneySpec": ("footfall.travel.files", "JourneySpec"),
    "load_journey": ("footfall.travel.files", "load_journey"),
    "parse_journey": ("footfall.travel.files", "parse_journey"),
    "Day": ("footfall.travel.journey", "Day"),
    "Journey": ("footfall.travel.journey", "Journey"),
    "LegPlan": ("footfall.travel.journey", "LegPlan"),
    "Leg": ("footfall.travel.legs", "Leg"),
    "Pace": ("footfall.travel.legs", "Pace"),
    "make_leg": ("footfall.travel.legs", "make_leg"),
    "parse_leg": ("footfall.travel.legs", "parse_leg"),
    "LocalPace": ("footfall.travel.local", "LocalPace"),
    "LocalTrip": ("footfall.travel.local", "LocalTrip"),
    "plan_local": ("footfall.travel.local", "plan_local"),
    "Note": ("footfall.travel.mover", "Note"),
    "ExertionOdds": ("footfall.travel.odds", "ExertionOdds"),
    "FatigueOdds": ("footfall.travel.odds", "FatigueOdds"),
    "MemberOdds": ("footfall.travel.odds", "MemberOdds"),
    "PartyOdds": ("footfall.travel.odds", "PartyOdds"),
    "exertion_odds": ("footfall.travel.odds", "exertion_odds"),
    "Member": ("footfall.travel.party", "Member"),
    "parse_member": ("footfall.travel.party", "parse_member"),
    "parse_party": ("footfall.travel.party", "parse_party"),
    "plan_journey": ("footfall.travel.planner", "plan_journey"),
    "KM_PER_MILE": ("footfall.travel.quantities", "KM_PER_MILE"),
    "DistanceUnit": ("footfall.travel.quantities", "DistanceUnit"),
    "Traveller": ("footfall.travel.traveller", "Traveller"),
    "Flow": ("footfall.travel.water", "Flow"),
}

__all__ = [
    "FATIGUE_FORBIDS",
    "HOURS_IN_DAY",
    "KM_PER_MILE",
    "Day",
    "DistanceUnit",
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
    "Note",
    "Pace",
    "PartyOdds",
    "Traveller",
    "exertion_odds",
    "load_journey",
    "make_leg",
    "parse_journey",
    "parse_leg",
    "parse_member",
    "parse_party",
    "plan_journey",
    "plan_local",
]

__getattr__, __dir__ = facade(__name__, _HOMES)
