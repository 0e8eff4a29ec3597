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
Costs are small non-negative integers (0 allowed), so the search is Dial's algorithm: a ring
of cost buckets instead of a binary heap. Two kernels run it with the same pop order and so
give identical results, parents included: `_python_dial` (plain Python, used for small
searches until the compiled kernel is loaded: a one-shot command never pays numba's start-up)
and `footfall.tactical._kernel.dial` (numba, cached machine code). `_reference_search` is a
plain binary-heap Dijkstra kept as the tests' oracle. Choice and measurements:
docs/benchmarks.md.
"""

from __future__ import annotations

import contextlib
import heapq
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from footfall.dial import dial
from footfall.grid import DIRECTIONS

__all__ = [
    "DIRECTIONS",
    "INF",
    "ReadyGraph",
    "SearchResult",
    "Source",
    "StepGraph",
    "compiled_loaded",
    "ready",
    "search",
    "warm_up",
]


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


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Return a read-only view of `array`: the kernels always see read-only inputs.

    numba compiles one machine-code signature per array flag set; giving every caller's
    inputs the same flags means `warm_up` compiles (or loads) exactly the one queries use.
    """
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True, slots=True, eq=False)
class ReadyGraph:
    """A `StepGraph` checked once and flattened for the kernels (read-only arrays).

    `ready(graph)` builds it; `search` accepts it in place of the graph, so a caller that runs
    several searches over one graph (a cached frame, the legs of a path) checks it once.
    """

    square_class: npt.NDArray[np.int16]
    exits: npt.NDArray[np.uint8]
    cost: npt.NDArray[np.int32]
    next_state: npt.NDArray[np.int8]
    n_states: int
    n_classes: int
    height: int
    width: int
    free: bool
    """Whether some step costs 0 (the search may then run the whole map whatever the budget)."""

    def tables(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
        """Return `cost` and `next_state` as ``[S, 2, C]``."""
        shape = (self.n_states, 2, self.n_classes)
        return self.cost.reshape(shape), self.next_state.reshape(shape)


def ready(graph: StepGraph | ReadyGraph) -> ReadyGraph:
    """Check `graph` for consistency and return it flattened for the kernels.

    A malformed graph is a bug in the policy that built it, not user input, so it raises
    `ValueError` naming the offending array.
    """
    if isinstance(graph, ReadyGraph):
        return graph
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
    if exits.size:
        edges = (exits[0, :], exits[:, -1], exits[-1, :], exits[:, 0])
        for name, line, bits in zip(_EDGE_NAMES, edges, _EDGE_BITS, strict=True):
            if (line & np.uint8(bits)).any():
                raise ValueError(f"exits lead off the {name} edge of the map")
    return ReadyGraph(
        square_class=_frozen(square_class.reshape(-1)),
        exits=_frozen(exits.reshape(-1)),
        cost=_frozen(cost.reshape(-1)),
        next_state=_frozen(next_state.reshape(-1)),
        n_states=int(n_states),
        n_classes=int(n_classes),
        height=int(height),
        width=int(width),
        free=bool((cost == 0).any()),
    )


def _source_rows(g: ReadyGraph, sources: Sequence[Source]) -> npt.NDArray[np.int64]:
    """Check `sources` against `g` and return them as int64 rows ``(x, y, state, cost)``."""
    rows = np.asarray(sources, dtype=np.int64).reshape(-1, 4)
    for x, y, state, start in rows.tolist():
        if not (0 <= x < g.width and 0 <= y < g.height):
            raise ValueError(f"source square ({x}, {y}) is off the {g.width}x{g.height} map")
        if not 0 <= state < g.n_states:
            raise ValueError(f"source state {state} is outside 0..{g.n_states - 1}")
        if start < 0:
            raise ValueError(f"source cost {start} is negative")
    return rows


def _validated(
    graph: StepGraph, sources: Sequence[Source]
) -> tuple[
    npt.NDArray[np.int16],
    npt.NDArray[np.uint8],
    npt.NDArray[np.int32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
]:
    """Check `graph` and `sources` and return ``[H, W]`` / ``[S, 2, C]`` arrays and the rows."""
    g = ready(graph)
    cost, next_state = g.tables()
    shape = (g.height, g.width)
    rows = _source_rows(g, sources)
    return g.square_class.reshape(shape), g.exits.reshape(shape), cost, next_state, rows


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


class _Prepared:
    """Validated, flat inputs shared by the Python and the compiled kernels."""

    __slots__ = (
        "cost",
        "dist",
        "exits",
        "height",
        "n_buckets",
        "n_classes",
        "n_states",
        "next_state",
        "parent",
        "shape",
        "source_cost",
        "source_index",
        "square_class",
        "target_square",
        "width",
    )

    def __init__(
        self,
        graph: StepGraph | ReadyGraph,
        sources: Sequence[Source],
        budget: int,
        target: tuple[int, int] | None,
    ) -> None:
        g = ready(graph)
        rows = _source_rows(g, sources)
        self.n_states, self.n_classes = g.n_states, g.n_classes
        self.height, self.width = g.height, g.width
        self.square_class = g.square_class
        self.exits = g.exits
        self.cost = g.cost
        self.next_state = g.next_state
        cost = g.cost
        # A ring of at least (largest step + 1) buckets, rounded up to a power of two so that
        # the kernel takes a cost's bucket with a mask instead of a division. A step dearer
        # than the whole budget is never taken, so it does not widen the ring.
        usable = cost[(cost >= 0) & (cost <= budget)]
        self.n_buckets = 1 << (int(usable.max()) if usable.size else 0).bit_length()
        rows = rows[rows[:, 3] <= budget]
        rows = rows[np.argsort(rows[:, 3], kind="stable")]
        self.source_index = _frozen(
            np.ascontiguousarray((rows[:, 2] * self.height + rows[:, 1]) * self.width + rows[:, 0])
        )
        self.source_cost = _frozen(np.ascontiguousarray(rows[:, 3]))
        self.target_square = -1
        if target is not None:
            tx, ty = target
            if not (0 <= tx < self.width and 0 <= ty < self.height):
                raise ValueError(
                    f"target square ({tx}, {ty}) is off the {self.width}x{self.height} map"
                )
            self.target_square = ty * self.width + tx
        self.shape = (self.n_states, self.height, self.width)
        self.dist = self.parent = np.empty(0, dtype=np.int32)  # the kernel run fills them

    def blank(self) -> None:
        """Allocate the answer with nothing reached (the Python kernel fills it in place)."""
        self.dist = np.full(self.shape, INF, dtype=np.int32)
        self.parent = np.full(self.shape, -1, dtype=np.int32)

    def result(self) -> SearchResult:
        """Wrap the (filled) result arrays."""
        return SearchResult(dist=self.dist, parent=self.parent)


def _python_dial(job: _Prepared, budget: int) -> None:
    """Run Dial's algorithm in plain Python on lists (`footfall.dial`): the kernel for small
    searches. On a few thousand states this beats loading numba by far."""
    graph = (
        job.square_class.tolist(),
        job.exits.tolist(),
        job.cost.tolist(),
        job.next_state.tolist(),
    )
    shape = (job.n_states, job.n_classes, job.width, job.height * job.width)
    sources = list(zip(job.source_index.tolist(), job.source_cost.tolist(), strict=True))
    dist, parent, settled = dial(graph, shape, sources, budget, job.target_square)
    if settled:
        keys = np.fromiter(settled, dtype=np.int64, count=len(settled))
        flat_dist = job.dist.reshape(-1)
        flat_parent = job.parent.reshape(-1)
        flat_dist[keys] = [dist[key] for key in settled]
        flat_parent[keys] = [parent[key] for key in settled]


#: Problems up to this many states (``S * H * W``, capped by the budget's reach) run in
#: Python until the compiled kernel is loaded. Measured (docs/benchmarks.md): the Python
#: kernel takes 5-10 us per settled state, so at most ~0.2-0.4 s here; loading the compiled
#: one costs 0.6-0.9 s once per process on a quiet machine (numba's own start-up).
_SMALL_STATES = 40_000

#: Seconds the Python kernel may spend in one process before the compiled one is loaded
#: (ski rental: pay the load once the Python path has cost as much as the load would).
_LOAD_SECONDS = 0.5

_python_seconds = 0.0
_compiled: Callable[..., Any] | None = None


def compiled_loaded() -> bool:
    """Whether the compiled kernel is loaded in this process (its start-up is paid)."""
    return _compiled is not None


def warm_up() -> None:
    """Load the compiled kernel now, so that every later `search` in this process uses it.

    The kernel compiled ahead of time (`footfall.aot`, built by ``footfall warm-up``) when it
    is built: about a millisecond, numba not imported; else numba's JIT kernel (numba's
    start-up). Long-running processes (the HTTP server, benchmarks) call this once at start.
    """
    if not _ahead_of_time():
        _load_jit()


def _ahead_of_time() -> bool:
    """Load the kernel compiled ahead of time if it is built; whether a compiled kernel is
    loaded. Small searches run in Python only while neither is (loading the JIT one costs
    numba's start-up; this one nearly nothing)."""
    global _compiled
    if _compiled is None:
        from footfall import aot

        found = aot.kernel("dial")
        if found is not None:
            _load(found)
            _compiled = found
    return _compiled is not None


def _load_jit() -> None:
    """Load numba's JIT kernel (import numba, load or compile its cached machine code)."""
    global _compiled
    if _compiled is None:
        with _without_blas_probe():
            from footfall.tactical import _kernel

            _load(_kernel.dial)
        _compiled = _kernel.dial


@contextlib.contextmanager
def _without_blas_probe() -> Iterator[None]:
    """Keep numba's first dispatch from importing scipy.linalg (0.3 s CPU, 15 MB).

    Registering its implementations, numba imports ``numba.np.arraymath``, which probes for
    BLAS by importing ``scipy.linalg.cython_blas`` when scipy is installed. The kernels use no
    BLAS; a ``None`` in ``sys.modules`` makes that import fail fast, and numba then only uses
    its own loop for ``np.correlate``/``np.convolve`` of floats. The entry is removed again, so
    a later ``import scipy.linalg`` (or numba's own ``np.dot``) works as usual. Nothing is
    blocked when scipy.linalg is already loaded or numba already registered its library.
    """
    name = "scipy.linalg.cython_blas"
    block = name not in sys.modules and "numba.np.arraymath" not in sys.modules
    if block:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if block and sys.modules.get(name, 0) is None:
            del sys.modules[name]


def _load(kernel: Callable[..., Any]) -> None:
    """Run `kernel` once on a two-square map: numba loads (or compiles) its machine code."""
    sample = StepGraph(
        square_class=np.zeros((1, 2), dtype=np.int16),
        exits=np.array([[4, 64]], dtype=np.uint8),
        cost=np.ones((1, 2, 1), dtype=np.int32),
        next_state=np.zeros((1, 2, 1), dtype=np.int8),
    )
    job = _Prepared(sample, [(0, 0, 0, 0)], 5, None)
    _run_compiled(kernel, job, 5)


def _run_compiled(
    kernel: Callable[..., tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]],
    job: _Prepared,
    budget: int,
) -> None:
    """Run the compiled `kernel` on `job`; its answer replaces the job's `dist` and `parent`.

    The kernel's work array (a word per state) is allocated here: numpy asks Linux for huge
    pages for an array this large (numba's own allocations get none), which makes a
    2000x2000 search about a sixth faster (docs/benchmarks.md, grid2).
    """
    book = np.empty(job.n_states * job.height * job.width, dtype=np.int32)
    dist, parent = kernel(
        job.square_class,
        job.exits,
        job.cost,
        job.next_state,
        job.n_classes,
        job.n_buckets,
        job.source_index,
        job.source_cost,
        budget,
        job.target_square,
        job.n_states,
        job.width,
        book,
    )
    job.dist, job.parent = dist.reshape(job.shape), parent.reshape(job.shape)


def search(
    graph: StepGraph | ReadyGraph,
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

    A source may stand on a square of class -1 (a square no step may enter). A malformed graph
    (exits leading off the map, a class without a cost column, a next state out of range) or a
    source off the map raises `ValueError`: that is a bug in the policy, not user input.

    Step costs may be 0. Small searches run in Python until the compiled kernel is loaded
    (by `warm_up`, by a large search, or after 0.5 s spent in Python); both kernels give the
    very same `dist` and `parent` (the same cheapest path among equally cheap ones).
    """
    layered = getattr(graph, "search_layers", None)  # footfall.tactical.placements (RULES 1.5)
    if layered is not None:
        return layered(sources, budget, target)  # type: ignore[no-any-return]
    return _search(graph, sources, budget, target, None)


def _search(
    graph: StepGraph | ReadyGraph,
    sources: Sequence[Source],
    budget: int,
    target: tuple[int, int] | None,
    engine: Literal["python", "compiled"] | None,
) -> SearchResult:
    """Run `search` on the kernel `engine`, or (None) on the one chosen as `search` says."""
    global _python_seconds
    budget = min(budget, INF - 1)
    job = _Prepared(graph, sources, max(budget, -1), target)
    if job.source_cost.shape[0] == 0:
        job.blank()
        return job.result()
    if engine is None and not _ahead_of_time():
        # A step of cost 0 lets the search run the whole map whatever the budget.
        free = bool((job.cost == 0).any())
        reach = max(job.height, job.width) if free else 2 * budget + 1
        states = job.n_states * min(job.height, reach) * min(job.width, reach)
        if states <= _SMALL_STATES and _python_seconds < _LOAD_SECONDS:
            engine = "python"
    if engine == "python":
        started = time.perf_counter()
        job.blank()
        _python_dial(job, budget)
        _python_seconds += time.perf_counter() - started
        return job.result()
    warm_up()
    assert _compiled is not None
    _run_compiled(_compiled, job, budget)
    return job.result()
