"""The search kernel: least costs over (square, rule state), checked against a plain oracle."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from footfall.tactical.search import (
    DIRECTIONS,
    INF,
    SearchResult,
    StepGraph,
    _reference_search,
    search,
)


def _edge_exits(square_class: npt.NDArray[np.int16]) -> npt.NDArray[np.uint8]:
    """Allow every step that stays on the map (the policy's job; tests build it by hand)."""
    height, width = square_class.shape
    exits = np.zeros((height, width), dtype=np.uint8)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ok = np.zeros((height, width), dtype=bool)
        ok[max(0, -dy) : height - max(0, dy), max(0, -dx) : width - max(0, dx)] = True
        exits[ok] |= np.uint8(1 << d)
    return exits


def _pf1e_tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Build the 5-10-5 tables: state = diagonal parity, class 0 = x1, class 1 = difficult x2.

    Seed 000 (pf1e) and RULES.md 1.2: the 1st, 3rd ... diagonal costs 1 square, the 2nd, 4th
    ... 2; a diagonal into x2 terrain counts as 2 diagonals: 3 squares, parity unchanged.
    """
    cost = np.array([[[1, 2], [1, 3]], [[1, 2], [2, 3]]], dtype=np.int32)
    next_state = np.array([[[0, 0], [1, 0]], [[1, 1], [0, 1]]], dtype=np.int8)
    return cost, next_state


def _pf1e_graph(square_class: npt.NDArray[np.int16]) -> StepGraph:
    cost, next_state = _pf1e_tables()
    return StepGraph(
        square_class=square_class,
        exits=_edge_exits(square_class),
        cost=cost,
        next_state=next_state,
    )


def _best(result: SearchResult) -> npt.NDArray[np.int32]:
    """Least cost per square over all states."""
    return result.dist.min(axis=0)


@pytest.mark.parametrize("engine", [search, _reference_search])
def test_parity_reproduces_5_10_5(engine: object) -> None:
    """Diagonals alternate 1, 2, 1, 2 squares: n diagonals cost n + n // 2 (seed 000)."""
    square_class = np.zeros((8, 8), dtype=np.int16)
    result = engine(_pf1e_graph(square_class), [(0, 0, 0, 0)], 100)  # type: ignore[operator]
    assert [int(_best(result)[n, n]) for n in range(8)] == [0, 1, 3, 4, 6, 7, 9, 10]
    # After one diagonal the parity flips: the square (1, 1) is reached in state 1 only.
    assert result.dist[1, 1, 1] == 1
    assert result.dist[0, 1, 1] > 1
