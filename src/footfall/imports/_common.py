"""Shared pieces of the map importers: exact JSON, checked values, terrain and token placement.

Both importers read JSON with every decimal kept exact (`fractions.Fraction`), turn pixel or
grid coordinates into grid units with exact arithmetic, and report anything they cannot
import as a warning (a plain English sentence) instead of dropping it silently.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, LimitError
from footfall.imports.result import Notice, notice
from footfall.limits import LIMITS
from footfall.scene import Creature, Flag, LegendEntry, size_table

__all__ = [
    "MAX_IMPORT_SQUARES",
    "MAX_IMPORT_WALLS",
    "Multiplier",
    "Warnings",
    "check_map_size",
    "fmt_number",
    "load_json",
    "merge_overlay",
    "number",
    "place_creatures",
    "show_value",
    "size_for_width",
    "terrain_for",
]

#: Largest imported map, in squares (1000 x 1000); a larger `map_size` raises `LimitError`.
MAX_IMPORT_SQUARES = LIMITS.import_squares
#: Most wall segments one imported map may produce.
MAX_IMPORT_WALLS = LIMITS.import_walls

#: A movement-cost multiplier: a number, or None for "cannot be entered".
Multiplier = Fraction | None


class Warnings:
    """Collect warnings (catalog key + values) in order, each said once."""

    def __init__(self) -> None:
        self._items: dict[Notice, None] = {}

    def add(self, key: str, /, **values: object) -> None:
        """Record the warning `key` (``maps.warn.*``) with `values`; repeats are ignored."""
        self._items.setdefault(notice(key, **values), None)

    def items(self) -> tuple[Notice, ...]:
        """Return the warnings in the order they were first recorded."""
        return tuple(self._items)


def _reject_constant(name: str) -> Any:
    raise InputError(f"not valid JSON: {name} is not a JSON number")


def load_json(data: bytes | str, what: str) -> Any:
    """Parse `data` as JSON keeping decimals exact, or raise a one-line `InputError`.

    `what` names the file kind in the message ("Universal VTT file", "Foundry scene").
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(f"{what}: not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(data, parse_float=Fraction, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{what}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise InputError(f"{what}: not valid JSON: nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4300 digits (CVE-2020-10735)
        raise InputError(
            f"{what}: not valid JSON: a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None


def number(value: object, where: str) -> Fraction:
    """Return the JSON number `value` exactly, or raise `InputError` naming `where`."""
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(str(value))  # the decimal the file spelled, not the binary float
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InputError(f"{where}: expected a number, got {show_value(value)}")
    return Fraction(value)


def show_value(value: object) -> str:
    """Show a JSON value in a message, fractions as decimals, cut to 40 characters."""

    def plain(item: object) -> object:
        if isinstance(item, Fraction):
            return float(item) if abs(item) < _FLOAT_MAX else fmt_number(item)
        return str(item)

    if isinstance(value, Fraction) and abs(value) >= _FLOAT_MAX:
        return fmt_number(value)

    text = json.dumps(value, default=plain)
    return text if len(text) <= 40 else text[:37] + "..."


def check_map_size(width: int, height: int, where: str) -> None:
    """Raise `InputError` for an empty map and `LimitError` for one over the import limit."""
    if width <= 0 or height <= 0:
        raise InputError(f"{where}: the map is empty ({width}x{height} squares)")
    if width * height > MAX_IMPORT_SQUARES:
        w, h, area = (fmt_number(Fraction(n)) for n in (width, height, width * height))
        raise LimitError(
            f"{where}: {w}x{h} = {area} squares is over the import limit "
            f"of {MAX_IMPORT_SQUARES} squares (1000x1000)"
        )


def ceil_fraction(value: Fraction) -> int:
    """Return the least integer not below `value`."""
    return -((-value.numerator) // value.denominator)


# ---------------------------------------------------------------------------------------------
# Terrain from movement-cost multipliers (Foundry regions, Enhanced Terrain Layer)
# ---------------------------------------------------------------------------------------------

#: Characters the importers write for terrain kinds the default legend lacks.
IMPASSABLE_CHAR = "X"
DOUBLE_HAMPERED_CHAR = "*"

#: Legend entries the importers add beside the default legend of SCENE.md.
EXTRA_LEGEND: dict[str, LegendEntry] = {
    IMPASSABLE_CHAR: LegendEntry(impassable=True),
    # pf1e/dnd35 hampering factors multiply (RULES.md 1.2, seeds 000 and 004): two factors
    # make the x4 a multiplier of 4 asks for.
    DOUBLE_HAMPERED_CHAR: LegendEntry(frozenset({Flag.DIFFICULT, Flag.POOR_VISIBILITY})),
}

_MULTIPLYING_SYSTEMS = ("pf1e", "dnd35")


def terrain_for(
    system: str, walk: Multiplier, fly: Multiplier, source: Notice, warnings: Warnings
) -> str:
    """Return the map character for a square whose movement costs are multiplied.

    `walk` and `fly` are the products of every multiplier covering the square (None when one
    of them forbids entry). The mapping, documented in docs/maps.md:

    - None -> ``_`` (pit) when flyers may still cross, else ``X`` (impassable);
    - 1 -> ``.``; 2 -> ``^`` (difficult);
    - 4 and more -> ``*`` (difficult + poor visibility: x4 in pf1e/dnd35, whose hampering
      factors multiply, RULES.md 1.2); other systems do not multiply, so ``^``;
    - below 1, or not a power of two -> the nearest kind, with a warning naming `source`.
    """
    if walk is None:
        return "_" if fly is not None else IMPASSABLE_CHAR
    if walk == 1:
        return "."
    if walk < 1:
        warnings.add("maps.warn.multiplier_cheaper", source=source, m=fmt_number(walk))
        return "."
    if walk == 2:
        return "^"
    if system not in _MULTIPLYING_SYSTEMS:
        warnings.add("maps.warn.multiplier_flat", source=source, m=fmt_number(walk), system=system)
        return "^"
    if walk == 4:
        return DOUBLE_HAMPERED_CHAR
    if walk < 4:
        warnings.add("maps.warn.multiplier_x2", source=source, m=fmt_number(walk))
        return "^"
    warnings.add("maps.warn.multiplier_x4", source=source, m=fmt_number(walk))
    return DOUBLE_HAMPERED_CHAR


#: Numbers at least this big are shown in messages without going through a float.
_FLOAT_MAX = Fraction(10) ** 300


def fmt_number(value: Fraction) -> str:
    """Show an exact number for a message: ``5``, ``1.5``, ``1e+400`` (display only).

    Never compared; numbers too big for a float are shown by their order of magnitude.
    """
    if abs(value) >= _FLOAT_MAX:
        return format((Decimal(value.numerator) / Decimal(value.denominator)).normalize(), ".6g")
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def merge_overlay(
    rows: list[list[str]], overlay: Sequence[str], legend: Mapping[str, LegendEntry]
) -> None:
    """Write the overlay's characters over `rows` (in place); ``.`` keeps what is there.

    Raises `InputError` when the overlay's size differs from the map's or a character is not
    in `legend`.
    """
    height, width = len(rows), len(rows[0]) if rows else 0
    lines = list(overlay)
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != height or any(len(line) != width for line in lines):
        got_w = max((len(line) for line in lines), default=0)
        raise InputError(
            f"terrain overlay is {got_w}x{len(lines)} squares, the map is {width}x{height} "
            "(give one character per square, one line per row)"
        )
    known = sorted(legend)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            if char not in legend:
                raise InputError(
                    f"terrain overlay: unknown character {char!r} at [{x}, {y}] "
                    f"(known: {' '.join(known)})"
                )
            if char != ".":
                rows[y][x] = char


# ---------------------------------------------------------------------------------------------
# Creatures
# ---------------------------------------------------------------------------------------------

# Which size a token's width in squares stands for. Sides of spaces come from
# `footfall.scene.size_table` (SCENE.md: pf1e/dnd35 after seed 004 "体型与空间" and the Core
# Rulebook's "Creature Size and Scale"; Draw Steel after seed 002); a Foundry token under one
# square is the smallest size that shows as such (tiny, 1T), one square the common medium / 1M.
# dh2e has no grid sizes in seed 001 and uses the pf1e names, as `footfall.scene` does.
_PF_SPACES: tuple[tuple[str, Fraction], ...] = (
    ("tiny", Fraction(1, 2)),
    ("medium", Fraction(1)),
    ("large", Fraction(2)),
    ("huge", Fraction(3)),
    ("gargantuan", Fraction(4)),
    ("colossal", Fraction(6)),
)
_DS_SPACES: tuple[tuple[str, Fraction], ...] = (
    ("1T", Fraction(1, 2)),
    ("1M", Fraction(1)),
    ("2", Fraction(2)),
    ("3", Fraction(3)),
    ("4", Fraction(4)),
    ("5", Fraction(5)),
)


@dataclass(frozen=True, slots=True)
class TokenSize:
    """The size chosen for a token, the side of its space, and whether it fit exactly."""

    size: str
    side: int
    exact: bool


def size_for_width(system: str, width: Fraction) -> TokenSize:
    """Choose a size of `system` for a token `width` grid units wide.

    A token under one square is tiny (``1T`` in Draw Steel), one square medium (``1M``),
    then large, huge, gargantuan, colossal (2, 3, 4, 5 in Draw Steel). A width between two
    sizes takes the smallest size at least that wide (`exact` is then False).
    """
    table = _DS_SPACES if system == "drawsteel" else _PF_SPACES
    sides = size_table(system)
    for name, space in table:
        if width <= space:
            return TokenSize(name, sides[name], width == space or width < 1)
    name = table[-1][0]
    return TokenSize(name, sides[name], False)


def _may_share(system: str, a: str, b: str) -> bool:
    """Tell whether two standing (not helpless) creatures may share a square.

    Only Draw Steel allows it, for sizes two or more apart (seed 002, RULES.md 3); imported
    tokens are never helpless, so pf1e/dnd35/dh2e never share (RULES.md 1.3).
    """
    if system != "drawsteel":
        return False
    order = list(size_table(system))  # 1T < 1S < 1M < 1L < 2 < 3 < 4 < 5
    return abs(order.index(a) - order.index(b)) >= 2


@dataclass(frozen=True, slots=True)
class TokenPlacement:
    """A creature proposed by an importer, with a name for warnings."""

    creature: Creature
    label: str


def place_creatures(
    system: str,
    rows: Sequence[str],
    legend: Mapping[str, LegendEntry],
    proposed: Iterable[TokenPlacement],
    warnings: Warnings,
) -> tuple[Creature, ...]:
    """Keep the proposed creatures that fit the scene rules, warning about each one left out.

    A creature is left out when its space leaves the map, covers a wall, impassable square
    or (unless it flies) a pit, or overlaps a creature placed before it (SCENE.md and the
    scene checks of `footfall.scene`).
    """
    height = len(rows)
    width = len(rows[0]) if rows else 0
    sides = size_table(system)
    taken: dict[tuple[int, int], Creature] = {}
    kept: list[Creature] = []
    for item in proposed:
        c = item.creature
        side = sides[c.size]
        x0, y0 = c.at
        squares = [(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)]
        reason: Notice | None = None
        if x0 < 0 or y0 < 0 or x0 + side > width or y0 + side > height:
            reason = notice(
                "maps.reason.off_map", side=side, x=x0, y=y0, width=width, height=height
            )
        else:
            for x, y in squares:
                entry = legend[rows[y][x]]
                if Flag.WALL in entry.flags or entry.impassable:
                    reason = notice("maps.reason.solid", x=x, y=y)
                    break
                if Flag.PIT in entry.flags and c.fly is None:
                    reason = notice("maps.reason.pit", x=x, y=y)
                    break
                other = taken.get((x, y))
                if other is not None and not _may_share(system, other.size, c.size):
                    reason = notice("maps.reason.overlap", other=repr(other.id), x=x, y=y)
                    break
        if reason is not None:
            warnings.add("maps.warn.token_skipped", label=item.label, reason=reason)
            continue
        for square in squares:
            taken.setdefault(square, c)
        kept.append(c)
    return tuple(kept)


def unique_id(name: str, used: set[str], fallback: str) -> str:
    """Return a creature id made from a token `name`, unique among `used` (which it joins)."""
    base = "-".join(name.strip().lower().split()) or fallback
    candidate, n = base, 2
    while candidate in used:
        candidate, n = f"{base}-{n}", n + 1
    used.add(candidate)
    return candidate


def floor_fraction(value: Fraction) -> int:
    """Return the greatest integer not above `value`."""
    return math.floor(value)
