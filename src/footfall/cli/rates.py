"""CLI commands ``footfall rates`` and ``footfall tables``: a thin adapter over the library.

``rates SYSTEM`` prints a creature's movement per round, minute, hour and day
(`footfall.rates`); ``tables SYSTEM [TABLE]`` lists or prints a system's data tables
(`footfall.tables`). Both take ``--json`` and ``--lang en|ru|zh``; bad input is one line on
stderr and exit 2.
"""

from __future__ import annotations

import io
import os
import shutil
import sys
from typing import NoReturn

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from footfall.cli import emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError, InputError, Param
from footfall.i18n import Lang, parse_lang, t
from footfall.rates import D20Rates, HeresyRates, SteelRates, rates, sample_rates
from footfall.rules import SYSTEM_IDS, ActionId, Mode, load_system
from footfall.units import display

__all__ = ["FLAGS", "register"]

#: The flags of library parameters whose flag is not ``--`` and the name with dashes: none.
FLAGS: dict[str, str] = {}

_SYSTEMS = ", ".join(SYSTEM_IDS)


def _fail(exc: FootfallError) -> NoReturn:
    """Print `exc` as one error line, parameters spelled as this command's flags; exit 2."""
    fail(exc.render(current_lang(), flag_spelling(FLAGS)))


class _Out:
    """Collect Rich renderables and print them with trailing spaces removed (stable output)."""

    def __init__(self, *, fit: bool = False) -> None:
        # `fit` (`footfall tables`): a table fits the width COLUMNS gives, terminal or not.
        tty = sys.stdout.isatty() or (fit and bool(os.environ.get("COLUMNS")))
        self.fit = fit and tty
        self.buffer = io.StringIO()
        self.console = Console(
            file=self.buffer,
            width=shutil.get_terminal_size((200, 24)).columns if tty else 200,
            highlight=False,
            soft_wrap=True,
            color_system=None,
        )

    def print(self, renderable: str | Table) -> None:
        """Render `renderable` into the buffer (a fitting `_Out` wraps long lines)."""
        self.console.print(renderable, soft_wrap=not self.fit)

    def flush(self) -> None:
        """Print the buffer on stdout, each line right-stripped."""
        lines = self.buffer.getvalue().splitlines()
        typer.echo("\n".join(line.rstrip() for line in lines))


def _int(param: str, value: str | None) -> int | None:
    """Parse the integer option of library parameter `param`, or refuse it quoting the value."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise InputError("error.rates.whole-number", param=Param(param), value=value) from None


def _table(
    headers: list[str],
    rows: list[list[str]],
    *,
    labels: bool = True,
    numeric: list[bool] | None = None,
) -> Table:
    """Build a plain table: numbers right-aligned, the first column (row labels) left.

    `labels` off right-aligns the first column too; `numeric` says column by column.
    """
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for i, header in enumerate(headers):
        right = numeric[i] if numeric is not None else (i > 0 or not labels)
        table.add_column(header, justify="right" if right else "left", overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def _unit_label(unit: str, lang: Lang) -> str:
    return t(f"rates.unit.{unit.replace('/', '_')}", lang)


def _print_d20(result: D20Rates, lang: Lang) -> None:
    system = load_system(result.system)
    assert system.tactical is not None
    out = _Out()
    out.print(
        t(
            "rates.title.d20",
            lang,
            system=system.names.get(lang),
            speed=result.speed,
            armor=t(f"rates.armor.{result.armor.value}", lang),
            load=t(f"rates.load.{result.load.value}", lang),
            run=display(result.run_multiplier, lang),
        )
    )
    if result.metric:
        out.print(t("rates.metric", lang))
    scales = (result.tactical, result.local, result.overland_hour, result.overland_day)
    headers = [t("rates.col.pace", lang)] + [_unit_label(s.unit, lang) for s in scales]
    rows = [
        [system.tactical.mode(mode).names.get(lang)] + [display(s.get(mode), lang) for s in scales]
        for mode in Mode
    ]
    out.print(_table(headers, rows))
    out.flush()


def _print_heresy(result: HeresyRates, lang: Lang) -> None:
    system = load_system(result.system)
    assert system.heresy is not None
    out = _Out()
    out.print(t("rates.title.dh2e", lang, system=system.names.get(lang), ab=result.agility_bonus))
    if result.extrapolated:
        out.print(
            t(
                "rates.extrapolated",
                lang,
                ab=result.agility_bonus,
                max=system.heresy.table_max_ab,
            )
        )
    out.print(t("rates.structured", lang))
    names = [system.action(a).names.get(lang) for a in ("half-move", "full-move", "charge", "run")]
    values = [result.half_move, result.full_move, result.charge, result.run]
    out.print(_table(names, [[display(v, lang) for v in values]], labels=False))
    out.print(t("rates.narrative", lang))
    headers = [t(f"terms.col.{c}", lang) for c in ("per_minute_m", "per_hour_km", "per_day_km")]
    narrative = [result.per_minute_m, result.per_hour_km, result.per_day_km]
    out.print(_table(headers, [[display(v, lang) for v in narrative]], labels=False))
    out.flush()


def _print_steel(result: SteelRates, lang: Lang) -> None:
    system = load_system(result.system)
    out = _Out()
    out.print(t("rates.title.drawsteel", lang, system=system.names.get(lang), speed=result.speed))
    rows = [
        [system.action(ActionId.ADVANCE).names.get(lang), str(result.advance)],
        [system.action(ActionId.DISENGAGE).names.get(lang), str(result.disengage)],
    ]
    out.print(_table([t("rates.col.action", lang), t("rates.col.squares", lang)], rows))
    out.flush()


def rates_command(
    system: str | None = typer.Argument(
        None, help=f"Game system: {_SYSTEMS}; omit for a sample creature of each."
    ),
    speed: str | None = typer.Option(
        None,
        "--speed",
        metavar="N",
        help="Speed after armor and load: ft for pf1e/dnd35 (a positive multiple of 5), "
        "squares for drawsteel.",
    ),
    base_speed: str | None = typer.Option(
        None,
        "--base-speed",
        metavar="N",
        help="pf1e/dnd35 speed before armor and load, ft: medium/heavy armor or load slows it "
        "(30 -> 20 ft, 20 -> 15 ft). Not with --speed.",
    ),
    agility_bonus: str | None = typer.Option(
        None, "--agility-bonus", metavar="AB", help="dh2e Agility Bonus (0 or more)."
    ),
    armor: str = typer.Option("none", help="pf1e/dnd35 armor: none, light, medium, heavy."),
    load: str = typer.Option("light", help="pf1e/dnd35 load: light, medium, heavy."),
    metric: bool = typer.Option(False, "--metric", help="pf1e/dnd35: metres and km."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for programs."),
    lang: str = typer.Option("en", help="Language of labels: en, ru, zh."),
) -> None:
    """Print a creature's movement per round, minute, hour and day."""
    try:
        language = parse_lang(lang)
        if system is None:
            if speed is not None or agility_bonus is not None or base_speed is not None:
                raise InputError(
                    "error.rates.needs-system",
                    speed=Param("speed"),
                    agility_bonus=Param("agility_bonus"),
                    systems=_SYSTEMS,
                )
            results = sample_rates(armor=armor, load=load, metric=metric)
        else:
            results = (
                rates(
                    system,
                    speed=_int("speed", speed),
                    agility_bonus=_int("agility_bonus", agility_bonus),
                    base_speed=_int("base_speed", base_speed),
                    armor=armor,
                    load=load,
                    metric=metric,
                ),
            )
    except FootfallError as exc:
        _fail(exc)
    if as_json:
        documents = [r.to_json() for r in results]
        emit_json(documents[0] if system is not None else documents)
        return
    for i, result in enumerate(results):
        if i:
            typer.echo("")
        if isinstance(result, D20Rates):
            _print_d20(result, language)
        elif isinstance(result, HeresyRates):
            _print_heresy(result, language)
        else:
            _print_steel(result, language)


def _list_systems(lang: str, as_json: bool) -> None:
    """Print the systems with their seed and table ids."""
    from footfall.tables import table_ids

    try:
        language = parse_lang(lang)
        systems = [load_system(sid) for sid in SYSTEM_IDS]
    except FootfallError as exc:
        _fail(exc)
    if as_json:
        emit_json(
            [
                {
                    "id": s.id,
                    "name": s.names.get(language),
                    "seed": s.seed,
                    "tables": list(table_ids(s)),
                }
                for s in systems
            ]
        )
        return
    out = _Out(fit=True)
    headers = [t(f"rates.systems.{k}", language) for k in ("id", "name", "seed", "tables")]
    rows = [[s.id, s.names.get(language), s.seed, ", ".join(table_ids(s))] for s in systems]
    out.print(_table(headers, rows, numeric=[False] * 4))
    out.flush()


def tables_command(
    system: str | None = typer.Argument(
        None, help=f"Game system: {_SYSTEMS}; omit to list the systems."
    ),
    table: str | None = typer.Argument(None, help="Table id; omit to list the tables."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for programs."),
    lang: str = typer.Option("en", help="Language of labels: en, ru, zh."),
) -> None:
    """List a system's data tables, or print one of them with its source."""
    from footfall.tables import table_ids, table_view

    if system is None:
        _list_systems(lang, as_json)
        return
    try:
        language = parse_lang(lang)
        rules = load_system(system)
        if table is None:
            views = [table_view(rules, tid) for tid in table_ids(rules)]
        else:
            views = [table_view(rules, table)]
    except FootfallError as exc:
        _fail(exc)
    out = _Out(fit=True)
    if table is None:
        if as_json:
            emit_json(
                [
                    {
                        "id": v.id,
                        "title": v.names.get(language),
                        "source": {"document": v.source.document, "table": v.source.table},
                    }
                    for v in views
                ]
            )
            return
        out.print(t("rates.tables.title", language, system=rules.names.get(language)))
        headers = [t(f"rates.tables.{k}", language) for k in ("id", "name", "source")]
        rows = [[v.id, v.names.get(language), str(v.source)] for v in views]
        out.print(_table(headers, rows, numeric=[False, False, False]))
        out.flush()
        return
    view = views[0]
    if as_json:
        emit_json(view.to_json(language))
        return
    out.print(view.names.get(language))
    out.print(f"{t('rates.tables.source', language)}: {view.source}")
    out.print(
        _table(
            [c.names.get(language) for c in view.columns],
            view.text_rows(language),
            numeric=[c.kind != "text" for c in view.columns],
        )
    )
    out.flush()


def register(app: typer.Typer) -> None:
    """Add ``rates`` and ``tables`` to `app`."""
    app.command("rates")(rates_command)
    app.command("tables")(tables_command)
