"""Rule tests for Draw Steel on the grid (RULES.md 3, seed 002), each from a small scene."""

from __future__ import annotations

from typing import Any

import pytest

from footfall.errors import InputError
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of


def hero(cid: str, x: int, y: int, **fields: Any) -> dict[str, Any]:
    """Return a Draw Steel creature: size 1M, speed 5 (seed 002: 'обычно 5')."""
    fields.setdefault("size", "1M")
    fields.setdefault("speed", 5)
    return mob(cid, x, y, **fields)


def test_every_step_costs_one() -> None:
    """Every step, diagonal or not, costs 1: no Pythagoras on the grid (seed 002)."""
    s = make("drawsteel", ["......"] * 6, hero("f", 0, 0))
    assert reachable(s, "f").cost_at((5, 5)) == 5
    assert check_path(s, "f", [(1, 1), (2, 2), (3, 3)]).to_json()["cost"] == 3


def test_difficult_costs_one_more() -> None:
    """Entering difficult terrain costs 1 extra (official; RULES 3)."""
    s = make("drawsteel", [".^."], hero("f", 0, 0))
    assert [b["cost"] for b in check_path(s, "f", [(1, 0), (2, 0)]).to_json()["breakdown"]] == [
        2,
        1,
    ]


def test_enemy_space_is_difficult_and_does_not_stack() -> None:
    """An enemy's space is difficult terrain; an enemy in difficult terrain still costs 2."""
    s = make(
        "drawsteel",
        [".^.", "..."],
        hero("f", 0, 0),
        hero("g", 1, 0, side="foes"),
    )
    walked = check_path(s, "f", [(1, 0), (2, 0)]).to_json()
    assert [b["cost"] for b in walked["breakdown"]] == [2, 1]
    s2 = make("drawsteel", ["..."], hero("f", 0, 0), hero("g", 1, 0, side="foes"))
    assert check_path(s2, "f", [(1, 0), (2, 0)]).to_json()["breakdown"][0]["cost"] == 2


def test_allies_are_free_to_pass() -> None:
    """An ally's space costs nothing extra (seed 002)."""
    s = make("drawsteel", ["..."], hero("f", 0, 0), hero("t", 1, 0))
    assert check_path(s, "f", [(1, 0), (2, 0)]).to_json()["cost"] == 2


@pytest.mark.parametrize(
    ("size", "may_end"), [("1T", False), ("1M", False), ("1L", True), ("2", True)]
)
def test_end_rule_by_size(size: str, may_end: bool) -> None:
    """No ending in another's space unless sizes are two or more apart (1S: 1L yes, 1M no)."""
    s = make("drawsteel", ["...", "..."], hero("r", 0, 0, size="1S"), hero("o", 1, 0, size=size))
    legal = check_path(s, "r", [(1, 0)]).legal
    assert legal is may_end
    if not may_end:
        assert rules_of(check_path(s, "r", [(1, 0)])) == ["occupied-end"]


def test_no_corner_cutting() -> None:
    """No diagonal past a wall's corner; one wall square beside the step is enough."""
    s = make("drawsteel", [".#", ".."], hero("f", 0, 0))
    assert rules_of(check_path(s, "f", [(1, 1)])) == ["corner"]
    assert reachable(s, "f").cost_at((1, 1)) == 2


def test_creatures_do_not_block_corners() -> None:
    """Creatures never block corners (seed 002: 'только к перемещению мимо объектов')."""
    s = make("drawsteel", ["..", ".."], hero("f", 0, 0), hero("g", 1, 0, side="foes"))
    assert check_path(s, "f", [(1, 1)]).legal


def test_shift_refuses_difficult_and_hazardous() -> None:
    """A shift cannot enter difficult or hazardous terrain (`shift-terrain`)."""
    s = make("drawsteel", [".^.", ".!."], hero("f", 0, 0))
    assert rules_of(check_path(s, "f", [(1, 0)], action="shift", distance=2)) == ["shift-terrain"]
    assert rules_of(check_path(s, "f", [(1, 1)], action="shift", distance=2)) == ["shift-terrain"]
    reach = reachable(s, "f", "shift", distance=2)
    assert sorted(sq.at for sq in reach.squares) == [(0, 1)]
    assert check_path(s, "f", [(1, 1)]).legal  # an advance may enter hazardous terrain


def test_shift_not_while_in_difficult() -> None:
    """A shift cannot start in difficult terrain; advancing out of it is allowed."""
    s = make("drawsteel", ["^.."], hero("f", 0, 0))
    assert reachable(s, "f", "shift", distance=2).squares == ()
    assert rules_of(check_path(s, "f", [(1, 0)], action="shift", distance=2)) == ["shift-terrain"]
    assert reachable(s, "f", "advance", distance=2).cost_at((2, 0)) == 2


def test_shift_needs_a_distance() -> None:
    """A shift grants N squares: without --distance it is an input error."""
    s = make("drawsteel", ["..."], hero("f", 0, 0))
    with pytest.raises(InputError, match="needs distance"):
        reachable(s, "f", "shift")


def test_disengage_is_shift_one() -> None:
    """Disengage: shift 1, no free strike (seed 002)."""
    s = make("drawsteel", ["....", "...."], hero("f", 1, 0), hero("g", 0, 0, side="foes"))
    reach = reachable(s, "f", "disengage")
    assert {sq.at for sq in reach.squares} == {(2, 0), (2, 1), (1, 1), (0, 1)}
    assert check_path(s, "f", [(2, 0)], action="disengage").to_json()["provokes"] == []


@pytest.mark.parametrize(
    ("action", "distance", "label", "up_to"),
    [("advance", None, "speed", 5), ("advance", 3, "speed", 3), ("shift", 2, "shift", 2),
     ("disengage", None, "disengage", 1)],
)  # fmt: skip
def test_band_is_what_the_action_grants(
    action: str, distance: int | None, label: str, up_to: int
) -> None:
    """The one Draw Steel band is the action's own grant (shift 2: up to 2), not the speed."""
    s = make("drawsteel", ["......"] * 3, hero("f", 0, 0))
    answer = reachable(s, "f", action, distance=distance).to_json()
    assert answer["bands"] == [{"band": 1, "label": label, "up_to": up_to}]
    assert max(sq["cost"] for sq in answer["squares"]) == up_to


def test_speed_cap() -> None:
    """A granted move of 3 with speed 2 moves 2 (seed 002 'Нельзя превысить скорость')."""
    s = make("drawsteel", ["......"], hero("f", 0, 0, speed=2))
    reach = reachable(s, "f", "shift", distance=3)
    assert reach.to_json()["budget"] == 2
    assert reach.to_json()["notes"][0]["note"] == "speed-cap"
    assert rules_of(check_path(s, "f", [(1, 0), (2, 0), (3, 0)], action="shift", distance=3)) == [
        "budget",
        "speed-cap",
    ]


def test_free_strike_when_advancing_away() -> None:
    """Moving away from an adjacent enemy without shifting provokes a free strike."""
    s = make("drawsteel", ["....."], hero("f", 1, 0), hero("g", 0, 0, side="foes"))
    advanced = check_path(s, "f", [(2, 0), (3, 0)]).to_json()["provokes"]
    assert [(p["step"], p["by"], p["kind"]) for p in advanced] == [(1, "g", "free-strike")]
    shifted = check_path(s, "f", [(2, 0), (3, 0)], action="shift", distance=2).to_json()
    assert shifted["provokes"] == []


def test_large_mover_pays_once_for_difficult() -> None:
    """A size-2 mover pays +1 for a step when any square it moves into is difficult."""
    s = make("drawsteel", ["...^", "...^"], hero("o", 0, 0, size="2"))
    walked = check_path(s, "o", [(1, 0), (2, 0)]).to_json()
    assert [b["cost"] for b in walked["breakdown"]] == [1, 2]


def test_path_cost_in_squares() -> None:
    """A Draw Steel path reports squares (SCENE.md unit)."""
    s = make("drawsteel", ["....."], hero("f", 0, 0))
    result = find_path(s, "f", (4, 0)).to_json()
    assert (result["found"], result["cost"], result["unit"]) == (True, 4, "squares")


def test_leaving_and_returning_to_an_obstacle_start_is_refused_as_check_does() -> None:
    """A mover placed on an obstacle may stay, but a path out and back ends on it: obstacle-end
    in path (through a waypoint) as in check (RULES.md 1.4 obstacles; found by Hypothesis)."""
    s = make("drawsteel", ["o..", "..."], hero("f", 0, 0, speed=3))
    found = find_path(s, "f", (0, 0), via=[(1, 0)])
    assert not found.found and found.to_json()["rule"] == "obstacle-end"
    assert rules_of(check_path(s, "f", [(1, 0), (0, 0)])) == ["obstacle-end"]
    assert find_path(s, "f", (0, 0)).found  # staying put is no movement
