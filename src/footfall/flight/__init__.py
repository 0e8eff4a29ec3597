"""D&D 3.5 flight in three dimensions: maneuverability, altitude, climbing, diving, stalling.

Seed 004's flight section and its maneuverability table (RULES.md 1.8), read from the
system's data file (`System.flight`) through `footfall.rules`. The modules, from one step up
to the answers:

- `model`: the flyer, its state, its steps and the rules of one step (`step_raw`, `advance`);
- `space`: where a flyer may be on a scene (walls, ceiling, creatures), or an altitude band;
- `notation`: the two path notations (``f2 r90 d10``, ``X,Y,ALT ...``), read and written;
- `verdict`: `check`, the verdict on a given path (`FlightCheck`);
- `machine`: the rules over rule states, worked out once per search (the rule machine);
- `search` (Python) and `compiled` (numba, `_kernel`): the least-cost search over it;
- `reach`: the answers, `reach.reach`, `find_path` and `find_flight_path` (the engine is
  chosen there; the function `reach` is not exported here, so `footfall.flight.reach` stays
  the module);
- `stall`: a fall's rounds and odds; `request`: a query's options checked for every front-end;
  `report`: the JSON shapes.

Decisions where the seed is terse are in ``docs/flight.md``.
"""

from __future__ import annotations

from footfall.flight.falling import FallRound, Stall, p_save, stall
from footfall.flight.model import (
    CLIMB_COST_SWITCH,
    DIRECTION_NAMES,
    FLIGHT_ACTIONS,
    FLIGHT_SWITCHES,
    OPEN_SKY,
    TURN_CREDIT_SWITCH,
    Airspace,
    ClimbCost,
    Fault,
    FlightState,
    Flyer,
    Step,
    StepKind,
    TurnCredit,
    advance,
    direction_name,
    keeps_flying,
    parse_direction,
    with_switches,
)
from footfall.flight.notation import format_steps, parse_squares, parse_steps
from footfall.flight.reach import (
    FlightPath,
    FlightReach,
    ReachEntry,
    find_flight_path,
    find_path,
    warm_up,
)
from footfall.flight.request import (
    FlightRequest,
    flight_request,
    flight_steps,
    flight_target,
    reflex_bonus,
    stall_rounds,
)
from footfall.flight.verdict import FlightCheck, Violation, check

__all__ = [
    "CLIMB_COST_SWITCH",
    "DIRECTION_NAMES",
    "FLIGHT_ACTIONS",
    "FLIGHT_SWITCHES",
    "OPEN_SKY",
    "TURN_CREDIT_SWITCH",
    "Airspace",
    "ClimbCost",
    "FallRound",
    "Fault",
    "FlightCheck",
    "FlightPath",
    "FlightReach",
    "FlightRequest",
    "FlightState",
    "Flyer",
    "ReachEntry",
    "Stall",
    "Step",
    "StepKind",
    "TurnCredit",
    "Violation",
    "advance",
    "check",
    "direction_name",
    "find_flight_path",
    "find_path",
    "flight_request",
    "flight_steps",
    "flight_target",
    "format_steps",
    "keeps_flying",
    "p_save",
    "parse_direction",
    "parse_squares",
    "parse_steps",
    "reflex_bonus",
    "stall",
    "stall_rounds",
    "warm_up",
    "with_switches",
]
