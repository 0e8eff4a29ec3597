"""CLI commands ``import`` (Universal VTT / Foundry VTT -> scene) and ``render`` (scene -> PNG).

``footfall import map.dd2vtt --system pf1e -o crypt.json`` writes the scene and, beside it,
the map's picture (``crypt.png``), which the scene names as its ``background``; ``--embed``
puts the picture inside the scene as a data URL instead. Warnings go to stderr, one a line.

``footfall render crypt.json --mover valeros --to 4,2 -o crypt.png`` draws the map, the
squares the mover can reach (tinted by cost band, costs written in them) and the path.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

import typer

from footfall.cli import ACTIONS_HELP, emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError, InputError, LimitError, Param, quote
from footfall.i18n import Lang, parse_lang, t
from footfall.limits import LIMITS

__all__ = ["FLAGS", "import_command", "register", "render_command"]

#: Library parameters whose flag is not ``--`` and their name (`footfall.cli.flag_spelling`).
FLAGS = {"fmt": "--format"}


def _fail(exc: FootfallError) -> None:
    """Print `exc` as this command's one error line (parameters spelled as its flags)."""
    fail(exc.render(current_lang(), flag_spelling(FLAGS)))


def _path(path: Path) -> str:
    """Quote a file path for an error line (shortened past `Limits.path_quote`)."""
    return quote(str(path), LIMITS.path_quote)


def _cannot_write(path: Path, reason: object) -> InputError:
    return InputError("error.maps.cli-write", path=_path(path), reason=reason)


def import_command(
    file: Path = typer.Argument(..., help="a .dd2vtt/.uvtt/.df2vtt file or a Foundry scene .json"),
    system: str = typer.Option(..., "--system", help="pf1e, dnd35, dh2e or drawsteel"),
    output: Path | None = typer.Option(
        None, "-o", "--output", help="scene file to write (else the scene JSON is printed)"
    ),
    terrain: Path | None = typer.Option(
        None, "--terrain", help="plain-text terrain overlay of the map's size (default legend)"
    ),
    fmt: str | None = typer.Option(None, "--format", help="uvtt or foundry (default: detect)"),
    embed: bool = typer.Option(False, "--embed", help="embed the picture as a data URL"),
    background: Path | None = typer.Option(
        None, "--background", help="picture file to use as the background (Foundry exports)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print a JSON report (with -o)"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
    force: bool = typer.Option(False, "--force", help="replace files -o would write over"),
) -> None:
    """Import a Universal VTT map or a Foundry VTT scene export as a footfall scene."""
    try:
        inputs = _Inputs(file, terrain, background, force)
        _import(inputs, system, output, fmt, embed, as_json, parse_lang(lang))
    except FootfallError as exc:
        _fail(exc)


@dataclasses.dataclass(frozen=True, slots=True)
class _Inputs:
    """The files ``import`` reads, and whether it may replace the files it writes."""

    file: Path
    terrain: Path | None
    background: Path | None
    force: bool

    def check(self, target: Path, what: str) -> None:
        """Refuse to write `target` over an input, a special file or (unforced) a file."""
        from footfall.cli.output import check_output

        check_output(target, (self.file, self.terrain, self.background), self.force, what)


def _import(
    inputs: _Inputs,
    system: str,
    output: Path | None,
    fmt: str | None,
    embed: bool,
    as_json: bool,
    lang: Lang,
) -> None:
    from footfall.imports import import_map
    from footfall.scene import scene_json_text, scene_to_json

    file, terrain, background = inputs.file, inputs.terrain, inputs.background
    if output is not None:
        # Before anything is read, written (the picture goes beside the scene) or said.
        inputs.check(output, "output")
    result = import_map(file, system=system, terrain=terrain, fmt=fmt)
    if background is not None:
        result = _with_background(result, background)
    notes = list(result.messages(lang))
    written: list[str] = []
    picture: str | None = None
    image = result.background
    if image is not None:
        if embed:
            result = result.embedded()
        elif output is not None:
            target = output.with_suffix(f".{image.extension}")
            if target.resolve() == output.resolve():
                raise InputError("error.maps.cli-overwrite", path=_path(output))
            if background is None or target.resolve() != background.resolve():
                inputs.check(target, "picture")
                _write(target, image.data)
                written.append(str(target))
            picture = target.name
            result = result.with_background(picture)
        else:
            notes.append(t("maps.import.no_background", lang))
    scene = result.scene
    if output is None:
        _warn(notes, lang)
        if as_json:
            emit_json({"scene": scene_to_json(scene), "warnings": list(result.warnings)})
        else:
            typer.echo(scene_json_text(scene), nl=False)
        return
    _save(scene, output)
    written.insert(0, str(output))
    _warn(notes, lang)  # after the write: a failed write is one error line, nothing before it
    _report(result, output, picture, embed, written, as_json, lang)


def _with_background(result: Any, background: Path) -> Any:
    """Return the import `result` with the picture file `background` as its background."""
    from footfall.imports import BackgroundImage
    from footfall.imports.foundry import BACKGROUND_WARNING
    from footfall.imports.result import sniff_image
    from footfall.untrusted import read_bytes

    data = read_bytes(background, "background", LIMITS.import_bytes)
    media_type = sniff_image(data)
    if media_type is None:
        raise InputError(
            "error.maps.cli-background-image", param=Param("background"), path=_path(background)
        )
    return dataclasses.replace(
        result.without(BACKGROUND_WARNING), background=BackgroundImage(data, media_type)
    )


def _save(scene: Any, output: Path) -> None:
    """Write `scene` to `output`, or raise one error line."""
    from footfall.scene import dump_scene

    try:
        dump_scene(scene, output)
    except OSError as exc:
        raise _cannot_write(output, exc.strerror) from None


def _report(
    result: Any,
    output: Path,
    picture: str | None,
    embed: bool,
    written: list[str],
    as_json: bool,
    lang: Lang,
) -> None:
    """Say what the import wrote: the files and a summary, or the JSON report."""
    scene = result.scene
    doors = sum(1 for w in scene.walls if w.door is not None)
    if as_json:
        emit_json(
            {
                "scene": str(output),
                "background": scene.background if picture is not None else None,
                "embedded": embed and result.background is not None,
                "width": scene.width,
                "height": scene.height,
                "walls": len(scene.walls),
                "doors": doors,
                "creatures": len(scene.creatures),
                "warnings": list(result.warnings),
            }
        )
        return
    for path in written:
        typer.echo(t("maps.import.wrote", lang, path=path))
    typer.echo(
        t(
            "maps.import.summary",
            lang,
            width=scene.width,
            height=scene.height,
            walls=len(scene.walls),
            doors=doors,
            creatures=len(scene.creatures),
        )
    )


def _warn(notes: list[str], lang: Lang) -> None:
    """Print each import note on stderr, one ``warning:`` line each."""
    for note in notes:
        typer.echo(t("maps.import.warning", lang, message=note), err=True)


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise _cannot_write(path, exc.strerror) from None


def _square(text: str, param: str) -> tuple[int, int]:
    """Read ``X,Y`` given to the option of `param`, or raise one error line naming it."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise InputError("error.maps.cli-square", param=Param(param), value=text) from None
    return x, y


def render_command(
    scene_file: str = typer.Argument(
        ..., help="scene file (SCENE.md JSON or a text map) or a sample scene's name"
    ),
    output: Path = typer.Option(..., "-o", "--output", help="PNG file to write"),
    mover: str | None = typer.Option(None, "--mover", help="creature id whose reach to draw"),
    action: str | None = typer.Option(
        None, "--action", help=f"action (default per system): {ACTIONS_HELP}"
    ),
    to: str | None = typer.Option(None, "--to", help="draw the cheapest path to X,Y"),
    distance: int | None = typer.Option(None, "--distance", help="granted distance (shift)"),
    speed: int | None = typer.Option(
        None,
        "--speed",
        help="the mover's speed after armor and load, when the scene has none (imported maps)",
    ),
    at: str | None = typer.Option(
        None,
        "--at",
        help="place the mover at X,Y first (adds it, medium and of side 'party', when the "
        "scene has no creature of that id: a Universal VTT map has none)",
    ),
    size: str | None = typer.Option(None, "--size", help="size of a mover that --at adds"),
    cell: int | None = typer.Option(
        None, "--cell", help="side of a square in pixels, 8-200 (default 40, less on big maps)"
    ),
    crop: bool = typer.Option(
        False, "--crop", help="draw only the part around the mover's reach (2 squares more)"
    ),
    window: str | None = typer.Option(
        None, "--window", help="draw only squares X0,Y0,X1,Y1 (inclusive)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print a JSON report"),
    lang: str = typer.Option("en", "--lang", help="en, ru or zh"),
    force: bool = typer.Option(False, "--force", help="replace the file -o names if it exists"),
) -> None:
    """Draw a scene as a PNG: map, walls, doors, creatures, reach by cost band and a path."""
    try:
        from footfall.cli.output import check_output

        check_output(output, [Path(scene_file)], force)
        frame = _window(window) if window is not None else None
        if crop and frame is not None:
            raise InputError(
                "error.maps.cli-crop-window", crop=Param("crop"), window=Param("window")
            )
        if crop and mover is None:
            raise InputError("error.maps.cli-crop-mover", crop=Param("crop"), mover=Param("mover"))
        options = _RenderOptions(
            mover, action, to, distance, speed, cell, crop, frame, at=at, size=size
        )
        _render(scene_file, output, options, as_json, lang)
    except FootfallError as exc:
        _fail(exc)


@dataclasses.dataclass(frozen=True, slots=True)
class _RenderOptions:
    """What to draw over the map, as the command line asked."""

    mover: str | None
    action: str | None
    to: str | None
    distance: int | None
    speed: int | None
    cell: int | None
    crop: bool
    window: tuple[int, int, int, int] | None
    at: str | None = None
    size: str | None = None


def _place(scene: Any, mover: str, at_text: str, size: str | None, speed: int | None) -> Any:
    """Put `mover` at ``X,Y``: move it, or add it when the scene has no creature of that id.

    An added mover is of side ``party``, `size` (default the system's one-square size:
    medium, ``1M`` in Draw Steel) and `speed` (checked later: a mover without one is refused
    with the usual message). The scene is validated again, so a mover placed in a wall or
    off the map is a one-line error.
    """
    from footfall.imports import default_size
    from footfall.scene import Creature, CreatureSize, Side, validate

    x, y = _square(at_text, "at")
    ids = [c.id for c in scene.creatures]
    if mover in ids:
        if size is not None:
            raise InputError(
                "error.maps.cli-size-in-scene", size=Param("size"), at=Param("at"), value=mover
            )
        creatures = tuple(
            dataclasses.replace(c, at=(x, y)) if c.id == mover else c for c in scene.creatures
        )
    else:
        # An unchecked word: `validate` refuses a size the system does not have, by name.
        chosen = cast(CreatureSize, size or default_size(scene.system))
        added = Creature(id=mover, at=(x, y), size=chosen, side=Side("party"), speed=speed)
        creatures = (*scene.creatures, added)
    return validate(dataclasses.replace(scene, creatures=creatures))


def _check_speed(speed: int, system: Any) -> None:
    """Refuse a ``--speed`` a scene's creature could not have (as the scene parser does).

    At most `footfall.limits.Limits.speed` (a `LimitError`), 0 or more, and a whole number of
    the system's squares: in pf1e / dnd35 a multiple of 5 ft, since movement is counted in
    5-ft squares (RULES.md 1.2, "Squares are 5 ft"; the scene parser's ``_five_foot_steps``).
    """
    if speed < 0:
        raise InputError("error.maps.cli-speed-negative", param=Param("speed"), value=speed)
    if speed > LIMITS.speed:
        raise LimitError(
            "error.maps.cli-speed-limit", param=Param("speed"), value=speed, limit=LIMITS.speed
        )
    if speed % system.square:
        raise InputError(
            "error.maps.cli-speed-step",
            param=Param("speed"),
            value=speed,
            system=system.id,
            step=system.square,
            unit=system.unit.value,
        )


def _window(text: str) -> tuple[int, int, int, int]:
    parts = text.replace(" ", "").split(",")
    try:
        x0, y0, x1, y1 = (int(p) for p in parts)
    except ValueError:
        raise InputError("error.maps.cli-window", param=Param("window"), value=text) from None
    if x1 < x0 or y1 < y0:
        raise InputError("error.maps.cli-window-order", param=Param("window"), value=text)
    return x0, y0, x1, y1


def _render(
    scene_file: str, output: Path, options: _RenderOptions, as_json: bool, lang_text: str
) -> None:
    from footfall.cli.tactical import load_scene_arg
    from footfall.render import auto_cell, reach_window, render

    language = parse_lang(lang_text)
    scene = load_scene_arg(scene_file)  # a file, else a sample's name (issue 12, item 12)
    overlay = None
    _check_options(options)
    mover, window, cell = options.mover, options.window, options.cell
    if mover is not None:
        scene = _with_mover(scene, mover, options)
        overlay = _reach(scene, mover, options.action, options.to, options.distance, language)
    if options.crop and overlay is not None:
        window = reach_window(scene, overlay)
    if cell is None:
        if window is None:
            cell = auto_cell(scene.width, scene.height)
        else:
            cell = auto_cell(window[2] - window[0] + 1, window[3] - window[1] + 1)
    drawn = render(
        scene,
        reach=overlay,
        cell=cell,
        lang=language,
        base_dir=Path(scene_file).parent,
        window=window,
    )
    try:
        drawn.image.save(output, format="PNG")
    except OSError as exc:
        raise _cannot_write(output, exc.strerror or exc) from None
    except ValueError as exc:
        raise _cannot_write(output, exc) from None
    width, height = drawn.image.size
    if as_json:
        emit_json(
            {
                "output": str(output),
                "width": width,
                "height": height,
                "cell": cell,
                "window": list(window) if window is not None else None,
                "reachable": len(overlay.costs) if overlay is not None else None,
                "path": [list(s) for s in overlay.path] if overlay is not None else None,
                "notes": list(drawn.notes),
            }
        )
        return
    for note in drawn.notes:
        typer.echo(t("maps.render.note", language, message=note), err=True)
    typer.echo(t("maps.render.wrote", language, path=str(output), width=width, height=height))


def _check_options(options: _RenderOptions) -> None:
    """Refuse the options that need a ``--mover`` when none is given."""
    if options.mover is not None:
        return
    if options.action is not None or options.to is not None or options.speed is not None:
        raise InputError(
            "error.maps.cli-needs-mover",
            action=Param("action"),
            to=Param("to"),
            speed=Param("speed"),
            mover=Param("mover"),
        )
    if options.at is not None or options.size is not None:
        raise InputError(
            "error.maps.cli-at-needs-mover",
            at=Param("at"),
            size=Param("size"),
            mover=Param("mover"),
        )


def _with_mover(scene: Any, mover: str, options: _RenderOptions) -> Any:
    """Return `scene` with `mover` placed (``--at``) and given ``--speed``, checked first.

    dh2e movers move by their Agility bonus (seed 001), never by a speed: their family's
    movers refuse ``--speed`` instead of ignoring it.
    """
    from footfall.rules import Family, load_system
    from footfall.scene import creature as find_creature
    from footfall.scene import validate

    rules = load_system(scene.system)
    by_agility = rules.family is Family.HERESY
    speed = options.speed
    if speed is not None and not by_agility:
        _check_speed(speed, rules)  # before --at places a mover with it
    if options.at is not None:
        scene = _place(scene, mover, options.at, options.size, speed)
    elif options.size is not None:
        raise InputError("error.maps.cli-size-needs-at", size=Param("size"), at=Param("at"))
    found = find_creature(scene, mover)
    if speed is not None and by_agility:
        raise InputError("error.maps.cli-speed-agility", param=Param("speed"), system=rules.id)
    if speed is None and found.speed is None and found.fly is None and not by_agility:
        raise InputError("error.maps.cli-no-speed", value=mover, speed=Param("speed"))
    if speed is None:
        return scene
    changed = dataclasses.replace(found, speed=speed)
    return validate(
        dataclasses.replace(
            scene, creatures=tuple(changed if c.id == mover else c for c in scene.creatures)
        )
    )


def _reach(
    scene: Any, mover: str, action: str | None, to: str | None, distance: int | None, lang: Lang
) -> Any:
    try:
        from footfall.tactical.views import find_path, reachable
    except ImportError:
        raise InputError("error.maps.cli-no-tactical") from None
    reach = reachable(scene, mover, action, distance=distance).to_json(lang)
    path = None
    if to is not None:
        target = _square(to, "to")
        path = find_path(scene, mover, target, action=action, distance=distance).to_json(lang)
    from footfall.render import reach_overlay

    return reach_overlay(reach, path)


def register(app: typer.Typer) -> None:
    """Add the ``import`` and ``render`` commands to `app`."""
    app.command("import")(import_command)
    app.command("render")(render_command)
