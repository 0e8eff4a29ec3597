"""CLI command group ``footfall encounter``: new, list, show, reach, move, undo, end-turn, order,
delete.

Thin: each command opens the encounter store (``--database PATH``, else ``$FOOTFALL_DATABASE``,
else the user's data folder: `footfall.turns.store.database_path`), calls `footfall.turns`
and prints the encounter for people or TURN.md's JSON (``--json``). A change takes
``--version V`` to be refused when another change came first (default: the current version).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from footfall.cli import ACTIONS_HELP, emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError
from footfall.i18n import Lang, parse_lang, t

__all__ = ["FLAGS", "encounter", "register"]

#: The flags of the library parameters whose flag is not ``--`` + the name (errors name them).
FLAGS = {"squares": "--path", "id": "--id", "scene": "SCENE"}

encounter = typer.Typer(
    name="encounter",
    help="Encounters: initiative, moves checked against the turn so far, undo (TURN.md).",
    no_args_is_help=True,
)

IdArg = Annotated[str, typer.Argument(help="The encounter's id.", show_default=False)]
DatabaseOpt = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="SQLite file or postgresql:// URL of the encounters (default: user data folder).",
    ),
]
VersionOpt = Annotated[
    int | None,
    typer.Option("--version", min=1, help="Refuse the change unless the encounter is at V."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print TURN.md's JSON.")]
LangOpt = Annotated[str, typer.Option("--lang", help="en | ru | zh.")]


def _run(work: Callable[[], None]) -> None:
    """Run `work`; a footfall error is one line naming the bad value (exit 2)."""
    try:
        work()
    except FootfallError as exc:
        fail(exc.render(current_lang(), flag_spelling(FLAGS)))


def _store(database: str | None) -> Any:
    from footfall.turns.store_pg import open_store

    return open_store(database)


def _show(e: Any, json_out: bool, lang: Lang) -> None:
    from footfall.turns import encounter_to_json

    data = encounter_to_json(e, lang)
    if json_out:
        emit_json(data)
    else:
        typer.echo("\n".join(_lines(data, lang)))


def _lines(data: dict[str, Any], lang: Lang) -> list[str]:
    """Return the encounter for people: head, order, this turn's moves, what is left."""
    from footfall.rules import load_system

    system = load_system(data["scene"]["system"])
    names = {a.id.value: a.names.get(lang) for a in system.actions}
    unit = t(f"common.unit.{system.unit.value}", lang)
    order = ", ".join(f"[{c}]" if c == data["active"] else c for c in data["order"])
    out = [
        t("turns.cli.head", lang, **data, system=system.id),
        t("turns.cli.order", lang, order=order),
    ]
    for m in data["turn"]["moves"]:
        by = ", ".join(p["by"] for p in m["provokes"])
        out.append(
            t("turns.cli.move", lang, action=names.get(m["action"], m["action"]),
              start=_sq(m["path"][0]), end=_sq(m["path"][-1]), cost=m["cost"], unit=unit,
              provokes=t("turns.cli.provokes", lang, by=by) if by else "")
        )  # fmt: skip
    if not data["turn"]["moves"]:
        out.append(t("turns.cli.no-moves", lang))
    left = [
        f"{names.get(a['action'], a['action'])} "
        + (t("turns.cli.granted", lang) if a["left"] is None else f"{a['left']} {unit}")
        for a in data["turn"]["can"]
    ]
    out.append(
        t("turns.cli.left", lang, left=", ".join(left))
        if left
        else t("turns.cli.nothing-left", lang)
    )
    return out


def _sq(square: list[int]) -> str:
    return f"{square[0]},{square[1]}"


@encounter.command("new")
def new_command(
    scene: Annotated[str, typer.Argument(help="Scene file or sample name.", show_default=False)],
    order: Annotated[
        str | None, typer.Option("--order", help="Creature ids in turn order: 'a,b,c'.")
    ] = None,
    title: Annotated[str | None, typer.Option("--title", help="The encounter's title.")] = None,
    encounter_id: Annotated[
        str | None, typer.Option("--id", help="The id to give it (default: a fresh e-...).")
    ] = None,
    database: DatabaseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Start an encounter on a scene: round 1, the first of the order to act."""

    def work() -> None:
        from footfall.cli.tactical import load_scene_arg
        from footfall.turns import new_encounter

        language = parse_lang(lang)
        chosen = None if order is None else [o.strip() for o in order.split(",") if o.strip()]
        loaded = load_scene_arg(scene)
        made = _store(database).create(
            lambda eid: new_encounter(loaded, chosen, title=title, encounter_id=eid), encounter_id
        )
        _show(made, json_out, language)

    _run(work)


@encounter.command("list")
def list_command(
    database: DatabaseOpt = None, json_out: JsonOpt = False, lang: LangOpt = "en"
) -> None:
    """List the stored encounters: id, title, system, round, who acts, version."""

    def work() -> None:
        language = parse_lang(lang)
        rows = _store(database).list()
        if json_out:
            emit_json(rows)
            return
        if not rows:
            typer.echo(t("turns.cli.none", language))
        for r in rows:
            typer.echo(t("turns.cli.head", language, **r))

    _run(work)


@encounter.command("show")
def show_command(
    encounter_id: IdArg, database: DatabaseOpt = None, json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:  # fmt: skip
    """Show an encounter: the order, this turn's moves and what each action still allows."""
    _run(lambda: _show(_store(database).get(encounter_id), json_out, parse_lang(lang)))


def _change(
    encounter_id: str, version: int | None, database: str | None, json_out: bool, lang: str,
    change: Callable[[Any], Any],
) -> None:  # fmt: skip
    def work() -> None:
        language = parse_lang(lang)
        store = _store(database)
        at = store.get(encounter_id).version if version is None else version
        _show(store.update(encounter_id, at, change), json_out, language)

    _run(work)


@encounter.command("move")
def move_command(
    encounter_id: IdArg,
    action: Annotated[
        str,
        typer.Option(
            "--action", help=f"The action, one of the encounter's system's: {ACTIONS_HELP}."
        ),
    ],
    path: Annotated[
        str, typer.Option("--path", help="Squares entered after the current one: 'X,Y X,Y'.")
    ],
    distance: Annotated[
        int | None, typer.Option("--distance", min=0, help="Granted distance N (a shift).")
    ] = None,
    version: VersionOpt = None,
    database: DatabaseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Move the active creature; refused with the broken rule when the turn does not allow it."""

    def run() -> None:
        from footfall.cli.tactical import parse_squares
        from footfall.turns import move

        squares = parse_squares(path)
        language = parse_lang(lang)
        _change(encounter_id, version, database, json_out, lang,
                lambda e: move(e, action, squares, distance=distance, lang=language))  # fmt: skip

    _run(run)


@encounter.command("undo")
def undo_command(
    encounter_id: IdArg, version: VersionOpt = None, database: DatabaseOpt = None,
    json_out: JsonOpt = False, lang: LangOpt = "en",
) -> None:  # fmt: skip
    """Take back the last move of the turn."""
    from footfall.turns import undo

    _change(encounter_id, version, database, json_out, lang, undo)


@encounter.command("end-turn")
def end_turn_command(
    encounter_id: IdArg, version: VersionOpt = None, database: DatabaseOpt = None,
    json_out: JsonOpt = False, lang: LangOpt = "en",
) -> None:  # fmt: skip
    """End the active creature's turn: the next in the order acts (the round counts on)."""
    from footfall.turns import end_turn

    _change(encounter_id, version, database, json_out, lang, end_turn)


@encounter.command("reach")
def reach_command(
    encounter_id: IdArg,
    action: Annotated[
        list[str] | None,
        typer.Option(
            "--action",
            help=f"An action to answer for (repeatable; default: all left): {ACTIONS_HELP}.",
        ),
    ] = None,
    distance: Annotated[
        int | None, typer.Option("--distance", min=0, help="Granted distance N (a shift).")
    ] = None,
    database: DatabaseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Show where the active creature may still move this turn, the turn so far counted."""

    def work() -> None:
        from footfall.turns import turn_reach_json

        language = parse_lang(lang)
        found = _store(database).get(encounter_id)
        data = turn_reach_json(found, action, distance=distance, lang=language)
        if json_out:
            emit_json(data)
            return
        _print_reach(found, data, bool(action), language)

    _run(work)


def _print_reach(e: Any, data: dict[str, Any], maps: bool, lang: Lang) -> None:
    """One line per action (what is left, how many squares); a map when actions were named."""
    from footfall.cli.tactical import _console, _map
    from footfall.rules import load_system

    names = {a.id.value: a.names.get(lang) for a in load_system(e.system).actions}
    console = _console()
    plain = console.no_color or console.color_system is None
    for reach in data["reach"].values():
        if reach["refusal"] is not None:
            console.print(t("turns.cli.reach-refused", lang, action=names[reach["action"]],
                            why=reach["refusal"]))  # fmt: skip
            continue
        unit = t(f"common.unit.{reach['unit']}", lang) if reach["unit"] else ""
        count = len(reach["squares"])
        squares = t("common.count.squares", lang, n=count)
        console.print(t("turns.cli.reach", lang, action=reach["action_name"], left=reach["left"],
                        unit=unit, count=count, squares=squares))  # fmt: skip
        if maps and reach["squares"]:
            bands = {(s["at"][0], s["at"][1]): s["band"] for s in reach["squares"]}
            console.print(_map(e.scene, data["mover"], bands, [], set(), lang, plain=plain), end="")


@encounter.command("order")
def order_command(
    encounter_id: IdArg,
    order: Annotated[
        str, typer.Option("--order", help="Creature ids in turn order from now on: 'a,b,c'.")
    ],
    version: VersionOpt = None,
    database: DatabaseOpt = None,
    json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Change the initiative order during play: the active creature keeps its turn."""
    from footfall.turns import reorder

    chosen = [o.strip() for o in order.split(",") if o.strip()]
    _change(encounter_id, version, database, json_out, lang, lambda e: reorder(e, chosen))


@encounter.command("delete")
def delete_command(
    encounter_id: IdArg, database: DatabaseOpt = None, json_out: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:  # fmt: skip
    """Delete an encounter."""

    def work() -> None:
        language = parse_lang(lang)
        _store(database).delete(encounter_id)
        if json_out:
            emit_json({"deleted": encounter_id})
        else:
            typer.echo(t("turns.cli.deleted", language, id=encounter_id))

    _run(work)


def register(app: typer.Typer) -> None:
    """Add the ``encounter`` command group to `app`."""
    app.add_typer(encounter, name="encounter")
