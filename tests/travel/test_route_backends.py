"""Routes on plain lists (small maps) and on the kernel's arrays (large ones): the same route."""

from __future__ import annotations

import random

import pytest

from footfall import route
from footfall.route import Diagonal, Grid, TerrainMap, find_route, parse_map
from footfall.travel import Traveller

LEGEND = {
    ".": "plains trackless",
    "=": "plains highway",
    "f": "forest trackless",
    "h": "hills trackless",
    "s": "swamp trackless",
    "~": "impassable",
}


def _random_map(seed: int, grid: Grid, diagonal: Diagonal) -> TerrainMap:
    """A random map of up to 14 x 12 cells, mostly passable, its corners plains."""
    rng = random.Random(seed)
    width, height = rng.randint(1, 14), rng.randint(1, 12)
    symbols = ".....==ffhhs~~"
    rows = ["".join(rng.choice(symbols) for _ in range(width)) for _ in range(height)]
    rows[0] = "." + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "."
    data = {"grid": grid.value, "cell": "6 mi", "legend": LEGEND, "rows": rows}
    if grid is Grid.SQUARE:
        data["diagonal"] = diagonal.value
    return parse_map(data, f"random-{seed}")


@pytest.mark.parametrize(
    ("grid", "diagonal"),
    [(Grid.HEX, Diagonal.ALTERNATING), (Grid.SQUARE, Diagonal.ALTERNATING),
     (Grid.SQUARE, Diagonal.NONE)],
    ids=["hex", "square-alternating", "square-4"],
)  # fmt: skip
def test_lists_and_arrays_give_the_same_route(
    grid: Grid, diagonal: Diagonal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On 60 random maps of each kind, corner to corner and to a random cell, the list search
    and the kernel's give the same route: the same cells, legs and hours (ties broken alike),
    and the same refusal or absence of a route."""
    who = Traveller(speeds=(30,))
    for seed in range(60):
        terrain_map = _random_map(seed, grid, diagonal)
        rng = random.Random(seed)
        goals = [
            (terrain_map.width - 1, terrain_map.height - 1),
            (rng.randrange(terrain_map.width), rng.randrange(terrain_map.height)),
        ]
        for goal in goals:
            answers: list[object] = []
            for states in (10**9, 0):  # lists, then arrays
                monkeypatch.setattr(route, "LIST_STATES", states)
                try:
                    answers.append(find_route(terrain_map, (0, 0), goal, who))
                except Exception as exc:  # the refusal must be the same too
                    answers.append(repr(exc))
            assert answers[0] == answers[1], (seed, goal)


def test_a_small_map_is_searched_on_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """A map of at most `route.LIST_STATES` states runs `route_lists`, a larger one the arrays."""
    chosen = []
    original = route._backend

    def spy(terrain_map: TerrainMap, n_states: int) -> object:
        module = original(terrain_map, n_states)
        chosen.append(module.__name__)
        return module

    monkeypatch.setattr(route, "_backend", spy)
    small = _random_map(3, Grid.HEX, Diagonal.ALTERNATING)
    find_route(small, (0, 0), (small.width - 1, small.height - 1), Traveller(speeds=(30,)))
    monkeypatch.setattr(route, "LIST_STATES", 0)
    find_route(small, (0, 0), (small.width - 1, small.height - 1), Traveller(speeds=(30,)))
    assert chosen == ["footfall.route_lists", "footfall.route_arrays"]
