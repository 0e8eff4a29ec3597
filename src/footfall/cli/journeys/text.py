"""The journey commands' text answers: a GM's travel log, odds, chases and routes in words.

Every label comes from the message catalogs (`footfall.i18n`, ``journeys.*``) in the asked
language; numbers are the library's exact values rounded here, at the edge.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from footfall import chase as chase_mod
from footfall.i18n import Lang, t
from footfall.rules import Family, Road, System, Terrain, load_system
from footfall.travel import (
    KM_PER_MILE,
    ExertionOdds,
    FatigueOdds,
    ForcedHour,
    HustleHour,
    Journey,
    Leg,
    LegPlan,
    LocalTrip,
    PartyOdds,
)
from footfall.travel.mover import Note
from footfall.travel.quantities import num
from footfall.units import localize_decimal

if TYPE_CHECKING:  # routes load the search kernel: only ``footfall route`` imports them
    from footfall.route import Route

__all__ = ["render_chase", "render_journey", "render_local", "render_odds", "render_route"]

_NOTES = {Note.TOWED: "journeys.towed", Note.BEYOND_TABLE: "journeys.beyond_table"}


# --------------------------------------------------------------------------- numbers


def _fmt(value: Fraction | int, lang: Lang = "en") -> str:
    """Format an exact number for text: integers plain, others to 2 decimals."""
    shown = num(Fraction(value))
    text = str(shown)
    return localize_decimal(text, lang)


def _duration(hours: Fraction, lang: Lang = "en") -> str:
    """Format a duration given in exact hours: h from an hour up, else min, else s.

    A leg of a very fast traveller takes minutes or seconds, which "0 h" would hide; the
    exact value stays in the JSON (``hours_exact``). Whatever would round to 60 of the
    smaller unit shows in the larger one.
    """
    minutes = hours * 60
    seconds = minutes * 60
    if hours == 0 or num(minutes) >= 60:
        return f"{_fmt(hours, lang)} {t('journeys.unit.h', lang)}"
    if num(seconds) >= 60:
        return f"{_fmt(minutes, lang)} {t('journeys.unit.min', lang)}"
    shown = "<0.01" if num(seconds) == 0 else str(num(seconds))
    text = f"{shown} {t('journeys.unit.s', lang)}"
    return localize_decimal(text, lang)


def _days(days: Fraction, lang: Lang = "en") -> str:
    """Format a number of days; a trip of seconds shows <0.01 days, not 0."""
    return _small(days, lang)


def _small(value: Fraction, lang: Lang = "en") -> str:
    """Format a count that may be tiny: a positive value that rounds to 0 shows <0.01."""
    if value > 0 and num(value) == 0:
        return "<0,01" if lang == "ru" else "<0.01"
    return _fmt(value, lang)


def _local_minutes(minutes: Fraction, lang: Lang = "en") -> str:
    """Format a local-scale duration in minutes, as the seeds' tables count it.

    Only what would print as 0 min (under 0.005 min) switches to seconds (`_duration`).
    """
    if minutes > 0 and num(minutes) == 0:
        return _duration(minutes / 60, lang)
    return f"{_fmt(minutes, lang)} {t('journeys.unit.min', lang)}"


def _pct(value: Fraction, lang: Lang = "en") -> str:
    """Format a probability as a percentage; tiny non-zero chances show as <0.01%."""
    text = "<0.01%" if 0 < value < Fraction(1, 10000) else f"{float(value) * 100:.2f}%"
    return localize_decimal(text, lang)


# --------------------------------------------------------------------------- names

#: The library's label of travellers on foot: ``speed=30`` or ``ab=3`` (+ `` (slowest of 3)``).
_WALKER = re.compile(r"(?P<kind>speed|ab)=(?P<value>\d+)(?: \(slowest of (?P<of>\d+)\))?")


def _traveller_name(system: System, label: str, lang: Lang) -> str:
    """Return who travels in `lang`: a mount's or vessel's name, or a walker's speed.

    The library's label (JSON ``traveller``) is ``speed=30`` / ``ab=3``, with `` (slowest
    of N)`` for a party, or a conveyance id; text answers say it in words.
    """
    if system.travel is not None:
        for c in system.travel.conveyances:
            if c.id == label:
                return c.names.get(lang)
    match = _WALKER.fullmatch(label)
    if match is None:
        return label
    kind, value, of = match["kind"], int(match["value"]), match["of"]
    text = t(f"journeys.traveller.{kind}", lang, value=value)
    return text if of is None else t("journeys.traveller.slowest", lang, who=text, count=int(of))


def _terrain_name(system: System, leg: Leg, lang: Lang) -> str:
    """Return a leg's ground in `lang`: terrain and road, dense or open, or water."""
    if system.heresy is not None:
        return t("journeys.dense" if leg.dense else "journeys.open", lang)
    if leg.terrain is None or leg.road is None or system.travel is None:
        return t("journeys.water", lang)
    travel = system.travel
    terrain = travel.terrain_row(Terrain(leg.terrain)).names.get(lang)
    road = next(r for r in travel.roads if r.road is Road(leg.road)).names.get(lang)
    return f"{terrain}, {road}"


# --------------------------------------------------------------------------- the travel log


def _leg_log(plan: LegPlan, lang: Lang) -> str:
    """Return how long the log spends on a leg, when that differs from its hours at its rate.

    A hustled leg goes faster than its rate, a drifting vessel's leg slower (JSON
    ``legs[].log_hours``); otherwise the leg's hours say it all and this is empty.
    """
    if plan.log_hours is None or plan.log_hours == plan.hours:
        return ""
    parts = []
    if plan.hustle_hours:
        parts.append(t("journeys.leg.log.hustle", lang, hours=_duration(plan.hustle_hours, lang)))
    if plan.drift_hours:
        parts.append(t("journeys.leg.log.drift", lang, hours=_duration(plan.drift_hours, lang)))
    detail = f" ({', '.join(parts)})" if parts else ""
    return t("journeys.leg.log", lang, hours=_duration(plan.log_hours, lang), parts=detail)


class _Log:
    """What every line of one journey's log shares: its system, unit and language."""

    def __init__(self, journey: Journey, lang: Lang) -> None:
        self.journey = journey
        self.lang = lang
        self.system = load_system(journey.system)
        self.scale = KM_PER_MILE if journey.metric else Fraction(1)
        self.unit = t(f"common.unit.{'km' if journey.metric else journey.unit}", lang)

    def d(self, value: Fraction) -> str:
        """Format a distance in the log's unit."""
        return _fmt(value * self.scale, self.lang)

    def title(self) -> list[str]:
        """Return the title line (totals, traveller) and the notes under it."""
        j, lang = self.journey, self.lang
        lines = [
            t(
                "journeys.title",
                lang,
                system=j.system,
                distance=self.d(j.total_distance),
                unit=self.unit,
                hours=_duration(j.total_hours, lang),
                days=_days(j.total_days, lang),
                day_hours=_fmt(j.day_hours, lang),
                traveller=_traveller_name(self.system, j.traveller, lang),
            )
        ]
        if j.metric:
            lines.append(t("journeys.metric", lang))
        lines.extend(t(_NOTES[note], lang) for note in j.notes)
        return lines

    def legs(self) -> list[str]:
        """Return the legs: distance, ground, multiplier, rate and hours of each."""
        lang = self.lang
        lines = [t("journeys.legs", lang)]
        for n, plan in enumerate(self.journey.legs, 1):
            pace = plan.leg.pace
            own = "" if pace is None else ", " + t(f"journeys.pace.{pace.value}", lang)
            lines.append(
                t(
                    "journeys.leg",
                    lang,
                    n=n,
                    distance=self.d(plan.leg.distance),
                    unit=self.unit,
                    terrain=_terrain_name(self.system, plan.leg, lang) + own,
                    multiplier=str(plan.multiplier),
                    per_hour=self.d(plan.per_hour),
                    hours=_duration(plan.hours, lang),
                    log=_leg_log(plan, lang),
                )
            )
        return lines

    def days(self) -> list[str]:
        """Return each day: hours, distance, paces, and where it ends."""
        j, lang = self.journey, self.lang
        lines = [t("journeys.days", lang)]
        for day in j.days:
            extras = []
            if day.hustle_hours:
                hours = _duration(day.hustle_hours, lang)
                extras.append(t("journeys.extra.hustle", lang, hours=hours))
            if day.forced_march_hours:
                hours = _duration(day.forced_march_hours, lang)
                extras.append(t("journeys.extra.forced", lang, hours=hours))
            if day.drift_hours:
                hours = _duration(day.drift_hours, lang)
                extras.append(t("journeys.extra.drift", lang, hours=hours))
            common = {
                "day": day.day,
                "hours": _duration(day.hours, lang),
                "distance": self.d(day.distance),
                "unit": self.unit,
                "extra": f" ({', '.join(extras)})" if extras else "",
            }
            if day is j.days[-1]:
                lines.append(t("journeys.day.arrive", lang, **common))
                continue
            leg = j.legs[day.end_leg - 1].leg
            where = {
                "into": self.d(day.end_into),
                "length": self.d(leg.distance),
                "leg": day.end_leg,
                "terrain": _terrain_name(self.system, leg, lang),
            }
            lines.append(t("journeys.day", lang, **common, **where))
        return lines

    def hustle(self) -> list[str]:
        """Return each hustled hour: its damage, or the dh2e tests due in it."""
        j, lang = self.journey, self.lang
        if not j.hustle:
            return []
        lines = [t("journeys.hustle", lang) + ":"]
        for h in j.hustle:
            if h.damage is not None:
                kind = t("journeys.lethal" if h.lethal else "journeys.nonlethal", lang)
                lines.append(
                    t(
                        "journeys.hustle.hour",
                        lang,
                        day=h.day,
                        hour=h.hour,
                        damage=h.damage,
                        kind=kind,
                        total=h.total,
                    )
                )
            elif h.members:
                lines.append(_tests_line(h, lang))
            elif h.test_modifier is not None:
                lines.append(_test_line(h, lang))
        if j.perception is not None:
            lines.append(t("journeys.perception", lang, modifier=j.perception))
        return lines

    def rolls(self, seed: int | None) -> list[str]:
        """Return every die rolled, in order, under the seed that rolled them."""
        if not self.journey.rolls or seed is None:
            return []
        lines = [t("journeys.rolls", self.lang, seed=seed)]
        for r in self.journey.rolls:
            lines.append(r.text(self.lang))
        return lines


def render_journey(journey: Journey, lang: Lang, seed: int | None = None) -> str:
    """Return the journey as a GM's travel log in `lang`."""
    log = _Log(journey, lang)
    lines = [*log.title(), *log.legs(), *log.days(), *log.hustle()]
    if journey.forced_march:
        lines.append(t("journeys.forced_march", lang) + ":")
        lines.extend(_forced_line(f, lang) for f in journey.forced_march)
    lines.extend(_fatigue_lines(journey, lang))
    if journey.odds is not None:
        heresy = journey.family is Family.HERESY
        lines.extend(_odds_lines(journey.odds, journey.party_odds, lang, heresy=heresy))
    lines.extend(log.rolls(seed))
    return "\n".join(lines)


def _test_line(h: HustleHour, lang: Lang) -> str:
    """Return a lone dh2e traveller's hustled hour with its Toughness test (and roll)."""
    rolled = ""
    if h.roll is not None:
        result = t("journeys.test.failed" if h.fatigue else "journeys.test.passed", lang)
        rolled = t("journeys.rolled.test", lang, roll=h.roll, result=result)
    p = "-" if h.p_fatigue is None else _pct(h.p_fatigue, lang)
    return t(
        "journeys.hustle.test",
        lang,
        day=h.day,
        hour=h.hour,
        modifier=h.test_modifier,
        p=p,
        rolled=rolled,
    )


def _forced_line(f: ForcedHour, lang: Lang) -> str:
    """Return one forced-march hour: its DC, the chance of failing, and any rolls.

    For a party, each member's chance and the chance that anyone fails.
    """
    if f.members:
        chances = ", ".join(f"{m.name} {_pct(m.p_fail, lang)}" for m in f.members)
        anyone = t("journeys.forced.anyone", lang, p=_pct(f.p_fail, lang))
        p = f"{chances}{t('journeys.sep', lang)}{anyone}"
        rolled = ""
        if f.damage is not None:
            rolls = ", ".join(
                t("journeys.rolled.member", lang, name=m.name, roll=m.roll, damage=m.damage)
                for m in f.members
            )
            rolled = t("journeys.rolled.members", lang, rolls=rolls)
    else:
        p = _pct(f.p_fail, lang)
        rolled = ""
        if f.damage is not None:
            if f.roll is None:
                rolled = t("journeys.rolled.auto", lang, damage=f.damage)
            else:
                rolled = t("journeys.rolled.check", lang, roll=f.roll, damage=f.damage)
    return t("journeys.forced.hour", lang, day=f.day, hour=f.hour, dc=f.dc, p=p, rolled=rolled)


def _tests_line(h: HustleHour, lang: Lang) -> str:
    """Return a dh2e party's hustled hour: each member's Toughness test due in it."""
    assert h.p_fatigue is not None
    chances = ", ".join(
        t(
            "journeys.hustle.member",
            lang,
            name=m.name,
            modifier=m.test_modifier,
            p=_pct(m.p_fail, lang),
        )
        for m in h.members
    )
    anyone = t("journeys.forced.anyone", lang, p=_pct(h.p_fatigue, lang))
    p = f"{chances}{t('journeys.sep', lang)}{anyone}"
    rolled = ""
    if h.members[0].roll is not None:
        rolls = ", ".join(
            t(
                "journeys.rolled.member.test",
                lang,
                name=m.name,
                roll=m.roll,
                result=t("journeys.test.failed" if m.fatigue else "journeys.test.passed", lang),
            )
            for m in h.members
        )
        rolled = t("journeys.rolled.members", lang, rolls=rolls)
    return t("journeys.hustle.tests", lang, day=h.day, hour=h.hour, p=p, rolled=rolled)


def _fatigue_lines(journey: Journey, lang: Lang) -> list[str]:
    """Return when fatigue sets in: for the traveller, or member by member after rolls."""
    suffix = ".dh2e" if journey.family is Family.HERESY else ""
    if journey.members_fatigued_from:
        lines = []
        for member, at in zip(journey.party, journey.members_fatigued_from, strict=True):
            if at is not None:
                key = "journeys.fatigued.member" + suffix
                lines.append(t(key, lang, name=member.name, day=at[0], hour=at[1]))
        if not lines and (journey.forced_march or journey.odds is not None):
            lines.append(t("journeys.not_fatigued.rolled", lang))
        return lines
    if journey.fatigued_from is not None:
        day_no, hour_no = journey.fatigued_from
        return [t("journeys.fatigued" + suffix, lang, day=day_no, hour=hour_no)]
    if (journey.hustle or journey.forced_march) and journey.odds is None:
        return [t("journeys.not_fatigued", lang)]
    return []


def _odds_lines(
    odds: FatigueOdds,
    party: PartyOdds | None,
    lang: Lang,
    *,
    heresy: bool,
    first_day: bool = False,
) -> list[str]:
    """Return the exact odds: the traveller's (or anyone's in a party), then each member's.

    `heresy`: the checks are dh2e Toughness tests (Fatigue levels, not damage); `first_day`
    adds the chance that fatigue first sets in on each day (``footfall odds``).
    """

    def summary(key: str, o: FatigueOdds, **extra: object) -> str:
        expected = (
            t("journeys.never", lang) if o.expected_day is None else _fmt(o.expected_day, lang)
        )
        return t(
            key,
            lang,
            p=_pct(o.p_no_fatigue, lang),
            exact=str(o.p_no_fatigue),
            p_day=_pct(o.p_no_fatigue_day, lang),
            expected=expected,
            **extra,
        )

    def dist(values: Mapping[int, Fraction]) -> str:
        return ", ".join(f"{k}: {_pct(v, lang)}" for k, v in sorted(values.items()) if v)

    first: list[str] = []
    if first_day:
        days = ", ".join(
            f"{t('journeys.never', lang) if k is None else k}: {_pct(v, lang)}"
            for k, v in odds.first_day.items()
        )
        key = "journeys.odds.first_day.dh2e" if heresy else "journeys.odds.first_day"
        first = [t(key, lang, dist=days)]
    if party is None:
        lines = [summary("journeys.odds.dh2e" if heresy else "journeys.odds", odds), *first]
        key = "journeys.odds.levels" if heresy else "journeys.odds.damage"
        return [*lines, t(key, lang, dist=dist(odds.damage))]
    suffix = ".dh2e" if heresy else ""
    lines = [summary("journeys.odds.party" + suffix, odds), *first]
    for m in party.members:
        who = m.member
        lines.append(
            summary(
                "journeys.odds.member" + suffix,
                m.odds,
                name=who.name,
                con_mod=who.con_mod,
                toughness=who.toughness,
                tb=who.tb,
            )
        )
    key = "journeys.odds.fatigued_members" + suffix
    lines.append(t(key, lang, dist=dist(party.fatigued_members)))
    key = "journeys.odds.levels.party" if heresy else "journeys.odds.damage.party"
    lines.append(t(key, lang, dist=dist(odds.damage)))
    return lines


# --------------------------------------------------------------------------- the other answers


def render_local(trip: LocalTrip, lang: Lang, who: int | None, con: int | None) -> str:
    """Return a local-scale trip as readable lines in `lang`.

    `who` is the traveller's speed (dh2e: Agility Bonus); `con` its Constitution score.
    """
    rounds_counted = trip.family is not Family.HERESY
    unit = t(f"common.unit.{trip.unit}", lang)
    kind = "speed" if rounds_counted else "ab"
    label = t(f"journeys.traveller.{kind}", lang, value=who) if who is not None else "—"
    lines = [
        t(
            "journeys.local.title",
            lang,
            system=trip.system,
            distance=_fmt(trip.distance, lang),
            unit=unit,
            traveller=label,
        )
    ]
    for p in trip.paces:
        rounds = ""
        if rounds_counted:
            rounds = t("journeys.local.rounds", lang, rounds=_small(p.minutes * 10, lang))
        if p.limit_minutes is not None:
            key = "journeys.local.limit_ok" if p.within_limit else "journeys.local.limit_over"
            rounds += t(key, lang, limit=_fmt(p.limit_minutes, lang))
        lines.append(
            t(
                "journeys.local.pace",
                lang,
                pace=t(f"journeys.pace.{p.pace}", lang),
                per_minute=_fmt(p.per_minute, lang),
                unit=unit,
                minutes=_local_minutes(p.minutes, lang),
                rounds=rounds,
            )
        )
    if Note.RUN_LIMIT_UNKNOWN in trip.notes:
        lines.append(t("journeys.local.limit_unknown", lang))
    if Note.BEYOND_TABLE in trip.notes:
        lines.append(t("journeys.beyond_table", lang))
    return "\n".join(lines)


def render_chase(result: chase_mod.ChaseResult, lang: Lang, seed: int | None) -> str:
    """Return a chase's outcome and odds as readable lines in `lang`."""

    def outcome(escaped: bool) -> str:
        return t("journeys.chase.escaped" if escaped else "journeys.chase.caught", lang)

    scale = t(f"journeys.scale.{result.scale.value}", lang)
    if result.check is None:
        escaped = result.outcome is chase_mod.Outcome.ESCAPED
        winner = t("journeys.chase.quarry" if escaped else "journeys.chase.pursuer", lang)
        return t(
            "journeys.chase.speed",
            lang,
            system=result.system,
            scale=scale,
            winner=winner,
            outcome=outcome(escaped),
        )
    lines = [
        t(
            "journeys.chase.contest",
            lang,
            system=result.system,
            scale=scale,
            check=t(f"journeys.chase.{result.check.value}", lang),
            p_escape=_pct(result.p_escape, lang),
            exact=str(result.p_escape),
            p_caught=_pct(result.p_caught, lang),
            tie=t(f"journeys.chase.tie.{result.tie.value}", lang),
        )
    ]
    if result.roll is not None and seed is not None:
        escaped = result.roll.winner is chase_mod.Side.QUARRY
        lines.append(
            t(
                "journeys.chase.roll",
                lang,
                seed=seed,
                pursuer=result.roll.pursuer,
                quarry=result.roll.quarry,
                winner=t(f"journeys.chase.{result.roll.winner}", lang),
                outcome=outcome(escaped),
            )
        )
    return "\n".join(lines)


def render_route(result: Route, lang: Lang) -> str:
    """Return a route's totals and legs as readable lines in `lang`."""
    rules = load_system(result.system)
    where = {"start": ",".join(map(str, result.start)), "goal": ",".join(map(str, result.goal))}
    if not result.found:
        return t("journeys.route.none", lang, **where)
    scale = KM_PER_MILE if result.metric else Fraction(1)
    unit = t(f"common.unit.{'km' if result.metric else result.unit}", lang)
    lines = [
        t(
            "journeys.route.found",
            lang,
            **where,
            distance=_fmt(result.distance * scale, lang),
            unit=unit,
            hours=_duration(result.hours, lang),
            days=_days(result.days, lang),
            day_hours=_fmt(result.day_hours, lang),
            steps=len(result.path) - 1,
            traveller=_traveller_name(rules, result.traveller, lang),
        ),
        t("journeys.legs", lang),
    ]
    for n, plan in enumerate(result.legs, 1):
        lines.append(
            t(
                "journeys.leg",
                lang,
                n=n,
                distance=_fmt(plan.leg.distance * scale, lang),
                unit=unit,
                terrain=_terrain_name(rules, plan.leg, lang),
                multiplier=str(plan.multiplier),
                per_hour=_fmt(plan.per_hour * scale, lang),
                hours=_duration(plan.hours, lang),
                log="",
            )
        )
    return "\n".join(lines)


def render_odds(result: ExertionOdds, lang: Lang, title: str) -> str:
    """Return `footfall odds`: `title`, each checked hour, and the odds day after day."""
    lines = [title]
    for h in result.hours:
        if isinstance(h, ForcedHour):
            lines.append(_forced_line(h, lang))
        elif isinstance(h, HustleHour) and h.members:
            lines.append(_tests_line(h, lang))
        elif isinstance(h, HustleHour) and h.test_modifier is not None:
            lines.append(_test_line(h, lang))
    heresy = result.family is Family.HERESY
    odds = _odds_lines(result.odds, result.party_odds, lang, heresy=heresy, first_day=True)
    lines.extend(odds)
    return "\n".join(lines)
