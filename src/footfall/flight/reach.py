"""Search every legal flight of one movement: where a flyer can end, and a cheapest path there.

An exact least-cost search (Dijkstra on a bucket queue; A* toward a target for `find_path`;
a compiled kernel for larger searches)
over the flyer's whole state (`FlightState`: square, altitude, facing, turn and climb
history ...). Its moves are the steps of `footfall.flight.model` and their legality and cost
come from `step_raw`, the function `advance` (and so `check`) wraps: the search and the check
cannot disagree. States that differ only where the rules cannot tell them apart share a key
(20 ft flown since the last turn is as good as the 5 ft an average flyer needs), and a state
no better in any resource than one already expanded is dropped (dominance). A work limit
turns absurd requests into `LimitError`.

Which steps the search tries: forward or backward one square, level or climbing or diving by
up to the step's own horizontal length; straight up or down 5 ft; turns of 45° to 180° either
way (ordinary first, the rest in place), once per space; turns wholly in place only where the
turn rate needs more than one square (never, in seed 004's table). A steeper step (10 ft down
over a 5-ft square) costs, covers and counts exactly as a 5-ft dive and a 5-ft drop, which are
tried; the tests compare the search with one that tries every step and merges nothing.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import heapq
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from footfall.errors import LimitError
from footfall.flight.model import (
    HALF_FT,
    OPEN_SKY,
    Airspace,
    Fault,
    FlightState,
    Flyer,
    Raw,
    Step,
    StepKind,
    TurnCredit,
    advance,
    keeps_flying,
    raw,
    step_raw,
    with_switches,
)
from footfall.grid import alternating_diagonals
from footfall.limits import LIMITS
from footfall.rules import ANY, FlightRow, System, TurnRate

__all__ = [
    "COMPILED_FROM_FT",
    "MAX_BUDGET_FT",
    "MAX_COMPILED_WORK",
    "MAX_WORK",
    "FlightPath",
    "FlightReach",
    "ReachEntry",
    "find_path",
    "format_steps",
    "paused_gc",
    "reach",
    "warm_up",
]

#: Most search states footfall expands for one flight query (in Python).
MAX_WORK = LIMITS.flight_work

#: Most search states the compiled kernel expands for one flight query by default (it
#: expands a few million a second; its label pool grows with them, ~20 bytes a label).
MAX_COMPILED_WORK = LIMITS.flight_compiled_work

#: Longest movement footfall searches, ft (twice a 120-ft fly speed); longer is refused at once.
MAX_BUDGET_FT = LIMITS.flight_budget_ft

Resources = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReachEntry:
    """A place a flyer can end its movement: square, altitude (ft), facing, least cost (ft)."""

    x: int
    y: int
    alt: int
    facing: int
    cost_ft: Fraction
    landed: bool
    """It ends on the ground, below its minimum forward speed (a landing, not a stall)."""


@dataclass(frozen=True, slots=True)
class FlightPath:
    """A cheapest legal flight to a place: its steps, the state after each, its cost."""

    steps: tuple[Step, ...]
    states: tuple[FlightState, ...]
    cost_ft: Fraction


@dataclass(frozen=True, slots=True)
class FlightReach:
    """Every place `flyer` can end a movement of `budget_ft` from `start`, cheapest first."""

    flyer: Flyer
    start: FlightState
    budget_ft: int
    entries: tuple[ReachEntry, ...]
    work: int


#: Fixed-point scale of the slack under a climb or dive angle whose tangent is irrational
#: (60°, 30°): see `_Rules.slack`.
_SLACK_SCALE = 1 << 40


class _Free(Airspace):
    """An airspace that refuses nothing: the rules alone decide (transitions are memoised)."""

    def step_faults(
        self, flyer: Flyer, x: int, y: int, alt: int, direction: int | None, new_alt: int
    ) -> tuple[Fault, ...]:
        """Refuse nothing."""
        del flyer, x, y, alt, direction, new_alt
        return ()


_NOWHERE = _Free()

#: One move of the search from a rule state: the step (with the free turn before it, for a
#: class that turns freely), the rule state after it, its cost (half-feet), its displacement
#: and its horizontal direction (None: straight up or down).
Move = tuple[tuple[Step, ...], int, int, int, int, int, int | None]
#: One legal step from a rule state: the free turn before it, the step, the raw state after
#: it and its horizontal direction (None: straight up or down).
_StepOut = tuple[tuple[Step, ...], Step, Raw, int | None]


class _Rules:
    """The flight rules of one search, over *rule states*: a state without square and altitude.

    A rule state is a `Raw` whose ``x``, ``y``, ``alt`` and ``spent`` are 0, with every other
    component made canonical: two states that the rules cannot tell apart from now on, within
    this movement, get the same rule state (and the same integer id). What a step does to a
    rule state does not depend on where the flyer is, so each transition is computed once
    (by `step_raw` itself, in an airspace that refuses nothing) and the airspace is asked
    separately. Canonical forms (each keeps every future decision of `step_raw` and
    `keeps_flying` unchanged):

    - ft since the last ordinary turn: capped at the turn rate's distance (``since >=
      per_ft`` is all `_turn` asks); 0 when the class turns any amount (任意); with banked
      turns (``flight_turn_credit`` = ``bank``) capped at what the rest of the movement could
      ever spend;
    - 5-10-5 diagonals: their parity (the next diagonal costs ``diagonal_costs[n % 2]``);
    - flying backward: kept only when the reverse costs something (倒退 5 ft, good);
    - level ft since a dive: None once it reaches what a climb needs (升降缓冲), as no
      descent pending;
    - the current climb or dive and its extents: dropped when its angle does not limit (任意);
      for a 45° angle only ``rh - rv`` matters (``(rv + V)^2 > (rh + H)^2`` iff ``V - H >
      rh - rv``); any run whose slack exceeds the most height this movement can gain that way
      (the budget over the climbing or diving cost per ft) is replaced by a run that can
      never fail;
    - ground covered forward: capped at the minimum forward speed (only ``>=`` is asked).

    Dominance (`resources`): among rule states with the same `part` (facing, 5-10-5 parity),
    each resource is "larger is never worse": every step keeps the order (or refuses the
    worse state), proved in docs/flight.md ("Performance"):

    1. forward ground (capped): only ever increases, by the same amount for both;
    2. ft since the last turn (capped): a larger value turns more cheaply; an ordinary turn
       resets it to 0, a turn in place keeps it, and only classes whose turn needs 5 ft may
       turn in place (so the smaller value is then 0). When a class could turn in place with
       a turn rate over one square (not in seed 004), the value goes into `part` instead.
       Banked, an ordinary turn spends whole turn distances: the larger bank spends as many
       or more and pays less in place; it keeps at least as much, as the smaller one either
       spends as many or turns the rest in place (turn rate 5 ft: nothing left over) or
       cannot turn at all (poor and clumsy: no turn in place);
    3. whether it may still turn in this space: the search turns once per space (one turn of
       up to 180°), so a state that turned here only moves on, whatever it could still turn;
    4. level ft since a dive (capped, None = the cap): climbs need at least so much;
    5. already flying backward: the next backward square costs no reverse;
    6. slack under the climb angle and under the dive angle: ``tan(angle) x rh - rv`` of the
       current climb (dive), 0 when flying level or the other way: level flight is a run with
       no slack yet, as its next climbing step is judged from nothing (exact ordering, below).
    """

    def __init__(
        self,
        flyer: Flyer,
        square_ft: int,
        diagonal_costs: tuple[int, int],
        budget_ft: int,
        free: bool,
    ) -> None:
        row = flyer.row
        self.flyer = flyer
        self.square_ft = square_ft
        self.diagonal_costs = diagonal_costs
        self.free = free
        turn = row.turn
        self.turn_cap = turn.per_ft if isinstance(turn, TurnRate) else 0
        if isinstance(turn, TurnRate) and flyer.turn_credit is TurnCredit.BANK:
            # Banked turns: ft flown pay for turns later on. One space takes at most the
            # maximum turn (180° when unlimited: the search turns once per space), and a
            # movement has at most 2 x budget / 5 + 1 spaces (a 5-ft dive costs 2.5 ft):
            # more than all of that can pay for can never be spent.
            most = row.max_turn if isinstance(row.max_turn, int) else 180
            units = -(-most // turn.degrees)
            self.turn_cap = turn.per_ft * units * (2 * budget_ft // square_ft + 1)
        # A turn in place keeps the distance since the last turn; with a turn rate over one
        # square that distance could be 5 ft and larger would not be better (see above).
        self.since_in_part = (
            row.turn_in_place is not None and isinstance(turn, TurnRate) and turn.per_ft > square_ft
        )
        self.max_turn = row.max_turn if isinstance(row.max_turn, int) else None
        self.track_back = isinstance(row.reverse, int) and row.reverse > 0
        self.need_level = row.between_down_up_ft
        need_forward = flyer.min_forward_ft
        self.forward_cap = 0 if need_forward is None else math.ceil(need_forward)
        self.up, self.down = flyer.up_tan2, flyer.down_tan2
        # The most height one movement can gain climbing (or lose diving): every ft of it
        # costs at least `up_cost` (`down_cost`) half-feet, and the budget has 2 x budget.
        self.height_cap = {
            sign: HALF_FT * budget_ft * den // num
            for sign, (num, den) in ((1, flyer.up_cost), (-1, flyer.down_cost))
        }
        self.ids: dict[Raw, int] = {}
        self.states: list[Raw] = []
        self.parts: list[tuple[int, ...]] = []
        self.resources: list[Resources] = []
        self.keeps: list[bool] = []
        self._moves: list[list[Move] | None] = []
        self._by_head: dict[
            tuple[object, ...], list[tuple[tuple[Step, ...], Step, Raw, int | None]]
        ]
        self._by_head = {}
        self.moves_list, self.turns_list = _candidates(flyer, square_ft)

    def canon(self, r: Raw) -> Raw:
        """Return the canonical rule state of raw state `r` (square, altitude, cost dropped)."""
        _, _, _, facing, _, since, turned, diagonals, backward, level, run, rh, rv, fwd = r
        since = since if since < self.turn_cap else self.turn_cap
        backward = backward and self.track_back
        if level is not None and level >= self.need_level:
            level = None
        tan2 = self.up if run > 0 else self.down if run < 0 else None
        if tan2 is None:
            run, rh, rv = 0, 0, 0
        else:
            cap = self.height_cap[run]
            if tan2 == (1, 1):
                rh, rv = min(rh - rv, cap + 5), 0
            elif tan2[1] * (rv + cap) ** 2 <= tan2[0] * rh * rh:
                # No climb or dive this movement can make can break the angle any more.
                rh, rv = 2 * cap * tan2[1], 0
        fwd = fwd if fwd < self.forward_cap else self.forward_cap
        return (0, 0, 0, facing, 0, since, turned, diagonals & 1, backward, level, run, rh, rv, fwd)

    def slack(self, run: int, rh: int, rv: int) -> int:
        """Return an integer that orders runs by their slack ``tan(angle) x rh - rv``.

        For tan² = p/q the slack is ``sqrt(p/q) x rh - rv``; scaled by 2^40 and floored
        (`math.isqrt`, exact integers) it keeps the order of any two distinct slacks of this
        search: a rational tangent (45°) gives exact values, and for an irrational one
        (60°: √3) two runs of at most a few hundred ft differ by far more than 2^-40
        (|√3·a - b| > 1/(4a) for integers a, b), so the floor never swaps or ties them.
        """
        tan2 = self.up if run > 0 else self.down
        assert tan2 is not None
        p, q = tan2
        scaled = _SLACK_SCALE * rh
        return math.isqrt(p * scaled * scaled // q) - _SLACK_SCALE * rv

    def intern(self, r: Raw) -> int:
        """Return the id of canonical rule state `r`, adding it (part, resources) if new."""
        rid = self.ids.get(r)
        if rid is not None:
            return rid
        rid = len(self.states)
        self.ids[r] = rid
        self.states.append(r)
        _, _, _, facing, _, since, turned, parity, backward, level, run, rh, rv, fwd = r
        # Climbing, diving and level flight share a part: level flight is a climb (and a dive)
        # with no slack yet (dominance 6).
        part: tuple[int, ...] = (0 if self.free else facing, parity)
        since_res = since
        if self.since_in_part:
            part = (*part, since)
            since_res = 0
        # Whether it may still turn in this space: the search turns once per space (one turn
        # of up to 180°, ordinary first), so how much a turned state could still turn is moot.
        turn_res = int(not turned)
        resources: Resources = (
            fwd,
            since_res,
            turn_res,
            self.need_level if level is None else level,
            1 if backward else 0,
        )
        if self.up is not None:
            resources = (*resources, self.slack(run, rh, rv) if run > 0 else 0)
        if self.down is not None:
            resources = (*resources, self.slack(run, rh, rv) if run < 0 else 0)
        self.parts.append(part)
        self.resources.append(resources)
        self.keeps.append(fwd >= self.forward_cap)
        self._moves.append(None)
        return rid

    def moves(self, rid: int) -> list[Move]:
        """Return the moves from rule state `rid` (computed once, by `step_raw`).

        `step_raw` never reads the ground covered forward, only adds to it: the steps of
        rule states that differ in nothing else are worked out once (`_steps`) and the
        forward ground added to each.
        """
        found = self._moves[rid]
        if found is not None:
            return found
        r = self.states[rid]
        fwd = r[13]
        found = []
        for pre, step, new, direction in self._steps((*r[:13], 0)):
            new = (*new[:13], fwd + new[13])
            nrid = self.intern(self.canon(new))
            if nrid == rid and new[4] == 0 and not new[0] and not new[1] and not new[2]:
                continue  # hovering, or a turn that changes nothing
            found.append(((*pre, step), nrid, new[4], new[0], new[1], new[2], direction))
        self._moves[rid] = found
        return found

    def _steps(self, r: Raw) -> list[_StepOut]:
        """Return the legal steps from rule state `r` (no forward ground yet): the turn
        before, the step, the raw state after it and its direction (None: vertical)."""
        found = self._by_head.get(r)
        if found is not None:
            return found
        flyer, square_ft, diagonal_costs = self.flyer, self.square_ft, self.diagonal_costs
        found = []
        if self.free:
            starts = [
                ((*r[:3], f, *r[4:]), (Step(StepKind.TURN, turn=(f - r[3] + 4) % 8 - 4),))
                if f != r[3]
                else (r, ())
                for f in range(8)
            ]
        else:
            starts = [(r, ())]
        for rf, pre in starts:
            h = (
                alternating_diagonals(rf[7] % 2, 1, diagonal_costs)[0] * square_ft
                if rf[3] % 2
                else square_ft
            )
            steps = [m for m in self.moves_list if m.kind is StepKind.VERTICAL or abs(m.dz) <= h]
            if not self.free and not rf[6]:
                steps += self.turns_list
            for step in steps:
                new = step_raw(flyer, rf, step, _NOWHERE, square_ft, diagonal_costs, None)
                if new is None:
                    continue
                direction: int | None = None
                if step.kind is StepKind.FORWARD:
                    direction = rf[3]
                elif step.kind is StepKind.BACKWARD:
                    direction = (rf[3] + 4) % 8
                found.append((pre, step, new, direction))
        self._by_head[r] = found
        return found


def _dominated(labels: list[Resources], resources: Resources) -> bool:
    """Whether some label of `labels` is at least as good as `resources` in every resource."""
    for label in labels:
        for a, b in zip(label, resources, strict=True):
            if a < b:
                break
        else:
            return True
    return False


def _candidates(flyer: Flyer, square_ft: int) -> tuple[list[Step], list[Step]]:
    """Return (moves, turns) the search tries from each state."""
    row = flyer.row
    moves: list[Step] = []
    kinds = [StepKind.FORWARD]
    if row.fly_backward:
        kinds.append(StepKind.BACKWARD)
    for kind in kinds:
        moves.extend(Step(kind, dz=dz) for dz in (0, 5, -5, 10, -10))
    moves.extend((Step(StepKind.VERTICAL, dz=5), Step(StepKind.VERTICAL, dz=-5)))
    turns = [Step(StepKind.TURN, turn=e) for e in (1, -1, 2, -2, 3, -3, 4)]
    # Turning wholly in place instead of an ordinary turn only helps when the turn rate needs
    # more than one square of flight (the ordinary turn resets that count): never in seed 004's
    # table, whose only classes that turn in place need 5 ft.
    if (
        row.turn_in_place is not None
        and isinstance(row.turn, TurnRate)
        and row.turn.per_ft > square_ft
    ):
        turns.extend(Step(StepKind.PIVOT, turn=e) for e in (1, -1, 2, -2, 3, -3, 4))
    return moves, turns


def _ends_here(flyer: Flyer, state: FlightState, space: Airspace) -> bool | None:
    """Return None if the movement may not end in `state`, else whether it is a landing."""
    if space.end_faults(flyer, state):
        return None
    if keeps_flying(flyer, state):
        return state.alt == 0
    if state.alt == 0 and space.can_land(flyer, state.x, state.y):
        return True
    return None


def _bound(
    flyer: Flyer, target: tuple[int, int, int, int | None] | None
) -> Callable[[int, int, int], int]:
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
    """Return the exact cost of the relaxed flight of `_bound` when it may climb to dive.

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


def _free_turns(flyer: Flyer) -> bool:
    """Whether the class turns freely (任意: perfect): its facing never limits it."""
    row = flyer.row
    return row.turn is ANY and row.turn_in_place is ANY and row.max_turn is ANY


Place = tuple[int, int, int, int]
#: A search state: square, altitude and rule state id (`_Rules`).
Label = tuple[int, int, int, int]
Parents = dict[Label, tuple[Label, tuple[Step, ...]] | None]


def _search(
    flyer: Flyer,
    start: FlightState,
    *,
    system: System,
    budget_ft: int,
    space: Airspace,
    target: tuple[int, int, int, int | None] | None,
    max_work: int,
) -> tuple[dict[Place, tuple[ReachEntry, Label]], Parents, Callable[[Label], Raw], int]:
    """Run the search; return the ends found, the parent links, the states, the work done.

    A bucket queue (Dial's algorithm: every cost is a whole number of half-feet, every bound
    too) pops states in order of cost plus bound; states popped at the same (square, altitude,
    rule-state part) keep their resources, and a state no better in every resource than one
    of them is dropped (dominance, `_Rules`). A class that turns freely (perfect) has its
    facing dropped from the part: from each state it may turn to any facing at no cost before
    moving, and it may end facing any way.
    """
    assert system.tactical is not None
    if budget_ft > MAX_BUDGET_FT:
        raise LimitError(
            f"a flight search of {budget_ft} ft is more than the {MAX_BUDGET_FT} ft footfall "
            "searches; check a given path instead (fly check)"
        )
    diagonal_costs = system.tactical.diagonal_costs
    square_ft = int(system.square)
    limit = budget_ft * HALF_FT
    free = _free_turns(flyer)
    rules = _Rules(flyer, square_ft, diagonal_costs, budget_ft, free)
    open_sky = type(space) is Airspace
    legal_steps: dict[tuple[int, int, int, int | None, int], bool] = {}
    end_cache: dict[tuple[int, int, int], tuple[bool, bool]] = {}
    r0 = raw(start)
    rid0 = rules.intern(rules.canon(r0))
    k0: Label = (start.x, start.y, start.alt, rid0)
    parent: Parents = {k0: None}
    best: dict[Label, int] = {k0: start.spent}
    words: dict[Label, int] = {k0: 0}
    closed: set[Label] = set()
    popped: dict[tuple[int, int, int, tuple[int, ...]], list[Resources]] = {}
    ends: dict[Place, tuple[ReachEntry, Label]] = {}
    bound = _bound(flyer, target)
    parts = rules.parts
    resources = rules.resources
    keeps = rules.keeps
    # Bucket = least-cost-plus-bound; within one, cheapest first, then first pushed (as a
    # binary heap on (priority, cost, counter) would: paths are the same as they were).
    first = start.spent + bound(start.x, start.y, start.alt)
    buckets: dict[int, list[tuple[int, int, Label]]] = {first: [(start.spent, 0, k0)]}
    counter = 0
    work = 0
    origin = (start.x, start.y, start.alt)
    tx, ty, talt, tfacing = target if target is not None else (0, 0, 0, None)
    found_target = False
    while buckets and not found_target:
        priority = min(buckets)
        bucket = buckets[priority]
        while bucket:
            spent, _, k = heapq.heappop(bucket)
            x, y, alt, rid = k
            if k in closed or best[k] != spent:
                continue
            res = resources[rid]
            labels = popped.setdefault((x, y, alt, parts[rid]), [])
            if _dominated(labels, res):
                continue
            labels.append(res)
            closed.add(k)
            work += 1
            if work > max_work:
                raise LimitError(
                    f"this flight search needs more than {max_work} states; "
                    "ask for a shorter movement, a smaller speed or a narrower altitude band"
                )
            if (x, y, alt) != origin:
                rfacing = rules.states[rid][3]
                facings = range(8) if free else (rfacing,)
                for facing in facings:
                    place = (x, y, alt, facing)
                    if place in ends:
                        continue
                    where = (x, y, alt)
                    cached = end_cache.get(where)
                    if cached is None:
                        probe = FlightState(x, y, alt, facing)
                        cached = (not space.end_faults(flyer, probe), space.can_land(flyer, x, y))
                        end_cache[where] = cached
                    if not cached[0]:
                        break
                    if keeps[rid]:
                        landed = alt == 0
                    elif alt == 0 and cached[1]:
                        landed = True
                    else:
                        break
                    ends[place] = (ReachEntry(*place, Fraction(spent, HALF_FT), landed), k)
                if (
                    target is not None
                    and (x, y, alt) == (tx, ty, talt)
                    and any((tx, ty, talt, f) in ends for f in range(8) if tfacing in (None, f))
                ):
                    found_target = True
                    break
            length0 = words[k]
            for pre_steps, nrid, dcost, dx, dy, dz, direction in rules.moves(rid):
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
                last = pre_steps[-1]
                length = length0 + len(pre_steps) + (last.kind is StepKind.BACKWARD)
                if new_cost > old:
                    continue
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
                p = new_cost + bound(nk[0], nk[1], new_alt)
                counter += 1
                heapq.heappush(buckets.setdefault(p, []), (new_cost, counter, nk))
        del buckets[priority]

    def state_of(label: Label) -> Raw:
        x, y, alt, rid = label
        r = rules.states[rid]
        return (x, y, alt, r[3], best[label], *r[5:])

    return ends, parent, state_of, work


#: Searches of at least this many ft use the compiled kernel (when it can take the airspace);
#: shorter ones run in Python unless the kernel is already loaded (numba's start-up costs
#: about half a second once per process, more than a short search).
COMPILED_FROM_FT = 45

Engine = Literal["auto", "python", "compiled"]

#: Most labels (states reached, ~21 bytes each) the compiled kernel may keep.
_MAX_LABELS = 1 << 24

_loaded: list[Callable[..., int]] = []


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while many acyclic objects are built.

    A reach can list 200,000 ends; each allocation pass of that many objects would trigger
    collections that walk the whole heap (measured: most of the time of building a perfect
    80-ft flyer's entries, or their JSON). Nothing built here has a cycle, so nothing is
    missed; the collector is turned back on (if it was on) at the end.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _kernel() -> Callable[..., int]:
    """Return the compiled reach kernel, importing numba on first use."""
    if not _loaded:
        from footfall.flight._kernel import reach_kernel

        _loaded.append(reach_kernel)
    return _loaded[0]


def warm_up() -> None:
    """Load the compiled reach kernel now (a server does it once, before its first request)."""
    flyer = Flyer(10, _dnd35_row())
    system = _dnd35()
    reach(flyer, FlightState(0, 0, 10, 0), system=system, budget_ft=10, engine="compiled")


def _dnd35() -> System:
    from footfall.rules import load_system

    return load_system("dnd35")


def _dnd35_row() -> FlightRow:
    from footfall.rules import Maneuverability

    flight = _dnd35().flight
    assert flight is not None
    return flight.row(Maneuverability.GOOD)


Machine = tuple[
    list[Raw],
    npt.NDArray[np.int32],
    npt.NDArray[np.int64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int8],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int8],
    npt.NDArray[np.int8],
    npt.NDArray[np.int8],
    int,
    npt.NDArray[np.int64],
    int,
]


@functools.lru_cache(maxsize=32)
def _machine(
    flyer: Flyer,
    square_ft: int,
    diagonal_costs: tuple[int, int],
    budget_ft: int,
    start: Raw,
) -> Machine:
    """Return the rule machine of a search as arrays: every rule state the budget reaches.

    A least-cost search over rule states alone (no square, no altitude: a lower bound of
    the real cost of reaching them) keeps those within the budget, and their moves to each
    other; rule state 0 is the start's. Cached: a server asks the same flyers again.
    """
    free = _free_turns(flyer)
    rules = _Rules(flyer, square_ft, diagonal_costs, budget_ft, free)
    limit = budget_ft * HALF_FT
    r0 = rules.intern(rules.canon(start))
    least = {r0: 0}
    order: list[int] = []
    heap = [(0, r0)]
    while heap:
        cost, rid = heapq.heappop(heap)
        if least[rid] != cost:
            continue
        order.append(rid)
        for move in rules.moves(rid):
            new = cost + move[2]
            if new <= limit and new < least.get(move[1], limit + 1):
                least[move[1]] = new
                heapq.heappush(heap, (new, move[1]))
    index = {rid: i for i, rid in enumerate(order)}
    part_ids: dict[tuple[int, ...], int] = {}
    width = max(len(rules.resources[rid]) for rid in order)
    n = len(order)
    part_of = np.empty(n, np.int32)
    resources = np.zeros((n, width), np.int64)
    keeps = np.empty(n, np.bool_)
    facing_of = np.empty(n, np.int8)
    move_start = np.zeros(n + 1, np.int32)
    to: list[int] = []
    costs: list[int] = []
    dxs: list[int] = []
    dys: list[int] = []
    dzs: list[int] = []
    dirs: list[int] = []
    for i, rid in enumerate(order):
        part_of[i] = part_ids.setdefault(rules.parts[rid], len(part_ids))
        res = rules.resources[rid]
        resources[i, : len(res)] = res
        keeps[i] = rules.keeps[rid]
        facing_of[i] = rules.states[rid][3]
        for _, nrid, cost, dx, dy, dz, direction in rules.moves(rid):
            j = index.get(nrid)
            if j is None or least[rid] + cost > limit:
                continue
            to.append(j)
            costs.append(cost)
            dxs.append(dx)
            dys.append(dy)
            dzs.append(dz // 5)
            dirs.append(-1 if direction is None else direction)
        move_start[i + 1] = len(to)
    return (
        [rules.states[rid] for rid in order],
        part_of,
        resources,
        keeps,
        facing_of,
        move_start,
        np.array(to, np.int32),
        np.array(costs, np.int32),
        np.array(dxs, np.int8),
        np.array(dys, np.int8),
        np.array(dzs, np.int8),
        np.array(dirs, np.int8),
        len(part_ids),
        *_packed(resources),
    )


def _packed(resources: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], int]:
    """Return the resource vectors packed one per int64 for a one-operation dominance test.

    Each column is replaced by its rank among the column's values (the order is kept) and
    given a bit field with a guard bit above it; `high` has the guard bits set. Then row `a`
    has every resource at least row `b`'s exactly when ``((key[a] | high) - key[b]) & high ==
    high`` (no field borrows from the next). `high` is 0 when the fields need more than 63
    bits: the kernel then compares the columns one by one.
    """
    n, width = resources.shape
    keys = np.zeros(n, np.int64)
    high = 0
    offset = 0
    for c in range(width):
        values, ranks = np.unique(resources[:, c], return_inverse=True)
        bits = max(1, int(len(values) - 1).bit_length())
        if offset + bits + 1 > 63:
            return np.zeros(n, np.int64), 0
        keys |= ranks.astype(np.int64).reshape(n) << offset
        high |= 1 << (offset + bits)
        offset += bits + 1
    return keys, high


def _compiled_reach(
    flyer: Flyer,
    start: FlightState,
    system: System,
    budget_ft: int,
    space: Airspace,
    max_work: int,
) -> FlightReach | None:
    """Run the compiled kernel; None when it cannot take this airspace or start.

    It takes the open sky and scenes (`SceneAirspace`: edges, walls, ceiling, creatures, as
    `scene_tables` arrays), either kept to an altitude band (`BandedAirspace`).
    """
    from footfall.flight.space import BandedAirspace, SceneAirspace, scene_tables

    assert system.tactical is not None
    low, high = 0, None
    inner = space
    if isinstance(space, BandedAirspace):
        low, high = space.low, space.high
        inner = space.inner
    scene = inner if type(inner) is SceneAirspace else None
    if scene is None and type(inner) is not Airspace:
        return None
    square_ft = int(system.square)
    if square_ft != 5 or start.alt % 5 or start.spent:
        return None
    limit = budget_ft * HALF_FT
    machine = _machine(flyer, square_ft, system.tactical.diagonal_costs, budget_ft, raw(start))
    states, part_of, resources, keeps, facing_of, move_start, *moves = machine[:12]
    n_parts, keys, guards = machine[12:]
    # Every square costs at least 5 ft x the cheapest rate per ft (a dive: 2.5 ft).
    cheapest = min(Fraction(HALF_FT), Fraction(*flyer.up_cost), Fraction(*flyer.down_cost))
    reach_sq = math.floor(limit / (5 * cheapest))
    side = 2 * reach_sq + 1
    # Altitude levels: from the lowest the budget can dive to (or the ground, or the band)
    # up to the highest it can climb to (or the band); level `ground` is altitude 0.
    top = start.alt + 5 * math.floor(limit / (5 * Fraction(*flyer.up_cost)))
    bottom = max(0, start.alt - 5 * math.floor(limit / (5 * Fraction(*flyer.down_cost))))
    if high is not None:
        top = min(top, high)
    if scene is not None and scene.ceiling is not None:
        top = min(top, scene.ceiling - flyer.height_ft)
    base = bottom // 5
    n_alts = top // 5 - base + 1
    alt_lo = max(-(-low // 5) - base, 0)
    ground = -base
    if not (alt_lo + base) * 5 <= start.alt <= top:
        return None
    n_cells = side * side * n_alts
    origin = (reach_sq * side + reach_sq) * n_alts + start.alt // 5 - base
    end_cost = np.full((n_cells, 8), -1, np.int32)
    if scene is None:
        across = np.ones((side, side, 8), np.bool_)
        enemy = np.zeros((side, side, n_alts), np.bool_)
        occupied = enemy
        land = np.ones((side, side), np.bool_)
    else:
        x0, y0 = start.x - reach_sq, start.y - reach_sq
        across, enemy, occupied, land = scene_tables(scene, flyer, x0, y0, side, base, n_alts)
    kernel = _kernel()
    work = kernel(
        part_of, resources, keys, guards, keeps, facing_of, move_start, *moves, n_parts,
        side, n_alts, alt_lo, ground, origin, 0, 0, limit, _free_turns(flyer),
        across, enemy, occupied, land, max_work, _MAX_LABELS, end_cost,
    )  # fmt: skip
    if work == -2:
        work = -1  # as many labels as a search may keep (about 350 MB): too large
    if work == -1:
        raise LimitError(
            f"this flight search needs more than {max_work} states; "
            "ask for a shorter movement, a smaller speed or a narrower altitude band"
        )
    del states
    cells, facings = np.nonzero(end_cost >= 0)
    alts = cells % n_alts + base
    squares = cells // n_alts
    xs = squares % side - reach_sq + start.x
    ys = squares // side - reach_sq + start.y
    costs = end_cost[cells, facings]
    order = np.lexsort((facings, xs, ys, alts))  # sorted by altitude, y, x, facing
    ft = [Fraction(c, HALF_FT) for c in range(limit + 1)]
    entry = ReachEntry
    with paused_gc():
        entries = tuple(
            entry(x, y, 5 * alt5, facing, ft[cost], alt5 == 0)
            for x, y, alt5, facing, cost in zip(
                xs[order].tolist(),
                ys[order].tolist(),
                alts[order].tolist(),
                facings[order].tolist(),
                costs[order].tolist(),
                strict=True,
            )
        )
    return FlightReach(flyer, start, budget_ft, entries, work)


def reach(
    flyer: Flyer,
    start: FlightState,
    *,
    system: System,
    budget_ft: int,
    space: Airspace = OPEN_SKY,
    max_work: int | None = None,
    engine: Engine = "auto",
    switches: Mapping[str, str] | None = None,
) -> FlightReach:
    """Return every (square, altitude, facing) where `flyer` can end a movement from `start`.

    An end is legal when the flight there breaks no rule, fits `budget_ft`, does not end in
    another creature's space, and keeps the minimum forward speed, or ends on the ground
    (a landing). The start's own square and altitude is not listed.

    `engine`: "python" always searches in Python; "compiled" uses the numba kernel where it
    can take the airspace (the open sky, with or without an altitude band); "auto" does so
    for movements of `COMPILED_FROM_FT` or more, or once the kernel is loaded. Both give the
    same answer (tested); `work` counts states expanded by whichever ran. `max_work`
    (default `MAX_WORK` in Python, `MAX_COMPILED_WORK` compiled) bounds that work.
    `switches`: interpretation switches of this query (`footfall.flight.with_switches`;
    None: the flyer's own choices).
    """
    flyer = with_switches(flyer, system, switches)
    if budget_ft > MAX_BUDGET_FT:
        raise LimitError(
            f"a flight search of {budget_ft} ft is more than the {MAX_BUDGET_FT} ft footfall "
            "searches; check a given path instead (fly check)"
        )
    if engine == "compiled" or (engine == "auto" and (budget_ft >= COMPILED_FROM_FT or _loaded)):
        compiled = _compiled_reach(
            flyer,
            start,
            system,
            budget_ft,
            space,
            MAX_COMPILED_WORK if max_work is None else max_work,
        )
        if compiled is not None:
            return compiled
    ends, _, _, work = _search(
        flyer,
        start,
        system=system,
        budget_ft=budget_ft,
        space=space,
        target=None,
        max_work=MAX_WORK if max_work is None else max_work,
    )
    entries = sorted(
        (entry for entry, _ in ends.values()), key=lambda e: (e.alt, e.y, e.x, e.facing)
    )
    return FlightReach(flyer, start, budget_ft, tuple(entries), work)


def find_path(
    flyer: Flyer,
    start: FlightState,
    to: tuple[int, int, int],
    *,
    system: System,
    budget_ft: int,
    facing: int | None = None,
    space: Airspace = OPEN_SKY,
    max_work: int = MAX_WORK,
    switches: Mapping[str, str] | None = None,
) -> FlightPath | None:
    """Return a cheapest legal flight from `start` ending at `to` (x, y, alt), or None.

    `facing` asks for a given facing at the end; None accepts any. `switches`: interpretation
    switches of this query (`footfall.flight.with_switches`; None: the flyer's own choices).
    """
    flyer = with_switches(flyer, system, switches)
    ends, parent, state_of, _ = _search(
        flyer,
        start,
        system=system,
        budget_ft=budget_ft,
        space=space,
        target=(*to, facing),
        max_work=max_work,
    )
    hits = [
        (entry, k)
        for place, (entry, k) in ends.items()
        if place[:3] == to and facing in (None, place[3])
    ]
    if not hits:
        return None
    # Cheapest first; then an end that needs no last turn (free-turning classes list every
    # facing of a place at the cost of its state's own).
    entry, k = min(hits, key=lambda hit: (hit[0].cost_ft, hit[0].facing != state_of(hit[1])[3]))
    steps: list[Step] = []
    end = state_of(k)
    link = parent[k]
    while link is not None:
        prev, taken = link
        steps[:0] = taken
        link = parent[prev]
    if entry.facing != end[3]:
        steps.append(Step(StepKind.TURN, turn=(entry.facing - end[3] + 4) % 8 - 4))
    assert system.tactical is not None
    chain: list[FlightState] = []
    state = start
    for step in steps:
        state, faults = advance(
            flyer,
            state,
            step,
            space,
            square_ft=int(system.square),
            diagonal_costs=system.tactical.diagonal_costs,
        )
        assert not faults, faults
        chain.append(state)
    return FlightPath(tuple(steps), tuple(chain), state.spent_ft)


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """Write `steps` in the step language of `footfall.flight.check` (``f2 r90 d10``)."""
    words: list[str] = []
    for step in steps:
        kind = step.kind
        if step.dz == 0 and kind in (StepKind.FORWARD, StepKind.BACKWARD):
            letter = "f" if kind is StepKind.FORWARD else "b"
            if (
                words
                and words[-1][0] == letter
                and (words[-1][1:].isdigit() or words[-1] == letter)
            ):
                count = int(words[-1][1:] or 1) + 1
                words[-1] = f"{letter}{count}"
            else:
                words.append(letter)
        elif kind is StepKind.FORWARD:
            words.append(f"c{step.dz}" if step.dz > 0 else f"d{-step.dz}")
        elif kind is StepKind.BACKWARD:
            words.append(f"bc{step.dz}" if step.dz > 0 else f"bd{-step.dz}")
        elif kind is StepKind.VERTICAL:
            words.append(f"up{step.dz}" if step.dz > 0 else f"down{-step.dz}")
        elif kind in (StepKind.TURN, StepKind.PIVOT):
            side = "r" if step.turn > 0 else "l"
            prefix = "p" if kind is StepKind.PIVOT else ""
            words.append(f"{prefix}{side}{45 * abs(step.turn)}")
        else:
            words.append("h")
    return " ".join(words)
