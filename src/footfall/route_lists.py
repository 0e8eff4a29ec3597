"""The route search of small maps on plain Python lists: no numpy to import (start-up).

`footfall.route` runs a map of at most `footfall.route.LIST_STATES` search states here and a
larger one on the tactical kernel's arrays (`footfall.route_arrays`). The search is the
tactical kernel's Dial algorithm, `footfall.dial`, as `footfall.tactical.search` runs it (the same
buckets, stopping rules and last-in-first-out pop order, the same lazy deletion), so it
settles the same states with the same parents: the same route, cell for cell
(tests/travel/test_route_backends.py runs both on random maps). A ``footfall route`` on a
2000-cell map then loads neither numpy nor the grid engine (issue 15 item 5).

Cells are numbered ``y * width + x``, states ``state * height * width + cell``; directions and
exit bits are the kernel's (`footfall.grid.DIRECTIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from footfall.dial import INF, dial

if TYPE_CHECKING:
    from footfall.route import TerrainMap

__all__ = ["INF", "cell_classes", "class_at", "route_states"]


#: Exit bits of a square map (N, NE, E, SE, S, SW, W, NW = bits 0..7) and of odd-r hex rows.
_ORTHOGONAL, _ALL, _HEX_EVEN, _HEX_ODD = 0b01010101, 0xFF, 0b11110101, 0b01011111

#: The bits that would leave the map through the north, south, west and east edges.
_NORTH, _SOUTH, _WEST, _EAST = 0b10000011, 0b00111000, 0b11100000, 0b00001110


def cell_classes(terrain_map: TerrainMap, codes: Mapping[str, int]) -> list[int]:
    """Return every cell's class (its symbol's code, -1 impassable), row after row."""
    return [codes.get(symbol, -1) for row in terrain_map.rows for symbol in row]


def class_at(classes: list[int], width: int, x: int, y: int) -> int:
    """Return the class of cell ``(x, y)``."""
    return classes[y * width + x]


def _exits(terrain_map: TerrainMap, hexes: bool, diagonals: bool) -> list[int]:
    """Return each cell's allowed step directions (neighbourhood and map edge)."""
    width, height = terrain_map.width, terrain_map.height
    exits: list[int] = []
    for y in range(height):
        if hexes:
            base = _HEX_EVEN if y % 2 == 0 else _HEX_ODD
        else:
            base = _ALL if diagonals else _ORTHOGONAL
        if y == 0:
            base &= ~_NORTH & 0xFF
        if y == height - 1:
            base &= ~_SOUTH & 0xFF
        row = [base] * width
        row[0] &= ~_WEST & 0xFF
        row[-1] &= ~_EAST & 0xFF
        exits.extend(row)
    return exits


def route_states(
    terrain_map: TerrainMap,
    classes: list[int],
    tables: tuple[Sequence[Sequence[Sequence[int]]], Sequence[Sequence[Sequence[int]]]],
    start: tuple[int, int],
    goal: tuple[int, int],
    neighbours: tuple[bool, bool],
) -> tuple[list[tuple[int, int, int]], int]:
    """Return the cheapest route's ``(x, y, state)`` cells from `start` to `goal`, and its cost.

    `tables` are the step costs and next states ``[state][kind][class]``; `neighbours` says
    whether the map is hex and whether a square map steps diagonally. No route: ``([], INF)``.
    """
    cost, next_state = tables
    n_states, n_classes = len(cost), len(cost[0][0])
    width, height = terrain_map.width, terrain_map.height
    area = width * height
    flat_cost = [c for per_state in cost for per_kind in per_state for c in per_kind]
    flat_next = [n for per_state in next_state for per_kind in per_state for n in per_kind]
    exits = _exits(terrain_map, *neighbours)
    source = start[1] * width + start[0]
    target = goal[1] * width + goal[0]
    dist, parent = _dial(
        (classes, exits, flat_cost, flat_next), (n_states, n_classes, width, area), source, target
    )
    best_state, best = 0, INF
    for state in range(n_states):  # the first cheapest, as numpy's argmin takes it
        here = dist.get(state * area + target, INF)
        if here < best:
            best_state, best = state, here
    if best == INF:
        return [], INF
    states: list[tuple[int, int, int]] = []
    index = best_state * area + target
    while index >= 0:
        state, cell = divmod(index, area)
        y, x = divmod(cell, width)
        states.append((x, y, state))
        index = parent[index]
    states.reverse()
    return states, best


def _dial(
    graph: tuple[list[int], list[int], list[int], list[int]],
    shape: tuple[int, int, int, int],
    source: int,
    target: int,
) -> tuple[dict[int, int], dict[int, int]]:
    """Dial's algorithm (`footfall.dial`) from `source` (cost 0), whole budget, until every
    state of the cell `target` is settled or dearer than its cheapest: the settled states'
    costs and parents (-1: the source)."""
    dist, parent, settled = dial(graph, shape, [(source, 0)], INF - 1, target)
    return {k: dist[k] for k in settled}, {k: parent[k] for k in settled}
