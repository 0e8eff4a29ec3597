"""CLI commands of journeys: ``travel``, ``chase`` and ``route`` (thin: parse, call, present).

Each prints a readable log for people, or the JOURNEY.md JSON shape with ``--json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import typer

from footfall import chase as chase_mod
from footfall.cli import emit_json
from footfall.dice import check_seed
from footfall.errors import InputError, quote, unknown
from footfall.i18n import Lang, parse_lang, t
from footfall.rules import Armor, Load, Road, System, Terrain, load_system
from footfall.travel import (
    KM_PER_MILE,
    FatigueOdds,
    Flow,
    ForcedHour,
    HustleHour,
    Journey,
    Leg,
    LegPlan,
    LocalTrip,
    PartyOdds,
    Traveller,
    check_con_mod,
    load_journey,
    num,
    parse_current,
    parse_leg,
    parse_member,
    parse_number,
    parse_party,
    plan_journey,
    plan_local,
)
from footfall.units import localize_decimal

__all__ = ["FLAGS", "register"]

#: The flags of library parameters whose flag is not ``--`` and the name with dashes.
FLAGS = {
    "legs": "--leg",
    "party": "--member",
    "day_paces": "--day",
    "start": "--from",
    "goal": "--to",
    "journey": "--journey",
}


_NOTES = {"towed": "journeys.towed", "beyond-table": "journeys.beyond_table"}


def _whole(option: str) -> Callable[[str], int]:
    """Return a Typer parser of whole numbers that names `option` and the bad value."""

    def parse(value: str) -> int:
        try:
            return int(value)
        except ValueError:  # also past Python's 4300-digit limit: quoted short
            raise InputError(f"{option} must be a whole number, got {quote(value)}") from None

    return parse


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


#: The library's label of travellers on foot: ``speed=30`` or ``ab=3`` (+ `` (slowest of 3)``).
_WALKER = re.compile(r"(?P<kind>speed|ab)=(?P<value>\d+)(?: \(slowest of (?P<of>\d+)\))?")


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


def _terrain_name(system: System, leg: Leg, lang: Lang) -> str:
    if system.heresy is not None:
        return t("journeys.dense" if leg.dense else "journeys.open", lang)
    if leg.terrain is None or leg.road is None or system.travel is None:
        return t("journeys.water", lang)
    travel = system.travel
    terrain = travel.terrain_row(Terrain(leg.terrain)).names.get(lang)
    road = next(r for r in travel.roads if r.road is Road(leg.road)).names.get(lang)
    return f"{terrain}, {road}"


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


def render_journey(journey: Journey, lang: Lang, seed: int | None = None) -> str:
    """Return the journey as a GM's travel log in `lang`."""
    system = load_system(journey.system)
    scale = KM_PER_MILE if journey.metric else Fraction(1)
    unit_id = "km" if journey.metric else journey.unit
    unit = t(f"common.unit.{unit_id}", lang)

    def d(value: Fraction) -> str:
        return _fmt(value * scale, lang)

    lines = [
        t(
            "journeys.title",
            lang,
            system=journey.system,
            distance=d(journey.total_distance),
            unit=unit,
            hours=_duration(journey.total_hours, lang),
            days=_days(journey.total_days, lang),
            day_hours=_fmt(journey.day_hours, lang),
            traveller=_traveller_name(system, journey.traveller, lang),
        )
    ]
    if journey.metric:
        lines.append(t("journeys.metric", lang))
    for note in journey.notes:
        lines.append(
            t({"towed": "journeys.towed", "beyond-table": "journeys.beyond_table"}[note], lang)
        )
    lines.append(t("journeys.legs", lang))
    for n, plan in enumerate(journey.legs, 1):
        lines.append(
            t(
                "journeys.leg",
                lang,
                n=n,
                distance=d(plan.leg.distance),
                unit=unit,
                terrain=_terrain_name(system, plan.leg, lang)
                + (
                    ""
                    if plan.leg.pace is None
                    else ", " + t(f"journeys.pace.{plan.leg.pace.value}", lang)
                ),
                multiplier=str(plan.multiplier),
                per_hour=d(plan.per_hour),
                hours=_duration(plan.hours, lang),
                log=_leg_log(plan, lang),
            )
        )
    lines.append(t("journeys.days", lang))
    for day in journey.days:
        extras = []
        if day.hustle_hours:
            extras.append(t("journeys.extra.hustle", lang, hours=_duration(day.hustle_hours, lang)))
        if day.forced_march_hours:
            extras.append(
                t("journeys.extra.forced", lang, hours=_duration(day.forced_march_hours, lang))
            )
        if day.drift_hours:
            extras.append(t("journeys.extra.drift", lang, hours=_duration(day.drift_hours, lang)))
        extra = f" ({', '.join(extras)})" if extras else ""
        common = {
            "day": day.day,
            "hours": _duration(day.hours, lang),
            "distance": d(day.distance),
            "unit": unit,
            "extra": extra,
        }
        last = day is journey.days[-1]
        if last:
            lines.append(t("journeys.day.arrive", lang, **common))
        else:
            leg = journey.legs[day.end_leg - 1].leg
            lines.append(
                t(
                    "journeys.day",
                    lang,
                    **common,
                    into=d(day.end_into),
                    length=d(leg.distance),
                    leg=day.end_leg,
                    terrain=_terrain_name(system, leg, lang),
                )
            )
    if journey.hustle:
        lines.append(t("journeys.hustle", lang) + ":")
        for h in journey.hustle:
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
                rolled = ""
                if h.roll is not None:
                    result = t(
                        "journeys.test.failed" if h.fatigue else "journeys.test.passed", lang
                    )
                    rolled = t("journeys.rolled.test", lang, roll=h.roll, result=result)
                p = "-" if h.p_fatigue is None else _pct(h.p_fatigue, lang)
                lines.append(
                    t(
                        "journeys.hustle.test",
                        lang,
                        day=h.day,
                        hour=h.hour,
                        modifier=h.test_modifier,
                        p=p,
                        rolled=rolled,
                    )
                )
        if journey.perception is not None:
            lines.append(t("journeys.perception", lang, modifier=journey.perception))
    if journey.forced_march:
        lines.append(t("journeys.forced_march", lang) + ":")
        lines.extend(_forced_line(f, lang) for f in journey.forced_march)
    lines.extend(_fatigue_lines(journey, lang))
    if journey.odds is not None:
        lines.extend(_odds_lines(journey.odds, journey.system, journey.party_odds, lang))
    if journey.rolls and seed is not None:
        lines.append(t("journeys.rolls", lang, seed=seed))
        for r in journey.rolls:
            lines.append(f"  {r['label']}: {r['die']} = {r['result']} -> {r['total']}")
    return "\n".join(lines)


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
    if journey.members_fatigued_from:
        lines = []
        key = "journeys.fatigued.member" + (".dh2e" if journey.system == "dh2e" else "")
        for member, at in zip(journey.party, journey.members_fatigued_from, strict=True):
            if at is not None:
                lines.append(t(key, lang, name=member.name, day=at[0], hour=at[1]))
        if not lines and (journey.forced_march or journey.odds is not None):
            lines.append(t("journeys.not_fatigued.rolled", lang))
        return lines
    if journey.fatigued_from is not None:
        key = "journeys.fatigued.dh2e" if journey.system == "dh2e" else "journeys.fatigued"
        day_no, hour_no = journey.fatigued_from
        return [t(key, lang, day=day_no, hour=hour_no)]
    if (journey.hustle or journey.forced_march) and journey.odds is None:
        return [t("journeys.not_fatigued", lang)]
    return []


def _odds_lines(
    odds: FatigueOdds,
    system: str,
    party: PartyOdds | None,
    lang: Lang,
    *,
    first_day: bool = False,
) -> list[str]:
    """Return the exact odds: the traveller's (or anyone's in a party), then each member's.

    `first_day` adds the chance that fatigue first sets in on each day (``footfall odds``).
    """
    dh2e = system == "dh2e"

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
        key = "journeys.odds.first_day.dh2e" if dh2e else "journeys.odds.first_day"
        first = [t(key, lang, dist=days)]
    if party is None:
        lines = [summary("journeys.odds.dh2e" if dh2e else "journeys.odds", odds), *first]
        key = "journeys.odds.levels" if dh2e else "journeys.odds.damage"
        return [*lines, t(key, lang, dist=dist(odds.damage))]
    suffix = ".dh2e" if dh2e else ""
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
    key = "journeys.odds.levels.party" if dh2e else "journeys.odds.damage.party"
    lines.append(t(key, lang, dist=dist(odds.damage)))
    return lines


def _day_pace(text: str, n: int) -> tuple[int, int]:
    """Parse ``--day 'hustle=2,forced_march=1'`` (``forced`` is accepted too)."""
    from footfall.travel import parse_day_pace

    values: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip().replace("-", "_")
        key = "forced_march" if key == "forced" else key
        if key in values:
            raise InputError(f"--day {quote(text)} gives {key} twice")
        try:
            values[key] = int(value)
        except ValueError:
            raise InputError(f"--day {quote(text)}: expected hustle=H,forced_march=F") from None
        if not sep:
            raise InputError(f"--day {quote(text)}: expected hustle=H,forced_march=F")
    return parse_day_pace(values, f"--day {n}")


_LOCAL_LEG = re.compile(r"^\s*(-?\d+(?:[.,]\d+)?(?:/\d+)?)\s*(ft|m)\b\s*(.*?)\s*$", re.IGNORECASE)


def _local_trip(
    rules: System,
    matches: list[re.Match[str]],
    speed: int | None,
    con: int | None,
    armor: Armor,
    load: Load,
    agility_bonus: int | None,
) -> LocalTrip:
    """Plan legs given in ft (pf1e / dnd35) or m (dh2e) at the local scale."""
    unit = "m" if rules.heresy is not None else "ft"
    total = Fraction(0)
    dense = False
    for m in matches:
        if m.group(2).lower() != unit:
            raise InputError(f"{rules.id} local distances are in {unit}, not {m.group(2)}")
        total += parse_number(m.group(1), "leg distance")
        words = m.group(3).lower().split()
        for w in words:
            if rules.heresy is None or w not in ("dense", "open"):
                raise InputError(
                    f"local leg {quote(m.group(0).strip())}: no terrain at this scale"
                    if rules.heresy is None
                    else str(unknown("dh2e leg flag", w, ("dense", "open")))
                )
        dense = dense or "dense" in words
    if dense and len(matches) > 1:
        raise InputError("dh2e local scale: give one leg, dense or open")
    return plan_local(
        rules.id,
        total,
        speed=speed,
        armor=armor,
        load=load,
        con=con,
        agility_bonus=agility_bonus,
        dense=dense,
    )


def render_local(trip: LocalTrip, lang: Lang, who: int | None, con: int | None) -> str:
    """Return a local-scale trip as readable lines in `lang`."""
    unit = t(f"common.unit.{trip.unit}", lang)
    kind = "speed" if trip.system != "dh2e" else "ab"
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
        if trip.system != "dh2e":
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
    if "run-limit-unknown" in trip.notes:
        lines.append(t("journeys.local.limit_unknown", lang))
    if "beyond-table" in trip.notes:
        lines.append(t("journeys.beyond_table", lang))
    return "\n".join(lines)


#: The ``travel`` options of one family of systems: dh2e's (seed 001) and pf1e / dnd35's.
_DH2E_OPTIONS = ("--agility-bonus", "--toughness-bonus", "--toughness")
_D20_OPTIONS = ("--speed", "--con-mod", "--con", "--armor", "--load", "--metric")


def _refuse_other_system(rules: System, given: dict[str, bool]) -> None:
    """Refuse the ``travel`` options `given` that belong to another system's rules."""
    heresy = rules.heresy is not None
    theirs = _D20_OPTIONS if heresy else _DH2E_OPTIONS
    wrong = [name for name in theirs if given.get(name)]
    if not wrong:
        return
    if heresy:
        raise InputError(
            f"{', '.join(wrong)}: pf1e / dnd35 options; dh2e travels by --agility-bonus, in km,"
            " and hustles on --toughness / --toughness-bonus"
        )
    raise InputError(
        f"{', '.join(wrong)}: dh2e options; {rules.id} travels by --speed FT, --mount or"
        " --vessel and checks Constitution (--con-mod)"
    )


def _check_roll(roll: bool, seed: int | None, what: str) -> None:
    """Refuse --roll without --seed, a seed out of range, and --seed without --roll."""
    if seed is not None:
        check_seed(seed)
    if roll and seed is None:
        raise InputError(f"--roll needs --seed N, so the {what} can be reproduced")
    if seed is not None and not roll:
        raise InputError(f"--seed {seed} needs --roll: without it nothing is rolled")


def _flow(downstream: bool, upstream: bool) -> Flow:
    if downstream and upstream:
        raise InputError("give --downstream or --upstream, not both")
    if downstream:
        return Flow.DOWNSTREAM
    return Flow.UPSTREAM if upstream else Flow.NONE


def _opt(value: Any, file_value: Any) -> Any:
    """Prefer the command line's value; fall back to the journey file's."""
    return file_value if value is None else value


def travel(
    system: str = typer.Argument(..., help="pf1e, dnd35 or dh2e"),
    leg: list[str] = typer.Option(
        [], "--leg", help="'24 mi forest trackless', '40 mi' (water), '12 km dense' (dh2e)"
    ),
    journey_file: str | None = typer.Option(
        None, "--journey", "--from-route", help="journey file (.toml/.json) or route --json"
    ),
    speed: list[int] = typer.Option(
        [], "--speed", help="speed in ft; repeat per member", parser=_whole("--speed")
    ),
    mount: str | None = typer.Option(None, "--mount", help="mount or land vehicle"),
    loaded: bool = typer.Option(False, "--loaded", help="use the mount's loaded row"),
    vessel: str | None = typer.Option(None, "--vessel", help="raft, keelboat, rowboat ..."),
    current: str | None = typer.Option(None, "--current", help="current in mi/h (default 3)"),
    downstream: bool = typer.Option(False, "--downstream", help="travel with the current"),
    upstream: bool = typer.Option(False, "--upstream", help="travel against the current"),
    drift: bool = typer.Option(False, "--drift", help="drift 14 more hours a day downstream"),
    tow: bool = typer.Option(False, "--tow", help="tow the vessel upstream from the bank"),
    hustle: int | None = typer.Option(
        None, "--hustle", help="hustle the first H hours a day", parser=_whole("--hustle")
    ),
    forced_march: int | None = typer.Option(
        None,
        "--forced-march",
        help="march H hours past the 8 of each day",
        parser=_whole("--forced-march"),
    ),
    day: list[str] = typer.Option(
        [], "--day", help="pace of day 1, 2 ... in turn: 'hustle=2,forced_march=1'"
    ),
    con_mod: int | None = typer.Option(
        None, "--con-mod", help="Constitution modifier", parser=_whole("--con-mod")
    ),
    member: list[str] = typer.Option(
        [],
        "--member",
        help="party member 'name=Valeros,con=+2[,speed=20]' (dh2e: toughness=T[,tb=B,ab=A]);"
        " repeat: odds per member",
    ),
    con: int | None = typer.Option(
        None, "--con", help="Constitution score (local running)", parser=_whole("--con")
    ),
    armor: str | None = typer.Option(
        None, "--armor", help="local scale: none (default), light, medium, heavy"
    ),
    load: str | None = typer.Option(
        None, "--load", help="local scale: light (default), medium, heavy"
    ),
    agility_bonus: int | None = typer.Option(
        None, "--agility-bonus", help="dh2e AB", parser=_whole("--agility-bonus")
    ),
    toughness_bonus: int | None = typer.Option(
        None, "--toughness-bonus", help="dh2e TB", parser=_whole("--toughness-bonus")
    ),
    toughness: int | None = typer.Option(
        None, "--toughness", help="dh2e Toughness (odds)", parser=_whole("--toughness")
    ),
    forced_march_dc: str | None = typer.Option(
        None, "--forced-march-dc", help="switch: plus-each (default) | first-is-10"
    ),
    roll: bool = typer.Option(False, "--roll", help="roll every check (needs --seed)"),
    seed: int | None = typer.Option(
        None, "--seed", help="seed of the rolls", parser=_whole("--seed")
    ),
    metric: bool = typer.Option(False, "--metric", help="pf1e/dnd35 distances in km"),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Plan a journey day by day: legs, pace, hustle, forced march, fatigue and its odds."""
    from footfall.rates import parse_armor, parse_load

    language = parse_lang(lang)
    rules = load_system(system)
    # Every value is checked whether or not this trip uses it, then an option the trip does
    # not use is refused (docs/travel.md "options that do not apply"): never ignored.
    armor_kind = parse_armor("none" if armor is None else armor)
    load_kind = parse_load("light" if load is None else load)
    if con_mod is not None:
        check_con_mod(con_mod)
    local = [m for m in (_LOCAL_LEG.match(text) for text in leg) if m]
    _refuse_other_system(
        rules,
        {
            "--speed": bool(speed) and bool(local),  # overland: refused by plan_journey
            "--con-mod": con_mod is not None,
            "--con": con is not None,
            "--armor": armor is not None,
            "--load": load is not None,
            "--metric": metric,
            "--agility-bonus": agility_bonus is not None,
            "--toughness-bonus": toughness_bonus is not None,
            "--toughness": toughness is not None,
        },
    )
    if not local:
        running = {
            "--con": con is not None,
            "--armor": armor is not None,
            "--load": load is not None,
        }
        given_local = [name for name, used in running.items() if used]
        if given_local:
            raise InputError(
                f"{', '.join(given_local)}: local-scale options (running); legs in mi / km"
                " plan overland travel, where nobody runs (give legs in ft for the local scale)"
            )
    if local:
        if len(local) != len(leg):
            raise InputError("give all legs in ft / m (local scale) or none of them")
        overland = {
            "--journey": journey_file is not None,
            "--mount": mount is not None,
            "--loaded": loaded,
            "--vessel": vessel is not None,
            "--current": current is not None,
            "--downstream": downstream,
            "--upstream": upstream,
            "--drift": drift,
            "--tow": tow,
            "--hustle": hustle is not None,
            "--forced-march": forced_march is not None,
            "--day": bool(day),
            "--member": bool(member),
            "--roll": roll,
            "--seed": seed is not None,
            "--metric": metric,
            "--con-mod": con_mod is not None,
            "--toughness": toughness is not None,
            "--toughness-bonus": toughness_bonus is not None,
            "--forced-march-dc": forced_march_dc is not None,
        }
        given = [name for name, used in overland.items() if used]
        if given:
            raise InputError(
                f"{', '.join(given)}: overland options; legs in ft / m plan the local scale"
                " (walk, hustle and run per minute)"
            )
        trip = _local_trip(
            rules, local, min(speed) if speed else None, con, armor_kind, load_kind, agility_bonus
        )
        if as_json:
            emit_json(trip.to_json())
        else:
            typer.echo(render_local(trip, language, min(speed) if speed else agility_bonus, con))
        return
    legs = [parse_leg(text, rules) for text in leg]
    opts: dict[str, object] = {}
    day_paces: list[tuple[int, int]] = []
    if journey_file is not None:
        spec = load_journey(journey_file, rules)
        file_system = spec.options.get("system")
        if file_system is not None and file_system != system:
            raise InputError(f"journey file is for {file_system}, not {system}")
        legs = [*spec.legs, *legs]
        opts = dict(spec.options)
        day_paces = list(spec.day_paces)
    if day:
        day_paces = [_day_pace(text, n) for n, text in enumerate(day, 1)]
    _check_roll(roll, seed, "rolls")
    speeds = list(speed)
    if not speeds:
        file_speeds = opts.get("speeds", opts.get("speed"))
        if isinstance(file_speeds, int):
            speeds = [file_speeds]
        elif isinstance(file_speeds, list):
            speeds = [int(s) for s in file_speeds]
    flow = _flow(downstream, upstream)
    if flow is Flow.NONE and isinstance(opts.get("flow"), str):
        flow_names = [f.value for f in Flow]
        if opts["flow"] not in flow_names:
            raise unknown("flow", opts["flow"], flow_names)
        flow = Flow(str(opts["flow"]))
    cur = _opt(current, opts.get("current"))
    party = tuple(parse_member(text, n) for n, text in enumerate(member, 1))
    if not party and opts.get("party") is not None:
        party = parse_party(opts["party"])
    who = Traveller(
        speeds=tuple(speeds),
        mount=_opt(mount, opts.get("mount")),
        loaded=loaded or bool(opts.get("loaded", False)),
        vessel=_opt(vessel, opts.get("vessel")),
        current=None if cur is None else parse_current(cur),
        flow=flow,
        drift=drift or bool(opts.get("drift", False)),
        tow=tow or bool(opts.get("tow", False)),
        agility_bonus=_opt(agility_bonus, opts.get("agility_bonus")),
        toughness_bonus=_opt(toughness_bonus, opts.get("toughness_bonus")),
        toughness=_opt(toughness, opts.get("toughness")),
        con_mod=int(_opt(con_mod, opts.get("con_mod")) or 0),
        party=party,
    )
    switch = _opt(forced_march_dc, opts.get("forced_march_dc"))
    result = plan_journey(
        system,
        legs,
        who,
        hustle=int(_opt(hustle, opts.get("hustle")) or 0),
        forced_march=int(_opt(forced_march, opts.get("forced_march")) or 0),
        day_paces=day_paces,
        switches=None if switch is None else {"forced_march_dc": str(switch)},
        seed=seed if roll else None,
        metric=metric or bool(opts.get("metric", False)),
    )
    if as_json:
        emit_json(result.to_json())
    else:
        typer.echo(render_journey(result, language, seed if roll else None))


def chase(
    system: str = typer.Argument(..., help="pf1e or dnd35 (dh2e, drawsteel: no chase rules)"),
    pursuer: str = typer.Option(..., "--pursuer", help="'speed=30,dex=+2,con=+1'"),
    quarry: str = typer.Option(..., "--quarry", help="'speed=30,dex=+3'"),
    scale: str = typer.Option("tactical", "--scale", help="tactical (Dex) or overland (Con)"),
    chase_tie: str | None = typer.Option(
        None, "--chase-tie", help="switch: pursuer (default) | opposed"
    ),
    roll: bool = typer.Option(False, "--roll", help="roll the check (needs --seed)"),
    seed: int | None = typer.Option(
        None, "--seed", help="seed of the roll", parser=_whole("--seed")
    ),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Say who gets away: speed first, then an opposed Dexterity or Constitution check."""
    language = parse_lang(lang)
    chase_mod.require_chase_rules(system)
    rules = load_system(system)
    tie_choice = rules.switches({} if chase_tie is None else {"chase_tie": chase_tie})
    tie = chase_mod.ChaseTie(tie_choice["chase_tie"])
    scales = [s.value for s in chase_mod.Scale]
    if scale not in scales:
        raise unknown("scale", scale, scales)
    _check_roll(roll, seed, "roll")
    result = chase_mod.chase(
        chase_mod.parse_runner(pursuer, "pursuer"),
        chase_mod.parse_runner(quarry, "quarry"),
        chase_mod.Scale(scale),
        tie,
        system=system,
        seed=seed if roll else None,
    )
    if as_json:
        emit_json(result.to_json())
        return
    typer.echo(render_chase(result, language, seed if roll else None))


def render_chase(result: chase_mod.ChaseResult, lang: Lang, seed: int | None) -> str:
    """Return a chase's outcome and odds as readable lines in `lang`."""

    def outcome(escaped: bool) -> str:
        return t("journeys.chase.escaped" if escaped else "journeys.chase.caught", lang)

    if result.check is None:
        escaped = result.outcome is chase_mod.Outcome.ESCAPED
        winner = t("journeys.chase.quarry" if escaped else "journeys.chase.pursuer", lang)
        return t(
            "journeys.chase.speed",
            lang,
            system=result.system,
            scale=t(f"journeys.scale.{result.scale.value}", lang),
            winner=winner,
            outcome=outcome(escaped),
        )
    lines = [
        t(
            "journeys.chase.contest",
            lang,
            system=result.system,
            scale=t(f"journeys.scale.{result.scale.value}", lang),
            check=t(f"journeys.chase.{result.check.value}", lang),
            p_escape=_pct(result.p_escape, lang),
            exact=str(result.p_escape),
            p_caught=_pct(result.p_caught, lang),
            tie=t(f"journeys.chase.tie.{result.tie.value}", lang),
        )
    ]
    if result.roll is not None and seed is not None:
        escaped = result.roll.winner == "quarry"
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


def route(
    map_file: str = typer.Argument(..., help="map file or sample: valley, hexes, hive (dh2e)"),
    start: str = typer.Option(..., "--from", help="start cell X,Y (column,row)"),
    goal: str = typer.Option(..., "--to", help="end cell X,Y (column,row)"),
    system: str = typer.Option("pf1e", "--system", help="pf1e, dnd35 or dh2e"),
    speed: list[int] = typer.Option(
        [], "--speed", help="speed in ft; repeat per member", parser=_whole("--speed")
    ),
    mount: str | None = typer.Option(None, "--mount", help="mount or land vehicle"),
    loaded: bool = typer.Option(False, "--loaded", help="use the mount's loaded row"),
    agility_bonus: int | None = typer.Option(
        None, "--agility-bonus", help="dh2e AB", parser=_whole("--agility-bonus")
    ),
    metric: bool = typer.Option(False, "--metric", help="pf1e/dnd35 distances in km"),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Find the fastest overland route across a terrain map; its legs feed travel."""
    from footfall.route import find_route, load_map, parse_point

    language = parse_lang(lang)
    rules = load_system(system)
    terrain_map = load_map(map_file)
    who = Traveller(speeds=tuple(speed), mount=mount, loaded=loaded, agility_bonus=agility_bonus)
    result = find_route(
        terrain_map,
        parse_point(start, "from"),
        parse_point(goal, "to"),
        who,
        system_id=system,
        metric=metric,
    )
    if as_json:
        emit_json(result.to_json())
        return
    where = {"start": ",".join(map(str, result.start)), "goal": ",".join(map(str, result.goal))}
    if not result.found:
        typer.echo(t("journeys.route.none", language, **where))
        return
    scale = KM_PER_MILE if result.metric else Fraction(1)
    unit = t(f"common.unit.{'km' if result.metric else result.unit}", language)
    lines = [
        t(
            "journeys.route.found",
            language,
            **where,
            distance=_fmt(result.distance * scale, language),
            unit=unit,
            hours=_duration(result.hours, language),
            days=_days(result.days, language),
            day_hours=_fmt(result.day_hours, language),
            steps=len(result.path) - 1,
            traveller=_traveller_name(rules, result.traveller, language),
        ),
        t("journeys.legs", language),
    ]
    for n, plan in enumerate(result.legs, 1):
        lines.append(
            t(
                "journeys.leg",
                language,
                n=n,
                distance=_fmt(plan.leg.distance * scale, language),
                unit=unit,
                terrain=_terrain_name(rules, plan.leg, language),
                multiplier=str(plan.multiplier),
                per_hour=_fmt(plan.per_hour * scale, language),
                hours=_duration(plan.hours, language),
                log="",
            )
        )
    typer.echo("\n".join(lines))


def odds(
    system: str = typer.Argument(..., help="pf1e, dnd35 or dh2e"),
    forced_march: int = typer.Option(
        0, "--forced-march", help="hours past 8 a day", parser=_whole("--forced-march")
    ),
    con_mod: int = typer.Option(
        0, "--con-mod", help="Constitution modifier", parser=_whole("--con-mod")
    ),
    mount: bool = typer.Option(False, "--mount", help="a mount: fails every check"),
    member: list[str] = typer.Option(
        [], "--member", help="party member 'name=Valeros,con=+2' (repeat; odds per member)"
    ),
    hustle: int = typer.Option(
        0, "--hustle", help="dh2e: hours of hustle a day", parser=_whole("--hustle")
    ),
    toughness: int | None = typer.Option(
        None, "--toughness", help="dh2e Toughness", parser=_whole("--toughness")
    ),
    toughness_bonus: int | None = typer.Option(
        None, "--toughness-bonus", help="dh2e TB", parser=_whole("--toughness-bonus")
    ),
    days: int = typer.Option(
        1, "--days", help="days of the same exertion", parser=_whole("--days")
    ),
    forced_march_dc: str | None = typer.Option(
        None, "--forced-march-dc", help="switch: plus-each (default) | first-is-10"
    ),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Give the exact odds of forced marching (pf1e, dnd35) or hustling (dh2e), day after day."""
    from footfall.travel import exertion_odds

    language = parse_lang(lang)
    result = exertion_odds(
        system,
        forced_march=forced_march,
        con_mod=con_mod,
        mount=mount,
        hustle=hustle,
        toughness=toughness,
        toughness_bonus=toughness_bonus,
        days=days,
        switches=None if forced_march_dc is None else {"forced_march_dc": forced_march_dc},
        party=tuple(parse_member(text, n) for n, text in enumerate(member, 1)),
    )
    if as_json:
        emit_json(result.to_json())
        return
    if system == "dh2e" and result.party:
        title = t(
            "journeys.odds.title.hustle.party",
            language,
            system=system,
            hours=hustle,
            members=", ".join(f"{m.name} T{m.toughness} TB{m.tb}" for m in result.party),
            days=days,
        )
    elif system == "dh2e":
        tb = toughness_bonus if toughness_bonus is not None else (toughness or 0) // 10
        title = t(
            "journeys.odds.title.hustle",
            language,
            system=system,
            hours=hustle,
            toughness=toughness,
            tb=tb,
            days=days,
        )
    else:
        key = "journeys.odds.title.mount" if mount else "journeys.odds.title.march"
        title = t(key, language, system=system, hours=forced_march, con_mod=con_mod, days=days)
        if result.party:
            title = t(
                "journeys.odds.title.party",
                language,
                system=system,
                hours=forced_march,
                members=", ".join(f"{m.name} {m.con_mod:+d}" for m in result.party),
                days=days,
            )
    lines = [title]
    for h in result.hours:
        if isinstance(h, ForcedHour):
            lines.append(_forced_line(h, language))
        elif isinstance(h, HustleHour) and h.members:
            lines.append(_tests_line(h, language))
        elif isinstance(h, HustleHour) and h.test_modifier is not None:
            p = "-" if h.p_fatigue is None else _pct(h.p_fatigue, language)
            lines.append(
                t(
                    "journeys.hustle.test",
                    language,
                    day=h.day,
                    hour=h.hour,
                    modifier=h.test_modifier,
                    p=p,
                    rolled="",
                )
            )
    lines.extend(_odds_lines(result.odds, system, result.party_odds, language, first_day=True))
    typer.echo("\n".join(lines))


def register(app: typer.Typer) -> None:
    """Add the ``travel``, ``chase``, ``route`` and ``odds`` commands to `app`."""
    app.command("travel")(travel)
    app.command("chase")(chase)
    app.command("route")(route)
    app.command("odds")(odds)
