"""Travel by water: the river's current, rowing against it, drifting with it.

The rules (seed 000 table "Животные и транспорт", note **; seed 004 note 2; RULES.md 1.6):
rafts, barges, keelboats and rowboats go downstream faster by the current (usually 3 mi/h,
added to every hour under way); rowed and poled river vessels may drift 14 more hours a day
downstream at the current's speed if someone steers; they cannot be rowed or poled upstream
against a significant current, only towed from the bank (footfall tows at the table's rate).

>>> parse_current("1,5")
Fraction(3, 2)
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction

from footfall.errors import InputError, Param, quote
from footfall.limits import LIMITS, Limits
from footfall.rules import Conveyance, ConveyanceKind, Travel
from footfall.travel.mover import Mover, Note
from footfall.travel.quantities import num, parse_number, short

__all__ = ["DRIFT_KINDS", "WATER_KINDS", "Flow", "parse_current", "vessel_mover"]

_CURRENT = Param("current")

#: The conveyances that travel on water (the vessels of the mounts-and-vehicles table).
WATER_KINDS = frozenset(
    {
        ConveyanceKind.POLED,
        ConveyanceKind.ROWED,
        ConveyanceKind.SAILED,
        ConveyanceKind.SAILED_OR_ROWED,
    }
)
#: The vessels that may drift downstream when not rowed or poled (seed 000 note **).
DRIFT_KINDS = frozenset({ConveyanceKind.POLED, ConveyanceKind.ROWED})


class Flow(StrEnum):
    """Which way a vessel travels relative to the river's current."""

    NONE = "none"
    """Still water, or a vessel the current does not concern."""
    DOWNSTREAM = "downstream"
    """With the current: its speed is added to every hour under way."""
    UPSTREAM = "upstream"
    """Against the current: river vessels cannot be rowed, only towed."""


def parse_current(value: object, *, limits: Limits = LIMITS) -> Fraction:
    """Read a current in mi/h (a number or its text) as an exact, finite, non-negative value.

    Currents over `limits.current_mph` are refused (the seeds' usual current is 3 mi/h).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise InputError("error.travel.current-type", param=_CURRENT, value=value)
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError("error.travel.current-infinite", param=_CURRENT, value=value)
    current = value if isinstance(value, Fraction) else parse_number(str(value), "current")
    # Name the value as it was given: '1e999' typed, not the 1000 digits it stands for.
    shown = quote(value) if isinstance(value, str) else short(num(current))
    if current < 0:
        raise InputError("error.travel.current-negative", param=_CURRENT, shown=shown)
    if current > limits.current_mph:
        raise InputError(
            "error.travel.current-range", param=_CURRENT, shown=shown, high=limits.current_mph
        )
    return current


def vessel_mover(
    travel: Travel,
    vessel: Conveyance,
    *,
    name: str,
    current: Fraction | None,
    flow: Flow,
    drift: bool,
    tow: bool,
) -> tuple[Mover, tuple[Note, ...]]:
    """Return the rates and day of `vessel` on the river, and the notes they bring.

    `name` is the vessel as the traveller named it; `current` None is the system's usual
    current; `flow` which way the vessel goes; `drift` adds the drifting hours downstream;
    `tow` allows going upstream against the current.
    """
    water = travel.water
    speed_now = water.current_mph if current is None else current
    if speed_now < 0:
        raise InputError("error.travel.current-negative", param=_CURRENT, shown=short(speed_now))
    if flow is not Flow.NONE and not vessel.river:
        rivers = tuple(c.id for c in travel.conveyances if c.river)
        raise InputError("error.travel.not-river", param=Param("vessel"), vessel=name, valid=rivers)
    notes: tuple[Note, ...] = ()
    speed = vessel.per_hour
    if flow is Flow.DOWNSTREAM:
        speed = vessel.per_hour + speed_now
    elif flow is Flow.UPSTREAM and speed_now > 0:
        if not tow:
            raise InputError(
                "error.travel.upstream",
                param=Param("upstream"),
                vessel=name,
                current=num(speed_now),
                tow=Param("tow"),
            )
        notes = (Note.TOWED,)
    drift_hours = 0
    if drift:
        if vessel.kind not in DRIFT_KINDS or not vessel.river:
            raise InputError("error.travel.no-drift", param=Param("drift"), vessel=name)
        if flow is not Flow.DOWNSTREAM:
            raise InputError(
                "error.travel.drift-downstream",
                param=Param("drift"),
                downstream=Param("downstream"),
            )
        drift_hours = water.drift_hours
    mover = Mover(
        label=vessel.id,
        walk=speed,
        hustle=None,
        current=speed_now,
        row_hours=Fraction(travel.hours_per_day(vessel.kind)),
        drift_hours=drift_hours,
        kind=vessel.kind,
        water=True,
        animal=False,
    )
    return mover, notes
