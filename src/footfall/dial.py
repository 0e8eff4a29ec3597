"""Dial's algorithm on plain Python lists: the kernel of small searches, without numpy.

`footfall.tactical.search` runs it on the lists of a prepared job until the compiled kernel
is loaded, and `footfall.route_lists` on a small route map (a route then imports neither
numpy nor the grid engine). Same algorithm, stopping rules and pop order (last in, first out
within a bucket) as the compiled `footfall.tactical._kernel.dial`, and the same lazy deletion
(an improved state is pushed again and its stale entry skipped), so both build the same
parent tree.

States are numbered ``state * area + square``; a square's exit bits and the directions are
the kernel's (`footfall.grid.DIRECTIONS`); ``cost`` and ``next_state`` are indexed by
``(state * 2 + kind) * n_classes + class`` (kind 1: a diagonal).
"""

from __future__ import annotations

from collections.abc import Sequence

from footfall.grid import DIRECTIONS

__all__ = ["INF", "dial"]

#: A cost no state reaches (the compiled kernel's ``INF``, the largest int32).
INF = 2**31 - 1


def dial(
    graph: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
    shape: tuple[int, int, int, int],
    sources: Sequence[tuple[int, int]],
    budget: int,
    target_square: int,
) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """Search from `sources` (state index, starting cost; sorted by cost) up to `budget`.

    `graph` is (square_class, exits, cost, next_state), `shape` (n_states, n_classes, width,
    area). With `target_square` >= 0 the search stops once every state of that square is
    settled or dearer than its cheapest. Returns the costs and parents (-1: a source) of the
    states queued, and the set of those settled (the answer).
    """
    square_class, exits, cost, next_state = graph
    n_states, n_classes, width, area = shape
    steps = [(d, dy * width + dx, d & 1) for d, (dx, dy) in enumerate(DIRECTIONS)]
    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    settled: set[int] = set()
    buckets: dict[int, list[int]] = {}  # cost -> states queued at that cost, a stack
    pending = 0
    taken = 0
    target_left = n_states if target_square >= 0 else -1
    target_best = budget + 1
    here = sources[0][1] if sources else 0
    while True:
        while taken < len(sources) and sources[taken][1] <= here:
            index, start = sources[taken]
            taken += 1
            if start < dist.get(index, INF):
                dist[index] = start
                parent[index] = -1
                buckets.setdefault(start, []).append(index)
                pending += 1
        if pending == 0:
            if taken >= len(sources):
                break
            here = sources[taken][1]
            continue
        if here > target_best:
            break
        bucket = buckets.get(here)
        if not bucket:
            # Jump to the next queued cost (or source): Python cannot afford to walk a wide
            # ring of empty buckets one by one as the compiled kernel does.
            buckets.pop(here, None)
            here = min(buckets) if buckets else INF
            if taken < len(sources):
                here = min(here, sources[taken][1])
            continue
        index = bucket.pop()
        pending -= 1
        if dist[index] != here or index in settled:
            continue  # stale entry of a state since improved
        settled.add(index)
        state, square = divmod(index, area)
        if square == target_square:
            target_best = min(target_best, here)
            target_left -= 1
            if target_left == 0:
                break
        mask = exits[square]
        if not mask:
            continue
        row = state * 2 * n_classes
        for d, delta, kind in steps:
            if not mask >> d & 1:
                continue
            there_square = square + delta
            klass = square_class[there_square]
            if klass < 0:
                continue
            slot = row + kind * n_classes + klass
            step = cost[slot]
            if step < 0:
                continue
            there = here + step
            if there > budget:
                continue
            there_index = next_state[slot] * area + there_square
            if there < dist.get(there_index, INF):
                dist[there_index] = there
                parent[there_index] = index
                buckets.setdefault(there, []).append(there_index)
                pending += 1
    return dist, parent, settled
