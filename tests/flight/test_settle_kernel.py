"""The compiled reach kernel (`settle_kernel`) against the former one (`reach_kernel`).

`settle_kernel` keeps each place's popped labels as a bit mask and, on the open sky, searches
one of each pair of mirror images; `reach_kernel` walks every label of a place. Both must list
exactly the same ends at the same costs (seed 004's flight rules, as `step_raw` applies them),
on random small scenes, on the open sky and on the shipped sample, and without the mirror the
new kernel makes the very same labels (same work).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.flight import FlightState
from footfall.flight.compiled import KernelEnds, compiled_reach
from footfall.flight.model import OPEN_SKY, Airspace, with_switches
from footfall.flight.reach import reach
from footfall.flight.space import BandedAirspace, scene_flyer
from footfall.limits import LIMITS
from footfall.rules import Maneuverability, load_system
from footfall.scene import load_sample, parse_scene
from helpers import strategies
from helpers.flight import dnd35_flyer

SYSTEM = load_system("dnd35")
WORK = 10_000_000


def _both(
    flyer: Any,
    start: FlightState,
    budget: int,
    space: Airspace,
    *,
    symmetric: bool = True,
    shed: bool = True,
) -> tuple[KernelEnds, KernelEnds]:
    """Return (settle_kernel's ends, reach_kernel's ends) of one search."""
    system = SYSTEM
    new = compiled_reach(flyer, start, system, budget, space, WORK, symmetric=symmetric, shed=shed)
    old = compiled_reach(flyer, start, system, budget, space, WORK, reference=True)
    assert new is not None and old is not None
    return new, old


def _same_ends(new: KernelEnds, old: KernelEnds) -> None:
    """Assert two kernels found the same ends at the same costs (work may differ)."""
    assert new[:5] == old[:5]


@st.composite
def _scenes(draw: st.DrawFn) -> tuple[dict[str, Any], FlightState]:
    """Draw a small dnd35 scene: walls, maybe a ceiling, a flyer aloft and a creature below."""
    width = draw(st.integers(3, 7))
    height = draw(st.integers(3, 7))
    rows = ["".join(draw(st.sampled_from("....#")) for _ in range(width)) for _ in range(height)]
    x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    alt = draw(st.sampled_from((0, 5, 10, 20)))
    flyer = {
        "id": "flyer",
        "at": [x, y],
        "size": draw(st.sampled_from(("tiny", "medium"))),
        "side": "foes",
        "speed": 5,
        "fly": {
            "speed": draw(st.sampled_from((10, 20, 30))),
            "maneuverability": draw(strategies.maneuverabilities("dnd35")),
        },
        "alt": alt,
    }
    scene: dict[str, Any] = {
        "footfall": 1,
        "system": "dnd35",
        "map": rows,
        "creatures": [flyer],
    }
    if draw(st.booleans()):
        scene["ceiling_ft"] = draw(st.sampled_from((alt + 10, alt + 20)))
    ox, oy = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    if (ox, oy) != (x, y) and rows[oy][ox] == ".":
        scene["creatures"].append(
            {"id": "hero", "at": [ox, oy], "size": "medium", "side": "party", "speed": 30}
        )
    return scene, FlightState(x, y, alt, draw(st.integers(0, 7)))


@settings(max_examples=60, deadline=None)
@given(_scenes(), strategies.switches("dnd35", ("flight_turn_credit", "flight_climb_cost")))
def test_settle_kernel_matches_the_former_kernel_on_random_scenes(
    drawn: tuple[dict[str, Any], FlightState], switches: dict[str, str]
) -> None:
    """On a random small scene (walls, ceiling, a creature) the new kernel lists the former
    one's ends and costs; without shedding it makes the same labels (the same work too)."""
    data, start = drawn
    system, flyer, space, me = scene_flyer(parse_scene(data), "flyer")
    flyer = with_switches(flyer, system, switches)
    assert me.fly is not None
    new, old = _both(flyer, start, me.fly.speed, space)
    _same_ends(new, old)
    plain, _ = _both(flyer, start, me.fly.speed, space, shed=False)
    assert plain == old


@settings(max_examples=60, deadline=None)
@given(
    strategies.flight_classes("dnd35"),
    st.sampled_from((10, 20, 30, 40)),
    st.sampled_from((0, 5, 15, 30)),
    st.integers(0, 7),
    st.sampled_from((None, (0, 10), (5, 25))),
    strategies.switches("dnd35"),
)
def test_mirror_search_matches_the_former_kernel_on_the_open_sky(
    cls: Maneuverability,
    budget: int,
    alt: int,
    facing: int,
    band: tuple[int, int] | None,
    switches: dict[str, str],
) -> None:
    """On the open sky (maybe banded) the mirror search lists the former kernel's ends, from
    any facing; without the mirror the labels and work are the former kernel's too."""
    flyer = with_switches(dnd35_flyer(cls, budget), SYSTEM, switches)
    space: Airspace = OPEN_SKY if band is None else BandedAirspace(OPEN_SKY, *band)
    if band is not None and not band[0] <= alt <= band[1]:
        alt = band[0]
    start = FlightState(0, 0, alt, facing)
    new, old = _both(flyer, start, budget, space)
    _same_ends(new, old)
    assert new.work <= old.work
    plain, _ = _both(flyer, start, budget, space, symmetric=False, shed=False)
    assert plain == old


@pytest.mark.parametrize("cls", list(Maneuverability))
def test_mirror_search_matches_at_80_ft(cls: Maneuverability) -> None:
    """Every class's 80-ft reach from 30 ft facing E (an average flyer: 62,144 ends) is the
    former kernel's, with about half its work."""
    new, old = _both(dnd35_flyer(cls, 80), FlightState(0, 0, 30, 2), 80, OPEN_SKY)
    _same_ends(new, old)
    assert new.work < 0.6 * old.work


@pytest.mark.parametrize(
    ("mover", "facing", "action"),
    [("stirge", 6, 1), ("giant-eagle", 2, 1), ("stirge", 1, 2)],
)
def test_settle_kernel_matches_on_the_sample(mover: str, facing: int, action: int) -> None:
    """On dnd35-canyon-squeeze both kernels list the same ends for its flyers, and make the
    same labels without shedding."""
    scene = load_sample("dnd35-canyon-squeeze")
    _, flyer, space, me = scene_flyer(scene, mover)
    assert me.fly is not None
    start = FlightState(me.at[0], me.at[1], me.alt, facing)
    new, old = _both(flyer, start, action * me.fly.speed, space)
    _same_ends(new, old)
    plain, _ = _both(flyer, start, action * me.fly.speed, space, shed=False)
    assert plain == old


@pytest.mark.slow
def test_double_move_of_an_average_80_ft_flyer_is_answered() -> None:
    """A double move (160 ft) of an average flyer 30 ft up, refused before past 4,000,000
    states (7,321,148 with the former kernel), fits the default limits."""
    flyer = dnd35_flyer(Maneuverability.AVERAGE, 80)
    found = reach(flyer, FlightState(0, 0, 30, 2), system=SYSTEM, budget_ft=160, limits=LIMITS)
    assert len(found.entries) == 344_711
    assert found.work <= LIMITS.flight_compiled_work


@pytest.mark.parametrize(
    ("cls", "speed", "action", "alt", "facing"),
    [
        (Maneuverability.AVERAGE, 30, 2, 30, 2),
        (Maneuverability.POOR, 40, 2, 10, 1),
        (Maneuverability.GOOD, 30, 2, 0, 6),
        (Maneuverability.CLUMSY, 60, 1, 50, 2),
        (Maneuverability.PERFECT, 30, 2, 20, 3),
    ],
)
def test_prefetching_kernel_lists_every_end_of_the_former_kernel(
    cls: Maneuverability, speed: int, action: int, alt: int, facing: int
) -> None:
    """The kernel that makes a popped label's moves first and prefetches their places lists
    every end (square, altitude, facing) of the former kernel at the same cost, for moves and
    double moves of several classes, and without the mirror and shedding the same work."""
    flyer = dnd35_flyer(cls, speed)
    start = FlightState(0, 0, alt, facing, since_turn=5)
    new, old = _both(flyer, start, action * speed, OPEN_SKY)
    _same_ends(new, old)
    assert len(new.xs) > 1000
    plain, _ = _both(flyer, start, action * speed, OPEN_SKY, symmetric=False, shed=False)
    assert plain == old
