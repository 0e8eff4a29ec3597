"""Shedding what the budget left cannot use (`RuleStates.shed_at`, `Machine.shed_cost`).

A label of the compiled search late in the movement is made as its rule state's *shed form*:
with no 5-ft climb affordable the level ft since a dive and a climb run no longer matter, and
a run whose slack covers every height the rest can gain is the run that never fails. The
shed form must have exactly the rule state's futures within the budget left (the same steps
at the same costs, into states whose shed forms agree), and the kernel's chain of shed forms
must give the shed form at every cost. The kernel against the reference kernel, end by end,
is tests/flight/test_settle_kernel.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.flight import FlightState
from footfall.flight.compiled import compiled_reach
from footfall.flight.machine import Move, RuleStates, free_turns, rule_machine
from footfall.flight.model import HALF_FT, OPEN_SKY, raw, with_switches
from footfall.rules import Maneuverability, load_system
from helpers import strategies
from helpers.flight import dnd35_flyer

SYSTEM = load_system("dnd35")
assert SYSTEM.tactical is not None
DIAGONAL = SYSTEM.tactical.diagonal_costs


def _name(rules: RuleStates, move: Move) -> object:
    """Name a move by its steps (a free turner's by its last step and where it faces)."""
    steps, nrid = move[0], move[1]
    return (steps[-1], rules.states[nrid][3]) if rules.free else steps


def _futures(rules: RuleStates, rid: int, room: int) -> dict[object, tuple[object, ...]]:
    """Return the moves from `rid` that fit `room` half-feet: cost, displacement, direction,
    and the shed form of the state after it within what is then left."""
    found: dict[object, tuple[object, ...]] = {}
    for move in rules.moves(rid):
        _, nrid, cost, dx, dy, dz, direction = move
        if cost <= room:
            after = rules.shed_at(rules.states[nrid], room - cost)
            found[_name(rules, move)] = (cost, dx, dy, dz, direction, after)
    return found


@pytest.mark.parametrize("cls", list(Maneuverability))
@pytest.mark.parametrize("budget", [20, 40])
def test_shed_form_has_the_same_futures(cls: Maneuverability, budget: int) -> None:
    """Within the budget left, a rule state and its shed form take the same steps at the same
    costs into states with the same shed forms, and end alike (facing, forward speed kept)."""
    flyer = dnd35_flyer(cls, budget)
    rules = RuleStates(flyer, 5, DIAGONAL, budget, free_turns(flyer))
    states = rule_machine(flyer, 5, DIAGONAL, budget, raw(FlightState(0, 0, 30, 1)))[0]
    ids = [rules.intern(r) for r in states]
    random.Random(7).shuffle(ids)
    limit = budget * HALF_FT
    shed_some = 0
    for rid in ids[:400]:
        for room in range(0, limit + 1, 3):
            sid = rules.intern(rules.shed_at(rules.states[rid], room))
            if sid == rid:
                continue
            shed_some += 1
            assert rules.parts[sid] == rules.parts[rid]
            assert rules.keeps[sid] == rules.keeps[rid]
            assert rules.states[sid][3] == rules.states[rid][3]
            assert _futures(rules, sid, room) == _futures(rules, rid, room)
    if flyer.up_tan2 is not None or flyer.row.between_down_up_ft:
        assert shed_some, "something is shed"


@pytest.mark.parametrize("cls", list(Maneuverability))
def test_shed_chain_gives_the_shed_form_at_every_cost(cls: Maneuverability) -> None:
    """Following `shed_to` while the cost reaches `shed_cost` (as the kernel does) gives the
    rule state's shed form within what that cost leaves, at every cost of the movement."""
    flyer = dnd35_flyer(cls, 40)
    machine = rule_machine(flyer, 5, DIAGONAL, 40, raw(FlightState(0, 0, 30, 2)))
    rules = RuleStates(flyer, 5, DIAGONAL, 40, free_turns(flyer))
    ids = [rules.intern(r) for r in machine.states]
    limit = 40 * HALF_FT
    for i in range(len(ids)):
        for cost in range(limit + 1):
            j = i
            while cost >= machine.shed_cost[j]:
                j = int(machine.shed_to[j])
            assert ids[j] == rules.intern(rules.shed_at(machine.states[i], limit - cost))


@settings(max_examples=30, deadline=None)
@given(
    strategies.flight_classes("dnd35"),
    st.sampled_from((20, 30, 40)),
    st.sampled_from((0, 5, 30)),
    st.integers(0, 7),
    strategies.switches("dnd35"),
)
def test_shedding_keeps_every_end_and_cost(
    cls: Maneuverability, budget: int, alt: int, facing: int, switches: dict[str, str]
) -> None:
    """The kernel with shedding lists the same ends at the same costs as without, on the open
    sky (mirror or not), from any facing, under every switch."""
    flyer = with_switches(dnd35_flyer(cls, budget), SYSTEM, switches)
    start = FlightState(0, 0, alt, facing)
    for symmetric in (False, True):
        shed = compiled_reach(flyer, start, SYSTEM, budget, OPEN_SKY, 10**7, symmetric=symmetric)
        kept = compiled_reach(
            flyer, start, SYSTEM, budget, OPEN_SKY, 10**7, symmetric=symmetric, shed=False
        )
        assert shed is not None and kept is not None
        assert shed[:5] == kept[:5]
