"""The layered search of `footfall.tactical.placements` compiled by numba (large frames only).

The same Dijkstra as `footfall.tactical.placements._python_search` over ``(layer, rule
state, square)``, on flat arrays: a node is ``(layer * S + state) * H * W + square``, the
layout of the answer. Importing this module imports numba; `footfall.tactical.placements`
imports it only for a search too large for Python (a whole-map miss of a big mover) when
``footfall warm-up`` has not compiled it ahead of time (`footfall.aot.KERNELS` declares the
one signature it is called with: read-only C arrays, int64 scalars).
"""

from __future__ import annotations

import heapq

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["layered_dijkstra"]

#: Distance of a node not reached (`footfall.tactical.search.INF`).
INF = np.iinfo(np.int32).max


@numba.njit(cache=True, nogil=True)
def layered_dijkstra(
    classes: npt.NDArray[np.int16],
    exits: npt.NDArray[np.uint8],
    cost: npt.NDArray[np.int32],
    next_state: npt.NDArray[np.int8],
    n_classes: int,
    n_states: int,
    width: int,
    source_node: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    budget: int,
    goal: int,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Return `dist` and `parent` flat ``[2 S * H * W]`` (`INF`, -1 where not settled).

    `classes` ``[2, H * W]`` (-1: no such placement or blocked), `exits` ``[2, 2, H * W]``
    (from layer a into layer b), `cost` / `next_state` flat ``[S * 2 * C]``.
    """
    area = classes.shape[1]
    total = 2 * n_states * area
    dist = np.full(total, INF, dtype=np.int32)
    parent = np.full(total, -1, dtype=np.int32)
    done = np.zeros(total, dtype=np.bool_)
    delta = np.array(
        [-width, 1 - width, 1, 1 + width, width, width - 1, -1, -1 - width], dtype=np.int64
    )
    heap = [(np.int64(0), np.int64(0))]
    heap.pop()
    for i in range(source_node.shape[0]):
        node = source_node[i]
        start = source_cost[i]
        if start <= budget and start < dist[node]:
            dist[node] = start
            parent[node] = -1
            heapq.heappush(heap, (start, node))
    best_goal = np.int64(INF)
    while len(heap) > 0:
        here, node = heapq.heappop(heap)
        if here != dist[node] or done[node]:
            continue
        if here > best_goal:
            break
        done[node] = True
        layered_state = node // area
        square = node - layered_state * area
        layer = layered_state // n_states
        state = layered_state - layer * n_states
        if square == goal and here < best_goal:
            best_goal = here
        row = state * 2 * n_classes
        for b in range(2):
            mask = exits[layer, b, square]
            if mask == 0:
                continue
            for d in range(8):
                if not (mask >> d) & 1:
                    continue
                there = square + delta[d]
                klass = classes[b, there]
                if klass < 0:
                    continue
                slot = row + (d & 1) * n_classes + klass
                step = cost[slot]
                if step < 0:
                    continue
                reached = here + step
                if reached > budget:
                    continue
                then = (b * n_states + next_state[slot]) * area + there
                if reached < dist[then]:
                    dist[then] = reached
                    parent[then] = node
                    heapq.heappush(heap, (np.int64(reached), np.int64(then)))
    for node in range(total):
        if not done[node]:
            dist[node] = INF
            parent[node] = -1
    return dist, parent
