"""Frames: the per-position arrays of a window of the map, and the search graph they give.

A `Frame` holds, per *position* (the top-left square of the mover's space) on a window of the
map, a block reason, a cost class code, the note bits a GM reads in the breakdown, an
end-legality reason and the blocked exits. `build_frame` fills it, vectorised, on the window
only; the rule family of the policy (`footfall.tactical.family.RuleFamily`) marks the
terrain (`mark_squares`) and classifies the positions (`classify`). `Frame.graph` turns it
into the search's `StepGraph`, with the cost tables tabulated from the family's `Pricing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from footfall.grid import DIRECTIONS
from footfall.tactical.family import Layers, Occupant, Pricing, Window
from footfall.tactical.marks import (
    BLOCK_IMPASSABLE,
    BLOCK_OK,
    BLOCK_WALL,
    END_OBSTACLE,
    END_OK,
    NOTE_DIFFICULT,
    NOTE_HAZARDOUS,
    NOTE_OBSTACLE,
)
from footfall.tactical.masks import Prepared, prepare
from footfall.tactical.search import StepGraph

if TYPE_CHECKING:
    from footfall.tactical.placements import Second
    from footfall.tactical.policy import Policy

__all__ = [
    "Frame",
    "build_frame",
    "build_frames",
    "clip_edges",
    "cost_tables",
    "influence",
    "mark_terrain",
    "reduce",
    "reduce_space",
]


@dataclass(frozen=True, slots=True)
class Frame:
    """Per-position arrays on the window of positions ``[y0:y0+h, x0:x0+w]`` of the map.

    `block` (`Block`), `code` (cost class, valid even where blocked), `notes` (`Note` bits),
    `end` (`End`), `thin` and `corner` (bit d: the step in direction d crosses a thin wall /
    passes a wall corner). `mexp` is the hampering exponent (x2 per unit; d20, else 0).
    """

    x0: int
    y0: int
    block: npt.NDArray[np.int8]
    code: npt.NDArray[np.int16]
    notes: npt.NDArray[np.int32]
    end: npt.NDArray[np.int8]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    mexp: npt.NDArray[np.int8]
    second: Second | None = None
    """The second placements of squeezed positions, when they matter (searched as a state:
    `footfall.tactical.placements`)."""

    @property
    def shape(self) -> tuple[int, int]:
        """``(h, w)`` of the window."""
        return (int(self.block.shape[0]), int(self.block.shape[1]))

    def inside(self, x: int, y: int) -> bool:
        """Tell whether map position ``(x, y)`` lies in this window."""
        h, w = self.block.shape
        return bool(0 <= x - self.x0 < w and 0 <= y - self.y0 < h)

    def graph(self, policy: Policy) -> StepGraph:
        """Return the search graph of this window under `policy`'s pricing."""
        cost, nxt = cost_tables(policy.pricing)
        klass = np.where(self.block == BLOCK_OK, self.code, -1).astype(np.int16)
        exits = (~(self.thin | self.corner)).astype(np.uint8)
        clip_edges(exits)
        return StepGraph(square_class=klass, exits=exits, cost=cost, next_state=nxt)

    def end_ok(self) -> npt.NDArray[np.bool_]:
        """Return where a movement may end (enterable and no end rule against it)."""
        ok: npt.NDArray[np.bool_] = np.logical_and(self.block == BLOCK_OK, self.end == END_OK)
        return ok


@cache
def cost_tables(pricing: Pricing) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Tabulate `pricing` as the search's ``cost`` and ``next_state`` arrays (read-only).

    A step a rule forbids costs -1 (the search never takes it).
    """
    cost = np.full((pricing.states, 2, pricing.classes), -1, dtype=np.int32)
    nxt = np.zeros((pricing.states, 2, pricing.classes), dtype=np.int8)
    for state in range(pricing.states):
        for kind in (0, 1):
            for code in range(pricing.classes):
                price, after, forbid = pricing.price(state, bool(kind), code)
                if forbid is None:
                    cost[state, kind, code] = price
                    nxt[state, kind, code] = after
    cost.setflags(write=False)
    nxt.setflags(write=False)
    return cost, nxt


#: Bits of the directions with dy = -1 (N, NE, NW), dx = +1 (NE, E, SE), dy = +1, dx = -1.
_EDGE_BITS = {
    "north": sum(1 << d for d, (_, dy) in enumerate(DIRECTIONS) if dy < 0),
    "east": sum(1 << d for d, (dx, _) in enumerate(DIRECTIONS) if dx > 0),
    "south": sum(1 << d for d, (_, dy) in enumerate(DIRECTIONS) if dy > 0),
    "west": sum(1 << d for d, (dx, _) in enumerate(DIRECTIONS) if dx < 0),
}


def clip_edges(exits: npt.NDArray[np.uint8]) -> None:
    """Clear the exits that would leave the window (the search takes no step off its arrays)."""
    exits[0, :] &= np.uint8(~_EDGE_BITS["north"] & 0xFF)
    exits[-1, :] &= np.uint8(~_EDGE_BITS["south"] & 0xFF)
    exits[:, 0] &= np.uint8(~_EDGE_BITS["west"] & 0xFF)
    exits[:, -1] &= np.uint8(~_EDGE_BITS["east"] & 0xFF)


def influence(side: int) -> int:
    """Return how far past a position's space its arrays read the squares' layers.

    A 1-square space reads its own square only (every layer is computed square by square); a
    larger one also reads its neighbours' spaces, one square further (a narrowed placement's
    exits depend on the placements around it, `footfall.tactical.families.narrowing`). So a
    mark on a square changes the positions whose space, widened by this margin, holds it:
    what `footfall.tactical.every` relies on to share one frame between several movers.

    >>> influence(1), influence(3)
    (0, 1)
    """
    return 0 if side <= 1 else 1


def reduce(
    array: npt.NDArray[Any], h: int, w: int, rows: int, cols: int, op: str
) -> npt.NDArray[Any]:
    """Reduce `array` (``max`` or ``or``) over every rows x cols block with top-left in ``[h, w]``.

    >>> reduce(np.array([[1, 2], [3, 4]]), 1, 1, 2, 2, "max")
    array([[4]])
    """
    out = array[0:h, 0:w].copy()
    for dy in range(rows):
        for dx in range(cols):
            if dx == 0 and dy == 0:
                continue
            part = array[dy : dy + h, dx : dx + w]
            if op == "max":
                np.maximum(out, part, out=out)
            else:
                np.bitwise_or(out, part, out=out)
    return out


def reduce_space(squares: Layers, h: int, w: int, n: int) -> Layers:
    """Reduce square layers to the positions of an n x n space (RULES 1.2: a block moves).

    A position takes the worst block, end and factor and every note of the squares of its
    space, and the thin walls and corners any of them meets.
    """
    if n == 1:
        return squares
    return Layers(
        block=reduce(squares.block, h, w, n, n, "max"),
        notes=reduce(squares.notes, h, w, n, n, "or"),
        end=reduce(squares.end, h, w, n, n, "max"),
        factor=reduce(squares.factor, h, w, n, n, "max"),
        thin=reduce(squares.thin, h, w, n, n, "or"),
        corner=reduce(squares.corner, h, w, n, n, "or"),
    )


def mark_terrain(prepared: Prepared, window: Window, layers: Layers, *, aloft: bool) -> None:
    """Mark difficult, obstacle and hazardous terrain, and that no move ends on an obstacle.

    `aloft`: a flyer that rises above difficult terrain and obstacles (d20, seed 004) gets
    neither their notes nor the obstacle's end rule; hazardous terrain is always marked.
    """
    if not aloft:
        layers.notes[prepared.difficult[window]] |= NOTE_DIFFICULT
        obstacle = prepared.obstacle[window]
        layers.notes[obstacle] |= NOTE_OBSTACLE
        layers.end[obstacle] = END_OBSTACLE
    layers.notes[prepared.hazardous[window]] |= NOTE_HAZARDOUS


def _mark_occupants(occupants: Sequence[Occupant], sx0: int, sy0: int, layers: Layers) -> None:
    """Apply what other creatures' spaces are to the mover (`Policy.occupants`)."""
    sh, sw = layers.block.shape
    for x, y, side, notes, block, end, factor in occupants:
        x0, y0 = x - sx0, y - sy0
        if x0 >= sw or y0 >= sh or x0 + side <= 0 or y0 + side <= 0:
            continue
        region = (slice(max(y0, 0), min(y0 + side, sh)), slice(max(x0, 0), min(x0 + side, sw)))
        if notes:
            layers.notes[region] |= notes
        if block:
            layers.block[region] = np.maximum(layers.block[region], block)
        if end:
            layers.end[region] = np.maximum(layers.end[region], end)
        if factor:
            layers.factor[region] += factor


#: A window of positions as `build_frame` clips it, with its squares' layers:
#: ``(squares, px0, py0, h, w, sx0, sy0)``.
_Squares = tuple[Layers, int, int, int, int, int, int]


def _terrain(policy: Policy, px0: int, py0: int, px1: int, py1: int) -> _Squares:
    """Clip the window and mark its squares' terrain (`RuleFamily.mark_squares`)."""
    scene = policy.scene
    n = policy.side
    px0, py0 = max(px0, 0), max(py0, 0)
    px1, py1 = min(px1, scene.width - n + 1), min(py1, scene.height - n + 1)
    w, h = max(px1 - px0, 0), max(py1 - py0, 0)
    prepared = prepare(scene)
    sx0, sy0, sx1, sy1 = px0, py0, px0 + w + n - 1, py0 + h + n - 1
    if w == 0 or h == 0:
        sx1, sy1 = sx0, sy0
    window = (slice(sy0, sy1), slice(sx0, sx1))
    wall = prepared.wall[window]
    block = np.zeros(wall.shape, dtype=np.int8)
    block[prepared.impassable[window]] = BLOCK_IMPASSABLE
    if not policy.flying:
        block[prepared.pit[window]] = BLOCK_IMPASSABLE
    block[wall] = BLOCK_WALL
    squares = Layers(
        block=block,
        notes=np.zeros(wall.shape, dtype=np.int32),
        end=np.zeros(wall.shape, dtype=np.int8),
        factor=np.zeros(wall.shape, dtype=np.int8),
        thin=prepared.thin[window],
        corner=prepared.corner[window],
    )
    policy.family.mark_squares(policy, prepared, window, squares)
    return squares, px0, py0, h, w, sx0, sy0


def _frame(policy: Policy, done: _Squares) -> Frame:
    """Classify the marked squares of a window into its positions' `Frame`."""
    squares, px0, py0, h, w, _, _ = done
    positions, code, mexp = policy.family.classify(policy, squares, h, w)
    return Frame(
        x0=px0,
        y0=py0,
        block=np.ascontiguousarray(positions.block, dtype=np.int8),
        code=code,
        notes=np.ascontiguousarray(positions.notes, dtype=np.int32),
        end=np.ascontiguousarray(positions.end, dtype=np.int8),
        thin=np.ascontiguousarray(positions.thin, dtype=np.uint8),
        corner=np.ascontiguousarray(positions.corner, dtype=np.uint8),
        mexp=mexp,
        second=positions.second,
    )


def build_frame(policy: Policy, px0: int, py0: int, px1: int, py1: int) -> Frame:
    """Compute the per-position arrays for positions ``[px0, px1) x [py0, py1)``.

    The window is clipped to the positions whose space lies on the map. Only the window (and
    the mover's space beyond its edge) is touched: a bounded move never allocates full-map
    arrays.
    """
    done = _terrain(policy, px0, py0, px1, py1)
    _mark_occupants(policy.occupants, done[5], done[6], done[0])
    return _frame(policy, done)


def build_frames(
    policy: Policy,
    box: tuple[int, int, int, int],
    base: Sequence[Occupant],
    extra: Sequence[Occupant],
) -> tuple[Frame, Frame]:
    """Return the frames of window `box` with the spaces `base`, and with `base` and `extra`.

    `build_frame` with those occupants instead of the policy's, the terrain marked once
    (`footfall.tactical.every`: the movers of one view, without and with their own spaces).
    """
    done = _terrain(policy, *box)
    squares, sx0, sy0 = done[0], done[5], done[6]
    _mark_occupants(base, sx0, sy0, squares)
    more = Layers(
        block=squares.block.copy(),
        notes=squares.notes.copy(),
        end=squares.end.copy(),
        factor=squares.factor.copy(),
        thin=squares.thin,
        corner=squares.corner,
    )
    _mark_occupants(extra, sx0, sy0, more)
    return _frame(policy, done), _frame(policy, (more, *done[1:]))
