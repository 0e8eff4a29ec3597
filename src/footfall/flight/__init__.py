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

from typing import TYPE_CHECKING

from footfall.lazy import facade

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
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

#: Each public name and the module it comes from: imported the first time it is asked for.
_HOMES: dict[str, tuple[str, str]] = {
    "FallRound": ("footfall.flight.falling", "FallRound"),
    "Stall": ("footfall.flight.falling", "Stall"),
    "p_save": ("footfall.flight.falling", "p_save"),
    "stall": ("footfall.flight.falling", "stall"),
    "Airspace": ("footfall.flight.model", "Airspace"),
    "CLIMB_COST_SWITCH": ("footfall.flight.model", "CLIMB_COST_SWITCH"),
    "ClimbCost": ("footfall.flight.model", "ClimbCost"),
    "DIRECTION_NAMES": ("footfall.flight.model", "DIRECTION_NAMES"),
    "FLIGHT_ACTIONS": ("footfall.flight.model", "FLIGHT_ACTIONS"),
    "FLIGHT_SWITCHES": ("footfall.flight.model", "FLIGHT_SWITCHES"),
    "Fault": ("footfall.flight.model", "Fault"),
    "FlightState": ("footfall.flight.model", "FlightState"),
    "Flyer": ("footfall.flight.model", "Flyer"),
    "OPEN_SKY": ("footfall.flight.model", "OPEN_SKY"),
    "Step": ("footfall.flight.model", "Step"),
    "StepKind": ("footfall.flight.model", "StepKind"),
    "TURN_CREDIT_SWITCH": ("footfall.flight.model", "TURN_CREDIT_SWITCH"),
    "TurnCredit": ("footfall.flight.model", "TurnCredit"),
    "advance": ("footfall.flight.model", "advance"),
    "direction_name": ("footfall.flight.model", "direction_name"),
    "keeps_flying": ("footfall.flight.model", "keeps_flying"),
    "parse_direction": ("footfall.flight.model", "parse_direction"),
    "with_switches": ("footfall.flight.model", "with_switches"),
    "format_steps": ("footfall.flight.notation", "format_steps"),
    "parse_squares": ("footfall.flight.notation", "parse_squares"),
    "parse_steps": ("footfall.flight.notation", "parse_steps"),
    "FlightPath": ("footfall.flight.reach", "FlightPath"),
    "FlightReach": ("footfall.flight.reach", "FlightReach"),
    "ReachEntry": ("footfall.flight.reach", "ReachEntry"),
    "find_flight_path": ("footfall.flight.reach", "find_flight_path"),
    "find_path": ("footfall.flight.reach", "find_path"),
    "warm_up": ("footfall.flight.reach", "warm_up"),
    "FlightRequest": ("footfall.flight.request", "FlightRequest"),
    "flight_request": ("footfall.flight.request", "flight_request"),
    "flight_steps": ("footfall.flight.request", "flight_steps"),
    "flight_target": ("footfall.flight.request", "flight_target"),
    "reflex_bonus": ("footfall.flight.request", "reflex_bonus"),
    "stall_rounds": ("footfall.flight.request", "stall_rounds"),
    "FlightCheck": ("footfall.flight.verdict", "FlightCheck"),
    "Violation": ("footfall.flight.verdict", "Violation"),
    "check": ("footfall.flight.verdict", "check"),
}

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

__getattr__, __dir__ = facade(__name__, _HOMES)
