"""CLI commands of journeys: ``travel``, ``chase``, ``route`` and ``odds`` (thin adapters).

Each prints a readable log for people, or the JOURNEY.md JSON shape with ``--json``:

- `footfall.cli.journeys.travel`: the ``travel`` command and its groups of options;
- `footfall.cli.journeys.commands`: ``chase``, ``route`` and ``odds``;
- `footfall.cli.journeys.text`: their text answers;
- `footfall.cli.journeys.options`: the flags (`FLAGS`) and options they share.

`register_command` adds one of them, importing only its module: ``footfall odds`` does not
load the ``travel`` command's (start-up: `footfall.cli.build_app`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from footfall.cli.journeys.options import FLAGS

if TYPE_CHECKING:
    import typer

__all__ = ["COMMANDS", "FLAGS", "register", "register_command"]

#: Each command and the module (below this package) that defines its function of that name.
COMMANDS = {"travel": "travel", "chase": "commands", "route": "commands", "odds": "commands"}


def register(app: typer.Typer) -> None:
    """Add the ``travel``, ``chase``, ``route`` and ``odds`` commands to `app`."""
    for name in COMMANDS:
        register_command(app, name)


def register_command(app: typer.Typer, name: str) -> None:
    """Add the command `name` to `app` (nothing for a name not of `COMMANDS`)."""
    home = COMMANDS.get(name)
    if home is not None:
        app.command(name)(getattr(importlib.import_module(f"{__name__}.{home}"), name))
