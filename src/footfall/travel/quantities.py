"""Read exact numbers and distances, convert miles and km, and round them for display.

Every journey number is exact (`fractions.Fraction`); rounding happens only here, at the edge
(`num`). One factor converts miles and km for all of footfall, `footfall.units.KM_PER_MI`.

>>> parse_number("1,5", "leg distance")
Fraction(3, 2)
>>> num(Fraction(10, 3)), num(Fraction(24))
(3.33, 24)
"""

from __future__ import annotations

import sys
from enum import StrEnum
from fractions import Fraction

from footfall.errors import InputError, Noun, Param, quote, unknown
from footfall.rules import System
from footfall.units import KM_PER_MI

__all__ = [
    "KM_PER_MILE",
    "DistanceUnit",
    "num",
    "parse_number",
    "parse_unit",
    "prob",
    "short",
    "system_unit",
    "to_unit",
]

#: Miles -> km: one factor for all of footfall, `footfall.units.KM_PER_MI` (1.6, the round
#: figure matching 1.5 m per 5-ft square; docs/decisions.md).
KM_PER_MILE = KM_PER_MI


class DistanceUnit(StrEnum):
    """The unit of an overland distance."""

    MI = "mi"
    """Miles: pf1e and dnd35 overland travel (seeds 000 and 004)."""
    KM = "km"
    """Kilometres: dh2e narrative travel (seed 001), and pf1e / dnd35 with ``metric``."""


#: The spellings a leg may give its unit in.
_UNIT_NAMES = {
    "mi": DistanceUnit.MI,
    "mile": DistanceUnit.MI,
    "miles": DistanceUnit.MI,
    "km": DistanceUnit.KM,
}


def parse_number(text: str, what: str, *, param: Param | None = None) -> Fraction:
    """Return `text` (``24``, ``1.5``, ``1,5``, ``3/4``) as an exact number; `what` names it.

    A number of more digits than Python's int() reads (4300) is refused naming its length.
    """
    digits = sum(ch.isdigit() for ch in text)
    if digits > sys.get_int_max_str_digits():  # Python's int() refuses these (CVE-2020-10735)
        raise InputError(
            "error.travel.number-digits", what=Noun(what), value=text, digits=digits, param=param
        )
    try:
        return Fraction(text.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise InputError(
            "error.travel.not-a-number", what=Noun(what), value=text, param=param
        ) from None


def num(value: Fraction, places: int = 2) -> int | float:
    """Round an exact value for display: integers stay integers, others keep `places`.

    From 10^15 on (past the integers a float holds exactly) a value rounds to an integer,
    exactly: its decimals no longer show, and a float would overflow past 10^308.
    """
    if value.denominator == 1:
        return int(value)
    if abs(value) >= 10**15:
        return round(value)
    rounded = round(float(value), places)
    return int(rounded) if rounded == int(rounded) else rounded


def prob(value: Fraction) -> int | float:
    """Round a probability for display: 6 decimals."""
    return num(value, 6)


def short(value: object) -> str:
    """Return `value` as text for an error line, shortened with `quote` past its limit."""
    text = str(value)
    return text if len(quote(text)) == len(text) + 2 else quote(text)


def parse_unit(text: str, *, param: Param | None = None) -> DistanceUnit:
    """Return the distance unit `text` names (``mi``, ``mile``, ``miles``, ``km``)."""
    unit = _UNIT_NAMES.get(text.lower())
    if unit is None:
        raise unknown("distance unit", text.lower(), tuple(DistanceUnit), param=param)
    return unit


def to_unit(value: Fraction, unit: str, target: str) -> Fraction:
    """Convert `value` from `unit` to `target` (``mi`` or ``km``), exactly."""
    if unit == target:
        return value
    if unit == DistanceUnit.MI and target == DistanceUnit.KM:
        return value * KM_PER_MILE
    if unit == DistanceUnit.KM and target == DistanceUnit.MI:
        return value / KM_PER_MILE
    raise unknown("unit", unit, tuple(DistanceUnit))


def system_unit(system: System) -> DistanceUnit:
    """Return the overland unit of `system`: km where it travels by Agility Bonus, else mi.

    dh2e's narrative table is in km (seed 001); pf1e / dnd35 travel tables are in miles.
    """
    return DistanceUnit.KM if system.heresy is not None else DistanceUnit.MI
