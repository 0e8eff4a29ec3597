"""CLI commands ``import`` (Universal VTT / Foundry VTT -> scene) and ``render`` (scene -> PNG).

``footfall import map.dd2vtt --system pf1e -o crypt.json`` writes the scene and, beside it,
the map's picture (``crypt.png``), which the scene names as its ``background``; ``--embed``
puts the picture inside the scene as a data URL instead. Warnings go to stderr, one a line.

``footfall render crypt.json --mover valeros --to 4,2 -o crypt.png`` draws the map, the
squares the mover can reach (tinted by cost band, costs written in them) and the path.
"""

from __future__ import annotations

import dataclasses
import errno
import os
from pathlib import Path
from typing import Any

import typer

from footfall.cli import emit_json, fail
from footfall.errors import FootfallError, InputError
from footfall.i18n import Lang, parse_lang, t

__all__ = ["import_command", "register", "render_command"]


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
) -> None:
    """Import a Universal VTT map or a Foundry VTT scene export as a footfall scene."""
    try:
        _import(file, system, output, terrain, fmt, embed, background, as_json, parse_lang(lang))
    except FootfallError as exc:
        fail(str(exc))


def _import(
    file: Path,
    system: str,
    output: Path | None,
    terrain: Path | None,
    fmt: str | None,
    embed: bool,
    background: Path | None,
    as_json: bool,
    lang: Lang,
) -> None:
    from footfall.imports import BackgroundImage, import_map
    from footfall.imports.foundry import BACKGROUND_WARNING
    from footfall.imports.result import sniff_image
    from footfall.scene import dump_scene, scene_json_text, scene_to_json

    if output is not None and output.is_dir():
        # Before anything is written (the picture goes beside the scene) or said.
        raise InputError(f"cannot write {str(output)!r}: {os.strerror(errno.EISDIR)}")
    result = import_map(file, system=system, terrain=terrain, fmt=fmt)
    if background is not None:
        try:
            data = background.read_bytes()
        except OSError as exc:
            raise InputError(
                f"cannot read background {str(background)!r}: {exc.strerror}"
            ) from None
        media_type = sniff_image(data)
        if media_type is None:
            raise InputError(f"background {str(background)!r} is not a PNG, WebP or JPEG image")
        result = dataclasses.replace(
            result.without(BACKGROUND_WARNING), background=BackgroundImage(data, media_type)
        )
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
                raise InputError(f"the picture would overwrite the scene file {str(output)!r}")
            if background is None or target.resolve() != background.resolve():
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
    try:
        dump_scene(scene, output)
    except OSError as exc:
        raise InputError(f"cannot write {str(output)!r}: {exc.strerror}") from None
    written.insert(0, str(output))
    _warn(notes, lang)  # after the write: a failed write is one error line, nothing before it
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
        raise InputError(f"cannot write {str(path)!r}: {exc.strerror}") from None


def _square(text: str, option: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise InputError(f"{option} expects X,Y (two whole numbers), got {text!r}")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise InputError(f"{option} expects X,Y (two whole numbers), got {text!r}") from None


def render_command(
    scene_file: Path = typer.Argument(..., help="scene file (SCENE.md JSON or a text map)"),
    output: Path = typer.Option(..., "-o", "--output", help="PNG file to write"),
    mover: str | None = typer.Option(None, "--mover", help="creature id whose reach to draw"),
    action: str | None = typer.Option(None, "--action", help="action (default per system)"),
    to: str | None = typer.Option(None, "--to", help="draw the cheapest path to X,Y"),
    distance: int | None = typer.Option(None, "--distance", help="granted distance (shift)"),
    speed: int | None = typer.Option(
        None, "--speed", help="the mover's speed, when the scene has none (imported maps)"
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
) -> None:
    """Draw a scene as a PNG: map, walls, doors, creatures, reach by cost band and a path."""
    try:
        frame = _window(window) if window is not None else None
        if crop and frame is not None:
            raise InputError("give --crop or --window, not both")
        if crop and mover is None:
            raise InputError("--crop needs --mover ID (it crops to the mover's reach)")
        options = _RenderOptions(
            mover, action, to, distance, speed, cell, crop, frame, at=at, size=size
        )
        _render(scene_file, output, options, as_json, lang)
    except FootfallError as exc:
        fail(str(exc))


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

    An added mover is of side ``party``, `size` (default medium, ``1M`` in Draw Steel) and
    `speed` (checked later: a mover without one is refused with the usual message). The
    scene is validated again, so a mover placed in a wall or off the map is a one-line error.
    """
    from footfall.scene import Creature, validate

    parts = at_text.replace(" ", "").split(",")
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise InputError(f"--at expects X,Y (two whole numbers), got {at_text!r}") from None
    ids = [c.id for c in scene.creatures]
    if mover in ids:
        if size is not None:
            raise InputError(f"--size applies to a mover that --at adds; {mover!r} is in the scene")
        creatures = tuple(
            dataclasses.replace(c, at=(x, y)) if c.id == mover else c for c in scene.creatures
        )
    else:
        default = "1M" if scene.system == "drawsteel" else "medium"
        added = Creature(id=mover, at=(x, y), size=size or default, side="party", speed=speed)
        creatures = (*scene.creatures, added)
    return validate(dataclasses.replace(scene, creatures=creatures))


def _check_speed(speed: int, system: str) -> None:
    """Refuse a ``--speed`` a scene's creature could not have (as the scene parser does).

    At most `footfall.scene.MAX_SPEED` (a `LimitError`), 0 or more, and in pf1e / dnd35 a
    multiple of 5 ft: movement is counted in 5-ft squares (RULES.md 1.2, "Squares are 5 ft";
    the scene parser's ``_five_foot_steps``).
    """
    from footfall.errors import LimitError, quote
    from footfall.scene import MAX_SPEED

    if speed < 0:
        raise InputError(f"--speed must be 0 or more, got {quote(speed)}")
    if speed > MAX_SPEED:
        raise LimitError(f"--speed {quote(speed)} is over the limit of {MAX_SPEED}")
    if system in ("pf1e", "dnd35") and speed % 5:
        raise InputError(f"--speed {speed}: a {system} speed is a multiple of 5 ft")


def _window(text: str) -> tuple[int, int, int, int]:
    parts = text.replace(" ", "").split(",")
    try:
        x0, y0, x1, y1 = (int(p) for p in parts)
    except ValueError:
        raise InputError(
            f"--window expects X0,Y0,X1,Y1 (four whole numbers), got {text!r}"
        ) from None
    if x1 < x0 or y1 < y0:
        raise InputError(f"--window {text!r}: X1 must be at least X0 and Y1 at least Y0")
    return x0, y0, x1, y1


def _render(
    scene_file: Path, output: Path, options: _RenderOptions, as_json: bool, lang_text: str
) -> None:
    from footfall.render import auto_cell, reach_window, render
    from footfall.scene import creature as find_creature
    from footfall.scene import load_scene, validate

    language = parse_lang(lang_text)
    scene = load_scene(scene_file)
    overlay = None
    mover, action, to, speed = options.mover, options.action, options.to, options.speed
    distance, cell, window = options.distance, options.cell, options.window
    if mover is None and (action is not None or to is not None or speed is not None):
        raise InputError("--action, --to and --speed need --mover ID")
    if mover is None and (options.at is not None or options.size is not None):
        raise InputError("--at and --size need --mover ID")
    if speed is not None and scene.system != "dh2e":
        _check_speed(speed, scene.system)  # before --at places a mover with it
    if mover is not None and options.at is not None:
        scene = _place(scene, mover, options.at, options.size, speed)
    elif options.size is not None:
        raise InputError("--size applies to a mover that --at adds")
    if mover is not None:
        found = find_creature(scene, mover)
        if speed is not None and scene.system == "dh2e":
            # dh2e movement comes from the Agility bonus (seed 001), never from `speed`.
            raise InputError(
                "--speed does not apply to dh2e: its movers move by 'agility_bonus' "
                "(set it on the creature in the scene)"
            )
        no_speed = found.speed is None and found.fly is None
        if speed is None and no_speed and scene.system != "dh2e":
            raise InputError(
                f"mover {mover!r} has no speed: give --speed N (an imported map carries "
                "no speeds) or add 'speed' to the creature in the scene"
            )
        if speed is not None:
            changed = dataclasses.replace(found, speed=speed)
            scene = validate(
                dataclasses.replace(
                    scene,
                    creatures=tuple(changed if c.id == mover else c for c in scene.creatures),
                )
            )
        overlay = _reach(scene, mover, action, to, distance, language)
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
        base_dir=scene_file.parent,
        window=window,
    )
    try:
        drawn.image.save(output, format="PNG")
    except OSError as exc:
        raise InputError(f"cannot write {str(output)!r}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise InputError(f"cannot write {str(output)!r}: {exc}") from None
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


def _reach(
    scene: Any, mover: str, action: str | None, to: str | None, distance: int | None, lang: Lang
) -> Any:
    try:
        from footfall.tactical.views import find_path, reachable
    except ImportError:
        raise InputError(
            "drawing reach needs footfall's tactical engine, which this install lacks"
        ) from None
    reach = reachable(scene, mover, action, distance=distance).to_json(lang)
    path = None
    if to is not None:
        target = _square(to, "--to")
        path = find_path(scene, mover, target, action=action, distance=distance).to_json(lang)
    from footfall.render import reach_overlay

    return reach_overlay(reach, path)


def register(app: typer.Typer) -> None:
    """Add the ``import`` and ``render`` commands to `app`."""
    app.command("import")(import_command)
    app.command("render")(render_command)
