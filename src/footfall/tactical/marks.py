"""What a position of the mover holds: why it cannot be entered or ended on, and its notes.

A `Frame` (`footfall.tactical.frame`) holds one of each per position of the mover: a `Block`
reason, an `End` reason and the `Note` bits a GM reads in a breakdown. The plain-int copies
(``NOTE_*``, ``BLOCK_*``, ``END_*``) are for the vectorised hot path, where enum access is slow.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from types import MappingProxyType

from footfall.rules import RuleId

__all__ = ["BLOCK_RULE", "END_RULE", "Block", "End", "Note", "squeezed_space"]

Square = tuple[int, int]


class Block(IntEnum):
    """Why a position cannot be entered; a higher value wins when several apply."""

    OK = 0
    """The position can be entered."""
    ENEMY = 1
    """An enemy's space that this mover may not pass (RULES 1.3, `enemy-space`)."""
    TOO_NARROW = 2
    """Narrower than half the mover's space, or lower than a quarter (RULES 1.5)."""
    IMPASSABLE = 3
    """Impassable terrain or a pit for a walker (RULES 1.2)."""
    WALL = 4
    """A wall square."""
    OUT = 5
    """Part of the mover's space would be off the map."""


#: Rule id (RULES.md) of each block reason.
BLOCK_RULE: MappingProxyType[int, RuleId] = MappingProxyType(
    {
        Block.ENEMY: RuleId.ENEMY_SPACE,
        Block.TOO_NARROW: RuleId.TOO_NARROW,
        Block.IMPASSABLE: RuleId.IMPASSABLE,
        Block.WALL: RuleId.WALL,
        Block.OUT: RuleId.OUT_OF_BOUNDS,
    }
)


class End(IntEnum):
    """Why a movement may not end at a position; a higher value wins."""

    OK = 0
    """It may end there."""
    OBSTACLE = 1
    """An obstacle (seed 004: crossed, never stood on), `obstacle-end`."""
    OCCUPIED = 2
    """Another creature's space (RULES 1.3 / 3), `occupied-end`."""


#: Rule id of each end reason.
END_RULE: MappingProxyType[int, RuleId] = MappingProxyType(
    {End.OBSTACLE: RuleId.OBSTACLE_END, End.OCCUPIED: RuleId.OCCUPIED_END}
)


class Note(IntFlag):
    """What a position holds that matters to a step's price or report (OR over its space)."""

    DIFFICULT = 1
    """Difficult terrain (x2 d20, +1 Draw Steel)."""
    OBSTACLE = 2
    """Obstacle terrain (x2 d20; Draw Steel: difficult)."""
    POOR_VISIBILITY = 4
    """Poor visibility (x2 d20)."""
    HELPLESS_OBSTACLE = 8
    """A helpless creature of huge size or more: an obstacle (x2, seed 004 line 116)."""
    SQUEEZE_W = 16
    """A square at least half but less than the mover's width (x2, -4/-4)."""
    SQUEEZE_H = 32
    """A square at least half but less than the mover's height (x2, -4/-4)."""
    CRAWL = 64
    """A square a quarter of the mover's height: prone crawl, 5 ft per move."""
    CORRIDOR = 128
    """A large-or-bigger mover squeezing through a corridor half its width (x2, -4/-4)."""
    ALLY = 256
    """An ally's space (passed freely; not while charging)."""
    ENEMY = 512
    """An enemy's space passed (Draw Steel: difficult terrain)."""
    PASS_OCCUPIED = 1024
    """An enemy passed by a tiny mover or across three size categories (provokes)."""
    HAZARDOUS = 2048
    """Hazardous terrain (Draw Steel: no shifting into it)."""
    HELPLESS = 4096
    """A helpless creature's space, passed freely."""
    SQUEEZE_PAST = 8192
    """An enemy's square squeezed past (seed 004 line 171; switch ``squeeze_past``): x2, -4/-4."""
    COLUMNS = 16384
    """With `CORRIDOR`: the squeezed space lies along the columns (side rows x k columns), not
    along the rows (k rows x side columns); `squeezed_space` lists its squares."""


# Plain-int copies of the members for the vectorised hot path (enum access is slow).
NOTE_DIFFICULT = int(Note.DIFFICULT)
NOTE_OBSTACLE = int(Note.OBSTACLE)
NOTE_POOR_VISIBILITY = int(Note.POOR_VISIBILITY)
NOTE_HELPLESS_OBSTACLE = int(Note.HELPLESS_OBSTACLE)
NOTE_SQUEEZE_W = int(Note.SQUEEZE_W)
NOTE_SQUEEZE_H = int(Note.SQUEEZE_H)
NOTE_CRAWL = int(Note.CRAWL)
NOTE_CORRIDOR = int(Note.CORRIDOR)
NOTE_ALLY = int(Note.ALLY)
NOTE_ENEMY = int(Note.ENEMY)
NOTE_PASS_OCCUPIED = int(Note.PASS_OCCUPIED)
NOTE_HAZARDOUS = int(Note.HAZARDOUS)
NOTE_HELPLESS = int(Note.HELPLESS)
NOTE_SQUEEZE_PAST = int(Note.SQUEEZE_PAST)
NOTE_COLUMNS = int(Note.COLUMNS)
BLOCK_OK = int(Block.OK)
BLOCK_ENEMY = int(Block.ENEMY)
BLOCK_TOO_NARROW = int(Block.TOO_NARROW)
BLOCK_IMPASSABLE = int(Block.IMPASSABLE)
BLOCK_WALL = int(Block.WALL)
BLOCK_OUT = int(Block.OUT)
END_OK = int(End.OK)
END_OBSTACLE = int(End.OBSTACLE)
END_OCCUPIED = int(End.OCCUPIED)


def squeezed_space(at: Square, side: int, notes: int) -> list[Square] | None:
    """Return the squares a mover of `side` squeezed into a narrowed space at `at` occupies.

    A space narrowed by walls (`Note.CORRIDOR`, RULES 1.5) keeps its top-left square `at` and
    is ceil(side/2) squares across: k rows x side columns, or side rows x k columns when
    `Note.COLUMNS` is set. None when the position is not a narrowed space (the mover then
    occupies its whole side x side space). Row by row, as the page draws them.

    >>> squeezed_space((4, 1), 2, int(Note.CORRIDOR))
    [(4, 1), (5, 1)]
    >>> squeezed_space((4, 1), 3, int(Note.CORRIDOR | Note.COLUMNS))
    [(4, 1), (5, 1), (4, 2), (5, 2), (4, 3), (5, 3)]
    >>> squeezed_space((4, 1), 2, 0) is None
    True
    """
    if side < 2 or not notes & NOTE_CORRIDOR:
        return None
    k = (side + 1) // 2
    rows, cols = (side, k) if notes & NOTE_COLUMNS else (k, side)
    x, y = at
    return [(x + dx, y + dy) for dy in range(rows) for dx in range(cols)]
