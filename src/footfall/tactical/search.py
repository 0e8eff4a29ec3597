"""The search kernel: least-cost search over (square, rule state) on an 8-neighbour grid.

The kernel knows no game. A system's policy turns a scene and a mover into a `StepGraph`:
for each square a *class* id (what entering it costs) and a bitmask of the directions in which
a step may leave it; and two small tables giving, for a rule state ``s``, a step kind (0 =
orthogonal, 1 = diagonal) and the entered square's class ``c``, the step's integer cost and the
rule state after it. Rule state is whatever a stateful rule must remember, e.g. the parity of
diagonals taken under the 5-10-5 rule (state 0 = next diagonal is the 1st/3rd/..., state 1 =
next is the 2nd/4th/...).

Directions, as ``(dx, dy)``, numbered 0..7: N(0,-1), NE(1,-1), E(1,0), SE(1,1), S(0,1),
SW(-1,1), W(-1,0), NW(-1,-1). Even numbers are orthogonal, odd diagonal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["DIRECTIONS", "INF", "SearchResult", "StepGraph", "search"]

#: ``(dx, dy)`` of direction d = 0..7 (N, NE, E, SE, S, SW, W, NW).
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

#: Distance of a state the search did not reach.
INF = np.iinfo(np.int32).max


@dataclass(frozen=True, slots=True)
class StepGraph:
    """Which steps exist and what they cost, as arrays (python-tcod's *graph* idea).

    - `square_class`: int16 ``[H, W]``; class id of each square, ``-1`` = cannot be entered.
    - `exits`: uint8 ``[H, W]``; bit ``d`` set = a step in direction ``d`` may leave this
      square (walls, corners and the map edge already applied by the policy).
    - `cost`: int32 ``[S, 2, C]``; cost of a step of kind k (0 orthogonal, 1 diagonal) from
      rule state s into a square of class c; a negative value forbids that step.
    - `next_state`: int8 ``[S, 2, C]``; rule state after that step.
    """

    square_class: npt.NDArray[np.int16]
    exits: npt.NDArray[np.uint8]
    cost: npt.NDArray[np.int32]
    next_state: npt.NDArray[np.int8]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Least costs and a shortest-path tree over states.

    - `dist`: int32 ``[S, H, W]``; least cost to reach (square, state); `INF` if not reached
      within the budget.
    - `parent`: int32 ``[S, H, W]``; flat index ``(s * H + y) * W + x`` of the predecessor
      state on one cheapest path, ``-1`` for sources and unreached states.
    """

    dist: npt.NDArray[np.int32]
    parent: npt.NDArray[np.int32]
