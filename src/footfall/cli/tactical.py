"""CLI commands of the tactical grid: ``reach``, ``path``, ``check`` and ``scenes``.

Thin: parse options, call `footfall.tactical`, print JSON (``--json``, SCENE.md shapes) or a
terminal map drawn with Rich - reachable squares shaded by band, the path drawn, violations
and the per-step breakdown listed.
"""

from __future__ import annotations

import os
import re
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from footfall.cli import ACTIONS_HELP, emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError, InputError, Noun, Param
from footfall.i18n import Lang, parse_lang, scene_title, t
from footfall.limits import LIMITS
from footfall.scene import (
    TEXT_EXTENSIONS,
    Scene,
    footprint,
    list_samples,
    load_sample,
    load_scene,
)

__all__ = ["FLAGS", "load_scene_arg", "parse_square", "parse_squares", "register"]

#: The flags of the library parameters whose flag is not ``--`` + the name (errors name them).
FLAGS = {
    "mover_id": "--mover",
    "conditions": "--condition",
    "squares": "--path",
    "switches": "--switch",
}

_SQUARE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
#: File extensions that make SCENE a file name even when no such file exists.
_SCENE_EXTENSIONS = (".json", *TEXT_EXTENSIONS)
#: Background of each band (one move, two moves, a run / dh2e half, full, charge, run).
_BAND_STYLES = ("on dark_green", "on dark_goldenrod", "on dark_red", "on purple4", "on grey30")


def parse_square(text: str, what: str) -> tuple[int, int]:
    """Parse ``"X,Y"`` into ``(x, y)``; anything else raises `InputError` naming `what`."""
    match = _SQUARE.match(text)
    if not match:
        raise InputError("error.tactical.cli.not-a-square", what=Noun(what), value=text)
    for group in match.groups():
        digits = len(group.lstrip("-"))
        if digits > LIMITS.token_digits:
            raise InputError(
                "error.tactical.cli.digits", what=Noun(what), value=text, digits=digits,
                limit=LIMITS.token_digits,
            )  # fmt: skip
    return int(match.group(1)), int(match.group(2))


def parse_squares(text: str) -> list[tuple[int, int]]:
    """Parse ``"X,Y X,Y ..."`` (spaces or semicolons between squares)."""
    parts = [p for p in re.split(r"[\s;]+", text.strip()) if p]
    if not parts:
        raise InputError("error.tactical.cli.path-empty", param=Param("squares"))
    return [parse_square(p, "--path square") for p in parts]


def load_scene_arg(value: str) -> Scene:
    """Load SCENE: a file, else a shipped sample name (unknown -> lists samples).

    SCENE is a file when something of that name exists (a directory is then refused as one),
    when it names a folder (holds ``/`` or ``\\``) or when it ends in a scene extension
    (``.json``, ``.txt``, ``.map``, ``.ffmap``): a missing one is "no such scene file", never
    an unknown sample. Any other word is a sample name.
    """
    if _exists(value) or "/" in value or "\\" in value or value.lower().endswith(_SCENE_EXTENSIONS):
        return load_scene(value)
    return load_sample(value)


def _exists(value: str) -> bool:
    """Tell whether a file, directory or device of the name `value` exists."""
    try:
        return os.path.lexists(value)
    except (OSError, ValueError):  # a name too long for the system, or holding NUL
        return False


def _switches(values: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise InputError("error.tactical.cli.switch", param=Param("switches"), value=item)
        out[name.strip()] = value.strip()
    return out


def _glyph(scene: Scene, mover_id: str) -> dict[tuple[int, int], tuple[str, str]]:
    """Return the glyph and style of every creature square: @ mover, a-z allies, A-Z foes."""
    mover = next(c for c in scene.creatures if c.id == mover_id)
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for c in scene.creatures:
        side = footprint(scene, c)
        if c.id == mover_id:
            mark, style = "@", "bold bright_white"
        elif c.side == mover.side:
            mark, style = c.id[0].lower(), "bold cyan"
        else:
            mark, style = c.id[0].upper(), "bold red"
        if c.helpless:
            style += " dim"
        for dy in range(side):
            for dx in range(side):
                out[(c.at[0] + dx, c.at[1] + dy)] = (mark, style)
    return out


#: Largest part of a map drawn in the terminal (columns, rows); bigger scenes are cropped
#: around what the answer is about, so a 1000x1000 scene never builds a million-cell picture.
_VIEW = (60, 40)


def _view(scene: Scene, mover_id: str, squares: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """Return the part ``(x0, y0, x1, y1)`` of the map to draw (x1, y1 exclusive).

    The whole map when it fits `_VIEW`; else the box around the mover's space and `squares`
    (path, reachable squares), two squares of margin, cut to `_VIEW` around the mover.
    """
    cols, rows = _VIEW
    if scene.width <= cols and scene.height <= rows:
        return 0, 0, scene.width, scene.height
    mover = next(c for c in scene.creatures if c.id == mover_id)
    side = footprint(scene, mover)
    xs = [mover.at[0], mover.at[0] + side - 1, *(x for x, _ in squares)]
    ys = [mover.at[1], mover.at[1] + side - 1, *(y for _, y in squares)]

    def span(low: int, high: int, centre: int, limit: int, size: int) -> tuple[int, int]:
        low, high = max(low - 2, 0), min(high + 3, size)
        if high - low > limit:
            low = min(max(centre - limit // 2, 0), size - limit)
            high = low + limit
        return low, high

    x0, x1 = span(min(xs), max(xs), mover.at[0], cols, scene.width)
    y0, y1 = span(min(ys), max(ys), mover.at[1], rows, scene.height)
    return x0, y0, x1, y1


def _map(
    scene: Scene,
    mover_id: str,
    bands: dict[tuple[int, int], int],
    path: list[tuple[int, int]],
    bad: set[tuple[int, int]],
    lang: Lang = "en",
    extra: tuple[tuple[int, int], ...] = (),
    plain: bool = False,
) -> Text:
    """Draw the map: terrain characters, creatures, band shading, the path as step digits.

    A reachable open square shows its band's digit; on a `plain` (uncoloured) terminal, where
    no shading shows, so does a reachable square of any terrain (difficult, poor visibility).

    Column numbers run along the top (tens above units once the map is wider than 10) and row
    numbers down the left, so a GM reads off the X,Y that ``--to`` and ``--path`` take. A map
    larger than `_VIEW` is cropped (`_view`) and a line says which part is shown.
    """
    x0, y0, x1, y1 = _view(scene, mover_id, [*path, *bands, *extra])
    creatures = _glyph(scene, mover_id)
    steps = {square: i for i, square in enumerate(path)}
    text = Text()
    if (x0, y0, x1, y1) != (0, 0, scene.width, scene.height):
        shown = t(
            "tactical.cli.cropped", lang, x0=x0, x1=x1 - 1, y0=y0, y1=y1 - 1,
            width=scene.width, height=scene.height,
        )  # fmt: skip
        text.append(shown + "\n")
    margin = len(str(y1 - 1)) + 1
    if x1 > 10:
        tens = "".join(f"{x // 10 % 10 if x >= 10 else ' '} " for x in range(x0, x1))
        text.append(" " * margin + tens.rstrip() + "\n", style="grey50")
    units = "".join(f"{x % 10} " for x in range(x0, x1))
    text.append(" " * margin + units.rstrip() + "\n", style="grey50")
    for y in range(y0, y1):
        row = scene.rows[y]
        text.append(f"{y:>{margin - 1}} ", style="grey50")
        for x in range(x0, x1):
            char = row[x]
            square = (x, y)
            glyph, style = creatures.get(square, (char, "grey70" if char == "." else "white"))
            if square in steps and square not in creatures:
                glyph, style = str(steps[square] % 10), "bold yellow"
            elif square in bands and (glyph == "." or (plain and square not in creatures)):
                glyph = str(bands[square] % 10)
            if square in bad:
                style += " on red3"
            elif square in bands:
                style += " " + _BAND_STYLES[min(bands[square], len(_BAND_STYLES)) - 1]
            text.append(glyph + " ", style=style)
        text.append("\n")
    return text


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True, markup=False)


def _why_text(entry: dict[str, Any]) -> str:
    return "; ".join(w["label"] for w in entry["why"])


#: Rows of a long breakdown shown in the terminal: the first and the last (--json has all).
_BREAKDOWN_ROWS = (40, 10)


def _print_breakdown(console: Console, data: dict[str, Any], lang: Lang) -> None:
    table = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("tactical.cli.step", "tactical.cli.square", "tactical.cli.cost"):
        table.add_column(t(column, lang), justify="right")
    table.add_column(t("tactical.cli.total", lang), justify="right")
    table.add_column(t("tactical.cli.why", lang), overflow="fold")
    entries = data["breakdown"]
    head, tail = _BREAKDOWN_ROWS
    for index, entry in enumerate(entries):
        if len(entries) > head + tail and head <= index < len(entries) - tail:
            if index == head:
                hidden = len(entries) - head - tail
                table.add_row("…", "", "", "", t("tactical.cli.hidden-steps", lang, count=hidden))
            continue
        x, y = entry["at"]
        why = _why_text(entry)
        if "penalties" in entry:
            pen = entry["penalties"]
            why += f" ({pen['attack']:+d}/{pen['ac']:+d})"
            if pen.get("prone"):
                # seed 004: prone -4 melee attack, AC -4 against melee and +4 against ranged.
                why += "; " + t("tactical.cli.prone", lang, ac_ranged=f"{pen['ac_ranged']:+d}")
        table.add_row(str(entry["step"]), f"{x},{y}", str(entry["cost"]), str(entry["total"]), why)
    console.print(table)
    for p in data.get("provokes", []):
        console.print(f"! {p['message']}")
    if "test" in data:
        console.print(data["test"]["message"])


def _header(console: Console, data: dict[str, Any], lang: Lang) -> None:
    console.print(
        t(
            "tactical.cli.header",
            lang,
            mover=data["mover"],
            action=data["action_name"],
            budget=data["budget"],
            unit=t(f"common.unit.{data['unit']}", lang),
        )
    )
    for note in data.get("notes", []):
        console.print(f"* {note['message']}")


def _write_bytes(*pieces: bytes) -> None:
    """Write `pieces` to stdout as they are: a whole-map answer (40 MB) is not decoded,
    re-encoded or copied again on its way out (issue 15, item 6)."""
    try:
        out = typer.get_binary_stream("stdout")
    except RuntimeError:  # a text-only stdout (a harness's StringIO): write it as text
        typer.echo(b"".join(pieces).decode("utf-8"), nl=False)
        return
    for piece in pieces:
        out.write(piece)
    out.flush()


def _run(fn: Any) -> None:
    try:
        fn()
    except FootfallError as exc:
        fail(exc.render(current_lang(), flag_spelling(FLAGS)))


MoverOpt = Annotated[str, typer.Option("--mover", "-m", help="Id of the creature that moves.")]
ReachMoverOpt = Annotated[
    str | None, typer.Option("--mover", "-m", help="Id of the creature that moves.")
]
AllOpt = Annotated[bool, typer.Option("--all", help="Every creature's reach (instead of --mover).")]
ActionOpt = Annotated[
    str | None,
    typer.Option("--action", "-a", help=f"Action (default: the system's move): {ACTIONS_HELP}."),
]
DistanceOpt = Annotated[
    int | None,
    typer.Option("--distance", help="Granted distance (drawsteel shift N; an effect's move N)."),
]
SwitchOpt = Annotated[
    list[str] | None,
    typer.Option("--switch", help="Interpretation switch name=value (RULES.md), repeatable."),
]
FlyOpt = Annotated[
    bool | None,
    typer.Option(
        "--flying/--walking",
        help="Use the fly speed and fly over pits and difficult terrain (default: flying when "
        "the mover has a fly speed and is aloft or has no land speed).",
    ),
]
SpeedOpt = Annotated[
    int | None,
    typer.Option(
        "--speed",
        help="The mover's speed after armor and load, in the system's unit (replaces the "
        "scene's; an imported map has none).",
    ),
]
BaseSpeedOpt = Annotated[
    int | None,
    typer.Option(
        "--base-speed",
        help="The mover's speed before armor and load: medium/heavy armor or load slows it "
        "(pf1e/dnd35: 30 -> 20 ft, 20 -> 15 ft). Not with --speed.",
    ),
]
ArmorOpt = Annotated[
    str | None,
    typer.Option(
        "--armor", help="The mover's armor: none, light, medium, heavy (replaces the scene's)."
    ),
]
LoadOpt = Annotated[
    str | None,
    typer.Option("--load", help="The mover's load: light, medium, heavy (replaces the scene's)."),
]
ConditionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--condition",
        help="A condition of the mover, repeatable, added to the scene's: fatigued, prone, "
        "slowed ... (the system's list: docs/scenes.md).",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print SCENE.md JSON.")]
LangOpt = Annotated[str, typer.Option("--lang", help="Language: en, ru or zh.")]
SceneArg = Annotated[
    str,
    typer.Argument(metavar="SCENE", help="Scene file (JSON or text map) or sample name."),
]


def reach(
    scene: SceneArg,
    mover: ReachMoverOpt = None,
    every: AllOpt = False,
    action: ActionOpt = None,
    distance: DistanceOpt = None,
    switch: SwitchOpt = None,
    flying: FlyOpt = None,
    speed: SpeedOpt = None,
    base_speed: BaseSpeedOpt = None,
    armor: ArmorOpt = None,
    load: LoadOpt = None,
    condition: ConditionOpt = None,
    json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Show every square the mover may end this action in, with its least cost.

    Example: footfall reach pf1e-ogre-bridge --mover valeros (footfall scenes lists samples);
    --all instead of --mover gives every creature's reach.
    """

    def go() -> None:
        from footfall.tactical import reachable

        language = parse_lang(lang)
        if (mover is None) == (not every):
            raise InputError(
                "error.tactical.cli.mover-or-all", param=Param("mover_id"),
                options=(Param("mover_id"), Param("all")),
            )  # fmt: skip
        given = {"speed": speed, "base_speed": base_speed, "armor": armor, "load": load}
        named = [Param(k) for k, v in given.items() if v is not None]
        named += [Param("conditions")] if condition else []
        if mover is None:
            if named:  # they describe one creature; --all asks of every creature as it stands
                raise InputError(
                    "error.tactical.cli.all-one-mover", param=named[0], options=tuple(named)
                )
            loaded = load_scene_arg(scene)
            _reach_all(loaded, action, _switches(switch), distance, flying, json, language)
            return
        loaded = _adjusted(
            load_scene_arg(scene), mover, speed, base_speed, armor, load, condition or []
        )
        result = reachable(
            loaded, mover, action, switches=_switches(switch), distance=distance, flying=flying
        )
        if json:
            # Encoded from the arrays: a whole-map answer needs no dict per square (issue 15).
            _write_bytes(result.json_bytes(language), b"\n")
            return
        data = result.to_json(language)
        console = _console()
        _header(console, data, language)
        bands = {(s["at"][0], s["at"][1]): s["band"] for s in data["squares"]}
        plain = console.no_color or console.color_system is None
        console.print(_map(loaded, mover, bands, [], set(), language, plain=plain), end="")
        key = Text()
        unit = t(f"common.unit.{data['unit']}", language)
        in_play = set(bands.values())
        for band in data["bands"]:
            if band["band"] not in in_play:
                continue  # the legend lists only the bands some square is in
            style = _BAND_STYLES[min(band["band"], len(_BAND_STYLES)) - 1]
            key.append(str(band["band"] % 10) if plain else "  ", style=style)
            amount = (
                t("common.count.squares", language, n=band["up_to"])
                if data["unit"] == "squares"
                else f"{band['up_to']} {unit}"
            )
            key.append(f" {band['label']} (≤ {amount})  ")
        console.print(key)
        console.print(t("tactical.cli.reach-count", language, count=len(data["squares"])))
        side = footprint(loaded, next(c for c in loaded.creatures if c.id == data["mover"]))
        if side > 1:
            console.print(t("tactical.cli.top-left", language, side=side))

    _run(go)


def path(
    scene: SceneArg,
    mover: MoverOpt,
    to: Annotated[str, typer.Option("--to", help="End square X,Y.")],
    via: Annotated[
        list[str] | None, typer.Option("--via", help="Waypoint X,Y, repeatable, in order.")
    ] = None,
    action: ActionOpt = None,
    distance: DistanceOpt = None,
    switch: SwitchOpt = None,
    flying: FlyOpt = None,
    speed: SpeedOpt = None,
    base_speed: BaseSpeedOpt = None,
    armor: ArmorOpt = None,
    load: LoadOpt = None,
    condition: ConditionOpt = None,
    json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Find a cheapest legal path to a square (through waypoints, 5-10-5 count carried).

    Example: footfall path pf1e-ogre-bridge --mover valeros --to 15,7 --action double-move
    """

    def go() -> None:
        from footfall.tactical import find_path

        language = parse_lang(lang)
        loaded = _adjusted(
            load_scene_arg(scene), mover, speed, base_speed, armor, load, condition or []
        )
        target = parse_square(to, "--to")
        waypoints = [parse_square(v, "--via") for v in via or []]
        result = find_path(
            loaded,
            mover,
            target,
            via=waypoints,
            action=action,
            switches=_switches(switch),
            distance=distance,
            flying=flying,
        )
        data = result.to_json(language)
        if json:
            emit_json(data)
            return
        console = _console()
        _header(console, data, language)
        squares = [tuple(s) for s in data.get("path", [])]
        drawn = [(int(s[0]), int(s[1])) for s in squares]
        picture = _map(loaded, mover, {}, drawn, set(), language, (target, *waypoints))
        console.print(picture, end="")
        if data["found"]:
            unit = t(f"common.unit.{data['unit']}", language)
            console.print(t("tactical.cli.found", language, cost=data["cost"], unit=unit))
            _print_breakdown(console, data, language)
        else:
            console.print(t("tactical.cli.not-found", language, reason=data["reason"]))

    _run(go)


def check(
    scene: SceneArg,
    mover: MoverOpt,
    squares: Annotated[str, typer.Option("--path", help='Squares after the start: "X,Y X,Y ...".')],
    action: ActionOpt = None,
    distance: DistanceOpt = None,
    switch: SwitchOpt = None,
    flying: FlyOpt = None,
    speed: SpeedOpt = None,
    base_speed: BaseSpeedOpt = None,
    armor: ArmorOpt = None,
    load: LoadOpt = None,
    condition: ConditionOpt = None,
    json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Check a given path: its cost, legality and every violated rule.

    Example: footfall check pf1e-ogre-bridge --mover kyra --path "8,8 9,9 10,10"
    """

    def go() -> None:
        from footfall.tactical import check_path

        language = parse_lang(lang)
        loaded = _adjusted(
            load_scene_arg(scene), mover, speed, base_speed, armor, load, condition or []
        )
        given = parse_squares(squares)
        result = check_path(
            loaded,
            mover,
            given,
            action=action,
            switches=_switches(switch),
            distance=distance,
            flying=flying,
        )
        data = result.to_json(language)
        if json:
            emit_json(data)
            return
        console = _console()
        _header(console, data, language)
        bad = {given[v["step"] - 1] for v in data["violations"] if 0 < v["step"] <= len(given)}
        full = [loaded_at(result), *given]
        console.print(_map(loaded, mover, {}, full, bad, language), end="")
        unit = t(f"common.unit.{data['unit']}", language)
        key = "tactical.cli.legal" if data["legal"] else "tactical.cli.illegal"
        console.print(t(key, language, cost=data["cost"], unit=unit))
        for v in data["violations"]:
            console.print(f"✗ [{v['rule']}] {v['message']}")
        _print_breakdown(console, data, language)

    _run(go)


def _adjusted(
    scene: Scene,
    mover: str,
    speed: int | None,
    base_speed: int | None,
    armor: str | None,
    load: str | None,
    conditions: list[str],
) -> Scene:
    """Give the mover the command's ``--speed``, ``--base-speed``, ``--armor``, ``--load`` and
    ``--condition`` (`footfall.tactical.conditions.adjust_mover`)."""
    from footfall.tactical.conditions import adjust_mover

    return adjust_mover(
        scene, mover, speed=speed, base_speed=base_speed, armor=armor, load=load,
        conditions=conditions,
    )  # fmt: skip


def loaded_at(result: Any) -> tuple[int, int]:
    """Return the mover's start square of a result."""
    at: tuple[int, int] = result.policy.mover.at
    return at


def scenes(
    json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """List the sample scenes shipped with footfall (use a name as SCENE)."""

    def go() -> None:
        language = parse_lang(lang)
        rows = []
        titles = []
        for name in list_samples():
            scene = load_sample(name)
            titles.append(scene_title(name, str(scene.extra.get("x-title", "")), language))
            rows.append(
                {
                    "name": name,
                    "system": scene.system,
                    "size": [scene.width, scene.height],
                    "creatures": [c.id for c in scene.creatures],
                    "title": str(scene.extra.get("x-title", "")),
                }
            )
        if json:
            emit_json(rows)
            return
        width = max(len(str(row["name"])) for row in rows)
        console = _console()
        for row, title in zip(rows, titles, strict=True):
            w, h = row["size"]
            console.print(f"{row['name']!s:<{width}}  {row['system']!s:<9}  {w}x{h:<4} {title}")
            console.print(f"{'':<{width}}  {', '.join(str(c) for c in row['creatures'])}")

    _run(go)


def _reach_all(
    loaded: Scene,
    action: str | None,
    switches: dict[str, str] | None,
    distance: int | None,
    flying: bool | None,
    json: bool,
    language: Lang,
) -> None:
    """Print every creature's reach (`reach --all`): the JSON of `reach_all`, or a count each."""
    from footfall.tactical import reach_all

    every = reach_all(loaded, action, switches=switches, distance=distance, flying=flying)
    if json:
        emit_json(every.to_json(language, flag_spelling(FLAGS)))
        return
    console = _console()
    for cid, found in every.reaches.items():
        count = t("tactical.cli.every-count", language, id=cid, count=len(found.xs))
        console.print(count, highlight=False)
    for cid, error in every.refused.items():
        console.print(f"{cid}: {error.render(language, flag_spelling(FLAGS))}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add the tactical commands to `app`."""
    app.command()(reach)
    app.command()(path)
    app.command()(check)
    app.command()(scenes)
