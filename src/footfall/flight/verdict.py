"""Judge a flight path against the maneuverability table: its cost and every rule it breaks.

`check` runs the path's steps (`footfall.flight.notation` reads them) through
`footfall.flight.model.advance`, the same rules the search takes its steps from, and returns
a `FlightCheck`: the verdict, with a `Violation` (rule id, translated message) per broken
rule and the fall when the flyer stalls. (The module is a noun, as the others: the function
`footfall.flight.check` is the only thing of that name.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError
from footfall.flight.falling import Stall, stall
from footfall.flight.model import (
    OPEN_SKY,
    Airspace,
    Fault,
    FlightState,
    Flyer,
    Step,
    advance,
    keeps_flying,
    with_switches,
)
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.rules import RuleId, System
from footfall.units import display

__all__ = ["FlightCheck", "Violation", "check", "render_fault"]


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule a flight path breaks: at which step (from 1), the rule id, the message."""

    step: int
    rule: RuleId
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


def _ft(value: Fraction, lang: Lang) -> str:
    return display(value, lang)  # ru: 47,5


def _fly(
    flyer: Flyer,
    start: FlightState,
    steps: Sequence[tuple[int, Step]],
    system: System,
    budget_ft: int,
    space: Airspace,
    lang: Lang,
) -> tuple[list[FlightState], list[Violation]]:
    """Run `steps` from `start`: the state after each, and the faults of each step."""
    assert system.tactical is not None
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
            if fault.rule is RuleId.OUT_OF_BOUNDS:
                values = dict(fault.values)
                raise InputError("error.flight.leaves-map", step=number, **values)
            violations.append(Violation(number, fault.rule, render_fault(fault, flyer, lang)))
        if not over_budget and state.spent_ft > budget_ft:
            over_budget = True
            cost = _ft(state.spent_ft, lang)
            message = t("flight.fault.budget", lang, cost=cost, budget=budget_ft)
            violations.append(Violation(number, RuleId.BUDGET, message))
        states.append(state)
    return states, violations


def _stall(
    flyer: Flyer, end: FlightState, reflex: int, system: System, lang: Lang, limits: Limits
) -> tuple[str, Stall]:
    """Return the minimum-speed message and the fall of a flight that ends in a stall."""
    assert system.flight is not None
    need = flyer.min_forward_ft
    assert need is not None
    message = t(
        "flight.fault.min_speed",
        lang,
        cls=flyer.row.names.get(lang),
        forward=end.forward,
        need=_ft(need, lang),
        alt=end.alt,
    )
    return message, stall(end.alt, reflex, system.flight.stall, limits=limits)


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
    limits: Limits = LIMITS,
) -> FlightCheck:
    """Check the flight `steps` of `flyer` from `start` against the maneuverability table.

    `budget_ft` is what the action allows (a move: the fly speed). Leaving the map raises
    `InputError`; every other broken rule is a `Violation`. A flyer that ends in the air
    below its minimum forward speed stalls: `FlightCheck.stall` is its fall, with the odds
    for Reflex bonus `reflex` (a fall from above `limits.fall_alt_ft` raises `LimitError`).
    `switches`: interpretation switches of this query (`footfall.flight.with_switches`;
    None: the flyer's own choices); the verdict's `flyer` carries the choices applied.

    >>> from footfall.flight import Flyer, FlightState, parse_steps
    >>> from footfall.rules import Maneuverability, load_system
    >>> dnd35 = load_system("dnd35")
    >>> poor = Flyer(80, dnd35.flight.row(Maneuverability.POOR))
    >>> verdict = check(poor, FlightState(0, 0, 30, 2), parse_steps("f r90 d10 f6"),
    ...                 system=dnd35, budget_ft=80)
    >>> verdict.legal, verdict.cost_ft, [(v.step, v.rule.value) for v in verdict.violations]
    (False, Fraction(40, 1), [(2, 'flight-turn'), (2, 'flight-max-turn'), (3, 'flight-dive')])
    """
    assert system.tactical is not None and system.flight is not None
    flyer = with_switches(flyer, system, switches)
    states, violations = _fly(flyer, start, steps, system, budget_ft, space, lang)
    state = states[-1] if states else start
    last = steps[-1][0] if steps else 0
    for fault in space.end_faults(flyer, state):
        violations.append(Violation(last, fault.rule, render_fault(fault, flyer, lang)))
    landed = state.alt == 0 and space.can_land(flyer, state.x, state.y)
    fall: Stall | None = None
    # Below the ground the path is already refused (flight-ground): no stall to work out.
    if not keeps_flying(flyer, state) and not landed and state.alt >= 0:
        message, fall = _stall(flyer, state, reflex, system, lang, limits)
        violations.append(Violation(last, RuleId.FLIGHT_MIN_SPEED, message))
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
