"""The compiled search kernel: Dial's algorithm in numba, loaded only when needed.

Importing this module imports numba (about 0.3 s) and the first call loads the cached machine
code (about 0.3-0.6 s, mostly numba registering its own implementations); the first call after
a change to this file compiles it (a few seconds) and stores it beside this file in
``__pycache__`` (or numba's user cache directory when that is not writable). `search` therefore
imports this module lazily; see `footfall.tactical.search.warm_up`.

Inputs are flat: `square_class` and `exits` ``[H * W]``, `cost` and `next_state`
``[S * 2 * C]``; a source is a flat state index ``s * H * W + square``. The sources are sorted
by cost and lie within the budget; they enter the queue only when the scan reaches their cost,
so every queued cost stays within ``n_buckets`` of the scan and one ring of ``n_buckets`` (a
power of two > max step cost) suffices, indexed by ``cost & (n_buckets - 1)``. `exits` never
points off the map (checked by the caller), so no bounds test is made.

Memory layout (issue 15, item 1). The search numbers its states *node* ``square * S + state``
(a square's rule states side by side) and keeps, per node, its cost and parent next to each
other in one int32 array (``book[2 * node]``, ``book[2 * node + 1]``) and its bucket links
next to each other in another (``links``): a settled square's whole record is one or two cache
lines, where four arrays of ``[S, H, W]`` layout touched up to 4 S lines. Whole-map searches
are bound by those misses (the frontier of a 1000x1000 search does not fit in the L2 cache),
so this alone made the pf1e search 1.25x faster. `dial` then frees the links and writes the
answer out in the ``[S, H, W]`` layout of `footfall.tactical.search.SearchResult`.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["dial"]

#: Distance of a state not reached (same value as `footfall.tactical.search.INF`).
INF = np.iinfo(np.int32).max

#: The hot loop indexes its arrays through this cast: numba then emits no negative-index
#: wraparound test (and keeps no array length live in a register) for each access, and the
#: node's division needs no sign fix-up. Every index there is >= 0 by construction.
_u = np.uint64

_Int32s = npt.NDArray[np.int32]


@numba.njit(cache=True, nogil=True)
def _deltas(width: int) -> npt.NDArray[np.int64]:
    """Return the flat index offset of each direction 0..7 (N, NE, E ... NW) on rows of `width`."""
    delta = np.empty(8, dtype=np.int64)
    delta[0] = -width
    delta[1] = 1 - width
    delta[2] = 1
    delta[3] = 1 + width
    delta[4] = width
    delta[5] = width - 1
    delta[6] = -1
    delta[7] = -1 - width
    return delta


@numba.njit(cache=True, nogil=True)
def dial(
    square_class: npt.NDArray[np.int16],
    exits: npt.NDArray[np.uint8],
    cost: _Int32s,
    next_state: npt.NDArray[np.int8],
    n_classes: int,
    n_buckets: int,
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    budget: int,
    target_square: int,
    n_states: int,
    width: int,
) -> tuple[_Int32s, _Int32s]:
    """Run Dial's algorithm; return `dist` and `parent`, flat ``[S * H * W]`` (`INF`, -1 where
    not reached; a parent is a flat state index ``s * H * W + y * W + x``)."""
    area = square_class.shape[0]
    book = np.full(2 * n_states * area, INF, dtype=np.int32)
    _search(
        square_class, exits, cost, next_state, n_classes, n_buckets, source_index, source_cost,
        budget, target_square, n_states, width, book,
    )  # fmt: skip
    dist = np.empty(n_states * area, dtype=np.int32)
    parent = np.empty(n_states * area, dtype=np.int32)
    shift = _shift(n_states)
    for square in range(area):
        for state in range(n_states):
            node = square * n_states + state
            flat = state * area + square
            cost_here = book[_u(2 * node)]
            dist[_u(flat)] = cost_here
            before = book[_u(2 * node + 1)]
            if cost_here == INF or before < 0:
                parent[_u(flat)] = -1
                continue
            square_before = before >> shift if shift >= 0 else int(_u(before) // _u(n_states))
            parent[_u(flat)] = (before - square_before * n_states) * area + square_before
    return dist, parent


@numba.njit(cache=True, nogil=True)
def _shift(n_states: int) -> int:
    """Return log2(`n_states`) when it is a power of two (a node's square is then a shift
    away in the answer's conversion, not a division), else -1."""
    shift = 0
    while (1 << shift) < n_states:
        shift += 1
    return shift if (1 << shift) == n_states else -1


@numba.njit(cache=True, nogil=True)
def _search(
    square_class: npt.NDArray[np.int16],
    exits: npt.NDArray[np.uint8],
    cost: _Int32s,
    next_state: npt.NDArray[np.int8],
    n_classes: int,
    n_buckets: int,
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    budget: int,
    target_square: int,
    n_states: int,
    width: int,
    book: _Int32s,
) -> None:
    """Fill `book` (cost, parent node per node; module docstring): circular buckets of
    intrusive doubly-linked lists (``links[2 * node]`` next, ``links[2 * node + 1]`` previous).

    The relaxation is written out in the loop: a call there costs a third of the speed."""
    area = square_class.shape[0]
    links = np.empty(2 * n_states * area, dtype=np.int32)
    head = np.full(n_buckets, -1, dtype=np.int32)
    mask = n_buckets - 1
    delta = _deltas(width)
    queued = taken = 0
    n_sources = source_index.shape[0]
    target_left = n_states if target_square >= 0 else -1
    target_best = budget + 1
    here = source_cost[0] if n_sources > 0 else 0
    while True:
        if taken < n_sources and source_cost[taken] <= here:
            taken, queued = _admit(
                source_index, source_cost, taken, here, queued, area, n_states, book, links, head
            )
        if queued == 0:
            if taken >= n_sources:
                break
            here = source_cost[taken]
            continue
        if here > target_best:
            break
        node = head[_u(here & mask)]
        if node < 0:
            here += 1
            continue
        n = links[_u(2 * node)]  # pop the front of the bucket
        head[_u(here & mask)] = n
        if n >= 0:
            links[_u(2 * n + 1)] = -1
        queued -= 1
        square = int(_u(node) // _u(n_states))
        row = (node - square * n_states) * 2 * n_classes
        if square == target_square:
            target_best = min(target_best, here)
            target_left -= 1
            if target_left == 0:
                break
        bits = exits[_u(square)]
        for d in range(8):
            if not (bits >> d) & 1:
                continue
            there_square = square + delta[_u(d)]
            klass = square_class[_u(there_square)]
            if klass < 0:
                continue
            slot = row + (d & 1) * n_classes + klass
            step = cost[_u(slot)]
            if step < 0:
                continue
            there = here + step
            if there > budget:
                continue
            there_node = there_square * n_states + next_state[_u(slot)]
            old = book[_u(2 * there_node)]
            if there < old:
                if old != INF:
                    p = links[_u(2 * there_node + 1)]
                    n = links[_u(2 * there_node)]
                    if p >= 0:
                        links[_u(2 * p)] = n
                    else:
                        head[_u(old & mask)] = n
                    if n >= 0:
                        links[_u(2 * n + 1)] = p
                    queued -= 1
                book[_u(2 * there_node)] = there
                book[_u(2 * there_node + 1)] = node
                nb = there & mask
                first = head[_u(nb)]
                links[_u(2 * there_node)] = first
                links[_u(2 * there_node + 1)] = -1
                if first >= 0:
                    links[_u(2 * first + 1)] = there_node
                head[_u(nb)] = there_node
                queued += 1
    _forget(head, links, book)


@numba.njit(cache=True, nogil=True)
def _admit(
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    taken: int,
    here: int,
    queued: int,
    area: int,
    n_states: int,
    book: _Int32s,
    links: _Int32s,
    head: _Int32s,
) -> tuple[int, int]:
    """Queue the sources of cost up to `here` from `taken` on; return the new (taken, queued).

    A source already queued at a worse cost (two sources on one state) is moved to its bucket.
    """
    mask = head.shape[0] - 1
    while taken < source_index.shape[0] and source_cost[taken] <= here:
        flat = source_index[taken]
        start = source_cost[taken]
        taken += 1
        state = flat // area
        node = (flat - state * area) * n_states + state
        old = book[2 * node]
        if start < old:
            if old != INF:
                p = links[2 * node + 1]
                n = links[2 * node]
                if p >= 0:
                    links[2 * p] = n
                else:
                    head[old & mask] = n
                if n >= 0:
                    links[2 * n + 1] = p
                queued -= 1
            book[2 * node] = start
            book[2 * node + 1] = -1
            b = start & mask
            first = head[b]
            links[2 * node] = first
            links[2 * node + 1] = -1
            if first >= 0:
                links[2 * first + 1] = node
            head[b] = node
            queued += 1
    return taken, queued


@numba.njit(cache=True, nogil=True)
def _forget(head: _Int32s, links: _Int32s, book: _Int32s) -> None:
    """Forget the states still queued (a search stopped early at its target): tentative costs."""
    for b in range(head.shape[0]):
        node = head[b]
        while node >= 0:
            book[2 * node] = INF
            node = links[2 * node]
