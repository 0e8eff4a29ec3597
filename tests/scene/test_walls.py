"""Thin walls (SCENE.md): which steps between square centres a wall segment blocks."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import footfall.scene.walls as walls_module
from footfall.errors import InputError
from footfall.grid import DIRECTIONS
from footfall.scene import Flag, Scene, parse_scene
from footfall.scene.layers import (
    clearance_below,
    clearance_ft,
    entry_at,
    flag_mask,
    impassable_mask,
    terrain_index,
)
from footfall.scene.walls import step_blocked_by_walls, thin_wall_exits
from footfall.tactical import search
from helpers import strategies

N, NE, E, SE, S, SW, W, NW = range(8)


def open_scene(walls: list[dict[str, Any]], width: int = 8, height: int = 6) -> Scene:
    """Return an open pf1e map of `width` x `height` with `walls`."""
    return parse_scene(
        {"footfall": 1, "system": "pf1e", "map": ["." * width] * height, "walls": walls}
    )


def blocked(scene: Scene, a: tuple[int, int], d: int) -> bool:
    """Tell whether thin_wall_exits marks the step from `a` in direction `d` as blocked."""
    return bool(thin_wall_exits(scene)[a[1], a[0]] >> d & 1)


def agrees_with_reference(scene: Scene) -> None:
    """Assert thin_wall_exits equals step_blocked_by_walls on every step of the map."""
    bits = thin_wall_exits(scene)
    for y in range(scene.height):
        for x in range(scene.width):
            for d, (dx, dy) in enumerate(DIRECTIONS):
                target = (x + dx, y + dy)
                on_map = 0 <= target[0] < scene.width and 0 <= target[1] < scene.height
                expected = on_map and step_blocked_by_walls(scene, (x, y), target)
                assert bool(bits[y, x] >> d & 1) == expected, ((x, y), d)


def test_directions_match_the_search_kernel() -> None:
    """scene.DIRECTIONS is the kernel's numbering (N, NE, E, SE, S, SW, W, NW)."""
    assert DIRECTIONS == search.DIRECTIONS


def test_vertical_wall_blocks_crossing_and_diagonals_past_it() -> None:
    """A wall on x=3 from y=0 to y=2 blocks E/W steps across it and diagonals past its end."""
    scene = open_scene([{"from": [3, 0], "to": [3, 2]}])
    assert blocked(scene, (2, 0), E) and blocked(scene, (3, 0), W)
    assert blocked(scene, (2, 1), E) and blocked(scene, (2, 1), NE)
    assert blocked(scene, (2, 1), SE), "diagonal through the wall's end point (3, 2)"
    assert blocked(scene, (3, 2), NW), "the same step reversed"
    assert not blocked(scene, (2, 2), E), "below the wall's end"
    assert not blocked(scene, (2, 2), SE)
    assert not blocked(scene, (2, 1), S) and not blocked(scene, (2, 0), S), "along the wall"


def test_horizontal_wall_blocks_crossing_and_corners() -> None:
    """A wall on y=2 from x=1 to x=4 blocks N/S steps and every diagonal touching it."""
    scene = open_scene([{"from": [1, 2], "to": [4, 2]}])
    for x in (1, 2, 3):
        assert blocked(scene, (x, 1), S) and blocked(scene, (x, 2), N)
    assert blocked(scene, (0, 1), SE), "past the wall's west end (1, 2)"
    assert blocked(scene, (4, 1), SW), "past the wall's east end (4, 2)"
    assert not blocked(scene, (0, 1), S) and not blocked(scene, (4, 1), S)
    assert not blocked(scene, (0, 1), E), "alongside, north of the wall"
    agrees_with_reference(scene)


def test_l_shaped_corner_blocks_the_diagonal_through_it() -> None:
    """Two walls meeting at (3, 2) block the diagonal from (2, 1) to (3, 2) through the corner."""
    scene = open_scene([{"from": [3, 0], "to": [3, 2]}, {"from": [3, 2], "to": [6, 2]}])
    assert blocked(scene, (2, 1), SE) and blocked(scene, (3, 2), NW)
    assert blocked(scene, (4, 1), SW) and blocked(scene, (2, 2), NE)
    agrees_with_reference(scene)


def test_wall_end_touching_a_diagonal_only() -> None:
    """A diagonal touching only a wall's end point is blocked ("no diagonal past its end")."""
    # Wall (2, 1)-(2, 2). The diagonals (1, 1)->(2, 2) and (1, 2)->(2, 1) pass the end point
    # (2, 2); (1, 0)->(2, 1) passes the other end (2, 1); (1, 3)->(2, 4) misses the wall.
    scene = open_scene([{"from": [2, 2], "to": [2, 1]}])
    assert blocked(scene, (1, 1), SE)
    assert blocked(scene, (1, 2), NE)
    assert blocked(scene, (1, 0), SE)
    assert not blocked(scene, (1, 3), SE)


def test_diagonal_wall_off_the_grid_lines() -> None:
    """A wall from (0, 0) to (4, 4) along the squares' diagonals blocks every step touching it."""
    # It passes through the centres of (0, 0)..(3, 3), so those squares are sealed in every
    # direction, while steps between squares that do not touch the line are free.
    scene = open_scene([{"from": [0, 0], "to": [4, 4]}])
    bits = thin_wall_exits(scene)
    assert bits[1, 1] == 0xFF, "the wall passes through the centre of (1, 1)"
    assert not blocked(scene, (5, 0), S)
    assert not blocked(scene, (2, 0), E)
    agrees_with_reference(scene)


def test_slanted_wall_between_centres() -> None:
    """A wall from (0, 1) to (4, 3) (slope 1/2) blocks N/S steps it crosses, not the far ones."""
    scene = open_scene([{"from": [0, 1], "to": [4, 3]}])
    # At x = 0.5 the wall is at y = 1.25, between the centres (0.5, 0.5) and (0.5, 1.5).
    assert blocked(scene, (0, 0), S)
    assert not blocked(scene, (0, 1), S), "centres 1.5 and 2.5 are both below y = 1.25"
    # at x = 3.5 the wall is at y = 2.75: between (3, 2) and (3, 3).
    assert blocked(scene, (3, 2), S) and not blocked(scene, (3, 1), S)
    agrees_with_reference(scene)


def test_open_door_blocks_nothing_closed_door_blocks() -> None:
    """A closed door blocks like a wall; an open door does not block at all (SCENE.md)."""
    closed = open_scene([{"from": [3, 1], "to": [3, 2], "door": "closed"}])
    opened = open_scene([{"from": [3, 1], "to": [3, 2], "door": "open"}])
    assert blocked(closed, (2, 1), E) and blocked(closed, (2, 0), SE)
    assert not thin_wall_exits(opened).any()
    assert not step_blocked_by_walls(opened, (2, 1), (3, 1))


def test_fractional_coordinates() -> None:
    """A wall at x = 2.5 (through the centres of column 2) blocks E/W steps from column 2."""
    # And a wall at x = 2.75 from y = 1/3 to y = 2/3 lies between two centres of row 0 only.
    scene = open_scene([{"from": [2.5, 3], "to": [2.5, 5]}])
    assert blocked(scene, (2, 3), E) and blocked(scene, (2, 3), W), "touches the centre"
    assert blocked(scene, (1, 3), E), "the step ends on the wall"
    assert not blocked(scene, (2, 2), W), "above the wall's end at y = 3 (centre y = 2.5)"
    short = open_scene([{"from": [2.75, "1/3"], "to": [2.75, "2/3"]}])
    assert blocked(short, (2, 0), E)
    assert not blocked(short, (2, 0), SE), "the diagonal is at x = 2.75 when y = 0.75"
    assert not blocked(short, (2, 1), E)
    agrees_with_reference(short)


def test_walls_off_the_map_block_nothing() -> None:
    """A wall wholly outside the map sets no bit and raises no error."""
    scene = open_scene([{"from": [-5, -5], "to": [-2, -1]}, {"from": [50, 0], "to": [60, 3]}])
    assert not thin_wall_exits(scene).any()


def test_exact_path_for_huge_denominators(monkeypatch: pytest.MonkeyPatch) -> None:
    """Coordinates too fine for int64 fall back to exact Python ints with the same answer."""
    walls = [{"from": ["1/1000000007", 0], "to": ["3000000001/1000000007", 4]}]
    scene = open_scene(walls)
    fast = thin_wall_exits(scene)
    agrees_with_reference(scene)
    monkeypatch.setattr(walls_module, "_INT64_SAFE", 1)
    assert np.array_equal(thin_wall_exits(scene), fast)


# -- properties ------------------------------------------------------------------------------

coordinate = st.integers(-8, 40).map(lambda n: Fraction(n, 4))
wall = st.fixed_dictionaries(
    {
        "from": st.tuples(coordinate, coordinate),
        "to": st.tuples(coordinate, coordinate),
        "door": strategies.doors(),
    }
).filter(lambda w: w["from"] != w["to"])


def as_json(w: dict[str, Any]) -> dict[str, Any]:
    """Write a wall's Fraction coordinates as "p/q" strings."""
    return {
        "from": [str(v) for v in w["from"]],
        "to": [str(v) for v in w["to"]],
        "door": w["door"],
    }


@settings(max_examples=40, deadline=None)
@given(st.lists(wall, min_size=1, max_size=3))
def test_grid_matches_single_steps(walls: list[dict[str, Any]]) -> None:
    """thin_wall_exits equals step_blocked_by_walls on every step, for random walls."""
    agrees_with_reference(open_scene([as_json(w) for w in walls], 8, 8))


@settings(max_examples=60, deadline=None)
@given(st.lists(wall, min_size=1, max_size=4))
def test_blocking_is_symmetric(walls: list[dict[str, Any]]) -> None:
    """A step a->b is blocked iff b->a is (bit d of a iff bit d+4 of b)."""
    bits = thin_wall_exits(open_scene([as_json(w) for w in walls], 10, 10)).astype(np.int64)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        here = bits[max(0, -dy) : 10 - max(0, dy), max(0, -dx) : 10 - max(0, dx)] >> d & 1
        there = bits[max(0, dy) : 10 + min(0, dy), max(0, dx) : 10 + min(0, dx)]
        assert np.array_equal(here, there >> ((d + 4) % 8) & 1)


@settings(max_examples=60, deadline=None)
@given(wall, st.integers(0, 9), st.integers(0, 9), st.integers(0, 7))
def test_far_wall_blocks_nothing(w: dict[str, Any], x: int, y: int, d: int) -> None:
    """A wall more than 1.5 squares from both centres of a step never blocks it."""
    scene = open_scene([as_json(w)], 10, 10)
    dx, dy = DIRECTIONS[d]
    target = (x + dx, y + dy)
    xs = [Fraction(x) + Fraction(1, 2), Fraction(target[0]) + Fraction(1, 2)]
    ys = [Fraction(y) + Fraction(1, 2), Fraction(target[1]) + Fraction(1, 2)]
    wall_xs = [w["from"][0], w["to"][0]]
    wall_ys = [w["from"][1], w["to"][1]]
    apart = max(wall_xs) < min(xs) or min(wall_xs) > max(xs)
    apart = apart or max(wall_ys) < min(ys) or min(wall_ys) > max(ys)
    if apart:
        assert not step_blocked_by_walls(scene, (x, y), target)
        if 0 <= target[0] < 10 and 0 <= target[1] < 10:
            assert not blocked(scene, (x, y), d)


# -- terrain layers ----------------------------------------------------------------------------


def terrain_scene() -> Scene:
    """Return a pf1e map using default and custom legend characters."""
    return parse_scene(
        {
            "footfall": 1,
            "system": "pf1e",
            "map": [".#^o", "%_!n", "xw.."],
            "legend": {
                "n": {"flags": ["difficult"], "width_ft": 2.5},
                "w": {"flags": [], "width_ft": 4, "height_ft": 3},
                "x": {"flags": [], "impassable": True},
            },
        }
    )


def test_flag_masks() -> None:
    """flag_mask marks exactly the squares whose legend entry carries the flag."""
    scene = terrain_scene()
    assert flag_mask(scene, Flag.WALL).tolist() == [
        [False, True, False, False],
        [False, False, False, False],
        [False, False, False, False],
    ]
    assert np.argwhere(flag_mask(scene, Flag.DIFFICULT)).tolist() == [[0, 2], [1, 3]]
    assert np.argwhere(flag_mask(scene, Flag.PIT)).tolist() == [[1, 1]]
    assert np.argwhere(impassable_mask(scene)).tolist() == [[2, 0]]


def test_clearance() -> None:
    """clearance_below compares exactly; clearance_ft gives 0 where no clearance is given."""
    scene = terrain_scene()
    assert np.argwhere(clearance_below(scene, "width", 5)).tolist() == [[1, 3], [2, 1]]
    assert np.argwhere(clearance_below(scene, "width", Fraction(5, 2))).tolist() == []
    assert np.argwhere(clearance_below(scene, "height", 5)).tolist() == [[2, 1]]
    assert clearance_ft(scene, "width")[1, 3] == 2.5 and clearance_ft(scene, "width")[0, 0] == 0


def test_terrain_index_and_entry_at() -> None:
    """terrain_index maps every square to its legend entry; entry_at reads one square."""
    scene = terrain_scene()
    index, entries = terrain_index(scene)
    for y, row in enumerate(scene.rows):
        for x, char in enumerate(row):
            assert entries[index[y, x]] == scene.legend[char] == entry_at(scene, x, y)
    with pytest.raises(InputError, match=r"square \[4, 0\] is off the map"):
        entry_at(scene, 4, 0)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(wall, min_size=1, max_size=5))
def test_grid_matches_single_steps_thoroughly(walls: list[dict[str, Any]]) -> None:
    """thin_wall_exits equals step_blocked_by_walls on 60 more random wall sets."""
    agrees_with_reference(open_scene([as_json(w) for w in walls], 8, 8))


def test_huge_wall_is_clipped_to_the_map() -> None:
    """A wall a billion squares long costs no more than one across the map, with the same bits."""
    huge = open_scene(
        [{"from": [-1_000_000_000, -999_999_998], "to": [1_000_000_000, 1_000_000_002]}]
    )
    short = open_scene([{"from": [-3, -1], "to": [9, 11]}])
    assert np.array_equal(thin_wall_exits(huge), thin_wall_exits(short))
    assert thin_wall_exits(short).any()
    agrees_with_reference(huge)


# -- fine coordinates and long walls (session 2: thin_wall_exits took minutes) ---------------


def float_walls(count: int, size: int) -> list[dict[str, Any]]:
    """Return `count` walls across a `size` map at float coordinates (denominators ~10**17)."""
    return [{"from": [i / 7, 0], "to": [size - i / 11, size]} for i in range(count)]


def test_float_filter_matches_exact_ints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Float-written walls get the same bits decided in floats as decided all in exact ints."""
    walls = [
        *float_walls(6, 12),
        {"from": [0.1, 0.5], "to": [11.9, 0.5]},  # along a row of centres: collinear steps
        {"from": [3.0000000000000004, 2], "to": [3.0000000000000004, 9]},  # a hair off a line
        {"from": [5.5, 1], "to": [5.5 + 1e-12, 11]},  # steep: slope 10**13
        {"from": [2, 2.5], "to": [7, 7.5]},  # wall ends on diagonal steps' lines
    ]
    scene = open_scene(walls, 12, 12)
    fast = thin_wall_exits(scene)
    agrees_with_reference(scene)
    monkeypatch.setattr(walls_module, "_float_bound", lambda scale: float("inf"))
    assert np.array_equal(thin_wall_exits(scene), fast)  # every step decided exactly


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(*[st.floats(-3, 13, allow_nan=False) for _ in range(4)]).filter(
            lambda c: c[:2] != c[2:]
        ),
        min_size=1,
        max_size=4,
    )
)
def test_float_walls_match_single_steps(coords: list[tuple[float, float, float, float]]) -> None:
    """thin_wall_exits equals step_blocked_by_walls for walls at random float coordinates."""
    walls = [{"from": [a, b], "to": [c, d]} for a, b, c, d in coords]
    agrees_with_reference(open_scene(walls, 10, 10))


def test_candidates_grow_with_wall_length_not_map_size() -> None:
    """The squares tested per wall are about 4 per square of its length (never walls x map)."""
    scene = open_scene(float_walls(50, 200), 200, 200)
    rows = [walls_module._wall_row(w, 200, 200) for w in scene.walls]
    tested = sum(len(xs) for _, xs, _ in walls_module._candidates(
        [r for r in rows if r is not None], 200, 200))  # fmt: skip
    length = sum(
        float(abs(w.end[0] - w.start[0]) + abs(w.end[1] - w.start[1])) for w in scene.walls
    )
    assert tested <= 2.5 * length + 10 * len(scene.walls)
    assert tested < 200 * 200 * len(scene.walls) / 50


def test_five_thousand_long_walls_grow_linearly() -> None:
    """5000 float walls across a 500x500 map (the API's limits) cost about 5x what 1000 do.

    Rasterising was quadratic once (~26 s for 400 walls, minutes for 5000). The bound is a
    ratio measured in one process, so a loaded machine slows both sides alike: linear work
    gives about 5, quadratic about 25.
    """

    def timed(count: int) -> tuple[float, Any]:
        scene = parse_scene(
            {
                "footfall": 1,
                "system": "pf1e",
                "map": ["." * 500] * 500,
                "walls": float_walls(count, 500),
            }
        )
        start = time.perf_counter()
        bits = thin_wall_exits(scene)
        return time.perf_counter() - start, bits

    small, _ = timed(1000)
    large, bits = timed(5000)
    assert large < 12 * small, (small, large)
    assert bits[250, 0] == 0 and bits.any()
