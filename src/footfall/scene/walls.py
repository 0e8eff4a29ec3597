"""Thin walls: which steps between square centres they block (SCENE.md).

A step between two squares is blocked when the segment joining their centres crosses or
touches a blocking wall (a wall, or a closed door). `segments_touch` and
`step_blocked_by_walls` decide one step exactly; `thin_wall_exits` decides every step of a
map at once, exactly, at a cost that grows with the walls' length on the map (never walls x
map): the hot path of the tactical set-up and of flight.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.grid import DIRECTIONS
from footfall.scene.model import Point, Scene, Wall

__all__ = ["segments_touch", "step_blocked_by_walls", "thin_wall_exits"]


def _orient(a: Point, b: Point, c: Point) -> int:
    """Return the sign of the cross product (b - a) x (c - a): +1, 0 or -1."""
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def segments_touch(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Tell whether closed segments `p`-`q` and `a`-`b` cross or touch (exact arithmetic).

    >>> F = Fraction
    >>> segments_touch((F(0), F(0)), (F(2), F(2)), (F(0), F(2)), (F(2), F(0)))
    True
    >>> segments_touch((F(0), F(0)), (F(1), F(1)), (F(1), F(1)), (F(3), F(1)))  # an end
    True
    >>> segments_touch((F(0), F(0)), (F(1), F(0)), (F(2), F(0)), (F(3), F(0)))  # collinear
    False
    """
    d1, d2 = _orient(a, b, p), _orient(a, b, q)
    if d1 == 0 and d2 == 0:
        return max(min(p[0], q[0]), min(a[0], b[0])) <= min(
            max(p[0], q[0]), max(a[0], b[0])
        ) and max(min(p[1], q[1]), min(a[1], b[1])) <= min(max(p[1], q[1]), max(a[1], b[1]))
    return d1 * d2 <= 0 and _orient(p, q, a) * _orient(p, q, b) <= 0


def _centre(square: tuple[int, int]) -> Point:
    return Fraction(2 * square[0] + 1, 2), Fraction(2 * square[1] + 1, 2)


def step_blocked_by_walls(scene: Scene, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Tell whether a blocking thin wall (a wall or closed door) stops the step `a` -> `b`.

    The step is blocked when the segment joining the two squares' centres crosses or touches
    a blocking wall (SCENE.md). Exact; checks every wall, so use `thin_wall_exits` for maps.
    """
    p, q = _centre(a), _centre(b)
    return any(wall.blocks and segments_touch(p, q, wall.start, wall.end) for wall in scene.walls)


def _clip(
    start: Point, end: Point, low: Fraction, right: Fraction, bottom: Fraction
) -> tuple[Point, Point] | None:
    """Return the part of segment `start`-`end` inside [low, right] x [low, bottom], exactly.

    Liang-Barsky clipping on Fractions; None when the segment misses the box.
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = Fraction(0), Fraction(1)
    for p, q in ((-dx, x0 - low), (dx, right - x0), (-dy, y0 - low), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


#: A clipped wall: ``(m, 2ax, 2ay, 2bx, 2by)``, the segment from (ax/m, ay/m) to (bx/m, by/m)
#: in doubled grid units (the centre of square x is at 2x + 1), integers over one denominator.
_WallRow = tuple[int, int, int, int, int]


def _wall_row(wall: Wall, width: int, height: int) -> _WallRow | None:
    """Clip `wall` to the map grown by 2 squares, exactly; None when it misses that box.

    No step segment reaches beyond the box, so a step touches the wall iff it touches the
    clipped part: a wall's work is bounded by the map, however long the wall.
    """
    (x0, y0), (x1, y1) = wall.start, wall.end
    low, right, bottom = -2, width + 2, height + 2
    if not (
        low <= min(x0, x1) and max(x0, x1) <= right and low <= min(y0, y1) and max(y0, y1) <= bottom
    ):
        clipped = _clip(wall.start, wall.end, Fraction(low), Fraction(right), Fraction(bottom))
        if clipped is None:
            return None
        (x0, y0), (x1, y1) = clipped
    m = math.lcm(x0.denominator, y0.denominator, x1.denominator, y1.denominator)
    ax, ay, bx, by = (int(v * m) for v in (x0, y0, x1, y1))
    return m, 2 * ax, 2 * ay, 2 * bx, 2 * by


def _sign(values: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    return (values > 0).astype(np.int8) - (values < 0).astype(np.int8)


#: Largest scaled coordinate handled in int64; beyond it, floats with an error bound and
#: exact Python ints (object arrays) where the bound leaves the answer open.
_INT64_SAFE = 1 << 30

#: Most candidate steps' squares tested in one vectorized pass (bounds memory to ~100 MB).
_BATCH = 1 << 20

#: Margin, in squares, added around each piece's box: covers the float rounding of the
#: piece ends (at most ~1e-9 squares on a 4,000,000-square map) many times over.
_BOX_MARGIN = 1e-6


def _candidates(
    rows: list[_WallRow], width: int, height: int
) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """Yield batches ``(wall, xs, ys)``: every square a step touching a wall may start from.

    The four forward steps (N, NE, E, SE) of square (x, y) lie in the box from its centre to
    one square right and one square up or down; with u = x - 1/2, v = y - 1/2 a wall point
    (u, v) is in that box iff x <= u <= x + 1 and y - 1 <= v <= y + 1. So, column by column
    of the wall, the candidates are the rows around the wall's v-range over that column
    (computed in floats, grown by `_BOX_MARGIN`): about 4 squares per square of wall length,
    O(total wall length), never walls x map.
    """
    ends = np.array([[v / row[0] / 2 - 0.5 for v in row[1:]] for row in rows], dtype=np.float64)
    u0, v0, u1, v1 = (ends[:, i] for i in range(4))
    u_lo, u_hi = np.minimum(u0, u1), np.maximum(u0, u1)
    first = np.maximum(0, np.ceil(u_lo - 1 - _BOX_MARGIN)).astype(np.int64)
    last = np.minimum(width - 1, np.floor(u_hi + _BOX_MARGIN)).astype(np.int64)
    counts = np.maximum(0, last - first + 1)
    wall = np.repeat(np.arange(len(rows)), counts)
    column = (
        first[wall] + np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    # The wall's v over u in [column, column + 1] (a vertical wall: its whole v-range).
    du, dv = (u1 - u0)[wall], (v1 - v0)[wall]
    left = np.clip(column.astype(np.float64), u_lo[wall], u_hi[wall])
    right = np.clip(column + 1.0, u_lo[wall], u_hi[wall])
    slope = np.divide(dv, du, out=np.zeros_like(dv), where=du != 0)
    at_left = v0[wall] + (left - u0[wall]) * slope
    at_right = v0[wall] + (right - u0[wall]) * slope
    vertical = du == 0
    v_lo = np.where(vertical, np.minimum(v0, v1)[wall], np.minimum(at_left, at_right))
    v_hi = np.where(vertical, np.maximum(v0, v1)[wall], np.maximum(at_left, at_right))
    # A steep wall's v moves |slope| times any rounding of u: grow its margin as much.
    margin = _BOX_MARGIN * (1 + np.abs(slope))
    top = np.maximum(0, np.ceil(v_lo - 1 - margin)).astype(np.int64)
    bottom = np.minimum(height - 1, np.floor(v_hi + 1 + margin)).astype(np.int64)
    sizes = np.maximum(0, bottom - top + 1)
    total = np.cumsum(sizes)
    start = 0
    while start < len(sizes):
        base = int(total[start] - sizes[start])
        stop = max(start + 1, int(np.searchsorted(total, base + _BATCH, side="right")))
        size = sizes[start:stop]
        piece = np.repeat(np.arange(start, stop), size)
        offset = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
        yield wall[piece], column[piece], top[piece] + offset
        start = stop


def _exact_hits(
    table: npt.NDArray[Any],
    wall: npt.NDArray[np.int64],
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    d: int,
) -> npt.NDArray[np.bool_]:
    """Tell exactly whether the step from (xs, ys) in direction `d` touches its wall.

    `table` holds the walls' `_WallRow` as int64 (when every product fits) or as Python ints
    (object arrays). A grid point p becomes ``2*m*p`` and the centre of square x ``m*(2x+1)``.
    """
    dx, dy = DIRECTIONS[d]
    m, ax, ay, bx, by = (table[wall, i] for i in range(5))
    px = m * (2 * xs + 1).astype(table.dtype)
    py = m * (2 * ys + 1).astype(table.dtype)
    wall_dx, wall_dy = bx - ax, by - ay
    step_dx, step_dy = 2 * m * dx, 2 * m * dy
    qx, qy = px + step_dx, py + step_dy
    d1 = _sign(wall_dx * (py - ay) - wall_dy * (px - ax))
    d2 = _sign(wall_dx * (qy - ay) - wall_dy * (qx - ax))
    d3 = _sign(step_dx * (ay - py) - step_dy * (ax - px))
    d4 = _sign(step_dx * (by - py) - step_dy * (bx - px))
    hit = (d1 * d2 <= 0) & (d3 * d4 <= 0)
    collinear = (d1 == 0) & (d2 == 0)
    if collinear.any():
        # Collinear segments touch iff their extents overlap on both axes.
        over_x = np.maximum(np.minimum(px, qx), np.minimum(ax, bx)) <= np.minimum(
            np.maximum(px, qx), np.maximum(ax, bx)
        )
        over_y = np.maximum(np.minimum(py, qy), np.minimum(ay, by)) <= np.minimum(
            np.maximum(py, qy), np.maximum(ay, by)
        )
        hit = np.where(collinear, over_x & over_y, hit)
    return np.asarray(hit, dtype=np.bool_)


def _float_bound(scale: float) -> float:
    """Bound the float error of ``ux*vy - uy*vx`` over coordinates of magnitude <= `scale`.

    Each coordinate is rounded once from an exact rational (error <= 2**-53 * scale); each
    difference is at most 2 * scale and off by <= 2**-52 * scale plus its own rounding; each
    product at most 4 * scale**2. Their errors sum to less than
    ``eps * (8 * scale**2 + 24 * scale**2)``; the bound is four times that and more, so a
    float value beyond it has the exact value's sign.
    """
    eps = float(np.finfo(np.float64).eps)
    return 16.0 * eps * ((scale + 1.0) * (8.0 * scale + 1.0) + 8.0 * scale * scale)


def _mark_walls(blocked: npt.NDArray[np.uint8], rows: list[_WallRow], exact: bool) -> None:
    """Set the blocked bits of every step whose centre segment touches one of the walls.

    Each orientation is computed in float64 from the walls' doubled coordinates (each rounded
    once from the exact rational); one within `_float_bound` of zero (a centre or a wall end
    on a line, to ~1e-9 squares) is left open and that step is decided by `_exact_hits`, in
    int64 when the wall's integers fit (`exact`), else in Python ints. Coordinates such as
    0.14285714285714285 (a float written by a VTT) have denominators near 10**17: exact
    Python ints on every candidate took minutes for a few hundred walls across a large map.
    """
    if not rows:
        return
    height, width = blocked.shape
    table = np.array(rows, dtype=np.int64 if exact else object)
    ends = np.array([[v / row[0] for v in row[1:]] for row in rows], dtype=np.float64)
    bound = _float_bound(2.0 * (max(width, height) + 3))
    for wall, xs, ys in _candidates(rows, width, height):
        ax, ay, bx, by = (ends[wall, i] for i in range(4))
        px = (2 * xs + 1).astype(np.float64)
        py = (2 * ys + 1).astype(np.float64)
        wall_dx, wall_dy = bx - ax, by - ay
        rel_ax, rel_ay, rel_bx, rel_by = ax - px, ay - py, bx - px, by - py
        v1 = wall_dx * -rel_ay + wall_dy * rel_ax
        s1 = _sign(v1)
        unsure1 = np.abs(v1) <= bound
        for d in range(4):  # N, NE, E, SE; the reverse step gets the opposite bit
            dx, dy = DIRECTIONS[d]
            v2 = wall_dx * (2 * dy - rel_ay) - wall_dy * (2 * dx - rel_ax)
            unsure = unsure1 | (np.abs(v2) <= bound)
            # Only a step whose centres the wall's line separates (or may) can touch it.
            near = np.flatnonzero((s1 * _sign(v2) <= 0) | unsure)
            if not len(near):
                continue
            v3 = 2 * dx * rel_ay[near] - 2 * dy * rel_ax[near]
            v4 = 2 * dx * rel_by[near] - 2 * dy * rel_bx[near]
            hit = _sign(v3) * _sign(v4) <= 0
            open_ = unsure[near] | (np.abs(v3) <= bound) | (np.abs(v4) <= bound)
            if open_.any():
                which = near[open_]
                hit[open_] = _exact_hits(table, wall[which], xs[which], ys[which], d)
            sx, sy = xs[near[hit]], ys[near[hit]]
            tx, ty = sx + dx, sy + dy
            inside = (tx >= 0) & (tx < width) & (ty >= 0) & (ty < height)
            sx, sy = sx[inside], sy[inside]
            blocked[sy, sx] |= np.uint8(1 << d)
            blocked[sy + dy, sx + dx] |= np.uint8(1 << ((d + 4) % 8))


def thin_wall_exits(scene: Scene) -> npt.NDArray[np.uint8]:
    """Return uint8 ``[H, W]``: bit d set = the step from (x, y) in direction d is blocked.

    Directions are numbered as `footfall.tactical.search.DIRECTIONS` (N, NE, E, SE, S, SW, W,
    NW). A step is blocked when the segment joining the two squares' centres crosses or touches
    a blocking thin wall (a wall, or a closed door; open doors block nothing): for walls on
    grid lines, no crossing the wall and no diagonal past its corner or end (SCENE.md). Only
    steps between two squares of the map get bits. Note the bits mark *blocked* steps, the
    opposite of `StepGraph.exits`: a policy does ``exits &= ~thin_wall_exits(scene)``.

    Exact: integer arithmetic on each wall's common denominator, in int64 when it fits, else
    in floats with a rounding-error bound and Python ints where the bound leaves the sign
    open. Each wall tests only the squares near it (work O(total wall length on the map)).
    """
    blocked = np.zeros((scene.height, scene.width), dtype=np.uint8)
    small: list[_WallRow] = []
    large: list[_WallRow] = []
    limit = max(scene.width, scene.height) + 2
    for wall in scene.walls:
        if not wall.blocks:
            continue
        row = _wall_row(wall, scene.width, scene.height)
        if row is None:
            continue
        reach = max(row[0] * limit, *(abs(v) for v in row[1:]))
        (small if 2 * reach < _INT64_SAFE else large).append(row)
    _mark_walls(blocked, small, exact=True)
    _mark_walls(blocked, large, exact=False)
    return blocked
