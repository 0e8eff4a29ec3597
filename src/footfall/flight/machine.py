"""The rule machine of a flight search: the flight rules as a finite machine over rule states.

A *rule state* is a flight state without square, altitude and cost (`RuleStates`): what a
step does to it does not depend on where the flyer is, so each transition is worked out once,
by `footfall.flight.model.step_raw` itself, and the airspace is asked separately. Rule states
that the rules cannot tell apart from now on share one canonical form, and each rule state
has a dominance `part` and `resources` (larger is never worse). Both searches run on it: the
Python one (`footfall.flight.search`) asks `RuleStates.moves` as it goes; the compiled one
(`footfall.flight.compiled`) takes `rule_machine`, every rule state a budget can reach and
their moves, as arrays.

Layers: `footfall.flight.model` (one step) -> this module (rule states) -> search (Python or
compiled) -> `footfall.flight.reach` (the answers).
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from footfall.flight.model import (
    HALF_FT,
    Airspace,
    Fault,
    Flyer,
    Raw,
    Step,
    StepKind,
    TurnCredit,
    step_raw,
)
from footfall.grid import alternating_diagonals
from footfall.rules import ANY, TurnRate

if TYPE_CHECKING:  # numpy loads with the first machine built as arrays (not for a path search)
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Cover",
    "Machine",
    "Move",
    "Resources",
    "RuleStates",
    "build_machine",
    "free_turns",
    "rule_machine",
]

#: The resources of a rule state, compared for dominance (`RuleStates`).
Resources = tuple[int, ...]

#: Fixed-point scale of the slack under a climb or dive angle whose tangent is irrational
#: (60°, 30°): see `RuleStates.slack`.
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
#: A rule state but for its forward ground (its first 13 fields).
_Head = tuple[int, int, int, int, int, int, int, int, bool, int | None, int, int, int]
#: One legal step from a rule state: the free turn before it, the step, the raw state after
#: it and its horizontal direction (None: straight up or down).
_StepOut = tuple[tuple[Step, ...], Step, Raw, int | None]


class RuleStates:
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
        self.limit = budget_ft * HALF_FT
        self._costs = {1: flyer.up_cost, -1: flyer.down_cost}
        self._shed: dict[int, tuple[int, int] | None] = {}
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
        self._canon_by_head: dict[
            Raw, list[tuple[tuple[Step, ...], _Head, int, int, int, int, int, int | None]]
        ] = {}
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

    def levels(self, sign: int, room: int) -> int:
        """Return how many 5-ft levels the flyer can still climb (`sign` 1) or dive (-1) with
        `room` half-feet left: every ft of height costs at least the up (down) cost."""
        num, den = self._costs[sign]
        return room * den // (5 * num)

    def _room_for(self, sign: int, levels: int) -> int:
        """Return the most half-feet left at which at most `levels` levels fit (-1: none)."""
        num, den = self._costs[sign]
        return -(-5 * num * (levels + 1) // den) - 1

    def _safe_levels(self, run: int, rh: int, rv: int) -> int:
        """Return the most 5-ft levels the run (`run` 1 a climb, -1 a dive) may still gain
        whatever its steps: the largest k with ``tan(angle) x rh - rv >= 5k`` (exact)."""
        tan2 = self.up if run > 0 else self.down
        assert tan2 is not None
        if tan2 == (1, 1):
            return rh // 5  # the 45° form keeps rh - rv in rh
        p, q = tan2
        return (math.isqrt(p * rh * rh // q) - rv) // 5

    def shed_at(self, r: Raw, room: int) -> Raw:
        """Return rule state `r` with what `room` half-feet of budget left can never use shed.

        With no 5-ft climb affordable the level ft since a dive no longer matter (only a
        climb asks), nor does a climb run (it is level flight from here); likewise a dive
        run with no 5-ft dive affordable. A run whose slack covers every height the budget
        left can gain becomes the run that can never fail (the largest slack). Each keeps
        every step's legality and cost, and its result's shed form, within `room`.
        """
        _, _, _, facing, _, since, turned, parity, backward, level, run, rh, rv, fwd = r
        up = self.levels(1, room)
        if up == 0:
            level = None
        if run:
            k = up if run > 0 else self.levels(-1, room)
            if k == 0:
                run, rh, rv = 0, 0, 0
            elif self._safe_levels(run, rh, rv) >= k:
                cap = self.height_cap[run]
                tan2 = self.up if run > 0 else self.down
                rh = cap + 5 if tan2 == (1, 1) else 2 * cap * tan2[1]  # type: ignore[index]
                rv = 0
        shed = (0, 0, 0, facing, 0, since, turned, parity, backward, level, run, rh, rv, fwd)
        return self.canon(shed)

    def shed(self, rid: int) -> tuple[int, int] | None:
        """Return (cost, rule state) of rule state `rid`'s next shed form: from that cost of
        the search on (half-feet spent), a label of `rid` is one of the other; None: never.

        Shedding happens as fewer levels fit: when the levels left can be climbed (dived)
        within its slack, and when no level fits (`shed_at`); a rule state's forms as the
        cost grows form a chain, each the next's start.
        """
        if rid in self._shed:
            return self._shed[rid]
        r = self.states[rid]
        level, run, rh, rv = r[9], r[10], r[11], r[12]
        rooms = []
        if level is not None or run > 0:
            rooms.append(self._room_for(1, 0))
        if run < 0:
            rooms.append(self._room_for(-1, 0))
        if run:
            rooms.append(self._room_for(run, self._safe_levels(run, rh, rv)))
        found: tuple[int, int] | None = None
        for room in sorted({min(room, self.limit) for room in rooms}, reverse=True):
            shed = self.shed_at(r, room)
            if shed != r:
                found = (self.limit - room, self.intern(shed))
                break
        self._shed[rid] = found
        return found

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
        cap = self.forward_cap
        found = []
        intern = self.intern
        for steps, head, ahead, cost, dx, dy, dz, direction in self._canon_steps((*r[:13], 0)):
            ahead += fwd
            nrid = intern((*head, ahead if ahead < cap else cap))
            if nrid == rid and cost == 0 and not dx and not dy and not dz:
                continue  # hovering, or a turn that changes nothing
            found.append((steps, nrid, cost, dx, dy, dz, direction))
        self._moves[rid] = found
        return found

    def _canon_steps(
        self, r: Raw
    ) -> list[tuple[tuple[Step, ...], _Head, int, int, int, int, int, int | None]]:
        """Return `_steps` of `r` (no forward ground yet) with each raw state after a step
        made canonical but for its forward ground (`canon` caps that alone), and that ground
        apart: (steps, the other 13 fields, forward ground, cost, dx, dy, dz, direction)."""
        found = self._canon_by_head.get(r)
        if found is None:
            found = [
                ((*pre, step), _head(self.canon((*new[:13], 0))), new[13], new[4], *new[:3], d)
                for pre, step, new, d in self._steps(r)
            ]
            self._canon_by_head[r] = found
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


def _head(r: Raw) -> _Head:
    """Return rule state `r` but for its forward ground."""
    return r[:13]


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


def free_turns(flyer: Flyer) -> bool:
    """Whether the class turns freely (任意: perfect): its facing never limits it."""
    row = flyer.row
    return row.turn is ANY and row.turn_in_place is ANY and row.max_turn is ANY


class Machine(NamedTuple):
    """Every rule state a budget reaches, as arrays (index 0 is the start's; `rule_machine`).

    Per rule state: its `part` id, `resources` (one row each; `keys`, the rows packed one
    per int64 for a one-operation dominance test, with guard bits `guards`, 0 when they do
    not fit), whether it `keeps` the minimum forward speed, its facing; its moves are
    ``move_start[i]:move_start[i + 1]`` of the ``move_*`` arrays (target rule state, cost in
    half-feet, displacement in squares and 5-ft levels, direction or -1 for vertical).
    """

    states: Sequence[Raw]
    part_of: npt.NDArray[np.int32]
    resources: npt.NDArray[np.int64]
    keeps: npt.NDArray[np.bool_]
    facing_of: npt.NDArray[np.int8]
    move_start: npt.NDArray[np.int32]
    move_to: npt.NDArray[np.int32]
    move_cost: npt.NDArray[np.int32]
    move_dx: npt.NDArray[np.int8]
    move_dy: npt.NDArray[np.int8]
    move_dz: npt.NDArray[np.int8]
    move_dir: npt.NDArray[np.int8]
    n_parts: int
    keys: npt.NDArray[np.int64]
    guards: int
    cover: Cover
    mirror: npt.NDArray[np.int32] | None
    """Each rule state's mirror image (its facing reflected about the start's), or None when
    some mirror image is not a rule state of the machine."""
    shed_cost: npt.NDArray[np.int32]
    """From this cost (half-feet spent) on, a label of the rule state is one of `shed_to`'s:
    what the budget left can never use is shed (`RuleStates.shed`); past the limit: never."""
    shed_to: npt.NDArray[np.int32]


def _within(rules: RuleStates, r0: int, limit: int) -> tuple[list[int], dict[int, int]]:
    """Return the rule states within `limit` half-feet of `r0`, in order, and their least cost.

    A least-cost search over rule states alone (no square, no altitude): a lower bound of
    the real cost of reaching them, so no state left out can be part of a flight. A rule
    state's shed form (`RuleStates.shed`) is reached from it at its shedding cost.
    """
    least = {r0: 0}
    order: list[int] = []
    heap = [(0, r0)]
    while heap:
        cost, rid = heapq.heappop(heap)
        if least[rid] != cost:
            continue
        order.append(rid)
        targets = [(cost + move[2], move[1]) for move in rules.moves(rid)]
        shed = rules.shed(rid)
        if shed is not None:  # a label of rid costs at least `cost`, and sheds from shed[0]
            targets.append((max(cost, shed[0]), shed[1]))
        for new, nrid in targets:
            if new <= limit and new < least.get(nrid, limit + 1):
                least[nrid] = new
                heapq.heappush(heap, (new, nrid))
    return order, least


class _Moves(NamedTuple):
    """The ``move_*`` arrays of a `Machine`."""

    start: npt.NDArray[np.int32]
    to: npt.NDArray[np.int32]
    cost: npt.NDArray[np.int32]
    dx: npt.NDArray[np.int8]
    dy: npt.NDArray[np.int8]
    dz: npt.NDArray[np.int8]
    dir: npt.NDArray[np.int8]


def _move_arrays(rules: RuleStates, order: list[int], least: dict[int, int], limit: int) -> _Moves:
    """Return the moves of the rule states `order` as arrays; those past `limit` left out."""
    import numpy as np

    index = {rid: i for i, rid in enumerate(order)}.get
    move_start = np.zeros(len(order) + 1, np.int32)
    rows: list[tuple[int, int, int, int, int, int]] = []
    for i, rid in enumerate(order):
        room = limit - least[rid]
        rows.extend(
            (j, cost, dx, dy, dz // 5, -1 if direction is None else direction)
            for _, nrid, cost, dx, dy, dz, direction in rules.moves(rid)
            if cost <= room and (j := index(nrid)) is not None
        )
        move_start[i + 1] = len(rows)
    table = np.array(rows, np.int64).reshape(-1, 6).T
    return _Moves(
        move_start,
        table[0].astype(np.int32),
        table[1].astype(np.int32),
        *(table[k].astype(np.int8) for k in range(2, 6)),
    )


@functools.lru_cache(maxsize=32)
def rule_machine(
    flyer: Flyer,
    square_ft: int,
    diagonal_costs: tuple[int, int],
    budget_ft: int,
    start: Raw,
) -> Machine:
    """Return the rule machine of a search as arrays: every rule state the budget reaches.

    `build_machine`'s, cached: in memory (a server asks the same flyers again) and on disk
    (`footfall.flight.store`: a command builds each machine once, not every process).
    """
    from footfall.flight.store import stored_machine

    key = (flyer, square_ft, diagonal_costs, budget_ft, start)
    return stored_machine(
        key, lambda: build_machine(flyer, square_ft, diagonal_costs, budget_ft, start)
    )


def build_machine(
    flyer: Flyer,
    square_ft: int,
    diagonal_costs: tuple[int, int],
    budget_ft: int,
    start: Raw,
) -> Machine:
    """Build the rule machine of a search as arrays: every rule state the budget reaches.

    The rule states within the budget (`_within`) and their moves to each other; rule state
    0 is the start's (raw state `start`).
    """
    import numpy as np

    rules = RuleStates(flyer, square_ft, diagonal_costs, budget_ft, free_turns(flyer))
    limit = budget_ft * HALF_FT
    order, least = _within(rules, rules.intern(rules.canon(start)), limit)
    part_ids: dict[tuple[int, ...], int] = {}
    width = max(len(rules.resources[rid]) for rid in order)
    n = len(order)
    part_of = np.empty(n, np.int32)
    resources = np.zeros((n, width), np.int64)
    keeps = np.empty(n, np.bool_)
    facing_of = np.empty(n, np.int8)
    for i, rid in enumerate(order):
        part_of[i] = part_ids.setdefault(rules.parts[rid], len(part_ids))
        res = rules.resources[rid]
        resources[i, : len(res)] = res
        keeps[i] = rules.keeps[rid]
        facing_of[i] = rules.states[rid][3]
    moves = _move_arrays(rules, order, least, limit)
    keys, guards = _packed(resources)
    index = {rid: i for i, rid in enumerate(order)}
    shed_cost = np.full(n, limit + 1, np.int32)
    shed_to = np.arange(n, dtype=np.int32)
    for i, rid in enumerate(order):
        shed = rules.shed(rid)
        if shed is not None:
            shed_cost[i], shed_to[i] = shed[0], index[shed[1]]
    return Machine(
        [rules.states[rid] for rid in order],
        part_of, resources, keeps, facing_of,
        *moves,
        len(part_ids), keys, guards, _cover(part_of, resources, len(part_ids), keys, guards),
        _mirrors([rules.states[rid] for rid in order], start[3]),
        shed_cost, shed_to,
    )  # fmt: skip


def _mirrors(states: list[Raw], axis: int) -> npt.NDArray[np.int32] | None:
    """Return the index of each rule state's mirror image: the same state facing ``2 x axis -
    facing`` (the reflection that keeps facing `axis`); None when one is missing."""
    import numpy as np

    index = {state: i for i, state in enumerate(states)}
    found = np.empty(len(states), np.int32)
    for i, state in enumerate(states):
        j = index.get((*state[:3], (2 * axis - state[3]) % 8, *state[4:]))
        if j is None:
            return None
        found[i] = j
    return found


class Cover(NamedTuple):
    """Which rule states each rule state covers, as bit masks (the settled masks' kernel).

    Within a part, rule state r has bit `bit_of[r]`; ``cover[r * words : (r + 1) * words]``
    has the bits of every rule state of r's part whose resources r's are all at least (r's
    own included); a part's bits fill its first `part_words[p]` words.
    """

    bit_of: npt.NDArray[np.int32]
    part_words: npt.NDArray[np.int32]
    cover: npt.NDArray[np.uint64]
    words: int


def _cover(
    part_of: npt.NDArray[np.int32],
    resources: npt.NDArray[np.int64],
    n_parts: int,
    keys: npt.NDArray[np.int64],
    high: int,
) -> Cover:
    """Return the `Cover` of the rule states `part_of` (their parts) and `resources`; with
    packed `keys` (guard bits `high`, not 0) the comparisons are one operation each."""
    import numpy as np

    n = len(part_of)
    sizes = np.bincount(part_of, minlength=n_parts)
    words = max(1, -(-int(sizes.max()) // 64))
    bit_of = np.empty(n, np.int32)
    part_words = (-(-sizes // 64)).astype(np.int32)
    cover = np.zeros((n, words * 8), np.uint8)
    for p in range(n_parts):
        members = np.flatnonzero(part_of == p)
        bit_of[members] = np.arange(len(members), dtype=np.int32)
        for start in range(0, len(members), 256):
            rows = members[start : start + 256]
            if high:
                a, b = keys[rows][:, None], keys[members][None, :]
                covers = ((a | high) - b) & high == high
            else:
                covers = (resources[rows][:, None, :] >= resources[members][None, :, :]).all(2)
            packed = np.packbits(covers, axis=1, bitorder="little")
            cover[rows, : packed.shape[1]] = packed
    return Cover(bit_of, part_words, cover.view(np.uint64).reshape(n * words), words)


def _packed(resources: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], int]:
    """Return the resource vectors packed one per int64 for a one-operation dominance test.

    Each column is replaced by its rank among the column's values (the order is kept) and
    given a bit field with a guard bit above it; `high` has the guard bits set. Then row `a`
    has every resource at least row `b`'s exactly when ``((key[a] | high) - key[b]) & high ==
    high`` (no field borrows from the next). `high` is 0 when the fields need more than 63
    bits: the kernel then compares the columns one by one.
    """
    import numpy as np

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
