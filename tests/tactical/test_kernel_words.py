"""The compiled kernel's node words: int32 while every storable cost fits, int64 beyond."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.tactical.search import (
    INF,
    StepGraph,
    _reference_search,
    _search,
)
from helpers.tactical_scenes import edge_exits


def _dear_graph(seed: int, size: int, dear: int) -> StepGraph:
    """A 2-state graph (parity flips on a diagonal) with cheap squares and `dear` ones."""
    rng = np.random.default_rng(seed)
    square_class = rng.integers(-1, 2, size=(size, size)).astype(np.int16)
    cost = np.array([[[1, dear], [1, dear]], [[1, dear], [2, dear]]], dtype=np.int32)
    next_state = np.array([[[0, 0], [1, 1]], [[1, 1], [0, 0]]], dtype=np.int8)
    return StepGraph(square_class, edge_exits(size, size), cost, next_state)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 9), st.sampled_from([3, 2**20, 2**24 + 7]))
def test_wide_costs_take_int64_words(seed: int, size: int, dear: int) -> None:
    """A whole-map search whose costs may not fit beside the parent code in 31 bits (a step of
    2**20 or more, no budget) gives the oracle's costs and the Python kernel's parents."""
    graph = _dear_graph(seed, size, dear)
    sources = [(0, 0, 0, 0), (size - 1, size - 1, 1, 5)]
    slow = _reference_search(graph, sources, INF)
    compiled = _search(graph, sources, INF, None, "compiled")
    python = _search(graph, sources, INF, None, "python")
    np.testing.assert_array_equal(compiled.dist, slow.dist)
    np.testing.assert_array_equal(compiled.parent, python.parent)
    target = (size // 2, size // 2)
    early = _search(graph, sources, INF, target, "compiled")
    np.testing.assert_array_equal(
        early.parent, _search(graph, sources, INF, target, "python").parent
    )
    finite = early.dist != INF
    np.testing.assert_array_equal(early.dist[finite], slow.dist[finite])


def test_costs_near_the_int32_bound() -> None:
    """Costs of 2**27 per step (beyond what an int32 word holds beside its parent code) are
    exact: three dear steps cost 3 * 2**27."""
    dear = 2**27
    square_class = np.ones((1, 4), dtype=np.int16)
    cost = np.array([[[1, dear], [1, dear]]], dtype=np.int32)
    graph = StepGraph(square_class, edge_exits(1, 4), cost, np.zeros_like(cost, np.int8))
    result = _search(graph, [(0, 0, 0, 0)], INF, None, "compiled")
    assert result.dist[0, 0].tolist() == [0, dear, 2 * dear, 3 * dear]
    assert result.parent[0, 0].tolist() == [-1, 0, 1, 2]
