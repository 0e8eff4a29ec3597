"""Closed shapes on the Foundry canvas, tested at square centres exactly, within a work budget.

Region shapes (rectangles, circles, ellipses, polygons, rotated or not) and Enhanced Terrain
Layer areas are all a `Shape`: a point test, a bounding box and, for polygons, exact
scanline spans, so that placing a map-wide shape on the grid costs its rows, not its squares
times its edges. Every step is counted by a `Work` budget (`footfall.limits.Limits.region_work`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from footfall.errors import LimitError, Noun
from footfall.imports._values import FileKind, ceil_fraction, floor_fraction
from footfall.imports.foundry._document import Frame
from footfall.imports.foundry._etl import EtlShape, EtlTerrain
from footfall.limits import LIMITS

__all__ = [
    "CROSSING",
    "FILL",
    "NOTHING",
    "POINT_TEST",
    "Box",
    "Inside",
    "Shape",
    "Work",
    "ellipse",
    "etl_shape",
    "polygon",
    "rotated",
]


#: A test "is this canvas point inside?" with the point's pixel coordinates.
Inside = Callable[[Fraction, Fraction], bool]
#: Pixel bounding box ``(x0, y0, x1, y1)``.
Box = tuple[Fraction, Fraction, Fraction, Fraction]


class Shape:
    """One closed shape: a point test, its bounding box, and (polygons) exact scanline spans."""

    def __init__(
        self,
        inside: Inside,
        box: Box,
        spans: Callable[[Fraction], list[tuple[Fraction, Fraction]]] | None = None,
        *,
        half_open: bool = False,
    ) -> None:
        self.inside, self.box, self.spans = inside, box, spans
        #: Spans are ``[a, b)`` (PIXI's rule, ETL) instead of ``[a, b]`` (regions).
        self.half_open = half_open

    def columns(self, frame: Frame, row: int, width: int, work: Work) -> set[int]:
        """Return the columns of `row` whose square centre is inside or on the edge."""
        cy = frame.centre_px(0, row)[1]
        x0, y0, x1, y1 = self.box
        if not y0 <= cy <= y1:
            return set()
        found: set[int] = set()
        if self.spans is not None:
            half = Fraction(1, 2)
            spans = self.spans(cy)
            work.spend(2 * len(spans), CROSSING)
            for a, b in spans:
                # Centre of column c is pad_x + (c + 1/2) * size: solve a <= centre <= b.
                first = max(0, ceil_fraction((a - frame.pad_x) / frame.size - half))
                end = (b - frame.pad_x) / frame.size - half
                last = ceil_fraction(end) - 1 if self.half_open else floor_fraction(end)
                last = min(width - 1, last)
                if last >= first:
                    work.spend(last - first + 1, FILL)
                    found.update(range(first, last + 1))
            return found
        c0 = max(0, floor_fraction((x0 - frame.pad_x) / frame.size) - 1)
        c1 = min(width - 1, ceil_fraction((x1 - frame.pad_x) / frame.size) + 1)
        work.spend(c1 - c0 + 1, POINT_TEST)
        for col in range(c0, c1 + 1):
            if self.inside(frame.centre_px(col, row)[0], cy):
                found.add(col)
        return found


#: Cost of one step of placing regions, in units of about 0.05 us (measured under load): a
#: square added to a row, an edge crossing a row computed exactly and sorted, a square
#: centre tested against a circle or ellipse.
FILL, CROSSING, POINT_TEST = 1, 600, 500


class Work:
    """Count the work spent placing regions; past `limit`, raise `LimitError`.

    The default limit, `footfall.limits.Limits.region_work`, is about 10 s under load: room
    for dozens of map-wide rectangles or polygons of thousands of points on a 1000x1000 map;
    not for a circle over most of such a map (up to 400 000 squares), nor zigzags crossing
    every row.
    """

    def __init__(self, limit: int = LIMITS.region_work) -> None:
        self.spent = 0
        self.limit = limit

    def spend(self, steps: int, unit: int) -> None:
        """Count `steps` steps of cost `unit` each."""
        self.spent += steps * unit
        if self.spent > self.limit:
            raise LimitError("error.maps.foundry-region-work", file=Noun(FileKind.FOUNDRY))


NOTHING = Shape(lambda x, y: False, (Fraction(1), Fraction(1), Fraction(0), Fraction(0)))


def bbox(
    pts: Sequence[tuple[Fraction, Fraction]],
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    return (
        min(p[0] for p in pts),
        min(p[1] for p in pts),
        max(p[0] for p in pts),
        max(p[1] for p in pts),
    )


def rotated(
    pts: Sequence[tuple[Fraction, Fraction]], centre: tuple[Fraction, Fraction], degrees: Fraction
) -> list[tuple[Fraction, Fraction]]:
    """Rotate `pts` about `centre` clockwise on screen (y down), as Foundry rotates shapes.

    Quarter turns are exact; other angles go through floating point (the editor's own
    geometry), then back to exact fractions of those floats.
    """
    quarter = {Fraction(90): (0, 1), Fraction(180): (-1, 0), Fraction(270): (0, -1)}
    cos_s = quarter.get(degrees)
    if cos_s is not None:
        cos, sin = Fraction(cos_s[0]), Fraction(cos_s[1])
    else:
        angle = math.radians(float(degrees))
        cos, sin = Fraction(math.cos(angle)), Fraction(math.sin(angle))
    cx, cy = centre
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in pts
    ]


def polygon(pts: Sequence[tuple[Fraction, Fraction]], *, half_open: bool = False) -> Shape:
    """Return a polygon (even-odd rule, boundary inside) with exact point test and spans.

    With `half_open`, the boundary follows PIXI's ``Polygon.contains`` instead, the test the
    Enhanced Terrain Layer uses: a point counts when a ray to its right crosses an odd number
    of edges, an edge counting when ``(ya > y) != (yb > y)`` and the point is strictly left of
    it. On an axis-aligned rectangle that is ``[x0, x1) x [y0, y1)``: left and top edges in,
    right and bottom edges out (the same as ``PIXI.Rectangle.contains``).
    """
    edges = list(zip(pts, [*pts[1:], pts[0]], strict=True))

    def inside(x: Fraction, y: Fraction) -> bool:
        crossings = False
        for (ax, ay), (bx, by) in edges:
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            if (
                not half_open
                and cross == 0
                and min(ax, bx) <= x <= max(ax, bx)
                and min(ay, by) <= y <= max(ay, by)
            ):
                return True
            if (ay > y) != (by > y):
                x_at = ax + (y - ay) * (bx - ax) / (by - ay)
                if x < x_at:
                    crossings = not crossings
        return crossings

    # Spans by a sweep over the rows (asked top to bottom): an edge is active while the
    # line's height is in [its lowest y, its highest y), so each row looks only at the
    # edges it crosses, not at every edge of the polygon.
    slanted = sorted(
        (min(ay, by), max(ay, by), ax, ay, bx, by) for (ax, ay), (bx, by) in edges if ay != by
    )
    flat: dict[Fraction, list[tuple[Fraction, Fraction]]] = {}
    corners: dict[Fraction, list[Fraction]] = {}
    for (ax, ay), (bx, by) in edges:
        if ay == by:  # a horizontal edge on the line: its points are on the boundary
            flat.setdefault(ay, []).append((min(ax, bx), max(ax, bx)))
        else:  # a vertex on the line (a peak the crossing rule skips)
            corners.setdefault(ay, []).append(ax)
    sweep: dict[str, Any] = {"next": 0, "active": [], "last": None}

    def spans(y: Fraction) -> list[tuple[Fraction, Fraction]]:
        """Closed x-intervals of the line at height `y` inside or on the polygon."""
        if sweep["last"] is not None and y < sweep["last"]:
            sweep.update(next=0, active=[])
        sweep["last"] = y
        i = sweep["next"]
        active = [edge for edge in sweep["active"] if edge[1] > y]
        while i < len(slanted) and slanted[i][0] <= y:
            if slanted[i][1] > y:
                active.append(slanted[i])
            i += 1
        sweep.update(next=i, active=active)
        xs = sorted(ax + (y - ay) * (bx - ax) / (by - ay) for _, _, ax, ay, bx, by in active)
        out = list(zip(xs[0::2], xs[1::2], strict=True))
        if half_open:  # [x0, x1): exactly the points with an odd count of crossings right
            return out
        out.extend(flat.get(y, ()))
        out.extend((x, x) for x in corners.get(y, ()))
        return out

    return Shape(inside, bbox(pts), spans, half_open=half_open)


def ellipse(cx: Fraction, cy: Fraction, rx: Fraction, ry: Fraction, degrees: Fraction) -> Inside:
    """Point-in-ellipse test, the boundary counting as inside; exact unless tilted."""
    if degrees == 0:

        def inside(x: Fraction, y: Fraction) -> bool:
            return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1

        return inside
    angle = math.radians(float(degrees))
    cos, sin = Fraction(math.cos(angle)), Fraction(math.sin(angle))

    def tilted(x: Fraction, y: Fraction) -> bool:
        dx, dy = x - cx, y - cy
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        return (u / rx) ** 2 + (v / ry) ** 2 <= 1

    return tilted


def etl_shape(terrain: EtlTerrain) -> Shape:
    """Return the PIXI shape ETL tests a square centre against (`TerrainShape._pixishape`)."""
    if terrain.kind is EtlShape.POLYGON:
        return polygon(terrain.points, half_open=True)
    (x0, y0), (x1, y1) = terrain.points
    if terrain.kind is EtlShape.CIRCLE:  # PIXI.Circle.contains: dx^2 + dy^2 <= r^2
        r = x1 - x0
        return Shape(ellipse(x0, y0, r, r, Fraction(0)), (x0 - r, y0 - r, x0 + r, y0 + r))
    if terrain.kind is EtlShape.RECTANGLE:  # PIXI.Rectangle.contains: [x, x + w) x [y, y + h)
        return polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], half_open=True)
    # PIXI.Ellipse(w / 2, h / 2, w / 2, h / 2).contains: ((dx / rx)^2 + (dy / ry)^2 <= 1
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    return Shape(ellipse(cx, cy, rx, ry, Fraction(0)), (x0, y0, x1, y1))
