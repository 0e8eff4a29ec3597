"""Lay a map out on the picture: which squares are drawn, and the pixels each square covers.

Square ``(x, y)`` of the drawn part covers pixels ``x*cell .. (x+1)*cell - 1`` across and
``y*cell .. (y+1)*cell - 1`` down (`square_box`), counted from the window's top-left square.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError, Param
from footfall.limits import LIMITS, Limits
from footfall.scene import Scene

__all__ = [
    "DEFAULT_CELL",
    "View",
    "Window",
    "auto_cell",
    "legend_font_size",
    "line_height",
    "square_box",
    "view",
]

#: Side of a square in pixels unless the caller says otherwise.
DEFAULT_CELL = 40

Window = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class View:
    """The squares drawn: columns x0..x0+w-1, rows y0..y0+h-1, `cell` pixels each."""

    x0: int
    y0: int
    w: int
    h: int
    cell: int

    def px(self, gx: float | Fraction, gy: float | Fraction) -> tuple[float, float]:
        """Return the picture pixel of grid point (gx, gy)."""
        return float(gx - self.x0) * self.cell, float(gy - self.y0) * self.cell

    def holds(self, x: int, y: int) -> bool:
        """Tell whether square (x, y) is drawn."""
        return self.x0 <= x < self.x0 + self.w and self.y0 <= y < self.y0 + self.h


def view(scene: Scene, window: Window | None, cell: int) -> View:
    """Return the squares `window` draws (the whole map when None), clipped to the map."""
    if window is None:
        return View(0, 0, scene.width, scene.height, cell)
    x0, y0, x1, y1 = window
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(scene.width - 1, x1), min(scene.height - 1, y1)
    if x1 < x0 or y1 < y0:
        raise InputError(
            "error.maps.render-window",
            param=Param("window"),
            value=window,
            window=list(window),
            width=scene.width,
            height=scene.height,
        )
    return View(x0, y0, x1 - x0 + 1, y1 - y0 + 1, cell)


def square_box(x: int, y: int, cell: int) -> tuple[int, int, int, int]:
    """Return the pixel box ``(left, top, right, bottom)`` (inclusive) of square (x, y)."""
    return x * cell, y * cell, (x + 1) * cell - 1, (y + 1) * cell - 1


def auto_cell(width: int, height: int, *, limits: Limits = LIMITS) -> int:
    """Return the default cell: 40 pixels, or less so a big map stays a quarter of the limit.

    The limit is `limits.pixels` (`footfall.limits.Limits`); the cell is never under 8.

    >>> auto_cell(6, 4), auto_cell(1000, 1000)
    (40, 8)
    """
    fit = math.isqrt(limits.pixels // 4 // max(1, width * height))
    return max(8, min(DEFAULT_CELL, fit))


def line_height(cell: int) -> int:
    """Return the height of a legend line, in pixels, for squares of `cell` pixels."""
    return max(14, min(28, cell // 2 + 4))


def legend_font_size(line_h: int) -> int:
    """Return the legend's font size for lines `line_h` pixels high."""
    return max(10, line_h - 6)
