"""Clean up the walls of an imported map: one segment once, and doorways cut open.

Map editors draw a room's wall straight through a doorway and put the door on top, and may
give one segment twice; `dedupe` keeps each segment once (a door over a plain wall) and
`cut_at_doors` removes the stretch of a plain wall that lies along a door, exactly, so an
open door really opens.
"""

from __future__ import annotations

import bisect
from fractions import Fraction

from footfall.errors import LimitError, Noun
from footfall.imports._values import FileKind
from footfall.limits import LIMITS, Limits
from footfall.scene import Point, Wall

__all__ = ["cut_at_doors", "dedupe"]


def cut_at_doors(
    walls: list[Wall], kind: FileKind, *, limits: Limits = LIMITS
) -> tuple[list[Wall], int]:
    """Remove the stretch of any plain wall lying along a door, so an open door opens.

    A map editor may draw a room's wall straight across a doorway and put the portal on top;
    the wall would then block the doorway even with the door open. A plain wall collinear with
    a door and overlapping it keeps only its parts outside the door (exact arithmetic).
    Returns the walls and how many were cut. The doors of each line are merged into sorted
    intervals first, so many doors on one line cost O(log n) per wall, not O(n); a result of
    more than `limits.import_walls` pieces raises `LimitError`.
    """
    doors = [w for w in walls if w.door is not None]
    if not doors:
        return walls, 0
    spans: dict[tuple[Fraction, Fraction, Fraction], list[tuple[Fraction, Fraction]]] = {}
    for door in doors:
        key = _line_key(door.start, door.end)
        ta, tb = _along(key, door.start), _along(key, door.end)
        spans.setdefault(key, []).append((min(ta, tb), max(ta, tb)))
    merged = {key: _merge(intervals) for key, intervals in spans.items()}
    starts = {key: [lo for lo, _ in intervals] for key, intervals in merged.items()}
    out: list[Wall] = []
    cut = 0
    for wall in walls:
        key = _line_key(wall.start, wall.end)
        if wall.door is not None or key not in merged:
            out.append(wall)
            continue
        pieces = _outside(wall, key, merged[key], starts[key])
        if pieces != [(wall.start, wall.end)]:
            cut += 1
        out.extend(Wall(a, b, None, wall.extra) for a, b in pieces)
        if len(out) > limits.import_walls:
            raise LimitError(
                "error.maps.doorway-cut-walls", file=Noun(kind), limit=limits.import_walls
            )
    return out, cut


def _line_key(p: Point, q: Point) -> tuple[Fraction, Fraction, Fraction]:
    """Return the line through `p` and `q` as exact normalised ``(A, B, C)``: Ax + By = C."""
    a, b = q[1] - p[1], p[0] - q[0]
    k = a if a != 0 else b
    return a / k, b / k, (a * p[0] + b * p[1]) / k


def _along(key: tuple[Fraction, Fraction, Fraction], p: Point) -> Fraction:
    """Return the position of `p` along the line `key` (``-B x + A y``: grows along it)."""
    a, b, _ = key
    return -b * p[0] + a * p[1]


def _merge(intervals: list[tuple[Fraction, Fraction]]) -> list[tuple[Fraction, Fraction]]:
    """Return the union of closed intervals as sorted, disjoint intervals."""
    out: list[tuple[Fraction, Fraction]] = []
    for lo, hi in sorted(intervals):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _outside(
    wall: Wall,
    key: tuple[Fraction, Fraction, Fraction],
    doors: list[tuple[Fraction, Fraction]],
    starts: list[Fraction],
) -> list[tuple[Point, Point]]:
    """Return the parts of `wall` outside the door intervals of its line, in its direction."""
    a, b = wall.start, wall.end
    ta, tb = _along(key, a), _along(key, b)
    lo, hi = min(ta, tb), max(ta, tb)
    free: list[tuple[Fraction, Fraction]] = []
    here = lo
    i = max(0, bisect.bisect_right(starts, lo) - 1)
    while i < len(doors) and doors[i][0] < hi:
        d_lo, d_hi = doors[i]
        if d_hi > here:
            if d_lo > here:
                free.append((here, d_lo))
            here = d_hi
        i += 1
    if here == lo:
        return [(a, b)]
    if here < hi:
        free.append((here, hi))

    def at(t: Fraction) -> Point:
        share = (t - ta) / (tb - ta)
        return a[0] + share * (b[0] - a[0]), a[1] + share * (b[1] - a[1])

    parts = [(at(x), at(y)) if ta < tb else (at(y), at(x)) for x, y in free]
    if ta > tb:
        parts.reverse()
    return [(a if p == a else p, b if q == b else q) for p, q in parts]


def dedupe(walls: list[Wall]) -> list[Wall]:
    """Drop repeated segments (either direction); a door wins over a plain wall."""
    seen: dict[tuple[Point, Point], int] = {}
    out: list[Wall] = []
    for wall in walls:
        key = (min(wall.start, wall.end), max(wall.start, wall.end))
        if key in seen:
            if wall.door is not None and out[seen[key]].door is None:
                out[seen[key]] = wall
            continue
        seen[key] = len(out)
        out.append(wall)
    return out
