"""CLI commands: flight (placeholder until its issue lands)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this topic's commands to `app`."""
