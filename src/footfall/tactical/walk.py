"""Walking a given path over a frame: its priced steps and every rule it breaks.

`walk` prices a path step by step with the same `Frame` arrays and the same `Pricing` the
search uses, so ``check`` and the breakdown of a found path can never disagree with
``reach`` and ``path``. `straight_lines` gives the grid lines a charge may take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from footfall.grid import DIRECTIONS
from footfall.rules import RuleId
from footfall.tactical.frame import Frame, build_frame
from footfall.tactical.marks import BLOCK_RULE, END_RULE, Block, End
from footfall.tactical.placements import choose_layers, second_at, step_bits

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy

__all__ = ["Walk", "WalkStep", "direction_of", "straight_lines", "walk"]

Square = tuple[int, int]


def direction_of(dx: int, dy: int) -> int:
    """Return the direction number of the step ``(dx, dy)``; -1 if not a king's move.

    >>> direction_of(1, 1), direction_of(2, 0)
    (3, -1)
    """
    try:
        return DIRECTIONS.index((dx, dy))
    except ValueError:
        return -1


@dataclass(frozen=True, slots=True)
class WalkStep:
    """One priced step of a path: where it goes and what it costs, in the internal unit."""

    step: int
    at: Square
    cost: int
    total: int
    diagonal: bool
    state_before: int
    notes: int
    mexp: int
    layer: int = 0
    """The placement the step ends in: 0, or 1 for a squeezed position's second placement
    (`footfall.tactical.placements`)."""


@dataclass(frozen=True, slots=True)
class Walk:
    """A priced path: its steps, total cost and every violation ``(step, rule)``."""

    steps: tuple[WalkStep, ...]
    cost: int
    violations: tuple[tuple[int, RuleId], ...]

    @property
    def legal(self) -> bool:
        """Whether no rule is violated."""
        return not self.violations

    def __repr__(self) -> str:
        """A short summary: steps, cost (internal unit) and the rules broken."""
        rules = sorted({str(rule) for _, rule in self.violations})
        return f"Walk(steps={len(self.steps)}, cost={self.cost}, violations={rules})"


def straight_lines(start: Square, end: Square) -> list[list[Square]]:
    """Return the grid lines from `start` to `end` (positions after the start).

    A straight line advances one square along the major axis each step and keeps the minor
    coordinate within half a square of the exact line between the two centres; where the line
    passes exactly between two squares both are straight, so up to two lines come back (ties
    rounded down, and up). Exact arithmetic.

    >>> straight_lines((0, 0), (2, 1))
    [[(1, 0), (2, 1)], [(1, 1), (2, 1)]]
    """
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    lines: list[list[Square]] = []
    for up in (False, True):
        line = [
            (x0 + _round(i * (x1 - x0), length, up), y0 + _round(i * (y1 - y0), length, up))
            for i in range(1, length + 1)
        ]
        if line not in lines:
            lines.append(line)
    return lines


def _round(num: int, den: int, up: bool) -> int:
    """Round num/den (den > 0) to the nearest integer; halves go down, or up when `up`."""
    q, r = divmod(num, den)
    if 2 * r > den or (up and 2 * r == den):
        return q + 1
    return q


def _on_line(start: Square, path: Sequence[Square]) -> int:
    """Return the first step (1-based) leaving the straight line start -> end, else 0.

    Square i is on the line when each coordinate is within half a square of the exact point
    i/L of the way (L = the longer axis): ``|2 L (x - x0) - 2 i (x1 - x0)| <= L``, in integers.
    """
    (x0, y0), (x1, y1) = start, path[-1]
    length = max(abs(x1 - x0), abs(y1 - y0))
    for i, (x, y) in enumerate(path, start=1):
        if i > length:
            return i
        if abs(2 * length * (x - x0) - 2 * i * (x1 - x0)) > length:
            return i
        if abs(2 * length * (y - y0) - 2 * i * (y1 - y0)) > length:
            return i
    return 0


def _frame_of(policy: Policy, path: Sequence[Square]) -> Frame:
    """Build the frame of the box around the start and `path`."""
    start = policy.mover.at
    xs = [p[0] for p in path] + [start[0]]
    ys = [p[1] for p in path] + [start[1]]
    return build_frame(policy, min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def walk(policy: Policy, path: Sequence[Square], frame: Frame | None = None) -> Walk:
    """Price `path` (positions after the start, each a neighbour of the one before) step by step.

    Uses the same `Frame` arrays and `Pricing` as the search, and lists every violation
    with its 1-based step and rule id. Squares off the map must be rejected by the caller.
    """
    start = policy.mover.at
    frame = frame if frame is not None else _frame_of(policy, path)
    price = policy.pricing.price
    violations: list[tuple[int, RuleId]] = []
    steps: list[WalkStep] = []
    state, total = policy.start_state, 0
    if policy.start_rule:
        violations.append((1, policy.start_rule))
    if policy.budget < 0 and path:
        violations.append((1, RuleId.BUDGET))
    prev = start
    over_budget = False
    # Squeezed positions with two placements: the cheapest legal ones (RULES 1.5).
    layers = None if frame.second is None else choose_layers(policy, path, frame)
    for i, (x, y) in enumerate(path, start=1):
        d = direction_of(x - prev[0], y - prev[1])
        diagonal = bool(d & 1)
        if frame.inside(*prev):
            py, px = prev[1] - frame.y0, prev[0] - frame.x0
            if layers is None:
                thin, corner = int(frame.thin[py, px]), int(frame.corner[py, px])
            else:
                thin, corner = step_bits(frame, layers[i - 1], layers[i], py, px)
            if thin >> d & 1:
                violations.append((i, RuleId.WALL))
            elif corner >> d & 1:
                violations.append((i, RuleId.CORNER))
        if frame.inside(x, y):
            ly, lx = y - frame.y0, x - frame.x0
            if layers is not None and layers[i]:
                block, code, bits, mexp = second_at(frame, ly, lx)
            else:
                block, code = int(frame.block[ly, lx]), int(frame.code[ly, lx])
                bits, mexp = int(frame.notes[ly, lx]), int(frame.mexp[ly, lx])
        else:
            block, code, bits, mexp = Block.OUT, 0, 0, 0
        if block != Block.OK:
            violations.append((i, BLOCK_RULE[block]))
        cost, after, forbid = price(state, diagonal, code)
        if forbid is not None:
            violations.append((i, forbid))
        total += cost
        layer = 0 if layers is None else layers[i]
        steps.append(WalkStep(i, (x, y), cost, total, diagonal, state, bits, mexp, layer))
        state = after
        if not over_budget and policy.budget >= 0 and total > policy.budget:
            over_budget = True
            violations.append((i, RuleId.BUDGET))
        if policy.one_step and i == 2:
            violations.append((i, RuleId.BUDGET))
        if policy.speed_cap is not None and i == policy.speed_cap + 1:
            violations.append((i, RuleId.SPEED_CAP))
        prev = (x, y)
    if path:
        last = 0 if layers is None else layers[-1]
        violations.extend(_end_violations(policy, path, frame, total, last))
    violations.sort(key=lambda v: v[0])
    return Walk(tuple(steps), total, tuple(violations))


def _end_violations(
    policy: Policy, path: Sequence[Square], frame: Frame, total: int, layer: int = 0
) -> list[tuple[int, RuleId]]:
    """Return what the whole movement breaks: its line, its least distance, its end square."""
    found: list[tuple[int, RuleId]] = []
    if policy.straight:
        off = _on_line(policy.mover.at, path)
        if off:
            found.append((off, RuleId.STRAIGHT_LINE))
    if total < policy.min_cost:
        # Official (Core Rulebook / Player's Handbook, Charge): at least 10 ft (2 squares).
        found.append((len(path), RuleId.CHARGE_SHORT))
    x, y = path[-1]
    if frame.inside(x, y):
        ends = frame.end if layer == 0 or frame.second is None else frame.second.end
        end = int(ends[y - frame.y0, x - frame.x0])
        if end != End.OK:
            found.append((len(path), END_RULE[end]))
    return found
