"""The Python flight search: label-setting, least cost first, over (square, altitude, rule state).

An exact least-cost search (Dijkstra on a bucket queue; A* toward a target, for
`footfall.flight.reach.find_path`) whose moves are those of the rule machine
(`footfall.flight.machine.RuleStates`, computed by `step_raw`, the function `check` runs):
the search and the check cannot disagree. States that the rules cannot tell apart share a
rule state, and a state no better in any resource than one already expanded at the same
place and part is dropped (dominance). The compiled kernel (`footfall.flight.compiled`) runs
the same search without a target; this one also keeps the links back, so it can give a path.

Which steps are tried is the rule machine's: forward or backward one square, level or
climbing or diving by up to the step's own horizontal length; straight up or down 5 ft; turns
of 45° to 180° either way (ordinary first, the rest in place), once per space. A steeper step
(10 ft down over a 5-ft square) costs, covers and counts exactly as a 5-ft dive and a 5-ft
drop, which are tried; the tests compare the search with one that tries every step and merges
nothing.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from footfall.errors import LimitError
from footfall.flight.machine import Resources, RuleStates, free_turns
from footfall.flight.model import HALF_FT, Airspace, FlightState, Flyer, Raw, Step, StepKind, raw
from footfall.rules import System

__all__ = ["End", "FlightSearch", "Label", "Place", "Target", "lower_bound"]

#: A place a movement may end in: square, altitude, facing.
Place = tuple[int, int, int, int]
#: A search state: square, altitude and rule state id (`RuleStates`).
Label = tuple[int, int, int, int]
#: What to search toward (A*): square, altitude and the facing wanted (None: any).
Target = tuple[int, int, int, int | None]
#: A place's cheapest end: its cost (half-feet), whether it is a landing, its label.
End = tuple[int, bool, Label]
_Parents = dict[Label, tuple[Label, tuple[Step, ...]] | None]


def _dominated(labels: list[Resources], resources: Resources) -> bool:
    """Whether some label of `labels` is at least as good as `resources` in every resource."""
    for label in labels:
        for a, b in zip(label, resources, strict=True):
            if a < b:
                break
        else:
            return True
    return False


def lower_bound(flyer: Flyer, target: Target | None) -> Callable[[int, int, int], int]:
    """Return a lower bound (half-feet) of the cost still needed to reach `target` (A*).

    It is the exact cost of a relaxed flight that ignores turns, angles and walls: every square
    costs 5 ft level or 2.5 ft diving 5 ft, every 5 ft down at least 2.5 ft, every ft up at
    least the climbing rate. No step of a real flight costs less than the bound drops, so the
    bound is consistent: the first time the target pops, its cost is the least. Same place,
    same bound, so states sharing a search key still pop in order of cost (dominance holds).
    Without a target the bound is 0 (plain Dijkstra).
    """
    if target is None:
        return lambda x, y, alt: 0
    tx, ty, talt = target[0], target[1], target[2]
    num, den = flyer.up_cost
    dnum, dden = flyer.down_cost
    if 5 * num * dden + 5 * dnum * den < 10 * HALF_FT * den * dden:
        # Climbing a square costs less more than level flight than diving one saves (full up
        # speed, perfect: a 45° climb costs 5 ft as level flight does, a dive 2.5 ft): a
        # cheapest relaxed flight may climb some squares to dive others.
        return _trading_bound(tx, ty, talt, (num, den), (dnum, dden))

    def bound(x: int, y: int, alt: int) -> int:
        n = max(abs(tx - x), abs(ty - y))
        drop = alt - talt
        if drop >= 0:
            d = drop // 5
            return max(5 * HALF_FT * n - 5 * min(n, d), drop * HALF_FT // 2)
        return max(5 * HALF_FT * n, -drop * num // den)

    return bound


def _trading_bound(
    tx: int, ty: int, talt: int, up: tuple[int, int], down: tuple[int, int]
) -> Callable[[int, int, int], int]:
    """Return the exact cost of the relaxed flight of `lower_bound` when it may climb to dive.

    Over ``n`` squares, ``a`` dive 5 ft (``5 x down`` each), ``c`` climb 5 ft (``5 x up``),
    the rest are level (5 ft); the height still missing goes straight up or down. The cost is
    piecewise linear in ``(a, c)``, so its least value is at a corner of ``a, c >= 0,
    a + c <= n`` cut by the line where nothing is missing (``c - a = rise / 5``), or at
    the integer points next to where that line meets ``a + c = n``: those few are tried.
    """
    num, den = up
    dnum, dden = down

    def cost(n: int, rise: int, a: int, c: int) -> int:
        missing = rise + 5 * a - 5 * c
        vertical = missing * num // den if missing > 0 else -missing * dnum // dden
        return 5 * HALF_FT * (n - a - c) + 5 * a * dnum // dden + 5 * c * num // den + vertical

    def bound(x: int, y: int, alt: int) -> int:
        n = max(abs(tx - x), abs(ty - y))
        rise = talt - alt
        k = rise // 5
        best = cost(n, rise, 0, 0)
        a0 = (n - k) // 2
        for a, c in (
            (n, 0),
            (0, n),
            (0, k),
            (-k, 0),
            (a0, n - a0),
            (a0, a0 + k),
            (a0 + 1, n - a0 - 1),
            (a0 + 1, a0 + 1 + k),
        ):
            if a >= 0 and c >= 0 and a + c <= n:
                best = min(best, cost(n, rise, a, c))
        return best

    return bound


class FlightSearch:
    """One least-cost search of a movement: the ends it found, the links back, the work done.

    A bucket queue (Dial's algorithm: every cost is a whole number of half-feet, every bound
    too) pops states in order of cost plus bound; states popped at the same (square, altitude,
    rule-state part) keep their resources, and a state no better in every resource than one
    of them is dropped (dominance, `RuleStates`). A class that turns freely (perfect) has its
    facing dropped from the part: from each state it may turn to any facing at no cost before
    moving, and it may end facing any way. With a `target` (A*, `lower_bound`), the search
    stops once the target is an end. Past `max_work` states it raises `LimitError`.

    After `run`: `ends` (each place's cheapest `End`), `work`, and `steps_to(label)` /
    `state_of(label)` for the flight to a label.
    """

    def __init__(
        self,
        flyer: Flyer,
        start: FlightState,
        *,
        system: System,
        budget_ft: int,
        space: Airspace,
        target: Target | None,
        max_work: int,
    ) -> None:
        assert system.tactical is not None
        self.flyer = flyer
        self.space = space
        self.target = target
        self.max_work = max_work
        self.limit = budget_ft * HALF_FT
        self.free = free_turns(flyer)
        self.rules = RuleStates(
            flyer, int(system.square), system.tactical.diagonal_costs, budget_ft, self.free
        )
        rid0 = self.rules.intern(self.rules.canon(raw(start)))
        k0: Label = (start.x, start.y, start.alt, rid0)
        self.origin = (start.x, start.y, start.alt)
        self.parent: _Parents = {k0: None}
        self.best: dict[Label, int] = {k0: start.spent}
        self.words: dict[Label, int] = {k0: 0}
        self.closed: set[Label] = set()
        self.popped: dict[tuple[int, int, int, tuple[int, ...]], list[Resources]] = {}
        self.ends: dict[Place, End] = {}
        self.work = 0
        self._end_cache: dict[tuple[int, int, int], tuple[bool, bool]] = {}
        self._bound = lower_bound(flyer, target)
        # Bucket = least-cost-plus-bound; within one, cheapest first, then first pushed (as a
        # binary heap on (priority, cost, counter) would: paths are the same as they were).
        first = start.spent + self._bound(start.x, start.y, start.alt)
        self._buckets: dict[int, list[tuple[int, int, Label]]] = {first: [(start.spent, 0, k0)]}

    def _settle(self, k: Label, spent: int) -> bool:
        """Expand label `k` popped at cost `spent`, unless it is stale or dominated."""
        x, y, alt, rid = k
        if k in self.closed or self.best[k] != spent:
            return False
        res = self.rules.resources[rid]
        labels = self.popped.setdefault((x, y, alt, self.rules.parts[rid]), [])
        if _dominated(labels, res):
            return False
        labels.append(res)
        self.closed.add(k)
        self.work += 1
        if self.work > self.max_work:
            raise LimitError("error.flight.search-work", most=self.max_work)
        return True

    def _record_ends(self, k: Label, spent: int) -> bool:
        """Record the places label `k` may end the movement in; True when it is the target."""
        x, y, alt, rid = k
        flyer, space, ends = self.flyer, self.space, self.ends
        facings = range(8) if self.free else (self.rules.states[rid][3],)
        for facing in facings:
            place = (x, y, alt, facing)
            if place in ends:
                continue
            where = (x, y, alt)
            cached = self._end_cache.get(where)
            if cached is None:
                probe = FlightState(x, y, alt, facing)
                cached = (not space.end_faults(flyer, probe), space.can_land(flyer, x, y))
                self._end_cache[where] = cached
            if not cached[0]:
                break
            if self.rules.keeps[rid]:
                landed = alt == 0
            elif alt == 0 and cached[1]:
                landed = True
            else:
                break
            ends[place] = (spent, landed, k)
        target = self.target
        if target is None or (x, y, alt) != target[:3]:
            return False
        tx, ty, talt, tfacing = target
        return any((tx, ty, talt, f) in ends for f in range(8) if tfacing in (None, f))

    def run(self) -> FlightSearch:
        """Search until the queue is empty or the target is found; return the search."""
        flyer, space, limit, bound = self.flyer, self.space, self.limit, self._bound
        best, closed, words, parent = self.best, self.closed, self.words, self.parent
        popped, buckets, moves = self.popped, self._buckets, self.rules.moves
        parts, resources = self.rules.parts, self.rules.resources
        open_sky = type(space) is Airspace
        legal_steps: dict[tuple[int, int, int, int | None, int], bool] = {}
        counter = 0
        found_target = False
        while buckets and not found_target:
            priority = min(buckets)
            bucket = buckets[priority]
            while bucket:
                spent, _, k = heapq.heappop(bucket)
                if not self._settle(k, spent):
                    continue
                x, y, alt, rid = k
                if (x, y, alt) != self.origin and self._record_ends(k, spent):
                    found_target = True
                    break
                length0 = words[k]
                for pre_steps, nrid, dcost, dx, dy, dz, direction in moves(rid):
                    new_cost = spent + dcost
                    if new_cost > limit:
                        continue
                    new_alt = alt + dz
                    if open_sky:
                        if new_alt < 0:
                            continue
                    else:
                        probe_key = (x, y, alt, direction, new_alt)
                        ok = legal_steps.get(probe_key)
                        if ok is None:
                            ok = not space.step_faults(flyer, x, y, alt, direction, new_alt)
                            legal_steps[probe_key] = ok
                        if not ok:
                            continue
                    nk = (x + dx, y + dy, new_alt, nrid)
                    old = best.get(nk, limit + 1)
                    if new_cost > old:
                        continue
                    length = length0 + len(pre_steps) + (pre_steps[-1].kind is StepKind.BACKWARD)
                    if new_cost == old:
                        # Same cost: keep the path with fewer steps (a readable answer), unless
                        # that state was already expanded.
                        if nk not in closed and length < words[nk]:
                            parent[nk] = (k, pre_steps)
                            words[nk] = length
                        continue
                    done = popped.get((nk[0], nk[1], new_alt, parts[nrid]))
                    if done and _dominated(done, resources[nrid]):
                        continue
                    best[nk] = new_cost
                    parent[nk] = (k, pre_steps)
                    words[nk] = length
                    counter += 1
                    p = new_cost + bound(nk[0], nk[1], new_alt)
                    heapq.heappush(buckets.setdefault(p, []), (new_cost, counter, nk))
            del buckets[priority]
        return self

    def state_of(self, label: Label) -> Raw:
        """Return the raw state of `label` (its rule state at its square, altitude and cost)."""
        x, y, alt, rid = label
        r = self.rules.states[rid]
        return (x, y, alt, r[3], self.best[label], *r[5:])

    def steps_to(self, label: Label) -> list[Step]:
        """Return the steps of the cheapest flight found from the start to `label`."""
        steps: list[Step] = []
        link = self.parent[label]
        while link is not None:
            prev, taken = link
            steps[:0] = taken
            link = self.parent[prev]
        return steps
