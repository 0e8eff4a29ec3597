"""The compiled flight reach kernel: a label-setting bucket search in numba, loaded lazily.

Importing this module imports numba; the first call loads cached machine code (or compiles
it, a few seconds, once, stored in ``__pycache__``). `footfall.flight.compiled` imports it
only for searches large enough to pay for that (see `footfall.flight.compiled.COMPILED_FROM_FT`).

The kernel knows nothing of the flight rules: `footfall.flight.machine` turns them into a
finite machine over rule states (moves with their cost and displacement, a `part` and a
resource vector per rule state), computed by `footfall.flight.model.step_raw` itself.

Labels live in a pool of parallel arrays (rule state, cell, cost, packed resources, the next
label of the same place and part, the next label of the same cost bucket, and a state: 0
pending, 1 popped, 2 dead). The steps of the search are small njit functions (`_push`,
`_covers`, `_dominated`, `_record_end`); numba compiles them into the kernel's module, where
LLVM inlines them. Measured against the one-function kernel they replaced: the same machine
code (3,023 lines of assembly against 3,000, no call added: every call left is numba's
runtime) and the same times, within the noise of a loaded machine (an average 80-ft flyer,
a perfect one, the canyon's eagle at 160 ft).
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from footfall._prefetch import prefetch as _prefetch

__all__ = ["reach_kernel", "settle_kernel"]

_I8 = npt.NDArray[np.int8]
_I32 = npt.NDArray[np.int32]
_I64 = npt.NDArray[np.int64]
_Bool = npt.NDArray[np.bool_]
_U64 = npt.NDArray[np.uint64]

#: Label states in the pool.
_PENDING, _POPPED, _DEAD = 0, 1, 2


@numba.njit(cache=True, nogil=True)
def _push(
    n: int, rid: int, cell: int, cost: int, key: int, slot: int, head: _I32, bucket: _I32,
    lab_rid: _I32, lab_cell: _I32, lab_cost: _I32, lab_key: _I64, lab_next: _I32,
    lab_queue: _I32,
) -> None:  # fmt: skip
    """Make label `n` (rule state `rid` in `cell` at `cost`): first of its place's list
    (`head[slot]`) and of its cost's bucket."""
    lab_rid[n] = rid
    lab_cell[n] = cell
    lab_cost[n] = cost
    lab_key[n] = key
    lab_next[n] = head[slot]
    head[slot] = n
    lab_queue[n] = bucket[cost]
    bucket[cost] = n


@numba.njit(cache=True, nogil=True)
def _covers(
    key_a: int, key_b: int, high: int, resources: _I64, rid_a: int, rid_b: int
) -> bool:  # fmt: skip
    """Whether label a has every resource at least as large as label b's.

    With packed keys (`high` not 0: `footfall.flight.machine.Machine.keys`) one operation;
    else column by column.
    """
    if high:
        return bool(((key_a | high) - key_b) & high == high)
    for i in range(resources.shape[1]):  # noqa: SIM110 - a loop, not a generator, in numba
        if resources[rid_a, i] < resources[rid_b, i]:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def _dominated(
    slot: int, cost: int, key: int, rid: int, high: int, resources: _I64, head: _I32,
    lab_rid: _I32, lab_cost: _I32, lab_key: _I64, lab_next: _I32, lab_state: _I8,
) -> bool:  # fmt: skip
    """Whether a new label (`rid` at `cost`) is dominated by one of its place and part.

    One walk over the labels of `slot` (popped or pending): one no costlier with every
    resource at least as large dominates it. Pending labels it dominates will never be
    needed: they die. Dead labels are unlinked as the walk meets them. (A label it kills
    cannot be dominated by another already there, which would have killed or kept it out.)
    """
    prev = -1
    other = head[slot]
    while other >= 0:
        following = lab_next[other]
        state = lab_state[other]
        if state != _DEAD:
            ocost = lab_cost[other]
            if ocost <= cost and _covers(lab_key[other], key, high, resources, lab_rid[other], rid):
                return True
            if (
                state == _PENDING
                and ocost >= cost
                and _covers(key, lab_key[other], high, resources, rid, lab_rid[other])
            ):
                lab_state[other] = _DEAD
                state = _DEAD
        if state == _DEAD:
            if prev < 0:
                head[slot] = following
            else:
                lab_next[prev] = following
        else:
            prev = other
        other = following
    return False


@numba.njit(cache=True, nogil=True)
def _record_end(end_cost: _I32, cell: int, cost: int, free: bool, facing: int) -> None:
    """Record an end at `cost` in `cell` facing `facing` (every facing for a free turner),
    unless a cheaper one was recorded first."""
    if free:
        for f in range(8):
            if end_cost[cell, f] < 0:
                end_cost[cell, f] = cost
    elif end_cost[cell, facing] < 0:
        end_cost[cell, facing] = cost


@numba.njit(cache=True, nogil=True)
def reach_kernel(
    part_of: _I32, resources: _I64, keys: _I64, high: int, keeps: _Bool, facing_of: _I8,
    move_start: _I32, move_to: _I32, move_cost: _I32, move_dx: _I8, move_dy: _I8, move_dz: _I8,
    move_dir: _I8, n_parts: int, side: int, n_alts: int, alt_lo: int, ground: int, origin: int,
    start_rid: int, start_cost: int, limit: int, free: bool, across: _Bool, enemy: _Bool,
    occupied: _Bool, land: _Bool, max_work: int, capacity: int, end_cost: _I32,
) -> int:  # fmt: skip
    """Fill `end_cost[cell, facing]` with the least cost of a legal end; return the work.

    Cells are ``(y * side + x) * n_alts + alt`` over a square box of `side` squares and
    `n_alts` 5-ft altitude levels (level `ground` is on the ground; it may be outside the
    box); levels below `alt_lo` are refused (the ground, or an altitude band). The box holds
    every square and altitude the budget can reach. Labels are compared by their rule states'
    `resources`, or by the packed `keys` when `high` is not 0. Scene rules come as arrays over
    the box (`footfall.flight.space.scene_tables`): `across[y, x, d]` a step in direction d
    passes edges, walls and corners, `enemy[y, x, k]` an enemy blocks the flyer's box there,
    `occupied[y, x, k]` someone is there (no end), `land[y, x]` it may land. The label pool
    has room for `capacity` labels: its arrays are allocated untouched, so memory is only
    taken as labels are made (the operating system maps pages on first write). Returns -1
    past `max_work` pops, -2 when the pool is full.
    """
    head = np.full(side * side * n_alts * n_parts, -1, np.int32)
    lab_rid = np.empty(capacity, np.int32)
    lab_cell = np.empty(capacity, np.int32)
    lab_cost = np.empty(capacity, np.int32)
    lab_key = np.empty(capacity, np.int64)  # keys[rid], next to the cost (one less lookup)
    lab_next = np.empty(capacity, np.int32)
    lab_queue = np.empty(capacity, np.int32)
    lab_state = np.zeros(capacity, np.int8)
    bucket = np.full(limit + 1, -1, np.int32)
    slot = origin * n_parts + part_of[start_rid]
    _push(0, start_rid, origin, start_cost, keys[start_rid], slot, head, bucket,
          lab_rid, lab_cell, lab_cost, lab_key, lab_next, lab_queue)  # fmt: skip
    n = 1
    work = 0
    for cost in range(start_cost, limit + 1):
        while bucket[cost] >= 0:
            lab = bucket[cost]
            bucket[cost] = lab_queue[lab]
            if lab_state[lab] != _PENDING:
                continue
            lab_state[lab] = _POPPED
            work += 1
            if work > max_work:
                return -1
            rid = lab_rid[lab]
            cell = lab_cell[lab]
            alt = cell % n_alts
            x = cell // n_alts % side
            y = cell // n_alts // side
            if (
                cell != origin
                and not occupied[y, x, alt]
                and (keeps[rid] or (alt == ground and land[y, x]))
            ):
                _record_end(end_cost, cell, cost, free, facing_of[rid])
            for m in range(move_start[rid], move_start[rid + 1]):
                new_cost = cost + move_cost[m]
                nx = x + move_dx[m]
                ny = y + move_dy[m]
                nalt = alt + move_dz[m]
                if (
                    new_cost > limit
                    or nx < 0 or ny < 0 or nx >= side or ny >= side
                    or nalt < alt_lo or nalt >= n_alts
                ):  # fmt: skip
                    continue
                d = move_dir[m]
                if (d >= 0 and not across[y, x, d]) or enemy[ny, nx, nalt]:
                    continue
                nrid = move_to[m]
                ncell = (ny * side + nx) * n_alts + nalt
                slot = ncell * n_parts + part_of[nrid]
                nkey = keys[nrid]
                if _dominated(slot, new_cost, nkey, nrid, high, resources, head,
                              lab_rid, lab_cost, lab_key, lab_next, lab_state):  # fmt: skip
                    continue
                if n >= capacity:
                    return -2
                _push(n, nrid, ncell, new_cost, nkey, slot, head, bucket,
                      lab_rid, lab_cell, lab_cost, lab_key, lab_next, lab_queue)  # fmt: skip
                n += 1
    return work


# ---------------------------------------------------------------- the settled-mask kernel

#: Fields of a label in `settle_kernel`'s pool (one int32 row of `_FIELDS` per label, so that
#: popping or walking a label reads one cache line).
_RID, _CELL, _COST, _NEXT, _QUEUE, _REC, _STATE = 0, 1, 2, 3, 4, 5, 6
_FIELDS = 8


@numba.njit(cache=True, nogil=True)
def _pending_walk(
    slot_head: _I32, rec: int, cost: int, key: int, rid: int, high: int, keys: _I64,
    resources: _I64, lab: _I32,
) -> bool:  # fmt: skip
    """Whether a new label (`rid` at `cost`) is dominated by a pending label of its place and
    part (record `rec`); pending labels it dominates die. Labels no longer pending (popped:
    the settled mask stands for them; dead) are unlinked as the walk meets them."""
    prev = -1
    other = slot_head[rec]
    while other >= 0:
        following = lab[other, _NEXT]
        if lab[other, _STATE] == _PENDING:
            ocost = lab[other, _COST]
            orid = lab[other, _RID]
            if ocost <= cost and _covers(keys[orid], key, high, resources, orid, rid):
                return True
            if ocost >= cost and _covers(key, keys[orid], high, resources, rid, orid):
                lab[other, _STATE] = _DEAD
        if lab[other, _STATE] != _PENDING:
            if prev < 0:
                slot_head[rec] = following
            else:
                lab[prev, _NEXT] = following
        else:
            prev = other
        other = following
    return False


@numba.njit(cache=True, nogil=True)
def _make_label(
    lab: _I32, n: int, rid: int, cell: int, cost: int, rec: int, slot_head: _I32, bucket: _I32
) -> None:
    """Make label `n` (rule state `rid` in `cell` at `cost`, place record `rec`): pending,
    first of its record's pending list and of its cost's bucket."""
    lab[n, _RID], lab[n, _CELL], lab[n, _COST], lab[n, _REC] = rid, cell, cost, rec
    lab[n, _STATE], lab[n, _NEXT], lab[n, _QUEUE] = _PENDING, slot_head[rec], bucket[cost]
    slot_head[rec] = n
    bucket[cost] = n


@numba.njit(cache=True, nogil=True)
def _open_record(rec: int, slot: int, rec_of: _I32, masks: _U64, words: int, head: _I32) -> int:
    """Give place and part `slot` record `rec`: an empty settled mask, no pending label."""
    rec_of[slot] = rec
    masks[rec * words : (rec + 1) * words] = 0
    head[rec] = -1
    return rec


@numba.njit(cache=True, nogil=True)
def _settled(masks: _U64, base: int, bit: int) -> bool:
    """Whether bit `bit` of the settled mask at `base` is set (a popped label covers it)."""
    return bool((masks[base + (bit >> 6)] >> np.uint64(bit & 63)) & np.uint64(1))


@numba.njit(cache=True, nogil=True)
def _mirror(x: int, y: int, alt: int, axis: int, side: int, n_alts: int) -> int:
    """Return the cell of the mirror image of square (`x`, `y`) at level `alt` in the
    reflection that keeps the facing `axis` (the box is centred on the start). From the
    coordinates, not the cell: no division (a search makes millions of these)."""
    c = side >> 1
    u = x - c
    v = y - c
    if axis % 4 == 0:  # N-S: x -> -x
        mu, mv = -u, v
    elif axis % 4 == 2:  # E-W: y -> -y
        mu, mv = u, -v
    elif axis % 4 == 1:  # NE-SW: (x, y) -> (-y, -x)
        mu, mv = -v, -u
    else:  # SE-NW: (x, y) -> (y, x)
        mu, mv = v, u
    return ((mv + c) * side + mu + c) * n_alts + alt


@numba.njit(cache=True, nogil=True)
def _new_label(
    x: int, y: int, alt: int, rid: int, cost: int, shed_cost: _I32, shed_to: _I32,
    mirror_rid: _I32, axis: int, side: int, n_alts: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Return the (cell, rule state) a new label of rule state `rid` in square (`x`, `y`) at
    level `alt` at `cost` is made as (shed, then the lesser of it and its mirror image when
    `axis` is a facing), and its rule state before shedding (a popped label covering that
    one covers it too)."""
    cell = (y * side + x) * n_alts + alt
    whole = rid
    while cost >= shed_cost[rid]:
        rid = shed_to[rid]
    if axis >= 0:
        mcell = _mirror(x, y, alt, axis, side, n_alts)
        mrid = mirror_rid[rid]
        if mcell < cell or (mcell == cell and mrid < rid):
            return mcell, mrid, mirror_rid[whole]
    return cell, rid, whole


@numba.njit(cache=True, nogil=True, inline="always")
def _prefetch_places(
    c_slot: _I64, c_rid: _I64, k: int, rec_of: _I32, masks: _U64, words: int, bit_of: _I32,
    slot_head: _I32, lab: _I32,
) -> None:  # fmt: skip
    """Bring in the places of a popped label's `k` candidates before they are looked at (their
    `rec_of` entries were asked for as the candidates were made): each settled mask's word,
    pending list head and first pending label. The candidates' cache misses then overlap,
    where each waited for the one before (the search is bound by memory latency)."""
    for j in range(k):
        rec = rec_of[c_slot[j]]
        if rec >= 0:
            _prefetch(masks, rec * words + (bit_of[c_rid[j]] >> 6))
            _prefetch(slot_head, rec)
    for j in range(k):
        rec = rec_of[c_slot[j]]
        if rec >= 0 and slot_head[rec] >= 0:
            _prefetch(lab, slot_head[rec] * _FIELDS)


@numba.njit(cache=True, nogil=True, inline="always")
def _candidates(
    rid: int, x: int, y: int, alt: int, cost: int, part_of: _I32, move_start: _I32, move_to: _I32,
    move_cost: _I32, move_dx: _I8, move_dy: _I8, move_dz: _I8, move_dir: _I8, n_parts: int,
    mirror_rid: _I32, shed_cost: _I32, shed_to: _I32, axis: int, side: int, n_alts: int,
    alt_lo: int, limit: int, across: _Bool, enemy: _Bool, rec_of: _I32, cand: _I64,
) -> int:  # fmt: skip
    """Write the moves of label `rid` at `cost` in square (`x`, `y`) at level `alt` that the
    airspace allows into `cand` (rows of cell, rule state, rule state before shedding, cost,
    place and part slot: `_new_label`) and ask for each one's `rec_of` entry; return how many.
    """
    k = 0
    for m in range(move_start[rid], move_start[rid + 1]):
        new_cost = cost + move_cost[m]
        nx = x + move_dx[m]
        ny = y + move_dy[m]
        nalt = alt + move_dz[m]
        if (
            new_cost > limit
            or nx < 0 or ny < 0 or nx >= side or ny >= side
            or nalt < alt_lo or nalt >= n_alts
        ):  # fmt: skip
            continue
        d = move_dir[m]
        if (d >= 0 and not across[y, x, d]) or enemy[ny, nx, nalt]:
            continue
        ncell, nrid, whole = _new_label(nx, ny, nalt, move_to[m], new_cost, shed_cost, shed_to,
                                        mirror_rid, axis, side, n_alts)  # fmt: skip
        slot = ncell * n_parts + part_of[nrid]
        _prefetch(rec_of, slot)
        cand[0, k], cand[1, k], cand[2, k], cand[3, k], cand[4, k] = (
            ncell, nrid, whole, new_cost, slot
        )  # fmt: skip
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def settle_kernel(
    part_of: _I32, resources: _I64, keys: _I64, high: int, keeps: _Bool, facing_of: _I8,
    move_start: _I32, move_to: _I32, move_cost: _I32, move_dx: _I8, move_dy: _I8, move_dz: _I8,
    move_dir: _I8, n_parts: int, bit_of: _I32, part_words: _I32, cover: _U64, words: int,
    mirror_rid: _I32, shed_cost: _I32, shed_to: _I32, axis: int, side: int, n_alts: int,
    alt_lo: int, ground: int, origin: int, start_rid: int, start_cost: int, limit: int,
    free: bool, across: _Bool, enemy: _Bool, occupied: _Bool, land: _Bool, max_work: int,
    capacity: int, end_cost: _I32,
) -> int:  # fmt: skip
    """`reach_kernel`'s search with the popped labels of a place kept as a bit mask.

    A new label is dominated by a popped one of its place and part exactly when its rule
    state's bit is set in the place's *settled mask* (`cover[r]`: the rule states of its part
    that rule state r covers, `bit_of[r]` its bit, ORed in as r pops); only the pending
    labels are walked. With `axis` a facing, the airspace is symmetric under the reflection
    that keeps that facing (the open sky: the start faces `axis`), and each label is the
    lesser (cell, rule state) of it and its mirror image (`mirror_rid`), whose ends are
    recorded too. A label at cost c of rule state r is one of `shed_to[r]` while c >=
    `shed_cost[r]` (`Machine.shed_cost`). With `axis` -1 and every `shed_cost` past `limit`
    it makes `reach_kernel`'s labels in its order. A popped label's moves are made first
    (`_candidates`), their places fetched together (`_prefetch_places`), then looked at in
    order. -1: past `max_work`; -2: full.
    """
    n_slots = side * side * n_alts * n_parts
    n_recs_max = min(n_slots, capacity)
    rec_of = np.full(n_slots, -1, np.int32)
    slot_head = np.empty(n_recs_max, np.int32)
    masks = np.empty(n_recs_max * words, np.uint64)
    lab = np.empty((capacity, _FIELDS), np.int32)
    bucket = np.full(limit + 1, -1, np.int32)
    cand = np.empty((5, max(1, int(np.max(np.diff(move_start))))), np.int64)
    while start_cost >= shed_cost[start_rid]:
        start_rid = shed_to[start_rid]
    _open_record(0, origin * n_parts + part_of[start_rid], rec_of, masks, words, slot_head)
    n_recs = 1
    _make_label(lab, 0, start_rid, origin, start_cost, 0, slot_head, bucket)
    n = 1
    work = 0
    for cost in range(start_cost, limit + 1):
        while bucket[cost] >= 0:
            i = bucket[cost]
            bucket[cost] = lab[i, _QUEUE]
            if lab[i, _STATE] != _PENDING:
                continue
            lab[i, _STATE] = _POPPED
            work += 1
            if work > max_work:
                return -1
            rid = lab[i, _RID]
            cell = lab[i, _CELL]
            alt = cell % n_alts
            x = cell // n_alts % side
            y = cell // n_alts // side
            k = _candidates(rid, x, y, alt, cost, part_of, move_start, move_to, move_cost,
                            move_dx, move_dy, move_dz, move_dir, n_parts, mirror_rid, shed_cost,
                            shed_to, axis, side, n_alts, alt_lo, limit, across, enemy, rec_of,
                            cand)  # fmt: skip
            _prefetch_places(cand[4], cand[1], k, rec_of, masks, words, bit_of, slot_head, lab)
            rec = lab[i, _REC]
            if slot_head[rec] == i:  # popped: no longer pending (the walks unlink the others)
                slot_head[rec] = lab[i, _NEXT]
            base = rec * words
            for w in range(part_words[part_of[rid]]):
                masks[base + w] |= cover[rid * words + w]
            if (
                cell != origin
                and not occupied[y, x, alt]
                and (keeps[rid] or (alt == ground and land[y, x]))
            ):
                _record_end(end_cost, cell, cost, free, facing_of[rid])
                if axis >= 0:  # and its mirror image's
                    mcell = _mirror(x, y, alt, axis, side, n_alts)
                    _record_end(end_cost, mcell, cost, free, facing_of[mirror_rid[rid]])
            for j in range(k):
                ncell, nrid, whole, new_cost, slot = (
                    cand[0, j], cand[1, j], cand[2, j], cand[3, j], cand[4, j]
                )  # fmt: skip
                rec = rec_of[slot]
                nkey = keys[nrid]
                if rec < 0:
                    if n_recs >= n_recs_max:
                        return -2
                    rec = _open_record(n_recs, slot, rec_of, masks, words, slot_head)
                    n_recs += 1
                else:
                    if _settled(masks, rec * words, bit_of[nrid]):
                        continue
                    if whole != nrid and _settled(masks, rec * words, bit_of[whole]):
                        continue
                    if _pending_walk(slot_head, rec, new_cost, nkey, nrid, high, keys,
                                     resources, lab):  # fmt: skip
                        continue
                if n >= capacity:
                    return -2
                _make_label(lab, n, nrid, ncell, new_cost, rec, slot_head, bucket)
                n += 1
    return work
