"""The flight tests' dnd35 flyers and the plain flight search they are checked against."""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Any

from footfall.flight import OPEN_SKY, Airspace, FlightState, Flyer, Step, StepKind, keeps_flying
from footfall.flight.model import HALF_FT, Raw, raw, step_raw
from footfall.rules import Maneuverability, load_system

#: dnd35: the system with seed 004's maneuverability table (表:机动性).
SYSTEM = load_system("dnd35")


def bat_cave(fly_speed: int) -> dict[str, Any]:
    """Return a dnd35 cave scene: a thin wall, a wall column, a 20-ft ceiling, a tiny bat
    with a good fly speed of `fly_speed` ft at 5 ft, and a hero on the ground below it."""
    return {
        "footfall": 1,
        "system": "dnd35",
        "map": ["......", "..#...", "..#...", "......"],
        "walls": [{"from": [4, 0], "to": [4, 4]}],
        "ceiling_ft": 20,
        "creatures": [
            {
                "id": "bat",
                "at": [0, 1],
                "size": "tiny",
                "side": "foes",
                "speed": 5,
                "fly": {"speed": fly_speed, "maneuverability": "good"},
                "alt": 5,
            },
            {"id": "hero", "at": [0, 3], "size": "medium", "side": "party", "speed": 30},
        ],
    }


def dnd35_flyer(cls: Maneuverability, speed: int) -> Flyer:
    """Return a dnd35 flyer of `speed` ft and maneuverability `cls`."""
    assert SYSTEM.flight is not None
    return Flyer(speed, SYSTEM.flight.row(cls))


def flight_oracle(
    flyer: Flyer, start: FlightState, budget: int, space: Airspace = OPEN_SKY
) -> dict[tuple[int, int, int, int], Fraction]:
    """Least cost of every legal end (x, y, alt, facing): Dijkstra over whole raw states.

    No state merging, no dominance, every turn (ordinary or in place, 45° to 180°) at any
    time until 180° or more in one space, climbs and dives of up to 10 ft per step.
    """
    assert SYSTEM.tactical is not None
    diagonal = SYSTEM.tactical.diagonal_costs
    steps = [
        Step(k, dz=dz) for k in (StepKind.FORWARD, StepKind.BACKWARD) for dz in range(-10, 11, 5)
    ]
    steps += [Step(StepKind.VERTICAL, dz=dz) for dz in (-10, -5, 5, 10)]
    turns = [
        Step(k, turn=e) for k in (StepKind.TURN, StepKind.PIVOT) for e in (-3, -2, -1, 1, 2, 3, 4)
    ]
    limit = budget * HALF_FT
    best: dict[Raw, int] = {raw(start): 0}
    heap: list[tuple[int, int, Raw]] = [(0, 0, raw(start))]
    counter = 0
    ends: dict[tuple[int, int, int, int], Fraction] = {}
    while heap:
        cost, _, r = heapq.heappop(heap)
        if best[r] != cost:
            continue
        state = FlightState(*r)
        place = (r[0], r[1], r[2], r[3])
        ok = not space.end_faults(flyer, state) and (
            keeps_flying(flyer, state)
            or (state.alt == 0 and space.can_land(flyer, state.x, state.y))
        )
        if ok and place[:3] != (start.x, start.y, start.alt) and place not in ends:
            ends[place] = Fraction(cost, HALF_FT)
        for step in steps + (turns if r[6] < 180 else []):
            new = step_raw(flyer, r, step, space, 5, diagonal, None)
            if new is None or new[4] > limit or new[4] >= best.get(new, limit + 1):
                continue
            best[new] = new[4]
            counter += 1
            heapq.heappush(heap, (new[4], counter, new))
    return ends
