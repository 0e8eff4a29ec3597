"""CLI commands of D&D 3.5 flight: ``footfall fly check | path | reach | stall | table``.

Thin: parse options, build the flyer (from a scene's creature, or ``--speed`` and
``--maneuverability`` in the open sky), call `footfall.flight`, print readable text or JSON.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

import typer

from footfall.cli import emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError, InputError, Param
from footfall.i18n import Lang, measure, parse_lang, t
from footfall.units import display, localize_decimal

if TYPE_CHECKING:  # the flight engine (and numpy) load when a fly command runs; a scene's
    # reader (footfall.cli.tactical, footfall.scene) only when a command names a scene
    from footfall.flight import FlightCheck, FlightPath, FlightRequest, FlightState, Flyer, Stall
    from footfall.flight.model import Airspace
    from footfall.flight.reach import FlightReach
    from footfall.rules import System
    from footfall.scene import Scene

__all__ = ["FLAGS", "register"]

#: The flags of library parameters that are not ``--`` and the name with dashes.
FLAGS = {"switches": "--switch"}

#: The system the open sky flies under: the one whose flight rules footfall implements.
_OPEN_SKY_SYSTEM = "dnd35"

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
SpeedOpt = Annotated[
    int | None, typer.Option("--speed", help="Fly speed, ft, after armor and load (no scene).")
]
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
    int | None,
    typer.Option(
        "--since-turn",
        help="Ft flown since the last turn before this move (default: switch "
        "flight_round_start: aloft, ready to turn; on the ground, nothing).",
    ),
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


def _ft(value: Fraction | int, lang: Lang) -> str:
    """Write a length in ft: an integer, or a decimal for halves (ru: 47,5; `units.display`)."""
    return display(value, lang)


def _pct(p: Fraction, lang: Lang) -> str:
    """Write a probability as a percentage for people (display rounding only; ru: 14,7%)."""
    text = f"{float(p) * 100:.4g}%"
    return localize_decimal(text, lang)


def _error(exc: FootfallError) -> str:
    """Return the message of `exc` with parameters spelled as this command's flags."""
    return exc.render(current_lang(), flag_spelling(FLAGS))


def _parse_switches(values: list[str] | None) -> dict[str, str]:
    """Return the ``--switch name=value`` options as a dict (as the tactical commands do)."""
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError("error.flight.switch-syntax", param=Param("switches"), value=item)
        out[name.strip()] = value.strip()
    return out


def _request(
    scene_arg: str | None,
    mover: str | None,
    speed: int | None,
    cls: str | None,
    alt: int | None,
    facing: str,
    action: str,
    since_turn: int | None,
    since_dive: int | None,
    switches: list[str] | None = None,
    alt_range: str | None = None,
) -> FlightRequest:
    """Return the checked query of the options (`footfall.flight.flight_request`)."""
    from footfall.flight.request import flight_request
    from footfall.flight.space import flight_system

    system: System | None = None
    if scene_arg is None:
        system = flight_system(_OPEN_SKY_SYSTEM)
    return flight_request(
        scene=None if scene_arg is None else (lambda: _load_scene(scene_arg)),
        mover=mover,
        speed=speed,
        maneuverability=cls,
        alt=alt,
        facing=facing,
        action=action,
        since_turn=since_turn,
        since_dive=since_dive,
        switches=_parse_switches(switches),
        alt_range=alt_range,
        system=system,
    )


def _load_scene(scene_arg: str) -> Scene:
    """Read the scene file or sample `scene_arg` (as the grid commands do)."""
    from footfall.cli.tactical import load_scene_arg

    return load_scene_arg(scene_arg)


def _flyer_line(name: str, flyer: Flyer, start: FlightState, lang: Lang) -> str:
    """Name the flyer and its start; a second line names the switches that are not defaults."""
    from footfall.flight import Flyer, direction_name
    from footfall.flight.model import switch_choices

    line = t(
        "flight.label.flyer",
        lang,
        id=t("flight.label.unnamed", lang) if name == "flyer" else name,  # open sky, no --mover
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
    from footfall.flight import direction_name

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
            average=_ft(fall.damage_average, lang),
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
        t(key, lang, cost=_ft(result.cost_ft, lang), budget=result.budget_ft),
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
            need=t("flight.label.no_minimum", lang) if need is None else _ft(need, lang),
        )
    )
    if result.landed:
        lines.append(t("flight.label.landed", lang))
    if result.stall is not None:
        lines.extend(_stall_lines(result.stall, lang))
    return lines


def _step_words(result: FlightCheck) -> list[str]:
    from footfall.flight.notation import format_steps

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
    since_turn: SinceTurnOpt = None,
    since_dive: SinceDiveOpt = None,
    reflex: ReflexOpt = 0,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Check a flight path: cost, and every maneuverability rule it breaks."""
    from footfall.flight import check, flight_steps, reflex_bonus
    from footfall.flight.report import check_json

    try:
        language = parse_lang(lang)
        reflex_bonus(reflex)
        req = _request(
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
        result = check(
            req.flyer,
            req.start,
            flight_steps(steps, path, flyer=req.flyer, start=req.start),
            system=req.system,
            budget_ft=req.budget_ft,
            space=req.space,
            reflex=reflex,
            lang=language,
        )
        if json_out:
            emit_json(check_json(req.name, action, result))
        else:
            typer.echo("\n".join(_check_lines(req.name, result, language)))
    except FootfallError as exc:
        fail(_error(exc))


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
    since_turn: SinceTurnOpt = None,
    since_dive: SinceDiveOpt = None,
    alt_range: BandOpt = None,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Find a cheapest legal flight ending at a square and altitude: yes or no, cost, steps."""
    from footfall.flight import find_flight_path, flight_target, parse_direction

    try:
        language = parse_lang(lang)
        req = _request(
            scene, mover, speed, maneuverability, alt, facing, action, since_turn, since_dive,
            switch, alt_range,
        )  # fmt: skip
        target = flight_target(to, req.space)
        want = None if end_facing is None else parse_direction(end_facing, param=_END_FACING)
        found = find_flight_path(
            req.flyer,
            req.start,
            target,
            system=req.system,
            budget_ft=req.budget_ft,
            facing=want,
            space=req.space,
        )
        _print_path(req, target, found, json_out, language)
    except FootfallError as exc:
        fail(_error(exc))


#: The parameter of ``--end-facing``.
_END_FACING = Param("end_facing")


def _print_path(
    req: FlightRequest,
    target: tuple[int, int, int],
    found: FlightPath | None,
    json_out: bool,
    language: Lang,
) -> None:
    """Print the answer of ``fly path``: the flight found, checked, or why there is none."""
    from footfall.flight import check, parse_steps
    from footfall.flight.model import switch_choices
    from footfall.flight.notation import format_steps
    from footfall.flight.report import check_json

    tx, ty, talt = target
    name, budget, flyer, start = req.name, req.budget_ft, req.flyer, req.start
    if found is None:
        reason = t("flight.label.not_found", language, budget=budget)
        if json_out:
            emit_json(
                {
                    "mover": name,
                    "action": req.action,
                    "to": [tx, ty],
                    "alt": talt,
                    "found": False,
                    "budget": budget,
                    "unit": "ft",
                    "reason": reason,
                    "switches": switch_choices(flyer),
                }
            )
        else:
            typer.echo(_flyer_line(name, flyer, start, language))
            typer.echo(reason)
        return
    text = format_steps(found.steps)
    result = check(
        flyer, start, parse_steps(text), system=req.system, budget_ft=budget, space=req.space
    )
    if json_out:
        out = check_json(name, req.action, result)
        out.update({"to": [tx, ty], "alt": talt, "found": True, "steps": text})
        emit_json(out)
    else:
        typer.echo(_flyer_line(name, flyer, start, language))
        cost = _ft(found.cost_ft, language)
        typer.echo(t("flight.label.found", language, cost=cost, budget=budget))
        typer.echo(text)
        typer.echo("\n".join(_check_lines(name, result, language)[2:]))


def _reach_lines(name: str, result: FlightReach, band: int, air: Airspace, lang: Lang) -> list[str]:
    """The flyer, the count, then a map of each altitude band with an end, highest first: the
    scene's map (or dots over the ends' squares in the open sky), ``*`` where an end is, ``@``
    at the start."""
    import numpy as np

    from footfall.flight.space import SceneAirspace

    start = result.start
    lines = [
        _flyer_line(name, result.flyer, start, lang),
        t("flight.label.reach", lang, count=result.count, budget=result.budget_ft),
    ]
    # Each map is an array of code points: the base (the scene's rows, or dots), then the ends.
    rows = list(air.scene.rows) if isinstance(air, SceneAirspace) else None
    masks = result.band_masks(
        band, None if rows is None else (0, 0, max(map(len, rows)), len(rows))
    )
    for index, (x0, y0, mask) in masks.items():
        height, width = mask.shape
        if rows is None:
            base = np.full((height, width), ord("."), np.uint32)
            lengths = [width] * height
        else:
            base = np.zeros((height, width), np.uint32)
            for j, row in enumerate(rows):
                base[j, : len(row)] = np.frombuffer(row.encode("utf-32-le"), np.uint32)
            lengths = [len(row) for row in rows]
        grid = np.where(mask & (base != 0), np.uint32(ord("*")), base)
        i, j = start.x - x0, start.y - y0
        if 0 <= j < height and 0 <= i < lengths[j]:
            grid[j, i] = ord("@")
        text = grid.astype("<u4").tobytes().decode("utf-32-le")
        lines.append("")
        lines.append(t("flight.label.band", lang, low=index * band, high=index * band + band - 5))
        lines.extend(text[j * width : j * width + lengths[j]] for j in range(height))
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
    since_turn: SinceTurnOpt = None,
    since_dive: SinceDiveOpt = None,
    band: Annotated[int, typer.Option("--band", help="Height of each map's band, ft.")] = 10,
    alt_range: BandOpt = None,
    switch: SwitchOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """List where a flyer can end its move: square, altitude and facing, with the least cost."""
    from footfall.flight.reach import reach
    from footfall.flight.report import reach_json_text

    try:
        language = parse_lang(lang)
        if band <= 0 or band % 5:
            raise InputError("error.flight.band-step", param=Param("band"), value=band)
        req = _request(
            scene, mover, speed, maneuverability, alt, facing, action, since_turn, since_dive,
            switch, alt_range,
        )  # fmt: skip
        result = reach(
            req.flyer, req.start, system=req.system, budget_ft=req.budget_ft, space=req.space
        )
        if json_out:
            typer.echo(reach_json_text(req.name, action, result))  # emit_json's text
        else:
            typer.echo("\n".join(_reach_lines(req.name, result, band, req.space, language)))
    except FootfallError as exc:
        fail(_error(exc))


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
    from footfall.flight import reflex_bonus, stall, stall_rounds
    from footfall.flight.report import stall_json
    from footfall.flight.space import flight_system

    try:
        language = parse_lang(lang)
        system = flight_system(_OPEN_SKY_SYSTEM)
        assert system.flight is not None
        reflex_bonus(reflex)
        stall_rounds(rounds)
        fall = stall(alt, reflex, system.flight.stall)
        if json_out:
            out = stall_json(fall)
            if rounds is not None:
                out["within"] = {"rounds": rounds, "p_recover": str(fall.p_recover_within(rounds))}
            emit_json(out)
        else:
            typer.echo("\n".join(_stall_lines(fall, language, rounds)))
    except FootfallError as exc:
        fail(_error(exc))


def _cell(value: object, column: str, lang: Lang) -> str:
    """Write one cell of the maneuverability table as footfall reads it."""
    from footfall.rules import ANY, TurnInPlace, TurnRate

    if value is ANY:
        return t("flight.cell.any", lang)
    if value is None:
        return t("flight.cell.none" if column == "min_forward_speed" else "flight.cell.no", lang)
    if isinstance(value, bool):
        return t("flight.cell.yes" if value else "flight.cell.no", lang)
    if isinstance(value, TurnRate):
        return f"{value.degrees}°/{measure(lang, value.per_ft, 'ft')}"
    if isinstance(value, TurnInPlace):
        return f"+{value.degrees}°/-{measure(lang, value.cost_ft, 'ft')}"
    if column in ("max_turn", "up_angle", "down_angle"):
        return f"{value}°"
    if column in ("reverse", "between_down_up_ft"):
        return measure(lang, value, "ft")
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
    from rich.cells import cell_len

    from footfall.flight.space import flight_system

    try:
        language = parse_lang(lang)
        system = flight_system(_OPEN_SKY_SYSTEM)
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
        fail(_error(exc))


def register(app: typer.Typer) -> None:
    """Add the ``fly`` command group to `app`."""
    app.add_typer(fly, name="fly")
