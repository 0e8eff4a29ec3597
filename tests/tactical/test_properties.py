"""Properties of the tactical engine on random scenes (Hypothesis).

reachable, path and check are three views of one search: they must agree on every square; more
budget never reaches less; more terrain never costs less; a path's cost is the sum of its
steps. A modest run by default (a few seconds); 2000 scenes under ``-m slow``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from footfall.errors import SceneError
from footfall.rules import Family, load_system
from footfall.scene import Scene, parse_scene
from footfall.scene.vocabulary import vocabulary
from footfall.tactical import check_path, find_path, reachable
from helpers import strategies

#: The map characters: the default legend's (open ground `.` five times as often, difficult `^`
#: twice) and the extra entries of LEGEND below.
TERRAIN = "...." + "^" + "".join(strategies.legend_symbols())
#: x4 terrain and narrow squares (RULES 1.5): half a medium width, half and a quarter its height
#: (`c`: a prone crawl for a medium mover, so the prone rule state and standing up are drawn).
LEGEND = {
    "4": ["difficult", "poor_visibility"],
    "n": {"flags": [], "width_ft": 2.5},
    "l": {"flags": [], "height_ft": 3},
    "c": {"flags": [], "height_ft": 1.5},
}
TERRAIN += "".join(LEGEND)


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Scene, str, str]:
    """Draw a small valid scene, a mover id and one of the system's actions."""
    system = draw(strategies.systems())
    width = draw(st.integers(3, 9))
    height = draw(st.integers(3, 9))
    rows = ["".join(draw(st.sampled_from(TERRAIN)) for _ in range(width)) for _ in range(height)]
    count = draw(st.integers(1, 4))
    creatures: list[dict[str, Any]] = []
    for i in range(count):
        row: dict[str, Any] = {
            "id": f"c{i}",
            "at": [draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))],
            "size": draw(strategies.sizes(system, max_space=2)),
            "side": draw(st.sampled_from(("party", "foes"))) if i else "party",
            "helpless": bool(i) and draw(st.booleans()),
        }
        if vocabulary(system).agility_bonus:
            row["agility_bonus"] = draw(st.integers(0, 4))
        else:
            speeds = (2, 3, 5) if vocabulary(system).unit == "squares" else (20, 30)
            row["speed"] = draw(st.sampled_from(speeds))
        if i == 0:  # the mover: its conditions, and a base speed slowed by armor (issue 12)
            row.update(draw(strategies.mover_state(system, row.get("speed"))))
            row = {key: value for key, value in row.items() if value is not None}
        creatures.append(row)
    data = {"footfall": 1, "system": system, "map": rows, "legend": LEGEND}
    # The query's interpretation switches ride along as an x- key (kept, ignored by footfall).
    data["x-switches"] = draw(strategies.switches(system))
    if load_system(system).family is Family.D20 and draw(st.booleans()):
        creatures[0]["fly"] = {"speed": 40, "maneuverability": "good"}
        creatures[0]["alt"] = draw(st.sampled_from((0, 10)))
    data["creatures"] = creatures
    data["walls"] = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "from": st.tuples(st.integers(0, width), st.integers(0, height)),
                    "to": st.tuples(st.integers(0, width), st.integers(0, height)),
                }
            ),
            max_size=2,
        )
    )
    try:
        scene = parse_scene(data)
    except SceneError:
        assume(False)
        raise
    return scene, "c0", draw(strategies.actions(system))


@st.composite
def squeeze_scenes(draw: st.DrawFn) -> tuple[Scene, str, str]:
    """Draw a d20 scene where a large or huge mover squeezes (RULES 1.5): corridors of wall
    squares, grid-line thin walls and closed doors with gaps, enemies and allies in the way,
    and switch ``squeeze_past`` drawn with the others."""
    system = draw(strategies.systems(family_of=("pf1e", "dnd35")))
    width, height = draw(st.integers(4, 9)), draw(st.integers(4, 9))
    terrain = "......##^on"
    rows = ["".join(draw(st.sampled_from(terrain)) for _ in range(width)) for _ in range(height)]
    creatures: list[dict[str, Any]] = [
        {"id": "c0", "at": [draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))],
         "size": draw(st.sampled_from(("large", "huge"))), "side": "party", "speed": 30}
    ]  # fmt: skip
    for i in range(1, draw(st.integers(1, 3))):
        creatures.append({
            "id": f"c{i}",
            "at": [draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))],
            "size": draw(st.sampled_from(("small", "medium", "large"))),
            "side": draw(st.sampled_from(("party", "foes"))), "speed": 30,
        })  # fmt: skip
    walls = []
    for _ in range(draw(st.integers(0, 3))):
        horizontal = draw(st.booleans())
        line = draw(st.integers(1, (height if horizontal else width) - 1))
        start = draw(st.integers(0, (width if horizontal else height) - 1))
        end = draw(st.integers(start + 1, width if horizontal else height))
        a, b = ([start, line], [end, line]) if horizontal else ([line, start], [line, end])
        wall: dict[str, Any] = {"from": a, "to": b}
        if draw(st.booleans()):
            wall["door"] = draw(st.sampled_from(("open", "closed")))
        walls.append(wall)
    data = {"footfall": 1, "system": system, "map": rows, "legend": LEGEND, "walls": walls,
            "creatures": creatures, "x-switches": draw(strategies.switches(system))}  # fmt: skip
    try:
        scene = parse_scene(data)
    except SceneError:
        assume(False)
        raise
    return scene, "c0", draw(st.sampled_from(("move", "double-move", "run", "withdraw")))


def _opts(scene: Scene, action: str) -> dict[str, Any]:
    """Return the query options of a drawn case: the shift distance and the switches."""
    return {
        "distance": 3 if load_system(scene.system).action(action).given else None,
        "switches": dict(scene.extra.get("x-switches", {})),
    }


def agree(scene: Scene, mover: str, action: str, every: int = 1) -> None:
    """reachable, find_path and check_path agree on every `every`-th square of the map."""
    opts = _opts(scene, action)
    reach = reachable(scene, mover, action, **opts)
    costs = {s.at: s.cost for s in reach.squares}
    start = next(c.at for c in scene.creatures if c.id == mover)
    squares = [(x, y) for y in range(scene.height) for x in range(scene.width)]
    for x, y in squares[::every]:
        if (x, y) != start:
            agree_at(scene, mover, action, opts, costs, (x, y))


def agree_at(
    scene: Scene,
    mover: str,
    action: str,
    opts: dict[str, Any],
    costs: dict[tuple[int, int], int],
    square: tuple[int, int],
) -> None:
    """A path to `square` is found iff it is reachable, at its cost, and check accepts it."""
    found = find_path(scene, mover, square, action=action, **opts)
    assert found.found == (square in costs), (square, found.to_json(), costs)
    if not found.found:
        return
    assert found.cost == costs[square]
    assert found.walk is not None
    assert found.walk.cost == sum(step.cost for step in found.walk.steps)
    checked = check_path(scene, mover, found.path[1:], action=action, **opts)
    assert checked.legal, checked.to_json()["violations"]
    assert checked.walk.cost == costs[square]


def budget_monotone(scene: Scene, mover: str) -> None:
    """A larger granted distance reaches every square a smaller one does, at the same cost."""
    action = load_system(scene.system).default_action.value
    step = vocabulary(scene.system).speed_step
    switches = _opts(scene, action)["switches"]
    smaller = reachable(scene, mover, action, distance=2 * step, switches=switches)
    larger = reachable(scene, mover, action, distance=4 * step, switches=switches)
    big = {s.at: s.cost for s in larger.squares}
    for s in smaller.squares:
        assert big.get(s.at) == s.cost


#: squeeze_scenes() keeps only scenes with a narrow place the mover can reach: Hypothesis may
#: discard many draws on a bad seed, which is the strategy's cost, not a failure.
SQUEEZE_CHECKS = [HealthCheck.too_slow, HealthCheck.filter_too_much]


def terrain_monotone(scene: Scene, mover: str, action: str, x: int, y: int) -> None:
    """Making one open square difficult never makes any square cheaper or newly reachable."""
    if scene.rows[y][x] != ".":
        return
    rows = list(scene.rows)
    rows[y] = rows[y][:x] + "^" + rows[y][x + 1 :]
    rougher = replace(scene, rows=tuple(rows))
    opts = _opts(scene, action)
    before = {s.at: s.cost for s in reachable(scene, mover, action, **opts).squares}
    after = reachable(rougher, mover, action, **opts).squares
    for s in after:
        assert s.at in before and before[s.at] <= s.cost


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_views_agree(case: tuple[Scene, str, str]) -> None:
    """reachable, path and check agree on random scenes (one search, three views)."""
    agree(*case, every=3)


@settings(max_examples=40, deadline=None, suppress_health_check=SQUEEZE_CHECKS)
@given(squeeze_scenes())
def test_views_agree_when_squeezing(case: tuple[Scene, str, str]) -> None:
    """reachable, path and check agree for squeezing large and huge movers (RULES 1.5)."""
    agree(*case, every=2)


@settings(max_examples=30, deadline=None, suppress_health_check=SQUEEZE_CHECKS)
@given(squeeze_scenes(), st.integers(0, 8), st.integers(0, 8))
def test_squeezing_terrain_never_costs_less(case: tuple[Scene, str, str], x: int, y: int) -> None:
    """Adding difficult terrain never lowers a squeezing mover's least cost nor opens a square."""
    scene, mover, action = case
    terrain_monotone(scene, mover, action, x % scene.width, y % scene.height)


@settings(max_examples=40, deadline=None, suppress_health_check=SQUEEZE_CHECKS)
@given(squeeze_scenes(), st.integers(0, 80), st.integers(0, 80))
def test_squeezed_waypoints_agree(case: tuple[Scene, str, str], via: int, to: int) -> None:
    """Through a waypoint, a squeezing mover's path is legal under check at its cost."""
    waypoints_agree(case, via, to)


@settings(max_examples=40, deadline=None, suppress_health_check=SQUEEZE_CHECKS)
@given(squeeze_scenes())
def test_squeeze_past_any_reaches_a_superset(case: tuple[Scene, str, str]) -> None:
    """squeeze_past=any reaches every square squeezing does, never dearer; no reached space
    (its `occupies` when squeezed) holds another creature's square (RULES 1.5, 1.3)."""
    scene, mover, action = case
    costs = {}
    for choice in ("squeezing", "any"):
        switches = {**_opts(scene, action)["switches"], "squeeze_past": choice}
        reach = reachable(scene, mover, action, switches=switches).to_json()
        costs[choice] = {tuple(q["at"]): q["cost"] for q in reach["squares"]}
        n = strategies.space(scene.system, next(c.size for c in scene.creatures if c.id == mover))
        occupied = {
            (c.at[0] + dx, c.at[1] + dy)
            for c in scene.creatures
            if c.id != mover and not c.helpless
            for dx in range(strategies.space(scene.system, c.size))
            for dy in range(strategies.space(scene.system, c.size))
        }
        for q in reach["squares"]:
            x, y = q["at"]
            space = {tuple(v) for v in q.get("occupies", [])} or {
                (x + dx, y + dy) for dx in range(n) for dy in range(n)
            }
            assert not space & occupied, (q, occupied)
    assert all(costs["any"].get(at, 1 << 30) <= cost for at, cost in costs["squeezing"].items())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_more_budget_never_reaches_less(case: tuple[Scene, str, str]) -> None:
    """A larger budget reaches a superset of squares, at the same least costs."""
    budget_monotone(case[0], case[1])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(0, 8), st.integers(0, 8))
def test_more_terrain_never_costs_less(case: tuple[Scene, str, str], x: int, y: int) -> None:
    """Adding difficult terrain never lowers a least cost nor opens a square."""
    scene, mover, action = case
    terrain_monotone(scene, mover, action, x % scene.width, y % scene.height)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(0, 80), st.integers(0, 80))
def test_waypoints_agree_with_check(case: tuple[Scene, str, str], via: int, to: int) -> None:
    """A path through a waypoint passes it, is legal under check at the same cost, and costs
    no less than the direct path (the 5-10-5 count carried across the waypoint)."""
    waypoints_agree(case, via, to)


def waypoints_agree(case: tuple[Scene, str, str], via: int, to: int) -> None:
    """A path through a waypoint passes it, is legal under check at its cost, >= direct."""
    scene, mover, action = case
    squares = [(x, y) for y in range(scene.height) for x in range(scene.width)]
    waypoint, target = squares[via % len(squares)], squares[to % len(squares)]
    opts = _opts(scene, action)
    found = find_path(scene, mover, target, via=[waypoint], action=action, **opts)
    if not found.found or len(found.path) == 1:
        return
    assert waypoint in found.path
    assert found.path[-1] == target
    checked = check_path(scene, mover, found.path[1:], action=action, **opts)
    assert checked.legal and checked.walk.cost == found.cost
    direct = find_path(scene, mover, target, action=action, **opts)
    assert direct.found and direct.cost is not None and found.cost is not None
    assert direct.cost <= found.cost


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_tiny_end_share_reaches_a_superset(case: tuple[Scene, str, str]) -> None:
    """tiny_end=share reaches every square forbid does, at the same cost; the squares it adds
    are other creatures' spaces (docs/decisions.md)."""
    scene, mover, action = case
    assume("tiny_end" in strategies.switch_choices(scene.system))
    opts = _opts(scene, action)
    costs = {}
    for choice in ("share", "forbid"):
        switches = {**opts["switches"], "tiny_end": choice}
        reach = reachable(scene, mover, action, distance=opts["distance"], switches=switches)
        costs[choice] = {s.at: s.cost for s in reach.squares}
    assert all(costs["share"].get(at) == cost for at, cost in costs["forbid"].items())
    occupied = {
        (c.at[0] + dx, c.at[1] + dy)
        for c in scene.creatures
        if c.id != mover
        for dx in range(strategies.space(scene.system, c.size))
        for dy in range(strategies.space(scene.system, c.size))
    }
    assert set(costs["share"]) - set(costs["forbid"]) <= occupied


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_a_charge_never_ends_next_to_its_start(case: tuple[Scene, str, str]) -> None:
    """A pf1e/dnd35 charge reaches no square one step away (at least 10 ft: `charge-short`)."""
    scene, mover, _ = case
    assume(_charge_minimum(scene.system) > 1)
    opts = _opts(scene, "charge")
    x0, y0 = next(c.at for c in scene.creatures if c.id == mover)
    reach = reachable(scene, mover, "charge", switches=opts["switches"])
    least = _charge_minimum(scene.system)
    assert all(max(abs(x - x0), abs(y - y0)) >= least for x, y in (s.at for s in reach.squares))


def _move_measure(answer: dict[str, Any]) -> int:
    """The feet a share of the move is taken of: the action's budget, or for a minimum move
    (a budget of one square whatever the speed) the move its first band is up to."""
    if answer["action"] == "minimum-move":
        return int(answer["bands"][0]["up_to"])
    return int(answer["budget"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_conditions_never_reach_more(case: tuple[Scene, str, str]) -> None:
    """A mover with conditions (issue 12) reaches no square it could not reach without them,
    and none for a smaller share of its move (a prone crawl under a low ceiling costs a whole
    move, so a slowed mover pays its smaller budget there: the share, not the feet, is what
    conditions never lower). A minimum move's budget is one square whatever its speed, so
    its share is of the move its first band names (its crawl costs that whole move)."""
    scene, mover, action = case
    me = next(c for c in scene.creatures if c.id == mover)
    if not me.conditions:  # dh2e has none; the strategy draws none now and then
        return
    fresh = replace(scene, creatures=tuple(
        replace(c, conditions=()) if c.id == mover else c for c in scene.creatures
    ))  # fmt: skip
    opts = _opts(scene, action)
    before = reachable(fresh, mover, action, **opts)
    free = {s.at: s.cost for s in before.squares}
    after = reachable(scene, mover, action, **opts)
    budget, budget_free = (_move_measure(after.to_json()), _move_measure(before.to_json()))
    for s in after.squares:
        assert s.at in free and free[s.at] * budget <= s.cost * budget_free


def _charge_minimum(system: str) -> int:
    """Return the squares a charge of `system` must cover at least (0: no charge, no minimum)."""
    rules = load_system(system)
    charge = next((a for a in rules.actions if a.id == "charge"), None)
    if charge is None or charge.min_distance is None:
        return 0
    return int(charge.min_distance / rules.square)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(0, 8), st.integers(0, 8))
def _all_properties(case: tuple[Scene, str, str], x: int, y: int) -> None:
    scene, mover, action = case
    agree(scene, mover, action)
    budget_monotone(scene, mover)
    terrain_monotone(scene, mover, action, x % scene.width, y % scene.height)


@pytest.mark.slow
def test_properties_on_thousands_of_scenes(pytestconfig: pytest.Config) -> None:
    """All properties at once on 2000 random scenes (only under ``-m slow``)."""
    # The project's pytest options do not deselect `slow`, so a plain run would spend ~100 s
    # here; it runs when asked for: ``pytest -m slow tests/tactical/test_properties.py``.
    if "slow" not in str(pytestconfig.getoption("markexpr") or "").replace("not slow", ""):
        pytest.skip("2000 random scenes: run with -m slow")
    _all_properties()
