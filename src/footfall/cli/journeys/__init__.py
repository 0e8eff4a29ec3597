"""CLI commands of journeys: ``travel``, ``chase``, ``route`` and ``odds`` (thin adapters).

Each prints a readable log for people, or the JOURNEY.md JSON shape with ``--json``:

- `footfall.cli.journeys.travel`: the ``travel`` command and its groups of options;
- `footfall.cli.journeys.commands`: ``chase``, ``route`` and ``odds``;
- `footfall.cli.journeys.text`: their text answers;
- `footfall.cli.journeys.options`: the flags (`FLAGS`) and options they share.
"""

from __future__ import annotations

import typer

from footfall.cli.journeys.commands import chase, odds, route
from footfall.cli.journeys.options import FLAGS
from footfall.cli.journeys.travel import travel

__all__ = ["FLAGS", "register"]


def register(app: typer.Typer) -> None:
    """Add the ``travel``, ``chase``, ``route`` and ``odds`` commands to `app`."""
    app.command("travel")(travel)
    app.command("chase")(chase)
    app.command("route")(route)
    app.command("odds")(odds)
