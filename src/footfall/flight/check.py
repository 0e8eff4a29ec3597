"""Check a flight path given as steps or as 3-D squares: its cost and every rule it breaks.

Steps (spaces or commas between them; numbers are optional)::

    f / forward [N]     N squares forward, level (default 1)
    b / back [N]        N squares backward, facing unchanged
    bc / bd [FT]        one square backward, climbing / descending FT ft (default 5)
    c / climb [FT]      one square forward, climbing FT ft (default 5)
    d / dive [FT]       one square forward, descending FT ft (default 5)
    up [FT] / down [FT] straight up or down FT ft (default 5)
    l / left [DEG]      turn left DEG degrees (45, 90, 135, 180; default 45)
    r / right [DEG]     turn right; what the turn rate does not cover is turned in place
    pl / pr [DEG]       turn left / right entirely in place (急转弯)
    h / hover           stay in place (盘旋)

3-D squares are ``X,Y,ALT`` (ALT in ft) after the start, each a neighbour of the previous
one (or the same square higher or lower): moving in another direction than the facing is a
turn toward it and a step forward; moving straight back is backward flight when the class
can fly backward, else a 180° turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError, LimitError
from footfall.flight.model import (
    DELTAS,
    OPEN_SKY,
    Airspace,
    Fault,
    FlightState,
    Flyer,
    Step,
    StepKind,
    advance,
    keeps_flying,
    with_switches,
)
from footfall.flight.stall import Stall, stall
from footfall.i18n import Lang, t
from footfall.limits import LIMITS
from footfall.rules import System

__all__ = [
    "MAX_STEPS",
    "FlightCheck",
    "Violation",
    "check",
    "parse_squares",
    "parse_steps",
    "render_fault",
]

#: Longest flight path footfall checks, in steps.
MAX_STEPS = LIMITS.flight_steps

_TOKEN = re.compile(
    r"^(forward|back|climb|dive|up|down|left|right|hover|pl|pr|bc|bd|f|b|c|d|l|r|h)(\d+)?$"
)
_ALIASES = {
    "forward": "f",
    "back": "b",
    "climb": "c",
    "dive": "d",
    "left": "l",
    "right": "r",
    "hover": "h",
}
_STEP_WORDS = (
    "f, b, c, d, bc, bd, up, down, l, r, pl, pr, h"
    " (or forward, back, climb, dive, left, right, hover)"
)


def _short(token: str) -> str:
    """Return `token` cut to 20 characters for a one-line message."""
    return token if len(token) <= 20 else token[:17] + "..."


def _tokens(text: str) -> list[str]:
    return [tok for tok in re.split(r"[\s,;]+", text.strip()) if tok]


def _feet(token: str, value: int) -> int:
    if value <= 0 or value % 5:
        raise InputError(f"step {token!r}: height must be a positive multiple of 5 ft")
    return value


def parse_steps(text: str) -> list[tuple[int, Step]]:
    """Parse a step list (module docstring) into ``(token number from 1, Step)`` pairs.

    >>> [s.kind.value for _, s in parse_steps("f2 r90 d10")]
    ['forward', 'forward', 'turn', 'forward']
    """
    out: list[tuple[int, Step]] = []
    tokens = _tokens(text)
    if not tokens:
        raise InputError("empty flight path: give steps such as 'f2 r90 d10'")
    for number, token in enumerate(tokens, start=1):
        match = _TOKEN.match(token.lower())
        if match is None:
            raise InputError(f"unknown flight step {token!r} (known: {_STEP_WORDS})")
        word = _ALIASES.get(match.group(1), match.group(1))
        digits = match.group(2)
        if digits is not None and len(digits) > 100:
            raise InputError(
                f"step {_short(token)!r}: a number of {len(digits)} digits is too large "
                "(a step is at most 1000 squares, 180°, or a few thousand ft)"
            )
        arg = int(digits) if digits is not None else None
        if word in ("f", "b"):
            count = 1 if arg is None else arg
            if count < 1:
                raise InputError(f"step {token!r}: the number of squares must be at least 1")
            if count > MAX_STEPS:
                raise LimitError(f"step {token!r}: more than {MAX_STEPS} squares")
            kind = StepKind.FORWARD if word == "f" else StepKind.BACKWARD
            out.extend((number, Step(kind)) for _ in range(count))
        elif word in ("c", "d", "bc", "bd", "up", "down"):
            dz = _feet(token, 5 if arg is None else arg)
            sign = 1 if word in ("c", "bc", "up") else -1
            kind = {"c": StepKind.FORWARD, "d": StepKind.FORWARD, "bc": StepKind.BACKWARD}.get(
                word, StepKind.BACKWARD if word == "bd" else StepKind.VERTICAL
            )
            out.append((number, Step(kind, dz=sign * dz)))
        elif word in ("l", "r", "pl", "pr"):
            degrees = 45 if arg is None else arg
            if degrees % 45 or not 45 <= degrees <= 180:
                raise InputError(f"step {token!r}: a turn is 45, 90, 135 or 180 degrees")
            sign = -1 if word in ("l", "pl") else 1
            kind = StepKind.PIVOT if word in ("pl", "pr") else StepKind.TURN
            out.append((number, Step(kind, turn=sign * degrees // 45)))
        else:
            if arg is not None:
                raise InputError(f"step {token!r}: hover takes no number")
            out.append((number, Step(StepKind.HOVER)))
        if len(out) > MAX_STEPS:
            raise LimitError(f"flight path longer than {MAX_STEPS} steps")
    return out


def parse_squares(text: str, flyer: Flyer, start: FlightState) -> list[tuple[int, Step]]:
    """Parse ``X,Y,ALT`` squares after the start into steps (module docstring).

    Raises `InputError` when a square is not a neighbour of the previous one.
    """
    tokens = re.split(r"\s+|;", text.strip())
    tokens = [tok for tok in tokens if tok]
    if not tokens:
        raise InputError("empty flight path: give squares such as '1,0,30 2,0,25'")
    if len(tokens) > MAX_STEPS:
        raise LimitError(f"flight path longer than {MAX_STEPS} squares")
    out: list[tuple[int, Step]] = []
    x, y, alt, facing = start.x, start.y, start.alt, start.facing
    for number, token in enumerate(tokens, start=1):
        parts = token.split(",")
        if any(len(p.strip()) > 100 for p in parts):
            raise InputError(f"3-D square {_short(token)!r}: a number has too many digits")
        try:
            nx, ny, nalt = (int(p) for p in parts)
        except ValueError:
            raise InputError(
                f"bad 3-D square {_short(token)!r}: expected X,Y,ALT (ALT in ft)"
            ) from None
        if nalt % 5:
            raise InputError(f"square {token!r}: altitude must be a multiple of 5 ft")
        dx, dy, dz = nx - x, ny - y, nalt - alt
        if max(abs(dx), abs(dy)) > 1:
            raise InputError(
                f"square {token!r} is not next to ({x},{y},{alt}): give every square of the path"
            )
        if dx == 0 and dy == 0:
            kind = StepKind.HOVER if dz == 0 else StepKind.VERTICAL
            out.append((number, Step(kind, dz=dz)))
        else:
            direction = DELTAS.index((dx, dy))
            rel = (direction - facing) % 8
            if rel == 4 and flyer.row.fly_backward:
                out.append((number, Step(StepKind.BACKWARD, dz=dz)))
            else:
                if rel:
                    out.append((number, Step(StepKind.TURN, turn=rel if rel <= 4 else rel - 8)))
                    facing = direction
                out.append((number, Step(StepKind.FORWARD, dz=dz)))
        x, y, alt = nx, ny, nalt
    return out


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule a flight path breaks: at which step (from 1), the rule id, the message."""

    step: int
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class FlightCheck:
    """The verdict on a flight path: states after each step, cost, violations, the stall.

    - `numbers[i]` is the input step (token or square, from 1) that `steps[i]` came from;
      `states[i]` the state after it.
    - `landed`: the movement ends on the ground; `stall`: the fall when it does not keep its
      minimum forward speed in the air (None when it keeps flying or lands).
    """

    flyer: Flyer
    start: FlightState
    steps: tuple[Step, ...]
    numbers: tuple[int, ...]
    states: tuple[FlightState, ...]
    budget_ft: int
    violations: tuple[Violation, ...]
    landed: bool
    stall: Stall | None

    @property
    def end(self) -> FlightState:
        """The state at the end of the path."""
        return self.states[-1] if self.states else self.start

    @property
    def cost_ft(self) -> Fraction:
        """Movement the path spends, ft."""
        return self.end.spent_ft

    @property
    def legal(self) -> bool:
        """Whether the path breaks no rule."""
        return not self.violations


def render_fault(fault: Fault, flyer: Flyer, lang: Lang) -> str:
    """Return the message of `fault` in `lang` (class names from the system data)."""
    values = dict(fault.values)
    values["cls"] = flyer.row.names.get(lang)
    return t(fault.key, lang, **values)


def _ft(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def check(
    flyer: Flyer,
    start: FlightState,
    steps: Sequence[tuple[int, Step]],
    *,
    system: System,
    budget_ft: int,
    space: Airspace = OPEN_SKY,
    reflex: int = 0,
    lang: Lang = "en",
    switches: Mapping[str, str] | None = None,
) -> FlightCheck:
    """Check the flight `steps` of `flyer` from `start` against the maneuverability table.

    `budget_ft` is what the action allows (a move: the fly speed). Leaving the map raises
    `InputError`; every other broken rule is a `Violation`. A flyer that ends in the air
    below its minimum forward speed stalls: `FlightCheck.stall` is its fall, with the odds
    for Reflex bonus `reflex`. `switches`: interpretation switches of this query
    (`footfall.flight.with_switches`; None: the flyer's own choices); the verdict's `flyer`
    carries the choices applied.
    """
    assert system.tactical is not None and system.flight is not None
    flyer = with_switches(flyer, system, switches)
    diagonal_costs = system.tactical.diagonal_costs
    square_ft = int(system.square)
    state = start
    states: list[FlightState] = []
    violations: list[Violation] = []
    over_budget = False
    for number, step in steps:
        state, faults = advance(
            flyer, state, step, space, square_ft=square_ft, diagonal_costs=diagonal_costs
        )
        for fault in faults:
            if fault.rule == "out-of-bounds":
                values = dict(fault.values)
                raise InputError(
                    f"the flight path leaves the map at step {number}: square "
                    f"({values['x']}, {values['y']}) is outside the "
                    f"{values['w']}x{values['h']} map"
                )
            violations.append(Violation(number, fault.rule, render_fault(fault, flyer, lang)))
        if not over_budget and state.spent_ft > budget_ft:
            over_budget = True
            violations.append(
                Violation(
                    number,
                    "budget",
                    t(
                        "flight.fault.budget",
                        lang,
                        cost=_ft(state.spent_ft),
                        budget=budget_ft,
                    ),
                )
            )
        states.append(state)
    last = steps[-1][0] if steps else 0
    for fault in space.end_faults(flyer, state):
        violations.append(Violation(last, fault.rule, render_fault(fault, flyer, lang)))
    landed = state.alt == 0 and space.can_land(flyer, state.x, state.y)
    fall: Stall | None = None
    # Below the ground the path is already refused (flight-ground): no stall to work out.
    if not keeps_flying(flyer, state) and not landed and state.alt >= 0:
        need = flyer.min_forward_ft
        assert need is not None
        violations.append(
            Violation(
                last,
                "flight-min-speed",
                t(
                    "flight.fault.min_speed",
                    lang,
                    cls=flyer.row.names.get(lang),
                    forward=state.forward,
                    need=_ft(need),
                    alt=state.alt,
                ),
            )
        )
        fall = stall(state.alt, reflex, system.flight.stall)
    return FlightCheck(
        flyer=flyer,
        start=start,
        steps=tuple(s for _, s in steps),
        numbers=tuple(n for n, _ in steps),
        states=tuple(states),
        budget_ft=budget_ft,
        violations=tuple(violations),
        landed=landed,
        stall=fall,
    )
