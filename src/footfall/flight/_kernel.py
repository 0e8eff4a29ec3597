"""The compiled flight reach kernel: a label-setting bucket search in numba, loaded lazily.

Importing this module imports numba; the first call loads cached machine code (or compiles
it, a few seconds, once, stored in ``__pycache__``). `footfall.flight.reach` imports it only
for searches large enough to pay for that (see `footfall.flight.reach.COMPILED_FROM`).

The kernel knows nothing of the flight rules: `footfall.flight.reach._Rules` turns them into
a finite machine over rule states (moves with their cost and displacement, a `part` and a
resource vector per rule state), computed by `footfall.flight.model.step_raw` itself.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["reach_kernel"]


@numba.njit(cache=True, nogil=True)
def reach_kernel(
    part_of: npt.NDArray[np.int32],
    resources: npt.NDArray[np.int64],
    keys: npt.NDArray[np.int64],
    high: int,
    keeps: npt.NDArray[np.bool_],
    facing_of: npt.NDArray[np.int8],
    move_start: npt.NDArray[np.int32],
    move_to: npt.NDArray[np.int32],
    move_cost: npt.NDArray[np.int32],
    move_dx: npt.NDArray[np.int8],
    move_dy: npt.NDArray[np.int8],
    move_dz: npt.NDArray[np.int8],
    move_dir: npt.NDArray[np.int8],
    n_parts: int,
    side: int,
    n_alts: int,
    alt_lo: int,
    ground: int,
    origin: int,
    start_rid: int,
    start_cost: int,
    limit: int,
    free: bool,
    across: npt.NDArray[np.bool_],
    enemy: npt.NDArray[np.bool_],
    occupied: npt.NDArray[np.bool_],
    land: npt.NDArray[np.bool_],
    max_work: int,
    capacity: int,
    end_cost: npt.NDArray[np.int32],
) -> int:
    """Fill `end_cost[cell, facing]` with the least cost of a legal end; return the work.

    Cells are ``(y * side + x) * n_alts + alt`` over a square box of `side` squares and
    `n_alts` 5-ft altitude levels (level `ground` is on the ground; it may be outside the
    box); levels below `alt_lo` are refused (the ground, or an altitude band). The box holds
    every square and altitude the budget can reach. Labels are compared by their rule states'
    `resources`, or by the packed `keys` when `high` is not 0
    (`footfall.flight.reach._packed`). Scene rules come as arrays over the box
    (`footfall.flight.space.scene_tables`): `across[y, x, d]` a step in direction d passes
    edges, walls and corners, `enemy[y, x, k]` an enemy blocks the flyer's box there,
    `occupied[y, x, k]` someone is there (no end), `land[y, x]` it may land. The label pool
    has room for `capacity` labels: its arrays are allocated untouched, so memory is only
    taken as labels are made (the operating system maps pages on first write). Returns -1
    past `max_work` pops, -2 when the pool is full.
    """
    n_cells = side * side * n_alts
    head = np.full(n_cells * n_parts, -1, np.int32)
    lab_rid = np.empty(capacity, np.int32)
    lab_cell = np.empty(capacity, np.int32)
    lab_cost = np.empty(capacity, np.int32)
    lab_key = np.empty(capacity, np.int64)  # keys[rid], next to the cost (one less lookup)
    lab_next = np.empty(capacity, np.int32)
    lab_queue = np.empty(capacity, np.int32)
    lab_state = np.zeros(capacity, np.int8)  # 0 pending, 1 popped, 2 dead
    bucket = np.full(limit + 1, -1, np.int32)
    n_res = resources.shape[1]
    lab_rid[0] = start_rid
    lab_cell[0] = origin
    lab_cost[0] = start_cost
    lab_key[0] = keys[start_rid]
    lab_next[0] = -1
    lab_queue[0] = -1
    head[origin * n_parts + part_of[start_rid]] = 0
    bucket[start_cost] = 0
    n = 1
    work = 0
    for cost in range(start_cost, limit + 1):
        while bucket[cost] >= 0:
            lab = bucket[cost]
            bucket[cost] = lab_queue[lab]
            if lab_state[lab] != 0:
                continue
            lab_state[lab] = 1
            work += 1
            if work > max_work:
                return -1
            rid = lab_rid[lab]
            cell = lab_cell[lab]
            alt = cell % n_alts
            square = cell // n_alts
            x = square % side
            y = square // side
            if cell != origin and not occupied[y, x, alt]:
                ok = keeps[rid] or (alt == ground and land[y, x])
                if ok:
                    if free:
                        for f in range(8):
                            if end_cost[cell, f] < 0:
                                end_cost[cell, f] = cost
                    else:
                        f = facing_of[rid]
                        if end_cost[cell, f] < 0:
                            end_cost[cell, f] = cost
            for m in range(move_start[rid], move_start[rid + 1]):
                new_cost = cost + move_cost[m]
                if new_cost > limit:
                    continue
                nx = x + move_dx[m]
                ny = y + move_dy[m]
                nalt = alt + move_dz[m]
                if nx < 0 or ny < 0 or nx >= side or ny >= side or nalt < alt_lo or nalt >= n_alts:
                    continue
                d = move_dir[m]
                if (d >= 0 and not across[y, x, d]) or enemy[ny, nx, nalt]:
                    continue
                nrid = move_to[m]
                ncell = (ny * side + nx) * n_alts + nalt
                slot = ncell * n_parts + part_of[nrid]
                nkey = keys[nrid]
                # One walk over the labels of the same place and part: is the new label
                # dominated by one (popped or pending, no costlier, every resource at least as
                # large)? Pending labels it dominates will never be needed: they die. Dead
                # labels are unlinked as the walk meets them. (A label it kills cannot be
                # dominated by another already there, which would have killed or kept it out.)
                dominated = False
                prev = -1
                other = head[slot]
                while other >= 0:
                    following = lab_next[other]
                    state = lab_state[other]
                    if state != 2:
                        ocost = lab_cost[other]
                        if ocost <= new_cost:
                            if high:
                                better = ((lab_key[other] | high) - nkey) & high == high
                            else:
                                better = True
                                orid = lab_rid[other]
                                for i in range(n_res):
                                    if resources[orid, i] < resources[nrid, i]:
                                        better = False
                                        break
                            if better:
                                dominated = True
                                break
                        if state == 0 and ocost >= new_cost:
                            if high:
                                worse = ((nkey | high) - lab_key[other]) & high == high
                            else:
                                worse = True
                                orid = lab_rid[other]
                                for i in range(n_res):
                                    if resources[orid, i] > resources[nrid, i]:
                                        worse = False
                                        break
                            if worse:
                                lab_state[other] = 2
                                state = 2
                    if state == 2:
                        if prev < 0:
                            head[slot] = following
                        else:
                            lab_next[prev] = following
                    else:
                        prev = other
                    other = following
                if dominated:
                    continue
                if n >= capacity:
                    return -2
                lab_rid[n] = nrid
                lab_cell[n] = ncell
                lab_cost[n] = new_cost
                lab_key[n] = nkey
                lab_next[n] = head[slot]
                head[slot] = n
                lab_queue[n] = bucket[new_cost]
                bucket[new_cost] = n
                n += 1
    return work
