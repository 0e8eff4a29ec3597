"""The ``chase``, ``route`` and ``odds`` commands (thin: parse, call the library, present)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from footfall.cli import MOUNTS_HELP, emit_json
from footfall.cli.journeys.options import check_roll, whole
from footfall.errors import Param, unknown
from footfall.i18n import Lang, parse_lang, t
from footfall.rules import Family

if TYPE_CHECKING:  # the planners (and icepool) load when a journey command runs
    from footfall.travel import ExertionOdds

__all__ = ["chase", "odds", "route"]


def chase(
    system: str = typer.Argument(..., help="pf1e or dnd35 (dh2e, drawsteel: no chase rules)"),
    pursuer: str = typer.Option(..., "--pursuer", help="'speed=30,dex=+2,con=+1'"),
    quarry: str = typer.Option(..., "--quarry", help="'speed=30,dex=+3'"),
    scale: str = typer.Option("tactical", "--scale", help="tactical (Dex) or overland (Con)"),
    chase_tie: str | None = typer.Option(
        None, "--chase-tie", help="switch: pursuer (default) | opposed"
    ),
    roll: bool = typer.Option(False, "--roll", help="roll the check (needs --seed)"),
    seed: int | None = typer.Option(None, "--seed", help="seed of the roll", parser=whole("seed")),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Say who gets away: speed first, then an opposed Dexterity or Constitution check."""
    from footfall import chase as chase_mod
    from footfall.cli.journeys.text import render_chase

    language = parse_lang(lang)
    rules = chase_mod.require_chase_rules(system)
    tie_choice = rules.switches({} if chase_tie is None else {"chase_tie": chase_tie})
    tie = chase_mod.ChaseTie(tie_choice["chase_tie"])
    scales = [s.value for s in chase_mod.Scale]
    if scale not in scales:
        raise unknown("scale", scale, scales, param=Param("scale"))
    check_roll(roll, seed, "roll")
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


def route(
    map_file: str = typer.Argument(..., help="map file or sample: valley, hexes, hive (dh2e)"),
    start: str = typer.Option(..., "--from", help="start cell X,Y (column,row)"),
    goal: str = typer.Option(..., "--to", help="end cell X,Y (column,row)"),
    system: str = typer.Option("pf1e", "--system", help="pf1e, dnd35 or dh2e"),
    speed: list[int] = typer.Option(
        [],
        "--speed",
        help="speed in ft after armor and load; repeat per member",
        parser=whole("speed"),
    ),
    mount: str | None = typer.Option(None, "--mount", help=MOUNTS_HELP),
    loaded: bool = typer.Option(False, "--loaded", help="use the mount's loaded row"),
    agility_bonus: int | None = typer.Option(
        None, "--agility-bonus", help="dh2e AB", parser=whole("agility_bonus")
    ),
    metric: bool = typer.Option(False, "--metric", help="pf1e/dnd35 distances in km"),
    as_json: bool = typer.Option(False, "--json", help="print JOURNEY.md JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Find the fastest overland route across a terrain map; its legs feed travel."""
    from footfall.route import find_route, load_map, parse_point
    from footfall.rules import load_system
    from footfall.travel import Traveller

    language = parse_lang(lang)
    load_system(system)  # an unknown system is refused before the map is read
    terrain_map = load_map(map_file)
    who = Traveller(speeds=tuple(speed), mount=mount, loaded=loaded, agility_bonus=agility_bonus)
    result = find_route(
        terrain_map,
        parse_point(start, "start"),
        parse_point(goal, "goal"),
        who,
        system_id=system,
        metric=metric,
    )
    if as_json:
        emit_json(result.to_json())
        return
    from footfall.cli.journeys.text import render_route

    typer.echo(render_route(result, language))


def odds(
    system: str = typer.Argument(..., help="pf1e, dnd35 or dh2e"),
    forced_march: int = typer.Option(
        0, "--forced-march", help="hours past 8 a day", parser=whole("forced_march")
    ),
    con_mod: int = typer.Option(
        0, "--con-mod", help="Constitution modifier", parser=whole("con_mod")
    ),
    mount: bool = typer.Option(False, "--mount", help="a mount: fails every check"),
    member: list[str] = typer.Option(
        [], "--member", help="party member 'name=Valeros,con=+2' (repeat; odds per member)"
    ),
    hustle: int = typer.Option(
        0, "--hustle", help="dh2e: hours of hustle a day", parser=whole("hustle")
    ),
    toughness: int | None = typer.Option(
        None, "--toughness", help="dh2e Toughness", parser=whole("toughness")
    ),
    toughness_bonus: int | None = typer.Option(
        None, "--toughness-bonus", help="dh2e TB", parser=whole("toughness_bonus")
    ),
    days: int = typer.Option(1, "--days", help="days of the same exertion", parser=whole("days")),
    forced_march_dc: str | None = typer.Option(
        None, "--forced-march-dc", help="switch: plus-each (default) | first-is-10"
    ),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
) -> None:
    """Give the exact odds of forced marching (pf1e, dnd35) or hustling (dh2e), day after day."""
    from footfall.travel import exertion_odds, parse_member

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
    from footfall.cli.journeys.text import render_odds

    given = {"forced_march": forced_march, "con_mod": con_mod, "mount": mount, "hustle": hustle}
    title = _odds_title(result, language, given, toughness, toughness_bonus)
    typer.echo(render_odds(result, language, title))


def _odds_title(
    result: ExertionOdds,
    lang: Lang,
    given: dict[str, int],
    toughness: int | None,
    toughness_bonus: int | None,
) -> str:
    """Return the title of ``footfall odds``: the exertion, who makes it, for how many days.

    `given` holds the command's ``forced_march``, ``con_mod``, ``mount`` and ``hustle``.
    """
    system, days = result.system, result.days
    if result.family is Family.HERESY and result.party:
        members = ", ".join(f"{m.name} T{m.toughness} TB{m.tb}" for m in result.party)
        hours = given["hustle"]
        key = "journeys.odds.title.hustle.party"
        return t(key, lang, system=system, hours=hours, members=members, days=days)
    if result.family is Family.HERESY:
        tb = toughness_bonus if toughness_bonus is not None else (toughness or 0) // 10
        return t(
            "journeys.odds.title.hustle",
            lang,
            system=system,
            hours=given["hustle"],
            toughness=toughness,
            tb=tb,
            days=days,
        )
    hours = given["forced_march"]
    if result.party:
        members = ", ".join(f"{m.name} {m.con_mod:+d}" for m in result.party)
        key = "journeys.odds.title.party"
        return t(key, lang, system=system, hours=hours, members=members, days=days)
    key = "journeys.odds.title.mount" if given["mount"] else "journeys.odds.title.march"
    return t(key, lang, system=system, hours=hours, con_mod=given["con_mod"], days=days)
