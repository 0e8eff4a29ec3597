"""The square grid: its eight directions and the alternating diagonal count (5-10-5).

Both are used by the tactical grid (`footfall.tactical`), overland routes (`footfall.route`)
and flight (`footfall.flight`); this module is their one implementation.
"""

from __future__ import annotations

__all__ = ["DIRECTIONS", "DIRECTION_NAMES", "alternating_diagonals"]

#: ``(dx, dy)`` of direction d = 0..7: N, NE, E, SE, S, SW, W, NW (y grows downwards).
#: Even numbers are orthogonal steps, odd numbers diagonal ones.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)

#: Compass names of directions 0..7.
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def alternating_diagonals(
    parity: int, count: int = 1, costs: tuple[int, int] = (1, 2)
) -> tuple[int, int]:
    """Price `count` diagonals of the alternating count; return ``(cost, parity after)``.

    The 1st, 3rd, 5th ... diagonal of one movement costs ``costs[0]`` squares, the 2nd, 4th ...
    ``costs[1]`` (RULES.md 1.2, the d20 "5-10-5" rule: seed 000 «каждая вторая диагональ»,
    seed 004 第二次斜向移动算作两格; ``systems/*.toml`` ``tactical.diagonal_costs``). `parity` is
    the number of diagonals already taken this movement, modulo 2; the count runs over the
    whole movement, so the parity is part of a search's state. A diagonal into terrain of
    multiplier m counts as m diagonals (`count` = m: seed 004 "counts as 3 squares").

    >>> alternating_diagonals(0), alternating_diagonals(1)
    ((1, 1), (2, 0))
    >>> alternating_diagonals(0, 2), alternating_diagonals(1, 2)  # into difficult terrain
    ((3, 0), (3, 1))
    >>> alternating_diagonals(1, 4)  # into x4 terrain: 6 squares (3.5 Rules Compendium)
    (6, 1)
    """
    firsts = (count + 1 - parity) // 2
    return firsts * costs[0] + (count - firsts) * costs[1], (parity + count) % 2
