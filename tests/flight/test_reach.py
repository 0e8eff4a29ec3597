"""Flight reach and path: exact against a plain search, consistent with check, walls and ceiling."""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import LimitError
from footfall.flight import (
    FlightState,
    check,
    parse_steps,
)
from footfall.flight.reach import find_path, format_steps, reach
from footfall.flight.space import SceneAirspace, scene_flyer
from footfall.rules import Maneuverability, load_system
from footfall.scene import parse_scene
from helpers import strategies
from helpers.flight import bat_cave, dnd35_flyer, flight_oracle

SYSTEM = load_system("dnd35")
assert SYSTEM.flight is not None and SYSTEM.tactical is not None


CASES = [
    pytest.param(Maneuverability.PERFECT, 5, 2, id="perfect-5ft"),
    pytest.param(Maneuverability.GOOD, 10, 1, id="good-10ft-NE"),
    pytest.param(Maneuverability.AVERAGE, 15, 2, id="average-15ft"),
    pytest.param(Maneuverability.POOR, 15, 1, id="poor-15ft-NE"),
    pytest.param(Maneuverability.CLUMSY, 25, 2, id="clumsy-25ft"),
]
SLOW_CASES = [
    pytest.param(Maneuverability.PERFECT, 10, 1, id="perfect-10ft-NE", marks=pytest.mark.slow),
    pytest.param(Maneuverability.GOOD, 15, 2, id="good-15ft", marks=pytest.mark.slow),
    pytest.param(Maneuverability.AVERAGE, 25, 1, id="average-25ft-NE", marks=pytest.mark.slow),
    pytest.param(Maneuverability.POOR, 30, 2, id="poor-30ft", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("cls", "speed", "facing"), CASES + SLOW_CASES)
def test_reach_is_exact(cls: Maneuverability, speed: int, facing: int) -> None:
    """reach lists exactly the ends, with the least costs, of a search that merges nothing."""
    flyer = dnd35_flyer(cls, speed)
    start = FlightState(0, 0, 10, facing, since_turn=5)
    result = reach(flyer, start, system=SYSTEM, budget_ft=speed)
    got = {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in result.entries}
    assert got == flight_oracle(flyer, start, speed)


@pytest.mark.parametrize(("cls", "speed", "facing"), CASES)
def test_paths_check_legal_at_the_listed_cost(
    cls: Maneuverability, speed: int, facing: int
) -> None:
    """find_path's steps pass check at exactly the cost reach lists for that end."""
    flyer = dnd35_flyer(cls, speed)
    start = FlightState(0, 0, 10, facing, since_turn=5)
    entries = reach(flyer, start, system=SYSTEM, budget_ft=speed).entries
    for entry in entries[:: max(1, len(entries) // 12)]:
        found = find_path(
            flyer,
            start,
            (entry.x, entry.y, entry.alt),
            system=SYSTEM,
            budget_ft=speed,
            facing=entry.facing,
        )
        assert found is not None
        verdict = check(
            flyer, start, parse_steps(format_steps(found.steps)), system=SYSTEM, budget_ft=speed
        )
        assert verdict.legal, verdict.violations
        assert verdict.cost_ft == entry.cost_ft == found.cost_ft
        end = verdict.end
        assert (end.x, end.y, end.alt, end.facing) == (entry.x, entry.y, entry.alt, entry.facing)


@pytest.mark.parametrize(("cls", "speed", "facing"), CASES)
def test_path_to_a_place_in_any_facing_is_cheapest(
    cls: Maneuverability, speed: int, facing: int
) -> None:
    """find_path without an end facing (A* search) costs the least reach lists there."""
    flyer = dnd35_flyer(cls, speed)
    start = FlightState(0, 0, 10, facing, since_turn=5)
    cheapest: dict[tuple[int, int, int], Fraction] = {}
    for e in reach(flyer, start, system=SYSTEM, budget_ft=speed).entries:
        place = (e.x, e.y, e.alt)
        cheapest[place] = min(cheapest.get(place, e.cost_ft), e.cost_ft)
    places = sorted(cheapest)
    for place in places[:: max(1, len(places) // 10)]:
        found = find_path(flyer, start, place, system=SYSTEM, budget_ft=speed)
        assert found is not None and found.cost_ft == cheapest[place]
    assert find_path(flyer, start, (speed, 0, 10), system=SYSTEM, budget_ft=speed) is None


def test_perfect_path_climbs_to_dive() -> None:
    """Perfect (爬升速度 全速, 俯冲速度 倍速): a 5-ft climb costs no more than level flight, so
    climbing one square to dive three (5 + 3 x 2.5 ft) beats two dives and two level squares
    (2 x 2.5 + 2 x 5 ft); path's A* bound allows for it and finds what reach lists."""
    perfect = dnd35_flyer(Maneuverability.PERFECT, 20)
    start = FlightState(0, 0, 15, 2)
    climb = check(perfect, start, parse_steps("r45 c5 r45 d5 d5 d5"), system=SYSTEM, budget_ft=20)
    assert climb.legal and climb.cost_ft == 5 + 3 * Fraction(5, 2)
    assert (climb.end.x, climb.end.y, climb.end.alt) == (1, 4, 5)
    level = check(perfect, start, parse_steps("r45 d5 r45 d5 f2"), system=SYSTEM, budget_ft=20)
    assert level.legal and level.cost_ft == 2 * Fraction(5, 2) + 2 * 5
    found = find_path(perfect, start, (1, 4, 5), system=SYSTEM, budget_ft=20)
    assert found is not None and found.cost_ft == climb.cost_ft
    listed = reach(perfect, start, system=SYSTEM, budget_ft=20).entries
    assert min(e.cost_ft for e in listed if (e.x, e.y, e.alt) == (1, 4, 5)) == climb.cost_ft


def test_griffon_turns_and_dives() -> None:
    """An average griffon (fly 80) at 30 ft facing E can turn 90° and dive onto a square."""
    griffon = dnd35_flyer(Maneuverability.AVERAGE, 80)
    start = FlightState(0, 0, 30, 2)
    verdict = check(
        griffon, start, parse_steps("f r90 d10 d10 d10 f5"), system=SYSTEM, budget_ft=80
    )
    # 5 + turn (45° ordinary + 45° in place, 5 ft) + three dives at half cost + 25 = 50 ft.
    assert verdict.legal and verdict.cost_ft == 50
    assert (verdict.end.x, verdict.end.y, verdict.end.alt) == (1, 8, 0)
    poor = dnd35_flyer(Maneuverability.POOR, 80)
    refused = check(poor, start, parse_steps("f r90 d10 d10 d10 f5"), system=SYSTEM, budget_ft=80)
    assert {v.rule for v in refused.violations} == {"flight-turn", "flight-max-turn", "flight-dive"}


SCENE = bat_cave(40)


def test_walls_ceiling_and_creatures_bound_the_reach() -> None:
    """No end past the thin wall or in a wall square, none above the ceiling, none in the hero."""
    scene = parse_scene(SCENE)
    system, flyer, space, bat = scene_flyer(scene, "bat")
    start = FlightState(*bat.at, bat.alt, 2)
    entries = reach(flyer, start, system=system, budget_ft=40, space=space).entries
    assert entries
    assert all(e.x < 4 for e in entries), "the thin wall at x = 4 stops flyers"
    assert not any((e.x, e.y) in ((2, 1), (2, 2)) for e in entries), "wall squares"
    assert max(e.alt for e in entries) == 15, "a 5-ft flyer under a 20-ft ceiling"
    assert not any((e.x, e.y, e.alt) == (0, 3, 0) for e in entries), "the hero's space"
    assert any((e.x, e.y, e.alt) == (0, 3, 5) for e in entries), "above the hero is free"


def test_check_names_walls_and_ceiling() -> None:
    """check reports `wall`, `corner` and `flight-ceiling` with their rule ids."""
    scene = parse_scene(SCENE)
    system, flyer, space, bat = scene_flyer(scene, "bat")
    start = FlightState(*bat.at, bat.alt, 2)
    verdict = check(flyer, start, parse_steps("f2"), system=system, budget_ft=40, space=space)
    assert [v.rule for v in verdict.violations] == ["wall"]
    verdict = check(flyer, start, parse_steps("up15"), system=system, budget_ft=40, space=space)
    assert [v.rule for v in verdict.violations] == ["flight-ceiling"]
    diagonal = FlightState(1, 2, 5, 3)
    verdict = check(flyer, diagonal, parse_steps("f"), system=system, budget_ft=40, space=space)
    assert [v.rule for v in verdict.violations] == ["corner"]
    assert isinstance(space, SceneAirspace)


def test_work_limit() -> None:
    """A search past its work limit, or past the longest movement, stops with LimitError."""
    flyer = dnd35_flyer(Maneuverability.GOOD, 200)
    with pytest.raises(LimitError, match="more than 2000 states"):
        reach(flyer, FlightState(0, 0, 100, 0), system=SYSTEM, budget_ft=200, max_work=2000)
    with pytest.raises(LimitError, match="more than the 240 ft"):
        reach(
            dnd35_flyer(Maneuverability.GOOD, 250),
            FlightState(0, 0, 0, 0),
            system=SYSTEM,
            budget_ft=250,
        )


_STEP_WORDS = ["f", "f", "f", "c5", "d5", "d10", "l45", "r45", "r90", "up5", "down5", "b", "h"]


@settings(max_examples=60, deadline=None)
@given(
    cls=strategies.flight_classes("dnd35"),
    words=st.lists(st.sampled_from(_STEP_WORDS), min_size=1, max_size=6),
    facing=st.sampled_from([2, 3]),
)
def test_every_legal_checked_flight_is_in_reach(
    cls: Maneuverability, words: list[str], facing: int
) -> None:
    """Whatever check accepts, reach lists that end at the same or a lower cost."""
    flyer = dnd35_flyer(cls, 20)
    start = FlightState(0, 0, 15, facing, since_turn=5)
    verdict = check(flyer, start, parse_steps(" ".join(words)), system=SYSTEM, budget_ft=20)
    end = verdict.end
    if not verdict.legal or (end.x, end.y, end.alt) == (0, 0, 15):
        return
    entries = _reach_20(cls, facing)
    assert entries[(end.x, end.y, end.alt, end.facing)] <= verdict.cost_ft


@functools.cache
def _reach_20(cls: Maneuverability, facing: int) -> dict[tuple[int, int, int, int], Fraction]:
    """Reach of a 20-ft flyer at 15 ft, 5 ft flown since its last turn (cached per class)."""
    start = FlightState(0, 0, 15, facing, since_turn=5)
    result = reach(dnd35_flyer(cls, 20), start, system=SYSTEM, budget_ft=20)
    return {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in result.entries}


def _corridor(size: str) -> dict[str, object]:
    return {
        "footfall": 1,
        "system": "dnd35",
        "map": ["....."],
        "creatures": [
            {
                "id": "flyer",
                "at": [0, 0],
                "size": size,
                "side": "party",
                "speed": 5,
                "fly": {"speed": 30, "maneuverability": "good"},
            },
            {"id": "orc", "at": [2, 0], "size": "medium", "side": "foes", "speed": 30},
        ],
    }


@pytest.mark.parametrize(
    ("size", "steps", "rules"),
    [
        ("medium", "f4", ["enemy-space"]),
        ("medium", "c5 f2 d5", []),
        ("medium", "f2", ["enemy-space", "occupied-end"]),
        ("tiny", "f4", []),
    ],
)
def test_enemies_block_in_three_dimensions(size: str, steps: str, rules: list[str]) -> None:
    """An enemy's space stops a flyer at its height, not above it; tiny flyers pass (1.3)."""
    scene = parse_scene(_corridor(size))
    system, flyer, space, me = scene_flyer(scene, "flyer")
    start = FlightState(*me.at, me.alt, 2)
    verdict = check(flyer, start, parse_steps(steps), system=system, budget_ft=30, space=space)
    assert [v.rule for v in verdict.violations] == rules
