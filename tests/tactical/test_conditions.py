"""Conditions, armor and load on the grid (issue 12 items 6, 8): small scenes citing sources."""

from __future__ import annotations

import pytest

from footfall.errors import InputError
from footfall.scene import Scene
from footfall.tactical import check_path, find_path, reachable
from footfall.tactical.conditions import adjust_mover
from helpers.tactical_scenes import make, mob

OPEN = ["." * 13] * 13


def _costs(scene: Scene, action: str | None = None) -> dict[tuple[int, int], int]:
    """Return the reachable squares' least costs in the system's unit (ft, squares)."""
    squares = reachable(scene, "a", action).to_json()["squares"]
    return {(s["at"][0], s["at"][1]): s["cost"] for s in squares}


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
def test_fatigued_cannot_run_or_charge(system: str) -> None:
    """Fatigued: no run, no charge (seed 000 «Спешка», seed 004 急行); a move is unchanged."""
    scene = make(system, OPEN, mob("a", 6, 6, conditions=["fatigued"]))
    fresh = make(system, OPEN, mob("a", 6, 6))
    assert _costs(scene, "move") == _costs(fresh, "move")
    for action in ("run", "charge"):
        reach = reachable(scene, "a", action)
        assert reach.squares == ()
        assert "condition" in [n["note"] for n in reach.to_json()["notes"]]
        checked = check_path(scene, "a", [(7, 6), (8, 6), (9, 6)], action=action)
        assert not checked.legal and checked.to_json()["violations"][0]["rule"] == "condition"
        assert not find_path(scene, "a", (9, 6), action=action).found


@pytest.mark.parametrize("condition", ["exhausted", "entangled"])
def test_half_speed_conditions(condition: str) -> None:
    """Exhausted / entangled: half speed (official Conditions): 30 ft -> 15 ft, 3 squares."""
    scene = make("pf1e", OPEN, mob("a", 6, 6, conditions=[condition]))
    assert reachable(scene, "a", "move").policy.budget == 3
    assert max(_costs(scene, "move").values()) == 15  # ft
    assert reachable(scene, "a", "run").squares == ()


@pytest.mark.parametrize("condition", ["grappled", "pinned", "paralyzed"])
def test_held_creatures_do_not_move(condition: str) -> None:
    """Grappled, pinned, paralyzed: no movement (official Conditions), a note says why."""
    scene = make("dnd35", OPEN, mob("a", 6, 6, conditions=[condition]))
    reach = reachable(scene, "a", "double-move")
    assert reach.squares == ()
    assert "condition-still" in [n["note"] for n in reach.to_json()["notes"]]
    assert not check_path(scene, "a", [(7, 6)]).legal


def test_prone_stands_up_first_in_d20() -> None:
    """d20 prone: standing up is a move action (seed 004 匍匐, official Prone), so a move
    reaches nothing and a double move walks one speed after standing."""
    scene = make("pf1e", OPEN, mob("a", 6, 6, conditions=["prone"]))
    assert _costs(scene, "move") == {}
    double = _costs(scene, "double-move")
    assert max(double.values()) == 60 and (12, 6) in double and double[(7, 6)] == 35
    checked = check_path(scene, "a", [(7, 6)], action="withdraw")
    assert [v["rule"] for v in checked.to_json()["violations"]] == ["stand-up"]


def test_draw_steel_slowed_is_speed_2_and_caps_granted_movement() -> None:
    """Seed 002: a speed-5 creature slowed to 2, granted 3 squares by an ally, moves 2."""
    scene = make("drawsteel", OPEN, mob("a", 6, 6, size="1M", speed=5, conditions=["slowed"]))
    reach = reachable(scene, "a", "advance", distance=3)
    assert reach.policy.budget == 2
    assert max(s.cost for s in reach.squares) == 2
    assert "speed-cap" in [n["note"] for n in reach.to_json()["notes"]]
    assert reachable(scene, "a", "shift", distance=1).squares == ()  # slowed: no shift


def test_draw_steel_slowed_keeps_a_lower_speed() -> None:
    """Slowed: speed 2 "unless already lower" (Draw Steel Heroes): speed 1 stays 1."""
    scene = make("drawsteel", OPEN, mob("a", 6, 6, size="1M", speed=1, conditions=["slowed"]))
    assert reachable(scene, "a", "advance").policy.budget == 1


def test_draw_steel_prone_crawls_at_one_more_per_square() -> None:
    """Draw Steel prone: each square crawled costs 1 more (Heroes, Prone): speed 5 -> 2 squares."""
    scene = make("drawsteel", OPEN, mob("a", 6, 6, size="1M", speed=5, conditions=["prone"]))
    costs = _costs(scene, "advance")
    assert costs[(7, 6)] == 2 and costs[(8, 6)] == 4 and (9, 6) not in costs


@pytest.mark.parametrize("condition", ["restrained", "grabbed"])
def test_draw_steel_restrained_and_grabbed_have_speed_0(condition: str) -> None:
    """Restrained, grabbed: speed 0 (Draw Steel Heroes, Conditions)."""
    scene = make("drawsteel", OPEN, mob("a", 6, 6, size="1M", speed=5, conditions=[condition]))
    assert reachable(scene, "a", "advance").squares == ()


@pytest.mark.parametrize(("base", "armor", "speed"), [(30, "heavy", 20), (20, "medium", 15)])
def test_base_speed_in_armor(base: int, armor: str, speed: int) -> None:
    """Base 30 ft in heavy armor walks 20 ft, 20 ft becomes 15 (PF CRB / 3.5 PHB tables)."""
    scene = make("pf1e", OPEN, mob("a", 6, 6, speed=None, base_speed=base, armor=armor))
    reach = reachable(scene, "a", "move")
    assert max(_costs(scene, "move").values()) == speed
    assert "armor-speed" in [n["note"] for n in reach.to_json()["notes"]]
    run = reachable(scene, "a", "run")  # heavy armor runs x3, medium x4 (RULES.md 1.1)
    assert run.policy.budget * 5 == speed * (3 if armor == "heavy" else 4)


def test_speed_is_after_armor() -> None:
    """A creature's speed is the speed after armor: heavy armor does not slow it again."""
    scene = make("pf1e", OPEN, mob("a", 6, 6, speed=20, armor="heavy"))
    assert reachable(scene, "a", "move").policy.budget == 4


def test_adjust_mover_options() -> None:
    """The query options: base speed and armor, conditions added; both speeds refused."""
    scene = make("pf1e", OPEN, mob("a", 6, 6))
    slowed = adjust_mover(scene, "a", base_speed=30, armor="heavy", conditions=["fatigued"])
    assert reachable(slowed, "a", "move").policy.budget == 4
    assert reachable(slowed, "a", "run").squares == ()
    with pytest.raises(InputError, match="not both"):
        adjust_mover(scene, "a", speed=30, base_speed=30)
    with pytest.raises(InputError, match="slowed"):
        adjust_mover(scene, "a", conditions=["slowed"])  # a Draw Steel condition
    with pytest.raises(InputError, match="base_speed 32: a pf1e speed is a whole number"):
        adjust_mover(scene, "a", base_speed=32)


def test_no_speed_says_how_to_give_one() -> None:
    """A mover without speed: the error says how to give one (issue 12 item 13)."""
    scene = make("pf1e", OPEN, mob("a", 6, 6, speed=None))
    with pytest.raises(InputError) as err:
        reachable(scene, "a")
    text = str(err.value)
    assert "speed" in text and "base_speed" in text and "add 'speed'" in text
