"""Hostile input and rules-lawyer findings on the tactical grid (QA pass), each from a scene."""

from __future__ import annotations

import pytest

from footfall.errors import LimitError
from footfall.limits import LIMITS
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob

#: A mover walled off from the right-hand pocket: the pocket is never reachable.
POCKET = ["...#.", "...#.", "...##"]


@pytest.mark.parametrize("system", ["pf1e", "drawsteel", "dh2e"])
def test_huge_distance_is_a_limit_error(system: str) -> None:
    """--distance past the speed limit is one-line LimitError, never an unreachable square.

    (It once reached the walled-off pocket: its INF cost was under a budget of 10^20.)
    """
    speed = {"dh2e": {"agility_bonus": 3}, "pf1e": {"speed": 30}}.get(system, {"speed": 6})
    s = make(system, POCKET, mob("v", 0, 0, size="1M" if system == "drawsteel" else "medium",
                                  **speed))  # fmt: skip
    with pytest.raises(LimitError, match="distance"):
        reachable(s, "v", distance=10**20)
    with pytest.raises(LimitError, match="distance"):
        find_path(s, "v", (4, 0), distance=LIMITS.speed + 1)
    at_limit = reachable(s, "v", distance=LIMITS.speed)
    assert (4, 0) not in {q.at for q in at_limit.squares}
    assert find_path(s, "v", (4, 0), distance=LIMITS.speed).found is False


def test_charge_refusal_names_the_square_that_refuses() -> None:
    """A refused charge names the ally's or hampered square, not the end square (RULES 1.4)."""
    s = make("pf1e", ["........", "...^...."], mob("v", 0, 0), mob("a", 2, 0))
    ally = find_path(s, "v", (4, 0), action="charge").to_json()
    assert ally["rule"] == "ally-charge"
    assert ally["reason"] == "an ally stands in [2, 0]; a charge cannot pass through allies"
    s = make("pf1e", ["........", "...^...."], mob("v", 0, 1))
    hampered = find_path(s, "v", (6, 1), action="charge").to_json()
    assert hampered["rule"] == "hampered-run"
    assert hampered["reason"].startswith("[3, 1] hampers movement")


def test_shift_from_difficult_names_the_start_square() -> None:
    """A shift refused for starting in difficult terrain names the start (seed 002 'Смещение')."""
    s = make("drawsteel", [".^...."], mob("f", 1, 0, size="1M", speed=5))
    data = find_path(s, "f", (3, 0), action="shift", distance=2).to_json()
    assert data["rule"] == "shift-terrain"
    assert data["reason"].endswith("nor start in it: [1, 0]")


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
def test_tiny_enemy_threatens_only_its_own_square(system: str) -> None:
    """Walking away from a tiny enemy provokes nothing: its reach is 0 ft (official rule).

    A medium enemy in the same place does provoke (RULES 1.4: leaving a threatened square).
    """
    for size, expected in (("tiny", []), ("medium", [(1, "e", "threat")])):
        s = make(system, ["....", "...."], mob("v", 0, 0), mob("e", 1, 1, size=size, side="x"))
        data = check_path(s, "v", [(0, 1)]).to_json()
        assert [(p["step"], p["by"], p["reason"]) for p in data["provokes"]] == expected


@pytest.mark.parametrize("system", ["pf1e", "drawsteel", "dh2e"])
def test_helpless_mover_cannot_move(system: str) -> None:
    """A helpless creature (dead, bound ...; seed 004 '无助') reaches nothing; a step is refused."""
    speed = {"dh2e": {"agility_bonus": 3}, "pf1e": {"speed": 30}}.get(system, {"speed": 5})
    size = "1M" if system == "drawsteel" else "medium"
    s = make(system, ["...."], mob("v", 0, 0, size=size, helpless=True, **speed))
    reach = reachable(s, "v").to_json()
    assert reach["squares"] == []
    assert "helpless" in [n["note"] for n in reach["notes"]]
    assert [v["rule"] for v in check_path(s, "v", [(1, 0)]).to_json()["violations"]] == ["budget"]
    assert find_path(s, "v", (1, 0)).found is False


def test_charge_beyond_the_budget_says_what_it_costs() -> None:
    """A clear straight line longer than 2 x speed: found false, rule budget, its cost.

    (It raised KeyError 'cost', a traceback for `footfall path --action charge`.)
    """
    s = make("pf1e", ["." * 30], mob("v", 0, 0))
    data = find_path(s, "v", (20, 0), action="charge").to_json()
    assert (data["found"], data["rule"], data["cheapest"]) == (False, "budget", 100)
    assert data["reason"] == (
        "the cheapest path to [20, 0] costs 100 ft, more than the 60 ft this action allows"
    )
    still = make("pf1e", ["." * 30], mob("v", 0, 0, speed=0))
    assert find_path(still, "v", (2, 0), action="charge").to_json()["rule"] == "budget"


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
def test_flyer_gets_past_obstacles(system: str) -> None:
    """A flyer is not hampered by an obstacle nor barred from ending over it (seed 004).

    Seed 004 (地形和障碍物): flying creatures get past most obstacles; walls still stop them.
    A walker pays x2 and may not end on it.
    """
    fly = {"speed": 40, "maneuverability": "good"}
    s = make(system, [".o.", "..."], mob("b", 0, 0, fly=fly, alt=10), mob("w", 0, 1))
    flown = check_path(s, "b", [(1, 0)]).to_json()
    assert (flown["legal"], flown["cost"]) == (True, 5)
    walked = check_path(s, "w", [(1, 0)]).to_json()
    # a diagonal into x2 terrain: 3 squares (seed 004)
    assert (walked["cost"], [v["rule"] for v in walked["violations"]]) == (15, ["obstacle-end"])
