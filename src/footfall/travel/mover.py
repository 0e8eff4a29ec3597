"""The resolved traveller: rates per hour before terrain, the shape of its day, its exertion.

`footfall.travel.traveller.resolve` builds a `Mover` from who travels (a party on foot, a
mount or vehicle, a vessel, a dh2e character) and the system's tables; the planner reads
only the `Mover`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from footfall.rules import ConveyanceKind

__all__ = ["Mover", "Note"]


class Note(StrEnum):
    """What a plan says beside its numbers (JSON ``notes``)."""

    TOWED = "towed"
    """The vessel is towed upstream from the bank, at its table's rate (no towing speed in
    the seed texts)."""
    BEYOND_TABLE = "beyond-table"
    """The Agility Bonus is past seed 001's table: its rates are extrapolated (RULES.md 2)."""
    RUN_LIMIT_UNKNOWN = "run-limit-unknown"
    """The seed gives no running time for this Constitution (dnd35 under Con 9)."""


@dataclass(frozen=True, slots=True)
class Mover:
    """The resolved traveller: rates (unit per hour, before terrain), day shape, exertion.

    `walk` and `hustle` are per hour before the terrain multiplier (a vessel's `walk` includes
    the current downstream); `row_hours` is the day's hours at normal pace (8 on foot, 10
    rowing, 24 sailing; dh2e: per-day / per-hour of its table), `drift_hours` hours drifting.
    `animal`: a mount or draught animals, which take lethal damage (seed 000).
    """

    label: str
    walk: Fraction
    hustle: Fraction | None
    current: Fraction
    row_hours: Fraction
    drift_hours: int
    kind: ConveyanceKind | None
    water: bool
    animal: bool
