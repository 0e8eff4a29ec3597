"""The route search of large maps: numpy arrays and the tactical search kernel.

`footfall.route` runs a map of more than `footfall.route.LIST_STATES` search states here (the
compiled kernel when it is loaded, as `footfall.tactical.search.search` decides) and a
smaller one on plain lists (`footfall.route_lists`, the same interface and the same route).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from footfall.tactical.search import INF, SearchResult, StepGraph, search

if TYPE_CHECKING:
    from footfall.route import TerrainMap

__all__ = ["cell_classes", "class_at", "route_states"]

#: Direction bits of the kernel (N, NE, E, SE, S, SW, W, NW = 0..7).
_ORTHOGONAL = 0b01010101
_ALL = 0xFF
_HEX_EVEN = 0b11110101  # N, E, S, SW, W, NW
_HEX_ODD = 0b01011111  # N, NE, E, SE, S, W


def cell_classes(terrain_map: TerrainMap, codes: Mapping[str, int]) -> npt.NDArray[np.int16]:
    """Return the class id of every cell (-1 impassable), vectorised over the symbols.

    An ASCII map (the usual one) is one table look-up per cell over its bytes; any other map
    compares its code points with each symbol in turn (the same classes, issue 15 item 5).
    """
    shape = (terrain_map.height, terrain_map.width)
    joined = "".join(terrain_map.rows)
    if joined.isascii():
        table = np.full(128, -1, dtype=np.int16)
        for symbol, code in codes.items():
            if symbol.isascii():
                table[ord(symbol)] = code
        return table[np.frombuffer(joined.encode("ascii"), dtype=np.uint8)].reshape(shape)
    points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).reshape(shape)
    classes = np.full(points.shape, -1, dtype=np.int16)
    for symbol, code in codes.items():
        classes[points == ord(symbol)] = code
    return classes


def class_at(classes: npt.NDArray[np.int16], width: int, x: int, y: int) -> int:
    """Return the class of cell ``(x, y)`` (`width` is the map's, for the lists' interface)."""
    return int(classes[y, x])


def _exits(terrain_map: TerrainMap, hexes: bool, diagonals: bool) -> npt.NDArray[np.uint8]:
    """Return each cell's allowed step directions (neighbourhood and map edge)."""
    height, width = terrain_map.height, terrain_map.width
    exits = np.empty((height, width), dtype=np.uint8)
    if hexes:
        exits[0::2, :] = _HEX_EVEN
        exits[1::2, :] = _HEX_ODD
    elif not diagonals:
        exits[:, :] = _ORTHOGONAL
    else:
        exits[:, :] = _ALL
    # Clear the steps that would leave the map: N side (NW, N, NE), S, W, E.
    exits[0, :] &= np.uint8(~0b10000011 & 0xFF)
    exits[-1, :] &= np.uint8(~0b00111000 & 0xFF)
    exits[:, 0] &= np.uint8(~0b11100000 & 0xFF)
    exits[:, -1] &= np.uint8(~0b00001110 & 0xFF)
    return exits


def route_states(
    terrain_map: TerrainMap,
    classes: npt.NDArray[np.int16],
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
    graph = StepGraph(
        square_class=classes,
        exits=_exits(terrain_map, *neighbours),
        cost=np.array(cost, dtype=np.int32),
        next_state=np.array(next_state, dtype=np.int8),
    )
    result = search(graph, [(start[0], start[1], 0, 0)], INF - 1, target=goal)
    gx, gy = goal
    best_state = int(np.argmin(result.dist[:, gy, gx]))
    best = int(result.dist[best_state, gy, gx])
    if best >= INF:
        return [], int(INF)
    return _walk_back(result, best_state, goal, terrain_map), best


def _walk_back(
    result: SearchResult, state: int, goal: tuple[int, int], terrain_map: TerrainMap
) -> list[tuple[int, int, int]]:
    """Return the route's cells from start to `goal`: ``(x, y, parity state)`` each."""
    height, width = terrain_map.height, terrain_map.width
    states: list[tuple[int, int, int]] = []
    gx, gy = goal
    index = (state * height + gy) * width + gx
    flat_parent = result.parent.reshape(-1)
    while index >= 0:
        s, rest = divmod(index, height * width)
        y, x = divmod(rest, width)
        states.append((x, y, s))
        index = int(flat_parent[index])
    states.reverse()
    return states
