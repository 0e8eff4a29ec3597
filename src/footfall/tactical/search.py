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

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

import numba
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


#: Exit bits that would leave the map through each edge (directions with dy = -1, dx = +1, ...).
_EDGE_NAMES = ("north", "east", "south", "west")
_EDGE_BITS = (0b10000011, 0b00001110, 0b00111000, 0b11100000)

#: A search source: ``(x, y, state, initial_cost)``.
Source = tuple[int, int, int, int]


def _validated(
    graph: StepGraph, sources: Sequence[Source]
) -> tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.uint8],
    npt.NDArray[np.int32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
]:
    """Check `graph` and `sources` for consistency and return contiguous arrays of fixed dtype.

    A malformed graph is a bug in the policy that built it, not user input, so it raises
    `ValueError` naming the offending array or source.
    """
    square_class = np.ascontiguousarray(graph.square_class, dtype=np.int16)
    exits = np.ascontiguousarray(graph.exits, dtype=np.uint8)
    cost = np.ascontiguousarray(graph.cost, dtype=np.int32)
    next_state = np.ascontiguousarray(graph.next_state, dtype=np.int8)
    if square_class.ndim != 2 or exits.shape != square_class.shape:
        raise ValueError(
            f"square_class {square_class.shape} and exits {exits.shape} must be the same [H, W]"
        )
    if cost.ndim != 3 or cost.shape[1] != 2 or next_state.shape != cost.shape:
        raise ValueError(
            f"cost {cost.shape} and next_state {next_state.shape} must both be [S, 2, C]"
        )
    n_states, _, n_classes = cost.shape
    if n_states < 1:
        raise ValueError("the rule tables need at least one state")
    if square_class.size and int(square_class.max()) >= n_classes:
        raise ValueError(
            f"square class {int(square_class.max())} has no column in cost (C = {n_classes})"
        )
    allowed = cost >= 0
    if allowed.any():
        used = next_state[allowed]
        if int(used.min()) < 0 or int(used.max()) >= n_states:
            raise ValueError(f"next_state holds a state outside 0..{n_states - 1}")
    height, width = square_class.shape
    edges = (exits[0, :], exits[:, -1], exits[-1, :], exits[:, 0]) if exits.size else ()
    for name, line, bits in zip(
        ("north", "east", "south", "west"), edges, _EDGE_BITS, strict=False
    ):
        if (line & np.uint8(bits)).any():
            raise ValueError(f"exits lead off the {name} edge of the map")
    rows = np.asarray(sources, dtype=np.int64).reshape(-1, 4)
    for x, y, state, start in rows.tolist():
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"source square ({x}, {y}) is off the {width}x{height} map")
        if not 0 <= state < n_states:
            raise ValueError(f"source state {state} is outside 0..{n_states - 1}")
        if start < 0:
            raise ValueError(f"source cost {start} is negative")
    return square_class, exits, cost, next_state, rows


def _reference_search(
    graph: StepGraph,
    sources: Sequence[Source],
    budget: int,
    *,
    target: tuple[int, int] | None = None,
) -> SearchResult:
    """Search with a binary heap in plain Python: the slow, obviously correct oracle.

    Same contract as `search`; the tests compare the fast kernel against it.
    """
    square_class, exits, cost, next_state, rows = _validated(graph, sources)
    n_states = cost.shape[0]
    height, width = square_class.shape
    budget = min(budget, INF - 1)
    dist = np.full((n_states, height, width), INF, dtype=np.int32)
    parent = np.full((n_states, height, width), -1, dtype=np.int32)
    if budget < 0:
        return SearchResult(dist=dist, parent=parent)
    best: dict[int, int] = {}
    heap: list[tuple[int, int]] = []
    for x, y, state, start in rows.tolist():
        index = (state * height + y) * width + x
        if start <= budget and start < best.get(index, INF):
            best[index] = start
            heapq.heappush(heap, (start, index))
    from_parent: dict[int, int] = {}
    settled: set[int] = set()
    target_left = n_states if target is not None else -1
    target_best = INF
    flat_dist = dist.reshape(-1)
    flat_parent = parent.reshape(-1)
    while heap:
        here, index = heapq.heappop(heap)
        if index in settled or here != best[index]:
            continue
        if here > target_best:
            break
        settled.add(index)
        flat_dist[index] = here
        flat_parent[index] = from_parent.get(index, -1)
        state, rest = divmod(index, height * width)
        y, x = divmod(rest, width)
        if target is not None and (x, y) == target:
            target_best = min(target_best, here)
            target_left -= 1
            if target_left == 0:
                break
        mask = int(exits[y, x])
        for direction, (dx, dy) in enumerate(DIRECTIONS):
            if not mask >> direction & 1:
                continue
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height):
                continue
            klass = int(square_class[ny, nx])
            if klass < 0:
                continue
            kind = direction & 1
            step = int(cost[state, kind, klass])
            if step < 0:
                continue
            there = here + step
            if there > budget:
                continue
            nindex = (int(next_state[state, kind, klass]) * height + ny) * width + nx
            if nindex not in settled and there < best.get(nindex, INF):
                best[nindex] = there
                from_parent[nindex] = index
                heapq.heappush(heap, (there, nindex))
    return SearchResult(dist=dist, parent=parent)


@numba.njit(cache=True, nogil=True)
def _dial(
    square_class: npt.NDArray[np.int16],
    exits: npt.NDArray[np.uint8],
    cost: npt.NDArray[np.int32],
    next_state: npt.NDArray[np.int8],
    n_classes: int,
    n_buckets: int,
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    budget: int,
    target_square: int,
    n_states: int,
    width: int,
    dist: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
) -> None:
    """Run Dial's algorithm: circular buckets of intrusive doubly-linked lists over states.

    All arrays are flat. `square_class` and `exits` are ``[H * W]``, `cost` and `next_state`
    ``[S * 2 * C]``, `dist` and `parent` ``[S * H * W]`` (filled with `INF` and -1).
    `source_*` are sorted by cost and lie within the budget; sources enter the queue only when
    the scan reaches their cost, so every queued cost stays within ``n_buckets`` of the scan
    and one ring of ``max step cost + 1`` buckets suffices. `target_square` is ``y * W + x``
    or -1. `exits` never points off the map (checked by the caller), so no bounds test here.
    """
    area = square_class.shape[0]
    size = n_states * area
    nxt = np.empty(size, dtype=np.int32)
    prv = np.empty(size, dtype=np.int32)
    head = np.full(n_buckets, -1, dtype=np.int32)
    delta = np.empty(8, dtype=np.int64)
    delta[0] = -width
    delta[1] = 1 - width
    delta[2] = 1
    delta[3] = 1 + width
    delta[4] = width
    delta[5] = width - 1
    delta[6] = -1
    delta[7] = -1 - width
    queued = 0
    n_sources = source_index.shape[0]
    taken = 0
    target_left = n_states if target_square >= 0 else -1
    target_best = budget + 1
    here = source_cost[0] if n_sources > 0 else 0
    while True:
        while taken < n_sources and source_cost[taken] <= here:
            index = source_index[taken]
            start = source_cost[taken]
            taken += 1
            old = dist[index]
            if start < old:
                if old != INF:  # queued at a worse cost: unlink from its bucket
                    p = prv[index]
                    n = nxt[index]
                    if p >= 0:
                        nxt[p] = n
                    else:
                        head[old % n_buckets] = n
                    if n >= 0:
                        prv[n] = p
                    queued -= 1
                dist[index] = start
                parent[index] = -1
                b = start % n_buckets
                first = head[b]
                nxt[index] = first
                prv[index] = -1
                if first >= 0:
                    prv[first] = index
                head[b] = index
                queued += 1
        if queued == 0:
            if taken >= n_sources:
                break
            here = source_cost[taken]
            continue
        if here > target_best:
            break
        b = here % n_buckets
        index = head[b]
        if index < 0:
            here += 1
            continue
        n = nxt[index]
        head[b] = n
        if n >= 0:
            prv[n] = -1
        queued -= 1
        state = index // area
        square = index - state * area
        if square == target_square:
            if here < target_best:
                target_best = here
            target_left -= 1
            if target_left == 0:
                break
        mask = exits[square]
        row = state * 2 * n_classes
        for d in range(8):
            if not (mask >> d) & 1:
                continue
            there_square = square + delta[d]
            klass = square_class[there_square]
            if klass < 0:
                continue
            slot = row + (d & 1) * n_classes + klass
            step = cost[slot]
            if step < 0:
                continue
            there = here + step
            if there > budget:
                continue
            there_index = next_state[slot] * area + there_square
            old = dist[there_index]
            if there < old:
                if old != INF:
                    p = prv[there_index]
                    n = nxt[there_index]
                    if p >= 0:
                        nxt[p] = n
                    else:
                        head[old % n_buckets] = n
                    if n >= 0:
                        prv[n] = p
                    queued -= 1
                dist[there_index] = there
                parent[there_index] = index
                nb = there % n_buckets
                first = head[nb]
                nxt[there_index] = first
                prv[there_index] = -1
                if first >= 0:
                    prv[first] = there_index
                head[nb] = there_index
                queued += 1
    # Stopped early (target): states still queued hold tentative costs; forget them.
    for b in range(n_buckets):
        index = head[b]
        while index >= 0:
            dist[index] = INF
            parent[index] = -1
            index = nxt[index]


def search(
    graph: StepGraph,
    sources: Sequence[Source],
    budget: int,
    *,
    target: tuple[int, int] | None = None,
) -> SearchResult:
    """Find the least cost of every (state, square) reachable from `sources` within `budget`.

    `sources` are ``(x, y, state, initial_cost)``; several may be given (e.g. the end states of
    the previous leg of a path through waypoints, each with its own cost). A state whose least
    cost exceeds `budget` is not settled: its `dist` is `INF` and its `parent` ``-1``, so every
    finite `dist` is exact. With `target` ``(x, y)`` the search may stop early, once every state
    of that square is settled or the cheapest unsettled state costs more than the cheapest
    settled target state; the target's states and every state cheaper than the target are then
    exact, and all other finite values are exact too (unsettled states are left at `INF`).

    Step costs may be 0.
    """
    square_class, exits, cost, next_state, rows = _validated(graph, sources)
    n_states, _, n_classes = cost.shape
    height, width = square_class.shape
    dist = np.full((n_states, height, width), INF, dtype=np.int32)
    parent = np.full((n_states, height, width), -1, dtype=np.int32)
    budget = min(budget, INF - 1)
    rows = rows[rows[:, 3] <= budget]
    if rows.shape[0] == 0:
        return SearchResult(dist=dist, parent=parent)
    rows = rows[np.argsort(rows[:, 3], kind="stable")]
    source_index = (rows[:, 2] * height + rows[:, 1]) * width + rows[:, 0]
    target_square = -1
    if target is not None:
        tx, ty = target
        if not (0 <= tx < width and 0 <= ty < height):
            raise ValueError(f"target square ({tx}, {ty}) is off the {width}x{height} map")
        target_square = ty * width + tx
    _dial(
        square_class.reshape(-1),
        exits.reshape(-1),
        cost.reshape(-1),
        next_state.reshape(-1),
        n_classes,
        max(int(cost.max()), 0) + 1,
        np.ascontiguousarray(source_index),
        np.ascontiguousarray(rows[:, 3]),
        budget,
        target_square,
        n_states,
        width,
        dist.reshape(-1),
        parent.reshape(-1),
    )
    return SearchResult(dist=dist, parent=parent)
