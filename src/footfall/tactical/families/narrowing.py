"""A mover's space narrowed by walls, and squeezing past an enemy (d20, RULES 1.5; seed 004).

A large-or-bigger mover (side n >= 2) whose n x n space meets a wall squeezes into a strip
k = ceil(n/2) squares across (seed 004 "挤进狭窄空间": an ogre, 2 squares wide, squeezes into a
1-square corridor). The strip keeps the position's top-left square: k rows x n columns
(*rows*) or n rows x k columns (*columns*). What narrows a space is whatever stops the whole
space there: wall squares, impassable terrain, pits (for a walker), and thin walls and closed
doors between two squares of the space (no space straddles a thin wall). Difficult terrain,
obstacles and creatures do not narrow it.

Of the placements that fit, the one along the passage is the position's first: across a
thin wall's line (the only way through its doorway), else the cheaper one, else the one a
movement may end on, else rows. Where both fit and differ in anything a step reads, the other
is kept as the position's `footfall.tactical.placements.Second`, and the search takes the
placement as part of its state (RULES 1.5: never refused or overpriced where another fits).
A position where no placement fits is `too-narrow` when its own top-left square is open (a
gap under half the mover's width: Escape Artist, not computed), else `wall`.

A squeezing mover may pass an enemy's square, never end there (seed 004 line 171: "生物可以在
移动中挤过敌人占据的方格,但移动的终点不能落在被占据的方格"). Switch ``squeeze_past``:
``squeezing`` (default: a mover already squeezing, its space narrowed or in a narrow square)
or ``any`` (any mover, the enemy's square then counting as a squeeze: x2, -4/-4).

A step between two positions is checked against thin walls and corners square by square: a
square of the space before the step that is still in the space after it (moved by the step)
may not cross a thin wall or pass a wall's corner. For a whole space this is every square of
it (RULES 1.2: a block moves); a space that narrows or widens checks the squares that move
from one placement into the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from footfall.grid import DIRECTIONS
from footfall.tactical.family import Layers
from footfall.tactical.frame import reduce
from footfall.tactical.marks import (
    BLOCK_ENEMY,
    BLOCK_IMPASSABLE,
    BLOCK_OK,
    BLOCK_TOO_NARROW,
    BLOCK_WALL,
    NOTE_COLUMNS,
    NOTE_CORRIDOR,
    NOTE_SQUEEZE_H,
    NOTE_SQUEEZE_PAST,
    NOTE_SQUEEZE_W,
)
from footfall.tactical.placements import Second

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy

__all__ = ["narrow_spaces", "squeeze_past_mode"]

#: A placement of the space: (columns, rows) of its rectangle, top-left at the position.
_Rect = tuple[int, int]
#: Directions whose step joins two squares of one rectangle, checked for a straddle: E, SE,
#: S, SW (the other four are the same pairs the other way round).
_STRADDLE = (2, 3, 4, 5)
_FULL, _ROWS, _COLS = 0, 1, 2


def squeeze_past_mode(policy: Policy) -> str:
    """Return switch ``squeeze_past`` of the query (``squeezing`` when the system has none)."""
    return policy.switches.get("squeeze_past", "squeezing")


def _window(
    array: npt.NDArray[np.uint8], h: int, w: int, x0: int, y0: int, cols: int, rows: int
) -> npt.NDArray[np.uint8]:
    """OR of `array` over the cols x rows rectangle at offset (x0, y0) of every position."""
    return reduce(array[y0:, x0:], h, w, rows, cols, "or")


def _straddles(thin: npt.NDArray[np.uint8], h: int, w: int, rect: _Rect) -> npt.NDArray[np.bool_]:
    """Tell, per position, whether a thin wall lies between two squares of `rect` (RULES 1.5)."""
    cols, rows = rect
    out = np.zeros((h, w), dtype=np.bool_)
    for d in _STRADDLE:
        dx, dy = DIRECTIONS[d]
        x0, x1 = max(0, -dx), min(cols, cols - dx)
        y0, y1 = max(0, -dy), min(rows, rows - dy)
        if x1 <= x0 or y1 <= y0:
            continue
        part = _window(thin, h, w, x0, y0, x1 - x0, y1 - y0)
        out |= (part >> np.uint8(d) & 1).astype(np.bool_)
    return out


def _orientation(thin: npt.NDArray[np.uint8], h: int, w: int, n: int) -> npt.NDArray[np.int8]:
    """Return, per position, which placement crosses the thin wall its whole space straddles.

    A wall between rows (a south step inside the space crosses it) is crossed by the columns
    placement (2); a wall between columns by the rows placement (1); 0 when neither or both.
    """
    across = _window(thin, h, w, 0, 0, n, n - 1) >> np.uint8(4) & 1  # south steps inside
    along = _window(thin, h, w, 0, 0, n - 1, n) >> np.uint8(2) & 1  # east steps inside
    out = np.zeros((h, w), dtype=np.int8)
    out[(across == 1) & (along == 0)] = _COLS
    out[(along == 1) & (across == 0)] = _ROWS
    return out


def _past(
    block: npt.NDArray[np.int8], notes: npt.NDArray[np.int32], allow: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]:
    """Let `allow`ed enemy-blocked positions squeeze past the enemy (passed, never ended on)."""
    past = allow & (block == BLOCK_ENEMY)
    if past.any():
        block = np.where(past, BLOCK_OK, block).astype(np.int8)
        notes = np.where(past, notes | NOTE_SQUEEZE_PAST, notes).astype(np.int32)
    return block, notes


def narrow_spaces(policy: Policy, squares: Layers, positions: Layers, h: int, w: int) -> Layers:
    """Return the positions' layers with narrowed spaces and squeezes past enemies (RULES 1.5).

    `squares` are the window's square layers, `positions` their reduction to the mover's
    whole n x n space. A narrowed position gets `Note.CORRIDOR` (and `Note.COLUMNS` for the
    columns placement: `footfall.tactical.marks.squeezed_space` lists its squares).
    """
    n = policy.side
    anyone = squeeze_past_mode(policy) == "any"
    block, notes = positions.block, positions.notes
    if n == 1:
        allow = (
            np.full((h, w), True) if anyone else (notes & (NOTE_SQUEEZE_W | NOTE_SQUEEZE_H)) != 0
        )
        block, notes = _past(block, notes, allow)
        return Layers(block, notes, positions.end, positions.factor, positions.thin,
                      positions.corner)  # fmt: skip
    k = (n + 1) // 2
    has_thin = bool(squares.thin.any())
    if has_thin:
        straddle = _straddles(squares.thin, h, w, (n, n))
        block = np.where(straddle, np.maximum(block, BLOCK_WALL), block).astype(np.int8)
    walled = (block == BLOCK_WALL) | (block == BLOCK_IMPASSABLE)
    if anyone:
        block, notes = _past(block, notes, np.ones((h, w), dtype=np.bool_))
    layers: dict[str, npt.NDArray[np.int32]] = {
        "block": block.astype(np.int32),
        "notes": notes.astype(np.int32),
        "end": positions.end.astype(np.int32),
        "factor": positions.factor.astype(np.int32),
    }
    if not walled.any():
        return Layers(block, notes, positions.end, positions.factor, positions.thin,
                      positions.corner)  # fmt: skip
    rects: dict[int, _Rect] = {_FULL: (n, n), _ROWS: (n, k), _COLS: (k, n)}
    strips: dict[int, dict[str, npt.NDArray[np.int32]]] = {}
    fits: dict[int, npt.NDArray[np.bool_]] = {}
    for shape in (_ROWS, _COLS):
        cols, rows = rects[shape]
        sb = reduce(squares.block, h, w, rows, cols, "max")
        if has_thin:
            sb = np.where(_straddles(squares.thin, h, w, (cols, rows)), np.maximum(sb, BLOCK_WALL),
                          sb).astype(np.int8)  # fmt: skip
        sn = reduce(squares.notes, h, w, rows, cols, "or") | NOTE_CORRIDOR
        if shape == _COLS:
            sn |= NOTE_COLUMNS
        sb, sn = _past(sb, sn, np.ones((h, w), dtype=np.bool_))
        strips[shape] = {
            "block": sb.astype(np.int32),
            "notes": sn.astype(np.int32),
            "end": reduce(squares.end, h, w, rows, cols, "max").astype(np.int32),
            "factor": reduce(squares.factor, h, w, rows, cols, "max").astype(np.int32),
        }
        fits[shape] = walled & (sb == BLOCK_OK)
    chosen = _choose(squares, strips, fits, h, w, n)
    for shape in (_ROWS, _COLS):
        use = chosen == shape
        for name in layers:
            layers[name] = np.where(use, strips[shape][name], layers[name])
    # No placement fits: `too-narrow` at a gap under half the mover's width (or over a square
    # too narrow for it), else the wall stays.
    none = walled & (chosen == _FULL)
    narrow = none & (
        _gap(squares, h, w, n)
        | (strips[_ROWS]["block"] == BLOCK_TOO_NARROW)
        | (strips[_COLS]["block"] == BLOCK_TOO_NARROW)
    )
    layers["block"] = np.where(narrow, BLOCK_TOO_NARROW, layers["block"])
    thin, corner = positions.thin, positions.corner
    walls_near = has_thin or bool(squares.corner.any())
    stacks = _overlaps(squares, rects, h, w) if walls_near else None
    if (chosen != _FULL).any() and stacks is not None:
        thin, corner = _exits(stacks, chosen, chosen, h, w)
    second = _second(strips, fits, chosen, thin, corner, stacks, h, w)
    return Layers(
        block=layers["block"].astype(np.int8),
        notes=layers["notes"].astype(np.int32),
        end=layers["end"].astype(np.int8),
        factor=layers["factor"].astype(np.int8),
        thin=thin,
        corner=corner,
        second=second,
    )


def _second(
    strips: dict[int, dict[str, npt.NDArray[np.int32]]],
    fits: dict[int, npt.NDArray[np.bool_]],
    chosen: npt.NDArray[np.int8],
    thin: npt.NDArray[np.uint8],
    corner: npt.NDArray[np.uint8],
    stacks: _Stacks | None,
    h: int,
    w: int,
) -> Second | None:
    """Return the second placement of the positions where both fit, when it matters.

    It matters where the two differ in anything the search or a walk reads: the position's
    hampering, notes (but which placement it is), end, or the corners and thin walls of a step
    into or out of it (`footfall.tactical.placements`). None otherwise: the frame is plain.
    """
    both = fits[_ROWS] & fits[_COLS]
    if not both.any():
        return None
    other = np.where(chosen == _ROWS, _COLS, _ROWS).astype(np.int8)
    other[~both] = chosen[~both]
    rows, cols = strips[_ROWS], strips[_COLS]
    differ = (rows["factor"] != cols["factor"]) | (rows["end"] != cols["end"])
    differ |= (rows["notes"] | NOTE_COLUMNS) != (cols["notes"] | NOTE_COLUMNS)
    zero = np.zeros((3, h, w), dtype=np.uint8)
    thins, corners = zero, zero.copy()
    if stacks is not None:
        for k, (here, there) in enumerate(((chosen, other), (other, chosen), (other, other))):
            thins[k], corners[k] = _exits(stacks, here, there, h, w)
    matters = bool((differ & both).any()) or _steps_differ(both, thin | corner, thins | corners)
    if not matters:
        return None
    pick = {name: np.where(other == _COLS, cols[name], rows[name]) for name in rows}
    return Second(
        has=both,
        block=np.where(both, pick["block"], BLOCK_WALL).astype(np.int8),
        notes=pick["notes"].astype(np.int32),
        end=pick["end"].astype(np.int8),
        factor=pick["factor"].astype(np.int8),
        thin=thins,
        corner=corners,
    )


def _steps_differ(
    both: npt.NDArray[np.bool_], plain: npt.NDArray[np.uint8], combos: npt.NDArray[np.uint8]
) -> bool:
    """Tell whether a step out of or into a second placement passes other walls than the
    step between first placements (combos: (first, second), (second, first), (second, second)).
    """
    h, w = both.shape
    padded = np.zeros((h + 2, w + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = both
    into = np.zeros((h, w), dtype=np.uint8)  # bit d: the neighbour in direction d has one
    for d, (dx, dy) in enumerate(DIRECTIONS):
        into |= padded[1 + dy : h + 1 + dy, 1 + dx : w + 1 + dx].astype(np.uint8) << np.uint8(d)
    out = np.where(both, np.uint8(0xFF), np.uint8(0)).astype(np.uint8)
    return bool(
        ((combos[0] ^ plain) & into).any()
        or ((combos[1] ^ plain) & out).any()
        or ((combos[2] ^ plain) & into & out).any()
    )


def _gap(squares: Layers, h: int, w: int, n: int) -> npt.NDArray[np.bool_]:
    """Tell where an inner row or column of the n x n space is open: a gap through it.

    An inner line (not the space's first or last) with no wall nor impassable square is a
    passage narrower than the space that no placement fits (a huge mover at a 1-square gap).
    """
    out = np.zeros((h, w), dtype=np.bool_)
    shut = ((squares.block == BLOCK_WALL) | (squares.block == BLOCK_IMPASSABLE)).astype(np.uint8)
    for offset in range(1, n - 1):
        out |= _window(shut, h, w, 0, offset, n, 1) == 0
        out |= _window(shut, h, w, offset, 0, 1, n) == 0
    return out


def _choose(
    squares: Layers,
    strips: dict[int, dict[str, npt.NDArray[np.int32]]],
    fits: dict[int, npt.NDArray[np.bool_]],
    h: int,
    w: int,
    n: int,
) -> npt.NDArray[np.int8]:
    """Return the placement of every position: full (0), rows (1) or columns (2).

    Where both fit: across a straddled thin wall, else cheaper (hampering), else not past an
    enemy, else one a movement may end on, else rows.
    """
    chosen = np.where(fits[_ROWS], _ROWS, _FULL).astype(np.int8)
    chosen[fits[_COLS] & ~fits[_ROWS]] = _COLS
    both = fits[_ROWS] & fits[_COLS]
    if not both.any():
        return chosen
    rows, cols = strips[_ROWS], strips[_COLS]
    want = _orientation(squares.thin, h, w, n) if squares.thin.any() else np.zeros_like(chosen)
    past_r = (rows["notes"] & NOTE_SQUEEZE_PAST) != 0
    past_c = (cols["notes"] & NOTE_SQUEEZE_PAST) != 0
    key_r = (want == _COLS).astype(np.int64)
    key_c = (want == _ROWS).astype(np.int64)
    for part_r, part_c in (
        (rows["factor"], cols["factor"]),
        (past_r, past_c),
        (rows["end"] != 0, cols["end"] != 0),
    ):
        key_r = key_r * 64 + part_r.astype(np.int64)
        key_c = key_c * 64 + part_c.astype(np.int64)
    chosen[both & (key_c < key_r)] = _COLS
    return chosen


#: The thin-wall and corner bits of every overlap of two placements, reduced once per window,
#: and the overlap's index per pair of placements: ``(thins, corners, overlap)``.
_Stacks = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int8]]


def _overlaps(squares: Layers, rects: dict[int, _Rect], h: int, w: int) -> _Stacks:
    """Reduce the thin walls and corners over every overlap of two placements (`_exits`).

    Four overlaps exist (whole, rows, columns, rows and columns).
    """
    sizes: list[_Rect] = []
    overlap = np.zeros((3, 3), dtype=np.int8)
    for a, (a_cols, a_rows) in rects.items():
        for b, (b_cols, b_rows) in rects.items():
            size = (min(a_cols, b_cols), min(a_rows, b_rows))
            if size not in sizes:
                sizes.append(size)
            overlap[a, b] = sizes.index(size)
    thins = np.stack([_window(squares.thin, h, w, 0, 0, cols, rows) for cols, rows in sizes])
    corners = np.stack([_window(squares.corner, h, w, 0, 0, cols, rows) for cols, rows in sizes])
    return thins, corners, overlap


def _exits(
    stacks: _Stacks, here: npt.NDArray[np.int8], there: npt.NDArray[np.int8], h: int, w: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Return per position the thin-wall and corner bits of its 8 steps, placement to placement.

    The step d from position P (placement ``here[P]``) to Q = P + d (placement ``there[Q]``)
    checks the squares of the first rectangle whose image under the step lies in the second:
    the second rectangle moved back by the step lies at P too, so the squares are those of
    both rectangles (see the module docstring). Outside the window Q counts as the whole
    space (those exits are clipped).
    """
    thins, corners, overlap = stacks
    whole = int(overlap[_FULL, _FULL])
    # Whole space to whole space (most positions): every square of it, as RULES 1.2's block.
    thin, corner = thins[whole].copy(), corners[whole].copy()
    narrowed = here != _FULL
    padded = np.zeros((h + 2, w + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = there
    for d, (dx, dy) in enumerate(DIRECTIONS):
        after = padded[1 + dy : h + 1 + dy, 1 + dx : w + 1 + dx]
        ys, xs = np.nonzero(narrowed | (after != _FULL))
        if not ys.size:
            continue
        bit = np.uint8(1 << d)
        keep = np.uint8(~bit & 0xFF)
        pick = overlap[here[ys, xs], after[ys, xs]]
        thin[ys, xs] = (thin[ys, xs] & keep) | (thins[pick, ys, xs] & bit)
        corner[ys, xs] = (corner[ys, xs] & keep) | (corners[pick, ys, xs] & bit)
    return thin, corner
