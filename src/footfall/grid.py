"""The square grid's eight directions, shared by the scene geometry and the search kernel."""

from __future__ import annotations

__all__ = ["DIRECTIONS"]

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
