"""D&D 3.5 flight in three dimensions: maneuverability, altitude, climbing, diving, stalling.

Seed 004's flight section and its maneuverability table (RULES.md 1.8), read from
``systems/dnd35.toml`` through `footfall.rules`. The model (`model`) applies one step at a
time; `check` judges a whole path, `reach` searches every legal flight, `stall` works out a
fall. Decisions where the seed is terse are in ``docs/flight.md``.
"""

from __future__ import annotations

from footfall.flight.check import FlightCheck, Violation, check, parse_squares, parse_steps
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
from footfall.flight.stall import FallRound, Stall, p_save, stall

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
    "FlightState",
    "Flyer",
    "Stall",
    "Step",
    "StepKind",
    "TurnCredit",
    "Violation",
    "advance",
    "check",
    "direction_name",
    "keeps_flying",
    "p_save",
    "parse_direction",
    "parse_squares",
    "parse_steps",
    "stall",
    "with_switches",
]
