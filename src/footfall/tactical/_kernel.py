"""The compiled search kernel: Dial's algorithm in numba, loaded only when needed.

Importing this module imports numba (about 0.3 s) and the first call loads the cached machine
code (about 0.3-0.6 s, mostly numba registering its own implementations); the first call after
a change to this file compiles it (a few seconds) and stores it beside this file in
``__pycache__`` (or numba's user cache directory when that is not writable). `search` therefore
imports this module lazily; see `footfall.tactical.search.warm_up`.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["dial"]

#: Distance of a state not reached (same value as `footfall.tactical.search.INF`).
INF = np.iinfo(np.int32).max


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

    All arrays are flat. `square_class` and `exits` are ``[H * W]``, `cost` and `next_state`
    ``[S * 2 * C]``, `dist` and `parent` ``[S * H * W]`` (filled with `INF` and -1).
    `source_*` are sorted by cost and lie within the budget; sources enter the queue only when
    the scan reaches their cost, so every queued cost stays within ``n_buckets`` of the scan
    and one ring of ``n_buckets`` (a power of two > max step cost) suffices, indexed by
    ``cost & (n_buckets - 1)``. `target_square` is ``y * W + x``
    or -1. `exits` never points off the map (checked by the caller), so no bounds test here.
    """
    area = square_class.shape[0]
    size = n_states * area
    nxt = np.empty(size, dtype=np.int32)
    prv = np.empty(size, dtype=np.int32)
    head = np.full(n_buckets, -1, dtype=np.int32)
    delta = np.empty(8, dtype=np.int64)
    delta[0] = -width
    delta[1] = 1 - width
    delta[2] = 1
    delta[3] = 1 + width
    delta[4] = width
    delta[5] = width - 1
    delta[6] = -1
    delta[7] = -1 - width
    queued = 0
    n_sources = source_index.shape[0]
    taken = 0
    target_left = n_states if target_square >= 0 else -1
    target_best = budget + 1
    here = source_cost[0] if n_sources > 0 else 0
    while True:
        while taken < n_sources and source_cost[taken] <= here:
            index = source_index[taken]
            start = source_cost[taken]
            taken += 1
            old = dist[index]
            if start < old:
                if old != INF:  # queued at a worse cost: unlink from its bucket
                    p = prv[index]
                    n = nxt[index]
                    if p >= 0:
                        nxt[p] = n
                    else:
                        head[old & (n_buckets - 1)] = n
                    if n >= 0:
                        prv[n] = p
                    queued -= 1
                dist[index] = start
                parent[index] = -1
                b = start & (n_buckets - 1)
                first = head[b]
                nxt[index] = first
                prv[index] = -1
                if first >= 0:
                    prv[first] = index
                head[b] = index
                queued += 1
        if queued == 0:
            if taken >= n_sources:
                break
            here = source_cost[taken]
            continue
        if here > target_best:
            break
        b = here & (n_buckets - 1)
        index = head[b]
        if index < 0:
            here += 1
            continue
        n = nxt[index]
        head[b] = n
        if n >= 0:
            prv[n] = -1
        queued -= 1
        state = index // area
        square = index - state * area
        if square == target_square:
            if here < target_best:
                target_best = here
            target_left -= 1
            if target_left == 0:
                break
        mask = exits[square]
        row = state * 2 * n_classes
        for d in range(8):
            if not (mask >> d) & 1:
                continue
            there_square = square + delta[d]
            klass = square_class[there_square]
            if klass < 0:
                continue
            slot = row + (d & 1) * n_classes + klass
            step = cost[slot]
            if step < 0:
                continue
            there = here + step
            if there > budget:
                continue
            there_index = next_state[slot] * area + there_square
            old = dist[there_index]
            if there < old:
                if old != INF:
                    p = prv[there_index]
                    n = nxt[there_index]
                    if p >= 0:
                        nxt[p] = n
                    else:
                        head[old & (n_buckets - 1)] = n
                    if n >= 0:
                        prv[n] = p
                    queued -= 1
                dist[there_index] = there
                parent[there_index] = index
                nb = there & (n_buckets - 1)
                first = head[nb]
                nxt[there_index] = first
                prv[there_index] = -1
                if first >= 0:
                    prv[first] = there_index
                head[nb] = there_index
                queued += 1
    # Stopped early (target): states still queued hold tentative costs; forget them.
    for b in range(n_buckets):
        index = head[b]
        while index >= 0:
            dist[index] = INF
            parent[index] = -1
            index = nxt[index]
