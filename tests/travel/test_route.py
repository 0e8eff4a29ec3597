"""Overland routes (footfall.route): exact fastest routes on square and hex maps."""

from __future__ import annotations

import heapq
import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, LimitError, SceneError
from footfall.route import (
    Grid,
    TerrainMap,
    find_route,
    load_map,
    parse_map,
    parse_map_text,
    sample_map,
)
from footfall.rules import load_system
from footfall.travel import Leg, Traveller, plan_journey
from helpers import strategies

LEGEND = {
    ".": "plains trackless",
    "=": "plains highway",
    "f": "forest trackless",
    "j": "jungle trackless",
    "m": "mountains road",
    "~": "impassable",
}
WALKER = Traveller(speeds=(30,))

HEX_EVEN = [(1, 0), (-1, 0), (0, -1), (-1, -1), (0, 1), (-1, 1)]
HEX_ODD = [(1, 0), (-1, 0), (1, -1), (0, -1), (1, 1), (0, 1)]


def _hours_per_cell(words: str) -> Fraction | None:
    if words == "impassable":
        return None
    terrain, road = words.split()
    travel = load_system("pf1e").travel
    assert travel is not None
    from footfall.rules import Road, Terrain

    return 1 / (3 * travel.terrain_multiplier(Terrain(terrain), Road(road)))


def _oracle(m: TerrainMap, start: tuple[int, int], goal: tuple[int, int]) -> Fraction | None:
    """Dijkstra over (cell, diagonal parity), costs in exact integer units: the reference.

    Each symbol's hours per cell is a Fraction; one common denominator makes them integers,
    so the heap compares ints and the answer is converted back exactly.
    """
    per_symbol: dict[str, Fraction | None] = {}
    for symbol, cell in m.legend.items():
        hours = _hours_per_cell(" ".join(cell.words))
        per_symbol[symbol] = None if hours is None else hours * m.cell
    scale = math.lcm(*(h.denominator for h in per_symbol.values() if h is not None))
    unit = {s: None if h is None else int(h * scale) for s, h in per_symbol.items()}
    best: dict[tuple[int, int, int], int] = {(start[0], start[1], 0): 0}
    heap: list[tuple[int, int, int, int]] = [(0, start[0], start[1], 0)]
    done: set[tuple[int, int, int]] = set()
    square_steps = [(dx, dy, 1, None) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    diagonal = m.grid is Grid.SQUARE and m.diagonal.value == "alternating"
    while heap:
        cost, x, y, s = heapq.heappop(heap)
        if (x, y, s) in done:
            continue
        done.add((x, y, s))
        if (x, y) == goal:
            return Fraction(cost, scale)
        if m.grid is Grid.HEX:
            steps = [(dx, dy, 1, s) for dx, dy in (HEX_ODD if y % 2 else HEX_EVEN)]
        else:
            steps = [(dx, dy, c, s) for dx, dy, c, _ in square_steps]
            if diagonal:
                steps += [(dx, dy, 2 if s else 1, 1 - s) for dx in (-1, 1) for dy in (-1, 1)]
        for dx, dy, cells, ns in steps:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < m.width and 0 <= ny < m.height):
                continue
            per_cell = unit[m.rows[ny][nx]]
            if per_cell is None:
                continue
            new = cost + cells * per_cell
            if new < best.get((nx, ny, ns), 1 << 62):
                best[(nx, ny, ns)] = new
                heapq.heappush(heap, (new, nx, ny, ns))
    return None


def _neighbours_ok(m: TerrainMap, path: tuple[tuple[int, int], ...]) -> bool:
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        d = (x1 - x0, y1 - y0)
        if m.grid is Grid.HEX:
            if d not in (HEX_ODD if y0 % 2 else HEX_EVEN):
                return False
        elif max(abs(d[0]), abs(d[1])) != 1:
            return False
    return True


@st.composite
def _maps(draw: st.DrawFn) -> tuple[TerrainMap, tuple[int, int], tuple[int, int]]:
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 6))
    rows = [
        "".join(draw(st.sampled_from(list(LEGEND))) for _ in range(width)) for _ in range(height)
    ]
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    goal = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    for x, y in (start, goal):
        rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    grid = draw(strategies.route_grids())
    diagonal = draw(strategies.route_diagonals())
    cell = draw(st.sampled_from(["1 mi", "6 mi", "3/2 mi"]))
    m = parse_map(
        {"grid": grid, "cell": cell, "diagonal": diagonal, "legend": LEGEND, "rows": rows}
    )
    return m, start, goal


@given(_maps())
@settings(max_examples=150, deadline=None)
def test_route_matches_oracle(case: tuple[TerrainMap, tuple[int, int], tuple[int, int]]) -> None:
    """The fastest route's exact hours equal a Fraction Dijkstra's; legs add up to them."""
    m, start, goal = case
    route = find_route(m, start, goal, WALKER)
    expected = _oracle(m, start, goal)
    assert route.found == (expected is not None)
    if expected is None:
        return
    assert route.hours == expected
    assert sum((p.hours for p in route.legs), Fraction(0)) == expected
    assert route.path[0] == start and route.path[-1] == goal
    assert _neighbours_ok(m, route.path)


def test_sample_valley_route() -> None:
    """The sample valley: follow the highway, then climb; 31 mi in 112/9 h at speed 30."""
    route = find_route(sample_map("valley"), (0, 7), (29, 2), WALKER)
    assert route.found and route.distance == 31
    assert route.hours == Fraction(112, 9)
    assert (route.legs[0].leg.terrain, route.legs[0].leg.road) == ("plains", "highway")
    assert route.legs[0].leg.distance == 24 and route.legs[0].hours == 8


def test_route_feeds_the_planner(tmp_path: object) -> None:
    """A route's --json legs plan into the same total hours with footfall.travel."""
    from pathlib import Path

    from footfall.travel import load_journey

    route = find_route(sample_map("hexes"), (0, 0), (11, 7), WALKER)
    path = Path(str(tmp_path)) / "r.json"
    path.write_text(json.dumps(route.to_json()), encoding="utf-8")
    spec = load_journey(path, load_system("pf1e"))
    journey = plan_journey("pf1e", list(spec.legs), WALKER)
    assert journey.total_hours == route.hours
    assert journey.total_distance == route.distance == 90
    assert all(isinstance(leg, Leg) for leg in spec.legs)


def test_hex_neighbourhood_is_six() -> None:
    """On an odd-r hex map, a route only takes the six hex steps of its row's parity."""
    rows = ["." * 9] * 9
    m = parse_map({"grid": "hex", "cell": "1 mi", "legend": {".": "plains road"}, "rows": rows})
    route = find_route(m, (0, 0), (8, 8), WALKER)
    assert _neighbours_ok(m, route.path)
    # hex distance from (0,0) to (8,8) in odd-r is 12 steps
    assert len(route.path) - 1 == 12 and route.hours == 4


def test_unreachable_and_bad_points() -> None:
    """A walled-off goal is not found; off-map and impassable endpoints are refused."""
    m = parse_map(
        {"legend": {".": "plains road", "~": "impassable"}, "rows": [".~.", ".~.", ".~."]}
    )
    assert not find_route(m, (0, 0), (2, 2), WALKER).found
    with pytest.raises(InputError, match="off the 3x3 map"):
        find_route(m, (0, 0), (5, 5), WALKER)
    with pytest.raises(InputError, match="impassable cell"):
        find_route(m, (0, 0), (1, 1), WALKER)


def test_text_format_and_errors() -> None:
    """The text format reads header, legend and rows; bad maps name the problem."""
    m = parse_map_text(
        "grid: hex  # comment\ncell: 6 mi\nlegend:\n  . = plains road\n  = = plains highway\n"
        "rows:\n  . = .\n   = . =\n"
    )
    assert m.grid is Grid.HEX and m.cell == 6 and m.rows == (".=.", "=.=")
    with pytest.raises(SceneError, match="symbol 'x' is not in the legend"):
        parse_map({"legend": {".": "plains road"}, "rows": [".x"]})
    with pytest.raises(SceneError, match="row 1 has 1 cells"):
        parse_map({"legend": {".": "plains road"}, "rows": ["..", "."]})
    with pytest.raises(InputError, match="unknown terrain 'lava'"):
        find_route(
            parse_map({"legend": {".": "lava road"}, "rows": [".."]}), (0, 0), (1, 0), WALKER
        )
    with pytest.raises(InputError, match="unknown sample map 'atlantis'"):
        load_map("atlantis")


@pytest.mark.parametrize(
    ("doc", "error", "message"),
    [
        ({"legend": {".": ["plains", "road"]}, "rows": [".."]}, SceneError, "must be text"),
        ({"legend": {".": "plains road"}, "rows": [[1, 2]]}, SceneError, r"row 0 \[1, 2\] must be"),
        (
            {"cell": "1e400 mi", "legend": {".": "plains road"}, "rows": [".."]},
            LimitError,
            "cell size '1e400' is more than 1000",
        ),
    ],
)
def test_malformed_map_documents(doc: dict[str, object], error: type, message: str) -> None:
    """Wrong types and absurd cells in a map are named in one line (no traceback, no str())."""
    with pytest.raises(error, match=message):
        parse_map(doc)


def test_map_of_the_other_system_is_named() -> None:
    """A pf1e map routed as dh2e (or the reverse) names the legend entry that does not fit."""
    with pytest.raises(InputError, match=r"legend '\.' = 'plains trackless' does not fit dh2e"):
        find_route(
            sample_map("valley"), (0, 0), (1, 1), Traveller(agility_bonus=3), system_id="dh2e"
        )
    with pytest.raises(InputError, match=r"legend '\.' = 'open' does not fit pf1e"):
        find_route(sample_map("hive"), (0, 0), (1, 1), WALKER)


def test_map_file_not_utf8(tmp_path: Path) -> None:
    """A map file that is not UTF-8 text is refused in one line."""
    path = tmp_path / "m.txt"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="not UTF-8 text"):
        load_map(path)


def test_dh2e_map_dense() -> None:
    """dh2e maps mark cells dense or open; dense halves the narrative speed (seed 001)."""
    m = parse_map({"cell": "1 km", "legend": {".": "open", "d": "dense"}, "rows": [".dd."]})
    route = find_route(m, (0, 0), (3, 0), Traveller(agility_bonus=3), system_id="dh2e")
    # AB 3: 4 km/h; dense 2 km/h: 1/2 + 1/2 + 1/4
    assert route.hours == Fraction(5, 4) and route.unit == "km"


def test_sample_hive_dh2e() -> None:
    """The dh2e sample: AB 3 (4 km/h open, 2 km/h dense, seed 001) takes the transit ways."""
    route = find_route(
        sample_map("hive"), (0, 0), (19, 8), Traveller(agility_bonus=3), system_id="dh2e"
    )
    assert route.found and route.unit == "km"
    assert route.hours == sum((p.hours for p in route.legs), Fraction(0))
    assert {p.leg.dense for p in route.legs} == {True, False}
    assert all(p.per_hour == (2 if p.leg.dense else 4) for p in route.legs)


def _random_rows(width: int, height: int, seed: int) -> list[str]:
    import random

    rng = random.Random(seed)
    symbols = ".=fjm~"
    weights = [40, 5, 20, 10, 10, 15]
    rows = ["".join(rng.choices(symbols, weights, k=width)) for _ in range(height)]
    rows[0] = "." + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "."
    return rows


@pytest.mark.parametrize(("grid", "width", "height"), [("square", 150, 150), ("hex", 210, 200)])
def test_large_map_on_the_compiled_kernel(grid: str, width: int, height: int) -> None:
    """Maps past the search's small-map threshold (compiled kernel) still match the oracle."""
    rows = _random_rows(width, height, seed=width)
    m = parse_map({"grid": grid, "cell": "1 mi", "legend": LEGEND, "rows": rows})
    start, goal = (0, 0), (width - 1, height - 1)
    route = find_route(m, start, goal, WALKER)
    assert route.hours == _oracle(m, start, goal)
    assert _neighbours_ok(m, route.path)


def test_deeply_nested_map_json(tmp_path: Path) -> None:
    """A map JSON nested 100000 deep is refused in one line, not a RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(SceneError, match="nested too deeply"):
        load_map(path)


def test_hex_river_is_crossed_at_its_bridge() -> None:
    """A river of impassable hexes with one bridge (a plains road hex): the route crosses there.

    6-mile hexes at 3 mi/h: trackless plains x3/4 (seed 000 table) take 8/3 h, the bridge's
    road x1 takes 2 h. From (0, 0) to (6, 0) the odd-r hex distance is 4 + 4 via the bridge
    at (3, 2): 7 plains hexes and the bridge, 7 x 8/3 + 2 = 62/3 h over 48 miles.
    """
    doc: dict[str, object] = {
        "grid": "hex",
        "cell": "6 mi",
        "legend": {".": "plains trackless", "=": "plains road", "~": "impassable"},
        "rows": [". . . ~ . . .", " . . . ~ . . .", ". . . = . . .", " . . . ~ . . ."],
    }
    route = find_route(parse_map(doc), (0, 0), (6, 0), WALKER)
    assert route.found and (3, 2) in route.path
    assert _neighbours_ok(parse_map(doc), route.path)
    assert route.hours == Fraction(62, 3) and route.distance == 48
    assert [(p.leg.distance, p.leg.road.value if p.leg.road else None) for p in route.legs] == [
        (18, "trackless"),
        (6, "road"),
        (24, "trackless"),
    ]
    journey = plan_journey("pf1e", [p.leg for p in route.legs], WALKER)
    assert journey.total_hours == Fraction(62, 3) and len(journey.days) == 3
    doc["rows"] = [". . . ~ . . .", " . . . ~ . . .", ". . . ~ . . .", " . . . ~ . . ."]
    assert not find_route(parse_map(doc), (0, 0), (6, 0), WALKER).found


#: The same legend under other symbols: Cyrillic, CJK and Latin-1 letters (not ASCII).
WIDE_SYMBOLS = dict(zip(LEGEND, "пщ森é山~", strict=True))


@st.composite
def _hex_maps(draw: st.DrawFn) -> tuple[list[str], tuple[int, int], tuple[int, int]]:
    """A random hex map of up to 24 x 24 cells (walls included) and two open cells on it."""
    width, height = draw(st.integers(1, 24)), draw(st.integers(1, 24))
    weights = st.sampled_from(list("....==ffjm~~"))
    rows = ["".join(draw(weights) for _ in range(width)) for _ in range(height)]
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    goal = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    for x, y in (start, goal):
        rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    return rows, start, goal


@given(_hex_maps(), st.sampled_from(["1 mi", "6 mi", "5/2 mi"]))
@settings(max_examples=120, deadline=None)
def test_hex_route_matches_reference_dijkstra(
    case: tuple[list[str], tuple[int, int], tuple[int, int]], cell: str
) -> None:
    """On random hex maps the route's hours are a plain Dijkstra's, its path a chain of hex
    steps over open cells costing exactly those hours, and non-ASCII symbols change nothing."""
    rows, start, goal = case
    m = parse_map({"grid": "hex", "cell": cell, "legend": LEGEND, "rows": rows})
    route = find_route(m, start, goal, WALKER)
    expected = _oracle(m, start, goal)
    assert route.found == (expected is not None)
    wide_rows = ["".join(WIDE_SYMBOLS[c] for c in r) for r in rows]
    wide_legend = {WIDE_SYMBOLS[s]: words for s, words in LEGEND.items()}
    wide = parse_map({"grid": "hex", "cell": cell, "legend": wide_legend, "rows": wide_rows})
    assert find_route(wide, start, goal, WALKER).path == route.path
    if expected is None:
        return
    assert route.hours == expected
    assert _neighbours_ok(m, route.path)
    per_cell = {
        s: _hours_per_cell(" ".join(c.words)) for s, c in m.legend.items() if not c.impassable
    }
    cost = Fraction(0)
    for x, y in route.path[1:]:
        hours = per_cell.get(rows[y][x])
        assert hours is not None  # never through an impassable hex
        cost += hours  # hours per mile of cell
    assert cost * m.cell == expected
