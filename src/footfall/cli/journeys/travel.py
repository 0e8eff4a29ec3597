"""The ``travel`` command: options in small groups, checked, merged with a journey file.

Its options come in groups, each a record with its own checks (docs/travel.md "options that
do not apply": every value is checked, then an option the trip does not use is refused,
never ignored):

- `Conveyance`: a mount, vehicle or vessel and the river (``--mount`` ... ``--tow``);
- `Paces`: hustle, forced march, the pace of each day and the forced-march switch;
- `Checks`: what the traveller's checks roll against (``--con-mod``, ``--member``, dh2e's
  ``--agility-bonus`` / ``--toughness-bonus`` / ``--toughness``);
- `Running`: the local scale's ``--con``, ``--armor``, ``--load``;
- `Rolls`: ``--roll`` and ``--seed``.

Legs in ft or m plan the local scale (`footfall.travel.plan_local`), legs in mi or km the
journey (`footfall.travel.plan_journey`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import typer

from footfall.cli import MOUNTS_HELP, emit_json
from footfall.cli.journeys.options import check_roll, flags, whole
from footfall.errors import InputError, Param, unknown
from footfall.i18n import Lang, parse_lang
from footfall.rules import Armor, Load, System, load_system

if TYPE_CHECKING:  # the planners (and icepool) load when a journey command runs
    from footfall.travel import Flow, Journey, Leg, LocalTrip, Member, Traveller

__all__ = ["Checks", "Conveyance", "Paces", "Rolls", "Running", "travel"]


@dataclass(frozen=True, slots=True)
class Conveyance:
    """``--mount``, ``--loaded``, ``--vessel`` and the river: ``--current`` ... ``--tow``."""

    mount: str | None = None
    loaded: bool = False
    vessel: str | None = None
    current: str | None = None
    downstream: bool = False
    upstream: bool = False
    drift: bool = False
    tow: bool = False

    def given(self) -> dict[str, bool]:
        """Return which of these options the command line gives, by library name."""
        return {
            "mount": self.mount is not None,
            "loaded": self.loaded,
            "vessel": self.vessel is not None,
            "current": self.current is not None,
            "downstream": self.downstream,
            "upstream": self.upstream,
            "drift": self.drift,
            "tow": self.tow,
        }

    def flow(self, file: Mapping[str, object]) -> Flow:
        """Return the way the vessel goes: the command line's, else the journey `file`'s."""
        from footfall.travel import Flow

        if self.downstream and self.upstream:
            both = (Param("downstream"), Param("upstream"))
            raise InputError("error.travel.flow-both", param=both)
        if self.downstream:
            return Flow.DOWNSTREAM
        if self.upstream:
            return Flow.UPSTREAM
        named = file.get("flow")
        if not isinstance(named, str):
            return Flow.NONE
        if named not in tuple(Flow):
            raise unknown("flow", named, [f.value for f in Flow], param=Param("flow"))
        return Flow(named)


@dataclass(frozen=True, slots=True)
class Paces:
    """``--hustle``, ``--forced-march``, ``--day`` (each day's pace), ``--forced-march-dc``."""

    hustle: int | None = None
    forced_march: int | None = None
    days: tuple[str, ...] = ()
    forced_march_dc: str | None = None

    def given(self) -> dict[str, bool]:
        """Return which of these options the command line gives, by library name."""
        return {
            "hustle": self.hustle is not None,
            "forced_march": self.forced_march is not None,
            "day_paces": bool(self.days),
        }

    def day_paces(self) -> list[tuple[int, int]]:
        """Return each ``--day``'s ``(hustle, forced_march)`` in turn."""
        return [_day_pace(text, n) for n, text in enumerate(self.days, 1)]


@dataclass(frozen=True, slots=True)
class Checks:
    """What checks roll against: ``--con-mod``, ``--member``; dh2e's AB, TB and Toughness."""

    con_mod: int | None = None
    members: tuple[str, ...] = ()
    agility_bonus: int | None = None
    toughness_bonus: int | None = None
    toughness: int | None = None

    def heresy_given(self) -> dict[str, bool]:
        """Return which of dh2e's options (seed 001) the command line gives."""
        return {
            "agility_bonus": self.agility_bonus is not None,
            "toughness_bonus": self.toughness_bonus is not None,
            "toughness": self.toughness is not None,
        }

    def party(self) -> tuple[Member, ...]:
        """Return the ``--member`` party, in order."""
        from footfall.travel import parse_member

        return tuple(parse_member(text, n) for n, text in enumerate(self.members, 1))


@dataclass(frozen=True, slots=True)
class Running:
    """The local scale's running: ``--con`` (a Constitution score), ``--armor``, ``--load``."""

    con: int | None = None
    armor: str | None = None
    load: str | None = None

    def given(self) -> dict[str, bool]:
        """Return which of these options the command line gives, by library name."""
        return {
            "con": self.con is not None,
            "armor": self.armor is not None,
            "load": self.load is not None,
        }

    def kinds(self) -> tuple[Armor, Load]:
        """Return the armor and load, checked (by default no armor, a light load)."""
        from footfall.rates import parse_armor, parse_load  # the travel command's alone

        armor = parse_armor("none" if self.armor is None else self.armor)
        return armor, parse_load("light" if self.load is None else self.load)


@dataclass(frozen=True, slots=True)
class Rolls:
    """``--roll`` every check, from ``--seed``."""

    roll: bool = False
    seed: int | None = None

    def check(self) -> int | None:
        """Return the seed to roll with (None: no rolls), refusing one without the other."""
        check_roll(self.roll, self.seed, "rolls")
        return self.seed if self.roll else None


@dataclass(frozen=True, slots=True)
class _Trip:
    """Every option of one ``travel`` command line, in its groups."""

    system: str
    legs: tuple[str, ...]
    journey: str | None
    speeds: tuple[int, ...]
    conveyance: Conveyance
    paces: Paces
    checks: Checks
    running: Running
    rolls: Rolls
    metric: bool


def travel(
    system: str = typer.Argument(..., help="pf1e, dnd35 or dh2e"),
    leg: list[str] = typer.Option(
        [], "--leg", help="'24 mi forest trackless', '40 mi' (water), '12 km dense' (dh2e)"
    ),
    journey_file: str | None = typer.Option(
        None, "--journey", "--from-route", help="journey file (.toml/.json) or route --json"
    ),
    speed: list[int] = typer.Option(
        [],
        "--speed",
        help="speed in ft after armor and load; repeat per member",
        parser=whole("speed"),
    ),
    mount: str | None = typer.Option(None, "--mount", help=MOUNTS_HELP),
    loaded: bool = typer.Option(False, "--loaded", help="use the mount's loaded row"),
    vessel: str | None = typer.Option(
        None,
        "--vessel",
        help="raft, barge, keelboat, rowboat, sailing_ship, warship, longship, galley",
    ),
    current: str | None = typer.Option(None, "--current", help="current in mi/h (default 3)"),
    downstream: bool = typer.Option(False, "--downstream", help="travel with the current"),
    upstream: bool = typer.Option(False, "--upstream", help="travel against the current"),
    drift: bool = typer.Option(False, "--drift", help="drift 14 more hours a day downstream"),
    tow: bool = typer.Option(False, "--tow", help="tow the vessel upstream from the bank"),
    hustle: int | None = typer.Option(
        None, "--hustle", help="hustle the first H hours a day", parser=whole("hustle")
    ),
    forced_march: int | None = typer.Option(
        None,
        "--forced-march",
        help="march H hours past the 8 of each day",
        parser=whole("forced_march"),
    ),
    day: list[str] = typer.Option(
        [], "--day", help="pace of day 1, 2 ... in turn: 'hustle=2,forced_march=1'"
    ),
    con_mod: int | None = typer.Option(
        None, "--con-mod", help="Constitution modifier", parser=whole("con_mod")
    ),
    member: list[str] = typer.Option(
        [],
        "--member",
        help="party member 'name=Valeros,con=+2[,speed=20]' (dh2e: toughness=T[,tb=B,ab=A]);"
        " repeat: odds per member",
    ),
    con: int | None = typer.Option(
        None, "--con", help="Constitution score (local running)", parser=whole("con")
    ),
    armor: str | None = typer.Option(
        None, "--armor", help="local scale: none (default), light, medium, heavy"
    ),
    load: str | None = typer.Option(
        None, "--load", help="local scale: light (default), medium, heavy"
    ),
    agility_bonus: int | None = typer.Option(
        None, "--agility-bonus", help="dh2e AB", parser=whole("agility_bonus")
    ),
    toughness_bonus: int | None = typer.Option(
        None, "--toughness-bonus", help="dh2e TB", parser=whole("toughness_bonus")
    ),
    toughness: int | None = typer.Option(
        None, "--toughness", help="dh2e Toughness (odds)", parser=whole("toughness")
    ),
    forced_march_dc: str | None = typer.Option(
        None, "--forced-march-dc", help="switch: plus-each (default) | first-is-10"
    ),
    roll: bool = typer.Option(False, "--roll", help="roll every check (needs --seed)"),
    seed: int | None = typer.Option(None, "--seed", help="seed of the rolls", parser=whole("seed")),
    metric: bool = typer.Option(False, "--metric", help="pf1e/dnd35 distances in km"),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Plan a journey day by day: legs, pace, hustle, forced march, fatigue and its odds."""
    trip = _Trip(
        system=system,
        legs=tuple(leg),
        journey=journey_file,
        speeds=tuple(speed),
        conveyance=Conveyance(mount, loaded, vessel, current, downstream, upstream, drift, tow),
        paces=Paces(hustle, forced_march, tuple(day), forced_march_dc),
        checks=Checks(con_mod, tuple(member), agility_bonus, toughness_bonus, toughness),
        running=Running(con, armor, load),
        rolls=Rolls(roll, seed),
        metric=metric,
    )
    _answer(trip, parse_lang(lang), as_json=as_json)


def _answer(trip: _Trip, lang: Lang, *, as_json: bool) -> None:
    """Plan `trip` (at the local scale, or overland) and print the answer."""
    from footfall.cli.journeys.text import render_journey, render_local
    from footfall.travel.party import check_con_mod

    rules = load_system(trip.system)
    # Every value is checked whether or not this trip uses it, then an option the trip does
    # not use is refused (docs/travel.md "options that do not apply"): never ignored.
    armor, load = trip.running.kinds()
    if trip.checks.con_mod is not None:
        check_con_mod(trip.checks.con_mod)
    local = [m for m in (_LOCAL_LEG.match(text) for text in trip.legs) if m]
    _refuse_other_system(rules, trip, local=bool(local))
    if local:
        result = _local_trip(rules, trip, local, armor, load)
        if as_json:
            emit_json(result.to_json())
            return
        who = min(trip.speeds) if trip.speeds else trip.checks.agility_bonus
        typer.echo(render_local(result, lang, who, trip.running.con))
        return
    given = [name for name, used in trip.running.given().items() if used]
    if given:
        raise InputError("error.travel.running-overland", options=flags(given))
    journey = _plan(rules, trip)
    if as_json:
        emit_json(journey.to_json())
        return
    typer.echo(render_journey(journey, lang, trip.rolls.seed if trip.rolls.roll else None))


def _refuse_other_system(rules: System, trip: _Trip, *, local: bool) -> None:
    """Refuse the ``travel`` options that belong to another system's rules.

    pf1e / dnd35 have no Agility or Toughness Bonus (dh2e's, seed 001); dh2e travels by
    Agility Bonus in km and has no Constitution checks, armor, load or ``--metric``.
    """
    from footfall.travel.traveller import heresy_options

    if rules.heresy is None:
        given = tuple(Param(n) for n, used in trip.checks.heresy_given().items() if used)
        if given:
            raise heresy_options(rules, given)
        return
    d20 = {
        "speed": bool(trip.speeds) and local,  # overland: refused by plan_journey
        "con_mod": trip.checks.con_mod is not None,
        **trip.running.given(),
        "metric": trip.metric,
    }
    wrong = [name for name, used in d20.items() if used]
    if wrong:
        raise InputError(
            "error.travel.d20-options",
            options=flags(wrong),
            agility_bonus=Param("agility_bonus"),
            toughness=Param("toughness"),
            toughness_bonus=Param("toughness_bonus"),
        )


_LOCAL_LEG = re.compile(r"^\s*(-?\d+(?:[.,]\d+)?(?:/\d+)?)\s*(ft|m)\b\s*(.*?)\s*$", re.IGNORECASE)


def _local_trip(
    rules: System,
    trip: _Trip,
    matches: Sequence[re.Match[str]],
    armor: Armor,
    load: Load,
) -> LocalTrip:
    """Plan legs given in ft (pf1e / dnd35) or m (dh2e) at the local scale."""
    from footfall.travel import plan_local
    from footfall.travel.quantities import parse_number

    if len(matches) != len(trip.legs):
        raise InputError("error.travel.mixed-scales", param=Param("legs"))
    overland = {
        "journey": trip.journey is not None,
        **trip.conveyance.given(),
        **trip.paces.given(),
        "party": bool(trip.checks.members),
        "roll": trip.rolls.roll,
        "seed": trip.rolls.seed is not None,
        "metric": trip.metric,
        "con_mod": trip.checks.con_mod is not None,
        "toughness": trip.checks.toughness is not None,
        "toughness_bonus": trip.checks.toughness_bonus is not None,
        "forced_march_dc": trip.paces.forced_march_dc is not None,
    }
    given = [name for name, used in overland.items() if used]
    if given:
        raise InputError("error.travel.overland-options", options=flags(given))
    unit = "m" if rules.heresy is not None else "ft"
    total = Fraction(0)
    dense = False
    for m in matches:
        if m.group(2).lower() != unit:
            raise InputError(
                "error.travel.local-unit",
                param=Param("legs"),
                system=rules.id,
                unit=unit,
                given=m.group(2),
            )
        total += parse_number(m.group(1), "leg distance", param=Param("legs"))
        words = m.group(3).lower().split()
        for w in words:
            if rules.heresy is None:
                leg = m.group(0).strip()
                raise InputError("error.travel.local-terrain", param=Param("legs"), value=leg)
            if w not in ("dense", "open"):
                raise unknown("dh2e leg flag", w, ("dense", "open"), param=Param("legs"))
        dense = dense or "dense" in words
    if dense and len(matches) > 1:
        raise InputError("error.travel.local-dense", param=Param("legs"))
    return plan_local(
        rules.id,
        total,
        speed=min(trip.speeds) if trip.speeds else None,
        armor=armor,
        load=load,
        con=trip.running.con,
        agility_bonus=trip.checks.agility_bonus,
        dense=dense,
    )


def _day_pace(text: str, n: int) -> tuple[int, int]:
    """Parse ``--day 'hustle=2,forced_march=1'`` (``forced`` is accepted too)."""
    from footfall.travel.files import parse_day_pace

    param = Param("day_paces")
    values: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip().replace("-", "_")
        key = "forced_march" if key == "forced" else key
        if key in values:
            raise InputError("error.travel.day-twice", param=param, value=text, key=key)
        try:
            values[key] = int(value)
        except ValueError:
            raise InputError("error.travel.day-format", param=param, value=text) from None
        if not sep:
            raise InputError("error.travel.day-format", param=param, value=text)
    return parse_day_pace(values, f"--day {n}")


def _opt(value: object, file_value: object) -> object:
    """Prefer the command line's value; fall back to the journey file's."""
    return file_value if value is None else value


def _plan(rules: System, trip: _Trip) -> Journey:
    """Plan the overland journey of `trip`: its legs after a journey file's, its traveller."""
    from footfall.travel import load_journey, parse_leg, plan_journey

    legs: list[Leg] = [parse_leg(text, rules) for text in trip.legs]
    opts: Mapping[str, object] = {}
    day_paces: list[tuple[int, int]] = []
    if trip.journey is not None:
        spec = load_journey(trip.journey, rules)
        file_system = spec.options.get("system")
        if file_system is not None and file_system != trip.system:
            raise InputError(
                "error.travel.file-system", system=trip.system, file_system=file_system
            )
        legs = [*spec.legs, *legs]
        opts = spec.options
        day_paces = list(spec.day_paces)
    if trip.paces.days:
        day_paces = trip.paces.day_paces()
    seed = trip.rolls.check()
    who = _traveller(trip, opts)
    switch = _opt(trip.paces.forced_march_dc, opts.get("forced_march_dc"))
    return plan_journey(
        trip.system,
        legs,
        who,
        hustle=_number(_opt(trip.paces.hustle, opts.get("hustle"))) or 0,
        forced_march=_number(_opt(trip.paces.forced_march, opts.get("forced_march"))) or 0,
        day_paces=day_paces,
        switches=None if switch is None else {"forced_march_dc": str(switch)},
        seed=seed,
        metric=trip.metric or bool(opts.get("metric", False)),
    )


def _traveller(trip: _Trip, opts: Mapping[str, object]) -> Traveller:
    """Return who travels: the command line's options, else the journey file's."""
    from footfall.travel import Traveller, parse_party
    from footfall.travel.water import parse_current

    speeds = list(trip.speeds)
    if not speeds:
        file_speeds = opts.get("speeds", opts.get("speed"))
        if isinstance(file_speeds, int):
            speeds = [file_speeds]
        elif isinstance(file_speeds, list):
            speeds = [int(s) for s in file_speeds]
    conveyance, checks = trip.conveyance, trip.checks
    flow = conveyance.flow(opts)
    cur = _opt(conveyance.current, opts.get("current"))
    party = checks.party()
    if not party and opts.get("party") is not None:
        party = parse_party(opts["party"])
    return Traveller(
        speeds=tuple(speeds),
        mount=_text(_opt(conveyance.mount, opts.get("mount"))),
        loaded=conveyance.loaded or bool(opts.get("loaded", False)),
        vessel=_text(_opt(conveyance.vessel, opts.get("vessel"))),
        current=None if cur is None else parse_current(cur),
        flow=flow,
        drift=conveyance.drift or bool(opts.get("drift", False)),
        tow=conveyance.tow or bool(opts.get("tow", False)),
        agility_bonus=_number(_opt(checks.agility_bonus, opts.get("agility_bonus"))),
        toughness_bonus=_number(_opt(checks.toughness_bonus, opts.get("toughness_bonus"))),
        toughness=_number(_opt(checks.toughness, opts.get("toughness"))),
        con_mod=_number(_opt(checks.con_mod, opts.get("con_mod"))) or 0,
        party=party,
    )


def _text(value: object) -> str | None:
    """Return an option known to be text (a journey file's are checked on reading)."""
    assert value is None or isinstance(value, str)
    return value


def _number(value: object) -> int | None:
    """Return an option known to be a whole number (a journey file's are checked)."""
    assert value is None or isinstance(value, int)
    return value
