"""Flight reach speed-ups: canonical rule states, dominance, exact slack order, compiled kernel."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from footfall.flight import FlightState
from footfall.flight.machine import RuleStates, free_turns, rule_machine
from footfall.flight.model import OPEN_SKY, Airspace, raw
from footfall.flight.reach import find_path, format_steps, reach
from footfall.flight.space import BandedAirspace, scene_flyer
from footfall.rules import Maneuverability, load_system
from footfall.scene import load_sample, parse_scene
from helpers.flight import bat_cave, dnd35_flyer

SYSTEM = load_system("dnd35")
assert SYSTEM.flight is not None and SYSTEM.tactical is not None
DIAGONAL = SYSTEM.tactical.diagonal_costs


def _rules(cls: Maneuverability, budget: int) -> tuple[RuleStates, list[int]]:
    """The rule machine of a flyer of `budget` ft at 30 ft facing NE, every state in budget."""
    flyer = dnd35_flyer(cls, budget)
    rules = RuleStates(flyer, 5, DIAGONAL, budget, free_turns(flyer))
    start = raw(FlightState(0, 0, 30, 1))
    states = rule_machine(flyer, 5, DIAGONAL, budget, start)[0]
    ids = [rules.intern(r) for r in states]
    return rules, ids


@pytest.mark.parametrize("cls", list(Maneuverability))
def test_dominance_is_kept_by_every_step(cls: Maneuverability) -> None:
    """A rule state that dominates another can take each of its steps, at no more cost, into a
    state that still dominates (the order each remembered quantity is pruned by is right)."""
    rules, ids = _rules(cls, 40)
    by_part: dict[tuple[int, ...], list[int]] = {}
    for rid in ids:
        by_part.setdefault(rules.parts[rid], []).append(rid)
    pairs = [
        (a, b)
        for group in by_part.values()
        for a, b in itertools.permutations(group, 2)
        if all(x >= y for x, y in zip(rules.resources[a], rules.resources[b], strict=True))
    ]
    assert pairs, "some rule states dominate others"
    random.Random(4).shuffle(pairs)
    free = rules.free

    def name(move: tuple[object, ...]) -> object:
        # A perfect flyer's part has no facing: its moves are named by where they go.
        steps, nrid = move[0], move[1]
        assert isinstance(steps, tuple) and isinstance(nrid, int)
        return (steps[-1], rules.states[nrid][3]) if free else steps

    for a, b in pairs[:1500]:
        moves_a = {name(m): m for m in rules.moves(a)}
        for move in rules.moves(b):
            steps, nb, cost_b, dx, dy, dz, _ = move
            found = moves_a.get(name(move))
            assert found is not None, (rules.states[a], rules.states[b], steps)
            _, na, cost_a, dxa, dya, dza, _ = found
            assert (dxa, dya, dza) == (dx, dy, dz)
            assert cost_a <= cost_b
            assert rules.parts[na] == rules.parts[nb]
            assert all(
                x >= y for x, y in zip(rules.resources[na], rules.resources[nb], strict=True)
            ), (rules.states[a], rules.states[b], steps)


def test_slack_orders_climbs_exactly() -> None:
    """The integer slack of a 60° climb orders (rh, rv) exactly as sqrt(3)·rh - rv does."""
    flyer = dnd35_flyer(Maneuverability.AVERAGE, 240)
    rules = RuleStates(flyer, 5, DIAGONAL, 240, False)
    pairs = [(rh, rv) for rh in range(0, 500, 5) for rv in range(0, 500, 5)]
    pairs.sort(key=lambda p: rules.slack(1, *p))
    for (h1, v1), (h2, v2) in itertools.pairwise(pairs):
        # sqrt(3)·h1 - v1 < sqrt(3)·h2 - v2  <=>  sqrt(3)·(h2 - h1) > v2 - v1, exactly.
        a, b = h2 - h1, v2 - v1
        greater = (b < 0 or 3 * a * a > b * b) if a >= 0 else (b < 0 and 3 * a * a < b * b)
        assert greater, ((h1, v1), (h2, v2))
        assert rules.slack(1, h1, v1) < rules.slack(1, h2, v2)


@pytest.mark.parametrize(
    ("cls", "since", "fwd", "level"),
    [
        (Maneuverability.CLUMSY, 15, 35, 25),
        (Maneuverability.POOR, 20, 60, 40),
        (Maneuverability.AVERAGE, 10, 45, 5),
        (Maneuverability.GOOD, 50, 5, None),
    ],
)
def test_capped_quantities_share_a_rule_state(
    cls: Maneuverability, since: int, fwd: int, level: int | None
) -> None:
    """Distance since the turn, forward ground and level flight past what the rules ask merge."""
    flyer = dnd35_flyer(cls, 40)
    rules = RuleStates(flyer, 5, DIAGONAL, 40, free_turns(flyer))
    row = flyer.row
    need_forward = flyer.min_forward_ft or 0
    turn_cap = getattr(row.turn, "per_ft", 0)
    a = FlightState(0, 0, 30, 2, since_turn=since, forward=fwd, level_after_dive=level)
    b = FlightState(
        0,
        0,
        30,
        2,
        since_turn=max(turn_cap, min(since, turn_cap)),
        forward=max(int(need_forward), min(fwd, int(need_forward))),
        level_after_dive=None if level is None or level >= row.between_down_up_ft else level,
    )
    assert rules.canon(raw(a)) == rules.canon(raw(b))
    # And below the caps they stay apart.
    c = FlightState(0, 0, 30, 2, since_turn=0, forward=fwd, level_after_dive=level)
    if turn_cap:
        assert rules.canon(raw(a)) != rules.canon(raw(c))


@pytest.mark.parametrize("cls", list(Maneuverability))
@pytest.mark.parametrize(
    "start",
    [FlightState(0, 0, 10, 1, since_turn=5), FlightState(2, -3, 25, 4)],
    ids=["10ft-NE", "25ft-S"],
)
def test_compiled_kernel_matches_python(cls: Maneuverability, start: FlightState) -> None:
    """The numba kernel lists exactly the ends and costs of the Python search."""
    flyer = dnd35_flyer(cls, 25)
    got = reach(flyer, start, system=SYSTEM, budget_ft=25, engine="compiled")
    want = reach(flyer, start, system=SYSTEM, budget_ft=25, engine="python")
    assert got.entries == want.entries
    banded = BandedAirspace(OPEN_SKY, 5, 20)
    got = reach(flyer, start, system=SYSTEM, budget_ft=25, space=banded, engine="compiled")
    want = reach(flyer, start, system=SYSTEM, budget_ft=25, space=banded, engine="python")
    assert got.entries == want.entries
    assert all(5 <= e.alt <= 20 for e in got.entries)


def test_compiled_kernel_at_a_great_height() -> None:
    """A flyer miles up is searched in a box around it (no array as tall as its altitude)."""
    flyer = dnd35_flyer(Maneuverability.GOOD, 20)
    high = FlightState(0, 0, 1_000_000_000, 2)
    got = reach(flyer, high, system=SYSTEM, budget_ft=20, engine="compiled")
    want = reach(flyer, high, system=SYSTEM, budget_ft=20, engine="python")
    assert got.entries == want.entries
    assert min(e.alt for e in got.entries) == 1_000_000_000 - 40, "dives at double speed"


@pytest.mark.parametrize(
    ("mover", "facing", "budget", "band"),
    [
        ("stirge", 6, 40, None),
        ("giant-eagle", 2, 30, None),
        ("stirge", 4, 30, (0, 10)),
    ],
)
def test_compiled_kernel_matches_python_on_a_scene(
    mover: str, facing: int, budget: int, band: tuple[int, int] | None
) -> None:
    """On a scene (walls, corners, ceiling, creatures, pits) both engines list the same ends."""
    scene = load_sample("dnd35-canyon-squeeze")
    system, flyer, space, me = scene_flyer(scene, mover)
    air: Airspace = space if band is None else BandedAirspace(space, *band)
    start = FlightState(me.at[0], me.at[1], me.alt, facing)
    got = reach(flyer, start, system=system, budget_ft=budget, space=air, engine="compiled")
    want = reach(flyer, start, system=system, budget_ft=budget, space=air, engine="python")
    assert got.entries == want.entries
    assert got.work != want.work, "the kernel ran"


CAVE = bat_cave(60)


def test_compiled_kernel_matches_python_under_a_ceiling() -> None:
    """A thin wall, a ceiling and a creature below bound both engines' reach the same way."""
    system, flyer, space, bat = scene_flyer(parse_scene(CAVE), "bat")
    start = FlightState(bat.at[0], bat.at[1], bat.alt, 2)
    got = reach(flyer, start, system=system, budget_ft=30, space=space, engine="compiled")
    want = reach(flyer, start, system=system, budget_ft=30, space=space, engine="python")
    assert got.entries == want.entries
    assert max(e.alt for e in got.entries) == 15 and all(e.x < 4 for e in got.entries)


def test_documented_griffon_path_is_unchanged() -> None:
    """The A* search breaks ties as before (cheapest, then first found): docs/flight.md's path."""
    griffon = dnd35_flyer(Maneuverability.AVERAGE, 80)
    found = find_path(griffon, FlightState(0, 0, 30, 2), (1, 8, 5), system=SYSTEM, budget_ft=80)
    assert found is not None and found.cost_ft == Fraction(65, 2)
    assert format_steps(found.steps) == "down5 r45 d5 r45 d5 d5 d5 f4"
