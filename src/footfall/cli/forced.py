"""The ``footfall forced`` command: Draw Steel push, pull and slide (`footfall.tactical.forced`).

Thin: parse options, call `forced_move`, print its JSON (``--json``) or a table of outcomes:
where the target ends, the squares it moved, what it hit and the damage it takes.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from footfall.cli import emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.cli.tactical import load_scene_arg
from footfall.errors import FootfallError, InputError, Param
from footfall.i18n import Lang, parse_lang, t
from footfall.limits import LIMITS

__all__ = ["FLAGS", "forced", "register"]

#: The flags of the library parameters whose flag is not ``--`` + the name (errors name them).
FLAGS = {
    "target_id": "--target",
    "switches": "--switch",
    "melee_weapon": "--melee",
}

_CELL = re.compile(r"^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*(?:,\s*(-?\d{1,9})\s*)?$")


def _cell(text: str, param: Param) -> list[int]:
    """Parse ``X,Y`` or ``X,Y,Z``; anything else raises `InputError` naming `param`."""
    match = _CELL.match(text)
    if not match:
        raise InputError("error.forced.origin", param=param, value=text)
    return [int(g) for g in match.groups() if g is not None]


def _path(text: str | None) -> list[list[int]] | None:
    if text is None:
        return None
    parts = [p for p in re.split(r"[\s;]+", text.strip()) if p]
    if len(parts) > LIMITS.path_squares:
        raise InputError(
            "error.tactical.distance-limit", param=Param("path"), value=len(parts),
            limit=LIMITS.path_squares,
        )  # fmt: skip
    return [_cell(p, Param("path", i)) for i, p in enumerate(parts)]


def _switches(values: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise InputError("error.tactical.cli.switch", param=Param("switches"), value=item)
        out[name.strip()] = value.strip()
    return out


def forced(
    scene: Annotated[
        str, typer.Argument(metavar="SCENE", help="Scene file (JSON or text map) or sample name.")
    ],
    target: Annotated[str, typer.Option("--target", "-t", help="Id of the creature moved.")],
    kind: Annotated[str, typer.Option("--kind", "-k", help="push, pull or slide.")],
    distance: Annotated[int, typer.Option("--distance", "-n", help="Squares N of the effect.")],
    source: Annotated[
        str | None,
        typer.Option("--source", "-s", help="Creature (id) or square X,Y moving the target."),
    ] = None,
    path: Annotated[
        str | None,
        typer.Option("--path", help="Play this movement: squares X,Y (or X,Y,Z) after the start."),
    ] = None,
    vertical: Annotated[
        bool, typer.Option("--vertical", help="Vertical forced movement: up and down too.")
    ] = False,
    stability: Annotated[int, typer.Option("--stability", help="The target's stability.")] = 0,
    melee: Annotated[
        bool, typer.Option("--melee", help="A melee weapon ability: a larger source adds 1.")
    ] = False,
    agility: Annotated[int, typer.Option("--agility", help="The target's Agility (falls).")] = 0,
    walls: Annotated[
        str | None, typer.Option("--walls", help="Walls' material: glass, wood, stone, metal.")
    ] = None,
    doors: Annotated[
        str | None, typer.Option("--doors", help="Closed doors' material (default wood).")
    ] = None,
    switch: Annotated[
        list[str] | None,
        typer.Option("--switch", help="forced_share=collide|allow (seed 002), repeatable."),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the answer's JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en, ru or zh.")] = "en",
) -> None:
    """Push, pull or slide a creature N squares (Draw Steel forced movement).

    Example: footfall forced drawsteel-burning-hall --target goblin --kind push --distance 3
    --source shadow (every outcome), or with --path X,Y ... to play one movement.
    """
    try:
        from footfall.tactical.forced import forced_move

        language = parse_lang(lang)
        loaded = load_scene_arg(scene)
        origin: str | list[int] | None = source
        if source is not None and _CELL.match(source):
            origin = _cell(source, Param("source"))
        answer = forced_move(
            loaded, target, kind, distance, source=origin, path=_path(path), vertical=vertical,
            stability=stability, melee_weapon=melee, agility=agility, walls=walls, doors=doors,
            switches=_switches(switch),
        )  # fmt: skip
        data = answer.to_json(language)
    except FootfallError as exc:
        fail(exc.render(current_lang(), flag_spelling(FLAGS)))
    if json:
        emit_json(data)
        return
    console = Console(highlight=False, soft_wrap=True)
    kind = t(f"value.kind.{data['kind']}", language)
    console.print(
        t("forced.cli.head", language, kind=kind, target=data["target"],
          distance=data["distance"], asked=data["asked"])
    )  # fmt: skip
    console.print(_table(data, language))


def _cell_text(cell: list[int]) -> str:
    """A square as the tactical tables write it: ``9,2`` (``9,2,1`` with a height)."""
    return ",".join(str(v) for v in cell)


def _hit_text(hit: dict[str, Any], lang: Lang) -> str:
    """What a collision ran into, and where: a creature's id, a material's or a hit's word."""
    if hit["creature"]:
        what = hit["creature"]
    elif hit["material"]:
        what = t(f"value.material.{hit['material']}", lang)
    else:
        what = t(f"forced.cli.hit.{hit['hit']}", lang)
    return t("forced.cli.at", lang, what=what, at=_cell_text(hit["at"]))


def _notes(o: dict[str, Any], lang: Lang) -> str:
    """An outcome's notes: objects hurled through, a fall, a bane, the rules a path breaks."""
    notes = [
        t("forced.cli.hurled", lang, material=t(f"value.material.{h['material']}", lang),
          cost=h["cost"])
        for h in o["hurled"]
    ]  # fmt: skip
    if o["fall"]:
        notes.append(t("forced.cli.fall", lang, n=o["fall"]))
    if o["bane"]:
        notes.append(t("forced.cli.bane", lang, creature=o["shares"]))
    for v in o.get("violations") or []:
        rule = t(f"forced.cli.rule.{v['rule']}", lang)
        notes.append(t("tactical.step", lang, step=v["step"], message=rule))
    return t("forced.cli.sep", lang).join(notes)


def _table(data: dict[str, Any], lang: Lang) -> Table:
    """The outcomes as a table in `lang`: end, squares moved, what is hit, damage, notes."""
    table = Table(box=None, pad_edge=False)
    for key in ("end", "moved", "hit", "damage"):
        table.add_column(t(f"forced.cli.col.{key}", lang))
    table.add_column(t("forced.cli.col.notes", lang), overflow="fold")  # zh has no spaces
    for o in data["outcomes"]:
        hit = o["collision"]
        what = "" if hit is None else _hit_text(hit, lang)
        table.add_row(
            _cell_text(o["end"]), str(o["moved"]), what, str(o["damage"]), _notes(o, lang)
        )
    return table


def register(app: typer.Typer) -> None:
    """Add the ``forced`` command to `app`."""
    app.command()(forced)
