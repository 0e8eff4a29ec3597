"""The compiled search kernel: Dial's algorithm in numba, loaded only when needed.

Importing this module imports numba (about 0.3 s) and the first call loads the cached machine
code (about 0.3-0.6 s, mostly numba registering its own implementations); the first call after
a change to this file compiles it (a few seconds) and stores it beside this file in
``__pycache__`` (or numba's user cache directory when that is not writable). `search` therefore
imports this module lazily; see `footfall.tactical.search.warm_up`.

All arrays are flat. `square_class` and `exits` are ``[H * W]``, `cost` and `next_state`
``[S * 2 * C]``, `dist` and `parent` ``[S * H * W]`` (filled with `INF` and -1). The sources
are sorted by cost and lie within the budget; they enter the queue only when the scan reaches
their cost, so every queued cost stays within ``n_buckets`` of the scan and one ring of
``n_buckets`` (a power of two > max step cost) suffices, indexed by ``cost & (n_buckets - 1)``.
`exits` never points off the map (checked by the caller), so no bounds test is made.
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
#: state's floor division needs no sign fix-up. Every index there is >= 0 by construction.
_u = np.uint64


@numba.njit(cache=True, nogil=True)
def _link(
    index: int,
    cost: int,
    nxt: npt.NDArray[np.int32],
    prv: npt.NDArray[np.int32],
    head: npt.NDArray[np.int32],
    mask: int,
) -> None:
    """Push state `index` on the front of the bucket of `cost` (last in, first out)."""
    b = cost & mask
    first = head[b]
    nxt[index] = first
    prv[index] = -1
    if first >= 0:
        prv[first] = index
    head[b] = index


@numba.njit(cache=True, nogil=True)
def _unlink(
    index: int,
    cost: int,
    nxt: npt.NDArray[np.int32],
    prv: npt.NDArray[np.int32],
    head: npt.NDArray[np.int32],
    mask: int,
) -> None:
    """Take state `index`, queued at `cost`, out of its bucket."""
    p = prv[index]
    n = nxt[index]
    if p >= 0:
        nxt[p] = n
    else:
        head[cost & mask] = n
    if n >= 0:
        prv[n] = p


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

    Flat arrays (module docstring); `target_square` is ``y * W + x`` or -1. The relaxation is
    written out in the loop: a call there costs a third of the speed (measured)."""
    area = square_class.shape[0]
    nxt = np.empty(n_states * area, dtype=np.int32)
    prv = np.empty(n_states * area, dtype=np.int32)
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
                source_index, source_cost, taken, here, queued, dist, parent, nxt, prv, head
            )
        if queued == 0:
            if taken >= n_sources:
                break
            here = source_cost[taken]
            continue
        if here > target_best:
            break
        index = head[_u(here & mask)]
        if index < 0:
            here += 1
            continue
        n = nxt[_u(index)]  # pop the front of the bucket
        head[_u(here & mask)] = n
        if n >= 0:
            prv[_u(n)] = -1
        queued -= 1
        state = int(_u(index) // _u(area))
        square = index - state * area
        if square == target_square:
            target_best = min(target_best, here)
            target_left -= 1
            if target_left == 0:
                break
        bits = exits[_u(square)]
        row = state * 2 * n_classes
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
            there_index = next_state[_u(slot)] * area + there_square
            old = dist[_u(there_index)]
            if there < old:
                if old != INF:
                    p = prv[_u(there_index)]
                    n = nxt[_u(there_index)]
                    if p >= 0:
                        nxt[_u(p)] = n
                    else:
                        head[_u(old & mask)] = n
                    if n >= 0:
                        prv[_u(n)] = p
                    queued -= 1
                dist[_u(there_index)] = there
                parent[_u(there_index)] = index
                nb = there & mask
                first = head[_u(nb)]
                nxt[_u(there_index)] = first
                prv[_u(there_index)] = -1
                if first >= 0:
                    prv[_u(first)] = there_index
                head[_u(nb)] = there_index
                queued += 1
    _forget(head, nxt, dist, parent)


@numba.njit(cache=True, nogil=True)
def _admit(
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    taken: int,
    here: int,
    queued: int,
    dist: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
    nxt: npt.NDArray[np.int32],
    prv: npt.NDArray[np.int32],
    head: npt.NDArray[np.int32],
) -> tuple[int, int]:
    """Queue the sources of cost up to `here` from `taken` on; return the new (taken, queued).

    A source already queued at a worse cost (two sources on one state) is moved to its bucket.
    """
    mask = head.shape[0] - 1
    while taken < source_index.shape[0] and source_cost[taken] <= here:
        index = source_index[taken]
        start = source_cost[taken]
        taken += 1
        old = dist[index]
        if start < old:
            if old != INF:
                _unlink(index, old, nxt, prv, head, mask)
                queued -= 1
            dist[index] = start
            parent[index] = -1
            _link(index, start, nxt, prv, head, mask)
            queued += 1
    return taken, queued


@numba.njit(cache=True, nogil=True)
def _forget(
    head: npt.NDArray[np.int32],
    nxt: npt.NDArray[np.int32],
    dist: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
) -> None:
    """Forget the states still queued (a search stopped early at its target): tentative costs."""
    for b in range(head.shape[0]):
        index = head[b]
        while index >= 0:
            dist[index] = INF
            parent[index] = -1
            index = nxt[index]
