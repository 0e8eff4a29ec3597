"""The ``footfall`` command: one Typer app, subcommands registered by topic modules.

Each module in `COMMAND_MODULES` exposes ``register(app)`` and adds its commands. Commands are
thin: they parse options, call the library, and print a Rich table for people or JSON for
programs (``--json``). Any `FootfallError` becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any, NoReturn

import typer

from footfall.errors import FootfallError

__all__ = ["COMMAND_MODULES", "app", "emit_json", "fail", "main"]

#: Topic modules, in the order their commands appear in ``footfall --help``.
COMMAND_MODULES = ("rates", "tactical", "journeys", "flight", "maps", "serve")

app = typer.Typer(
    name="footfall",
    help="Movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e and Draw Steel.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e and Draw Steel."""


@app.command()
def version() -> None:
    """Print footfall's version."""
    from footfall import __version__

    typer.echo(__version__)


def emit_json(value: Any) -> None:
    """Print `value` as JSON (UTF-8, not ASCII-escaped) on stdout."""
    typer.echo(json.dumps(value, ensure_ascii=False))


def fail(message: str) -> NoReturn:
    """Print a one-line error on stderr and exit with status 2."""
    typer.echo(f"footfall: error: {message}", err=True)
    raise typer.Exit(2)


def main() -> None:
    """Entry point of the console script: run the app, turning errors into exit 2."""
    try:
        app()
    except FootfallError as exc:
        typer.echo(f"footfall: error: {exc}", err=True)
        sys.exit(2)


# Registered last, so topic modules may import emit_json and fail from this module.
for _name in COMMAND_MODULES:
    importlib.import_module(f"{__name__}.{_name}").register(app)
