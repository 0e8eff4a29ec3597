"""CLI commands of D&D 3.5 flight: ``footfall fly check | path | reach | stall | table``.

Thin: parse options, build the flyer (from a scene's creature, or ``--speed`` and
``--maneuverability`` in the open sky), call `footfall.flight`, print readable text or JSON.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer
from rich.cells import cell_len

from footfall.cli import emit_json, fail
from footfall.cli.tactical import load_scene_arg
from footfall.errors import FootfallError, InputError
from footfall.flight import (
    FLIGHT_ACTIONS,
    OPEN_SKY,
    Airspace,
    FlightCheck,
    FlightState,
    Flyer,
    Stall,
    check,
    direction_name,
    parse_direction,
    parse_squares,
    parse_steps,
    stall,
    with_switches,
)
from footfall.flight.model import MAX_SINCE_FT, switch_choices
from footfall.flight.reach import FlightReach, find_path, format_steps, reach
from footfall.flight.report import check_json, reach_json, stall_json
from footfall.flight.space import (
    BandedAirspace,
    SceneAirspace,
    flight_system,
    flyer_of,
    scene_flyer,
)
from footfall.flight.stall import MAX_FALL_ALT, MAX_REFLEX, MAX_ROUNDS, MIN_REFLEX
from footfall.i18n import Lang, parse_lang, t
from footfall.rules import ANY, System, TurnInPlace, TurnRate
from footfall.units import localize_decimal

__all__ = ["register"]

fly = typer.Typer(
    name="fly",
    help="D&D 3.5 flight: maneuverability, altitude, climbing, diving, stalling.",
    no_args_is_help=True,
)


SceneArg = Annotated[
    str | None,
    typer.Argument(help="Scene file or sample name (dnd35); omit to fly in the open sky."),
]
MoverOpt = Annotated[str | None, typer.Option("--mover", help="Id of the flying creature.")]
SpeedOpt = Annotated[int | None, typer.Option("--speed", help="Fly speed, ft (no scene).")]
ClassOpt = Annotated[
    str | None,
    typer.Option("--maneuverability", "-m", help="perfect|good|average|poor|clumsy (no scene)."),
]
AltOpt = Annotated[
    int | None, typer.Option("--alt", help="Starting altitude, ft (default: the creature's).")
]
FacingOpt = Annotated[str, typer.Option("--facing", help="Starting facing: N NE E SE S SW W NW.")]
ActionOpt = Annotated[str, typer.Option("--action", help="move | double-move.")]
SinceTurnOpt = Annotated[
    int, typer.Option("--since-turn", help="Ft flown since the last turn before this move.")
]
SinceDiveOpt = Annotated[
    int | None,
    typer.Option("--since-dive", help="Ft of level flight since a descent ending just before."),
]
ReflexOpt = Annotated[int, typer.Option("--reflex", help="Reflex save bonus (stall odds).")]
BandOpt = Annotated[
    str | None,
    typer.Option("--alt-range", help="Keep the flight between LOW-HIGH ft (e.g. 10-40)."),
]
SwitchOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--switch",
        help="Interpretation switch name=value (RULES.md; flight_turn_credit=reset|bank, "
        "flight_climb_cost=covered|ground-plus-height), repeatable.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
LangOpt = Annotated[str, typer.Option("--lang", help="en | ru | zh.")]


def _ft(value: Fraction | int) -> str:
    """Write a length in ft: an integer, or a decimal for halves."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _pct(p: Fraction, lang: Lang) -> str:
    """Write a probability as a percentage for people (display rounding only; ru: 14,7%)."""
    text = f"{float(p) * 100:.4g}%"
    return localize_decimal(text, lang)


def _parse_switches(values: list[str] | None) -> dict[str, str]:
    """Return the ``--switch name=value`` options as a dict (as the tactical commands do)."""
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(f"--switch {item!r} is not name=value (e.g. flight_turn_credit=bank)")
        out[name.strip()] = value.strip()
    return out


def _setup(
    scene_arg: str | None,
    mover: str | None,
    speed: int | None,
    cls: str | None,
    alt: int | None,
    facing: str,
    action: str,
    since_turn: int,
    since_dive: int | None,
    switches: list[str] | None = None,
) -> tuple[System, Flyer, Airspace, FlightState, str, int]:
    """Return system, flyer (switches applied), airspace, start, mover name and budget (ft)."""
    if action not in FLIGHT_ACTIONS:
        raise InputError(f"unknown action {action!r} (known: {', '.join(FLIGHT_ACTIONS)})")
    heading = parse_direction(facing)
    if since_turn < 0 or (since_dive is not None and since_dive < 0):
        raise InputError("--since-turn and --since-dive must be at least 0 ft")
    for option, value in (("--since-turn", since_turn), ("--since-dive", since_dive)):
        if value is not None and value > MAX_SINCE_FT:
            raise InputError(
                f"{option} {value} ft is more than the {MAX_SINCE_FT} ft footfall takes"
            )
    if scene_arg is not None:
        if mover is None:
            raise InputError("--mover is required with a scene (the id of the flyer)")
        if speed is not None or cls is not None:
            raise InputError("--speed and --maneuverability are for the open sky: omit the scene")
        scene = load_scene_arg(scene_arg)
        system, flyer, space, creature = scene_flyer(scene, mover)
        x, y = creature.at
        start_alt = creature.alt if alt is None else alt
        name = mover
        air: Airspace = space
    else:
        if speed is None or cls is None:
            raise InputError("without a scene, give --speed and --maneuverability")
        system = flight_system("dnd35")
        flyer = flyer_of(system, speed, cls)
        x, y = 0, 0
        start_alt = 0 if alt is None else alt
        name = mover or "flyer"
        air = OPEN_SKY
    if start_alt < 0 or start_alt % 5:
        raise InputError(f"altitude must be a multiple of 5 ft, at least 0, not {start_alt}")
    if start_alt > MAX_FALL_ALT:
        raise InputError(
            f"altitude {start_alt} ft is above the {MAX_FALL_ALT} ft footfall works with"
        )
    ceiling = air.ceiling if isinstance(air, SceneAirspace) else None
    if ceiling is not None and start_alt + flyer.height_ft > ceiling:
        raise InputError(
            f"altitude {start_alt} ft puts the {flyer.height_ft}-ft-tall {name} above the "
            f"{ceiling}-ft ceiling"
        )
    flyer = with_switches(flyer, system, _parse_switches(switches))
    start = FlightState(
        x,
        y,
        start_alt,
        heading,
        since_turn=since_turn,
        level_after_dive=since_dive,
    )
    return system, flyer, air, start, name, flyer.speed * FLIGHT_ACTIONS[action]


def _check_reflex(reflex: int) -> None:
    """Refuse a Reflex bonus outside `MIN_REFLEX`..`MAX_REFLEX` in one line."""
    if not MIN_REFLEX <= reflex <= MAX_REFLEX:
        raise InputError(f"--reflex {reflex} is outside {MIN_REFLEX}..{MAX_REFLEX}")


def _banded(air: Airspace, start: FlightState, text: str | None) -> Airspace:
    """Wrap `air` in the altitude band ``LOW-HIGH`` of `text` (None: no band)."""
    if text is None:
        return air
    low_text, sep, high_text = text.partition("-")
    try:
        low, high = int(low_text), int(high_text)
    except ValueError:
        raise InputError(f"--alt-range {text!r} is not LOW-HIGH in ft (e.g. 10-40)") from None
    if not sep or not low <= start.alt <= high:
        raise InputError(
            f"--alt-range {text!r} must be LOW-HIGH ft around the start's {start.alt} ft"
        )
    return BandedAirspace(air, low, high)


def _flyer_line(name: str, flyer: Flyer, start: FlightState, lang: Lang) -> str:
    """Name the flyer and its start; a second line names the switches that are not defaults."""
    line = t(
        "flight.label.flyer",
        lang,
        id=name,
        speed=flyer.speed,
        cls=flyer.row.names.get(lang),
        facing=direction_name(start.facing),
        alt=start.alt,
    )
    chosen = switch_choices(flyer)
    defaults = switch_choices(Flyer(flyer.speed, flyer.row))
    changed = [f"{k}={v}" for k, v in chosen.items() if defaults[k] != v]
    if changed:
        line += "\n" + t("flight.label.switches", lang, switches=", ".join(changed))
    return line


def _place(state: FlightState) -> str:
    return f"({state.x},{state.y},{state.alt} {direction_name(state.facing)})"


def _stall_lines(fall: Stall, lang: Lang, rounds: int | None = None) -> list[str]:
    lines = [
        t(
            "flight.label.stall",
            lang,
            alt=fall.alt,
            reflex=fall.reflex,
            dc=fall.dc,
            p=_pct(fall.p_success, lang),
        )
    ]
    for r in fall.rounds:
        lines.append(
            "  "
            + t(
                "flight.label.round",
                lang,
                round=r.round,
                before=r.alt_before,
                after=r.alt_after,
                recover=_pct(r.p_recover, lang),
                crash=_pct(r.p_crash, lang),
            )
        )
    lines.append(
        t(
            "flight.label.totals",
            lang,
            recover=_pct(fall.p_recover, lang),
            crash=_pct(fall.p_crash, lang),
            dice=fall.damage_dice,
            average=_ft(fall.damage_average),
        )
    )
    if rounds is not None:
        lines.append(
            t(
                "flight.label.within",
                lang,
                rounds=rounds,
                p=_pct(fall.p_recover_within(rounds), lang),
            )
        )
    return lines


def _check_lines(name: str, result: FlightCheck, lang: Lang) -> list[str]:
    flyer = result.flyer
    key = "flight.label.legal" if result.legal else "flight.label.illegal"
    lines = [
        _flyer_line(name, flyer, result.start, lang),
        t(key, lang, cost=_ft(result.cost_ft), budget=result.budget_ft),
    ]
    for v in result.violations:
        lines.append(f"  {t('flight.label.step', lang, step=v.step)}  {v.rule}  {v.message}")
    path = [_place(result.start)]
    for step_text, state in zip(_step_words(result), result.states, strict=True):
        path.append(f"{step_text} {_place(state)}")
    lines.append(f"{t('flight.label.path', lang)}: " + " ".join(path))
    need = flyer.min_forward_ft
    lines.append(
        t(
            "flight.label.forward",
            lang,
            forward=result.end.forward,
            need=t("flight.label.no_minimum", lang) if need is None else _ft(need),
        )
    )
    if result.landed:
        lines.append(t("flight.label.landed", lang))
    if result.stall is not None:
        lines.extend(_stall_lines(result.stall, lang))
    return lines


def _step_words(result: FlightCheck) -> list[str]:
    return [format_steps([step]) for step in result.steps]


@fly.command("check")
def check_command(
    scene: SceneArg = None,
    mover: MoverOpt = None,
    steps: Annotated[
        str | None, typer.Option("--steps", help="Steps, e.g. 'f2 r90 d10' (see docs/flight.md).")
    ] = None,
    path: Annotated[
        str | None, typer.Option("--path", help="3-D squares after the start: 'X,Y,ALT ...'.")
    ] = None,
    speed: SpeedOpt = None,
    maneuverability: ClassOpt = None,
    alt: AltOpt = None,
    facing: FacingOpt = "N",
    action: ActionOpt = "move",
    since_turn: SinceTurnOpt = 0,
    since_dive: SinceDiveOpt = None,
    reflex: ReflexOpt = 0,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Check a flight path: cost, and every maneuverability rule it breaks."""
    try:
        language = parse_lang(lang)
        _check_reflex(reflex)
        system, flyer, air, start, name, budget = _setup(
            scene,
            mover,
            speed,
            maneuverability,
            alt,
            facing,
            action,
            since_turn,
            since_dive,
            switch,
        )
        if (steps is None) == (path is None):
            raise InputError("give exactly one of --steps and --path")
        parsed = (
            parse_steps(steps) if steps is not None else parse_squares(path or "", flyer, start)
        )
        result = check(
            flyer,
            start,
            parsed,
            system=system,
            budget_ft=budget,
            space=air,
            reflex=reflex,
            lang=language,
        )
        if json_out:
            emit_json(check_json(name, action, result))
        else:
            typer.echo("\n".join(_check_lines(name, result, language)))
    except FootfallError as exc:
        fail(str(exc))


@fly.command("path")
def path_command(
    scene: SceneArg = None,
    mover: MoverOpt = None,
    to: Annotated[str, typer.Option("--to", help="Where to end: X,Y,ALT.")] = "",
    end_facing: Annotated[
        str | None, typer.Option("--end-facing", help="Facing wanted at the end (any if omitted).")
    ] = None,
    speed: SpeedOpt = None,
    maneuverability: ClassOpt = None,
    alt: AltOpt = None,
    facing: FacingOpt = "N",
    action: ActionOpt = "move",
    since_turn: SinceTurnOpt = 0,
    since_dive: SinceDiveOpt = None,
    alt_range: BandOpt = None,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Find a cheapest legal flight ending at a square and altitude: yes or no, cost, steps."""
    try:
        language = parse_lang(lang)
        system, flyer, air, start, name, budget = _setup(
            scene,
            mover,
            speed,
            maneuverability,
            alt,
            facing,
            action,
            since_turn,
            since_dive,
            switch,
        )
        air = _banded(air, start, alt_range)
        parts = to.split(",")
        try:
            tx, ty, talt = (int(p) for p in parts)
        except ValueError:
            raise InputError(f"--to {to!r} is not a 3-D square X,Y,ALT (e.g. 3,4,20)") from None
        if talt < 0 or talt % 5:
            raise InputError(f"--to altitude must be a multiple of 5 ft, at least 0, not {talt}")
        grid = air.inner if isinstance(air, BandedAirspace) else air
        if isinstance(grid, SceneAirspace) and not grid.inside(tx, ty):
            raise InputError(f"--to {tx},{ty} is off the map ({grid.width}x{grid.height} squares)")
        want = None if end_facing is None else parse_direction(end_facing)
        found = find_path(
            flyer, start, (tx, ty, talt), system=system, budget_ft=budget, facing=want, space=air
        )
        if found is None:
            if json_out:
                emit_json(
                    {
                        "mover": name,
                        "action": action,
                        "to": [tx, ty],
                        "alt": talt,
                        "found": False,
                        "budget": budget,
                        "unit": "ft",
                        "reason": t("flight.label.not_found", language, budget=budget),
                        "switches": switch_choices(flyer),
                    }
                )
            else:
                typer.echo(_flyer_line(name, flyer, start, language))
                typer.echo(t("flight.label.not_found", language, budget=budget))
            return
        text = format_steps(found.steps)
        result = check(flyer, start, parse_steps(text), system=system, budget_ft=budget, space=air)
        if json_out:
            out = check_json(name, action, result)
            out.update({"to": [tx, ty], "alt": talt, "found": True, "steps": text})
            emit_json(out)
        else:
            typer.echo(_flyer_line(name, flyer, start, language))
            typer.echo(t("flight.label.found", language, cost=_ft(found.cost_ft), budget=budget))
            typer.echo(text)
            typer.echo("\n".join(_check_lines(name, result, language)[2:]))
    except FootfallError as exc:
        fail(str(exc))


def _reach_lines(name: str, result: FlightReach, band: int, air: Airspace, lang: Lang) -> list[str]:
    start = result.start
    lines = [
        _flyer_line(name, result.flyer, start, lang),
        t("flight.label.reach", lang, count=len(result.entries), budget=result.budget_ft),
    ]
    by_band: dict[int, set[tuple[int, int]]] = {}
    for e in result.entries:
        by_band.setdefault(e.alt // band, set()).add((e.x, e.y))
    if isinstance(air, SceneAirspace):
        rows: list[str] = list(air.scene.rows)
        x0, y0 = 0, 0
    else:
        xs = [e.x for e in result.entries] + [start.x]
        ys = [e.y for e in result.entries] + [start.y]
        x0, y0 = min(xs), min(ys)
        rows = ["." * (max(xs) - x0 + 1)] * (max(ys) - y0 + 1)
    for index in sorted(by_band, reverse=True):
        squares = by_band[index]
        low, high = index * band, index * band + band - 5
        lines.append("")
        lines.append(t("flight.label.band", lang, low=low, high=high))
        for j, row in enumerate(rows):
            out = []
            for i, char in enumerate(row):
                x, y = i + x0, j + y0
                if (x, y) == (start.x, start.y):
                    out.append("@")
                elif (x, y) in squares:
                    out.append("*")
                else:
                    out.append(char)
            lines.append("".join(out))
    return lines


@fly.command("reach")
def reach_command(
    scene: SceneArg = None,
    mover: MoverOpt = None,
    speed: SpeedOpt = None,
    maneuverability: ClassOpt = None,
    alt: AltOpt = None,
    facing: FacingOpt = "N",
    action: ActionOpt = "move",
    since_turn: SinceTurnOpt = 0,
    since_dive: SinceDiveOpt = None,
    band: Annotated[int, typer.Option("--band", help="Height of each map's band, ft.")] = 10,
    alt_range: BandOpt = None,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """List where a flyer can end its move: square, altitude and facing, with the least cost."""
    try:
        language = parse_lang(lang)
        if band <= 0 or band % 5:
            raise InputError(f"--band must be a positive multiple of 5 ft, not {band}")
        system, flyer, air, start, name, budget = _setup(
            scene,
            mover,
            speed,
            maneuverability,
            alt,
            facing,
            action,
            since_turn,
            since_dive,
            switch,
        )
        air = _banded(air, start, alt_range)
        result = reach(flyer, start, system=system, budget_ft=budget, space=air)
        if json_out:
            emit_json(reach_json(name, action, result))
        else:
            typer.echo("\n".join(_reach_lines(name, result, band, air, language)))
    except FootfallError as exc:
        fail(str(exc))


@fly.command("stall")
def stall_command(
    alt: Annotated[int, typer.Option("--alt", help="Altitude of the stall, ft.")],
    reflex: ReflexOpt = 0,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Also give the odds of recovering by round N.")
    ] = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Work out a stall: each round's fall, the DC 20 Reflex odds, the falling damage."""
    try:
        language = parse_lang(lang)
        system = flight_system("dnd35")
        assert system.flight is not None
        _check_reflex(reflex)
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise InputError(f"--rounds must be 1 to {MAX_ROUNDS}, not {rounds}")
        fall = stall(alt, reflex, system.flight.stall)
        if json_out:
            out = stall_json(fall)
            if rounds is not None:
                out["within"] = {"rounds": rounds, "p_recover": str(fall.p_recover_within(rounds))}
            emit_json(out)
        else:
            typer.echo("\n".join(_stall_lines(fall, language, rounds)))
    except FootfallError as exc:
        fail(str(exc))


def _cell(value: object, column: str, lang: Lang) -> str:
    """Write one cell of the maneuverability table as footfall reads it."""
    if value is ANY:
        return t("flight.cell.any", lang)
    if value is None:
        return t("flight.cell.none" if column == "min_forward_speed" else "flight.cell.no", lang)
    if isinstance(value, bool):
        return t("flight.cell.yes" if value else "flight.cell.no", lang)
    if isinstance(value, TurnRate):
        return f"{value.degrees}°/{value.per_ft} ft"
    if isinstance(value, TurnInPlace):
        return f"+{value.degrees}°/-{value.cost_ft} ft"
    if column in ("max_turn", "up_angle", "down_angle"):
        return f"{value}°"
    if column in ("reverse", "between_down_up_ft"):
        return f"{value} ft"
    return f"x{value}"


_COLUMNS = (
    "min_forward_speed",
    "hover",
    "fly_backward",
    "reverse",
    "turn",
    "turn_in_place",
    "max_turn",
    "up_angle",
    "up_speed",
    "down_angle",
    "down_speed",
    "between_down_up_ft",
)


@fly.command("table")
def table_command(json_out: JsonOpt = False, lang: LangOpt = "en") -> None:
    """Print the maneuverability table (seed 004 表:机动性) as footfall reads it."""
    try:
        language = parse_lang(lang)
        system = flight_system("dnd35")
        assert system.flight is not None
        rows = system.flight.rows
        if json_out:
            emit_json(
                {
                    r.maneuverability.value: {c: _cell(getattr(r, c), c, "en") for c in _COLUMNS}
                    for r in rows
                }
            )
            return
        header = ["", *(r.names.get(language) for r in rows)]
        table = [header] + [
            [t(f"flight.row.{c}", language), *(_cell(getattr(r, c), c, language) for r in rows)]
            for c in _COLUMNS
        ]
        widths = [max(cell_len(line[i]) for line in table) for i in range(len(header))]
        for line in table:
            cells = (
                cell + " " * (w - cell_len(cell)) for cell, w in zip(line, widths, strict=True)
            )
            typer.echo("  ".join(cells).rstrip())
    except FootfallError as exc:
        fail(str(exc))


def register(app: typer.Typer) -> None:
    """Add the ``fly`` command group to `app`."""
    app.add_typer(fly, name="fly")
