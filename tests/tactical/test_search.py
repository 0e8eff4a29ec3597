"""The search kernel: least costs over (square, rule state), checked against a plain oracle."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.tactical.search import (
    DIRECTIONS,
    INF,
    SearchResult,
    StepGraph,
    _reference_search,
    _search,
    search,
)
from helpers.tactical_scenes import edge_exits

Source = tuple[int, int, int, int]
Engine = Callable[..., SearchResult]


def _compiled(
    graph: StepGraph,
    sources: Sequence[Source],
    budget: int,
    *,
    target: tuple[int, int] | None = None,
) -> SearchResult:
    """Search on the numba kernel."""
    return _search(graph, sources, budget, target, "compiled")


def _python(
    graph: StepGraph,
    sources: Sequence[Source],
    budget: int,
    *,
    target: tuple[int, int] | None = None,
) -> SearchResult:
    """Search on the plain-Python Dial kernel."""
    return _search(graph, sources, budget, target, "python")


ENGINES = [
    pytest.param(_compiled, id="compiled"),
    pytest.param(_python, id="python"),
    pytest.param(_reference_search, id="reference"),
    pytest.param(search, id="auto"),
]
FAST = [pytest.param(_compiled, id="compiled"), pytest.param(_python, id="python")]


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
    height, width = square_class.shape
    return StepGraph(
        square_class=square_class,
        exits=edge_exits(height, width),
        cost=cost,
        next_state=next_state,
    )


def _best(result: SearchResult) -> npt.NDArray[np.int32]:
    """Least cost per square over all states."""
    return result.dist.min(axis=0)


def _step_cost(graph: StepGraph, frm: int, to: int) -> int | None:
    """Cost of the single step from flat state `frm` to flat state `to`, None if no such step."""
    height, width = graph.square_class.shape
    s, rest = divmod(frm, height * width)
    y, x = divmod(rest, width)
    t, rest = divmod(to, height * width)
    ty, tx = divmod(rest, width)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        if (x + dx, y + dy) != (tx, ty) or not int(graph.exits[y, x]) >> d & 1:
            continue
        klass = int(graph.square_class[ty, tx])
        if klass < 0:
            return None
        step = int(graph.cost[s, d & 1, klass])
        if step >= 0 and int(graph.next_state[s, d & 1, klass]) == t:
            return step
    return None


def _assert_tree(graph: StepGraph, sources: Sequence[Source], r: SearchResult) -> None:
    """Assert every finite state's parent chain is a legal path whose step costs sum to dist."""
    height, width = graph.square_class.shape
    starts: dict[int, int] = {}
    for x, y, s, c in sources:
        index = (s * height + y) * width + x
        starts[index] = min(c, starts.get(index, INF))
    dist = r.dist.reshape(-1)
    parent = r.parent.reshape(-1)
    for index in np.flatnonzero(dist != INF).tolist():
        total = 0
        here = index
        for _ in range(dist.size + 1):
            up = int(parent[here])
            if up < 0:
                break
            step = _step_cost(graph, up, here)
            assert step is not None, f"parent {up} -> {here} is not a legal step"
            total += step
            here = up
        assert parent[here] == -1, "parent chain does not end"
        assert here in starts, f"chain of {index} ends at {here}, not a source"
        assert starts[here] + total == dist[index]
    assert (r.parent.reshape(-1)[dist == INF] == -1).all()


@st.composite
def _graphs(draw: st.DrawFn) -> tuple[StepGraph, list[Source], int]:
    """Draw a small random step graph (costs 0..4, forbidden steps, blocked squares, exits)."""
    height = draw(st.integers(1, 7))
    width = draw(st.integers(1, 7))
    n_states = draw(st.integers(1, 3))
    n_classes = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    square_class = rng.integers(-1, n_classes, size=(height, width)).astype(np.int16)
    exits = (rng.integers(0, 256, size=(height, width)) & edge_exits(height, width)).astype(
        np.uint8
    )
    # Small costs, or a wide spread (e.g. pf1e hampering x2 per factor, up to 2**15) where
    # the bucket ring is wide and many steps cost more than the budget.
    wide = draw(st.booleans())
    values = [-1, 0, 1, 2, 3, 17, 64, 1000, 49152] if wide else [-1, 0, 1, 2, 3, 4]
    cost = rng.choice(values, size=(n_states, 2, n_classes)).astype(np.int32)
    next_state = rng.integers(0, n_states, size=(n_states, 2, n_classes)).astype(np.int8)
    n_sources = draw(st.integers(1, 3))
    sources = [
        (
            int(rng.integers(0, width)),
            int(rng.integers(0, height)),
            int(rng.integers(0, n_states)),
            int(rng.integers(0, 6)),
        )
        for _ in range(n_sources)
    ]
    budget = draw(st.integers(0, 3000 if wide else 30))
    return StepGraph(square_class, exits, cost, next_state), sources, budget


@settings(max_examples=150, deadline=None)
@given(_graphs())
def test_kernels_match_reference(case: tuple[StepGraph, list[Source], int]) -> None:
    """Both Dial kernels find the oracle's least costs, and the very same parent tree."""
    graph, sources, budget = case
    slow = _reference_search(graph, sources, budget)
    _assert_tree(graph, sources, slow)
    compiled = _compiled(graph, sources, budget)
    python = _python(graph, sources, budget)
    for fast in (compiled, python):
        np.testing.assert_array_equal(fast.dist, slow.dist)
        _assert_tree(graph, sources, fast)
    # Same pop order in both Dial kernels: the same cheapest path, whichever `search` uses.
    np.testing.assert_array_equal(compiled.parent, python.parent)


@settings(max_examples=100, deadline=None)
@given(_graphs(), st.data())
def test_target_stop_is_exact(
    case: tuple[StepGraph, list[Source], int], data: st.DataObject
) -> None:
    """With a target, every finite cost is exact and the target and all cheaper states are found."""
    graph, sources, budget = case
    height, width = graph.square_class.shape
    target = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    full = _reference_search(graph, sources, budget)
    best_target = int(full.dist[:, target[1], target[0]].min())
    parents = []
    for engine in (_compiled, _python, _reference_search):
        early = engine(graph, sources, budget, target=target)
        parents.append(early.parent)
        finite = early.dist != INF
        np.testing.assert_array_equal(early.dist[finite], full.dist[finite])
        np.testing.assert_array_equal(early.dist[:, target[1], target[0]].min(), best_target)
        assert finite[full.dist < best_target].all()
        _assert_tree(graph, sources, early)
    np.testing.assert_array_equal(parents[0], parents[1])


@settings(max_examples=100, deadline=None)
@given(_graphs(), st.integers(0, 30))
def test_budget_bound_is_exact(case: tuple[StepGraph, list[Source], int], smaller: int) -> None:
    """A state of least cost <= budget is found at that cost; every costlier state stays INF."""
    graph, sources, _ = case
    unbounded = _reference_search(graph, sources, INF)
    within = unbounded.dist <= smaller
    for engine in (_compiled, _python):
        bounded = engine(graph, sources, smaller)
        np.testing.assert_array_equal(bounded.dist[within], unbounded.dist[within])
        assert (bounded.dist[~within] == INF).all()


@pytest.mark.parametrize("engine", ENGINES)
def test_parity_reproduces_5_10_5(engine: Engine) -> None:
    """Diagonals alternate 1, 2, 1, 2 squares: n diagonals cost n + n // 2 (seed 000)."""
    square_class = np.zeros((8, 8), dtype=np.int16)
    result = engine(_pf1e_graph(square_class), [(0, 0, 0, 0)], 100)
    assert [int(_best(result)[n, n]) for n in range(8)] == [0, 1, 3, 4, 6, 7, 9, 10]
    # After one diagonal the parity flips: (1, 1) costs 1 in state 1; in state 0 it takes
    # two orthogonal steps.
    assert result.dist[1, 1, 1] == 1
    assert result.dist[0, 1, 1] == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_difficult_diagonal_keeps_parity(engine: Engine) -> None:
    """A diagonal into x2 terrain costs 3 squares and leaves the parity as it was (seed 004)."""
    # Only the diagonal (0, 0) -> (1, 1) -> (2, 2) is open; (1, 1) is difficult.
    square_class = np.array([[0, -1, 0], [-1, 1, -1], [0, -1, 0]], dtype=np.int16)
    result = engine(_pf1e_graph(square_class), [(0, 0, 0, 0)], 100)
    assert result.dist[0, 1, 1] == 3
    # The next, ordinary diagonal is then the 1st of the count again: 3 + 1, parity flips.
    assert result.dist[1, 2, 2] == 4
    # Back into the difficult square from parity 1: 3 more, parity stays 1; then on: 2 more.
    assert result.dist[1, 1, 1] == 4 + 3
    assert result.dist[0, 2, 2] == 4 + 3 + 2
    # Started in parity 1 (a diagonal already taken), the difficult diagonal still costs 3.
    again = engine(_pf1e_graph(square_class), [(0, 0, 1, 0)], 100)
    assert again.dist[1, 1, 1] == 3
    assert again.dist[0, 2, 2] == 3 + 2


@pytest.mark.parametrize("engine", ENGINES)
def test_sources_carry_parity_and_cost(engine: Engine) -> None:
    """Several sources with their own state and cost: the cheapest continuation wins."""
    graph = _pf1e_graph(np.zeros((4, 4), dtype=np.int16))
    # Leg end reached at cost 7 in parity 1 (next diagonal costs 2) or cost 8 in parity 0.
    result = engine(graph, [(0, 0, 1, 7), (0, 0, 0, 8)], 100)
    assert result.dist[0, 1, 1] == 9  # 7 + 2, parity back to 0
    assert result.dist[1, 1, 1] == 9  # 8 + 1, parity now 1
    assert int(_best(result)[3, 3]) == 7 + 2 + 1 + 2  # 2, 1, 2 from parity 1
    assert result.parent[1, 0, 0] == -1
    assert result.dist[1, 0, 0] == 7


@pytest.mark.parametrize("engine", ENGINES)
def test_blocked_exits_and_class_minus_one(engine: Engine) -> None:
    """A cleared exit bit forbids that step; a class -1 square is never entered."""
    square_class = np.zeros((3, 3), dtype=np.int16)
    square_class[1, 1] = -1
    graph = _pf1e_graph(square_class)
    exits = graph.exits.copy()
    exits[0, 0] &= np.uint8(~(1 << 2) & 0xFF)  # no step E out of (0, 0)
    graph = StepGraph(square_class, exits, graph.cost, graph.next_state)
    result = engine(graph, [(0, 0, 0, 0)], 100)
    assert (result.dist[:, 1, 1] == INF).all()
    # (1, 0) must be reached round the blocked centre: S, S, E, E, N, N, W ... or via (0, 1)
    # then NE: 1 + 1 = 2.
    assert int(_best(result)[0, 1]) == 2
    assert result.dist[1, 0, 1] == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_zero_cost_steps(engine: Engine) -> None:
    """Steps of cost 0 are followed, also in cycles, and keep the costs exact."""
    square_class = np.array([[0, 0, 1, 0]], dtype=np.int16)
    cost = np.array([[[0, 3]] * 2], dtype=np.int32)
    next_state = np.zeros((1, 2, 2), dtype=np.int8)
    graph = StepGraph(square_class, edge_exits(1, 4), cost, next_state)
    result = engine(graph, [(0, 0, 0, 0)], 10)
    assert result.dist[0, 0].tolist() == [0, 0, 3, 3]


@pytest.mark.parametrize("engine", ENGINES)
def test_budget_and_far_sources(engine: Engine) -> None:
    """Costs above the budget stay INF; a source above the budget is ignored."""
    graph = _pf1e_graph(np.zeros((1, 6), dtype=np.int16))
    result = engine(graph, [(0, 0, 0, 0), (5, 0, 0, 50)], 3)
    assert result.dist[0, 0].tolist() == [0, 1, 2, 3, INF, INF]
    assert result.parent[0, 0, 4] == -1


@pytest.mark.parametrize("engine", FAST)
def test_sources_far_apart_in_cost(engine: Engine) -> None:
    """Sources whose costs differ by more than the bucket ring still give exact costs."""
    graph = _pf1e_graph(np.zeros((1, 8), dtype=np.int16))
    result = engine(graph, [(7, 0, 0, 40), (0, 0, 0, 0)], 100)
    assert result.dist[0, 0].tolist() == [0, 1, 2, 3, 4, 5, 6, 7]
    result = engine(graph, [(7, 0, 0, 3), (0, 0, 0, 30)], 100)
    assert result.dist[0, 0].tolist() == [10, 9, 8, 7, 6, 5, 4, 3]


def test_rejects_malformed_graphs() -> None:
    """A graph whose exits leave the map, or a source off the map, is refused with ValueError."""
    graph = _pf1e_graph(np.zeros((2, 2), dtype=np.int16))
    bad = StepGraph(
        graph.square_class, np.full((2, 2), 255, np.uint8), graph.cost, graph.next_state
    )
    with pytest.raises(ValueError, match="off the north edge"):
        search(bad, [(0, 0, 0, 0)], 5)
    with pytest.raises(ValueError, match=r"source square \(2, 0\) is off the 2x2 map"):
        search(graph, [(2, 0, 0, 0)], 5)
    with pytest.raises(ValueError, match="source state 2"):
        search(graph, [(0, 0, 2, 0)], 5)
    wrong = StepGraph(graph.square_class + 2, graph.exits, graph.cost, graph.next_state)
    with pytest.raises(ValueError, match="square class 2 has no column"):
        search(wrong, [(0, 0, 0, 0)], 5)


def test_small_search_in_a_fresh_process_does_not_load_numba() -> None:
    """A one-shot command's small search runs in Python: numba is never imported (start-up)."""
    code = (
        "import sys, numpy as np\n"
        "from footfall.tactical.search import StepGraph, search\n"
        "g = StepGraph(np.zeros((20, 20), np.int16), np.zeros((20, 20), np.uint8),\n"
        "              np.ones((2, 2, 1), np.int32), np.zeros((2, 2, 1), np.int8))\n"
        "assert search(g, [(3, 3, 0, 0)], 12).dist[0, 3, 3] == 0\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("engine", ENGINES)
def test_source_may_stand_on_a_closed_square(engine: Engine) -> None:
    """A source on a class -1 square leaves it, but no step ever re-enters it."""
    square_class = np.array([[0, -1, 0]], dtype=np.int16)
    result = engine(_pf1e_graph(square_class), [(1, 0, 0, 0)], 10)
    assert result.dist[0, 0].tolist() == [1, 0, 1]
    assert result.parent[0, 0].tolist() == [1, -1, 1]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plain_model_agrees_with_tcod_and_skimage(seed: int) -> None:
    """On the model the peers share (a step costs the entered square), all give one answer."""
    # Imported here, not at the top: only this test needs them (test extras), and they are slow
    # to import.
    import skimage.graph as skimage_graph
    import tcod.path as tcod_path

    draw = np.random.default_rng(seed).random((30, 40))
    square_class = np.where(draw < 0.7, 0, np.where(draw < 0.9, 1, -1)).astype(np.int16)
    square_class[15, 20] = 0
    cost = np.array([[[1, 2], [1, 2]]], dtype=np.int32)
    graph = StepGraph(square_class, edge_exits(30, 40), cost, np.zeros_like(cost, np.int8))
    ours = _compiled(graph, [(20, 15, 0, 0)], INF).dist[0].astype(np.int64)
    ours[ours == INF] = -1
    entered = np.choose(square_class + 1, [0, 1, 2]).astype(np.int32)
    theirs = tcod_path.maxarray(entered.shape, dtype=np.int32)
    theirs[15, 20] = 0
    tcod_path.dijkstra2d(theirs, entered, 1, 1, out=theirs)
    np.testing.assert_array_equal(ours, np.where(theirs == INF, -1, theirs))
    mcp_cost = np.choose(square_class + 1, [np.inf, 1.0, 2.0])
    cumulative, _ = skimage_graph.MCP(mcp_cost, fully_connected=True).find_costs([(15, 20)])
    cumulative -= 1.0  # MCP also counts the start square's own cost
    np.testing.assert_array_equal(ours, np.where(np.isinf(cumulative), -1, cumulative))


def test_warm_up_compiles_the_signature_queries_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """After `warm_up` on numba's JIT, no query (read-only frame arrays, writable bench arrays,
    a route, a path through a waypoint) makes the JIT kernel compile another signature (issue
    15, item 7; the kernel compiled ahead of time has that one signature only: test_aot.py)."""
    from footfall.route import find_route, sample_map
    from footfall.scene import load_sample
    from footfall.tactical import _kernel, find_path, reachable, search
    from footfall.tactical.search import ready
    from footfall.travel.traveller import Traveller

    monkeypatch.setattr(search, "_compiled", None)
    monkeypatch.setenv("FOOTFALL_AOT", "0")
    search.warm_up()
    before = list(_kernel.dial.signatures)
    assert len(before) == 1
    bridge = load_sample("pf1e-ogre-bridge")
    reachable(bridge, "ogre")
    find_path(bridge, "ogre", (5, 3), via=[(4, 3)])
    graph = StepGraph(
        np.zeros((6, 7), dtype=np.int16),
        np.zeros((6, 7), dtype=np.uint8),
        np.ones((1, 2, 1), dtype=np.int32),
        np.zeros((1, 2, 1), dtype=np.int8),
    )
    _compiled(graph, [(1, 1, 0, 0)], 4, target=(3, 3))
    _search(ready(graph), [(1, 1, 0, 0), (2, 2, 0, 1)], 4, None, "compiled")
    find_route(sample_map("hexes"), (0, 0), (11, 7), Traveller(speeds=(30,)))
    assert list(_kernel.dial.signatures) == before
