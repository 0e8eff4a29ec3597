"""A planned journey: its legs, its days, its exertion and fatigue, as JOURNEY.md shapes them.

`footfall.travel.planner.plan_journey` builds a `Journey`; `Journey.to_json` is the
``footfall travel --json`` contract (JOURNEY.md): distances in the system's unit (km with
``metric``), numbers rounded for display beside their exact fractions (``*_exact``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from footfall.rules import Condition, Family
from footfall.travel.exertion import FATIGUE_FORBIDS, ForcedHour, HustleHour, TravelRoll
from footfall.travel.legs import Leg
from footfall.travel.mover import Note
from footfall.travel.odds import FatigueOdds, PartyOdds, odds_json
from footfall.travel.party import Member
from footfall.travel.quantities import KM_PER_MILE, DistanceUnit, num

__all__ = ["Day", "Journey", "LegPlan", "leg_json"]


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


def leg_json(
    plan: LegPlan, scale: Fraction, *, heresy: bool, pace: bool = True
) -> dict[str, object]:
    """Return JOURNEY.md's leg shape (``travel`` and ``route`` alike), distances x `scale`.

    `heresy`: the system's legs are dense or open (dh2e), so each says which; `pace`: say a
    leg's own pace (a route's legs do not).
    """
    leg = plan.leg
    return {
        "distance": num(leg.distance * scale),
        "distance_exact": str(leg.distance * scale),
        "terrain": None if leg.terrain is None else leg.terrain.value,
        "road": None if leg.road is None else leg.road.value,
        **({"dense": leg.dense} if heresy else {}),
        **({"pace": leg.pace.value} if pace and leg.pace is not None else {}),
        "multiplier": str(plan.multiplier),
        "per_hour": num(plan.per_hour * scale),
        "hours": num(plan.hours),
        "hours_exact": str(plan.hours),
        **_leg_log_json(plan),
    }


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

    def to_json(self, scale: Fraction) -> dict[str, object]:
        """Return JOURNEY.md's ``days[]`` entry, distances x `scale` (km for ``metric``)."""
        return {
            "day": self.day,
            "hours": num(self.hours),
            "hours_exact": str(self.hours),
            "distance": num(self.distance * scale),
            "hustle_hours": num(self.hustle_hours),
            "forced_march_hours": num(self.forced_march_hours),
            "drift_hours": num(self.drift_hours),
            "end": {"leg": self.end_leg, "into": num(self.end_into * scale)},
            "terrains": list(self.terrains),
        }


def _when(at: tuple[int, int] | None) -> dict[str, int] | None:
    return None if at is None else {"day": at[0], "hour": at[1]}


@dataclass(frozen=True, slots=True)
class Journey:
    """A planned journey: legs, days, totals, exertion hour by hour, fatigue and its odds.

    `family` is the system's rule family: dh2e's journeys (heresy) carry dense legs,
    Toughness tests and Fatigue levels instead of Constitution checks and damage.
    """

    system: str
    unit: DistanceUnit
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
    rolls: tuple[TravelRoll, ...] = ()
    notes: tuple[Note, ...] = ()
    metric: bool = False
    last_day_length: Fraction | None = None
    party: tuple[Member, ...] = ()
    party_odds: PartyOdds | None = None
    members_fatigued_from: tuple[tuple[int, int] | None, ...] = ()
    family: Family = Family.D20

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
        heresy = self.family is Family.HERESY
        scale = KM_PER_MILE if self.metric else Fraction(1)
        data: dict[str, object] = {
            "system": self.system,
            "unit": DistanceUnit.KM.value if self.metric else self.unit.value,
            "traveller": self.traveller,
            "legs": [leg_json(p, scale, heresy=heresy) for p in self.legs],
            "days": [d.to_json(scale) for d in self.days],
            "total": self._total_json(scale),
            "hustle": [h.to_json() for h in self.hustle],
            "forced_march": [f.to_json() for f in self.forced_march],
            "fatigued_from": _when(self.fatigued_from),
            "fatigue_forbids": list(FATIGUE_FORBIDS)
            if self.fatigued_from is not None and not heresy
            else [],
            # The scene's word for it (SCENE.md extension "conditions", docs/scenes.md).
            "conditions": [Condition.FATIGUED.value]
            if self.fatigued_from is not None and not heresy
            else [],
            "odds": None
            if self.odds is None
            else odds_json(self.odds, self.party_odds, heresy=heresy),
            "notes": [n.value for n in self.notes],
        }
        if self.party:
            data["party"] = self._party_json(heresy)
        if self.metric:
            data["converted_from"] = self.unit.value
        if self.perception is not None:
            data["perception_modifier"] = self.perception
        if self.rolls:
            data["rolls"] = [r.to_json() for r in self.rolls]
        return data

    def _total_json(self, scale: Fraction) -> dict[str, object]:
        return {
            "distance": num(self.total_distance * scale),
            "hours": num(self.total_hours),
            "hours_exact": str(self.total_hours),
            "days": num(self.total_days),
            "days_exact": str(self.total_days),
            "day_hours": num(self.day_hours),
        }

    def _party_json(self, heresy: bool) -> list[dict[str, object]]:
        members = []
        for i, m in enumerate(self.party):
            entry = {"name": m.name, **m.to_json(heresy=heresy)}
            if self.members_fatigued_from:
                entry["fatigued_from"] = _when(self.members_fatigued_from[i])
                fatigued = self.members_fatigued_from[i] is not None and not heresy
                entry["conditions"] = [Condition.FATIGUED.value] if fatigued else []
            members.append(entry)
        return members
