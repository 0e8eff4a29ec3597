"""Turn imported tokens into creatures: their size, their id, and whether they fit the map.

Sizes come from the system's own size table (`footfall.scene.size_table`: the side of each
size's space) and, for tokens of a square or less, from the import conventions of the
system's family (conventions.toml: several sizes share a one-square space).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import RuleDataError
from footfall.imports._conventions import conventions
from footfall.imports.result import Notice, Warnings, notice
from footfall.rules import System, load_system
from footfall.scene import Creature, Flag, LegendEntry, size_table

__all__ = [
    "TokenPlacement",
    "TokenSize",
    "default_size",
    "place_creatures",
    "size_for_width",
    "unique_id",
]


@dataclass(frozen=True, slots=True)
class TokenSize:
    """The size chosen for a token, the side of its space, and whether it fit exactly."""

    size: str
    side: int
    exact: bool


def default_size(system: str) -> str:
    """Return the size of a one-square token in `system` (``medium``; ``1M`` in Draw Steel).

    >>> default_size("pf1e"), default_size("drawsteel")
    ('medium', '1M')
    """
    return _spaces(load_system(system))[1][0]


def _spaces(system: System) -> tuple[tuple[str, Fraction], ...]:
    """Return ``(size, widest token it stands for)`` pairs of `system`, narrowest first.

    A token of at most half a square is the family's `half_square` size, one of a square its
    `one_square` size (conventions.toml); wider tokens take the sizes whose space is more
    than one square, by the side of that space (seed 004 "体型与空间", Core Rulebook
    "Creature Size and Scale"; Draw Steel after seed 002).
    """
    sides = size_table(system.id)
    family = conventions().family(system.family)
    for name in (family.half_square, family.one_square):
        if name not in sides:
            raise RuleDataError(
                "error.maps.conventions-size",
                file="imports/conventions.toml",
                key=f"families.{system.family}",
                value=name,
                system=system.id,
            )
    wide = tuple((name, Fraction(side)) for name, side in sides.items() if side > 1)
    return ((family.half_square, Fraction(1, 2)), (family.one_square, Fraction(1)), *wide)


def size_for_width(system: System, width: Fraction) -> TokenSize:
    """Choose a size of `system` for a token `width` grid units wide.

    A token under one square is tiny (``1T`` in Draw Steel), one square medium (``1M``),
    then large, huge, gargantuan, colossal (2, 3, 4, 5 in Draw Steel). A width between two
    sizes takes the smallest size at least that wide (`exact` is then False).
    """
    table = _spaces(system)
    sides = size_table(system.id)
    for name, space in table:
        if width <= space:
            return TokenSize(name, sides[name], width == space or width < 1)
    name = table[-1][0]
    return TokenSize(name, sides[name], False)


def _may_share(system: System, a: str, b: str) -> bool:
    """Tell whether two standing (not helpless) creatures may share a square.

    Only where the system's data gives a size gap for sharing (Draw Steel's ``occupancy``:
    sizes two or more apart, seed 002, RULES.md 3); imported tokens are never helpless, so
    pf1e/dnd35/dh2e never share (RULES.md 1.3).
    """
    if system.steel is None:
        return False
    order = list(size_table(system.id))  # 1T < 1S < 1M < 1L < 2 < 3 < 4 < 5
    return abs(order.index(a) - order.index(b)) >= system.steel.share_size_gap


@dataclass(frozen=True, slots=True)
class TokenPlacement:
    """A creature proposed by an importer, with a name for warnings."""

    creature: Creature
    label: str


def place_creatures(
    system: System,
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
    sides = size_table(system.id)
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
            reason = _blocked(system, c, squares, rows, legend, taken)
        if reason is not None:
            warnings.add("maps.warn.token_skipped", label=item.label, reason=reason)
            continue
        for square in squares:
            taken.setdefault(square, c)
        kept.append(c)
    return tuple(kept)


def _blocked(
    system: System,
    c: Creature,
    squares: list[tuple[int, int]],
    rows: Sequence[str],
    legend: Mapping[str, LegendEntry],
    taken: Mapping[tuple[int, int], Creature],
) -> Notice | None:
    """Return why creature `c` cannot stand on `squares` of the map, or None if it can."""
    for x, y in squares:
        entry = legend[rows[y][x]]
        if Flag.WALL in entry.flags or entry.impassable:
            return notice("maps.reason.solid", x=x, y=y)
        if Flag.PIT in entry.flags and c.fly is None:
            return notice("maps.reason.pit", x=x, y=y)
        other = taken.get((x, y))
        if other is not None and not _may_share(system, other.size, c.size):
            return notice("maps.reason.overlap", other=repr(other.id), x=x, y=y)
    return None


def unique_id(name: str, used: set[str], fallback: str) -> str:
    """Return a creature id made from a token `name`, unique among `used` (which it joins)."""
    base = "-".join(name.strip().lower().split()) or fallback
    candidate, n = base, 2
    while candidate in used:
        candidate, n = f"{base}-{n}", n + 1
    used.add(candidate)
    return candidate
