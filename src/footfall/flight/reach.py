"""Search every legal flight of one movement: where a flyer can end, and a cheapest path there.

An exact least-cost search (Dijkstra on a binary heap; A* toward a target for `find_path`)
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

import heapq
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import LimitError
from footfall.flight.model import (
    HALF_FT,
    OPEN_SKY,
    Airspace,
    FlightState,
    Flyer,
    Raw,
    Step,
    StepKind,
    advance,
    keeps_flying,
    raw,
    step_raw,
)
from footfall.rules import ANY, System, TurnRate

__all__ = [
    "MAX_BUDGET_FT",
    "MAX_WORK",
    "FlightPath",
    "FlightReach",
    "ReachEntry",
    "find_path",
    "format_steps",
    "reach",
]

#: Most search states footfall expands for one flight query.
MAX_WORK = 400_000

#: Longest movement footfall searches, ft (twice a 120-ft fly speed); longer is refused at once.
MAX_BUDGET_FT = 240

Key = tuple[Hashable, ...]
Resources = tuple[int, ...]
Label = tuple[Key, Resources]


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


def _key_maker(flyer: Flyer) -> Callable[[Raw], tuple[Key, Resources]]:
    """Return the function that splits a state into its search key and its resources.

    Two states with the same key and resources behave the same from then on. Among states
    with the same key, one whose every resource is at least as large, reached at no greater
    cost, can do everything the other can (the resources only ever widen what is allowed):
    forward distance (capped at the minimum), distance since the last turn (capped at the turn
    rate's), turning left in this space, level flight since a dive (capped at what a climb
    needs), flying backward already (no reverse cost), and the room left under a limited
    climb or dive angle.
    """
    row = flyer.row
    turn_cap = row.turn.per_ft if isinstance(row.turn, TurnRate) else 0
    max_turn = row.max_turn if isinstance(row.max_turn, int) else 0
    track_back = isinstance(row.reverse, int) and row.reverse > 0
    need_level = row.between_down_up_ft
    need_forward = flyer.min_forward_ft
    forward_cap = 0 if need_forward is None else math.ceil(need_forward)
    up, down = flyer.up_tan2, flyer.down_tan2

    def key(r: Raw) -> tuple[Key, Resources]:
        x, y, alt, facing, _, since, turned, diagonals, backward, level, run, rh, rv, fwd = r
        tan2 = up if run > 0 else down if run < 0 else None
        base = (
            fwd if fwd < forward_cap else forward_cap,
            since if since < turn_cap else turn_cap,
            max_turn - turned if max_turn else 0,
            need_level if level is None or level >= need_level else level,
            1 if track_back and backward else 0,
        )
        if tan2 is None:
            return (x, y, alt, facing, diagonals & 1, 0), base
        if tan2 == (1, 1):
            return (x, y, alt, facing, diagonals & 1, run), (*base, rh - rv)
        return (x, y, alt, facing, diagonals & 1, run), (*base, rh, -rv)

    return key


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


def _bound(flyer: Flyer, target: tuple[int, int, int, int | None] | None) -> Callable[[Raw], int]:
    """Return a lower bound (half-feet) of the cost still needed to reach `target` (A*).

    It is the exact cost of a relaxed flight that ignores turns, angles and walls: every square
    costs 5 ft level or 2.5 ft diving 5 ft, every 5 ft down at least 2.5 ft, every ft up at
    least the climbing rate. No step of a real flight costs less than the bound drops, so the
    bound is consistent: the first time the target pops, its cost is the least. Same place,
    same bound, so states sharing a search key still pop in order of cost (dominance holds).
    Without a target the bound is 0 (plain Dijkstra).
    """
    if target is None:
        return lambda r: 0
    tx, ty, talt = target[0], target[1], target[2]
    num, den = flyer.up_cost

    def bound(r: Raw) -> int:
        n = max(abs(tx - r[0]), abs(ty - r[1]))
        drop = r[2] - talt
        if drop >= 0:
            d = drop // 5
            return max(5 * HALF_FT * n - 5 * min(n, d), drop * HALF_FT // 2)
        return max(5 * HALF_FT * n, -drop * num // den)

    return bound


def _free_turns(flyer: Flyer) -> bool:
    """Whether the class turns freely (任意: perfect): its facing never limits it."""
    row = flyer.row
    return row.turn is ANY and row.turn_in_place is ANY and row.max_turn is ANY


Place = tuple[int, int, int, int]
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
) -> tuple[dict[Place, tuple[ReachEntry, Label]], Parents, dict[Label, Raw], int]:
    """Run the search; return the ends found, the parent links, the states, the work done.

    A class that turns freely (perfect) has its facing dropped from the key: from each state
    it may turn to any facing at no cost before moving, and it may end facing any way.
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
    base_key = _key_maker(flyer)
    free = _free_turns(flyer)

    def free_key(r: Raw) -> Label:
        k, res = base_key(r)
        return (*k[:3], 0, *k[4:]), res

    key = free_key if free else base_key
    moves, turns = _candidates(flyer, square_ft)
    # The moves worth trying for a step of horizontal length h (climbs and dives up to h).
    by_h = {
        h: [m for m in moves if m.kind is StepKind.VERTICAL or abs(m.dz) <= h]
        for h in {square_ft * c for c in diagonal_costs}
    }
    with_turns = {h: [*ms, *turns] for h, ms in by_h.items()}
    r0 = raw(start)
    k0 = key(r0)
    states: dict[Label, Raw] = {k0: r0}
    parent: Parents = {k0: None}
    best: dict[Label, int] = {k0: start.spent}
    words: dict[Label, int] = {k0: 0}
    closed: set[Label] = set()
    popped: dict[Key, list[Resources]] = {}
    ends: dict[Place, tuple[ReachEntry, Label]] = {}
    bound = _bound(flyer, target)
    heap: list[tuple[int, int, int, Label]] = [(start.spent + bound(r0), start.spent, 0, k0)]
    counter = 0
    work = 0
    origin = (start.x, start.y, start.alt)
    while heap:
        _, spent, _, k = heapq.heappop(heap)
        if best.get(k) != spent:
            continue
        labels = popped.setdefault(k[0], [])
        if _dominated(labels, k[1]):
            continue
        labels.append(k[1])
        closed.add(k)
        work += 1
        if work > max_work:
            raise LimitError(
                f"this flight search needs more than {max_work} states; "
                "ask for a shorter movement, a smaller speed or a narrower altitude band"
            )
        r = states[k]
        if (r[0], r[1], r[2]) != origin:
            facings = range(8) if free else (r[3],)
            for facing in facings:
                place = (r[0], r[1], r[2], facing)
                if place in ends:
                    continue
                landed = _ends_here(flyer, FlightState(*r), space)
                if landed is None:
                    break
                ends[place] = (ReachEntry(*place, Fraction(r[4], HALF_FT), landed), k)
            if (
                target is not None
                and (r[0], r[1], r[2]) == target[:3]
                and any((*target[:3], f) in ends for f in range(8) if target[3] in (None, f))
            ):
                break
        if free:
            pairs = [
                ((*r[:3], f, *r[4:]), (Step(StepKind.TURN, turn=(f - r[3] + 4) % 8 - 4),))
                if f != r[3]
                else (r, ())
                for f in range(8)
            ]
        else:
            pairs = [(r, ())]
        for rf, pre in pairs:
            h = diagonal_costs[rf[7] % 2] * square_ft if rf[3] % 2 else square_ft
            for step in by_h[h] if free or rf[6] else with_turns[h]:
                new = step_raw(flyer, rf, step, space, square_ft, diagonal_costs, None)
                if new is None or new[4] > limit:
                    continue
                nk = key(new)
                old = best.get(nk, limit + 1)
                length = words[k] + len(pre) + (2 if step.kind is StepKind.BACKWARD else 1)
                if new[4] > old:
                    continue
                if new[4] == old:
                    # Same cost: keep the path with fewer steps (a readable answer), unless
                    # that state was already expanded.
                    if nk not in closed and length < words[nk]:
                        states[nk] = new
                        parent[nk] = (k, (*pre, step))
                        words[nk] = length
                    continue
                done = popped.get(nk[0])
                if done and _dominated(done, nk[1]):
                    continue
                best[nk] = new[4]
                states[nk] = new
                parent[nk] = (k, (*pre, step))
                words[nk] = length
                counter += 1
                heapq.heappush(heap, (new[4] + bound(new), new[4], counter, nk))
    return ends, parent, states, work


def reach(
    flyer: Flyer,
    start: FlightState,
    *,
    system: System,
    budget_ft: int,
    space: Airspace = OPEN_SKY,
    max_work: int = MAX_WORK,
) -> FlightReach:
    """Return every (square, altitude, facing) where `flyer` can end a movement from `start`.

    An end is legal when the flight there breaks no rule, fits `budget_ft`, does not end in
    another creature's space, and keeps the minimum forward speed, or ends on the ground
    (a landing). The start's own square and altitude is not listed.
    """
    ends, _, _, work = _search(
        flyer,
        start,
        system=system,
        budget_ft=budget_ft,
        space=space,
        target=None,
        max_work=max_work,
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
) -> FlightPath | None:
    """Return a cheapest legal flight from `start` ending at `to` (x, y, alt), or None.

    `facing` asks for a given facing at the end; None accepts any.
    """
    ends, parent, states, _ = _search(
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
    entry, k = min(hits, key=lambda hit: (hit[0].cost_ft, hit[0].facing != states[hit[1]][3]))
    steps: list[Step] = []
    end = states[k]
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
