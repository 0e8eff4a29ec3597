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
(a square's rule states side by side) and keeps one word per node: its cost shifted left, and
in the low bits how it was reached (the step's direction and the state it came from), so the
relaxation reads and writes one int32 per node (int64 when a cost could outgrow the int32
word: `dial`). The queue keeps no per-node links: each bucket is a stack of node numbers in
chunks, written and read in order, and an improved node is pushed again (its older entry is
skipped when popped: about 10 % more pops on the pf1e bench). Whole-map searches are bound by
cache misses (the frontier of a 2000x2000 search does not fit in the 512 KB L2 cache of a
core here): per pf1e square the search touches 8 bytes of words where it touched 16 of cost
and parent and 16 of links before. `dial` then writes the answer out in the ``[S, H, W]``
layout of `footfall.tactical.search.SearchResult` (parents decoded from the codes).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from footfall._prefetch import prefetch as _prefetch

__all__ = ["dial"]

#: Distance of a state not reached (same value as `footfall.tactical.search.INF`).
INF = np.iinfo(np.int32).max

#: A node not reached, in the int64 words (`dial`).
_WIDE = np.iinfo(np.int64).max

#: The hot loop indexes its arrays through this cast: numba then emits no negative-index
#: wraparound test (and keeps no array length live in a register) for each access, and the
#: node's division needs no sign fix-up. Every index there is >= 0 by construction.
_u = np.uint64

_Int32s = npt.NDArray[np.int32]


#: How many entries ahead in a bucket's stack `_run` asks the memory for a node's words.
_AHEAD = 8


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
    book: _Int32s,
) -> tuple[_Int32s, _Int32s]:
    """Run Dial's algorithm; return `dist` and `parent`, flat ``[S * H * W]`` (`INF`, -1 where
    not reached; a parent is a flat state index ``s * H * W + y * W + x``).

    A node's word is ``cost << shift | how``: `how` ``state * 8 + d`` says it was reached by
    a step in direction ``d`` from state ``state`` of the neighbouring square, ``8 * S`` that
    it is a source. The words are int32, in `book` (``[S * H * W]``, any content: the caller
    allocates it with numpy, which asks Linux for huge pages for a large array, so the
    search's scattered reads miss the TLB far less), when every cost the search can store fits
    (it stores none above `budget`, nor above the costliest source plus one dearest step per
    node); else int64 words allocated here (the same code, compiled for both)."""
    area = square_class.shape[0]
    shift = 1
    while (1 << shift) <= 8 * n_states:
        shift += 1
    dearest = 0
    for slot in range(cost.shape[0]):
        dearest = max(dearest, cost[slot])
    start = source_cost[source_cost.shape[0] - 1] if source_cost.shape[0] > 0 else 0
    bound = min(budget, start + dearest * n_states * area)
    if bound < (INF >> shift):
        book[:] = INF
        return _solve(
            square_class, exits, cost, next_state, n_classes, n_buckets, source_index,
            source_cost, budget, target_square, n_states, width, book, shift, INF,
        )  # fmt: skip
    words = np.full(n_states * area, _WIDE, dtype=np.int64)
    return _solve(
        square_class, exits, cost, next_state, n_classes, n_buckets, source_index,
        source_cost, budget, target_square, n_states, width, words, shift, _WIDE,
    )  # fmt: skip


@numba.njit(cache=True, nogil=True)
def _solve(
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
    book: npt.NDArray[np.integer[Any]],
    shift: int,
    unreached: int,
) -> tuple[_Int32s, _Int32s]:
    """Search with words `book` (all `unreached`), then write the answer out of them."""
    area = square_class.shape[0]
    _search(
        square_class, exits, cost, next_state, n_classes, n_buckets, source_index, source_cost,
        budget, target_square, n_states, width, book, shift, unreached,
    )  # fmt: skip
    dist = np.empty(n_states * area, dtype=np.int32)
    parent = np.empty(n_states * area, dtype=np.int32)
    delta = _deltas(width)
    low = (1 << shift) - 1
    for square in range(area):
        for state in range(n_states):
            word = book[_u(square * n_states + state)]
            flat = state * area + square
            if word == unreached:
                dist[_u(flat)] = INF
                parent[_u(flat)] = -1
                continue
            dist[_u(flat)] = word >> shift
            how = word & low
            if how == 8 * n_states:
                parent[_u(flat)] = -1
            else:
                parent[_u(flat)] = (how >> 3) * area + square - delta[_u(how & 7)]
    return dist, parent


#: The queue's state between calls of `_run` (the entries of its `regs` array).
(_HERE, _QUEUED, _TAKEN, _TARGET_LEFT, _TARGET_BEST) = range(5)
(_CHUNKS, _FREE, _N_FREE, _CHUNK, _SHIFT, _STATE_BITS) = range(5, 11)

#: Why `_run` returned: the search is done, a source is due, the pool runs short.
_DONE, _ADMIT, _GROW = range(3)

#: Chunks `_run` keeps in reserve before a pop: a popped state pushes at most 8 entries, so at
#: most 8 new chunks.
_RESERVE = 8


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
    book: npt.NDArray[np.integer[Any]],
    shift: int,
    unreached: int,
) -> None:
    """Fill `book` (a word per node: `dial`).

    The queue is a ring of `n_buckets` stacks, one per cost modulo `n_buckets`, each a chain
    of fixed-size chunks of node numbers taken from one pool; an improved node is pushed
    again and its older entry skipped when popped (its cost in `book` is then lower than the
    bucket's). `_run` runs the search until it is done or the pool runs short; the pool is
    then doubled and `_run` resumes where it stopped (growing the pool inside the hot loop
    would make numba reload the array on every step).
    """
    # A bucket's chunk: long enough that chunk changes are rare, short enough that a wide
    # ring (a costly step) of nearly empty stacks stays small (at most 2**20 entries).
    chunk = 1024
    while chunk > 16 and chunk * n_buckets > 1 << 20:
        chunk >>= 1
    capacity = 16 + _RESERVE
    pool = np.empty(capacity * chunk, dtype=np.int32)
    below = np.empty(capacity, dtype=np.int32)
    top = np.full(n_buckets, -1, dtype=np.int32)
    fill = np.zeros(n_buckets, dtype=np.int64)
    regs = np.zeros(11, dtype=np.int64)
    regs[_HERE] = source_cost[0] if source_cost.shape[0] > 0 else 0
    regs[_TARGET_LEFT] = n_states if target_square >= 0 else -1
    regs[_TARGET_BEST] = budget + 1
    regs[_FREE] = -1
    regs[_CHUNK] = chunk
    regs[_SHIFT] = shift
    # A node's square is its number over S: a shift when S is a power of two (1, 2, 4: a
    # division costs a tenth of a pop), else (-1) a division.
    state_bits = 0
    while (1 << state_bits) < n_states:
        state_bits += 1
    regs[_STATE_BITS] = state_bits if (1 << state_bits) == n_states else -1
    while True:
        status = _run(
            square_class, exits, cost, next_state, n_classes, n_buckets, source_index,
            source_cost, budget, target_square, n_states, width, book, pool, below, top, fill,
            regs,
        )  # fmt: skip
        if status == _DONE:
            break
        if status == _ADMIT:
            _admit(source_index, source_cost, book, n_states, pool, below, top, fill, regs)
            continue
        capacity *= 2
        grown = np.empty(capacity * chunk, dtype=np.int32)
        grown[: pool.shape[0]] = pool
        pool = grown
        links = np.empty(capacity, dtype=np.int32)
        links[: below.shape[0]] = below
        below = links
    _forget(pool, below, top, fill, book, regs[_HERE], chunk, shift, unreached)


@numba.njit(cache=True, nogil=True, inline="always")
def _ask(
    book: npt.NDArray[np.integer[Any]],
    exits: npt.NDArray[np.uint8],
    square_class: npt.NDArray[np.int16],
    ahead: int,
    row_words: int,
    width: int,
    state_bits: int,
) -> None:
    """Prefetch the lines node `ahead` (popped soon) reads: its words and those of the rows
    above and below; for a power-of-two state count its exits and the class rows too."""
    _prefetch(book, ahead - row_words)
    _prefetch(book, ahead)
    _prefetch(book, ahead + row_words)
    if state_bits >= 0:
        ahead_square = ahead >> state_bits
        _prefetch(exits, ahead_square)
        _prefetch(square_class, ahead_square - width)
        _prefetch(square_class, ahead_square + width)


@numba.njit(cache=True, nogil=True)
def _run(
    square_class: npt.NDArray[np.int16], exits: npt.NDArray[np.uint8], cost: _Int32s,
    next_state: npt.NDArray[np.int8], n_classes: int, n_buckets: int,
    source_index: npt.NDArray[np.int64], source_cost: npt.NDArray[np.int64], budget: int,
    target_square: int, n_states: int, width: int, book: npt.NDArray[np.integer[Any]],
    pool: _Int32s, below: _Int32s, top: _Int32s, fill: npt.NDArray[np.int64],
    regs: npt.NDArray[np.int64],
) -> int:  # fmt: skip
    """Run Dial's loop from `regs` until done (`_DONE`), a source is due (`_ADMIT`) or the
    pool runs short (`_GROW`); save the state. The relaxation is written out (a call costs)."""
    mask, delta, capacity = n_buckets - 1, _deltas(width), below.shape[0]
    here, queued, taken = regs[_HERE], regs[_QUEUED], regs[_TAKEN]
    target_left, target_best = regs[_TARGET_LEFT], regs[_TARGET_BEST]
    n_chunks, free, n_free, chunk = regs[_CHUNKS], regs[_FREE], regs[_N_FREE], regs[_CHUNK]
    shift, n_sources, status = regs[_SHIFT], source_index.shape[0], _DONE
    row_words, state_bits = width * n_states, regs[_STATE_BITS]
    while True:
        if capacity - n_chunks + n_free < _RESERVE:
            status = _GROW
            break
        if taken < n_sources and source_cost[taken] <= here:
            status = _ADMIT
            break
        if queued == 0:
            if taken >= n_sources:
                break
            here = source_cost[taken]
            continue
        if here > target_best:
            break
        b = here & mask
        t = top[_u(b)]
        if t < 0:
            here += 1
            continue
        f = fill[_u(b)] - 1  # pop the top of the bucket's stack
        node = pool[_u(t * chunk + f)]
        if f >= _AHEAD:
            _ask(book, exits, square_class, pool[_u(t * chunk + f - _AHEAD)], row_words, width,
                 state_bits)  # fmt: skip
        if f == 0:
            top[_u(b)] = below[_u(t)]
            below[_u(t)] = free
            free = t
            n_free += 1
            f = chunk
        fill[_u(b)] = f
        queued -= 1
        if book[_u(node)] >> shift != here:
            continue  # an entry left behind by an improvement
        square = node >> state_bits if state_bits >= 0 else np.int64(_u(node) // _u(n_states))
        state = node - square * n_states
        row = state * 2 * n_classes
        how = state * 8
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
            if there >= book[_u(there_node)] >> shift:
                continue
            book[_u(there_node)] = (there << shift) | (how + d)
            nb = there & mask
            t = top[_u(nb)]
            f = fill[_u(nb)]
            if t < 0 or f == chunk:  # a new chunk on top of the bucket's stack
                if free >= 0:
                    c = free
                    free = below[_u(c)]
                    n_free -= 1
                else:
                    c = n_chunks
                    n_chunks += 1
                below[_u(c)] = t
                top[_u(nb)] = c
                t = c
                f = 0
            pool[_u(t * chunk + f)] = there_node
            fill[_u(nb)] = f + 1
            queued += 1
    regs[_HERE], regs[_QUEUED], regs[_TAKEN] = here, queued, taken
    regs[_TARGET_LEFT], regs[_TARGET_BEST] = target_left, target_best
    regs[_CHUNKS], regs[_FREE], regs[_N_FREE] = n_chunks, free, n_free
    return status


@numba.njit(cache=True, nogil=True)
def _admit(
    source_index: npt.NDArray[np.int64],
    source_cost: npt.NDArray[np.int64],
    book: npt.NDArray[np.integer[Any]],
    n_states: int,
    pool: _Int32s,
    below: _Int32s,
    top: _Int32s,
    fill: npt.NDArray[np.int64],
    regs: npt.NDArray[np.int64],
) -> None:
    """Queue the next source (`_run` found it due and the pool's reserve kept).

    A source on a state already queued at a worse cost (two sources on one state) is queued
    again at its cost; one at no better a cost than its state's is skipped.
    """
    area = book.shape[0] // n_states
    shift = regs[_SHIFT]
    mask = top.shape[0] - 1
    chunk = regs[_CHUNK]
    flat = source_index[regs[_TAKEN]]
    start = source_cost[regs[_TAKEN]]
    regs[_TAKEN] += 1
    state = flat // area
    node = (flat - state * area) * n_states + state
    if start >= book[node] >> shift:
        return
    book[node] = (start << shift) | (8 * n_states)
    b = start & mask
    t = top[b]
    f = fill[b]
    if t < 0 or f == chunk:
        c = regs[_FREE]
        if c >= 0:
            regs[_FREE] = below[c]
            regs[_N_FREE] -= 1
        else:
            c = regs[_CHUNKS]
            regs[_CHUNKS] += 1
        below[c] = t
        top[b] = c
        t = c
        f = 0
    pool[t * chunk + f] = node
    fill[b] = f + 1
    regs[_QUEUED] += 1


@numba.njit(cache=True, nogil=True)
def _forget(
    pool: _Int32s,
    below: _Int32s,
    top: _Int32s,
    fill: npt.NDArray[np.int64],
    book: npt.NDArray[np.integer[Any]],
    here: int,
    chunk: int,
    shift: int,
    unreached: int,
) -> None:
    """Forget the states still queued (a search stopped early at its target): tentative costs.

    Bucket ``b`` holds the entries of cost ``here + ((b - here) mod n_buckets)``; an entry is
    a queued state's when its cost in `book` is that one (else an improvement left it behind).
    """
    mask = top.shape[0] - 1
    for b in range(top.shape[0]):
        cost_here = here + ((b - here) & mask)
        t = top[b]
        f = fill[b]
        while t >= 0:
            for i in range(f):
                node = pool[t * chunk + i]
                if book[node] >> shift == cost_here:
                    book[node] = unreached
            t = below[t]
            f = chunk
