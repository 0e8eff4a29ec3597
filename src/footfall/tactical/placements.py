"""Positions with two squeezed placements: the placement as part of the search state (RULES 1.5).

A large-or-bigger mover squeezed by walls fills a strip of its space, along the rows or along
the columns (`footfall.tactical.families.narrowing`). Where both fit, the frame keeps the one
`narrowing` prefers as the position's first placement (layer 0, the frame's own arrays) and
the other as its `Second` (layer 1). Which one a mover is in matters to the steps in and out
(the corners and thin walls its squares pass) and may matter to the price and to ending
there, so a squeeze is never refused or overpriced where the other placement fits only if the
search knows the placement: its state is ``(layer, rule state)``, numbered
``layer * S + state``, so a `SearchResult` of a layered frame has ``2 S`` states and the
views read it as any other (least cost over the states, parents through them).

`Second` exists only on frames where the two placements of some position differ in anything
a step reads (price, notes, end, the steps' corners and thin walls): every other frame is
searched by the plain kernel, unchanged. The layered search (`LayeredGraph.search_layers`)
runs in Python, or compiled for a large frame (`footfall.tactical._placements_kernel`, ahead
of time by `footfall.aot` or by numba's JIT); `choose_layers` gives
`footfall.tactical.walk.walk` the cheapest legal placements of a given path, so ``check`` and
``path`` agree with ``reach``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from footfall.grid import DIRECTIONS
from footfall.tactical.marks import BLOCK_OK, END_OK
from footfall.tactical.search import (
    INF,
    ReadyGraph,
    SearchResult,
    Source,
    _frozen,
    _without_blas_probe,
)

if TYPE_CHECKING:
    from footfall.tactical.frame import Frame
    from footfall.tactical.policy import Policy

__all__ = [
    "LayeredGraph",
    "Second",
    "choose_layers",
    "end_layers",
    "layered_graph",
    "second_at",
    "settle",
    "step_bits",
    "warm_up",
]

Square = tuple[int, int]

#: Index in `Second.thin` / `Second.corner` of the step from layer a into layer b; (0, 0) is
#: the frame's own `thin` / `corner`.
_COMBO = {(0, 1): 0, (1, 0): 1, (1, 1): 2}


@dataclass(frozen=True, slots=True)
class Second:
    """The second placement of the positions where both squeezed placements fit.

    `has`: where a position has one. `block`, `notes`, `end`, `factor`, `code`, `mexp`: its
    layers as the frame's (meaningful where `has`). `thin` and `corner` ``[3, H, W]``: bit d
    of the step in direction d from layer a of a position into layer b of its neighbour, for
    (a, b) = (0, 1), (1, 0), (1, 1) (`_COMBO`).
    """

    has: npt.NDArray[np.bool_]
    block: npt.NDArray[np.int8]
    notes: npt.NDArray[np.int32]
    end: npt.NDArray[np.int8]
    factor: npt.NDArray[np.int8]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    code: npt.NDArray[np.int16] | None = None
    mexp: npt.NDArray[np.int8] | None = None


def step_bits(frame: Frame, a: int, b: int, ly: int, lx: int) -> tuple[int, int]:
    """Return the thin-wall and corner bits of the steps from layer `a` at window (lx, ly)
    into layer `b` of its neighbours."""
    second = frame.second
    if second is None or (a, b) == (0, 0):
        return int(frame.thin[ly, lx]), int(frame.corner[ly, lx])
    k = _COMBO[(a, b)]
    return int(second.thin[k, ly, lx]), int(second.corner[k, ly, lx])


def second_at(frame: Frame, ly: int, lx: int) -> tuple[int, int, int, int]:
    """Return the block, class code, notes and hampering exponent of window (lx, ly)'s second
    placement."""
    second = frame.second
    assert second is not None and second.code is not None and second.mexp is not None
    return (int(second.block[ly, lx]), int(second.code[ly, lx]), int(second.notes[ly, lx]),
            int(second.mexp[ly, lx]))  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class LayeredGraph(ReadyGraph):
    """A `ReadyGraph` of a frame with second placements (its own arrays: layer 0).

    `second_class` ``[H * W]``: layer 1's class (-1 where none or blocked); `layer_exits`
    ``[2, 2, H * W]``: the exits from layer a into layer b (clipped as the graph's);
    `start`: the flat square where a source at cost 0 may be in either layer.
    """

    second_class: npt.NDArray[np.int16] | None = None
    layer_exits: npt.NDArray[np.uint8] | None = None
    start: int = -1

    def search_layers(
        self, sources: Sequence[Source], budget: int, target: tuple[int, int] | None
    ) -> SearchResult:
        """Search over ``(layer, rule state, square)``: `footfall.tactical.search.search`'s
        contract, with ``2 S`` states (state ``layer * S + s``)."""
        return _search(self, sources, min(budget, INF - 1), target)


def layered_graph(policy: Policy, frame: Frame, base: ReadyGraph) -> LayeredGraph:
    """Return the layered graph of `frame` (which has a `Second`) from its plain graph `base`."""
    second = frame.second
    assert second is not None and second.code is not None
    h, w = frame.shape
    klass = np.where(second.has & (second.block == BLOCK_OK), second.code, -1).astype(np.int16)
    exits = np.empty((2, 2, h * w), dtype=np.uint8)
    # The plain graph's exits are the frame's, clipped at the window and, for a one-step move,
    # kept at the start only: the same mask applies to every layer.
    allowed = _window_mask(policy, frame)
    for a in (0, 1):
        for b in (0, 1):
            if (a, b) == (0, 0):
                exits[0, 0] = base.exits
                continue
            k = _COMBO[(a, b)]
            bits = (~(second.thin[k] | second.corner[k])).astype(np.uint8) & allowed
            exits[a, b] = bits.reshape(-1)
    x, y = policy.mover.at
    return LayeredGraph(
        square_class=base.square_class, exits=base.exits, cost=base.cost,
        next_state=base.next_state, n_states=base.n_states, n_classes=base.n_classes,
        height=base.height, width=base.width, free=base.free,
        second_class=klass.reshape(-1), layer_exits=exits,
        start=(y - frame.y0) * w + (x - frame.x0) if frame.inside(x, y) else -1,
    )  # fmt: skip


def _window_mask(policy: Policy, frame: Frame) -> npt.NDArray[np.uint8]:
    """Return per position the exits the window (and a one-step move) allows at all."""
    from footfall.tactical.frame import clip_edges

    h, w = frame.shape
    mask = np.full((h, w), 0xFF, dtype=np.uint8)
    clip_edges(mask)
    if policy.one_step:
        x, y = policy.mover.at
        keep = np.zeros_like(mask)
        if frame.inside(x, y):
            keep[y - frame.y0, x - frame.x0] = mask[y - frame.y0, x - frame.x0]
        mask = keep
    return mask


#: Layered searches over more nodes than this (``2 S H W``) run compiled
#: (`footfall.tactical._placements_kernel`: ahead of time when ``footfall warm-up`` built it,
#: else numba's JIT); smaller ones in Python, which beats loading numba.
_SMALL_NODES = 40_000


def _search(
    g: LayeredGraph,
    sources: Sequence[Source],
    budget: int,
    target: tuple[int, int] | None,
    engine: str | None = None,
) -> SearchResult:
    """Dijkstra over ``(layer, state, square)``: in Python, or compiled for a large frame."""
    assert g.second_class is not None and g.layer_exits is not None
    s_count, area, width = g.n_states, g.height * g.width, g.width
    shape = (2 * s_count, g.height, g.width)
    if budget < 0:
        return SearchResult(np.full(shape, INF, np.int32), np.full(shape, -1, np.int32))
    nodes: list[int] = []
    costs: list[int] = []
    for x, y, state, start in sources:
        square = y * width + x
        layers = [state // s_count]
        if start == 0 and square == g.start and int(g.second_class[square]) >= 0:
            layers = [0, 1]
        for layer in layers:
            nodes.append((layer * s_count + state % s_count) * area + square)
            costs.append(int(start))
    # No early stop at a target: its cheapest placement may be one a movement may not end
    # in, and the dearer one it may end in must be settled too (the views pick per layer).
    goal = -1
    if engine is None:
        engine = "python" if 2 * s_count * area <= _SMALL_NODES else "compiled"
    if engine == "compiled":
        # Read-only C arrays and Python ints: the one signature `footfall.aot.KERNELS` declares.
        classes = _frozen(np.stack([g.square_class, g.second_class]).astype(np.int16))
        kernel = _compiled_kernel()
        with _without_blas_probe():
            dist, parent = kernel(
                classes, _frozen(np.ascontiguousarray(g.layer_exits)),
                _frozen(np.ascontiguousarray(g.cost)), _frozen(np.ascontiguousarray(g.next_state)),
                int(g.n_classes), int(s_count), int(width),
                _frozen(np.array(nodes, dtype=np.int64)), _frozen(np.array(costs, dtype=np.int64)),
                int(budget), int(goal),
            )  # fmt: skip
        return SearchResult(dist.reshape(shape), parent.reshape(shape))
    return _python_search(g, nodes, costs, budget, goal)


_compiled: Callable[..., tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]] | None = None


def _compiled_kernel() -> Callable[..., tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]]:
    """Return the layered kernel compiled ahead of time (`footfall.aot`, built by ``footfall
    warm-up``: numba not imported), else numba's JIT one (`footfall.tactical._placements_kernel`:
    numba's start-up, 0.6-0.9 s once per process). Loaded once per process."""
    global _compiled
    if _compiled is None:
        from footfall import aot

        _compiled = aot.load("layered_dijkstra")
    return _compiled


def warm_up() -> None:
    """Load the compiled layered kernel now and run it once on a two-square map (numba's JIT
    then loads or compiles its machine code: ``footfall warm-up`` when no module is built)."""
    one = _frozen(np.ones(2, dtype=np.int32))
    kernel = _compiled_kernel()
    with _without_blas_probe():
        kernel(
            _frozen(np.zeros((2, 2), dtype=np.int16)), _frozen(np.zeros((2, 2, 2), np.uint8)),
            one, _frozen(np.zeros(2, dtype=np.int8)), 1, 1, 2,
            _frozen(np.zeros(1, dtype=np.int64)), _frozen(np.zeros(1, dtype=np.int64)), 5, -1,
        )  # fmt: skip


def _python_search(
    g: LayeredGraph, nodes: list[int], costs: list[int], budget: int, goal: int
) -> SearchResult:
    """The layered Dijkstra in plain Python (a binary heap), from flat source nodes."""
    assert g.second_class is not None and g.layer_exits is not None
    s_count, area, width = g.n_states, g.height * g.width, g.width
    shape = (2 * s_count, g.height, g.width)
    dist_out = np.full(shape, INF, dtype=np.int32)
    parent_out = np.full(shape, -1, dtype=np.int32)
    classes = (g.square_class.tolist(), g.second_class.tolist())
    exits = [[g.layer_exits[a, b].tolist() for b in (0, 1)] for a in (0, 1)]
    cost, nxt, n_classes = g.cost.tolist(), g.next_state.tolist(), g.n_classes
    steps = [(d, dy * width + dx, d & 1) for d, (dx, dy) in enumerate(DIRECTIONS)]
    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    heap: list[tuple[int, int]] = []
    for node, start in zip(nodes, costs, strict=True):
        if start <= budget and start < dist.get(node, INF):
            dist[node] = start
            parent[node] = -1
            heapq.heappush(heap, (start, node))
    best_goal = INF
    settled: set[int] = set()
    while heap:
        here, node = heapq.heappop(heap)
        if here != dist[node] or node in settled:
            continue
        if here > best_goal:
            break
        settled.add(node)
        layered_state, square = divmod(node, area)
        layer, state = divmod(layered_state, s_count)
        if square == goal:
            best_goal = min(best_goal, here)
        row = state * 2 * n_classes
        for b in (0, 1):
            mask = exits[layer][b][square]
            if not mask:
                continue
            klass_of = classes[b]
            for d, delta, kind in steps:
                if not mask >> d & 1:
                    continue
                there = square + delta
                klass = klass_of[there]
                if klass < 0:
                    continue
                slot = row + kind * n_classes + klass
                step = cost[slot]
                if step < 0:
                    continue
                total = here + step
                if total > budget:
                    continue
                then = (b * s_count + nxt[slot]) * area + there
                if total < dist.get(then, INF):
                    dist[then] = total
                    parent[then] = node
                    heapq.heappush(heap, (total, then))
    if settled:
        keys = np.fromiter(settled, dtype=np.int64, count=len(settled))
        dist_out.reshape(-1)[keys] = [dist[key] for key in settled]
        parent_out.reshape(-1)[keys] = [parent[key] for key in settled]
    return SearchResult(dist_out, parent_out)


def end_layers(frame: Frame) -> npt.NDArray[np.bool_]:
    """Return ``[2, H, W]``: where a movement may end in each layer (`Frame.end_ok`)."""
    second = frame.second
    ok = np.zeros((2, *frame.shape), dtype=np.bool_)
    ok[0] = frame.end_ok()
    if second is not None:
        ok[1] = second.has & (second.block == BLOCK_OK) & (second.end == END_OK)
    return ok


def settle(
    frame: Frame, dist: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """Return per position the least cost of ending there (`INF`: none) and its notes.

    `dist` is a layered search's ``[2 S, H, W]``; a position ends in the cheapest layer it may
    end in (layer 0 on a tie), whose notes (its placement) the answer reports.
    """
    second = frame.second
    assert second is not None
    s_count = dist.shape[0] // 2
    ends = end_layers(frame)
    first = np.where(ends[0], dist[:s_count].min(axis=0), INF).astype(np.int64)
    other = np.where(ends[1], dist[s_count:].min(axis=0), INF).astype(np.int64)
    use = other < first
    best = np.where(use, other, first)
    notes = np.where(use, second.notes, frame.notes).astype(np.int32)
    return best, notes


def choose_layers(policy: Policy, path: Sequence[Square], frame: Frame) -> list[int]:
    """Return the placement (layer) of the start and of every square of `path`.

    The placements that break the fewest rules (a corner or thin wall passed, a position
    blocked, a step priced as forbidden, an end that may not be ended on), then the cheapest,
    then the frame's first placements: the search's own choice on its paths.
    """
    second = frame.second
    assert second is not None
    price = policy.pricing.price
    prev = policy.mover.at
    # best[(layer, state)] = (broken, cost, seconds, layers so far)
    best: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {}
    for layer in _layers_at(frame, prev):
        best[(layer, policy.start_state)] = (0, 0, layer, (layer,))
    last = len(path)
    for i, (x, y) in enumerate(path, start=1):
        dx, dy = x - prev[0], y - prev[1]
        d = DIRECTIONS.index((dx, dy))
        diagonal = bool(d & 1)
        inside_prev = frame.inside(*prev)
        inside = frame.inside(x, y)
        ly, lx = y - frame.y0, x - frame.x0
        nxt: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {}
        for (a, state), (broken, total, seconds, layers) in best.items():
            for b in _layers_at(frame, (x, y)):
                bad = broken
                if inside_prev:
                    thin, corner = step_bits(frame, a, b, prev[1] - frame.y0, prev[0] - frame.x0)
                    bad += bool((thin | corner) >> d & 1)
                if inside:
                    block = int(second.block[ly, lx] if b else frame.block[ly, lx])
                    code = int(second.code[ly, lx] if b else frame.code[ly, lx])  # type: ignore[index]
                    bad += block != BLOCK_OK
                else:
                    code, bad = 0, bad + 1
                cost, after, forbid = price(state, diagonal, code)
                bad += forbid is not None
                if i == last and inside:
                    end = int(second.end[ly, lx] if b else frame.end[ly, lx])
                    bad += end != END_OK
                entry = (bad, total + cost, seconds + b, (*layers, b))
                key = (b, after)
                if key not in nxt or entry[:3] < nxt[key][:3]:
                    nxt[key] = entry
        best = nxt
        prev = (x, y)
    return list(min(best.values(), key=lambda e: e[:3])[3])


def _layers_at(frame: Frame, at: Square) -> tuple[int, ...]:
    """Return the layers of map position `at`: (0,), or (0, 1) where it has a second one."""
    second = frame.second
    if second is None or not frame.inside(*at):
        return (0,)
    return (0, 1) if bool(second.has[at[1] - frame.y0, at[0] - frame.x0]) else (0,)
